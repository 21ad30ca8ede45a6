package clitest

import (
	"path/filepath"
	"testing"
)

// Own gives t a copy of the built binary at bin, in t's temporary folder, and returns the
// copy's path. Tests that run side by side each hunt with their own copies, so that a
// check of the process table (WaitGone: /proc/PID/exe, or a command line holding the
// path) sees only the processes the test started: a worker re-executes /proc/self/exe,
// and the programs' children run os.Args[0], so each carries the copy's path.
//
// The copy is a hard link where the file system allows one: no file is open for writing,
// so no process forked meanwhile by another test can hold it and make the copy's exec
// fail as busy (ETXTBSY). /proc/PID/exe names the link a process was started by.
func Own(t testing.TB, bin string) string {
	t.Helper()
	own := filepath.Join(t.TempDir(), filepath.Base(bin))
	if err := linkOrCopy(bin, own); err != nil {
		t.Fatalf("copying %s for the test: %v", bin, err)
	}
	return own
}
