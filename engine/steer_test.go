package engine_test

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"

	"gamediff/coverage"
	"gamediff/engine"
	"gamediff/outcome"
)

// steeredToy is the toy with a catalogue of situations and a generator that aims: its
// workers play the plain toy (they look it up by name), its hunts' coordinator steers.
type steeredToy struct{ engine.Game }

// The toy's catalogue: situations its generator reaches often, and one it all but never
// does (eleven 99s: one case in 10^22), which only an aim reaches.
var toySituations = []coverage.Situation{
	{ID: "empty", Kind: coverage.Boundary, Doc: "docs/toy", What: "no number"},
	{ID: "has-zero", Kind: coverage.Branch, Doc: "docs/toy", What: "a 0"},
	{ID: "eleven", Kind: coverage.Boundary, Doc: "docs/toy", What: "eleven numbers"},
	{ID: "all-99", Kind: coverage.Boundary, Doc: "docs/toy", What: "eleven numbers, each 99"},
	{ID: "opening", Kind: coverage.Boundary, Doc: "docs/toy", What: "a case of 100 numbers, the opening one"},
}

func (steeredToy) Situations() []coverage.Situation { return toySituations }

func (steeredToy) Reach(input []byte) coverage.Set {
	var r coverage.Set
	c, err := decodeToy(input)
	if err != nil {
		return r
	}
	n, all99, zero := len(c), true, false
	for _, v := range c {
		all99 = all99 && v == 99
		zero = zero || v == 0
	}
	if n == 0 {
		r.Add(0)
	}
	if zero {
		r.Add(1)
	}
	if n == 11 {
		r.Add(2)
	}
	if n == 11 && all99 {
		r.Add(3)
	}
	if n == 100 {
		r.Add(4)
	}
	return r
}

func (steeredToy) Openers() int { return 1 }

func (steeredToy) Opener(k int, seed uint64) engine.Case {
	c := make(toyCase, 100)
	for i := range c {
		c[i] = int(seed>>(i%60)) % 100
	}
	return c
}

// Toward aims at all-99 with eleven 99s, at anything else with the toy's own case.
func (s steeredToy) Toward(seed uint64, want coverage.Set) engine.Case {
	if want.Has(3) {
		return toyCase{99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99}
	}
	return s.Generate(seed)
}

// A hunt of a game with a catalogue reports what it reached; steered, it reaches what its
// generator alone never would, and begins with the opening case. The steering is part of
// the cases' seed: the same cases (one digest) with one worker or two, in two shards, or
// started past index 0, where the reach of the indices it does not run is computed.
func TestSteeringReachesTheRareAndKeepsTheSeed(t *testing.T) {
	g := steeredToy{game(t, "toy")}
	const cases = 3000 // past the steering horizon and its epochs
	hunt := func(workers int, start, n int64, shard, shards int) outcome.Summary {
		t.Helper()
		sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Seed: 5, Workers: workers,
			Start: start, Cases: n, Shard: shard, Shards: shards, MinimizeTime: -1})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Cases != n && shards <= 1 {
			t.Fatalf("ran %d cases, want %d", sum.Cases, n)
		}
		return sum
	}
	one := hunt(1, 0, cases, 0, 0)
	c := one.Coverage
	if c == nil || c.Situations != len(toySituations) || c.Reached != len(toySituations) || len(c.Never) != 0 {
		t.Fatalf("coverage %+v, want every situation reached", c)
	}
	if c.Opening != 1 || c.Steered == 0 || c.Steered > cases {
		t.Errorf("coverage %+v: want the opening case run, and some cases steered", c)
	}
	digest := func(s outcome.Summary) uint64 {
		d, err := strconv.ParseUint(s.Digest, 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if two := hunt(2, 0, cases, 0, 0); two.Digest != one.Digest || two.Coverage.Steered != c.Steered {
		t.Errorf("two workers: digest %s, %d steered; one worker: %s, %d", two.Digest, two.Coverage.Steered, one.Digest, c.Steered)
	}
	if a, b := hunt(2, 0, cases, 1, 2), hunt(2, 0, cases, 2, 2); digest(a)^digest(b) != digest(one) {
		t.Errorf("shards 1/2 and 2/2: digests %s ^ %s, want the whole hunt's %s", a.Digest, b.Digest, one.Digest)
	}
	// Past index 0: the first 1000 cases apart, then the rest, whose steering needs the
	// reach of the first.
	if a, b := hunt(2, 0, 1000, 0, 0), hunt(2, 1000, cases-1000, 0, 0); digest(a)^digest(b) != digest(one) {
		t.Errorf("-start 1000: digests %s ^ %s, want the whole hunt's %s", a.Digest, b.Digest, one.Digest)
	}
}

// A game without a catalogue reports no coverage.
func TestNoCatalogueNoCoverage(t *testing.T) {
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: game(t, "toy"), Seed: 5, Cases: 50, MinimizeTime: -1})
	if err != nil || sum.Coverage != nil {
		t.Fatalf("coverage %+v, err %v: want none", sum.Coverage, err)
	}
}

// countedToy is steeredToy counting the cases it makes.
type countedToy struct {
	steeredToy
	made *atomic.Int64
}

func (c countedToy) Generate(seed uint64) engine.Case {
	c.made.Add(1)
	return c.steeredToy.Generate(seed)
}

func (c countedToy) Toward(seed uint64, want coverage.Set) engine.Case {
	c.made.Add(1)
	return c.steeredToy.Toward(seed, want)
}

func (c countedToy) Opener(k int, seed uint64) engine.Case {
	c.made.Add(1)
	return c.steeredToy.Opener(k, seed)
}

// TestShortHuntMakesOnlyItsCases: a hunt of a few cases makes those cases and no other:
// the reach of a case past its last could steer only cases it does not run, so none is
// made for it, whatever the epoch its last case ends in.
func TestShortHuntMakesOnlyItsCases(t *testing.T) {
	for _, n := range []int64{5, 300} {
		var made atomic.Int64
		g := countedToy{steeredToy{game(t, "toy")}, &made}
		sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Seed: 5, Workers: 2, Cases: n, MinimizeTime: -1})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Cases != n || made.Load() != n {
			t.Errorf("-cases %d: ran %d cases, made %d: want every case run made once, and no other", n, sum.Cases, made.Load())
		}
	}
}
