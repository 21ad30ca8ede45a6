package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// Command runs an external program as a judge does, contained (see the package doc): the
// input on its stdin, its stdout kept up to the output limit, a bounded piece of its stderr
// for the report, the CPU time and memory of its whole process tree watched and bounded,
// and every process it started killed when it ends, normal exit included.
type Command struct {
	Argv   []string // the program and its arguments
	Dir    string   // working directory; empty: the current one
	Limits Limits
	// Buffer, when it has room, is where the run's stdout is kept from its start: the
	// stdout of an earlier run, handed back by a caller that runs many, spares a fresh
	// buffer per run, which Go clears.
	Buffer []byte
	// Keep, when positive and below the output limit, bounds the stdout kept in
	// Result.Stdout to its first Keep bytes; the rest is read, counted against the limit
	// and handed to Tee, not kept. A caller that compares the output as it comes (Tee)
	// keeps only what it shows, and holds no more for a run that writes up to a generous
	// limit.
	Keep int
	// Tee, when set, is handed every byte of stdout up to the output limit, in order, as
	// it is read.
	Tee io.Writer
}

// Run runs the program on input and returns what a judge would see of it: its verdict's
// status, stdout, a bounded piece of stderr, and the CPU time and peak memory of its whole
// process tree. The error is the harness's: ctx's when it is done, or a failure to run the
// program at all.
func (c Command) Run(ctx context.Context, input []byte) (Result, error) {
	if len(c.Argv) == 0 {
		return Result{}, errors.New("command: no program given")
	}
	lim := c.Limits.WithDefaults()
	// The input is a file, as a judge gives it: the program reads it at its own pace,
	// with no goroutine here to feed a pipe and no wake-up per 64 KiB.
	in, err := inputFile(input)
	if err != nil {
		return Result{}, fmt.Errorf("input: %w", err)
	}
	defer in.Close()
	j, err := sandboxOf().newJail(lim)
	if err != nil {
		return Result{}, fmt.Errorf("sandbox: %w", err)
	}
	defer j.close()

	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	cmd.Dir, cmd.Env, cmd.Stdin = c.Dir, programEnv(), in
	// Pipes of our own for its output: Wait then returns when the program exits, even
	// while a child it left behind still holds them.
	start := time.Now()
	p, err := startPiped(cmd, []Pipe{FromChild, FromChild}, func(child []*os.File) {
		cmd.Stdout, cmd.Stderr = child[0], child[1]
	}, j.start)
	if err != nil {
		return Result{}, err
	}
	outR, errR := p[0], p[1]

	var stopped StopReason
	kill := func(why Status, what string) { stopped.Stop(why, what, func() { j.kill(false) }) }
	overOutput := fmt.Sprintf("more than %s of output", ByteSize(int64(lim.Output)))
	keep := lim.Output
	if c.Keep > 0 {
		keep = min(c.Keep, keep)
	}
	stdout := &cappedStdout{limit: lim.Output, keep: keep, tee: c.Tee, buf: c.Buffer[:0], over: func() {
		// Called with stdout's lock held, from the reader: stop a program that writes on
		// at once. The verdict is the count's, below.
		kill(OutputLimit, overOutput)
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
	killed, why := stopped.Final() // no kill by pid from here on: it may be reused
	dog.Stop()
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
		return Result{}, ctx.Err()
	}

	r := Result{Stdout: stdout.bytes(), Stderr: stderr.String(), Wall: wall}
	var oomKilled bool
	r.CPU, r.Memory, oomKilled = usage(cmd, j, dog, lim)
	var exit *exec.ExitError
	switch {
	case stdout.exceeded():
		// The pipe was read to its end: what the program wrote decides, not whether the
		// reader saw the byte past the limit before the exit was noticed, nor another
		// limit's kill that came while the bytes written before it were still unread.
		r.Status = OutputLimit
		if killed != OutputLimit {
			why = overOutput
		}
		r.Stderr = why + "\n" + r.Stderr
	case killed != Exited:
		r.Status = killed
		r.Stderr = why + "\n" + r.Stderr
	case r.CPU > lim.Time:
		r.Status = TimedOut
		r.Stderr = fmt.Sprintf("used %v of CPU time, limit %v\n%s", r.CPU.Round(time.Millisecond), lim.Time, r.Stderr)
	case r.Memory > lim.Memory || oomKilled:
		r.Status = MemoryLimit
		r.Stderr = fmt.Sprintf("used %s of memory, limit %s\n%s", ByteSize(r.Memory), ByteSize(lim.Memory), r.Stderr)
	case errors.As(waitErr, &exit):
		if sig, ok := exitSignal(cmd); ok {
			r.Status = Signaled
			r.Stderr = fmt.Sprintf("killed by %s\n%s", signalText(sig), r.Stderr)
		} else {
			r.Exit = exit.ExitCode()
		}
	case waitErr != nil:
		return r, waitErr
	}
	return r, nil
}

// usage is the CPU time and peak memory of the run's whole process tree: its cgroup's
// counts where it has one, else the program's rusage and the watchdog's sums over its
// processes.
func usage(cmd *exec.Cmd, j *jail, dog *Watchdog, lim Limits) (cpu time.Duration, peak int64, oomKilled bool) {
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

// stopCap: a program may be stopped by itself, or by a process of its own, as well as from
// outside; it is judged on its CPU time, and only a stop past a generous cap ends it,
// said as what it is.
func (p jailProbe) stopCap(lim Limits, cpu time.Duration) (time.Duration, string) {
	limit := stoppedWalls * lim.Wall
	return limit, fmt.Sprintf("stopped (SIGSTOP or a job-control stop, its own or from outside) for more than %v in all, having used %v of CPU: a stopped program is judged on its CPU time, and this one did not go on within that cap",
		limit, cpu.Round(time.Millisecond))
}

// copyBuffers are the buffers of copyPipe, reused: a run's two copies would otherwise
// allocate 64 KiB, which in a worker running a small program over and over is most of what
// its garbage collector does.
var copyBuffers = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// copyPipe copies r to w until r ends, with a pooled buffer.
func copyPipe(w io.Writer, r *os.File) {
	buf := copyBuffers.Get().(*[32 << 10]byte)
	defer copyBuffers.Put(buf)
	// Hidden behind a plain Reader: *os.File's WriteTo would allocate a buffer of its own.
	io.CopyBuffer(w, struct{ io.Reader }{r}, buf[:])
}

// startPiped starts cmd with start (cmd.Start, or a jail's) with a pipe per entry of pipes,
// whose child ends wire hands to cmd. It returns this process's ends, in order. The child's
// ends are closed here once it has started, so that its exit closes them; if it cannot
// start, every end is closed.
func startPiped(cmd *exec.Cmd, pipes []Pipe, wire func(child []*os.File), start func(*exec.Cmd) error) ([]*os.File, error) {
	ours, theirs := make([]*os.File, 0, len(pipes)), make([]*os.File, 0, len(pipes))
	closeAll := func(files []*os.File) {
		for _, f := range files {
			f.Close()
		}
	}
	for _, dir := range pipes {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll(ours)
			closeAll(theirs)
			return nil, err
		}
		if dir == ToChild {
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
