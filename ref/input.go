package ref

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// InputError is an input that breaks a statement's format (spec.md R-IN1).
// The judge writes what it produced before the error, then stops.
type InputError struct {
	Line int    // 1-based line of the offending token, or the line after the last at end of input
	Msg  string // what was expected
}

func (e *InputError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// InputLine reports the line the error names; the engine reads it through this method.
func (e *InputError) InputLine() int { return e.Line }

// token is one whitespace-separated word of the input and the line it starts on.
type token struct {
	text string
	line int
}

// tokens reads the input as whitespace-separated tokens, the way a scanf-based judge does
// (spec.md, "Common to all four"). It splits the whole input up front: simple, not fast.
type tokens struct {
	list    []token
	pos     int
	eofLine int // the line after the last, named when the input ends too early (R-M4)
}

// isBlank is C's isspace: the separators scanf skips.
func isBlank(r rune) bool {
	return r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '\v' || r == '\f'
}

func newTokens(input []byte) *tokens {
	text := string(input)
	lines := strings.Split(text, "\n")
	t := &tokens{}
	for i, l := range lines {
		for _, word := range strings.FieldsFunc(l, isBlank) {
			t.list = append(t.list, token{text: word, line: i + 1})
		}
	}
	// strings.Split yields one final piece after the last '\n'; it is a line only if non-empty.
	last := len(lines)
	if strings.HasSuffix(text, "\n") || text == "" {
		last--
	}
	t.eofLine = last + 1
	return t
}

// next returns the next token; what names the expected token in the error at end of input.
func (t *tokens) next(what string) (token, error) {
	if t.pos >= len(t.list) {
		return token{}, &InputError{Line: t.eofLine, Msg: fmt.Sprintf("expected %s, found end of input", what)}
	}
	tok := t.list[t.pos]
	t.pos++
	return tok, nil
}

// number reads an integer token (an optional sign and decimal digits, as scanf's %d)
// and checks it lies in lo..hi.
func (t *tokens) number(what string, lo, hi int) (int, int, error) {
	tok, err := t.next(what)
	if err != nil {
		return 0, 0, err
	}
	v, err := checkNumber(tok, what, lo, hi)
	return v, tok.line, err
}

// checkNumber checks that tok is an integer in lo..hi.
func checkNumber(tok token, what string, lo, hi int) (int, error) {
	v, fits, ok := parseInteger(tok.text)
	if !ok {
		return 0, &InputError{Line: tok.line, Msg: fmt.Sprintf("expected %s (an integer), found %q", what, tok.text)}
	}
	if !fits || v < lo || v > hi {
		return 0, &InputError{Line: tok.line, Msg: fmt.Sprintf("%s %s outside %d..%d", what, tok.text, lo, hi)}
	}
	return v, nil
}

// parseInteger reads text as scanf's %d does: an optional sign, then one or more decimal
// digits (ok). fits is false when the value is too large for an int, which puts it
// outside every range. The syntax is checked first, as strconv reports a range error
// for "99999999999999999999x" before it sees the x.
func parseInteger(text string) (v int, fits, ok bool) {
	digits := strings.TrimLeft(text, "+-")
	if len(text)-len(digits) > 1 || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false, false
	}
	v, err := strconv.Atoi(text)
	return v, !errors.Is(err, strconv.ErrRange), true
}
