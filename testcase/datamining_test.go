package testcase

import (
	"bytes"
	"errors"
	"reflect"
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
		{"something after 0 0 on its line", sample + "0 0 0\n", 5, "end of input"},
		{"leading zero", "03 3\n", 1, "canonically"},
		{"leading zero after a tab", "3\t03\n", 1, "canonically"},
		{"plus sign", sample + "+0 0\n", 5, "canonically"},
		{"minus zero", sample + "-0 0\n", 5, "canonically"},
		{"row split by a space", "3 3\n...\n. .\nMM.\n0 0\n", 3, "1 characters"},
		{"missing row", "3 3\n...\n...\n0 0\n", 4, "row 3 has 1 characters"},
		// In other layouts, the line named is still the offending token's.
		{"too many cells, c on the next line", "4\n11\n", 2, "r·c"},
		{"short row after blank lines and \\r\\n", "3 3\r\n\r\n...\r\n..\r\n", 4, "2 characters"},
		{"board without a mine, r after a blank line", sample + "\n\n3 3 ... ... ...\n0 0\n", 7, "board 2 has no 'M'"},
		{"no board, in runs of blanks", "\n\n  0   0  \n", 3, "no board"},
		{"missing row at the end of an input without its last \\n", "3 3\n...\n...", 3, "expected row 3"},
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

// TestDecodeDataminingForms: an input in any whitespace layout the judges read is valid,
// and decodes to its boards and the form it is written in; every form a case may carry
// (DataminingForm) survives Decode(Encode(c)).
func TestDecodeDataminingForms(t *testing.T) {
	sample := Datamining{Boards: [][]string{{"...", "...", "MM."}, {"M.M.", ".M.M", "M.M."}}}
	for _, tc := range []struct {
		name, input string
		form        Form
	}{
		{"canonical", "3 3\n...\n...\nMM.\n3 4\nM.M.\n.M.M\nM.M.\n0 0\n", 0},
		{"tabs", "3\t3\n...\n...\nMM.\n3\t4\nM.M.\n.M.M\nM.M.\n0\t0\n", FormTabs},
		{"split", "3\n3\n...\n...\nMM.\n3\n4\nM.M.\n.M.M\nM.M.\n0\n0\n", FormSplit},
		{"\\r\\n without the last", "3 3\r\n...\r\n...\r\nMM.\r\n3 4\r\nM.M.\r\n.M.M\r\nM.M.\r\n0 0", FormCRLF | FormNoFinalNewline},
		{"\\v and \\f", "\v\f3 3\n...\n...\nMM.\n3 4\nM.M.\n.M.M\nM.M.\n0 0\n\f\v", FormOtherSpace},
		{"runs", "\n3   3\n\n...\n\n...\n\nMM.\n\n3   4\n\nM.M.\n\n.M.M\n\nM.M.\n\n0   0\n\n", FormRuns},
		// Laid out by hand, not by Respace: the forms its bytes show.
		{"by hand", "3 3 ... ...\tMM.\n\n3 4\nM.M.\n.M.M\nM.M.\n0\n0", FormRuns | FormTabs | FormNoFinalNewline},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DecodeDatamining([]byte(tc.input))
			if err != nil {
				t.Fatalf("rejected: %v", err)
			}
			want := sample
			want.Form = tc.form
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("decoded %+v, want %+v", got, want)
			}
		})
	}
	for f := range AllForms + 1 {
		c := sample
		c.Form = DataminingForm(f)
		got, err := DecodeDatamining(c.Encode())
		if err != nil || !reflect.DeepEqual(got, c) {
			t.Errorf("form %06b: Decode(Encode(c)) = %+v, %v; want %+v", f, got, err, c)
		}
		if back := DataminingFromBytes(c.Bytes()); !reflect.DeepEqual(back, c) {
			t.Errorf("form %06b: FromBytes(Bytes(c)) = %+v, want %+v", f, back, c)
		}
		if f&FormTabs != 0 && f&FormSplit == 0 && !bytes.Contains(c.Encode(), []byte{'\t'}) {
			t.Errorf("form %06b: no tab in %q", f, c.Encode())
		}
	}
}
