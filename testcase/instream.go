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

// inStream reads judge input as the validator of a judge's own reading does (R-IN3): as
// tokens separated by any amount of C's isspace whitespace (docs/rules.md, "Input is a
// stream of tokens"), so that every form of the input the judges accept passes it, with
// every limit of the statement checked and integers written canonically. It copies nothing
// it is about to reject (a 50 MB token costs a short message). Its first violation sticks,
// as bufio.Scanner's error does: later reads return zero values, so that a validator reads
// on as if the input were right and returns err at the end.
type inStream struct {
	in   []byte
	pos  int
	line int
	last []byte // the last token that word read, whole, for quotedWord
	err  error  // the first violation, a *limitError
}

func newInStream(input []byte) *inStream { return &inStream{in: input, line: 1} }

// isSpace is C's isspace in the "C" locale: what separates tokens.
func isSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// skip reads the whitespace before the next token, counting its lines.
func (s *inStream) skip() {
	for s.pos < len(s.in) && isSpace(s.in[s.pos]) {
		if s.in[s.pos] == '\n' {
			s.line++
		}
		s.pos++
	}
}

// fail notes a violation on the current line, unless one came first.
func (s *inStream) fail(format string, args ...any) { s.failAt(s.line, format, args...) }

func (s *inStream) failAt(line int, format string, args ...any) {
	if s.err == nil {
		s.err = &limitError{Line: line, Constraint: fmt.Sprintf(format, args...)}
	}
}

// found describes the next token for an error message.
func (s *inStream) found() string {
	if s.pos >= len(s.in) {
		return "end of input"
	}
	end := s.pos
	for end < len(s.in) && !isSpace(s.in[end]) {
		end++
	}
	return quote.Token(s.in[s.pos:end])
}

// token reads the next run of non-whitespace bytes, possibly empty at the end of input.
func (s *inStream) token() []byte {
	s.skip()
	start := s.pos
	for s.pos < len(s.in) && !isSpace(s.in[s.pos]) {
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

// atEOF reports whether the input is read to its end (whitespace aside), or reading
// stopped at a violation.
func (s *inStream) atEOF() bool {
	if s.err != nil {
		return true
	}
	s.skip()
	return s.pos >= len(s.in)
}

// end checks that nothing but whitespace follows the input's end (after reads of what).
func (s *inStream) end(after string) {
	if !s.atEOF() {
		s.fail("expected end of input after %s, found %s", after, s.found())
	}
}

// row reads a token of exactly width bytes of alphabet: a board row of a game whose row
// is one token (docs/rules.md).
func (s *inStream) row(what string, width int, alphabet string) string {
	if s.err != nil {
		return ""
	}
	t := s.token()
	switch i := bytes.IndexFunc(t, func(c rune) bool { return !strings.ContainsRune(alphabet, c) }); {
	case len(t) == 0:
		s.fail("expected %s, found %s", what, s.found())
	case len(t) != width:
		s.fail("%s has %d characters, expected %d", what, len(t), width)
	case i >= 0:
		s.fail("%s, column %d: %q is not one of %q", what, i+1, t[i], alphabet)
	default:
		return string(t)
	}
	return ""
}
