// Package datamining_test hunts datamining's misreadings of the rulings (package triage), in a test
// binary of its own.
package datamining_test

import (
	"gamediff/cmd/diff/triage"
	"gamediff/internal/clitest"
	"os"
	"testing"
)

// TestMain removes what the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// TestOneMisreadingOneCause: one ruling read otherwise, one cause named.
func TestOneMisreadingOneCause(t *testing.T) { triage.Test(t, "datamining") }
