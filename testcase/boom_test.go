package testcase

import (
	"errors"
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
		{"CRLF", "1\r\n" + board + "0\n", 1, "T"},
		{"n = 2", "1\n2 3\n___\n___\n0\n", 2, "n = 2 outside 3..200"},
		{"m = 201", "1\n3 201\n", 2, "m = 201 outside 3..200"},
		{"n with a leading zero", "1\n03 3\n___\n___\n___\n0\n", 2, "canonically"},
		{"two spaces", "1\n3  3\n___\n___\n___\n0\n", 2, "space"},
		{"board character", "1\n3 3\n___\n_._\n___\n0\n", 4, "row 2, column 2"},
		{"short row", "1\n3 3\n___\n__\n___\n0\n", 4, "row 2 has 2 characters"},
		{"long row", "1\n3 3\n___\n___\n____\n0\n", 5, "row 3 has 4 characters"},
		{"op = 4", "1\n" + board + "4 1 1\n0\n", 6, "op = 4 outside 0..3"},
		{"op = -1", "1\n" + board + "-1 1 1\n0\n", 6, "op = -1 outside"},
		{"x = 0", "1\n" + board + "1 0 1\n0\n", 6, "x = 0 outside 1..3"},
		{"y = 4", "1\n" + board + "2 1 1\n1 1 4\n0\n", 7, "y = 4 outside 1..3"},
		{"missing y", "1\n" + board + "3 1\n0\n", 6, "space"},
		{"no terminator", "1\n" + board + "1 1 1\n", 7, "found end of input"},
		{"no final newline", "1\n" + board + "0", 6, "end of line"},
		{"0 followed by coordinates", "1\n" + board + "0 1 1\n", 6, "end of line"},
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
