package games

import "testing"

// BenchmarkMine: a 1000x1000 board with 60000 operations whose first Sweep cascades over
// about a million cells (about 10 MB of output), and a dense board played with correctly
// flagged DSweeps.
func BenchmarkMine(b *testing.B) {
	g, _ := Lookup("mine")
	b.Run("cascade", func(b *testing.B) {
		benchJudges(b, g, benchCase(b, "mine -n 1000 -m 1000 -q 60000 -scenario cascade", 1).Encode())
	})
	b.Run("dsweep", func(b *testing.B) {
		benchJudges(b, g, benchCase(b, "mine -n 1000 -m 1000 -q 60000 -scenario dense-dsweep", 1).Encode())
	})
}
