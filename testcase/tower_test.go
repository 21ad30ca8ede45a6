package testcase

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestDecodeTowerRejects(t *testing.T) {
	const tower = "3 3\n...\nS.G\n###\n"
	tests := []struct {
		name, input string
		line        int
		says        string
	}{
		{"empty", "", 1, "expected n"},
		{"no terminator", tower + "0\n", 6, "expected n"},
		{"n too small", "2 3\n", 1, "n = 2 outside 3..50"},
		{"n too big", "51 3\n", 1, "n = 51 outside 0..50"},
		{"m too small", "3 2\n", 1, "m = 2 outside 3..50"},
		{"m too big", "3 51\n", 1, "m = 51 outside 3..50"},
		{"half terminator", "0 3\n", 1, "m after n = 0 = 3 outside 0..0"},
		{"leading zero", "03 3\n", 1, "canonically"},
		{"short row", "3 3\n..\n", 3, "level 3 has 2 characters, expected 3, found end of input"},
		{"short row spread over lines", "3 3\n.\n.\n", 4, "level 3 has 2 characters"},
		{"bad character", "3 3\n...\nS.G\n#4#\n", 4, `'4'`},
		{"bad character of a row spread over lines", "3 3\n. . .\nS .\nG\n#\n4\n#\n", 6, `level 1, column 2: '4'`},
		{"a tab is no cell, a NUL is", "3 3\n...\nS\t.\tG\n#\x00#\n", 4, `level 1, column 2: '\x00'`},
		{"lowercase", "3 3\n...\nS.g\n###\n", 3, `'g'`},
		{"two S", "3 3\nS..\nS.G\n###\n", 3, "second S"},
		{"two G", "3 3\nG..\nS.G\n###\n", 3, "second G"},
		{"second S on a line of its own", "3 3\nS..\n.\nS G\n###\n", 4, "level 2: S and G must appear exactly once in a tower, found a second S"},
		{"no S", "3 3\n...\n..G\n###\n0\n0 0\n", 4, "one is missing"},
		{"no G", "3 3\n...\nS..\n###\n0\n0 0\n", 4, "one is missing"},
		{"no S, the last cell alone on its line", "3 3\n...\n..G\n##\n#\n0\n0 0\n", 5, "one is missing"},
		{"negative T", tower + "-1\n", 5, "T = -1 outside"},
		{"T above int32", tower + "2147483648\n", 5, "outside"},
		{"T glued to the last row", "3 3\n...\nS.G\n###-1\n", 4, "T = -1 outside"},
		{"fewer commands than T", tower + "2\nPUSH LEFT\n0 0\n", 7, `unknown command "0"`},
		{"more commands than T", tower + "0\nPUSH LEFT\n0 0\n", 6, "expected n"},
		{"unknown command", tower + "1\nJUMP\n0 0\n", 6, `unknown command "JUMP"`},
		{"lowercase command", tower + "1\nmoveto 1\n0 0\n", 6, `unknown command "moveto"`},
		{"bad direction", tower + "1\nPUSH UP\n0 0\n", 6, `expected RIGHT or LEFT, found "UP"`},
		{"bad direction on the next line", tower + "1\nPUSH\nUP\n0 0\n", 7, `expected RIGHT or LEFT, found "UP"`},
		{"missing direction: the next token is read", tower + "1\nCLIMB\n0 0\n", 7, `CLIMB: expected RIGHT or LEFT, found "0"`},
		{"MOVETO without column: the next token is read", tower + "1\nMOVETO\n0 0\n", 8, "expected m after n = 0, found end of input"},
		{"MOVETO word", tower + "1\nMOVETO x\n0 0\n", 6, "an integer"},
		{"MOVETO beyond int32", tower + "1\nMOVETO 2147483648\n0 0\n", 6, "outside"},
		{"MOVETO plus sign", tower + "1\nMOVETO +1\n0 0\n", 6, "canonically"},
		{"extra token", tower + "1\nPUSH LEFT now\n0 0\n", 6, `expected n (an integer), found "now"`},
		{"after terminator", tower + "0\n0 0\n3 3\n", 7, "end of input"},
		{"after terminator, a tab before", tower + "0\n0 0\t3\n", 6, "end of input"},
		{"carriage return ends the input early", "3 3\r\n...\r\n", 3, "level 2 has 0 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeTower([]byte(tt.input))
			var le *limitError
			if !errors.As(err, &le) {
				t.Fatalf("err = %v, want a *limitError", err)
			}
			if le.Line != tt.line || !strings.Contains(le.Constraint, tt.says) {
				t.Fatalf("got %q, want line %d saying %q", err, tt.line, tt.says)
			}
		})
	}
}

