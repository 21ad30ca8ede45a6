package fast

import "fmt"

// InputError is an input that breaks a statement's format (spec.md R-IN1). fast keeps its
// own copy of the type so that it shares no code with ref: each parser checks the other.
type InputError struct {
	Line int
	Msg  string
}

func (e *InputError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// InputLine reports the line the error names; the engine reads it through this method.
func (e *InputError) InputLine() int { return e.Line }

// scanner splits the whole input into whitespace-separated tokens without copying: a
// token is a subslice of the input, valid as long as the input is.
type scanner struct {
	in   []byte
	pos  int
	line int // line of the next unread byte
	tok  int // line of the last token returned
}

func newScanner(input []byte) *scanner { return &scanner{in: input, line: 1} }

// isSpace is C's isspace, the separators scanf skips; indexed by byte for speed.
var isSpace = [256]bool{' ': true, '\t': true, '\r': true, '\n': true, '\v': true, '\f': true}

// skipSpace moves past whitespace, counting lines: the one place lines are counted.
func (s *scanner) skipSpace() {
	in, pos := s.in, s.pos
	for pos < len(in) && isSpace[in[pos]] {
		if in[pos] == '\n' {
			s.line++
		}
		pos++
	}
	s.pos = pos
}

// digit reads a token that is a single digit from '0' to max, which is most tokens of
// some inputs (boom's operation codes), without the general parse; ok is false, and the
// token is left unread, when the next token is anything else.
func (s *scanner) digit(max byte) (d int, ok bool) {
	s.skipSpace()
	in, pos := s.in, s.pos
	if pos+1 < len(in) && in[pos] >= '0' && in[pos] <= max && isSpace[in[pos+1]] {
		s.pos, s.tok = pos+1, s.line
		return int(in[pos] - '0'), true
	}
	return 0, false
}

// peek returns the next n bytes when a blank or the end of the input follows them, for a
// reader that knows how long the next token must be (a board row) and validates it
// itself; advance(n) then takes them. The caller must fall back to token when peek
// returns nil or the bytes turn out not to be one token.
func (s *scanner) peek(n int) []byte {
	s.skipSpace()
	if end := s.pos + n; end <= len(s.in) && (end == len(s.in) || isSpace[s.in[end]]) {
		return s.in[s.pos:end]
	}
	return nil
}

// advance takes n bytes that peek returned as a token.
func (s *scanner) advance(n int) { s.pos, s.tok = s.pos+n, s.line }

// next returns the next token, or nil at the end of the input.
func (s *scanner) next() []byte {
	s.skipSpace()
	in, pos := s.in, s.pos
	start := pos
	for pos < len(in) && !isSpace[in[pos]] {
		pos++
	}
	s.pos = pos
	s.tok = s.line
	if start == pos {
		return nil
	}
	return in[start:pos]
}

// eofLine is the line after the last one, which an error at the end of the input names.
func (s *scanner) eofLine() int {
	n := len(s.in)
	if n > 0 && s.in[n-1] != '\n' {
		return s.line + 1 // called at the end, so s.line counts every '\n'
	}
	return s.line
}

// token returns the next token or an error naming what was expected.
func (s *scanner) token(what string) ([]byte, error) {
	t := s.next()
	if t == nil {
		return nil, &InputError{Line: s.eofLine(), Msg: "expected " + what + ", found end of input"}
	}
	return t, nil
}

// number reads an integer token (optional sign, decimal digits, as scanf's %d) in lo..hi.
// The common token, one to four digits then a blank, is parsed as it is scanned; any
// other goes through the general path, which names what is wrong.
func (s *scanner) number(what string, lo, hi int) (int, error) {
	s.skipSpace()
	in, pos, small := s.in, s.pos, 0
	for end := min(pos+4, len(in)); pos < end && in[pos]-'0' <= 9; pos++ {
		small = small*10 + int(in[pos]-'0')
	}
	if pos > s.pos && pos < len(in) && isSpace[in[pos]] && small >= lo && small <= hi {
		s.pos, s.tok = pos, s.line
		return small, nil
	}
	t, err := s.token(what)
	if err != nil {
		return 0, err
	}
	v, ok, overflow := parseInt(t)
	if !ok {
		return 0, &InputError{Line: s.tok, Msg: fmt.Sprintf("expected %s (an integer), found %q", what, t)}
	}
	if overflow || v < int64(lo) || v > int64(hi) {
		return 0, &InputError{Line: s.tok, Msg: fmt.Sprintf("%s %s outside %d..%d", what, t, lo, hi)}
	}
	return int(v), nil
}

// parseInt parses [+-]?[0-9]+, as scanf's %d and ref's strconv.Atoi read an integer,
// exactly over the int64 range. overflow is set for a value outside it; a token with any
// other byte is not an integer (ok false), however long its digits run first.
func parseInt(t []byte) (v int64, ok, overflow bool) {
	neg := false
	if len(t) > 0 && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	if len(t) == 0 {
		return 0, false, false
	}
	var u uint64
	for _, c := range t {
		if c < '0' || c > '9' {
			return 0, false, false
		}
		if u > (1<<64-1-9)/10 {
			overflow = true
			continue // keep checking that the rest are digits
		}
		u = u*10 + uint64(c-'0')
	}
	switch {
	case overflow:
	case neg && u <= 1<<63:
		v = int64(-u)
	case !neg && u < 1<<63:
		v = int64(u)
	default:
		overflow = true
	}
	return v, true, overflow
}
