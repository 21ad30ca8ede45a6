// Package tle_test hunts boom's time-out of the zoo (package zoo) in a test binary of its own,
// beside zoo/boom, which checks the program and hunts its other bugs: each run of a time-out
// costs the time limit, and the two together in one binary would come near go test's
// 10 minutes per package on a busy machine.
package tle_test

import (
	"gamediff/cmd/diff/zoo"
	"testing"
)

// bugs are the time-outs of testdata/wrong/boom.
var bugs = []zoo.Bug{
	// A board scan per operation: its time grows with the square of the side, faster than
	// with the operations or the games.
	{Name: "rescan", Verdict: "TLE", Grows: []string{"side"}},
}

func TestZoo(t *testing.T) { zoo.Caught(t, "boom", bugs) }
