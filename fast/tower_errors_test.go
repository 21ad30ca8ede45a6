package fast

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"gamediff/ref"
)

// TestTowerInputErrorsAreRefs runs both judges on malformed towers, one fault at each
// place the format can break (and on inputs at its edges that ref takes), and checks that
// fast says what ref, the oracle, says: the same results before the error, and the same
// error, line and words, byte for byte.
func TestTowerInputErrorsAreRefs(t *testing.T) {
	const tower = "3 3\n...\nS.G\n###\n"
	tests := []struct {
		name, input string
		valid       bool // ref takes it: at the format's edge, not past it
	}{
		{"empty", "", false},
		{"blank only", " \n\t\n", false},
		{"n not an integer", "x 3\n", false},
		{"n with two signs", "--3 3\n", false},
		{"n too small", "2 3\n...\nS.G\n", false},
		{"n too large", "51 3\n", false},
		{"n negative", "-1 3\n", false},
		{"n past every int", "99999999999999999999 3\n", false},
		{"zero of many digits", "00000000000000000000000 0\n", true},
		{"m missing", "3", false},
		{"m missing after a newline", "3\n", false},
		{"m not an integer", "3 x\n", false},
		{"m too small", "3 2\n", false},
		{"m too large", "3 51\n", false},
		{"m past every int", "3 99999999999999999999\n", false},
		{"end after 0", "0", false},
		{"0 then not 0", "0 1\n", false},
		{"0 then a word", "0 x\n", false},
		{"no tower", "3 3\n", false},
		{"tower cut in the first row", "3 3\n..", false},
		{"tower cut in the last row", "3 3\n...\nS.G\n#", false},
		{"tower cut after a newline", "3 3\n...\nS.G\n", false},
		{"bad cell", "3 3\n...\nS.X\n###\n", false},
		{"bad cell first", "3 3\nx..\nS.G\n###\n", false},
		{"lower-case cell", "3 3\n...\ns.G\n###\n", false},
		{"bad cell non-ASCII", "3 3\n...\nS.\xc3\xa9\n###\n", false},
		{"bad cell control", "3 3\n...\nS.\x01\n###\n", false},
		{"second S", "3 3\n..S\nS.G\n###\n", false},
		{"second G", "3 3\nG..\nS.G\n###\n", false},
		{"no S", "3 3\n...\n..G\n###\n", false},
		{"no G", "3 3\n...\nS..\n###\n", false},
		{"no S nor G", "3 3\n...\n...\n###\n", false},
		{"no S, a row on two lines", "3 3\n...\n..G\n##\n#\n", false},
		{"cells spread over lines", "3 3\n.\n.\n.\nS.G\n###\nx\n", false},
		{"T missing", tower, false},
		{"T not an integer", tower + "x\n", false},
		{"T negative", tower + "-1\n", false},
		{"T past every int", tower + "99999999999999999999\n", false},
		{"T glued to the last row", "3 3\n...\nS.G\n###1\nMOVETO 1\n0 0\n", true},
		{"a word glued to the last row", "3 3\n...\nS.G\n###x\n", false},
		{"command missing", tower + "1\n", false},
		{"second command missing", tower + "2\nMOVETO 1\n", false},
		{"unknown command", tower + "1\nJUMP\n", false},
		{"lower-case command", tower + "1\nmoveto 1\n", false},
		{"column missing", tower + "1\nMOVETO", false},
		{"column not an integer", tower + "1\nMOVETO x\n", false},
		{"column with two signs", tower + "1\nMOVETO +-1\n", false},
		{"direction missing", tower + "1\nPUSH", false},
		{"direction missing after a newline", tower + "1\nCLIMB\n", false},
		{"bad direction", tower + "1\nPULL UP\n", false},
		{"bad direction of GETDOWN", tower + "1\nGETDOWN right\n", false},
		{"bad direction of CLIMB", tower + "2\nMOVETO 1\nCLIMB NORTH\n", false},
		{"no end", tower + "0\n", false},
		{"error in the second dataset", tower + "1\nMOVETO 2\n3 3\n...\nS.G\n##\n", false},
		{"error after a game over", "3 3\n...\nS.G\n...\n2\nMOVETO 2\nFLY\n", false},
		{"CRLF", "3 3\r\n...\r\nS.G\r\n###\r\n1\r\nPUSH UP\r\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var wantOut, gotOut bytes.Buffer
			wantErr := ref.Tower([]byte(tt.input), &wantOut)
			gotErr := Tower([]byte(tt.input), &gotOut)
			var inputErr *ref.InputError
			switch {
			case tt.valid && wantErr != nil:
				t.Fatalf("ref refuses %q: %v", tt.input, wantErr)
			case !tt.valid && !errors.As(wantErr, &inputErr):
				t.Fatalf("ref's error on %q is %v (output %q), want an input error", tt.input, wantErr, wantOut.String())
			}
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || gotOut.String() != wantOut.String() {
				t.Errorf("on %q:\nref:  %v (output %q)\nfast: %v (output %q)", tt.input, wantErr, wantOut.String(), gotErr, gotOut.String())
			}
		})
	}
}
