package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// Command runs an external program as a judge does: the input on its stdin, its stdout
// kept up to the output limit, a bounded piece of its stderr for the report, its CPU time
// and memory watched, and its whole process group killed when it ends, normal exit
// included, so that no child it started outlives the run.
type Command struct {
	Label  string
	Argv   []string // the program and its arguments
	Dir    string   // working directory; empty: the current one
	Limits Limits
}

// Name returns the solver's label.
func (c Command) Name() string { return c.Label }

var stderrLine = regexp.MustCompile(`(?m)^line (\d+):`)

// watchEvery is how often a watchdog looks at a running process. Most runs end before
// its first look, so they cost nothing.
const watchEvery = 20 * time.Millisecond

// Run implements Solver.
func (c Command) Run(ctx context.Context, input []byte) (Result, error) {
	if len(c.Argv) == 0 {
		return Result{}, errors.New("command: no program given")
	}
	lim := c.Limits.withDefaults()
	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	cmd.Dir = c.Dir
	isolate(cmd, killSignal)

	// The input is a file, as a judge gives it: the program reads it at its own pace,
	// with no goroutine here to feed a pipe and no wake-up per 64 KiB.
	in, err := inputFile(input)
	if err != nil {
		return Result{}, fmt.Errorf("%s: input: %w", c.Label, err)
	}
	cmd.Stdin = in
	// Pipes of our own for its output: Wait then returns when the program exits, even
	// while a child it left behind still holds them, and the group is killed at once.
	start := time.Now()
	p, err := startPiped(cmd, []bool{false, false}, func(child []*os.File) {
		cmd.Stdout, cmd.Stderr = child[0], child[1]
	})
	in.Close() // the program has its own descriptor now
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", c.Label, err)
	}
	outR, errR := p[0], p[1]
	pid := cmd.Process.Pid

	var stopped stopReason
	kill := func(why Status, what string) { stopped.stop(why, what, func() { killGroup(pid) }) }
	stdout := &cappedStdout{limit: lim.Output, over: func() {
		// Called with stdout's lock held, from the reader: fix the reason, then kill.
		kill(OutputLimit, fmt.Sprintf("more than %s of output", byteSize(int64(lim.Output))))
	}}
	stderr := &headTail{}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() { defer readers.Done(); copyPipe(stdout, outR) }()
	go func() { defer readers.Done(); copyPipe(stderr, errR) }()

	dog := watch(pid, lim, 0, 0, start, kill)
	stopCtx := context.AfterFunc(ctx, func() { kill(Crashed, "cancelled") })

	waitErr := cmd.Wait()
	wall := time.Since(start)
	killGroup(pid) // normal exit included: no child it left may outlive the run
	dog.stop()
	stopCtx()
	// Every process of the group is dead, so the pipes close; a process that left the
	// group (setsid) could still hold them: stop waiting for it after a while.
	drained := make(chan struct{})
	go func() { readers.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(time.Second):
		outR.Close()
		errR.Close()
		<-drained
	}
	outR.Close()
	errR.Close()
	if ctx.Err() != nil {
		return Result{Solver: c.Label}, ctx.Err()
	}

	r := Result{Solver: c.Label, Stdout: stdout.bytes(), Stderr: stderr.String(), Wall: wall}
	cpu, maxRSS, measured := usageOf(cmd)
	if maxRSS > lim.Memory && maxRSS <= highWater() {
		// The kernel counts the peak of the process that started the program (this one,
		// a hunt's coordinator or worker, which may have held gigabytes) in the
		// program's: its own peak is then only known from the watchdog's looks. Only a
		// peak over the limit is looked into: it is the only one that counts, and this
		// process's peak (read now, no less than when the program started) costs a file
		// read.
		maxRSS = dog.peak()
	}
	r.CPU = cpu
	killed, why := stopped.final()
	var exit *exec.ExitError
	switch {
	case killed != Exited:
		r.Status = killed
		r.Stderr = why + "\n" + r.Stderr
	case measured && cpu > lim.Time:
		r.Status = TimedOut
		r.Stderr = fmt.Sprintf("used %v of CPU time, limit %v\n%s", cpu.Round(time.Millisecond), lim.Time, r.Stderr)
	case measured && maxRSS > lim.Memory:
		r.Status = MemoryLimit
		r.Stderr = fmt.Sprintf("used %s of memory, limit %s\n%s", byteSize(maxRSS), byteSize(lim.Memory), r.Stderr)
	case errors.As(waitErr, &exit):
		if sig, ok := exitSignal(cmd); ok {
			r.Status = Signaled
			r.Stderr = fmt.Sprintf("killed by %v\n%s", sig, r.Stderr)
		} else {
			r.Exit = exit.ExitCode()
		}
	case waitErr != nil:
		return r, fmt.Errorf("%s: %w", c.Label, waitErr)
	}
	if r.Status == Exited && r.Exit != 0 {
		if m := stderrLine.FindStringSubmatch(r.Stderr); m != nil {
			r.ErrLine, _ = strconv.Atoi(m[1])
		}
	}
	return r, nil
}

