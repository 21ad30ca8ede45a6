package quote

import (
	"strings"
	"testing"
)

// TestToken pins the bounded quoting: whole up to Max bytes, else cut before a split
// character, with the length.
func TestToken(t *testing.T) {
	long := strings.Repeat("ab", 40) // 80 bytes
	tests := []struct{ in, want string }{
		{"Flag", `"Flag"`},
		{"\x00\t", `"\x00\t"`},
		{long[:64], `"` + long[:64] + `"`}, // 64 bytes: whole
		{long[:65], `"` + long[:64] + `…" (65 bytes)`},
		{strings.Repeat("\x00", 1<<20), `"` + strings.Repeat(`\x00`, 64) + `…" (1048576 bytes)`},
		// The cut falls inside "é" (2 bytes at 63..64): it is left out whole.
		{strings.Repeat("a", 63) + "é" + strings.Repeat("a", 10), `"` + strings.Repeat("a", 63) + `…" (75 bytes)`},
		{strings.Repeat("a", 62) + "é" + strings.Repeat("a", 10), `"` + strings.Repeat("a", 62) + `é…" (74 bytes)`},
	}
	for _, tt := range tests {
		if got := Token([]byte(tt.in)); got != tt.want {
			t.Errorf("Token(%d bytes %.10q…) = %s, want %s", len(tt.in), tt.in, got, tt.want)
		}
	}
}
