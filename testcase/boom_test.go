package testcase

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestDecodeBoomRejects(t *testing.T) {
	board := "3 3\n___\n___\n___\n"
	ops := func(n int) string { return strings.Repeat("1 1 1\n", n) }
	tests := []struct {
		name  string
		input string
		line  int
		says  string
	}{
		{"empty input", "", 1, "T"},
		{"T = 0", "0\n" + board + "0\n", 1, "T = 0 outside 1..30"},
		{"T = 31", "31\n" + board + "0\n", 1, "T = 31 outside"},
		{"T with a sign", "+1\n" + board + "0\n", 1, "canonically"},
		{"n = 2", "1\n2 3\n___\n___\n0\n", 2, "n = 2 outside 3..200"},
		{"m = 201", "1\n3 201\n", 2, "m = 201 outside 3..200"},
		{"n with a leading zero", "1\n03 3\n___\n___\n___\n0\n", 2, "canonically"},
		{"a row with a blank inside", "1\n3 3\n___\n_ _\n___\n0\n", 4, "row 2 has 1 characters"},
		{"a row split over two lines", "1\n3 3\n___\n__\n_\n___\n0\n", 4, "row 2 has 2 characters"},
		{"an error after blank lines and \\r\\n", "1\r\n\r\n3 3\r\n___\r\n___\r\n___\r\n\r\n1 1 4\r\n0\r\n", 8, "y = 4 outside 1..3"},
		{"an error after tabs, \\v and \\f", "\v1\n3\t3\n___\f___\n___\n1\t1\n\n0\n", 7, "y = 0 outside"},
		{"an op with a sign", "1\n" + board + "+1 1 1\n0\n", 6, "canonically"},
		{"board character", "1\n3 3\n___\n_._\n___\n0\n", 4, "row 2, column 2"},
		{"short row", "1\n3 3\n___\n__\n___\n0\n", 4, "row 2 has 2 characters"},
		{"long row", "1\n3 3\n___\n___\n____\n0\n", 5, "row 3 has 4 characters"},
		{"op = 4", "1\n" + board + "4 1 1\n0\n", 6, "op = 4 outside 0..3"},
		{"op = -1", "1\n" + board + "-1 1 1\n0\n", 6, "op = -1 outside"},
		{"x = 0", "1\n" + board + "1 0 1\n0\n", 6, "x = 0 outside 1..3"},
		{"y = 4", "1\n" + board + "2 1 1\n1 1 4\n0\n", 7, "y = 4 outside 1..3"},
		{"missing y: the 0 is read as y", "1\n" + board + "3 1\n0\n", 7, "y = 0 outside 1..3"},
		{"no terminator", "1\n" + board + "1 1 1\n", 7, "found end of input"},
		{"no terminator, no final newline", "1\n" + board + "1 1 1", 6, "found end of input"},
		{"0 followed by coordinates", "1\n" + board + "0 1 1\n", 6, "end of input"},
		{"a game missing", "2\n" + board + "0\n", 7, "game 2: n"},
		{"second game's board", "2\n" + board + "0\n3 3\n___\n___\n__*_\n0\n", 10, "game 2: row 3"},
		{"input after the last game", "1\n" + board + "0\n0\n", 7, "end of input"},
		{"10001 operations", "1\n" + board + ops(10001) + "0\n", 10006, "more than 10000 operations"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeBoom([]byte(tt.input))
			var le *limitError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a *limitError", err)
			}
			if le.Line != tt.line || !strings.Contains(le.Constraint, tt.says) {
				t.Errorf("got %q, want line %d saying %q", err, tt.line, tt.says)
			}
		})
	}
}

func TestDecodeBoomAcceptsLimits(t *testing.T) {
	full := "1\n3 3\n___\n___\n___\n" + strings.Repeat("3 3 3\n", BoomMaxOps) + "0\n"
	row := strings.Repeat("*", BoomMaxSide) + "\n"
	big := "1\n200 200\n" + strings.Repeat(row, BoomMaxSide) + "2 200 200\n0\n"
	many := "30\n" + strings.Repeat("3 3\n*_*\n___\n_*_\n0\n", BoomMaxGames)
	for name, input := range map[string]string{"10000 operations": full, "200x200 all mines": big, "30 games, q = 0": many} {
		c, err := DecodeBoom([]byte(input))
		if err != nil {
			t.Errorf("%s: rejected: %v", name, err)
			continue
		}
		if got := string(c.Encode()); got != input {
			t.Errorf("%s: re-encodes differently", name)
		}
	}
}

