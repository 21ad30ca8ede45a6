// Command mine is a right solution of mine whose time grows as known: every operation it
// plays costs a scan of the whole board (as if to count the swept cells, to tell a
// finish), charged as n·m units of CPU time (package cost), so its time goes as operations
// × rows × columns, an exponent of 1 along each, on any machine. Its answers are ref's: its
// only failing is the time (TestGrowthIsExplained, BenchmarkGrowthOfKnownPrograms).
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
	out, err := ref.MineTrace(input, func(s *ref.MineStep) {
		if s.Op == "" || s.Op == "Quit" {
			return
		}
		n, m := s.Size()
		work.Charge(float64(n * m))
	})
	work.Finish(out, err)
}
