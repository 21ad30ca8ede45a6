package engine

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A hunt's workers are its own binary re-executed with workerEnv set to the hunt's pid: the
// binary's main calls ServeWorker first, which then serves requests on pipes (fds 3, 4 and
// 5, as the Go fuzzer's workers do) instead of running the program's own main. The pid
// ties the variable to the process that started the worker, so that the variable left in
// a user's environment does not turn a command into a worker.
const workerEnv = "GAMEDIFF_WORKER"

// request asks a worker to run the two sides of a comparison on one input and compare
// them, as Diff does: it answers once the first side has run (a phase response, so that
// the coordinator watches the second side against its own limits), then with the
// comparison. When Compare is "exact" or "tokens" the worker compares and sends the
// runs back only when they differ; otherwise it sends both, for the coordinator to
// compare.
type request struct {
	Seq       uint64 // the request's number, by which a drop names it
	Game      string
	Input     []byte
	Want, Got side
	Compare   string
}

// side is one solver of a request: a judge of the game in the worker ("ref", "fast"), a
// program the worker starts (Argv), or, with neither, the reference taken to exit 0
// (exitsZero), under its limits.
type side struct {
	Judge  string
	Argv   []string
	Limits Limits
}

// response is a phase's end or a comparison's result, with the worker's CPU time, which
// the coordinator's watchdog takes as the start of what runs next.
type response struct {
	Slow      bool // the first side still runs after quickSide: watch it with its own limits
	Phase     bool // the first side has run, slowly: watch the second with its own limits
	Same      bool // the two sides agree; their runs are not sent
	Want, Got Result
	CPU       time.Duration
	RSS       int64  // the memory the worker holds now (heldMemory), from which the next run is measured
	Err       string // the worker could not run the request at all (unknown game, …)
	Dropped   bool   // the coordinator dropped the request before it ended
	Sandbox   string // the handshake: how the worker contains the programs it runs
	// Spent is the CPU time of each side's run, sent even when the runs are not: a hunt
	// tells where its CPU went (CPUUse).
	Spent [2]time.Duration
}

// dumpAndExit, sent on the drops pipe, asks a worker whose judge is over its limits to
// print every goroutine's stack and exit: a worker ignores the signals that would
// otherwise do it (SIGQUIT), which the programs it runs could send it.
const dumpAndExit = ^uint64(0)

// namespacedWorker is set in a worker that is the init of a PID namespace of its own.
var namespacedWorker atomic.Bool

// ServeWorker makes this process a hunt's worker when the hunt started it as one, and then
// never returns; otherwise it returns at once. Call it first in main, and in TestMain of
// tests that hunt: a hunt re-executes its own binary as its workers. lookup finds a game
// by name.
func ServeWorker(lookup func(name string) (Game, bool)) {
	hunt := os.Getenv(workerEnv)
	if hunt == "" {
		return
	}
	// Programs this process starts must not take themselves for workers, whatever it is.
	os.Unsetenv(workerEnv)
	// A worker's parent is the hunt, which the variable names; in a PID namespace of its
	// own it is the namespace's init, whose parent is out of sight.
	if hunt != strconv.Itoa(os.Getppid()) && !(os.Getpid() == 1 && os.Getppid() == 0) {
		return
	}
	namespacedWorker.Store(os.Getpid() == 1)
	// The pipes are this worker's alone: close-on-exec, like every descriptor it inherited,
	// so that no program it runs holds them.
	closeOnExecAll()
	in, out, drops := os.NewFile(3, "requests"), os.NewFile(4, "responses"), os.NewFile(5, "drops")
	if in == nil || out == nil || drops == nil {
		fmt.Fprintln(os.Stderr, "gamediff worker: started without its pipes")
		os.Exit(2)
	}
	// What a program sends its parent must not end the worker: the hunt ends it by closing
	// its pipes, with SIGKILL, or with dumpAndExit. (As a namespace's init, the worker
	// cannot be sent SIGKILL or SIGSTOP from inside it at all.)
	signal.Ignore(userSignals...)
	code := serveWorker(lookup, in, out, drops)
	sandboxOf().release()
	os.Exit(code)
}

