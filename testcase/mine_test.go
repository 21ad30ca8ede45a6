package testcase

import (
	"errors"
	"reflect"
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
		{"leading zero", "01 1\n", 1, "canonically"},
		{"plus sign", "+1 1\n", 1, "canonically"},
		{"a coordinate with a sign", "1 1\n.\nSweep +1 1\nQuit\n", 3, "canonically"},
		{"a number that is not one", "1 1\n.\nFlag 1 x\nQuit\n", 3, "expected y (an integer)"},
		{"a coordinate past int64", "1 1\n.\nFlag 99999999999999999999 1\nQuit\n", 3, "outside 1..1"},
		{"short row", "2 2\n..\n.\nQuit\n", 3, "row 2 has 1 characters"},
		{"a row cut by a blank", "1 3\n. .\nQuit\n", 2, "row 1 has 1 characters"},
		{"two rows on a line, one short", "2 2\n.. .\nQuit\n", 2, "row 2 has 1 characters"},
		{"bad char", "1 2\n.x\nQuit\n", 2, `'x'`},
		{"no quit", "1 1\n.\nSweep 1 1\n", 4, "no Quit"},
		{"two quits", "1 1\n.\nQuit\nQuit\n", 4, "second Quit"},
		{"two quits on one line", "1 1\n.\nQuit Quit\n", 3, "second Quit"},
		{"row outside", "2 2\n..\n..\nSweep 3 1\nQuit\n", 4, "x = 3 outside 1..2"},
		{"col outside", "2 2\n..\n..\nFlag 1 0\nQuit\n", 4, "y = 0 outside 1..2"},
		{"col outside, on a line of its own", "2 2\n..\n..\nFlag\n1\n\n3\nQuit\n", 7, "y = 3 outside 1..2"},
		{"unknown op", "1 1\n.\nsweep 1 1\nQuit\n", 3, `unknown operation "sweep"`},
		{"quit with args", "1 1\n.\nQuit 1\n", 3, `unknown operation "1"`},
		{"a missing coordinate: the next token read", "1 1\n.\nSweep 1\nQuit\n", 4, `expected y (an integer), found "Quit"`},
		{"a missing coordinate at the end", "1 1\n.\nQuit\nSweep 1\n", 5, "expected y, found end of input"},
		{"a NUL byte is no blank", "1 1\n.\nQuit\x00\n", 3, "unknown operation"},
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

// TestDecodeMineForms: the validator reads tokens as the judges do, so an input in any
// layout of blanks is valid, decodes to the case of its tokens, and carries the form it
// is written in, which Encode writes back.
func TestDecodeMineForms(t *testing.T) {
	want := Mine{Board: []string{"*..", "..."}, Ops: []MineOp{{MineSweep, 1, 2}, {MineFlag, 1, 1}, {Kind: MineQuit}}}
	tests := []struct {
		name, input string
		form        Form
	}{
		{"canonical", "2 3\n*..\n...\nSweep 1 2\nFlag 1 1\nQuit\n", 0},
		{"split", "2\n3\n*..\n...\nSweep\n1 2\nFlag\n1 1\nQuit\n", FormSplit},
		{"runs", "\n2   3\n\n*..\n\n...\n\nSweep   1   2\n\nFlag   1   1\n\nQuit\n\n", FormRuns},
		{"tabs", "2\t3\n*..\n...\nSweep\t1\t2\nFlag\t1\t1\nQuit\n", FormTabs},
		{"other space", "\v\f2 3\n*..\n...\nSweep 1 2\nFlag 1 1\nQuit\n\f\v", FormOtherSpace},
		{"crlf", "2 3\r\n*..\r\n...\r\nSweep 1 2\r\nFlag 1 1\r\nQuit\r\n", FormCRLF},
		{"no final newline", "2 3\n*..\n...\nSweep 1 2\nFlag 1 1\nQuit", FormNoFinalNewline},
		{"split, tabs, crlf", "2\r\n3\r\n*..\r\n...\r\nSweep\r\n1\t2\r\nFlag\r\n1\t1\r\nQuit\r\n", FormSplit | FormTabs | FormCRLF},
		// Laid out by hand, in no form Respace writes: the forms its bytes show.
		{"by hand: two operations on a line, a tab", "2 3\n*.. ...\nSweep 1 2 Flag\t1 1\nQuit\n", FormTabs},
		{"by hand: a blank before a line", "2 3\n*..\n...\n Sweep 1 2\nFlag 1 1\nQuit\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := DecodeMine([]byte(tt.input))
			if err != nil {
				t.Fatal(err)
			}
			if c.Form != tt.form {
				t.Errorf("form %06b, want %06b", c.Form, tt.form)
			}
			if c.Form = 0; !reflect.DeepEqual(c, want) {
				t.Errorf("decoded %+v, want %+v", c, want)
			}
			for f := Form(0); f <= AllForms; f++ {
				w := want
				w.Form = f
				if got, err := DecodeMine(w.Encode()); err != nil || !reflect.DeepEqual(got, w) {
					t.Fatalf("form %06b: Decode(Encode()) = %+v, %v; want %+v", f, got, err, w)
				}
			}
		})
	}
}

// TestMineBytesCarryTheForm: the fuzz decoding reads a case's form back from its bytes.
func TestMineBytesCarryTheForm(t *testing.T) {
	for f := Form(0); f <= AllForms; f++ {
		c := Mine{Board: []string{"*.", ".."}, Ops: []MineOp{{MineSweep, 2, 2}, {Kind: MineQuit}}, Form: f}
		if got := MineFromBytes(c.Bytes()); !reflect.DeepEqual(got, c) {
			t.Fatalf("form %06b: MineFromBytes(Bytes()) = %+v, want %+v", f, got, c)
		}
	}
}

// TestMineInFormReadsBack: a case in any form decodes to itself, its form included, even
// where a form cannot show in its input (tabs, on an input whose spaces the split form
// made line ends).
func TestMineInFormReadsBack(t *testing.T) {
	for _, c := range []Mine{
		{Board: []string{"*.", ".."}, Ops: []MineOp{{MineSweep, 2, 2}, {Kind: MineQuit}}},
		{Board: []string{"."}, Ops: []MineOp{{Kind: MineQuit}}},
		{Board: []string{"**"}, Ops: []MineOp{{Kind: MineQuit}, {MineFlag, 1, 2}}},
	} {
		for f := Form(0); f <= AllForms; f++ {
			in := c.InForm(f)
			if in.Form&^f != 0 {
				t.Fatalf("%+v in form %06b: form %06b, more than asked", c, f, in.Form)
			}
			if got, err := DecodeMine(in.Encode()); err != nil || !reflect.DeepEqual(got, in) {
				t.Fatalf("%+v in form %06b: Decode(Encode()) = %+v, %v; want %+v", c, f, got, err, in)
			}
		}
	}
	quitOnly := Mine{Board: []string{"."}, Ops: []MineOp{{Kind: MineQuit}}}
	if got := quitOnly.InForm(FormSplit | FormTabs).Form; got != FormSplit {
		t.Errorf("tabs shown on an input the split form leaves without a space: %06b", got)
	}
}
