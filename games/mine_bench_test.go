package games

import (
	"testing"

	"gamediff/gen"
)

// BenchmarkMine: a 1000x1000 board with 60000 operations whose first Sweep cascades over
// about a million cells (about 10 MB of output), and a dense board played with correctly
// flagged DSweeps.
func BenchmarkMine(b *testing.B) {
	g, _ := Lookup("mine")
	limits := func(s gen.MineScenario) gen.MineShape {
		return gen.MineShape{N: [2]int{1000, 1000}, M: [2]int{1000, 1000}, Ops: [2]int{gen.MineMaxOps, gen.MineMaxOps}, Scenario: s}
	}
	b.Run("cascade", func(b *testing.B) {
		benchJudges(b, g, benchCase(b, gen.MineCase(limits(gen.MineGiantCascade)), 1).Encode())
	})
	b.Run("dsweep", func(b *testing.B) {
		benchJudges(b, g, benchCase(b, gen.MineCase(limits(gen.MineDenseDSweep)), 1).Encode())
	})
}
