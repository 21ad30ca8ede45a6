package games

import (
	"bytes"
	"slices"
	"testing"

	"gamediff/engine"
)

func reachesRuling(g Game, c engine.Case, id string) bool {
	return slices.Contains(g.Rulings(c), id)
}

// TestSkipRulingsLeavesThemOut: with a ruling skipped, no case reaches it, neither of
// Generate nor of Unit, with which a hunt of a program draws the cases it packs.
func TestSkipRulingsLeavesThemOut(t *testing.T) {
	const seeds = 300
	for _, tc := range []struct{ game, ruling string }{
		{"boom", "R-B2"},
		{"tower", "R-T4"},
		{"datamining", "R-D1"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := registry[tc.game]
			skipped, err := SkipRulings(g, []string{tc.ruling})
			if err != nil {
				t.Fatal(err)
			}
			packed, ok := skipped.(engine.Batcher)
			if !ok {
				t.Fatalf("skipping %s does not pack", tc.game)
			}
			for _, draw := range []struct {
				name           string
				whole, skipped func(seed uint64) engine.Case
			}{
				{"Generate", g.Generate, skipped.Generate},
				{"Unit", g.(engine.Batcher).Unit, packed.Unit},
			} {
				reached := 0
				for seed := range uint64(seeds) {
					if reachesRuling(g, draw.whole(seed), tc.ruling) {
						reached++
					}
					c := draw.skipped(seed)
					if reachesRuling(g, c, tc.ruling) {
						t.Fatalf("%s of seed %d reaches %s, which is skipped", draw.name, seed, tc.ruling)
					}
					if err := g.Validate(c.Encode()); err != nil {
						t.Fatalf("%s of seed %d, with %s skipped, is invalid: %v", draw.name, seed, tc.ruling, err)
					}
				}
				if reached == 0 {
					t.Errorf("no case of %s reaches %s unskipped in %d seeds: the test shows nothing", draw.name, tc.ruling, seeds)
				}
			}
		})
	}
}

// TestSkipRulingsKeepsBigCases: a case past what Join packs (packedBytes) none of whose
// datasets reaches a skipped ruling is kept as it is, not drawn again.
func TestSkipRulingsKeepsBigCases(t *testing.T) {
	for _, tc := range []struct{ game, ruling string }{
		{"tower", "R-T4"},
		{"datamining", "R-D1"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := registry[tc.game]
			packing := g.(interface {
				engine.Batcher
				Parts(engine.Case) []engine.Case
				concatParts([]engine.Case) engine.Case
			})
			var parts []engine.Case
			var big engine.Case
			for seed, size := uint64(1), 0; big == nil || len(big.Encode()) <= packedBytes; seed++ {
				for _, p := range packing.Parts(packing.Unit(seed)) {
					if !reachesRuling(g, p, tc.ruling) {
						parts = append(parts, p)
						size += len(p.Encode())
					}
				}
				if size > packedBytes { // not before: a concatenation per seed costs seconds
					big = packing.concatParts(parts)
				}
			}
			if _, ok := packing.Join(parts); ok {
				t.Fatalf("Join packs a case of %d bytes: the test shows nothing", len(big.Encode()))
			}
			skipped, err := SkipRulings(g, []string{tc.ruling})
			if err != nil {
				t.Fatal(err)
			}
			kept, ok := skipped.(skippingBatched).keep(big)
			if !ok || !bytes.Equal(kept.Encode(), big.Encode()) {
				t.Errorf("a case of %d bytes reaching no skipped ruling is not kept as it is (kept: %v)", len(big.Encode()), ok)
			}
		})
	}
}
