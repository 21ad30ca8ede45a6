package testcase

import (
	"bytes"
	"testing"
)

// Every combination of forms is read back from the bytes it writes, which keep the tokens
// of the canonical input, in order.
func TestFormsAreReadBack(t *testing.T) {
	canonical := []byte("2 3\n*..\n...\nSweep 2 3\nFlag 1 1\nQuit\n")
	for f := Form(0); f <= AllForms; f++ {
		b := f.Respace(canonical)
		if got := FormOf(canonical, b); got != f {
			t.Errorf("form %06b: wrote %q, read back %06b", f, b, got)
		}
		if !equalTokens(b, canonical) {
			t.Errorf("form %06b: %q has not the tokens of %q", f, b, canonical)
		}
	}
	if got := FormOf(canonical, canonical); got != 0 {
		t.Errorf("the canonical layout reads as form %06b", got)
	}
}

func equalTokens(a, b []byte) bool {
	fa, fb := bytes.Fields(a), bytes.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if !bytes.Equal(fa[i], fb[i]) {
			return false
		}
	}
	return true
}
