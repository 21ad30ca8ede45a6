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

// Command runs an external program as a judge does, in the sandbox (sandbox.go): the input
// on its stdin, its stdout kept up to the output limit, a bounded piece of its stderr for the
// report, the CPU time and memory of its whole process tree watched and bounded, and every
// process it started killed when it ends, normal exit included.
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

// Run runs the program on input and returns what a judge would see of it: its verdict's
// status, stdout, a bounded piece of stderr, and the CPU time and peak memory of its whole
// process tree. The error is the harness's (the program cannot be started, ctx is done).
func (c Command) Run(ctx context.Context, input []byte) (Result, error) {
	if len(c.Argv) == 0 {
		return Result{}, errors.New("command: no program given")
	}
	lim := c.Limits.withDefaults()
	// The input is a file, as a judge gives it: the program reads it at its own pace,
	// with no goroutine here to feed a pipe and no wake-up per 64 KiB.
	in, err := inputFile(input)
	if err != nil {
		return Result{}, fmt.Errorf("%s: input: %w", c.Label, err)
	}
	defer in.Close()
	j, err := sandboxOf().newJail(lim)
	if err != nil {
		return Result{}, fmt.Errorf("%s: sandbox: %w", c.Label, err)
	}
	defer j.close()

	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	cmd.Dir, cmd.Env, cmd.Stdin = c.Dir, programEnv(), in
	// Pipes of our own for its output: Wait then returns when the program exits, even
	// while a child it left behind still holds them.
	start := time.Now()
	p, err := startPiped(cmd, []bool{false, false}, func(child []*os.File) {
		cmd.Stdout, cmd.Stderr = child[0], child[1]
	}, j.start)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", c.Label, err)
	}
	outR, errR := p[0], p[1]

	var stopped stopReason
	kill := func(why Status, what string) { stopped.stop(why, what, func() { j.kill(false) }) }
	stdout := &cappedStdout{limit: lim.Output, buf: answerBuffer(), over: func() {
		// Called with stdout's lock held, from the reader: fix the reason, then kill.
		kill(OutputLimit, fmt.Sprintf("more than %s of output", byteSize(int64(lim.Output))))
	}}
	stderr := &headTail{}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() { defer readers.Done(); copyPipe(stdout, outR) }()
	go func() { defer readers.Done(); copyPipe(stderr, errR) }()

	dog := watch(jailProbe{j}, lim, start, kill)
	stopCtx := context.AfterFunc(ctx, func() { kill(Crashed, "cancelled") })

	waitErr := cmd.Wait()
	wall := time.Since(start)
	killed, why := stopped.final() // no kill by pid from here on: it may be reused
	dog.stop()
	stopCtx()
	j.kill(true) // normal exit included: no process it left may outlive the run
	// Every process of the run is dead, so the pipes close; one that escaped the
	// sandbox could still hold them: stop waiting for it after a while.
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
	var oomKilled bool
	r.CPU, r.Memory, oomKilled = c.usage(cmd, j, dog, lim)
	var exit *exec.ExitError
	switch {
	case killed != Exited:
		r.Status = killed
		r.Stderr = why + "\n" + r.Stderr
	case r.CPU > lim.Time:
		r.Status = TimedOut
		r.Stderr = fmt.Sprintf("used %v of CPU time, limit %v\n%s", r.CPU.Round(time.Millisecond), lim.Time, r.Stderr)
	case r.Memory > lim.Memory || oomKilled:
		r.Status = MemoryLimit
		r.Stderr = fmt.Sprintf("used %s of memory, limit %s\n%s", byteSize(r.Memory), byteSize(lim.Memory), r.Stderr)
	case errors.As(waitErr, &exit):
		if sig, ok := exitSignal(cmd); ok {
			r.Status = Signaled
			r.Stderr = fmt.Sprintf("killed by %s\n%s", signalText(sig), r.Stderr)
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

// usage is the CPU time and peak memory of the run's whole process tree: its cgroup's
// counts where it has one, else the program's rusage and the watchdog's sums over its
// processes.
func (c Command) usage(cmd *exec.Cmd, j *jail, dog *watchdog, lim Limits) (cpu time.Duration, peak int64, oomKilled bool) {
	own, ownPeak, measured := usageOf(cmd)
	cpu, cgroupPeak, oomKilled := j.finish()
	if !j.cpuMeasured() && measured {
		cpu = max(own, dog.maxCPU())
	}
	if j.memoryMeasured() {
		return cpu, cgroupPeak, oomKilled
	}
	peak = max(ownPeak, dog.peak())
	if ownPeak > lim.Memory && ownPeak <= highWater() {
		// The kernel counts the peak of the process that started the program (this one,
		// a hunt's worker, which may have held gigabytes) in the program's: its own peak
		// is then only known from the watchdog's looks. Only a peak over the limit is
		// looked into: it is the only one that counts, and this process's peak costs a
		// file read.
		peak = dog.peak()
	}
	return cpu, peak, oomKilled
}

// probe is what a watchdog looks at: a run's CPU time and memory so far, and, past its
// wall-clock backstop, whether it is idle, starved or stopped.
type probe interface {
	// usage is the run's CPU time and memory now; ok is false when it cannot be known
	// (the watchdog then times the run by its wall-clock time).
	usage() (cpu time.Duration, memory int64, ok bool)
	// backstop decides a run past its wall-clock backstop (backstopVerdict): stop it (and
	// why), or let a starved run go on.
	backstop(lim Limits, wall, cpu time.Duration) (Status, string, bool)
	// stopped reports whether the run is stopped (SIGSTOP, a job-control stop) at this look.
	stopped() bool
}

// stopGrace is how long a run may stay stopped from outside before the watchdog gives it
// up as disturbed: a worker stopped for 25 s would otherwise hold its lane until the wall
// backstop of a slow reference, 41 s.
const stopGrace = time.Second

// jailProbe watches a program in its jail.
type jailProbe struct{ j *jail }

func (p jailProbe) usage() (time.Duration, int64, bool) {
	cpu, memory := p.j.usage()
	return cpu, memory, liveUsageKnown
}

func (p jailProbe) backstop(lim Limits, wall, cpu time.Duration) (Status, string, bool) {
	return backstopVerdict(lim, wall, cpu, p.j.waited(), p.j.stopped())
}

func (p jailProbe) stopped() bool { return p.j.stopped() }

// watchdog looks at a running process every watchEvery and calls kill once when it goes
// over a limit: its CPU time, its memory, or, when it is idle (or stopped, or starved for
// too long), its wall-clock backstop. Where the system does not tell a process's CPU time,
// wall time stands in for it. It is a timer, not a goroutine: most runs end before its
// first look and cost nothing more.
type watchdog struct {
	mu        sync.Mutex
	timer     *time.Timer
	stopped   bool
	maxRSS    int64         // the most memory a look saw
	cpu       time.Duration // the CPU time at the last look
	stoppedAt time.Time     // when a look first saw the run stopped, zero when it runs
}

func watch(p probe, lim Limits, start time.Time, kill func(Status, string)) *watchdog {
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
		cpu, memory, ok := p.usage()
		if !ok {
			cpu = wall
		}
		w.maxRSS, w.cpu = max(w.maxRSS, memory), max(w.cpu, cpu)
		if p.stopped() {
			if w.stoppedAt.IsZero() {
				w.stoppedAt = time.Now()
			}
		} else {
			w.stoppedAt = time.Time{}
		}
		switch {
		case !w.stoppedAt.IsZero() && time.Since(w.stoppedAt) > stopGrace:
			kill(Disturbed, fmt.Sprintf("stopped from outside for more than %v (SIGSTOP or a job-control stop)", stopGrace))
			return
		case cpu > lim.Time:
			kill(TimedOut, fmt.Sprintf("used more than %v of CPU time", lim.Time))
			return
		case memory > lim.Memory:
			kill(MemoryLimit, fmt.Sprintf("used more than %s of memory", byteSize(lim.Memory)))
			return
		case wall > lim.Wall:
			if status, what, stop := p.backstop(lim, wall, cpu); stop {
				kill(status, what)
				return
			}
		}
		w.timer.Reset(watchEvery)
	})
	return w
}

// peak is the most memory the watchdog's looks saw.
func (w *watchdog) peak() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.maxRSS
}

// maxCPU is the CPU time the watchdog's last look saw.
func (w *watchdog) maxCPU() time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cpu
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

// startPiped starts cmd with start (cmd.Start, or a sandbox's) with a pipe per entry of
// toChild (true: this process writes, the child reads), whose child ends wire hands to cmd.
// It returns this process's ends, in order. The child's ends are closed here once it has
// started, so that its exit closes them; if it cannot start, every end is closed.
func startPiped(cmd *exec.Cmd, toChild []bool, wire func(child []*os.File), start func(*exec.Cmd) error) ([]*os.File, error) {
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
	err := start(cmd)
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
