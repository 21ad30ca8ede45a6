package sandbox_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
	"gamediff/testutil/proctable"
)

// TestMain makes the test binary the programs the tests run: a program that holds memory
// (holdEnv), one that lists the descriptors it inherited (listFDsEnv), and a Child
// (childEnv) that does what childDoesEnv says.
func TestMain(m *testing.M) {
	if mib, _ := strconv.Atoi(os.Getenv(holdEnv)); mib > 0 {
		holdMemory(mib) // a program for TestCommandMemoryIsTheProgramsOwn
	}
	if os.Getenv(listFDsEnv) != "" {
		listFDs()
	}
	if len(os.Args) == 4 && os.Args[1] == writeArg {
		writeOutput(os.Args[2], os.Args[3])
	}
	if sandbox.EnterChild(childEnv) {
		serveChild(os.Getenv(childDoesEnv))
	}
	if os.Getenv("GORACE") == "" {
		// Built with -race, the test binary as a program would sleep a second as it exits
		// (the race runtime's wait for reports from other threads), for each of the many
		// runs of TestOutputLimitIsTheBytesWritten.
		os.Setenv("GORACE", "atexit_sleep_ms=0")
	}
	code := m.Run()
	sandbox.Release() // the tests ran programs: no cgroup of theirs is left
	os.Exit(code)
}

// holdEnv makes the test binary a program that holds that many MiB for a moment and exits.
const holdEnv = "SANDBOX_TEST_HOLD_MIB"

func holdMemory(mib int) {
	b := make([]byte, mib<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	time.Sleep(100 * time.Millisecond)
	fmt.Println(b[len(b)-4096])
	os.Exit(0)
}

// writeArg, first of three arguments (writeArg HOW WRITTEN), makes the test binary a program
// that writes WRITTEN bytes to its stdout and exits at once: HOW is one (one write), small
// (writes of ten bytes) or slow (five writes with a sleep before each but the first). Not
// a variable: the tests that run it run side by side.
const writeArg = "-sandbox-test-write"

func writeOutput(how, size string) {
	written, _ := strconv.Atoi(size)
	out := make([]byte, written)
	for i := range out {
		out[i] = 'a' + byte(i%26)
	}
	switch how {
	case "one":
		os.Stdout.Write(out)
	case "small":
		for len(out) > 0 {
			n := min(10, len(out))
			os.Stdout.Write(out[:n])
			out = out[n:]
		}
	case "slow":
		piece := (len(out) + 4) / 5
		for i := 0; len(out) > 0; i++ {
			if i > 0 {
				time.Sleep(2 * time.Millisecond)
			}
			n := min(piece, len(out))
			os.Stdout.Write(out[:n])
			out = out[n:]
		}
	default:
		fmt.Fprintln(os.Stderr, "the test writer does not know", how)
		os.Exit(2)
	}
	os.Exit(0)
}

// listFDsEnv makes the test binary a program that prints the descriptors it inherited and
// the harness variables of its environment. An inherited descriptor is one open and not
// close-on-exec (exec keeps only those): the Go runtime's own (it may keep its cgroup's CPU
// limit files open) are close-on-exec.
const listFDsEnv = "SANDBOX_TEST_LIST_FDS"

func listFDs() {
	var fds []string
	for fd := range 1024 {
		if flags, err := fcntl(fd, syscall.F_GETFD); err == nil && flags&syscall.FD_CLOEXEC == 0 {
			fds = append(fds, strconv.Itoa(fd))
		}
	}
	fmt.Println("fds", strings.Join(fds, " "))
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "GAMEDIFF_") {
			fmt.Println("env", kv)
		}
	}
	os.Exit(0)
}

// childEnv is the marker of the test binary started as a Child; childDoesEnv says what it
// does then.
const (
	childEnv     = "GAMEDIFF_SANDBOX_TEST_CHILD"
	childDoesEnv = "SANDBOX_TEST_CHILD_DOES"
)

