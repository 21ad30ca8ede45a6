package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gamediff/testutil/clitest"
	"gamediff/testutil/proctable"
)

// signalledWithin is how soon after the first SIGINT or SIGTERM the command must have
// ended (the bound); the command itself gives up on a step at interruptWithin.
const signalledWithin = 2 * time.Second

// syncBuffer is a buffer a process writes to while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls ready until it holds, failing the test if it never does.
func waitFor(t *testing.T, what string, ready func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if ready() {
			return
		}
	}
	t.Fatalf("never %s", what)
}

// running reports whether a process other than a zombie runs the executable exe.
func running(exe string) func() bool {
	return func() bool {
		return len(proctable.List(func(p proctable.Process) bool { return p.State != "Z" && p.Exe == exe })) > 0
	}
}

// TestASignalEndsTheRun: the first SIGINT or SIGTERM ends the command within
// signalledWithin with exit status 130, whatever it is doing: blocked reading a FIFO
// that a writer holds open and never writes to (a step no context reaches), waiting for a
// program that never answers, in the middle of a hunt; a second signal ends it at once.
// Nothing it started is left running.
func TestASignalEndsTheRun(t *testing.T) {
	bin := clitest.Gamediff(t)
	sleeper := clitest.Program(t, "sleeper")
	right := filepath.Join(clitest.Zoo(t), "mine")
	dir := t.TempDir()
	fifo := filepath.Join(dir, "input")
	mkfifo(t, fifo)
	tests := filepath.Join(dir, "tests")
	in, ans := sample(t, "sample-1")
	writeFiles(t, tests, map[string]string{"1.in": in, "1.ans": ans})
	// holdWriter opens the FIFO for writing once the command has opened it for reading,
	// and keeps it open, silent, until the test ends: the command's read never returns.
	holdWriter := func() bool {
		f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			return false // no reader yet (ENXIO)
		}
		t.Cleanup(func() { f.Close() })
		return true
	}
	for _, c := range []struct {
		name    string
		args    []string
		ready   func() bool
		signals []os.Signal
		stderr  string // what the command says, when it says something of its own
	}{
		{"blocked on a FIFO, SIGINT", []string{"run", "-game", "mine", fifo}, holdWriter,
			[]os.Signal{syscall.SIGINT}, "did not stop within"},
		{"blocked on a FIFO, SIGTERM then SIGINT", []string{"run", "-game", "mine", fifo}, holdWriter,
			[]os.Signal{syscall.SIGTERM, syscall.SIGINT}, "again: stopping at once"},
		{"judging a program that never answers, SIGTERM", []string{"judge", "-game", "mine", "-cmd", sleeper, "-timeout", "1h", tests}, running(sleeper),
			[]os.Signal{syscall.SIGTERM}, ""},
		{"checking a program that never answers, SIGINT", []string{"hunt", "-game", "mine", "-cmd", sleeper, "-timeout", "1h", "-o", t.TempDir()}, running(sleeper),
			[]os.Signal{syscall.SIGINT}, ""},
		{"hunting, SIGINT", []string{"hunt", "-game", "mine", "-cmd", right, "-duration", "1h", "-o", t.TempDir()}, running(right),
			[]os.Signal{syscall.SIGINT}, ""},
		{"hunting ref against fast, SIGTERM", []string{"hunt", "-game", "mine", "-duration", "1h", "-corpus", t.TempDir()}, nil,
			[]os.Signal{syscall.SIGTERM}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(bin, c.args...)
			var stderr syncBuffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			ended := make(chan error, 1)
			go func() { ended <- cmd.Wait() }()
			defer func() {
				cmd.Process.Kill()
				<-ended
			}()
			ready := c.ready
			if ready == nil {
				// The hunt's workers are running cases: the hunt has opened, its lanes
				// judge (a worker is a child of the hunt running its binary).
				clitest.Long(t, "that a hunt under way ends within the bound")
				ready = func() bool {
					return strings.Contains(stderr.String(), "hunt: ") && len(proctable.List(func(p proctable.Process) bool {
						return p.State != "Z" && p.Exe == bin && p.PPID == cmd.Process.Pid
					})) > 0
				}
			}
			// By the time the command reads its input or has started a process, it has its
			// signal handler.
			waitFor(t, "ready to be signalled", ready)
			start := time.Now()
			for _, sig := range c.signals {
				cmd.Process.Signal(sig)
			}
			var err error
			select {
			case err = <-ended:
			case <-time.After(time.Minute):
				t.Fatalf("still running a minute after %v\n%s", c.signals, stderr.String())
			}
			took := time.Since(start)
			ended <- err // for the deferred wait
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
				t.Errorf("ended with %v after %v, want exit status %d\n%s", err, c.signals, exitInterrupted, stderr.String())
			}
			if took > signalledWithin {
				t.Errorf("ended %v after %v, want within %v\n%s", took, c.signals, signalledWithin, stderr.String())
			}
			if !strings.Contains(stderr.String(), c.stderr) {
				t.Errorf("stderr %q, want %q", stderr.String(), c.stderr)
			}
			t.Logf("ended %v after %v", took.Round(time.Millisecond), c.signals)
			clitest.WaitGone(t, bin, "")
			clitest.WaitGone(t, sleeper, "")
			clitest.WaitGone(t, right, "")
		})
	}
}
