package testcase

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gamediff/internal/quote"
)

// limitError is the first constraint of a statement that an input breaks (docs/rules.md R-IN3),
// found by a game's strict decoder the way a testlib validator finds it.
type limitError struct {
	Line       int    // 1-based line where the input breaks the constraint
	Constraint string // the constraint, in the statement's terms
}

func (e *limitError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Constraint) }

// InputLine reports the line the error names.
func (e *limitError) InputLine() int { return e.Line }

// inStream reads judge input strictly, like testlib's InStream in a validator: single
// spaces, every line ended by '\n', canonical integers, nothing extra. It copies nothing
// it is about to reject (a 50 MB token costs a short message). Its first violation
// sticks, as bufio.Scanner's error does: later reads return zero values, so that a
// validator reads on as if the input were right and returns err at the end.
type inStream struct {
	in   []byte
	pos  int
	line int
	last []byte // the last token that word read, whole, for quotedWord
	err  error  // the first violation, a *limitError
}

func newInStream(input []byte) *inStream { return &inStream{in: input, line: 1} }

// fail notes a violation on the current line, unless one came first.
func (s *inStream) fail(format string, args ...any) { s.failAt(s.line, format, args...) }

func (s *inStream) failAt(line int, format string, args ...any) {
	if s.err == nil {
		s.err = &limitError{Line: line, Constraint: fmt.Sprintf(format, args...)}
	}
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

// token reads a run of bytes up to a space or end of line, possibly empty.
func (s *inStream) token() []byte {
	start := s.pos
	for s.pos < len(s.in) && s.in[s.pos] != ' ' && s.in[s.pos] != '\n' {
		s.pos++
	}
	return s.in[start:s.pos]
}

// maxWord is longer than any word a validator accepts: word returns at most this much of
// a token, so that a huge one is never copied to be rejected.
const maxWord = 64

// word reads a non-empty token, cut to maxWord.
func (s *inStream) word(what string) string {
	if s.err != nil {
		return ""
	}
	t := s.token()
	if len(t) == 0 {
		s.fail("expected %s, found %s", what, s.found())
		return ""
	}
	s.last = t
	return string(t[:min(len(t), maxWord)])
}

// quotedWord is the last token that word read, whole, quoted for an error message.
func (s *inStream) quotedWord() string { return quote.Token(s.last) }

// number reads a canonical integer (no '+', no leading zeros) in lo..hi. A token longer
// than maxWord never is one, and is only classified, in place.
func (s *inStream) number(what string, lo, hi int) int {
	if s.err != nil {
		return 0
	}
	t := s.token()
	if len(t) == 0 {
		s.fail("expected %s, found %s", what, s.found())
		return 0
	}
	if len(t) > maxWord {
		digits := t
		if digits[0] == '+' || digits[0] == '-' {
			digits = digits[1:]
		}
		switch {
		case len(bytes.Trim(digits, "0123456789")) > 0:
			s.fail("expected %s (an integer), found %s", what, quote.Token(t))
		case t[0] == '+' || digits[0] == '0':
			s.fail("%s = %s is not written canonically (no sign '+', no leading zeros)", what, quote.Token(t))
		default:
			s.fail("%s = %s outside %d..%d", what, quote.Token(t), lo, hi)
		}
		return 0
	}
	w := string(t)
	v, err := strconv.Atoi(w)
	switch {
	case errors.Is(err, strconv.ErrRange):
		s.fail("%s = %s outside %d..%d", what, w, lo, hi)
	case err != nil:
		s.fail("expected %s (an integer), found %q", what, w)
	case strconv.Itoa(v) != w:
		s.fail("%s = %q is not written canonically (no sign '+', no leading zeros)", what, w)
	case v < lo || v > hi:
		s.fail("%s = %d outside %d..%d", what, v, lo, hi)
	default:
		return v
	}
	return 0
}

// space reads exactly one ' '.
func (s *inStream) space() {
	if s.err == nil && s.pos < len(s.in) && s.in[s.pos] == ' ' {
		s.pos++
		return
	}
	s.fail("expected a single space, found %s", s.found())
}

// eoln reads exactly one '\n'.
func (s *inStream) eoln() {
	if s.err == nil && s.pos < len(s.in) && s.in[s.pos] == '\n' {
		s.pos++
		s.line++
		return
	}
	s.fail("expected end of line, found %s", s.found())
}

// atEOF reports whether the input is read, or reading stopped at a violation.
func (s *inStream) atEOF() bool { return s.err != nil || s.pos >= len(s.in) }

// end checks that nothing follows the input's end (after reads of what).
func (s *inStream) end(after string) {
	if !s.atEOF() {
		s.fail("expected end of input after %s, found %s", after, s.found())
	}
}

// row reads a line of exactly width bytes of alphabet, and its '\n'.
func (s *inStream) row(what string, width int, alphabet string) string {
	if s.err != nil {
		return ""
	}
	// The common case, a row that is right, in one pass over its bytes.
	var allowed [256]bool
	for i := 0; i < len(alphabet); i++ {
		allowed[alphabet[i]] = true
	}
	allowed[' '], allowed['\n'] = false, false
	end := s.pos
	for end < len(s.in) && allowed[s.in[end]] {
		end++
	}
	if end-s.pos == width && (end == len(s.in) || s.in[end] == ' ' || s.in[end] == '\n') {
		t := s.in[s.pos:end]
		s.pos = end
		s.eoln()
		return string(t)
	}
	// Else the token, read again, for the message.
	t := s.token()
	switch i := bytes.IndexFunc(t, func(c rune) bool { return !strings.ContainsRune(alphabet, c) }); {
	case len(t) == 0:
		s.fail("expected %s, found %s", what, s.found())
	case len(t) != width:
		s.fail("%s has %d characters, expected %d", what, len(t), width)
	case i >= 0:
		s.fail("%s, column %d: %q is not one of %q", what, i+1, t[i], alphabet)
	}
	return ""
}