func serveWorker(lookup func(string) (Game, bool), in io.Reader, out io.Writer, drops io.Reader) int {
	dec := gob.NewDecoder(bufio.NewReader(in))
	bw := bufio.NewWriter(out)
	enc := gob.NewEncoder(bw)
	var sending sync.Mutex // a slow side's message is sent from a timer
	send := func(r response) bool {
		sending.Lock()
		defer sending.Unlock()
		return enc.Encode(r) == nil && bw.Flush() == nil
	}
	if !send(response{CPU: selfCPU(), RSS: heldMemory(), Sandbox: SandboxDescription()}) { // the handshake
		return 1
	}
	// A drop names the request whose outcome the coordinator no longer needs: the program
	// it runs, if any, is stopped (a judge in this process runs on). A drop that comes
	// after its request ended names no request running, and does nothing.
	var current struct {
		sync.Mutex
		seq  uint64
		stop context.CancelFunc
	}
	go func() {
		var seq uint64
		for binary.Read(drops, binary.BigEndian, &seq) == nil {
			if seq == dumpAndExit {
				dumpGoroutines(os.Stderr)
				os.Exit(2)
			}
			current.Lock()
			if current.stop != nil && current.seq == seq {
				current.stop()
			}
			current.Unlock()
		}
	}()
	games := map[string]Game{}
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			return 0 // the hunt closed the pipe: it is done, or gone
		}
		g, ok := games[req.Game]
		if !ok {
			if g, ok = lookup(req.Game); !ok {
				if !send(response{Err: fmt.Sprintf("unknown game %q", req.Game)}) {
					return 1
				}
				continue
			}
			games[req.Game] = g
		}
		want := phased{Solver: localSolver(g, req.Want),
			slow: func() { send(response{Slow: true}) },
			done: func() { send(response{Phase: true, CPU: selfCPU(), RSS: heldMemory()}) }}
		reqCtx, stop := context.WithCancel(context.Background())
		current.Lock()
		current.seq, current.stop = req.Seq, stop
		current.Unlock()
		w, r, d, err := Diff(reqCtx, want, localSolver(g, req.Got), req.Input, comparisons[req.Compare])
		current.Lock()
		dropped := reqCtx.Err() != nil
		current.stop = nil
		current.Unlock()
		stop()
		resp := response{CPU: selfCPU(), RSS: heldMemory(), Spent: [2]time.Duration{w.CPU, r.CPU}}
		switch {
		case dropped: // first: a stopped run compares as nothing, and is no outcome
			resp.Dropped = true
		case err != nil:
			resp.Err = err.Error()
		case req.Compare != "" && d == nil:
			resp.Same = true
		default:
			resp.Want, resp.Got = clipStdout(w), clipStdout(r)
		}
		if !send(resp) {
			return 1
		}
		recycleAnswer(w.Stdout)
		recycleAnswer(r.Stdout)
	}
}

// dumpGoroutines writes every goroutine's stack, as a Go program does on SIGQUIT.
func dumpGoroutines(w io.Writer) {
	fmt.Fprintf(w, "SIGQUIT: dump asked by the hunt\n\n%s", allStacks())
}

// comparisons are the ways of comparing a worker knows by name.
var comparisons = map[string]Equal{"exact": Exact, "tokens": Tokens}

// localSolver is a request's side as this worker runs it.
func localSolver(g Game, s side) Solver {
	switch {
	case isProgram(s):
		return program{Command{Label: "program", Argv: s.Argv, Limits: s.Limits}}
	case s.Judge == "ref":
		// The reference, naive by design, recurses as deep as a 1000x1000 cascade:
		// Go's default stack.
		return workerJudge{label: "ref", judge: g.Ref, limits: s.Limits, stack: 1 << 30}
	case s.Judge == "fast":
		// The judge under test gets a judge's stack (64 MiB, as many judges give), so
		// that runaway recursion is a crash within a second, not a gigabyte later.
		return workerJudge{label: "fast", judge: g.Fast, limits: s.Limits, stack: 64 << 20}
	}
	return exitsZero{}
}

// program runs a program from the worker. Its output, up to the output limit, is the
// worker's heap: the garbage collector is asked to keep the heap near that much while it
// runs, or a program that prints for ever would cost a worker twice its limit, the last
// run's output and the next's.
type program struct{ Command }

func (p program) Run(ctx context.Context, input []byte) (Result, error) {
	debug.SetMemoryLimit(int64(p.Limits.withDefaults().Output) + 16<<20)
	defer debug.SetMemoryLimit(math.MaxInt64)
	// What a run of a program allocates here is its input and output, garbage at its end,
	// and the heap that outlives it is small: collecting at 5x that heap, not 2x, spares
	// the many runs of a minimization most of their collections, and the memory limit
	// above still bounds it.
	defer debug.SetGCPercent(debug.SetGCPercent(programGCPercent))
	return p.Command.Run(ctx, input)
}

