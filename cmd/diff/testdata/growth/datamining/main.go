// Command datamining is a right solution of datamining whose time grows as known: every
// board costs an exhaustive search over every set of its mines (the flags a player might
// have placed), each set checked at every cell, charged as cells × 2^mines units of CPU
// time (package cost), so its time goes as boards × cells × 2^mines: exponential in the
// size of the boards (rows, columns), linear in the number of boards, on any machine. Its
// answers are ref's: its only failing is the time (BenchmarkGrowthOfKnownPrograms).
package main

import (
	"io"
	"math"
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
	out, err := ref.DataminingTrace(input, func(s *ref.DataminingStep) {
		r, c := s.Size()
		mines := 0
		for x := 1; x <= r; x++ {
			for y := 1; y <= c; y++ {
				if s.Mine(x, y) {
					mines++
				}
			}
		}
		work.Charge(float64(r*c) * math.Exp2(float64(mines)))
	})
	work.Finish(out, err)
}
