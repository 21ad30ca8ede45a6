package gen

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// LimitError is the first constraint of a statement that an input breaks (docs/rules.md R-IN3),
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
// It copies nothing it is about to reject: a 50 MB token costs an error message of a few
// hundred bytes, not a 50 MB string.
type inStream struct {
	in   []byte
	pos  int
	line int
	last []byte // the last token that word read, whole, for quotedWord
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

// maxQuoted is the most of a token an error message quotes.
const maxQuoted = 64

// quoteToken quotes a token for an error message as %q does: whole when it is at most
// maxQuoted bytes, else its first maxQuoted bytes (cut before a character they would
// split), an ellipsis, and its length: "\x00\x00…" (52428800 bytes).
func quoteToken(t []byte) string {
	if len(t) <= maxQuoted {
		return strconv.Quote(string(t))
	}
	cut := maxQuoted
	for cut > maxQuoted-utf8.UTFMax && !utf8.RuneStart(t[cut]) {
		cut--
	}
	q := strconv.Quote(string(t[:cut]))
	return q[:len(q)-1] + "…\" (" + strconv.Itoa(len(t)) + " bytes)"
}

// token reads a run of bytes up to a space or end of line, possibly empty, without
// copying it.
func (s *inStream) token() []byte {
	start := s.pos
	for s.pos < len(s.in) && s.in[s.pos] != ' ' && s.in[s.pos] != '\n' {
		s.pos++
	}
	return s.in[start:s.pos]
}

// maxWord is longer than any word a validator accepts (an operation, a command, a
// direction): word returns at most this much of a token, so that a huge token is never
// copied just to be rejected. quotedWord still quotes it with its real length.
const maxWord = 64

// word reads a non-empty run of bytes up to a space or end of line; a token longer than
// maxWord comes back cut to it, which no accepted word is.
func (s *inStream) word(what string) (string, error) {
	t := s.token()
	if len(t) == 0 {
		return "", s.fail("expected %s, found %s", what, s.found())
	}
	s.last = t
	return string(t[:min(len(t), maxWord)]), nil
}

// quotedWord is the last token that word read, whole, quoted for an error message.
func (s *inStream) quotedWord() string { return quoteToken(s.last) }

// number reads a canonical integer (no '+', no leading zeros) in lo..hi. A token of at
// most maxWord bytes is judged through strconv; a longer one is never a canonical
// integer in range, and is only classified, in place: not an integer, not canonical, or
// too large.
func (s *inStream) number(what string, lo, hi int) (int, error) {
	t := s.token()
	if len(t) == 0 {
		return 0, s.fail("expected %s, found %s", what, s.found())
	}
	if len(t) > maxWord {
		digits := t
		if digits[0] == '+' || digits[0] == '-' {
			digits = digits[1:]
		}
		switch {
		case len(bytes.Trim(digits, "0123456789")) > 0:
			return 0, s.fail("expected %s (an integer), found %s", what, quoteToken(t))
		case t[0] == '+' || digits[0] == '0':
			return 0, s.fail("%s = %s is not written canonically (no sign '+', no leading zeros)", what, quoteToken(t))
		}
		return 0, s.fail("%s = %s outside %d..%d", what, quoteToken(t), lo, hi)
	}
	w := string(t)
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

// row reads a line of exactly width bytes, each in alphabet, and the '\n' after it. Only
// a row that passes is copied.
func (s *inStream) row(what string, width int, alphabet string) (string, error) {
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
		return string(t), s.eoln()
	}
	// Else the token, read again, for the message.
	t := s.token()
	if len(t) == 0 {
		return "", s.fail("expected %s, found %s", what, s.found())
	}
	if len(t) != width {
		return "", s.fail("%s has %d characters, expected %d", what, len(t), width)
	}
	for i := 0; i < len(t); i++ {
		if !containsByte(alphabet, t[i]) {
			return "", s.fail("%s, column %d: %q is not one of %q", what, i+1, t[i], alphabet)
		}
	}
	return string(t), s.eoln()
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}
