package engine

import (
	"bytes"
	"strings"

	"gamediff/outcome"
	"gamediff/sandbox"
)

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
func Compare(want, got outcome.Result, eq Comparison) *outcome.Divergence {
	d := &outcome.Divergence{Want: want, Got: got}
	switch {
	case want.Status != sandbox.Exited:
		d.Culprit = want.Solver
	case got.Status != sandbox.Exited:
		d.Culprit = got.Solver
	case want.Exit != got.Exit, want.ErrLine != got.ErrLine, want.Omitted > 0, got.Omitted > 0, !eq.equal(want.Stdout, got.Stdout):
	default:
		return nil
	}
	return d
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
