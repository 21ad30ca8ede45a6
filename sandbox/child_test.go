package sandbox_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

// startChild starts the test binary as a Child that does what does says (see serveChild),
// and returns it with its pipes and the pid it reports first.
func startChild(t *testing.T, does string) (c *sandbox.Child, in io.WriteCloser, out *bufio.Reader, pid int) {
	t.Helper()
	t.Setenv(childDoesEnv, does)
	c, pipes, err := sandbox.StartChild(os.Args[0], childEnv, sandbox.ToChild, sandbox.FromChild)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Kill()
		<-c.Done()
		pipes[0].Close()
		pipes[1].Close()
	})
	out = bufio.NewReader(pipes[1])
	line, _ := out.ReadString('\n')
	if _, err := fmt.Sscanf(line, "pid %d\n", &pid); err != nil {
		t.Fatalf("the child's first line %q (%v), want its pid (stderr %q)", line, err, c.Stderr(time.Second))
	}
	return c, pipes[0], out, pid
}

// TestChildEnters: a Child gets its pipes as fds 3 and 4, and once it called EnterChild,
// the marker is gone from its environment, its inherited descriptors are close-on-exec, it
// ignores the signals a program could send it, and a program it runs inherits fds 0, 1 and
// 2 alone, and no harness variable. In the portable fallback it is in no PID namespace.
func TestChildEnters(t *testing.T) {
	for _, portable := range []bool{false, true} {
		t.Run(map[bool]string{false: "default", true: "portable"}[portable], func(t *testing.T) {
			if portable {
				t.Setenv("GAMEDIFF_SANDBOX", "portable")
			}
			c, in, out, _ := startChild(t, "report")
			io.WriteString(in, "hello\n")
			in.Close()
			rest, _ := io.ReadAll(out)
			<-c.Done()
			got := string(rest)
			for _, want := range []string{"marker \"\"\n", "cloexec 3 true\n", "cloexec 4 true\n", "alive after SIGTERM and SIGINT\n",
				"program: <nil> exited fds 0 1 2\n", "echo hello\n"} {
				if !strings.Contains(got, want) {
					t.Errorf("the child said %q (stderr %q), want %q in it", got, c.Stderr(time.Second), want)
				}
			}
			if portable && !strings.Contains(got, "namespace init false\n") {
				t.Errorf("the portable child said %q, want it in no namespace", got)
			}
			if st := c.ProcessState(); st == nil || st.ExitCode() != 0 || c.KilledFromOutside() {
				t.Errorf("the child ended %v, killed from outside %v; want exit 0", st, c.KilledFromOutside())
			}
		})
	}
	checkNothingLeft(t, "")
}

// TestChildEnds: how a child ended, and what it wrote to stderr, head and tail.
func TestChildEnds(t *testing.T) {
	c, _, _, _ := startChild(t, "stderr")
	<-c.Done()
	if st := c.ProcessState(); st == nil || st.ExitCode() != 3 || c.KilledFromOutside() {
		t.Errorf("the child ended %v, killed from outside %v; want exit status 3", st, c.KilledFromOutside())
	}
	stderr := c.Stderr(time.Second)
	for _, want := range []string{"first words", "bytes left out", "last words"} {
		if !strings.Contains(stderr, want) || len(stderr) > sandbox.StderrKept+100 {
			t.Errorf("its stderr (%d bytes) %.100q…, want it bounded and holding %q", len(stderr), stderr, want)
		}
	}
	c.ResetStderr()
	if s := c.Stderr(0); s != "" {
		t.Errorf("its stderr after ResetStderr: %.100q, want nothing", s)
	}

	c, _, _, pid := startChild(t, "sleep")
	syscall.Kill(pid, syscall.SIGTERM) // ignored
	syscall.Kill(pid, syscall.SIGKILL)
	<-c.Done()
	if !c.KilledFromOutside() {
		t.Errorf("the child ended %v: not killed from outside", c.ProcessState())
	}
	checkNothingLeft(t, "")
}

