package fast

import "testing"

func TestParseInt(t *testing.T) {
	tests := []struct {
		in           string
		v            int64
		ok, overflow bool
	}{
		{"0", 0, true, false},
		{"-0", 0, true, false},
		{"+3", 3, true, false},
		{"003", 3, true, false},
		{"-2147483648", -2147483648, true, false},
		{"4611686018427387904", 1 << 62, true, false}, // past 62 bits
		{"9223372036854775807", 1<<63 - 1, true, false},
		{"-9223372036854775808", -1 << 63, true, false},
		{"9223372036854775808", 0, true, true},
		{"-9223372036854775809", 0, true, true},
		{"18446744073709551616", 0, true, true},
		{"99999999999999999999999", 0, true, true},
		{"99999999999999999999x", 0, false, false}, // not an integer, however long
		{"", 0, false, false},
		{"+", 0, false, false},
		{"--1", 0, false, false},
		{"1x", 0, false, false},
	}
	for _, tt := range tests {
		v, ok, overflow := parseInt([]byte(tt.in))
		if ok != tt.ok || overflow != tt.overflow || (ok && !overflow && v != tt.v) {
			t.Errorf("parseInt(%q) = %d, %v, %v; want %d, %v, %v", tt.in, v, ok, overflow, tt.v, tt.ok, tt.overflow)
		}
	}
}
