package gen

import "github.com/leanovate/gopter"

// PlanTest is one test of a game's test set, identified by its generator call as in a
// testlib generation script: the same call and seed make the same file.
type PlanTest struct {
	Call string     // the generator and its parameters, e.g. "mine -n 10 -m 10 -q 60 -ops A"
	Gen  gopter.Gen // makes the case from a seeded random source
}

// Bound is one constrained quantity of a case, with the limits the statement sets for it
// in that case, so that a test set can report which limits it reaches (a testlib
// validator's overview).
type Bound struct {
	Name   string
	Value  int
	Lo, Hi int
}

// Feature is one thing a test set should exercise (a rule of the rulebook, a board
// shape), and whether a case does.
type Feature struct {
	Name string
	Seen bool
}