// TestChildWatch: a Child's watch stops it at its CPU time, idle past its backstop, when it
// only waits for a program past its backstop, and stopped from outside.
func TestChildWatch(t *testing.T) {
	for _, tt := range []struct {
		name, does string
		lim        sandbox.Limits
		waits      bool
		stop       bool // SIGSTOP it
		want       sandbox.Status
		what       string // part of the verdict's message
	}{
		{"spins", "spin", sandbox.Limits{Time: cpuclock.Limit(200 * time.Millisecond), Wall: cpuclock.Limit(10 * time.Second)}, false, false, sandbox.TimedOut, "CPU time"},
		{"sleeps", "sleep", sandbox.Limits{Time: time.Second, Wall: 300 * time.Millisecond}, false, false, sandbox.Idle, "no answer"},
		{"waits for a program", "sleep", sandbox.Limits{Time: time.Second, Wall: 300 * time.Millisecond}, true, false, sandbox.Disturbed, "did not answer"},
		{"stopped", "sleep", sandbox.Limits{Time: time.Minute, Wall: time.Minute}, false, true, sandbox.Disturbed, "stopped from outside"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, _, _, pid := startChild(t, tt.does)
			if tt.stop {
				syscall.Kill(pid, syscall.SIGSTOP)
			}
			type verdict struct {
				status sandbox.Status
				what   string
			}
			killed := make(chan verdict, 1)
			dog := c.Watch(tt.lim, sandbox.Span{Start: time.Now(), Waits: tt.waits}, func(s sandbox.Status, what string) {
				killed <- verdict{s, what}
			})
			defer dog.Stop()
			select {
			case v := <-killed:
				if v.status != tt.want || !strings.Contains(v.what, tt.what) {
					t.Errorf("stopped as %v (%q), want %v (%q)", v.status, v.what, tt.want, tt.what)
				}
			case <-time.After(time.Minute):
				t.Errorf("not stopped in a minute, want %v", tt.want)
			}
		})
	}
	checkNothingLeft(t, "")
}

// TestChildReleasesItsCgroups: a child that ran a program and then called Release leaves no
// folder of cgroups behind it, even where the program made a cgroup inside its own.
func TestChildReleasesItsCgroups(t *testing.T) {
	for _, tt := range []struct{ mode, want string }{
		{"release", "ran exited <nil>\n"},
		{"release-nested", "ran exited <nil> made\n"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			c, _, out, pid := startChild(t, tt.mode)
			ran, _ := out.ReadString('\n')
			<-c.Done()
			if ran != tt.want {
				t.Fatalf("the child said %q (stderr %q), want %q", ran, c.Stderr(time.Second), tt.want)
			}
			for _, dir := range cgroupFoldersOf(pid) {
				t.Errorf("%s is left", dir)
			}
		})
	}
	checkNothingLeft(t, "")
}

// TestChildKilledLeavesNoCgroups: a child killed with SIGKILL (as a hunt ends a worker that
// overran) after it ran a program that made a cgroup inside its own leaves no folder of
// cgroups behind once Done is closed: its parent removes them.
func TestChildKilledLeavesNoCgroups(t *testing.T) {
	c, _, out, pid := startChild(t, "killed")
	ran, _ := out.ReadString('\n')
	if want := "ran exited <nil> made\n"; ran != want {
		t.Fatalf("the child said %q (stderr %q), want %q", ran, c.Stderr(time.Second), want)
	}
	made := cgroupFoldersOf(pid)
	c.Kill()
	<-c.Done()
	if ws, ok := c.ProcessState().Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the child ended with %v, want SIGKILL", c.ProcessState())
	}
	if left := cgroupFoldersOf(pid); len(left) > 0 {
		t.Errorf("left after the child was killed: %v", left)
	}
	if len(made) == 0 {
		t.Errorf("the child made no folder of cgroups (%s): the test proves nothing here", sandbox.Describe())
	}
	checkNothingLeft(t, "")
}

// cgroupFoldersOf lists the folders of cgroups named after pid (gamediff-PID) in the
// cgroup hierarchies, down to the depth a process's own cgroup lies at.
func cgroupFoldersOf(pid int) []string {
	name := "gamediff-" + strconv.Itoa(pid)
	var found []string
	filepath.WalkDir("/sys/fs/cgroup", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if d.Name() == name {
			found = append(found, path)
			return filepath.SkipDir
		}
		if strings.Count(strings.TrimPrefix(path, "/sys/fs/cgroup"), "/") >= 4 {
			return filepath.SkipDir
		}
		return nil
	})
	return found
}
