// Package games is the one place that wires each game to the engine: its name, its
// reference and optimized judges, its generator and shrinker, and its validator.
package games

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/leanovate/gopter"

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

// caseModel is what each game's case type in package gen provides.
type caseModel interface {
	engine.Case
	Bounds() []gen.Bound
}

// typed is a game as package gen types it: registering it makes the adapters the engine,
// which knows cases only as engine.Case, needs.
type typed[C caseModel] struct {
	Name      string
	Ref, Fast engine.Func
	Gen       gopter.Gen
	Shrink    gopter.Shrinker
	Decode    func([]byte) (C, error)
	FromBytes func([]byte) C
	Plan      func() []gen.PlanTest
	TimeLimit time.Duration
}

func (t typed[C]) game() *engine.Game {
	g := &engine.Game{
		Name: t.Name, Ref: t.Ref, Fast: t.Fast, Gen: t.Gen, Shrink: t.Shrink, TimeLimit: t.TimeLimit,
		Decode:    func(input []byte) (engine.Case, error) { return t.Decode(input) },
		FromBytes: func(data []byte) engine.Case { return t.FromBytes(data) },
		Plan: func() []engine.PlannedTest {
			var out []engine.PlannedTest
			for _, p := range t.Plan() {
				out = append(out, engine.PlannedTest{Call: p.Call, Gen: p.Gen})
			}
			return out
		},
		Bounds: func(c engine.Case) []engine.Bound {
			var out []engine.Bound
			for _, b := range c.(C).Bounds() {
				out = append(out, engine.Bound(b))
			}
			return out
		},
	}
	// Features are optional: the games whose test sets must exercise rules or shapes.
	var zero C
	if _, ok := any(zero).(interface{ Features() []gen.Feature }); ok {
		g.Features = func(c engine.Case) []engine.Feature {
			var out []engine.Feature
			for _, f := range any(c).(interface{ Features() []gen.Feature }).Features() {
				out = append(out, engine.Feature(f))
			}
			return out
		}
	}
	return g
}
