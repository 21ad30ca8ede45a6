package report

import (
	"fmt"
	"gamediff/outcome"
	"io"
	"strings"
	"time"
)

// Status shows the progress of a long command (a hunt, a judging, a timing): on a terminal,
// one line redrawn in place; elsewhere (a CI log) a plain line at most every plainEvery, as
// go test -fuzz prints, so that the log shows the command alive. A plain line is written
// only once work is known to go on after it (the next line comes), so that a log never
// ends its progress with a stale line just before the command's own last words. Only one
// goroutine calls it.
type Status struct {
	w        io.Writer
	terminal bool
	width    int
	last     time.Time
	pending  string // the latest line, not written yet (a log)
}

// plainEvery is how often a log gets a progress line.
const plainEvery = 5 * time.Second

// NewStatus is the status of a command writing to w, a terminal or not.
func NewStatus(w io.Writer, terminal bool) *Status {
	return &Status{w: w, terminal: terminal, last: time.Now()}
}

// Hunt shows a hunt's progress.
func (s *Status) Hunt(game string, p outcome.Progress) {
	phase := "no time limit"
	switch {
	case p.Total > 0:
		phase = fmt.Sprintf("%d of %d cases", p.Cases, p.Total)
	case p.Duration > 0:
		phase = fmt.Sprintf("%.0fs left", max(p.Duration-p.Elapsed, 0).Seconds())
	}
	switch {
	case p.Stage == "minimizing" || p.Stage == "narrowing by scaling":
		phase = fmt.Sprintf("%s: %s after %s", p.Stage, Size(int64(p.Bytes)), Plural(int64(p.Taken), "cut"))
	case p.Finishing:
		phase = fmt.Sprintf("%s: a case of %s", p.Stage, Size(int64(p.Bytes)))
	}
	s.Line(fmt.Sprintf("%s: elapsed %.0fs, %s, %.0f/s, %s, %s", game, p.Elapsed.Seconds(), Plural(p.Cases, "case"),
		float64(p.Cases)/max(p.Elapsed.Seconds(), 1e-9), Plural(int64(p.Findings), "finding"), phase))
}

// Line shows text as the status: redrawn in place on a terminal; in a log, the line
// before it, when that is at least plainEvery after the last written.
func (s *Status) Line(text string) {
	if !s.terminal {
		if s.pending != "" && time.Since(s.last) >= plainEvery {
			s.last = time.Now()
			fmt.Fprintln(s.w, s.pending)
		}
		s.pending = text
		return
	}
	pad := max(s.width-len(text), 0)
	s.width = len(text)
	fmt.Fprintf(s.w, "\r%s%s", text, strings.Repeat(" ", pad))
}

// Count shows the progress of work done of total units, said by text: the last count, all
// done, is no progress but the end, which the command's own words say next: the line is
// cleared, and a log gets no "22 of 23" just before "judged on 23 tests".
func (s *Status) Count(text string, done, total int) {
	if done >= total {
		s.Clear()
		return
	}
	s.Line(text)
}

// Clear erases the line, so that the next output starts on a clean one; in a log, the
// line not written yet is dropped.
func (s *Status) Clear() {
	s.pending = ""
	if s.terminal && s.width > 0 {
		fmt.Fprintf(s.w, "\r%s\r", strings.Repeat(" ", s.width))
		s.width = 0
	}
}
