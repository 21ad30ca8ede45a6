package engine

import (
	"bytes"
	"strings"

	"gamediff/sandbox"
)

// Divergence is a difference between the reference's run (Want) and the candidate's
// (Got), or a run of either that did not end normally.
type Divergence struct {
	Culprit Solver // the solver whose run did not end normally; NoSolver for differences
	Want    Result
	Got     Result
}

// tokensEqual compares whitespace-separated tokens, ignoring how much whitespace lies
// between them, as most judges' default checkers do.
func tokensEqual(want, got []byte) bool {
	m := answerMatch{want: want, eq: Tokens}
	m.Write(got)
	return m.equal()
}

// answerMatch compares an answer with want as the answer is written, a piece at a time, by
// a comparison: a run's stdout is compared without being held, whatever it writes. It
// holds no copy of either. Whitespace, for Tokens, is ASCII's (space, tab, newline,
// carriage return, vertical tab, form feed), as judges' checkers read tokens.
type answerMatch struct {
	want    []byte
	eq      Comparison
	next    int  // Exact: the bytes of want matched; Tokens: where want is read next
	inToken bool // Tokens: the answer's last byte was in a token
	differs bool
	written int64
}

func (m *answerMatch) Write(p []byte) (int, error) {
	m.written += int64(len(p))
	if m.differs {
		return len(p), nil
	}
	if m.eq != Tokens {
		if len(p) > len(m.want)-m.next || string(p) != string(m.want[m.next:m.next+len(p)]) {
			m.differs = true
		}
		m.next += len(p)
		return len(p), nil
	}
	for _, b := range p {
		switch {
		case isSpace(b):
			// The answer's token ends here: want's must too.
			if m.inToken && m.next < len(m.want) && !isSpace(m.want[m.next]) {
				m.differs = true
				return len(p), nil
			}
			m.inToken = false
		default:
			if !m.inToken {
				for m.next < len(m.want) && isSpace(m.want[m.next]) {
					m.next++
				}
				m.inToken = true
			}
			if m.next >= len(m.want) || m.want[m.next] != b {
				m.differs = true
				return len(p), nil
			}
			m.next++
		}
	}
	return len(p), nil
}

// equal reports whether what was written is want, by the comparison.
func (m *answerMatch) equal() bool {
	if m.differs {
		return false
	}
	if m.eq != Tokens {
		return m.next == len(m.want)
	}
	if m.inToken && m.next < len(m.want) && !isSpace(m.want[m.next]) {
		return false // want's last token goes on
	}
	for _, b := range m.want[m.next:] {
		if !isSpace(b) {
			return false
		}
	}
	return true
}

// isSpace reports whether b is ASCII whitespace.
func isSpace(b byte) bool {
	return b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\v' || b == '\f'
}

// Compare returns the divergence between want (the reference's run) and got, or nil when
// they agree on stdout (by eq), exit status and the line an input error names. A run whose
// stdout was cut (Omitted) differs: its worker cut it only once it was found to differ.
func Compare(want, got Result, eq Comparison) *Divergence {
	d := &Divergence{Want: want, Got: got}
	switch {
	case want.Status != sandbox.Exited:
		d.Culprit = want.Solver
	case got.Status != sandbox.Exited:
		d.Culprit = got.Solver
	case want.Exit != got.Exit, want.ErrLine != got.ErrLine, want.Omitted > 0, got.Omitted > 0, !eq.Equal(want.Stdout, got.Stdout):
	default:
		return nil
	}
	return d
}

// culprit is the run that did not end normally, if one did not.
func (d *Divergence) culprit() (Result, bool) {
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
	r, ok := d.culprit()
	return ok && r.Solver == d.Want.Solver && d.Want.Status != sandbox.Exited
}

// Verdict names the divergence the way a judge names the candidate's result: WA, RE, TLE,
// OLE, MLE, or crash (a judge that took its worker process down).
func (d *Divergence) Verdict() Verdict {
	if r, ok := d.culprit(); ok {
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

// lineFrom is the line of b that starts at start; false past b's end.
func lineFrom(b []byte, start int) (string, bool) {
	if start >= len(b) {
		return "", false
	}
	b = b[start:]
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	return string(b), true
}

// FormatOnly says how two answers that differ only in their whitespace differ ("the last
// line has no newline", "lines end with \r\n", "trailing spaces", "whitespace between
// tokens"), or "" when they differ in their tokens, or not at all: a judge comparing
// tokens, as most do, accepts such an answer.
func (d *Divergence) FormatOnly() string {
	w, g := d.Want.Stdout, d.Got.Stdout
	if d.Culprit != NoSolver || d.Want.Omitted > 0 || d.Got.Omitted > 0 || d.Want.Exit != d.Got.Exit || d.Want.ErrLine != d.Got.ErrLine || bytes.Equal(w, g) || !tokensEqual(w, g) {
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

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