func TestDecodeTowerAccepts(t *testing.T) {
	for _, input := range []string{
		"0 0\n",
		"0 0",
		"3 3\n...\nS.G\n###\n0\n0 0\n",
		"3 3\n...\nS.G\n###\n3\nMOVETO -2147483648\nMOVETO 0\nGETDOWN LEFT\n0 0\n",
		"50 50\n" + strings.Repeat(strings.Repeat(".", 50)+"\n", 48) + "S" + strings.Repeat(".", 49) + "\nG" + strings.Repeat("#", 49) + "\n0\n0 0\n",
		"3 3\n. . .\nS . G\n# # #\n0\n0 0\n",                         // a row with blanks (R-T1)
		"3 3\n...S..#G#\n1\nMOVETO 2\n0 0\n",                         // rows run together (R-T1)
		"3 3\n...\nS.G\n###1\nMOVETO 1\n0 0\n",                       // T glued to the last row (R-T1)
		"3 3\n...\nS.\nG\n###\n0\n0 0\n",                             // a row over two lines
		"3\t3\r\n...\r\nS.G\r\n###\r\n1\r\nMOVETO\t\v2\f\r\n0 0\r\n", // any C whitespace
		"\n\n3   3\n\n...\nS.G\n###\n1\nPUSH\n\nLEFT\n0\n0",          // runs, split, no final newline
	} {
		if _, err := DecodeTower([]byte(input)); err != nil {
			t.Errorf("valid input rejected: %v\n%q", err, input)
		}
		if err := ValidateTower([]byte(input)); err != nil {
			t.Errorf("ValidateTower rejects what DecodeTower accepts: %v\n%q", err, input)
		}
	}
}

// TestDecodeTowerForms: an input in a form decodes to the case with that form, and every
// form of a case is encoded and read back exactly (Decode(c.Encode()) is c).
func TestDecodeTowerForms(t *testing.T) {
	tests := []struct {
		name, input string
		form        Form
		blanks      bool
	}{
		{"canonical", "3 3\n...\nS.G\n###\n1\nPUSH LEFT\n0 0\n", 0, false},
		{"tabs", "3\t3\n...\nS.G\n###\n1\nPUSH\tLEFT\n0\t0\n", FormTabs, false},
		{"crlf", "3 3\r\n...\r\nS.G\r\n###\r\n1\r\nPUSH LEFT\r\n0 0\r\n", FormCRLF, false},
		{"no final newline", "3 3\n...\nS.G\n###\n1\nPUSH LEFT\n0 0", FormNoFinalNewline, false},
		{"split", "3\n3\n...\nS.G\n###\n1\nPUSH\nLEFT\n0\n0\n", FormSplit, false},
		{"row blanks", "3 3\n. . .\nS . G\n# # #\n1\nPUSH LEFT\n0 0\n", 0, true},
		{"row blanks, tabs", "3\t3\n.\t.\t.\nS\t.\tG\n#\t#\t#\n1\nPUSH\tLEFT\n0\t0\n", FormTabs, true},
		{"rows spread over lines", "3\n3\n.\n. .\nS\n. G\n#\n# #\n1\nPUSH\nLEFT\n0\n0\n", FormSplit, true},
		// Not a form Encode writes: read as what its bytes show.
		{"rows run together", "3 3\n...S.G###\n1\nPUSH LEFT\n0 0\n", 0, false},
		{"one row with blanks", "3 3\n...\nS . G\n###\n0\n0 0\n", 0, true},
	}
	for _, tt := range tests {
		c, err := DecodeTower([]byte(tt.input))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if c.Form != tt.form || c.RowBlanks != tt.blanks {
			t.Errorf("%s: form %06b, row blanks %v; want %06b, %v", tt.name, c.Form, c.RowBlanks, tt.form, tt.blanks)
		}
		if got := strings.Join(c.Datasets[0].Rows, "/"); got != ".../S.G/###" {
			t.Errorf("%s: rows %s", tt.name, got)
		}
	}
	c := Tower{Datasets: []TowerDataset{
		{Rows: []string{"...", "S.G", "###"}, Cmds: []TowerCmd{{Kind: TowerMoveTo, Col: -3}, {Kind: TowerPullLeft}}},
		{Rows: []string{"....", "#S.G", "###C"}},
	}}
	for f := Form(0); f <= AllForms; f++ {
		for _, blanks := range []bool{false, true} {
			c.Form, c.RowBlanks = TowerForm(f, blanks), blanks
			if c.Form != f {
				continue // tabs, where no space is left
			}
			got, err := DecodeTower(c.Encode())
			if err != nil {
				t.Fatalf("form %06b, row blanks %v: %v\n%q", f, blanks, err, c.Encode())
			}
			if got.Form != f || got.RowBlanks != blanks || !reflect.DeepEqual(got.Datasets[0], c.Datasets[0]) || len(got.Datasets[1].Cmds) != 0 {
				t.Errorf("form %06b, row blanks %v: read back as form %06b, row blanks %v\n%q", f, blanks, got.Form, got.RowBlanks, c.Encode())
			}
			if back := TowerFromBytes(c.Bytes()); back.Form != f || back.RowBlanks != blanks {
				t.Errorf("form %06b, row blanks %v: the fuzz bytes read back as form %06b, row blanks %v", f, blanks, back.Form, back.RowBlanks)
			}
		}
	}
}
