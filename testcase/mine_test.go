package testcase

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeMineRejects(t *testing.T) {
	tests := []struct {
		name, input string
		line        int
		says        string
	}{
		{"empty", "", 1, "expected n"},
		{"n too big", "1001 1\n", 1, "n = 1001 outside 1..1000"},
		{"m zero", "1 0\n", 1, "m = 0 outside"},
		{"two spaces", "1  1\n", 1, "expected m"},
		{"leading zero", "01 1\n", 1, "canonically"},
		{"plus sign", "+1 1\n", 1, "canonically"},
		{"no newline after size", "1 1 .\n", 1, "end of line"},
		{"short row", "2 2\n..\n.\nQuit\n", 3, "row 2 has 1 characters"},
		{"bad char", "1 2\n.x\nQuit\n", 2, `'x'`},
		{"no quit", "1 1\n.\nSweep 1 1\n", 4, "no Quit"},
		{"two quits", "1 1\n.\nQuit\nQuit\n", 4, "second Quit"},
		{"row outside", "2 2\n..\n..\nSweep 3 1\nQuit\n", 4, "x = 3 outside 1..2"},
		{"col outside", "2 2\n..\n..\nFlag 1 0\nQuit\n", 4, "y = 0 outside 1..2"},
		{"unknown op", "1 1\n.\nsweep 1 1\nQuit\n", 3, `unknown operation "sweep"`},
		{"quit with args", "1 1\n.\nQuit 1\n", 3, "end of line"},
		{"missing final newline", "1 1\n.\nQuit", 3, "end of line"},
		{"carriage return", "1 1\r\n.\nQuit\n", 1, `found "1\r"`},
		{"blank line", "1 1\n.\n\nQuit\n", 3, "expected an operation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeMine([]byte(tt.input))
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

func TestDecodeMineOperationLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("1 1\n.\n")
	for i := 0; i < MineMaxOps-1; i++ {
		b.WriteString("Flag 1 1\n")
	}
	b.WriteString("Quit\n")
	if _, err := DecodeMine([]byte(b.String())); err != nil {
		t.Fatalf("exactly %d operations rejected: %v", MineMaxOps, err)
	}
	b.WriteString("Flag 1 1\n")
	_, err := DecodeMine([]byte(b.String()))
	var le *limitError
	if !errors.As(err, &le) || le.Line != MineMaxOps+3 || !strings.Contains(le.Constraint, "more than 60000") {
		t.Fatalf("operation %d: err = %v, want line %d: more than 60000 operations", MineMaxOps+1, err, MineMaxOps+3)
	}
}