// programGCPercent is the worker's GOGC while it runs a program.
const programGCPercent = 400

// workerJudge runs a judge in the worker, in its goroutine: a hang is the coordinator's
// to stop, by killing the worker.
type workerJudge struct {
	label  string
	judge  Judge
	limits Limits
	stack  int
}

func (j workerJudge) Name() string { return j.label }

func (j workerJudge) Run(_ context.Context, input []byte) (Result, error) {
	debug.SetMaxStack(j.stack)
	lim := j.limits.withDefaults()
	before, start := selfCPU(), time.Now()
	// A goroutine of its own, whose stack (a deep recursion's, hundreds of megabytes)
	// goes when it ends; and what a big run leaves is handed back to the system before
	// the next, whose memory the coordinator measures as the worker's.
	done := make(chan Result)
	go func() { done <- runJudge(j.label, j.judge, input, &sink{limit: lim.Output, buf: answerBuffer()}) }()
	r := <-done
	r.CPU, r.Wall = selfCPU()-before, time.Since(start)
	if len(input)+len(r.Stdout) > bigRun {
		if _, rss, ok := liveUsage(hostPID()); ok && rss > leftoverRSS { // not os.Getpid: 1 in a worker's namespace, whose /proc is the host's
			debug.FreeOSMemory()
		}
	}
	if r.Status == Exited && r.CPU > lim.Time {
		r.Status = TimedOut
		r.Stderr = fmt.Sprintf("used %v of CPU time, limit %v", r.CPU.Round(time.Millisecond), lim.Time)
	}
	return r, nil
}

// heldMemory is the memory this process holds from the system, as the runtime counts it
// (cheaply: no system call): what a run leaves behind, which the next run's memory is
// measured from.
func heldMemory() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64() - s[1].Value.Uint64())
}

// leftoverRSS is the resident memory past which a worker hands back what a run left
// before the next: the few runs that need it (a cascade on a 1000x1000 board) pay for it.
// Only the runs of more than bigRun bytes of input and output look.
const (
	leftoverRSS = 256 << 20
	bigRun      = 256 << 10
)

// exitsZero stands for the reference on a valid input, as far as any verdict but WA can
// tell: it exits 0. A minimization of a TLE or a crash runs the code under test alone.
type exitsZero struct{}

func (exitsZero) Name() string { return "ref" }
func (exitsZero) Run(context.Context, []byte) (Result, error) {
	return exitsZeroResult, nil
}

// exitsZeroResult is what exitsZero's run gives.
var exitsZeroResult = Result{Solver: "ref"}

// quickSide is how long the first side of a request may run before the worker tells the
// coordinator, which until then watches the request against the second side's limits
// (and a little more): most first sides (the reference on a small case) end sooner, and
// a request costs one message.
const quickSide = 50 * time.Millisecond

// phased runs the first side of a request: when it runs past quickSide, it calls slow
// then, and done once it has run.
type phased struct {
	Solver
	slow, done func()
}

func (p phased) Run(ctx context.Context, input []byte) (Result, error) {
	told := make(chan struct{})
	timer := time.AfterFunc(quickSide, func() { p.slow(); close(told) })
	r, err := p.Solver.Run(ctx, input)
	if !timer.Stop() {
		<-told // the coordinator heard it is slow: tell it it is done, after
		p.done()
	}
	return r, err
}

// worker is the coordinator's handle on one worker process. It is used by one goroutine
// at a time (a lane); a worker that died or was killed is replaced on the next run.
type worker struct {
	cmd    *exec.Cmd
	reqs   *os.File // the write end of the worker's requests
	bw     *bufio.Writer
	enc    *gob.Encoder
	resps  *os.File
	dec    *gob.Decoder
	drops  *os.File // the write end of the worker's drops: the numbers of requests it may stop
	seq    uint64   // the number of the last request
	stderr *headTail
	cpu    time.Duration // the worker's CPU time after its last response
	held   int64         // the memory it held then (response.RSS)
	waited chan struct{} // closed when the process has exited and been waited for
	// drained is closed when all of the worker's stderr has been read: its last words
	// come after its exit.
	drained chan struct{}
	// answers carries the worker's responses, read by one goroutine for its life; failed
	// is closed when it can read no more (the worker died).
	answers chan response
	failed  chan struct{}
	sandbox string        // how it contains the programs it runs (its handshake)
	spent   time.Duration // its own CPU time since its handshake, as its responses tell
}

