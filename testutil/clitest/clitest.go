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
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"gamediff/testutil/proctable"
)

// Command is the import path of the gamediff command.
const Command = "gamediff/cmd/diff"

var (
	buildDirOnce sync.Once
	buildDir     string // the folder Build builds into, shared by every test of the process
	buildDirErr  error
	builds       sync.Map // name -> *buildResult
)

type buildResult struct {
	once sync.Once
	path string
	err  error
}

// Build runs go build on pkg (a path relative to the test's folder, or an import path)
// once per test process, into name in a temporary folder that Cleanup removes, and returns
// name's path. A pkg ending in /... builds each of its commands into the folder name.
func Build(t testing.TB, name, pkg string) string {
	t.Helper()
	dir := ""
	if rest, ok := strings.CutPrefix(pkg, Command+"/"); ok {
		// go's patterns skip testdata folders unless they start in one: the command's
		// test programs are built from its own folder, by relative path.
		dir, pkg = commandDir(), "./"+rest
	}
	return BuildWith(t, name, func(out string) *exec.Cmd {
		if strings.HasSuffix(pkg, "/...") {
			out += string(filepath.Separator)
		}
		cmd := exec.Command("go", "build", "-o", out, pkg)
		cmd.Dir = dir
		return cmd
	})
}

// commandDir is the command's source folder.
func commandDir() string { return Path("cmd", "diff") }

// Path is a path of the repository's, from its root (found from this file's).
func Path(elem ...string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(append([]string{filepath.Dir(file), "..", ".."}, elem...)...)
}

// BuildWith runs the build command made for the output path once per test process (by
// name), into name in the temporary folder that Cleanup removes, and returns name's path.
func BuildWith(t testing.TB, name string, command func(out string) *exec.Cmd) string {
	t.Helper()
	v, _ := builds.LoadOrStore(name, new(buildResult))
	b := v.(*buildResult)
	b.once.Do(func() {
		buildDirOnce.Do(func() { buildDir, buildDirErr = os.MkdirTemp("", "gamediff-test-") })
		if b.err = buildDirErr; b.err != nil {
			return
		}
		b.path = filepath.Join(buildDir, name)
		if msg, err := command(b.path).CombinedOutput(); err != nil {
			b.err = fmt.Errorf("%v\n%s", err, msg)
		}
	})
	if b.err != nil {
		t.Fatalf("building %s: %v", name, b.err)
	}
	return b.path
}

// Cleanup removes what Build built; a TestMain calls it once the tests have run (or a
// package's only test, with t.Cleanup). A Build after it builds again.
func Cleanup() {
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	buildDirOnce, buildDir, buildDirErr = sync.Once{}, "", nil
	builds.Clear()
}

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

// CXX compiles a C++ solution with g++ -O2, as a judge would, once per test process, into
// name, and returns its path. The tests install nothing: without g++ they fail, saying how
// to get it.
func CXX(t testing.TB, name, src string) string {
	t.Helper()
	if _, err := exec.LookPath("g++"); err != nil {
		t.Fatalf("no g++ on PATH to build %s: .ci/run installs it (on Debian, as root: apt-get install -y g++)", src)
	}
	return BuildWith(t, name, func(out string) *exec.Cmd { return exec.Command("g++", "-O2", "-o", out, src) })
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
