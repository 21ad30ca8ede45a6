package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Command runs an external program as a judge does: the input on its stdin, its stdout
// captured up to a limit, its stderr kept for the report, and the whole process group
// killed at the time limit or the output limit.
type Command struct {
	Label       string
	Argv        []string      // the program and its arguments
	Dir         string        // working directory; empty: the current one
	Timeout     time.Duration // 0: DefaultTimeout
	OutputLimit int           // bytes of stdout; 0: DefaultOutputLimit
}

// Name returns the solver's label.
func (c Command) Name() string { return c.Label }

// stderrLimit bounds the stderr kept: enough for a message or a stack trace.
const stderrLimit = 64 << 10

// cappedBuffer keeps at most limit bytes. Once over, it calls over (once) and reports a
// short write, which ends the copy from the pipe.
type cappedBuffer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	limit int
	full  bool
	over  func()
}

var errCapped = errors.New("output limit reached")

func (b *cappedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.full {
		return 0, errCapped
	}
	if room := b.limit - b.buf.Len(); len(p) > room {
		b.buf.Write(p[:room])
		b.full = true
		if b.over != nil {
			b.over()
		}
		return room, errCapped
	}
	return b.buf.Write(p)
}

var stderrLine = regexp.MustCompile(`(?m)^line (\d+):`)

// Run implements Solver.
func (c Command) Run(ctx context.Context, input []byte) (Result, error) {
	if len(c.Argv) == 0 {
		return Result{}, errors.New("command: no program given")
	}
	timeout, limit := c.Timeout, c.OutputLimit
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if limit <= 0 {
		limit = DefaultOutputLimit
	}
	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	cmd.Dir = c.Dir
	cmd.Stdin = bytes.NewReader(input)
	setProcessGroup(cmd)
	cmd.WaitDelay = time.Second // a grandchild holding the pipes open cannot stall Wait

	var mu sync.Mutex
	var reason Status // why we killed it, Exited if we did not
	kill := func(why Status) {
		mu.Lock()
		defer mu.Unlock()
		if reason == Exited && cmd.Process != nil {
			reason = why
			killProcessGroup(cmd)
		}
	}
	stdout := &cappedBuffer{limit: limit, over: func() { go kill(OutputLimit) }}
	stderr := &cappedBuffer{limit: stderrLimit}
	cmd.Stdout, cmd.Stderr = stdout, stderr

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Result{}, fmt.Errorf("%s: %w", c.Label, err)
	}
	timer := time.AfterFunc(timeout, func() { kill(TimedOut) })
	stop := context.AfterFunc(ctx, func() { kill(Signaled) })
	err := cmd.Wait()
	elapsed := time.Since(start)
	timer.Stop()
	stop()
	if ctx.Err() != nil {
		return Result{Solver: c.Label}, ctx.Err()
	}

	r := Result{Solver: c.Label, Stdout: stdout.buf.Bytes(), Stderr: stderr.buf.String(), Elapsed: elapsed}
	mu.Lock()
	killed := reason
	reason = TimedOut // no kill after this point
	mu.Unlock()
	var exit *exec.ExitError
	switch {
	case killed != Exited:
		r.Status = killed
		if killed == TimedOut {
			r.Stderr = fmt.Sprintf("no answer after %v; %s", timeout, r.Stderr)
		}
	case errors.As(err, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.Status = Signaled
			r.Stderr = fmt.Sprintf("killed by %v; %s", ws.Signal(), r.Stderr)
		} else {
			r.Exit = exit.ExitCode()
		}
	case err != nil && !errors.Is(err, exec.ErrWaitDelay):
		return r, fmt.Errorf("%s: %w", c.Label, err)
	}
	if r.Exit != 0 {
		if m := stderrLine.FindStringSubmatch(r.Stderr); m != nil {
			r.ErrLine, _ = strconv.Atoi(m[1])
		}
	}
	return r, nil
}