// spawnWorker starts exe as a worker: in a process group of its own, killed when the hunt
// dies, and, with pidns, as the init of a PID namespace of its own. It returns the
// hunt's ends of the worker's requests, responses, stderr and drops.
func spawnWorker(exe string, pidns bool) ([]*os.File, *exec.Cmd, error) {
	cmd := exec.Command(exe)
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, workerEnv+"=") })
	cmd.Env = append(env, workerEnv+"="+strconv.Itoa(hostPID()))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setParentDeathSignal(cmd.SysProcAttr, syscall.SIGKILL)
	if pidns {
		inNewPIDNamespace(cmd.SysProcAttr)
	}
	// Requests and drops go to the worker; responses and its stderr come back.
	p, err := startPiped(cmd, []bool{true, false, false, true}, func(child []*os.File) {
		cmd.ExtraFiles = []*os.File{child[0], child[1], child[3]}
		cmd.Stderr = child[2]
	}, (*exec.Cmd).Start)
	return p, cmd, err
}

// dropGrace is how long a dropped request may take to end before its worker is killed:
// a judge in the worker does not stop at all; programDropGrace when it runs a program,
// which the worker stops itself, at once but for a loaded machine.
const (
	dropGrace        = 100 * time.Millisecond
	programDropGrace = 5 * time.Second
)

// errDropped is a request stopped because its outcome was no longer needed.
var errDropped = errors.New("dropped")

// handshakeTime bounds a worker's start: a binary that does not call ServeWorker never
// answers.
const handshakeTime = 20 * time.Second

// errNotAWorker is a binary that does not serve as a worker: a harness error.
var errNotAWorker = errors.New("the hunt's binary did not start as a worker: its main must call engine.ServeWorker first")

func startWorker(exe string) (*worker, error) {
	// A hunt asked for the portable fallback gives its workers no namespace either.
	pidns := sandboxOf().pidns.Load() && os.Getenv(sandboxEnv) != "portable"
	p, cmd, err := spawnWorker(exe, pidns)
	if err != nil && sandboxOf().pidns.Load() && (errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOSPC)) {
		// The kernel refuses a PID namespace here after all: workers go without.
		sandboxOf().pidns.Store(false)
		p, cmd, err = spawnWorker(exe, false)
	}
	if err != nil {
		return nil, fmt.Errorf("starting a worker: %w", err)
	}
	reqW, respR, errR, dropW := p[0], p[1], p[2], p[3]
	w := &worker{cmd: cmd, reqs: reqW, resps: respR, drops: dropW, stderr: &headTail{}, waited: make(chan struct{}),
		drained: make(chan struct{}), answers: make(chan response, 1), failed: make(chan struct{})}
	w.bw = bufio.NewWriterSize(reqW, 64<<10)
	w.enc = gob.NewEncoder(w.bw)
	w.dec = gob.NewDecoder(bufio.NewReaderSize(respR, 64<<10))
	go func() { io.Copy(w.stderr, errR); errR.Close(); close(w.drained) }()
	go func() { cmd.Wait(); close(w.waited) }()

	go func() {
		defer close(w.failed)
		for {
			var r response
			if w.dec.Decode(&r) != nil {
				return
			}
			w.answers <- r
		}
	}()
	select {
	case r := <-w.answers: // the handshake
		w.cpu, w.held, w.sandbox = r.CPU, r.RSS, r.Sandbox
		return w, nil
	case <-w.failed:
	case <-time.After(handshakeTime):
	}
	w.kill()
	return nil, fmt.Errorf("%w (its stderr: %q)", errNotAWorker, clipText(w.stderr.String(), 400))
}

