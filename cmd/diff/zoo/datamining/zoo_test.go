// Package datamining_test hunts datamining's wrong solutions of the zoo (package zoo), in a test binary
// of its own.
package datamining_test

import (
	"gamediff/cmd/diff/zoo"
	"testing"
)

// bugs are the -bug values of testdata/wrong/datamining and their verdicts, the slowest to catch
// first.
var bugs = []zoo.Bug{
	{Name: "one-pass", Verdict: "WA"},
	{Name: "four-neighbours", Verdict: "WA"},
	{Name: "cells-39", Verdict: "RE", SameOnAnyMachine: true},
	{Name: "skips-last-start", Verdict: "WA"},
	{Name: "header-line", Verdict: "WA"},
}

func TestZoo(t *testing.T) { zoo.Test(t, "datamining", bugs) }
