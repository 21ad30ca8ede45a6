package testcase

import (
	"strconv"
	"testing"
)

// TestAppendIntIsStrconvs: the digit-by-digit path of small numbers and strconv's agree
// on every number around their borders.
func TestAppendIntIsStrconvs(t *testing.T) {
	for _, x := range []int{-1000, -999, -10, -9, -1, 0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 60000, 1 << 40} {
		if got, want := string(appendInt([]byte("x"), x)), "x"+strconv.Itoa(x); got != want {
			t.Errorf("appendInt(%d) = %q, want %q", x, got, want)
		}
	}
}
