// Package mine_test hunts mine's misreadings of the rulings (package triage), in a test
// binary of its own.
package mine_test

import (
	"gamediff/cmd/diff/triage"
	"testing"
)

// TestOneMisreadingOneCause: one ruling read otherwise, one cause named.
//
// The hunts with -skip-rule run 200 cases: the opening tests and the steered cases that reach
// every situation the skipped ruling leaves (the test checks it).
func TestOneMisreadingOneCause(t *testing.T) { triage.Test(t, "mine", 200) }
