// Package mine_test hunts mine's misreadings of the rulings (package triage), in a test
// binary of its own.
package mine_test

import (
	"gamediff/cmd/diff/triage"
	"testing"
)

// TestOneMisreadingOneCause: one ruling read otherwise, one cause named.
func TestOneMisreadingOneCause(t *testing.T) { triage.Test(t, "mine") }
