package outcome

import (
	"bytes"

	"gamediff/sandbox"
)

// Result is what one run of a solver produced: the run's own outcome, and what the engine
// reads of it.
type Result struct {
	Solver Solver `json:"solver"` // who ran
	// Result is how the run ended, what it wrote and what it used; an in-process judge's
	// error is its Stderr, exit 2 for an input error and 1 for any other.
	sandbox.Result
	// ErrLine is the line an input error names (R-IN1: exit 2, and "line N:" first on
	// stderr for a program), 0 if none.
	ErrLine int    `json:"err_line"`
	Stack   string `json:"stack,omitempty"` // a panic's stack, a hung worker's goroutine dump
	// Omitted is how many bytes of stdout its worker did not send: a run that differs from
	// the other side keeps its stdout only to a little past where it parts from it, which
	// is all a report shows, and a run that did not end normally only its head. Zero:
	// Stdout is all it wrote.
	Omitted int64 `json:"stdout_omitted,omitempty"`
}

// Divergence is a difference between the reference's run (Want) and the candidate's
// (Got), or a run of either that did not end normally.
type Divergence struct {
	Culprit Solver // the solver whose run did not end normally; NoSolver for differences
	Want    Result
	Got     Result
}

// FailedRun is the run that did not end normally (the culprit's), if one did not.
func (d *Divergence) FailedRun() (Result, bool) {
	switch {
	case d.Culprit == NoSolver:
		return Result{}, false
	case d.Culprit == d.Want.Solver && d.Want.Status != sandbox.Exited:
		return d.Want, true
	}
	return d.Got, true
}

// RefFailed reports whether the reference itself did not end normally: a failure of the
// oracle, never a finding against the code under test.
func (d *Divergence) RefFailed() bool {
	r, ok := d.FailedRun()
	return ok && r.Solver == d.Want.Solver && d.Want.Status != sandbox.Exited
}

// Verdict names the divergence the way a judge names the candidate's result: WA, RE, TLE,
// OLE, MLE, or crash (a judge that took its worker process down).
func (d *Divergence) Verdict() Verdict {
	if r, ok := d.FailedRun(); ok {
		return verdictOf(r.Status)
	}
	if d.Want.Exit != d.Got.Exit && d.Got.Exit != 0 {
		return RE
	}
	return WA
}

// Disturbed reports whether a run of the divergence was disturbed from outside (a worker
// killed or stopped, a machine that starved it): it says nothing of the code, and the input
// is run again.
func (d *Divergence) Disturbed() bool {
	return d.Want.Status == sandbox.Disturbed || d.Got.Status == sandbox.Disturbed
}

// FormatOnly says how two answers that differ only in their whitespace differ ("the last
// line has no newline", "lines end with \r\n", "trailing spaces", "whitespace between
// tokens"), or "" when they differ in their tokens, or not at all: a judge comparing
// tokens, as most do, accepts such an answer.
func (d *Divergence) FormatOnly() string {
	w, g := d.Want.Stdout, d.Got.Stdout
	if d.Culprit != NoSolver || d.Want.Omitted > 0 || d.Got.Omitted > 0 || d.Want.Exit != d.Got.Exit || d.Want.ErrLine != d.Got.ErrLine || bytes.Equal(w, g) || !sameTokens(w, g) {
		return ""
	}
	switch {
	case bytes.HasSuffix(w, []byte("\n")) && bytes.Equal(w[:len(w)-1], g):
		return "the last line has no newline"
	case bytes.Equal(bytes.ReplaceAll(g, []byte("\r\n"), []byte("\n")), w):
		return `lines end with \r\n`
	case bytes.Equal(trimLineEnds(g), trimLineEnds(w)):
		return "trailing spaces"
	}
	return "whitespace between tokens"
}

// trimLineEnds removes the spaces and tabs at the end of every line.
func trimLineEnds(b []byte) []byte {
	lines := bytes.Split(b, []byte("\n"))
	for i, l := range lines {
		lines[i] = bytes.TrimRight(l, " \t\r")
	}
	return bytes.Join(lines, []byte("\n"))
}

// sameTokens reports whether two answers hold the same whitespace-separated tokens, the
// whitespace being ASCII's, as judges' checkers read tokens (engine's Tokens comparison).
// It reads both once, side by side, and stops at the first token that differs: a hunt asks
// it of every failed run, whose answers may be megabytes long.
func sameTokens(a, b []byte) bool {
	i, j := 0, 0
	for {
		for i < len(a) && isSpace(a[i]) {
			i++
		}
		for j < len(b) && isSpace(b[j]) {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		for i < len(a) && j < len(b) && !isSpace(a[i]) && !isSpace(b[j]) {
			if a[i] != b[j] {
				return false
			}
			i, j = i+1, j+1
		}
		if i < len(a) && !isSpace(a[i]) || j < len(b) && !isSpace(b[j]) {
			return false // one token goes on where the other has ended
		}
	}
}

// isSpace reports whether c is ASCII whitespace.
func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}
