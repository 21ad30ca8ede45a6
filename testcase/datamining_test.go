package testcase

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeDataminingRejects(t *testing.T) {
	sample := "3 3\n...\n...\nMM.\n"
	for _, tc := range []struct {
		name, input string
		line        int
		says        string
	}{
		{"empty input", "", 1, "expected r"},
		{"no board", "0 0\n", 1, "no board"},
		{"no final 0 0", sample, 5, "expected r"},
		{"r below 3", "2 3\n...\n...\n0 0\n", 1, "r = 2"},
		{"r is 0 without c 0", "0 3\n", 1, "r = 0"},
		{"c below 3", "3 2\n..\n..\nM.\n0 0\n", 1, "c = 2"},
		{"too many cells, wide", "3 14\n", 1, "r·c"},
		{"too many cells, tall", "14 3\n", 1, "r·c"},
		{"r beyond any limit", "41 1\n", 1, "r = 41 outside"},
		{"short row", "3 3\n...\n..\nMM.\n0 0\n", 3, "2 characters"},
		{"long row", "3 3\n...\n....\nMM.\n0 0\n", 3, "4 characters"},
		{"lower case m", "3 3\n...\n.m.\nMM.\n0 0\n", 3, "column 2"},
		{"no mine", "3 3\n...\n...\n...\n0 0\n", 1, "no 'M'"},
		{"no empty cell", "3 3\nMMM\nMMM\nMMM\n0 0\n", 1, "no '.'"},
		{"second board without a mine", sample + "4 3\n...\n...\n...\n...\n0 0\n", 5, "board 2 has no 'M'"},
		{"second board too big", sample + "5 9\n", 5, "r·c"},
		{"something after 0 0", sample + "0 0\n3 3\n", 6, "end of input"},
		{"no newline after 0 0", sample + "0 0", 5, "end of line"},
		{"two spaces", "3  3\n", 1, "expected c"},
		{"leading zero", "03 3\n", 1, "canonically"},
		{"plus sign", sample + "+0 0\n", 5, "canonically"},
		{"carriage return", "3 3\r\n", 1, `"3\r"`},
		{"row split by a space", "3 3\n...\n. .\nMM.\n0 0\n", 3, "1 characters"},
		{"missing row", "3 3\n...\n...\n0 0\n", 4, "row 3 has 1 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeDatamining([]byte(tc.input))
			var le *limitError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a *limitError", err)
			}
			if le.Line != tc.line || !strings.Contains(le.Constraint, tc.says) {
				t.Fatalf("got %q, want line %d saying %q", le.Error(), tc.line, tc.says)
			}
		})
	}
}
