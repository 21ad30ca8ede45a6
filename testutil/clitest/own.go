package clitest

import (
	"fmt"
	"io"
	"os"
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
	if err := os.Link(bin, own); err == nil {
		return own
	}
	if err := copyExecutable(bin, own); err != nil {
		t.Fatalf("copying %s for the test: %v", bin, err)
	}
	return own
}

// copyExecutable copies the executable file from to a new file to.
func copyExecutable(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return fmt.Errorf("writing %s: %w", to, err)
	}
	return dst.Close()
}
