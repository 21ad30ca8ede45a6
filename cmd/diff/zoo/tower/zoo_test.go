// Package tower_test hunts tower's wrong solutions of the zoo (package zoo), in a test binary
// of its own.
package tower_test

import (
	"gamediff/cmd/diff/zoo"
	"testing"
)

// bugs are the -bug values of testdata/wrong/tower and their verdicts, the slowest to catch
// first.
var bugs = []zoo.Bug{
	{Name: "pull-c", Verdict: "WA"}, // the latest to be caught (docs/benchmarks.md, "The zoo")
	{Name: "chain-nearest-first", Verdict: "WA"},
	{Name: "ice-no-slide-level1", Verdict: "WA"},
	{Name: "getdown-through-side", Verdict: "WA"},
	{Name: "fragile-push", Verdict: "WA"},
	{Name: "levels-49", Verdict: "RE"},                       // a tower 50 levels high
	{Name: "row-tab", Verdict: "WA", SameOnAnyMachine: true}, // a tab between a row's characters
	{Name: "fall-top-level", Verdict: "WA"},                  // a block of the top level that should fall
	{Name: "crush-on-entry", Verdict: "WA"},                  // a block in his cell, and he falls away from it
}

func TestZoo(t *testing.T) { zoo.Test(t, "tower", bugs) }
