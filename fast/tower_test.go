package fast

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestParseInt64(t *testing.T) {
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
		{"4611686018427387904", 1 << 62, true, false}, // past the shared parseInt's range
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
		v, ok, overflow := parseInt64([]byte(tt.in))
		if ok != tt.ok || overflow != tt.overflow || (ok && !overflow && v != tt.v) {
			t.Errorf("parseInt64(%q) = %d, %v, %v; want %d, %v, %v", tt.in, v, ok, overflow, tt.v, tt.ok, tt.overflow)
		}
	}
}

// TestTowerAllocationsDoNotGrow checks that a run allocates the same whatever the number
// of datasets and commands: the board comes from a pool and every buffer is reused.
func TestTowerAllocationsDoNotGrow(t *testing.T) {
	dataset := "5 5\n.....\n.....\n.S..G\n.##I#\n#1B##\n6\nMOVETO 3\nPUSH RIGHT\nCLIMB RIGHT\nPULL LEFT\nGETDOWN LEFT\nMOVETO 1\n"
	allocs := func(datasets int) float64 {
		input := []byte(strings.Repeat(dataset, datasets) + "0 0\n")
		return testing.AllocsPerRun(20, func() {
			if err := Tower(input, io.Discard); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(1), allocs(2000)
	if large > small {
		t.Errorf("%v allocations for 1 dataset, %v for 2000: they grow with the input", small, large)
	}
	var out bytes.Buffer
	if err := Tower([]byte(dataset+"0 0\n"), &out); err != nil || out.Len() == 0 {
		t.Fatalf("no result (err %v)", err)
	}
}
