package games

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"gamediff/engine"
	"gamediff/gen"
)

// rulingID is the form of a ruling's id: R-M1, R-B3, R-D2, R-T18.
var rulingID = regexp.MustCompile(`^R-([MBDT])([0-9]+)$`)

// gameOfRuling is the game whose rulings carry each letter.
var gameOfRuling = map[string]string{"M": "mine", "B": "boom", "D": "datamining", "T": "tower"}

// SkipRulings returns g whose generated cases leave out what reaches the rulings ids
// (docs/<game>.md): a case that reaches one is drawn again, from a seed derived from its
// own so that hunts stay reproducible; for a game of several datasets, only the datasets
// that reach one are left out. It is how a program that reads a ruling its own way is
// hunted for everything else.
func SkipRulings(g Game, ids []string) (engine.Game, error) {
	skip := map[string]bool{}
	for _, id := range ids {
		m := rulingID.FindStringSubmatch(id)
		if m == nil {
			return nil, fmt.Errorf("-skip-rule: %q is not a ruling id (R-M1, R-B1, R-D2, R-T6, …)", id)
		}
		if gameOfRuling[m[1]] != g.Name() {
			return nil, fmt.Errorf("-skip-rule: %s is a ruling of %s, not of %s", id, gameOfRuling[m[1]], g.Name())
		}
		if !slices.ContainsFunc(g.KnownRulings(), func(r gen.Ruling) bool { return r.ID == id }) {
			var known []string
			for _, r := range g.KnownRulings() {
				known = append(known, r.ID)
			}
			return nil, fmt.Errorf("-skip-rule: %s has no situation a case can reach (%s's: %s)", id, g.Name(), strings.Join(known, ", "))
		}
		skip[id] = true
	}
	s := skipping{Game: g, skip: skip}
	if b, ok := g.(engine.Batcher); ok {
		return skippingBatched{s, b}, nil
	}
	return s, nil
}

// skipping draws every case of the game, whole or for packing, through one filter.
type skipping struct {
	Game
	skip map[string]bool
}

// skippingBatched is skipping for a game that packs: a packed hunt draws with Unit alone,
// so Unit must leave out what Generate does.
type skippingBatched struct {
	skipping
	engine.Batcher
}

// skipAttempts bounds the redraws: a generator whose every case reaches a skipped ruling
// is a mistake to report, not a hang.
const skipAttempts = 1000

func (s skipping) Generate(seed uint64) engine.Case { return s.draw(s.Game.Generate, seed) }

func (s skippingBatched) Unit(seed uint64) engine.Case { return s.draw(s.Batcher.Unit, seed) }

// draw is generate's case of seed without what reaches a skipped ruling, redrawn from a
// seed derived from the last while nothing is left.
func (s skipping) draw(generate func(seed uint64) engine.Case, seed uint64) engine.Case {
	for range skipAttempts {
		if kept, ok := s.keep(generate(seed)); ok {
			return kept
		}
		seed = seed*0x9E3779B97F4A7C15 + 1
	}
	panic(fmt.Sprintf("every case generated reaches a skipped ruling (%s)", strings.Join(keys(s.skip), ", ")))
}

func (s skipping) reaches(c engine.Case) bool {
	for _, id := range s.Rulings(c) {
		if s.skip[id] {
			return true
		}
	}
	return false
}

// keep is c without what reaches a skipped ruling, or false when nothing is left. The
// parts kept are put back together without Join, whose packing cap would drop a big
// generated case; and a case none of whose parts goes is kept as it is, without a copy.
func (s skipping) keep(c engine.Case) (engine.Case, bool) {
	split, ok := s.Game.(interface {
		Parts(engine.Case) []engine.Case
		concatParts([]engine.Case) engine.Case
	})
	if !ok {
		return c, !s.reaches(c)
	}
	parts := split.Parts(c)
	var kept []engine.Case
	for _, p := range parts {
		if !s.reaches(p) {
			kept = append(kept, p)
		}
	}
	switch len(kept) {
	case 0:
		return nil, false
	case len(parts):
		return c, true
	}
	return split.concatParts(kept), true
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
