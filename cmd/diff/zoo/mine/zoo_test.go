// Package mine_test hunts mine's wrong solutions of the zoo (package zoo), in a test binary
// of its own.
package mine_test

import (
	"gamediff/cmd/diff/zoo"
	"testing"
)

// bugs are the -bug values of testdata/wrong/mine and their verdicts, the slowest to catch
// first; its time-out is hunted apart, in zoo/mine/tle.
var bugs = []zoo.Bug{
	{Name: "recursive-fill", Verdict: "RE", SameWithOneWorker: true}, // a fatal "goroutine stack exceeds" under the 8 MB stack
	{Name: "column-first", Verdict: "WA"},
	{Name: "dsweep-more-flags", Verdict: "WA"},
	{Name: "quit-counted", Verdict: "WA"},
	{Name: "cascade-keeps-flags", Verdict: "WA", SameWithOneWorker: true, SameUnderLoad: true},
	{Name: "no-finish-after-dsweep", Verdict: "WA"},
}

func TestZoo(t *testing.T) { zoo.Test(t, "mine", bugs) }
