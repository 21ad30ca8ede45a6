package fast

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"gamediff/internal/quote"
)

// InputError is an input that breaks a statement's format (docs/rules.md R-IN1). fast keeps its
// own copy of the type so that it shares no parsing code with ref: each parser checks the other.
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
// The common token, one to four digits then a blank, is parsed from one 8-byte load
// without a branch on its length (smallNumber); any other, and any token in the last 8
// bytes of the input, goes through generalNumber, which names what is wrong.
func (s *scanner) number(what string, lo, hi int) (int, error) {
	s.skipSpace()
	if pos := s.pos; pos+8 <= len(s.in) {
		v, n := smallNumber(binary.LittleEndian.Uint64(s.in[pos:]))
		if n > 0 && v >= lo && v <= hi {
			s.pos, s.tok = pos+n, s.line
			return v, nil
		}
	}
	return s.generalNumber(what, lo, hi)
}

// generalNumber is number without its fast path, which FuzzScannerNumber checks against
// it: any token, parsed byte by byte.
func (s *scanner) generalNumber(what string, lo, hi int) (int, error) {
	t, err := s.token(what)
	if err != nil {
		return 0, err
	}
	v, ok, overflow := parseInt(t)
	if !ok {
		return 0, &InputError{Line: s.tok, Msg: fmt.Sprintf("expected %s (an integer), found %s", what, quote.Token(t))}
	}
	if overflow || v < int64(lo) || v > int64(hi) {
		return 0, &InputError{Line: s.tok, Msg: fmt.Sprintf("%s %s outside %d..%d", what, quote.Token(t), lo, hi)}
	}
	return int(v), nil
}

// smallNumber reads the 8 input bytes in v (little-endian: the first byte lowest) and,
// when they start with one to four decimal digits followed by a blank, returns their
// value and the number of digits n; otherwise n is 0. It is SWAR arithmetic on the eight
// bytes at once, so that the length of a number, which varies from token to token,
// costs no mispredicted branch.
func smallNumber(v uint64) (value, n int) {
	const (
		lowNibbles  = 0x0f0f0f0f0f0f0f0f
		highNibbles = 0xf0f0f0f0f0f0f0f0
		zeros       = 0x3030303030303030 // '0' in every byte
		sixes       = 0x0606060606060606
	)
	// A byte is a digit when its high nibble is 3 both as it is and plus 6 (0x30..0x39).
	// A carry out of a non-digit byte (0xfa and up) can only spoil the bytes after it.
	notDigit := (v&highNibbles ^ zeros) | ((v+sixes)&highNibbles ^ zeros)
	n = bits.TrailingZeros64(notDigit) >> 3 // 8 when all eight are digits
	if n == 0 || n > 4 || !isSpace[byte(v>>(8*n))] {
		return 0, 0
	}
	// The n digits, most significant first, shifted up to four with leading zeros; the
	// bytes after them are shifted out. Then pairs of digits, then the pair of pairs.
	d := uint32(v) & (lowNibbles >> 32) << (32 - 8*n) // a 32-bit AND: no 64-bit immediate to load
	d = (d*10 + d>>8) & 0x00ff00ff
	d = (d*100 + d>>16) & 0xffff
	return int(d), n
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
