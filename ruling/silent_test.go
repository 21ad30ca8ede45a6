package ruling_test

import (
	"testing"

	"gamediff/coverage"
	"gamediff/engine"
	registry "gamediff/games"
	"gamediff/ruling"
	"gamediff/testcase"
)

// TestSilentPlayReachesAsThePrinted: mine's and boom's reach and rulings, which follow
// ref's play with no output (its answers neither sorted nor printed), are those of the
// play that prints, on random small cases, on a hunt's opening cases of 64 KiB at most
// (the default set's), and on cases aimed at every situation of the catalogue.
func TestSilentPlayReachesAsThePrinted(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	for _, tt := range []struct {
		game   string
		reach  func([]byte) coverage.Set
		read   func([]byte) ruling.Set
		decode func([]byte) []byte
	}{
		{"mine", ruling.MineReach, ruling.MineInput, func(b []byte) []byte { return testcase.MineFromBytes(b).Encode() }},
		{"boom", ruling.BoomReach, ruling.BoomInput, func(b []byte) []byte { return testcase.BoomFromBytes(b).Encode() }},
	} {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			g, err := registry.Lookup(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			inputs := seededCases(500, tt.decode)
			for k := range g.Openers() {
				// The openers at the statement's limits play as the smaller ones do, at
				// the cost of seconds each, twice.
				if c := g.Opener(k, engine.CaseSeed(1, int64(k))).Encode(); len(c) <= 1<<16 {
					inputs = append(inputs, c)
				}
			}
			catalogue := g.Situations()
			for i := range catalogue {
				var want coverage.Set
				want.Add(i)
				inputs = append(inputs, g.Toward(engine.CaseSeed(2, int64(i)), want).Encode())
			}
			seen := coverage.Set{}
			for _, input := range inputs {
				silent, printed := tt.reach(input), ruling.Reached[tt.game](input)
				if silent != printed {
					t.Fatalf("the silent play reaches %v, the printed %v\n%.300s", silent.IDs(catalogue), printed.IDs(catalogue), input)
				}
				if silent, printed := tt.read(input), ruling.Read[tt.game](input); silent != printed {
					t.Fatalf("the silent play reads the rulings %v, the printed %v\n%.300s", silent, printed, input)
				}
				seen = seen.Union(silent)
			}
			if seen.Len() < len(catalogue)*9/10 {
				t.Errorf("the cases reach %d of %d situations: the comparison misses the rest", seen.Len(), len(catalogue))
			}
		})
	}
}
