package engine_test

import (
	"os"
	"strings"
	"testing"

	"gamediff/testutil/proctable"
)

// leftoverOf selects the processes this test left running: children of this process, and
// processes anywhere whose executable is this test binary (an orphaned worker) or whose
// command line holds marker (a program's child that left its group).
func leftoverOf(marker string) func(proctable.Process) bool {
	self := os.Getpid()
	exe, _ := os.Executable()
	return func(p proctable.Process) bool {
		return p.PPID == self || p.Exe == exe || marker != "" && strings.Contains(p.Cmd, marker)
	}
}

// checkNothingLeft fails t if processes of the test are still running a while after a
// hunt returned (proctable.WaitGone).
func checkNothingLeft(t *testing.T, marker string) {
	t.Helper()
	proctable.WaitGone(t, leftoverOf(marker))
}
