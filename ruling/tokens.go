package ruling

import "bytes"

// tokens reads an input as the judges do, as tokens separated by any of C's whitespace
// (docs/rules.md, "Input is a stream of tokens"), and as a game's validator checks them.
// Its first fault sticks (bad).
type tokens struct {
	in   []byte
	pos  int
	line int // the line the reading has come to
	at   int // the line of the last token read
	bad  bool
}

// formsDoc is where docs/ allows the input's forms: the Doc of every catalogue's form
// entries.
const formsDoc = "docs/rules.md Input is a stream of tokens"

// cSpace is C's isspace in the "C" locale: what separates tokens.
func cSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// token reads the next token, empty at the end of the input.
func (s *tokens) token() []byte {
	for ; s.pos < len(s.in) && cSpace(s.in[s.pos]); s.pos++ {
		if s.in[s.pos] == '\n' {
			s.line++
		}
	}
	s.at = s.line
	start := s.pos
	for s.pos < len(s.in) && !cSpace(s.in[s.pos]) {
		s.pos++
	}
	return s.in[start:s.pos]
}

// number reads a number in lo..hi, written canonically: digits alone, no leading zero.
func (s *tokens) number(lo, hi int) int {
	const most = 7 // digits: more than any limit of the games read this way
	if s.bad {
		return lo
	}
	t := s.token()
	v := 0
	for _, c := range t {
		if c < '0' || c > '9' {
			s.bad = true
			return lo
		}
		v = v*10 + int(c-'0')
	}
	if len(t) == 0 || len(t) > most || len(t) > 1 && t[0] == '0' || v < lo || v > hi {
		s.bad = true
		return lo
	}
	return v
}

// row reads a board row: a token of width bytes, each one of cells.
func (s *tokens) row(width int, cells string) {
	if s.bad {
		return
	}
	t := s.token()
	s.bad = len(t) != width || len(bytes.Trim(t, cells)) > 0
}

// formsShown is the forms input shows in its bytes, as testcase.FormsIn tells them (the
// games' tests hold the two together), a bit each in the order of the catalogues' form
// entries after their split form: runs, tabs, other space, \r\n, no final newline. The
// split form only the reading of the tokens tells.
func formsShown(input []byte) (forms uint8) {
	for i, shown := range []bool{
		bytes.Contains(input, []byte("  ")) || bytes.Contains(input, []byte("\t\t")) || bytes.Contains(input, []byte("\n\n")) ||
			bytes.Contains(input, []byte("\n\r\n")) || len(input) > 0 && (input[0] == '\n' || input[0] == '\r'),
		bytes.IndexByte(input, '\t') >= 0,
		bytes.ContainsAny(input, "\v\f"),
		bytes.IndexByte(input, '\r') >= 0,
		len(input) > 0 && input[len(input)-1] != '\n' && input[len(input)-1] != '\v',
	} {
		if shown {
			forms |= 1 << i
		}
	}
	return forms
}