// run asks the worker to compare the two sides of req and watches it: a judge that goes
// over its CPU time, wall time or memory gets SIGQUIT (its goroutine dump goes in the
// result), then SIGKILL; a worker that dies is a crash of the side it was running (a
// program is watched by the worker itself; its watch here is a backstop). It returns
// both runs, and whether they agree when the worker compared them. The error is the
// harness's: ctx's, or a worker that could not be talked to at all.
//
// Closing drop asks the worker to stop the request's program, whose outcome is no longer
// needed; run then returns errDropped, unless the request ended first.
func (w *worker) run(ctx context.Context, req request, drop <-chan struct{}) (want, got Result, same bool, err error) {
	w.seq++
	req.Seq = w.seq
	for _, s := range []*side{&req.Want, &req.Got} {
		s.Limits = s.Limits.withDefaults()
	}
	labels := [2]string{label(req.Want), label(req.Got)}
	w.stderr.reset()
	if w.enc.Encode(req) == nil {
		w.bw.Flush() // a failed write means the worker is gone: the read below tells how
	}
	var stopped stopReason
	kill := func(why Status, what string) {
		stopped.stop(why, what, func() {
			// Its goroutines' stacks go in the report; one that cannot print them in a
			// moment is killed.
			binary.Write(w.drops, binary.BigEndian, dumpAndExit)
			go func() {
				select {
				case <-w.waited:
				case <-time.After(2 * time.Second):
					killGroup(w.cmd.Process.Pid)
				}
			}()
		})
	}
	// Until the worker says the first side is slow, the request is watched against the
	// second side's limits, with the first side's quickSide on top (it has run by then).
	phase := 1 // the side running, as far as the coordinator knows
	start := time.Now()
	quick := watchedLimits(req.Got)
	quick.Time, quick.Wall = quick.Time+2*quickSide, quick.Wall+2*quickSide
	dog := watch(w.probe(req.Got), quick, start, kill)
	defer func() { dog.stop() }()
	var died <-chan struct{} = w.waited
	var dropped <-chan time.Time
	for {
		select {
		case r := <-w.answers:
			dog.stop()
			switch {
			case r.Slow:
				phase = 0
				dog = watch(w.probe(req.Want), watchedLimits(req.Want), start, kill)
				continue
			case r.Phase:
				w.spent += r.CPU - w.cpu
				phase, start, w.cpu, w.held = 1, time.Now(), r.CPU, r.RSS
				// What the first side left is not the second's: its memory is measured
				// from there (reused memory goes uncounted: the limit is a backstop).
				dog = watch(w.probe(req.Got), watchedLimits(req.Got), start, kill)
				continue
			}
			w.spent += r.CPU - w.cpu
			w.cpu, w.held = r.CPU, r.RSS
			if r.Dropped {
				return want, got, false, errDropped
			}
			if r.Err != "" {
				return want, got, false, fmt.Errorf("worker: %s", r.Err)
			}
			if r.Same {
				r.Want, r.Got = Result{Solver: labels[0]}, Result{Solver: labels[1]}
			}
			r.Want.CPU, r.Got.CPU = r.Spent[0], r.Spent[1]
			return r.Want, r.Got, r.Same, nil
		case <-drop:
			binary.Write(w.drops, binary.BigEndian, req.Seq) // a worker gone is seen below
			grace := dropGrace
			if isProgram([2]side{req.Want, req.Got}[phase]) {
				grace = programDropGrace // the worker stops its program itself
			}
			drop, dropped = nil, time.After(grace)
			continue
		case <-dropped:
			// A judge in the worker runs on when its outcome is no longer needed: the
			// worker is killed, and the lane starts another at its next run.
			w.kill()
			return want, got, false, errDropped
		case <-died:
			// The worker exited: its last answers, if any, are still in the pipe, which
			// nothing else holds (every descriptor of a worker is close-on-exec).
			died = nil
			select {
			case <-w.failed:
			case <-time.After(time.Second):
			}
			continue
		case <-w.failed:
		case <-ctx.Done():
			w.kill()
			return want, got, false, ctx.Err()
		}
		break
	}
	// The worker died, or was killed by the watchdog, while it ran side phase.
	<-w.waited
	select {
	case <-w.drained:
	case <-time.After(time.Second):
	}
	res := Result{Solver: labels[phase], Wall: time.Since(start), Status: Crashed}
	dump := w.stderr.String()
	killed, why := stopped.final()
	switch {
	case killed != Exited:
		res.Status, res.Stderr, res.Stack = killed, why, dump
	case ctx.Err() != nil:
		return want, got, false, ctx.Err()
	case killedFromOutside(w.cmd):
		// Nothing here killed it, and a judge does not end with SIGKILL, SIGTERM or a
		// stop: something else did (a user, the OOM killer).
		res.Status, res.Stderr = Disturbed, "its worker was killed from outside ("+w.cmd.ProcessState.String()+")"
	default:
		res.Stderr, res.Stack = crashLine(w.cmd, dump), dump
	}
	if phase == 0 {
		return res, Result{Solver: labels[1]}, false, nil
	}
	return Result{Solver: labels[0]}, res, false, nil
}

