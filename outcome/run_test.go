package outcome

import (
	"strings"
	"testing"

	"gamediff/sandbox"
)

// TestFormatOnly: answers whose tokens are the same but whose whitespace is not are one
// cause, named by how they differ, whatever step shows it; answers that differ in a token
// are not.
func TestFormatOnly(t *testing.T) {
	want := "1 cell(s) detected\n1 1 0\nfinish\ntotal step 1\n"
	for _, tt := range []struct{ got, kind string }{
		{"1 cell(s) detected\n1 1 0\nfinish\ntotal step 1", "the last line has no newline"},
		{strings.ReplaceAll(want, "\n", "\r\n"), `lines end with \r\n`},
		{strings.ReplaceAll(want, "\n", " \n"), "trailing spaces"},
		{strings.ReplaceAll(want, "1 1 0", "1  1 0"), "whitespace between tokens"},
		{strings.ReplaceAll(want, "finish", "give up"), ""},
		{strings.ReplaceAll(want, "1 1 0", "1\v1\f0"), "whitespace between tokens"},
		{strings.ReplaceAll(want, "1 1 0", "1\u00a01 0"), ""}, // a space of Unicode's, not ASCII's: judges read a token
		{want, ""},
	} {
		d := &Divergence{Want: Result{Solver: Ref, Result: sandbox.Result{Stdout: []byte(want)}}, Got: Result{Solver: Program, Result: sandbox.Result{Stdout: []byte(tt.got)}}}
		if got := d.FormatOnly(); got != tt.kind {
			t.Errorf("%q: %q, want %q", tt.got, got, tt.kind)
		}
	}
}