// serveChild is the test binary as a Child: its pipes are fds 3 (to it) and 4 (from it).
func serveChild(does string) {
	in, out := os.NewFile(3, "in"), os.NewFile(4, "out")
	self, _ := os.Readlink("/proc/self") // its pid as the tests see it, in a namespace or not
	fmt.Fprintln(out, "pid", self)
	switch does {
	case "report":
		// What EnterChild did: the marker gone, the inherited pipes close-on-exec, the
		// signals a program could send ignored, the namespace noted.
		fmt.Fprintf(out, "marker %q\n", os.Getenv(childEnv))
		for _, fd := range []int{3, 4} {
			flags, err := fcntl(fd, syscall.F_GETFD)
			fmt.Fprintf(out, "cloexec %d %v\n", fd, err == nil && flags&syscall.FD_CLOEXEC != 0)
		}
		fmt.Fprintln(out, "namespace init", os.Getpid() == 1)
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		syscall.Kill(os.Getpid(), syscall.SIGINT)
		time.Sleep(50 * time.Millisecond)
		fmt.Fprintln(out, "alive after SIGTERM and SIGINT")
		// A program it runs inherits fds 0, 1 and 2 alone, and no harness variable.
		os.Setenv(listFDsEnv, "1")
		os.Setenv("GAMEDIFF_SANDBOX_TEST_OTHER", "1")
		r, err := sandbox.Command{Argv: []string{os.Args[0]}, Limits: sandbox.Limits{Time: cpuclock.Limit(10 * time.Second)}}.Run(context.Background(), nil)
		fmt.Fprintf(out, "program: %v %v %s", err, r.Status, r.Stdout)
		// It echoes what it is sent, to its end.
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			fmt.Fprintln(out, "echo", sc.Text())
		}
		os.Exit(0)
	case "stderr":
		os.Stderr.WriteString("first words\n" + strings.Repeat("x", 3<<20) + "\nlast words\n")
		os.Exit(3)
	case "spin":
		//lint:ignore SA5002 the endless loop is what the spinning child is for
		for {
		}
	case "sleep":
		time.Sleep(time.Hour)
	case "release":
		// It runs a program, so that its cgroups are made, and removes them as it exits.
		r, err := sandbox.Command{Argv: []string{"true"}}.Run(context.Background(), nil)
		fmt.Fprintln(out, "ran", r.Status, err)
		sandbox.Release()
		os.Exit(0)
	case "killed":
		// It runs a program that makes a cgroup inside its own, so that its cgroups are
		// made, and waits to be killed: it removes nothing itself.
		r, err := sandbox.Command{Argv: []string{"sh", "-c", nestCgroup}}.Run(context.Background(), nil)
		fmt.Fprintln(out, "ran", r.Status, err, strings.TrimSpace(string(r.Stdout)))
		time.Sleep(time.Hour)
		os.Exit(0)
	case "release-nested":
		// The same, with a program that makes a cgroup inside its own, as a harness run as
		// the program under test does.
		r, err := sandbox.Command{Argv: []string{"sh", "-c", nestCgroup}}.Run(context.Background(), nil)
		fmt.Fprintln(out, "ran", r.Status, err, strings.TrimSpace(string(r.Stdout)))
		sandbox.Release()
		os.Exit(0)
	}
	fmt.Fprintln(os.Stderr, "the test child does not know", does)
	os.Exit(2)
}

// nestCgroup makes a cgroup inside the unified cgroup the shell runs in, and says "made".
const nestCgroup = `m=$(awk '$3=="cgroup2"{print $2; exit}' /proc/mounts); p=$(sed -n 's/^0:://p' /proc/self/cgroup); mkdir "$m$p/nested" && echo made`

func fcntl(fd, cmd int) (int, error) {
	r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), uintptr(cmd), 0)
	if errno != 0 {
		return 0, errno
	}
	return int(r), nil
}

// leftoverOf selects the processes this test left running: children of this process, and
// processes anywhere whose executable is this test binary (a child or a program of the
// tests) or whose command line holds marker (a program's child that left its group).
func leftoverOf(marker string) func(proctable.Process) bool {
	self := os.Getpid()
	exe, _ := os.Executable()
	return func(p proctable.Process) bool {
		return p.PPID == self || p.Exe == exe || marker != "" && strings.Contains(p.Cmd, marker)
	}
}

// checkNothingLeft fails t if processes of the test are still running a while after a
// run returned (proctable.WaitGone).
func checkNothingLeft(t *testing.T, marker string) {
	t.Helper()
	proctable.WaitGone(t, leftoverOf(marker))
}
