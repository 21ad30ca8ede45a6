package games

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"gamediff/engine"
)

// TestSkipRulingsLeavesThemOut: with rulings skipped, no case reaches them, neither of
// Generate nor of Unit, with which a hunt of a program draws the cases it packs; every
// case is valid and the same for the same seed; and Skipped counts what was left out.
func TestSkipRulingsLeavesThemOut(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	if testing.Short() {
		t.Skip("-short: every ruling skipped, hunted is proved by the full suite")
	}
	const seeds, wholeSeeds = 200, 50
	for _, tc := range []struct {
		game  string
		skip  []string
		units bool
	}{
		{"mine", []string{"R-M1"}, false},
		{"mine", []string{"R-M2", "R-M3"}, false},
		{"mine", []string{"R-M1", "R-M4"}, false},
		{"boom", []string{"R-B1", "R-B2"}, true},
		{"boom", []string{"R-B3"}, true},
		{"tower", []string{"R-T4", "R-T5"}, true},
		{"tower", []string{"R-T3", "R-T12", "R-T14"}, true},
		{"tower", []string{"R-T6", "R-T9", "R-T15"}, true},
		{"datamining", []string{"R-D1"}, true},
		{"datamining", []string{"R-D2"}, true},
	} {
		t.Run(tc.game+"/"+strings.Join(tc.skip, ","), func(t *testing.T) {
			g := registry[tc.game]
			skipped, err := SkipRulings(g, tc.skip)
			if err != nil {
				t.Fatal(err)
			}
			draws := []struct {
				name           string
				whole, skipped func(seed uint64) engine.Case
			}{{"Generate", g.Generate, skipped.Generate}}
			if tc.units {
				draws = append(draws, struct {
					name           string
					whole, skipped func(seed uint64) engine.Case
				}{"Unit", g.(engine.Batcher).Unit, skipped.(engine.Batcher).Unit})
			}
			reached := 0
			for _, draw := range draws {
				for seed := range uint64(seeds) {
					// That the rulings are reached unskipped shows the test meets them: the
					// first seeds tell.
					if seed < wholeSeeds && slices.ContainsFunc(g.Rulings(draw.whole(seed)), func(id string) bool { return slices.Contains(tc.skip, id) }) {
						reached++
					}
					c := draw.skipped(seed)
					if got := g.Rulings(c); slices.ContainsFunc(got, func(id string) bool { return slices.Contains(tc.skip, id) }) {
						t.Fatalf("%s of seed %d reaches %v, with %v skipped", draw.name, seed, got, tc.skip)
					}
					if err := g.Validate(c.Encode()); err != nil {
						t.Fatalf("%s of seed %d, with %v skipped, is invalid: %v", draw.name, seed, tc.skip, err)
					}
					if seed%4 != 0 {
						continue // a draw made again is checked on every fourth seed
					}
					if again := draw.skipped(seed); !bytes.Equal(again.Encode(), c.Encode()) {
						t.Fatalf("%s of seed %d, with %v skipped, differs from one draw to the next", draw.name, seed, tc.skip)
					}
				}
			}
			if reached == 0 {
				t.Fatalf("no case of %d drawn unskipped reaches %v: the test shows nothing", wholeSeeds*len(draws), tc.skip)
			}
			counts, left := skipped.Skipped(), int64(0)
			for _, id := range tc.skip {
				left += counts[id]
			}
			if len(counts) != len(tc.skip) || left == 0 {
				t.Errorf("Skipped() = %v, want a count for each of %v, not all 0", counts, tc.skip)
			}
			t.Logf("%d cases of %d drawn unskipped reach %v; left out: %v", reached, wholeSeeds*len(draws), tc.skip, counts)
		})
	}
}

// TestSkipRulingsTakesEveryGamesIDs: a hunt of every game passes the ids of all of them:
// each game keeps its own and ignores the others', and an id that is no game's ruling,
// or no situation's, is an error.
func TestSkipRulingsTakesEveryGamesIDs(t *testing.T) {
	for _, tc := range []struct {
		game string
		ids  []string
		want []string // the rulings counted, or nil for an error
		err  string
	}{
		{"mine", []string{"R-M1", "R-B1", "R-T6", "R-D2"}, []string{"R-M1"}, ""},
		{"boom", []string{"R-M1", "R-B1", "R-B3"}, []string{"R-B1", "R-B3"}, ""},
		{"tower", []string{"R-M4"}, []string{}, ""},
		{"mine", []string{"R-M9"}, nil, "R-M9 has no situation a case can reach (mine's: R-M1, R-M2, R-M3, R-M4)"},
		{"mine", []string{"R-T1"}, nil, "R-T1 has no situation a case can reach (tower's"},
		{"mine", []string{"R-X1"}, nil, `R-X1: no game's rulings carry X`},
		{"mine", []string{"M1"}, nil, `"M1" is not a ruling id`},
		{"mine", []string{"M1"}, nil, `"M1" is not a ruling id`},
	} {
		t.Run(tc.game+"/"+strings.Join(tc.ids, ","), func(t *testing.T) {
			g, err := SkipRulings(registry[tc.game], tc.ids)
			if tc.want == nil {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var counted []string
			for id := range g.Skipped() {
				counted = append(counted, id)
			}
			if slices.Sort(counted); !slices.Equal(counted, tc.want) {
				t.Errorf("Skipped() counts %v, want %v", counted, tc.want)
			}
		})
	}
	if registry["mine"].Skipped() != nil {
		t.Error("a registered game counts skipped rulings")
	}
}
