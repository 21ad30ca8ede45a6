// Package clitest is what the black-box tests of the gamediff command share: programs
// built once per test process, the command run as a user runs it, and the process table
// read afterwards. The command's tests live in several packages (cmd/diff and the folders
// under it), each its own test binary, so that each stays well within go test's default
// timeout on a loaded machine: the timeout is per package, and cannot be raised from
// inside one.
package clitest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"gamediff/testutil/proctable"
)

// Command is the import path of the gamediff command.
const Command = "gamediff/cmd/diff"

// Gamediff builds the command once, and returns the binary's path.
func Gamediff(t testing.TB) string {
	t.Helper()
	return Build(t, "gamediff", Command)
}

// Run runs bin with args and stdin, as a user does from a shell, and returns its exit
// status, stdout and stderr.
func Run(t testing.TB, bin, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return RunEnv(t, bin, stdin, nil, args...)
}

// RunEnv is Run with env added to this process's environment, for a test that runs side by
// side with others and so cannot set its own (t.Setenv).
func RunEnv(t testing.TB, bin, stdin string, env []string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String(), errs.String()
	case err != nil:
		t.Fatalf("%s %s: %v", bin, strings.Join(args, " "), err)
	}
	return 0, out.String(), errs.String()
}

// of selects the processes, zombies left out (they wait for their parent), whose
// executable is bin or whose command line holds marker.
func of(bin, marker string) func(proctable.Process) bool {
	return func(p proctable.Process) bool {
		return p.State != "Z" && (bin != "" && p.Exe == bin || marker != "" && strings.Contains(p.Cmd, marker))
	}
}

// WaitGone waits for the processes of bin and marker to end (proctable.WaitGone), and fails
// the test, listing them, if some are still running.
func WaitGone(t testing.TB, bin, marker string) {
	t.Helper()
	proctable.WaitGone(t, of(bin, marker))
}

// The command's exit statuses, as its usage documents them: the tests that run it as a
// process hold it to them.
const (
	ExitOK          = 0
	ExitFound       = 1 // a divergence, an invalid input, a failed replay
	ExitUsage       = 2 // bad flags, or a harness failure
	ExitInterrupted = 130
)

// Exec runs the gamediff command, built once, with args and stdin, and returns its exit
// status, stdout and stderr.
func Exec(t testing.TB, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return Run(t, Gamediff(t), stdin, args...)
}

// Program builds one of the command's test programs, cmd/diff/testdata/NAME, once.
func Program(t testing.TB, name string) string {
	t.Helper()
	return Build(t, name, Command+"/testdata/"+name)
}

// Zoo builds the wrong-solution zoo, cmd/diff/testdata/wrong, once: a folder holding one
// program per game, named after the game. Without -bug each is a right solution.
func Zoo(t testing.TB) string {
	t.Helper()
	return Build(t, "wrong", Command+"/testdata/wrong/...")
}

// Long skips t under go test -short: a hunt of many cases, or of programs that each cost a
// time limit, which the contributor's quick loop (go test -short ./...) leaves to the full
// suite, as CI runs it. what says what the skipped test proves.
func Long(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: %s is proved by the full suite (go test ./...)", what)
	}
}
