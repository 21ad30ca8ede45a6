// Package games is the one place that wires each game to the engine: its name, its
// reference and optimized judges, its generator and shrinker, and its validator.
package games

import (
	"fmt"
	"sort"
	"strings"

	"gamediff/engine"
	"gamediff/gen"
)

var registry = map[string]*engine.Game{}

// register adds a game; each game's file calls it from init.
func register(g *engine.Game) {
	if _, dup := registry[g.Name]; dup {
		panic("games: " + g.Name + " registered twice")
	}
	registry[g.Name] = g
}

// All returns every registered game, by name.
func All() []*engine.Game {
	all := make([]*engine.Game, 0, len(registry))
	for _, g := range registry {
		all = append(all, g)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	return all
}

// Names lists the registered games, by name.
func Names() []string {
	var names []string
	for _, g := range All() {
		names = append(names, g.Name)
	}
	return names
}

// Lookup returns the game called name.
func Lookup(name string) (*engine.Game, error) {
	if g, ok := registry[name]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(Names(), ", "))
}

// plannedTests and bounds carry gen's plan types over to the engine's, which have the
// same fields: gen and engine do not import each other.
func plannedTests(plan []gen.PlanTest) []engine.PlannedTest {
	out := make([]engine.PlannedTest, len(plan))
	for i, p := range plan {
		out[i] = engine.PlannedTest{Call: p.Call, Gen: p.Gen}
	}
	return out
}

func bounds(bs []gen.Bound) []engine.Bound {
	out := make([]engine.Bound, len(bs))
	for i, b := range bs {
		out[i] = engine.Bound(b)
	}
	return out
}

func features(fs []gen.Feature) []engine.Feature {
	out := make([]engine.Feature, len(fs))
	for i, f := range fs {
		out[i] = engine.Feature(f)
	}
	return out
}
