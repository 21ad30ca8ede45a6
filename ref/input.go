package ref

import (
	"bytes"
	"fmt"
	"math"

	"gamediff/internal/quote"
)

// InputError is an input that breaks a statement's format (docs/rules.md R-IN1).
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
// (docs/rules.md, "Input is a stream of tokens"): one at a time, as the game asks for the next, so that
// a judge need hold the board and never the list of its operations. Whoever needs the
// line of a token read earlier keeps the one next or number returned.
type tokens struct {
	input   []byte
	offset  int // of the next unread byte
	line    int // the line of input[offset]
	eofLine int // the line after the last, named when the input ends too early (R-M4)
}

// isBlank is C's isspace: the separators scanf skips.
func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

func newTokens(input []byte) *tokens {
	// Every '\n' ends a line, and so does the end of the input after a last line without one.
	last := bytes.Count(input, []byte("\n"))
	if len(input) > 0 && input[len(input)-1] != '\n' {
		last++
	}
	return &tokens{input: input, line: 1, eofLine: last + 1}
}

// next returns the next token; what names the expected token in the error at end of input.
func (t *tokens) next(what string) (token, error) {
	for t.offset < len(t.input) && isBlank(t.input[t.offset]) {
		if t.input[t.offset] == '\n' {
			t.line++
		}
		t.offset++
	}
	if t.offset == len(t.input) {
		return token{}, &InputError{Line: t.eofLine, Msg: fmt.Sprintf("expected %s, found end of input", what)}
	}
	start := t.offset
	for t.offset < len(t.input) && !isBlank(t.input[t.offset]) {
		t.offset++
	}
	return token{text: string(t.input[start:t.offset]), line: t.line}, nil
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
		return 0, &InputError{Line: tok.line, Msg: fmt.Sprintf("expected %s (an integer), found %s", what, quote.Token(tok.text))}
	}
	if !fits || v < lo || v > hi {
		return 0, &InputError{Line: tok.line, Msg: fmt.Sprintf("%s %s outside %d..%d", what, quote.Token(tok.text), lo, hi)}
	}
	return v, nil
}

// parseInteger reads text as scanf's %d does: an optional sign, then one or more decimal
// digits (ok). fits is false when the value is too large for an int, which puts it
// outside every range; the syntax is still checked to the end, so "99999999999999999999x"
// is no integer at all. One pass, no copy: ref reads every number of every case a hunt
// makes with it.
func parseInteger(text string) (v int, fits, ok bool) {
	digits, negative := text, false
	if digits != "" && (digits[0] == '+' || digits[0] == '-') {
		digits, negative = digits[1:], digits[0] == '-'
	}
	if digits == "" {
		return 0, false, false
	}
	var u uint64 // the magnitude, while it fits in an int's
	fits = true
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false, false
		}
		// 2^63 is the largest magnitude an int holds (negative): past it, the value no
		// longer fits, and the digits left are only checked.
		if d := uint64(c - '0'); fits && u <= (1<<63-d)/10 {
			u = u*10 + d
		} else {
			fits = false
		}
	}
	switch {
	case !fits || !negative && u > math.MaxInt64:
		return 0, false, true
	case negative:
		return int(-u), true, true // -(2^63) wraps to itself, math.MinInt64
	}
	return int(u), true, true
}
