package fast

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

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