// TestDecodeBoomForms: an input in any whitespace layout is valid, and decodes to its
// games with the form it is written in: each form Respace writes reads back as itself
// (Decode(c.Encode()) is c), and a layout written by hand as the forms its bytes show.
func TestDecodeBoomForms(t *testing.T) {
	games := []BoomGame{
		{Board: []string{"_*_", "___", "__*"}, Ops: []BoomOp{{BoomLeft, 3, 1}, {BoomRight, 1, 2}, {BoomMiddle, 2, 2}}},
		{Board: []string{"****", "****", "****"}},
	}
	for f := Form(0); f <= AllForms; f++ {
		c := Boom{Games: games, Form: f}
		input := c.Encode()
		d, err := DecodeBoom(input)
		if err != nil {
			t.Fatalf("form %06b: %q rejected: %v", f, input, err)
		}
		if d.Form != f || !slices.EqualFunc(d.Games, games, func(a, b BoomGame) bool {
			return slices.Equal(a.Board, b.Board) && slices.Equal(a.Ops, b.Ops)
		}) {
			t.Fatalf("form %06b: %q decodes to %+v", f, input, d)
		}
		if f != 0 && bytes.Equal(input, Boom{Games: games}.Encode()) {
			t.Errorf("form %06b writes the canonical layout", f)
		}
	}
	for _, tt := range []struct {
		name, input string
		form        Form
	}{
		{"canonical", "1\n3 3\n___\n___\n__*\n1 1 1\n0\n", 0},
		{"an operation over three lines", "1\n3 3\n___\n___\n__*\n1\n1\n1\n0\n", 0},
		{"two rows on one line", "1\n3 3\n___ ___\n__*\n1 1 1\n0\n", 0},
		{"blanks after a line", "1\n3 3\n___\n___\n__*\n1 1 1 \n0\n", 0},
		{"a run of spaces", "1\n3  3\n___\n___\n__*\n1 1 1\n0\n", FormRuns},
		{"a tab", "1\n3\t3\n___\n___\n__*\n1 1 1\n0\n", FormTabs},
		{"a form feed", "1\n3 3\n___\f___\n__*\n1 1 1\n0\n", FormOtherSpace},
		{"one \\r\\n", "1\r\n3 3\n___\n___\n__*\n1 1 1\n0\n", FormCRLF},
		{"no final newline", "1\n3 3\n___\n___\n__*\n1 1 1\n0", FormNoFinalNewline},
		{"the corpus's any whitespace", "1\r\n3\t3\r\n_*_\r\n___  ___\n1\n2 \f 2\n\v0", FormRuns | FormTabs | FormOtherSpace | FormCRLF | FormNoFinalNewline},
	} {
		c, err := DecodeBoom([]byte(tt.input))
		if err != nil {
			t.Errorf("%s: rejected: %v", tt.name, err)
			continue
		}
		if c.Form != tt.form {
			t.Errorf("%s: form %06b, want %06b", tt.name, c.Form, tt.form)
		}
	}
}

// TestBoomFromBytesCarriesTheForm: the form byte of the fuzz decoding is the case's Form,
// and Bytes writes it back.
func TestBoomFromBytesCarriesTheForm(t *testing.T) {
	for f := Form(0); f <= AllForms; f++ {
		c := BoomFromBytes([]byte{0, byte(f), 0, 0, 128, 0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 1, 1})
		if c.Form != f {
			t.Fatalf("form byte %06b: form %06b", f, c.Form)
		}
		if again := BoomFromBytes(c.Bytes()); !bytes.Equal(again.Encode(), c.Encode()) {
			t.Fatalf("form %06b: FromBytes(Bytes()) encodes to %q, want %q", f, again.Encode(), c.Encode())
		}
	}
}
