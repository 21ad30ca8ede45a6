// Package tle_test hunts mine's time-out of the zoo (package zoo) in a test binary of its own,
// beside zoo/mine, which checks the program and hunts its other bugs: each run of a time-out
// costs the time limit, and the two together in one binary would come near go test's
// 10 minutes per package on a busy machine.
package tle_test

import (
	"gamediff/cmd/diff/zoo"
	"testing"
)

// bugs are the time-outs of testdata/wrong/mine.
var bugs = []zoo.Bug{
	// A board scan per operation: its time grows with the operations, the rows and the
	// columns alike.
	{Name: "rescan", Verdict: "TLE", Grows: []string{"operations", "rows", "columns"}},
}

func TestZoo(t *testing.T) { zoo.Caught(t, "mine", bugs) }
