package testcase

import (
	"errors"
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
		{"two spaces", "3  3\n", 1, "expected m"},
		{"short row", "3 3\n..\n", 2, "level 3 has 2 characters"},
		{"row with blanks", "3 3\n. . .\n", 2, "level 3 has 1 characters"},
		{"bad character", "3 3\n...\nS.G\n#4#\n", 4, `'4'`},
		{"lowercase", "3 3\n...\nS.g\n###\n", 3, `'g'`},
		{"two S", "3 3\nS..\nS.G\n###\n", 3, "second one"},
		{"two G", "3 3\nG..\nS.G\n###\n", 3, "second one"},
		{"no S", "3 3\n...\n..G\n###\n0\n0 0\n", 4, "one is missing"},
		{"no G", "3 3\n...\nS..\n###\n0\n0 0\n", 4, "one is missing"},
		{"negative T", tower + "-1\n", 5, "T = -1 outside"},
		{"T above int32", tower + "2147483648\n", 5, "outside"},
		{"fewer commands than T", tower + "2\nPUSH LEFT\n0 0\n", 7, `unknown command "0"`},
		{"more commands than T", tower + "0\nPUSH LEFT\n0 0\n", 6, "expected n"},
		{"unknown command", tower + "1\nJUMP\n0 0\n", 6, `unknown command "JUMP"`},
		{"lowercase command", tower + "1\nmoveto 1\n0 0\n", 6, `unknown command "moveto"`},
		{"bad direction", tower + "1\nPUSH UP\n0 0\n", 6, `expected RIGHT or LEFT, found "UP"`},
		{"missing direction", tower + "1\nCLIMB\n0 0\n", 6, "single space"},
		{"MOVETO without column", tower + "1\nMOVETO\n0 0\n", 6, "single space"},
		{"MOVETO word", tower + "1\nMOVETO x\n0 0\n", 6, "an integer"},
		{"MOVETO beyond int32", tower + "1\nMOVETO 2147483648\n0 0\n", 6, "outside"},
		{"MOVETO plus sign", tower + "1\nMOVETO +1\n0 0\n", 6, "canonically"},
		{"extra token", tower + "1\nPUSH LEFT now\n0 0\n", 6, "end of line"},
		{"after terminator", tower + "0\n0 0\n3 3\n", 7, "end of input"},
		{"terminator without newline", tower + "0\n0 0", 6, "end of line"},
		{"carriage return", "3 3\r\n", 1, `found "3\r"`},
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
		"3 3\n...\nS.G\n###\n0\n0 0\n",
		"3 3\n...\nS.G\n###\n3\nMOVETO -2147483648\nMOVETO 0\nGETDOWN LEFT\n0 0\n",
		"50 50\n" + strings.Repeat(strings.Repeat(".", 50)+"\n", 48) + "S" + strings.Repeat(".", 49) + "\nG" + strings.Repeat("#", 49) + "\n0\n0 0\n",
	} {
		if _, err := DecodeTower([]byte(input)); err != nil {
			t.Errorf("valid input rejected: %v\n%s", err, input)
		}
	}
}
