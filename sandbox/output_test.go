package sandbox_test

import (
	"runtime"
	"testing"

	"gamediff/sandbox"
)

// TestAppendOutputGrowsWithTheAnswer checks that an answer's buffer grows with what is
// written, not to its limit: an answer far below the reference's limit had its worker
// allocate the whole limit, and be replaced for holding too much.
func TestAppendOutputGrowsWithTheAnswer(t *testing.T) {
	chunk := make([]byte, 32<<10)
	for _, tc := range []struct {
		name          string
		written       int
		limit         int
		maxCap        int // the buffer's capacity at the end
		maxAllocation uint64
	}{
		{"small answer, big limit", 10 << 20, 1 << 30, 40 << 20, 64 << 20},
		{"answer at its limit", 12 << 20, 12 << 20, 12 << 20, 32 << 20},
		{"tiny answer", 100 << 10, 64 << 20, 256 << 10, 1 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var buf []byte
			for len(buf) < tc.written {
				buf = sandbox.AppendOutput(buf, chunk[:min(len(chunk), tc.written-len(buf))], tc.limit)
			}
			runtime.ReadMemStats(&after)
			if len(buf) != tc.written {
				t.Fatalf("holds %d bytes, want %d", len(buf), tc.written)
			}
			if cap(buf) > tc.maxCap || cap(buf) > max(tc.limit, tc.written) {
				t.Errorf("capacity %d for %d bytes under a limit of %d, want at most %d", cap(buf), tc.written, tc.limit, tc.maxCap)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > tc.maxAllocation {
				t.Errorf("allocated %d bytes for %d written, want at most %d", got, tc.written, tc.maxAllocation)
			}
		})
	}
}
