// Package tower_test hunts tower's misreadings of the rulings (package triage), in a test
// binary of its own.
package tower_test

import (
	"gamediff/cmd/diff/triage"
	"testing"
)

// TestOneMisreadingOneCause: one ruling read otherwise, one cause named.
//
// The hunts with -skip-rule run 700 cases: the opening tests and the steered cases that reach
// every situation the skipped ruling leaves (the test checks it).
func TestOneMisreadingOneCause(t *testing.T) { triage.Test(t, "tower", 700) }
