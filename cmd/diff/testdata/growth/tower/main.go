// Command tower is a right solution of tower whose time grows as known: after every
// command of a game not over, a quadratic cascade: for each level, bottom to top, it
// checks again every level below it (whether a block there lost its support), so its time
// goes as commands × height² × width: an exponent of 2 along the height, 1 along the
// commands and the width. The checks are made cascadeChecks times over, so that the
// quadratic part outweighs ref's own automatic steps (linear in the height) at every scale
// measured. Its answers are ref's: its only failing is the time
// (BenchmarkGrowthOfKnownPrograms).
package main

import (
	"fmt"
	"io"
	"os"

	"gamediff/ref"
)

// cascadeChecks is how many times over each command's cascade checks the levels.
const cascadeChecks = 8

func main() {
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sum := 0
	out, err := ref.TowerTrace(input, func(s *ref.TowerStep) {
		if s.Phase != ref.TowerAutomatic { // a command played: not one read after the end
			return
		}
		// The cells summed, not tested: a check whose cost is the same whatever it reads.
		n, m := s.Size()
		sum = 0
		for range cascadeChecks {
			for top := 1; top <= n; top++ {
				for y := 1; y <= top; y++ {
					for x := 1; x <= m; x++ {
						sum += int(s.Cell(y, x))
					}
				}
			}
		}
	})
	os.Stdout.Write(out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if sum < 0 {
		panic("unreachable: keeps the checks")
	}
}