// workerProbe watches a worker while one of its judges runs: the worker's CPU time and
// memory past what it had used and held before the run, and, past the backstop, how long
// it waited for a CPU since the watch's first look.
type workerProbe struct {
	pid        int
	base       time.Duration
	held       int64
	waitedBase time.Duration
	looked     bool
	halted     bool // stopped at the last look
	// program: the worker runs a program, and watches it itself (its CPU time, its memory,
	// whether it is idle or starved, in its jail). The worker only waits meanwhile, so its
	// own idleness says nothing of the program's.
	program bool
}

// probe is the watch of this worker while it runs side s, from the CPU time and memory it
// had used and held before.
func (w *worker) probe(s side) *workerProbe {
	return &workerProbe{pid: w.cmd.Process.Pid, base: w.cpu, held: w.held, program: isProgram(s)}
}

func (p *workerProbe) usage() (time.Duration, int64, bool) {
	cpu, rss, stopped, ok := liveState(p.pid)
	if !p.looked {
		// Read once a run lasts a look, not on every run: most end sooner.
		p.looked, p.waitedBase = true, runQueueWait(p.pid)
	}
	p.halted = ok && stopped
	return cpu - p.base, rss - p.held, ok
}

func (p *workerProbe) stopped() bool { return p.halted }

func (p *workerProbe) backstop(lim Limits, wall, cpu time.Duration) (Status, string, bool) {
	if p.program {
		// Past the worker's own last word on its program (watchedLimits): the worker, not
		// the program, failed to answer. Taken for idle, a program starved by a loaded
		// machine was a TLE of 8 s of wall time and the worker's 67 ms of CPU.
		return Disturbed, "its worker did not answer within " + wall.Round(time.Second).String() + " while it ran the program", true
	}
	return backstopVerdict(lim, wall, cpu, runQueueWait(p.pid)-p.waitedBase, processStopped(p.pid))
}

// isProgram reports whether side s runs a program, which its worker watches itself.
func isProgram(s side) bool { return len(s.Argv) > 0 }

// killedFromOutside reports whether a worker ended by a signal that neither the hunt (it
// would have said why) nor a judge's own failure sends: SIGKILL (a user, the OOM killer),
// SIGTERM, SIGINT, SIGHUP.
func killedFromOutside(cmd *exec.Cmd) bool {
	sig, ok := exitSignal(cmd)
	return ok && (sig == syscall.SIGKILL || sig == syscall.SIGTERM || sig == syscall.SIGINT || sig == syscall.SIGHUP)
}

// label is the name of a side's runs.
func label(s side) string {
	switch {
	case isProgram(s):
		return "program"
	case s.Judge != "":
		return s.Judge
	}
	return "ref"
}

// watchedLimits are the limits a worker is watched against while it runs side s: the
// side's own for a judge; for a program, which the worker watches itself, a backstop past
// the longest the worker lets a starved program run on (starvedFactor times its wall-clock
// backstop).
func watchedLimits(s side) Limits {
	if isProgram(s) {
		backstop := (starvedFactor+1)*s.Limits.Wall + 2*time.Second
		return Limits{Time: backstop, Wall: backstop, Memory: 1 << 40, Output: s.Limits.Output}
	}
	return s.Limits
}

// crashLine says how a worker died: the runtime's message ("fatal error: stack overflow",
// "panic: …") when it printed one, else its exit status or signal.
func crashLine(cmd *exec.Cmd, stderr string) string {
	how := "exited"
	if cmd.ProcessState != nil {
		how = cmd.ProcessState.String()
	}
	lines := strings.Split(stderr, "\n")
	for _, p := range []string{"fatal error: ", "panic: ", "runtime: "} {
		for _, line := range lines {
			if strings.HasPrefix(line, p) {
				return clipText(line, 200) + " (" + how + ")"
			}
		}
	}
	return how
}

// alive reports whether the worker can take a request.
func (w *worker) alive() bool {
	select {
	case <-w.waited:
		return false
	default:
		return true
	}
}

// kill ends the worker at once.
func (w *worker) kill() {
	killGroup(w.cmd.Process.Pid)
	<-w.waited
	w.reqs.Close()
	w.resps.Close()
	w.drops.Close()
}

// stop ends the worker as the hunt ends: closing its requests makes it exit; one that
// does not is killed.
func (w *worker) stop() {
	w.reqs.Close()
	select {
	case <-w.waited:
	case <-time.After(time.Second):
	}
	w.kill()
}
