package games

import (
	"testing"

	"gamediff/gen"
)

// boomBenchShape is the benchmark input, the statement's largest: 30 games of 200x200, each with 10000
// operations. A careful player on 10-20% mines keeps most games running for long: flags,
// middle clicks that open, cascades, and INVALID after the games that end.
var boomBenchShape = gen.BoomShape{
	Games:  [2]int{gen.BoomMaxGames, gen.BoomMaxGames},
	N:      [2]int{gen.BoomMaxSide, gen.BoomMaxSide},
	M:      [2]int{gen.BoomMaxSide, gen.BoomMaxSide},
	Ops:    [2]int{gen.BoomMaxOps, gen.BoomMaxOps},
	Kinds:  gen.BoomAllKinds,
	Layout: gen.BoomDense,
	Player: gen.BoomCareful,
}

// BenchmarkBoom: floor, fast and ref on 30 games of 200x200 with 10000 operations each.
// "careful" is the shape above; "mixed" draws layouts (mine-free and all-mine boards
// included) and players per game, so many games end early and answer INVALID.
func BenchmarkBoom(b *testing.B) {
	g, _ := Lookup("boom")
	b.Run("careful", func(b *testing.B) {
		benchJudges(b, g, benchCase(b, gen.BoomCase(boomBenchShape), 1).Encode())
	})
	mixed := boomBenchShape
	mixed.Layout, mixed.Player = gen.BoomRandom, gen.BoomAnyPlayer
	b.Run("mixed", func(b *testing.B) {
		benchJudges(b, g, benchCase(b, gen.BoomCase(mixed), 1).Encode())
	})
}