// watchdog looks at a running process every watchEvery and calls kill once when it goes
// over a limit: CPU time used since baseCPU, resident memory past baseRSS, or the
// wall-clock backstop.
// Where the system does not tell a process's CPU time, wall time stands in for it. It is
// a timer, not a goroutine: most runs end before its first look and cost nothing more.
type watchdog struct {
	mu      sync.Mutex
	timer   *time.Timer
	stopped bool
	maxRSS  int64 // the most resident memory a look saw, past baseRSS
}

func watch(pid int, lim Limits, baseCPU time.Duration, baseRSS int64, start time.Time, kill func(Status, string)) *watchdog {
	w := &watchdog{}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.timer = time.AfterFunc(watchEvery, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.stopped {
			return
		}
		wall := time.Since(start)
		cpu, rss, ok := liveUsage(pid)
		cpu, rss = cpu-baseCPU, rss-baseRSS
		switch {
		case !ok && liveUsageKnown:
			return // it exited, and its run is ending
		case !ok:
			cpu = wall
		}
		w.maxRSS = max(w.maxRSS, rss)
		switch {
		case cpu > lim.Time:
			kill(TimedOut, fmt.Sprintf("used more than %v of CPU time", lim.Time))
		case wall > lim.Wall:
			kill(TimedOut, fmt.Sprintf("no answer after %v of wall time (%v of CPU time)", lim.Wall, cpu.Round(time.Millisecond)))
		case rss > lim.Memory:
			kill(MemoryLimit, fmt.Sprintf("used more than %s of memory", byteSize(lim.Memory)))
		default:
			w.timer.Reset(watchEvery)
		}
	})
	return w
}

// peak is the most resident memory the watchdog's looks saw.
func (w *watchdog) peak() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.maxRSS
}

// stop ends the watch; once it returns, kill is not called any more.
func (w *watchdog) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	w.timer.Stop()
}

// stopReason is why a run was stopped, fixed once and before the stop itself, so that
// what the run does as it dies (exit at once, write more) cannot change its verdict.
type stopReason struct {
	mu      sync.Mutex
	status  Status // Exited: not stopped
	detail  string
	settled bool // the run is over: no stop any more
}

// stop fixes why and stops the run with do, the first time only.
func (s *stopReason) stop(why Status, what string, do func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status == Exited && !s.settled {
		s.status, s.detail = why, what
		do()
	}
}

// final returns why the run was stopped (Exited if it was not), and settles it.
func (s *stopReason) final() (Status, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settled = true
	return s.status, s.detail
}

// copyBuffers are the buffers of copyPipe, reused: a run's two copies would otherwise
// allocate 64 KiB, which in a worker running a small program hundreds of times a second
// is most of what its garbage collector does.
var copyBuffers = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// copyPipe copies r to w until r ends, with a pooled buffer.
func copyPipe(w io.Writer, r *os.File) {
	buf := copyBuffers.Get().(*[32 << 10]byte)
	defer copyBuffers.Put(buf)
	// Hidden behind a plain Reader: *os.File's WriteTo would allocate a buffer of its own.
	io.CopyBuffer(w, struct{ io.Reader }{r}, buf[:])
}

// startPiped starts cmd with a pipe per entry of toChild (true: this process writes, the
// child reads), whose child ends wire hands to cmd. It returns this process's ends, in
// order. The child's ends are closed here once it has started, so that its exit closes
// them; if it cannot start, every end is closed.
func startPiped(cmd *exec.Cmd, toChild []bool, wire func(child []*os.File)) ([]*os.File, error) {
	ours, theirs := make([]*os.File, 0, len(toChild)), make([]*os.File, 0, len(toChild))
	closeAll := func(files []*os.File) {
		for _, f := range files {
			f.Close()
		}
	}
	for _, in := range toChild {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll(ours)
			closeAll(theirs)
			return nil, err
		}
		if in {
			r, w = w, r
		}
		ours, theirs = append(ours, r), append(theirs, w)
	}
	wire(theirs)
	err := cmd.Start()
	closeAll(theirs)
	if err != nil {
		closeAll(ours)
		return nil, err
	}
	return ours, nil
}

// byteSize prints a size as people read it: 512 B, 64 KiB, 1.5 MiB.
func byteSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return trimZero(float64(n)/(1<<10)) + " KiB"
	case n < 1<<30:
		return trimZero(float64(n)/(1<<20)) + " MiB"
	}
	return trimZero(float64(n)/(1<<30)) + " GiB"
}

func trimZero(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}
