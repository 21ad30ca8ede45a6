// Package boom_test hunts boom's wrong solutions of the zoo (package zoo), in a test binary
// of its own.
package boom_test

import (
	"gamediff/cmd/diff/zoo"
	"testing"
)

// bugs are the -bug values of testdata/wrong/boom and their verdicts, the slowest to catch
// first; its time-out is hunted apart, in zoo/boom/tle.
var bugs = []zoo.Bug{
	{Name: "question-stops-cascade", Verdict: "WA"},
	{Name: "win-after-change-only", Verdict: "WA"},
	{Name: "middle-skips-zero", Verdict: "WA"},
	{Name: "no-reset", Verdict: "WA"},
	{Name: "middle-on-flag-opened", Verdict: "WA"},
	{Name: "middle-question-not-checked", Verdict: "WA"},
	{Name: "short-queue", Verdict: "RE"},
	{Name: "cr-not-blank", Verdict: "WA"},
}

func TestZoo(t *testing.T) { zoo.Test(t, "boom", bugs) }

// TestOneBugOneFinding: a public solution's bug (a middle click on a flagged cell taken for
// an opened one) answers wrong as a list of one length or another, or LOSE: one finding.
func TestOneBugOneFinding(t *testing.T) { zoo.OneFinding(t, "boom", "middle-on-flag-opened", 400) }
