package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"
)

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// statusLine redraws a single line in place on a terminal; elsewhere it writes nothing,
// so that logs hold only the summary.
type statusLine struct {
	w     io.Writer
	on    bool
	width int
}

func (s *statusLine) show(format string, args ...any) {
	if !s.on {
		return
	}
	text := fmt.Sprintf(format, args...)
	pad := max(s.width-len(text), 0)
	s.width = len(text)
	fmt.Fprintf(s.w, "\r%s%s", text, strings.Repeat(" ", pad))
}

// clear erases the line, so that the next output starts on a clean one.
func (s *statusLine) clear() {
	if s.on && s.width > 0 {
		fmt.Fprintf(s.w, "\r%s\r", strings.Repeat(" ", s.width))
		s.width = 0
	}
}
