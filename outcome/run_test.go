package outcome

import (
	"bytes"
	"math/rand/v2"
	"slices"
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

// TestSameTokensReadsAsFields: the one-pass comparison of tokens agrees with splitting both
// answers into their fields and comparing those, on answers that differ by a token, by
// where a token ends, and by their whitespace alone.
func TestSameTokensReadsAsFields(t *testing.T) {
	fields := func(a, b []byte) bool {
		space := func(r rune) bool { return r < 0x80 && isSpace(byte(r)) }
		return slices.EqualFunc(bytes.FieldsFunc(a, space), bytes.FieldsFunc(b, space), bytes.Equal)
	}
	for _, tt := range []struct{ a, b string }{
		{"", ""}, {"", " \n"}, {"a", ""}, {"a b", "a  b\n"}, {"ab", "a b"}, {"a b", "ab"},
		{"abc", "ab"}, {"ab", "abc"}, {"ab c", "abc"}, {"x\v\fy", "x y"}, {"é b", "é\tb"}, {"\xff", "\xff "},
	} {
		if got, want := sameTokens([]byte(tt.a), []byte(tt.b)), fields([]byte(tt.a), []byte(tt.b)); got != want {
			t.Errorf("sameTokens(%q, %q) = %v, the fields say %v", tt.a, tt.b, got, want)
		}
	}
	// Random answers over a small alphabet, half of them the same tokens respaced.
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("ab \n\t\r\v\f\x85")
	same := 0
	for range 20000 {
		a := make([]byte, r.IntN(12))
		for i := range a {
			a[i] = alphabet[r.IntN(len(alphabet))]
		}
		b := bytes.Clone(a)
		if r.IntN(2) == 0 {
			b = bytes.ReplaceAll(b, []byte(" "), []byte(" \t"))
		} else if len(b) > 0 {
			b[r.IntN(len(b))] = alphabet[r.IntN(len(alphabet))]
		}
		got, want := sameTokens(a, b), fields(a, b)
		if got != want {
			t.Fatalf("sameTokens(%q, %q) = %v, the fields say %v", a, b, got, want)
		}
		if want {
			same++
		}
	}
	if same < 2000 || same > 18000 {
		t.Errorf("%d of 20000 random pairs have the same tokens: the draw tests one side only", same)
	}
}
