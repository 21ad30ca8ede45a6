package main

import (
	"path/filepath"
	"testing"

	"gamediff/testutil/cgroupleft"
	"gamediff/testutil/clitest"
)

// TestCommandsLeaveNoCgroups runs hunt, judge and gen as a user does, each in cgroups made
// for it alone, and checks that once each has ended normally no cgroup is left below its
// own: neither the command's folders nor those of the workers it started and ended (a
// worker ended with SIGKILL cannot remove its own), nor its runs'.
func TestCommandsLeaveNoCgroups(t *testing.T) {
	bin := clitest.Gamediff(t)
	dir := t.TempDir()
	tests := filepath.Join(dir, "tests")
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"gen", []string{"gen", "-game", "mine", "-test", "3", "-o", tests}},
		{"judge", []string{"judge", "-game", "mine", "-workers", "2", tests}},
		{"judge a program", []string{"judge", "-game", "mine", "-workers", "2", "-cmd", bin + " run -game mine -impl fast", tests}},
		{"hunt", []string{"hunt", "-game", "mine", "-workers", "2", "-duration", "1s", "-o", filepath.Join(dir, "found")}},
		{"hunt a program", []string{"hunt", "-game", "mine", "-workers", "2", "-cases", "10", "-cmd", bin + " run -game mine -impl fast", "-o", filepath.Join(dir, "found")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr, left := cgroupleft.Run(t, bin, "", tt.args...)
			if code != clitest.ExitOK {
				t.Fatalf("exit %d, want %d (a normal end); stderr:\n%s", code, clitest.ExitOK, stderr)
			}
			for _, dir := range left {
				t.Errorf("left: %s", dir)
			}
			clitest.WaitGone(t, bin, "")
		})
	}
}
