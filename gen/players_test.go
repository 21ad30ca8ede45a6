package gen

import (
	"bytes"
	"testing"

	"github.com/leanovate/gopter"
)

// TestPlayersMakeTheSameCasesOnFast: the players (mine's and boom's sweeper, tower's) play
// on the judge's board of package fast where no ruling is skipped, and on ref's game where
// some are; the cases must be the same byte for byte, so that a hunt's seed makes the case
// it made on ref's game and the zoo, the test sets and the reports stay as they were. The
// mixes draw cases of every scenario; the calls below aim at what the boards could tell
// apart: a DSweep or middle click that loses after cells opened before the mine (ref
// sweeps them first), giant cascades and their order, '?' marks that cascades open, B
// stacks whose first command sets off rounds of automatic steps, long careful games.
func TestPlayersMakeTheSameCasesOnFast(t *testing.T) {
	for _, c := range []struct {
		name  string
		gen   gopter.Gen
		seeds int
	}{
		{"MineGen", MineGen(nil), 400},
		{"BoomGen", BoomGen(nil), 150},
		{"BoomUnitGen", BoomUnitGen(nil), 400},
		{"mine wrong-flag-boom", mustGen("mine -n 5..40 -m 5..40 -q 20..300 -scenario wrong-flag-boom", nil), 60},
		{"mine long-game boom", mustGen("mine -n 10..60 -m 10..60 -q 100..600 -ops any -scenario long-game -end boom", nil), 30},
		{"mine long-game finish", mustGen("mine -n 10..60 -m 10..60 -q 100..600 -ops any -scenario long-game -cascade 50 -end finish", nil), 30},
		{"mine dense-dsweep", mustGen("mine -n 10..80 -m 10..80 -q 100..2000 -scenario dense-dsweep", nil), 30},
		{"mine cascade-long-game", mustGen("mine -n 200..300 -m 200..300 -q 2000..8000 -scenario cascade-long-game", nil), 4},
		{"boom patient", mustGen("boom -T 1 -n 20..60 -m 20..60 -q 200..2000 -layout sparse -player patient", nil), 20},
		{"boom careful", mustGen("boom -T 1 -n 10..60 -m 10..60 -q 100..2000 -layout dense -player careful", nil), 30},
		{"TowerGen", TowerGen(nil), 400},
		{"TowerUnitGen", TowerUnitGen(nil), 400},
		{"tower b-stacks", mustGen("tower -datasets 1..5 -n 5..20 -m 5..20 -cmds 10..60 -layout b-stacks", nil), 40},
		{"tower careful", mustGen("tower -datasets 1..5 -n 10..50 -m 10..50 -cmds 50..200 -careful", nil), 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			for seed := range c.seeds {
				onFast := drawCase[interface{ Encode() []byte }](t, c.gen, int64(seed)).Encode()
				playOnRef = true
				onRef := drawCase[interface{ Encode() []byte }](t, c.gen, int64(seed)).Encode()
				playOnRef = false
				if !bytes.Equal(onFast, onRef) {
					t.Fatalf("seed %d: the case played on fast's board differs from the one played on ref's (%d and %d bytes)", seed, len(onFast), len(onRef))
				}
			}
		})
	}
}
