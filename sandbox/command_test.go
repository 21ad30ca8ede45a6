//go:build unix

package sandbox_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

func sh(script string, limits sandbox.Limits) sandbox.Command {
	return sandbox.Command{Argv: []string{"sh", "-c", script}, Limits: limits}
}

// TestCommandVerdicts runs real misbehaving programs: each ends with its verdict, within
// its limit, and leaves no process behind (the marker 31415926 is in every command line).
// (The line an input error names is the engine's to read: its TestProgramInputErrorLine.)
func TestCommandVerdicts(t *testing.T) {
	tests := []struct {
		name   string
		script string
		status sandbox.Status
		exit   int
		stdout string
		stderr string // part of it
	}{
		{"echoes its input", "cat; : 31415926", sandbox.Exited, 0, "input\n", ""},
		{"exit status", "echo partial; exit 3; : 31415926", sandbox.Exited, 3, "partial\n", ""},
		{"input error line", "echo 'line 7: bad token' >&2; exit 2; : 31415926", sandbox.Exited, 2, "", "line 7"},
		{"killed by a signal", "kill -9 $$; : 31415926", sandbox.Signaled, 0, "", "killed"},
		{"loops past the CPU limit", "while :; do :; done; : 31415926", sandbox.TimedOut, 0, "", "CPU"},
		{"sleeps past the wall limit", "exec sleep 31415926", sandbox.Idle, 0, "", "wall"},
		{"leaves a child holding stdout", "sleep 31415926 & echo answer", sandbox.Exited, 0, "answer\n", ""},
		{"prints forever", "yes 31415926", sandbox.OutputLimit, 0, "", "output"},
		{"prints past the cap and exits", "head -c 200000 /dev/zero; exit 0; : 31415926", sandbox.OutputLimit, 0, "", "output"},
		{"floods stderr, then answers", "head -c 3000000 /dev/zero >&2; cat; : 31415926", sandbox.Exited, 0, "input\n", "bytes left out"},
		{"ignores SIGTERM", "trap '' TERM INT; while :; do :; done; : 31415926", sandbox.TimedOut, 0, "", "CPU"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := sh(tt.script, sandbox.Limits{Time: cpuclock.Limit(300 * time.Millisecond), Wall: cpuclock.Limit(600 * time.Millisecond), Output: 1 << 16}).Run(context.Background(), []byte("input\n"))
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tt.status || r.Exit != tt.exit {
				t.Fatalf("got status %v exit %d (stderr %.200q), want %v %d", r.Status, r.Exit, r.Stderr, tt.status, tt.exit)
			}
			if tt.stdout != "" && string(r.Stdout) != tt.stdout {
				t.Errorf("stdout %q, want %q", r.Stdout, tt.stdout)
			}
			if !strings.Contains(r.Stderr, tt.stderr) || len(r.Stderr) > 70<<10 {
				t.Errorf("stderr (%d bytes) %.200q, want it bounded and holding %q", len(r.Stderr), r.Stderr, tt.stderr)
			}
			if len(r.Stdout) > 1<<16 {
				t.Errorf("kept %d bytes of stdout, over the limit", len(r.Stdout))
			}
			checkNothingLeft(t, "31415926")
		})
	}
}

// TestCommandMemoryIsTheProgramsOwn: the kernel counts the peak memory of the process that
// starts a program in the program's own (exec keeps it, and the program is started with
// vfork). A hunt that once held a big case must not find every small program after it
// over its memory limit; a program that does go over it is still caught.
func TestCommandMemoryIsTheProgramsOwn(t *testing.T) {
	held := make([]byte, 256<<20) // this process's peak, now over the limit below
	for i := 0; i < len(held); i += 4096 {
		held[i] = 1
	}
	limits := sandbox.Limits{Time: cpuclock.Limit(5 * time.Second), Memory: 128 << 20}
	r, err := sh("cat; : 31415926", limits).Run(context.Background(), []byte("input\n"))
	if err != nil || r.Status != sandbox.Exited || string(r.Stdout) != "input\n" {
		t.Errorf("cat after a peak of 256 MiB here: status %v (%q), err %v; want a normal exit", r.Status, r.Stderr, err)
	}
	runtime.KeepAlive(held)

	t.Setenv(holdEnv, "512") // the test binary holds 512 MiB (see TestMain)
	r, err = sandbox.Command{Argv: []string{os.Args[0]}, Limits: limits}.Run(context.Background(), nil)
	if err != nil || r.Status != sandbox.MemoryLimit {
		t.Errorf("a program holding 512 MiB under a limit of 128 MiB: status %v (%q), err %v; want MLE", r.Status, r.Stderr, err)
	}
	checkNothingLeft(t, "31415926")
}

func TestCommandCPUNotWallTime(t *testing.T) {
	// Sleeping uses no CPU: under a 200 ms CPU limit with a generous wall backstop, a
	// 500 ms sleep is not a TLE, as on a judge. The sleep is scaled with the limits
	// (cpuclock.Limit), so that it stays 2.5 times the CPU limit.
	limit := cpuclock.Limit(200 * time.Millisecond)
	script := fmt.Sprintf("sleep %.3f; echo done", (5 * limit / 2).Seconds())
	r, err := sh(script, sandbox.Limits{Time: limit, Wall: cpuclock.Limit(5 * time.Second)}).Run(context.Background(), nil)
	if err != nil || r.Status != sandbox.Exited || string(r.Stdout) != "done\n" {
		t.Fatalf("status %v, stdout %q, stderr %q, cpu %v, err %v: want a normal exit", r.Status, r.Stdout, r.Stderr, r.CPU, err)
	}
}

func TestCommandCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := sh("sleep 31415926", sandbox.Limits{Time: 5 * time.Second}).Run(ctx, nil)
	if err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("err = %v, want the context's", err)
	}
	checkNothingLeft(t, "31415926")
}

func TestCommandMissingProgram(t *testing.T) {
	_, err := sandbox.Command{Argv: []string{"/nonexistent/program"}}.Run(context.Background(), nil)
	if err == nil {
		t.Fatal("running a missing program is a harness error")
	}
}

// TestCommandInheritsNothing: a program gets descriptors 0, 1 and 2 alone, and none of the
// harness's variables.
func TestCommandInheritsNothing(t *testing.T) {
	t.Setenv(listFDsEnv, "1") // the test binary lists what it got (see TestMain)
	t.Setenv("GAMEDIFF_SANDBOX_TEST_OTHER", "1")
	r, err := sandbox.Command{Argv: []string{os.Args[0]}, Limits: sandbox.Limits{Time: cpuclock.Limit(10 * time.Second)}}.Run(context.Background(), nil)
	if err != nil || r.Status != sandbox.Exited || string(r.Stdout) != "fds 0 1 2\n" {
		t.Errorf("status %v, stdout %q (stderr %q), err %v; want fds 0 1 2 and no GAMEDIFF_ variable", r.Status, r.Stdout, r.Stderr, err)
	}
}
