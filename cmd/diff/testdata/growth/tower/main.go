// Command tower is a right solution of tower whose time grows as known: every command of a
// game not over costs a quadratic cascade (for each level, a check of every level below it
// and its width), charged as height²·width units of CPU time (package cost), so its time
// goes as commands × height² × width: an exponent of 2 along the height, 1 along the
// commands and the width, on any machine. Its answers are ref's: its only failing is the
// time (BenchmarkGrowthOfKnownPrograms).
package main

import (
	"io"
	"os"

	"gamediff/cmd/diff/testdata/growth/cost"
	"gamediff/ref"
)

func main() {
	work := cost.Parse()
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		work.Finish(nil, err)
	}
	out, err := ref.TowerTrace(input, func(s *ref.TowerStep) {
		if s.Phase != ref.TowerAutomatic { // a command played: not one read after the end
			return
		}
		n, m := s.Size()
		work.Charge(float64(n * n * m))
	})
	work.Finish(out, err)
}
