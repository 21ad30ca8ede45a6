// Command boom is a right solution of boom whose time grows as known: every click of a
// game not over costs a scan of the whole board (the player's map, as if to tell what
// changed), charged as n·m units of CPU time (package cost), so its time goes as games ×
// operations × rows × columns: an exponent of 1 along the games and the operations, 2
// along the side of the boards (rows and columns together), on any machine. Its answers
// are fast's, which are ref's: its only failing is the time (BenchmarkGrowthOfKnownPrograms).
package main

import (
	"bytes"
	"io"
	"os"

	"gamediff/cmd/diff/testdata/growth/cost"
	"gamediff/fast"
	"gamediff/ref"
)

func main() {
	work := cost.Parse()
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		work.Finish(nil, err)
	}
	// The answers are fast's, and the clicks charged are counted on ref's play that prints
	// nothing: the program's real work stays a small share of what it is charged.
	var out bytes.Buffer
	err = fast.Boom(input, &out)
	ref.BoomSteps(input, func(s *ref.BoomStep) {
		if s.Op <= 0 || s.Answer() == "INVALID" {
			return
		}
		n, m := s.Size()
		work.Charge(float64(n * m))
	})
	work.Finish(out.Bytes(), err)
}
