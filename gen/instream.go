package gen

import (
	"errors"
	"fmt"
	"strconv"
)

// LimitError is the first constraint of a statement that an input breaks (spec.md R-IN3),
// found by a game's strict decoder the way a testlib validator finds it.
type LimitError struct {
	Line       int    // 1-based line where the input breaks the constraint
	Constraint string // the constraint, in the statement's terms
}

func (e *LimitError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Constraint) }

// InputLine reports the line the error names.
func (e *LimitError) InputLine() int { return e.Line }

// inStream reads judge input strictly, like testlib's InStream in a validator: single
// spaces between tokens, every line ended by '\n', canonical integers, nothing extra.
type inStream struct {
	in   []byte
	pos  int
	line int
}

func newInStream(input []byte) *inStream { return &inStream{in: input, line: 1} }

func (s *inStream) fail(format string, args ...any) error {
	return &LimitError{Line: s.line, Constraint: fmt.Sprintf(format, args...)}
}

// found describes the next byte for an error message.
func (s *inStream) found() string {
	if s.pos >= len(s.in) {
		return "end of input"
	}
	switch c := s.in[s.pos]; c {
	case ' ':
		return "a space"
	case '\n':
		return "end of line"
	default:
		return fmt.Sprintf("%q", c)
	}
}

// word reads a non-empty run of bytes up to a space or end of line.
func (s *inStream) word(what string) (string, error) {
	start := s.pos
	for s.pos < len(s.in) && s.in[s.pos] != ' ' && s.in[s.pos] != '\n' {
		s.pos++
	}
	if s.pos == start {
		return "", s.fail("expected %s, found %s", what, s.found())
	}
	return string(s.in[start:s.pos]), nil
}

// number reads a canonical integer (no '+', no leading zeros) in lo..hi.
func (s *inStream) number(what string, lo, hi int) (int, error) {
	w, err := s.word(what)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(w)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, s.fail("%s = %s outside %d..%d", what, w, lo, hi)
	case err != nil:
		return 0, s.fail("expected %s (an integer), found %q", what, w)
	case strconv.Itoa(v) != w:
		return 0, s.fail("%s = %q is not written canonically (no sign '+', no leading zeros)", what, w)
	}
	if v < lo || v > hi {
		return 0, s.fail("%s = %d outside %d..%d", what, v, lo, hi)
	}
	return v, nil
}

// space reads exactly one ' '.
func (s *inStream) space() error {
	if s.pos < len(s.in) && s.in[s.pos] == ' ' {
		s.pos++
		return nil
	}
	return s.fail("expected a single space, found %s", s.found())
}

// eoln reads exactly one '\n'.
func (s *inStream) eoln() error {
	if s.pos < len(s.in) && s.in[s.pos] == '\n' {
		s.pos++
		s.line++
		return nil
	}
	return s.fail("expected end of line, found %s", s.found())
}

func (s *inStream) atEOF() bool { return s.pos >= len(s.in) }

// row reads a line of exactly width bytes, each in alphabet, and the '\n' after it.
func (s *inStream) row(what string, width int, alphabet string) (string, error) {
	w, err := s.word(what)
	if err != nil {
		return "", err
	}
	if len(w) != width {
		return "", s.fail("%s has %d characters, expected %d", what, len(w), width)
	}
	for i := 0; i < len(w); i++ {
		if !containsByte(alphabet, w[i]) {
			return "", s.fail("%s, column %d: %q is not one of %q", what, i+1, w[i], alphabet)
		}
	}
	return w, s.eoln()
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}
