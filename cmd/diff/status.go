package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"gamediff/engine"
)

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// statusLine shows a hunt's progress: on a terminal, one line redrawn in place; elsewhere
// (a CI log) a plain line every plainEvery, as go test -fuzz prints, so the log shows the
// hunt alive. Only the hunt's own goroutine calls it.
type statusLine struct {
	w        io.Writer
	terminal bool
	width    int
	last     time.Time
}

// plainEvery is how often a log gets a progress line.
const plainEvery = 5 * time.Second

func newStatusLine(w io.Writer, terminal bool) *statusLine {
	return &statusLine{w: w, terminal: terminal, last: time.Now()}
}

func (s *statusLine) progress(game string, p engine.Progress) {
	phase := remaining(p)
	switch {
	case p.Stage == "minimizing" || p.Stage == "narrowing by scaling":
		phase = fmt.Sprintf("%s: %s after %s", p.Stage, sizeText(int64(p.Bytes)), plural(int64(p.Taken), "cut"))
	case p.Finishing:
		phase = fmt.Sprintf("%s: case of %s", p.Stage, sizeText(int64(p.Bytes)))
	}
	s.line(fmt.Sprintf("%s: elapsed %.0fs, %s, %.0f/s, %s, %s", game, p.Elapsed.Seconds(), plural(p.Cases, "case"),
		float64(p.Cases)/max(p.Elapsed.Seconds(), 1e-9), plural(int64(p.Findings), "finding"), phase))
}

// line shows text as the status: redrawn in place on a terminal, else every plainEvery.
func (s *statusLine) line(text string) {
	if !s.terminal {
		if time.Since(s.last) >= plainEvery {
			s.last = time.Now()
			fmt.Fprintln(s.w, text)
		}
		return
	}
	pad := max(s.width-len(text), 0)
	s.width = len(text)
	fmt.Fprintf(s.w, "\r%s%s", text, strings.Repeat(" ", pad))
}

// clear erases the line, so that the next output starts on a clean one.
func (s *statusLine) clear() {
	if s.terminal && s.width > 0 {
		fmt.Fprintf(s.w, "\r%s\r", strings.Repeat(" ", s.width))
		s.width = 0
	}
}

func remaining(p engine.Progress) string {
	if p.Duration == 0 {
		return "no time limit"
	}
	return fmt.Sprintf("%.0fs left", max(p.Duration-p.Elapsed, 0).Seconds())
}
