package engine

import (
	"gamediff/internal/quote"
	"gamediff/outcome"

	"bufio"
	"context"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamediff/sandbox"
)

// A hunt's workers are its own binary re-executed as children of the hunt's
// (sandbox.StartChild) with workerEnv set to the hunt's pid: the binary's main calls
// ServeWorker first, which then serves requests on pipes (fds 3, 4 and 5, as the Go fuzzer's
// workers do) instead of running the program's own main. The pid ties the variable to the
// process that started the worker, so that the variable left in a user's environment does
// not turn a command into a worker.
const workerEnv = "GAMEDIFF_WORKER"

// request asks a worker to run the two sides of a comparison on one input and compare
// them, as Diff does: it answers once the first side has run (a phase response, so that
// the coordinator watches the second side against its own limits), then with the
// comparison. The worker compares the runs by Compare and sends them back only when they
// differ; with Both, it sends both whatever they are, for the coordinator to compare with
// something else (a test's answer) or to time.
type request struct {
	Seq       uint64 // the request's number, by which a drop names it
	Game      string
	Input     []byte
	Want, Got side
	Compare   Comparison
	Both      bool
}

// side is one solver of a request: a judge of the game in the worker (Ref, Fast), a
// program the worker starts (Argv), a test's expected result (Answer), or, with none, the
// reference taken to exit 0 (exitsZero), under its limits.
type side struct {
	Judge  outcome.Solver // Ref or Fast; NoSolver for a program or for none
	Argv   []string
	Limits sandbox.Limits
	// Answer is a test's expected result (judge), which the first side gives as its run:
	// the code under test is compared with it in the worker, as its output comes, and
	// its output need not travel to the coordinator to be compared there.
	Answer *outcome.Result
}

// response is a phase's end or a comparison's result, with the worker's CPU time, which
// the coordinator's watchdog takes as the start of what runs next.
type response struct {
	Slow      bool // the first side still runs after quickSide: watch it with its own limits
	Phase     bool // the first side has run, slowly: watch the second with its own limits
	Same      bool // the two sides agree; their runs are not sent
	Want, Got outcome.Result
	CPU       time.Duration
	RSS       int64  // the memory the worker holds now (heldMemory), from which the next run is measured
	Err       string // the worker could not run the request at all (unknown game, …)
	Dropped   bool   // the coordinator dropped the request before it ended
	Sandbox   string // the handshake: how the worker contains the programs it runs
	// Spent is the CPU time of each side's run, sent even when the runs are not: a hunt
	// tells where its CPU went (outcome.CPUUse).
	Spent [2]time.Duration
}

// dumpAndExit, sent on the drops pipe, asks a worker whose judge is over its limits to
// print every goroutine's stack and exit: a worker ignores the signals that would
// otherwise do it (SIGQUIT), which the programs it runs could send it.
const dumpAndExit = ^uint64(0)

// ServeWorker makes this process a hunt's worker when the hunt started it as one, and then
// never returns; otherwise it returns at once. Call it first in main, and in TestMain of
// tests that hunt: a hunt re-executes its own binary as its workers. lookup finds a game
// by name.
func ServeWorker(lookup func(name string) (Game, bool)) {
	// A worker's parent is the hunt, which the variable names. Its pipes are its alone,
	// close-on-exec, so that no program it runs holds them; what a program sends its parent
	// does not end it: the hunt ends it by closing its pipes, with SIGKILL, or with
	// dumpAndExit.
	if !sandbox.EnterChild(workerEnv) {
		return
	}
	in, out, drops := os.NewFile(3, "requests"), os.NewFile(4, "responses"), os.NewFile(5, "drops")
	if in == nil || out == nil || drops == nil {
		fmt.Fprintln(os.Stderr, "gamediff worker: started without its pipes")
		os.Exit(2)
	}
	code := serveWorker(lookup, in, out, drops)
	sandbox.Release()
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
	if !send(response{CPU: sandbox.SelfCPU(), RSS: heldMemory(), Sandbox: sandbox.Describe()}) { // the handshake
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
		want := phased{Runner: localSolver(g, req.Want, nil, req.Compare),
			slow: func() { send(response{Slow: true}) },
			done: func() { send(response{Phase: true, CPU: sandbox.SelfCPU(), RSS: heldMemory()}) }}
		reqCtx, stop := context.WithCancel(context.Background())
		current.Lock()
		current.seq, current.stop = req.Seq, stop
		current.Unlock()
		// As Diff, but the second side knows the first's run: a program's output is
		// compared with it as it comes, and only its head is kept.
		var (
			r outcome.Result
			d *outcome.Divergence
		)
		w, err := want.Run(reqCtx, req.Input)
		if err == nil {
			if r, err = localSolver(g, req.Got, &w, req.Compare).Run(reqCtx, req.Input); err == nil {
				d = Compare(w, r, req.Compare)
			}
		}
		current.Lock()
		dropped := reqCtx.Err() != nil
		current.stop = nil
		current.Unlock()
		stop()
		resp := response{CPU: sandbox.SelfCPU(), RSS: heldMemory(), Spent: [2]time.Duration{w.CPU, r.CPU}}
		switch {
		case dropped: // first: a stopped run compares as nothing, and is no outcome
			resp.Dropped = true
		case err != nil:
			resp.Err = err.Error()
		case d == nil && !req.Both:
			resp.Same = true
		case d == nil:
			// Both runs, for their times and memory: their answers agree, and are not sent.
			resp.Same, resp.Want, resp.Got = true, w, r
			resp.Want.Stdout, resp.Got.Stdout = nil, nil
		default:
			resp.Want, resp.Got = clipStdout(w), cutStdout(w, clipStdout(r))
		}
		if req.Want.Answer != nil {
			resp.Want.Stdout = nil // the coordinator's own
		}
		if !send(resp) {
			return 1
		}
		recycleAnswer(w.Stdout)
		if cap(r.Stdout) == 0 || cap(w.Stdout) == 0 || &r.Stdout[:1][0] != &w.Stdout[:1][0] {
			recycleAnswer(r.Stdout) // not the answer it stands as (program): handed back once
		}
	}
}

// stdoutKept bounds the stdout a run that did not end normally sends back: it is shown,
// never compared, and a program that prints for ever would otherwise cost a hunt its
// output limit per case.
const stdoutKept = 64 << 10

// clipStdout keeps the head of the stdout of a run that did not end normally.
func clipStdout(r outcome.Result) outcome.Result {
	if r.Status != sandbox.Exited && len(r.Stdout) > stdoutKept {
		r.Omitted += int64(len(r.Stdout) - stdoutKept)
		r.Stdout = append([]byte(nil), r.Stdout[:stdoutKept]...)
	}
	return r
}

// cutStdout keeps of got's stdout, which differs from want's, no more than answerTail bytes
// past want's length, as a program's run is kept as it is read (program): an answer of
// about the expected size travels whole, and a flood only as far as a report shows of
// where it parts from want's.
func cutStdout(want, got outcome.Result) outcome.Result {
	if keep := len(want.Stdout) + answerTail; len(got.Stdout) > keep {
		got.Omitted += int64(len(got.Stdout) - keep)
		got.Stdout = got.Stdout[:keep]
	}
	return got
}

// answerBuffers holds the buffers of answers a worker has sent, for the answers of its next
// runs: an answer of megabytes (mine's, boom's) otherwise cost a fresh buffer, which Go
// clears, per run and per side. Only a worker hands them back (recycleAnswer), once it has
// sent them: nothing else holds them then.
var answerBuffers sync.Pool

// answerBuffer is an empty buffer for an answer, with room from an earlier one, or nil.
func answerBuffer() []byte {
	if b, ok := answerBuffers.Get().(*[]byte); ok {
		return (*b)[:0]
	}
	return nil
}

// recycleAnswer hands back the buffer of an answer sent, if it is worth keeping: not a
// small one, and not one of a run that wrote hundreds of megabytes.
func recycleAnswer(b []byte) {
	if cap(b) >= 64<<10 && cap(b) <= 64<<20 {
		answerBuffers.Put(&b)
	}
}

// dumpGoroutines writes every goroutine's stack, as a Go program does on SIGQUIT.
func dumpGoroutines(w io.Writer) {
	fmt.Fprintf(w, "SIGQUIT: dump asked by the hunt\n\n%s", allStacks())
}

// localSolver is a request's side as this worker runs it. The second side of a request
// is given the first's run (against), with which its answer is compared (eq).
func localSolver(g Game, s side, against *outcome.Result, eq Comparison) Runner {
	switch {
	case isProgram(s):
		return program{cmd: sandbox.Command{Argv: s.Argv, Limits: s.Limits}, against: against, eq: eq}
	case s.Answer != nil:
		return answer{*s.Answer}
	case s.Judge == outcome.Ref:
		// The reference, naive by design, recurses as deep as a 1000x1000 cascade:
		// Go's default stack.
		return workerJudge{who: outcome.Ref, judge: g.Ref, limits: s.Limits, stack: 1 << 30}
	case s.Judge == outcome.Fast:
		// The judge under test gets a judge's stack (64 MiB, as many judges give), so
		// that runaway recursion is a crash within a second, not a gigabyte later.
		return workerJudge{who: outcome.Fast, judge: g.Fast, limits: s.Limits, stack: 64 << 20}
	}
	return exitsZero{}
}

// program runs a program from the worker, in the sandbox. Its output, up to the output
// limit, is the worker's heap: the garbage collector is asked to keep the heap near that
// much while it runs, or a program that prints for ever would cost a worker twice its
// limit, the last run's output and the next's.
//
// Given the run it is compared with (against), it compares its output with that run's as
// the output comes, and keeps of it only up to answerTail bytes past that run's answer:
// whatever the program writes, its worker holds no more than the answer it should give and
// a little more, and the coordinator is sent no more.
type program struct {
	cmd     sandbox.Command
	against *outcome.Result
	eq      Comparison
}

func (program) Who() outcome.Solver { return outcome.Program }

func (p program) Run(ctx context.Context, input []byte) (outcome.Result, error) {
	debug.SetMemoryLimit(int64(p.cmd.Limits.WithDefaults().Output) + 16<<20)
	defer debug.SetMemoryLimit(math.MaxInt64)
	// What a run of a program allocates here is its input and output, garbage at its end,
	// and the heap that outlives it is small: collecting at 5x that heap, not 2x, spares
	// the many runs of a minimization most of their collections, and the memory limit
	// above still bounds it.
	defer debug.SetGCPercent(debug.SetGCPercent(programGCPercent))
	cmd := p.cmd
	cmd.Buffer = answerBuffer()
	var match *answerMatch
	if p.against != nil {
		match = &answerMatch{want: p.against.Stdout, eq: p.eq}
		cmd.Tee, cmd.Keep = match, len(p.against.Stdout)+answerTail
	}
	run, err := cmd.Run(ctx, input)
	r := outcome.Result{Solver: outcome.Program, Result: run}
	if err != nil {
		if ctx.Err() == nil {
			err = fmt.Errorf("program: %w", err)
		}
		return r, err
	}
	if match != nil && match.written > int64(len(r.Stdout)) {
		r.Omitted = match.written - int64(len(r.Stdout))
		if r.Status == sandbox.Exited && match.equal() {
			// Its answer is the other's, by the comparison, past the part kept (tokens
			// and a flood of whitespace): it stands as that answer, the one it matched.
			r.Stdout, r.Omitted = p.against.Stdout, 0
		}
	}
	if r.Status == sandbox.Exited && r.Exit != 0 {
		if m := stderrLine.FindStringSubmatch(r.Stderr); m != nil {
			r.ErrLine, _ = strconv.Atoi(m[1])
		}
	}
	return r, nil
}

// answerTail is how much of a program's output is kept past the length of the answer it is
// compared with: the two part no later than that length, and a report shows some lines
// from there. An answer wrong by a few lines is kept whole, as the signatures of its
// finding read it; only a flood is cut.
const answerTail = 1 << 20

// answer gives a test's expected result as its run (judge).
type answer struct{ r outcome.Result }

func (a answer) Who() outcome.Solver                                 { return outcome.Expected }
func (a answer) Run(context.Context, []byte) (outcome.Result, error) { return a.r, nil }

// stderrLine is how a program names the line of an input error (R-IN1), first on a line of
// its stderr, as the judges do.
var stderrLine = regexp.MustCompile(`(?m)^line (\d+):`)

// programGCPercent is the worker's GOGC while it runs a program.
const programGCPercent = 400

// workerJudge runs a judge in the worker, in its goroutine: a hang is the coordinator's
// to stop, by killing the worker.
type workerJudge struct {
	who    outcome.Solver
	judge  Judge
	limits sandbox.Limits
	stack  int
}

func (j workerJudge) Who() outcome.Solver { return j.who }

func (j workerJudge) Run(_ context.Context, input []byte) (outcome.Result, error) {
	debug.SetMaxStack(j.stack)
	lim := j.limits.WithDefaults()
	before, start := sandbox.SelfCPU(), time.Now()
	// A goroutine of its own, whose stack (a deep recursion's, hundreds of megabytes)
	// goes when it ends; and what a big run leaves is handed back to the system before
	// the next, whose memory the coordinator measures as the worker's.
	done := make(chan outcome.Result)
	go func() { done <- runJudge(j.who, j.judge, input, &sink{limit: lim.Output, buf: answerBuffer()}) }()
	r := <-done
	r.CPU, r.Wall = sandbox.SelfCPU()-before, time.Since(start)
	if len(input)+len(r.Stdout) > bigRun {
		if sandbox.SelfMemory() > leftoverRSS {
			debug.FreeOSMemory()
		}
	}
	if r.Status == sandbox.Exited && r.CPU > lim.Time {
		r.Status = sandbox.TimedOut
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

func (exitsZero) Who() outcome.Solver { return outcome.Ref }
func (exitsZero) Run(context.Context, []byte) (outcome.Result, error) {
	return exitsZeroResult, nil
}

// exitsZeroResult is what exitsZero's run gives.
var exitsZeroResult = outcome.Result{Solver: outcome.Ref}

// quickSide is how long the first side of a request may run before the worker tells the
// coordinator, which until then watches the request against the second side's limits
// (and a little more): most first sides (the reference on a small case) end sooner, and
// a request costs one message.
const quickSide = 50 * time.Millisecond

// phased runs the first side of a request: when it runs past quickSide, it calls slow
// then, and done once it has run.
type phased struct {
	Runner
	slow, done func()
}

func (p phased) Run(ctx context.Context, input []byte) (outcome.Result, error) {
	told := make(chan struct{})
	timer := time.AfterFunc(quickSide, func() { p.slow(); close(told) })
	r, err := p.Runner.Run(ctx, input)
	if !timer.Stop() {
		<-told // the coordinator heard it is slow: tell it it is done, after
		p.done()
	}
	return r, err
}

// worker is the coordinator's handle on one worker process. It is used by one goroutine
// at a time (a lane); a worker that died or was killed is replaced on the next run.
type worker struct {
	child *sandbox.Child
	reqs  *os.File // the write end of the worker's requests
	bw    *bufio.Writer
	enc   *gob.Encoder
	resps *os.File
	dec   *gob.Decoder
	drops *os.File      // the write end of the worker's drops: the numbers of requests it may stop
	seq   uint64        // the number of the last request
	cpu   time.Duration // the worker's CPU time after its last response
	held  int64         // the memory it held then (response.RSS)
	// answers carries the worker's responses, read by one goroutine for its life; failed
	// is closed when it can read no more (the worker died).
	answers chan response
	failed  chan struct{}
	sandbox string        // how it contains the programs it runs (its handshake)
	spent   time.Duration // its own CPU time since its handshake, as its responses tell
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

// startWorker starts exe as a worker: a child of the hunt's (sandbox.StartChild), whose
// requests and drops go to it and whose responses come back.
func startWorker(exe string) (*worker, error) {
	child, p, err := sandbox.StartChild(exe, workerEnv, sandbox.ToChild, sandbox.FromChild, sandbox.ToChild)
	if err != nil {
		return nil, fmt.Errorf("starting a worker: %w", err)
	}
	reqW, respR, dropW := p[0], p[1], p[2]
	w := &worker{child: child, reqs: reqW, resps: respR, drops: dropW, answers: make(chan response, 1), failed: make(chan struct{})}
	w.bw = bufio.NewWriterSize(reqW, 64<<10)
	w.enc = gob.NewEncoder(w.bw)
	w.dec = gob.NewDecoder(bufio.NewReaderSize(respR, 64<<10))

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
	return nil, fmt.Errorf("%w (its stderr: %q)", errNotAWorker, quote.HeadTail(w.child.Stderr(0), 400))
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
func (w *worker) run(ctx context.Context, req request, drop <-chan struct{}) (want, got outcome.Result, same bool, err error) {
	w.seq++
	req.Seq = w.seq
	for _, s := range []*side{&req.Want, &req.Got} {
		s.Limits = s.Limits.WithDefaults()
	}
	labels := [2]outcome.Solver{label(req.Want), label(req.Got)}
	w.child.ResetStderr()
	if w.enc.Encode(req) == nil {
		w.bw.Flush() // a failed write means the worker is gone: the read below tells how
	}
	var stopped sandbox.StopReason
	kill := func(why sandbox.Status, what string) {
		stopped.Stop(why, what, func() {
			// Its goroutines' stacks go in the report; one that cannot print them in a
			// moment is killed.
			binary.Write(w.drops, binary.BigEndian, dumpAndExit)
			go func() {
				select {
				case <-w.child.Done():
				case <-time.After(2 * time.Second):
					w.child.Kill()
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
	dog := w.child.Watch(quick, w.span(start, req.Got), kill)
	defer func() { dog.Stop() }()
	var died = w.child.Done()
	var dropped <-chan time.Time
	for {
		select {
		case r := <-w.answers:
			dog.Stop()
			switch {
			case r.Slow:
				phase = 0
				dog = w.child.Watch(watchedLimits(req.Want), w.span(start, req.Want), kill)
				continue
			case r.Phase:
				w.spent += r.CPU - w.cpu
				phase, start, w.cpu, w.held = 1, time.Now(), r.CPU, r.RSS
				// What the first side left is not the second's: its memory is measured
				// from there (reused memory goes uncounted: the limit is a backstop).
				dog = w.child.Watch(watchedLimits(req.Got), w.span(start, req.Got), kill)
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
			if r.Same && !req.Both {
				r.Want, r.Got = outcome.Result{Solver: labels[0]}, outcome.Result{Solver: labels[1]}
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
	<-w.child.Done()
	res := outcome.Result{Solver: labels[phase], Result: sandbox.Result{Wall: time.Since(start), Status: sandbox.Crashed}}
	dump := w.child.Stderr(time.Second)
	killed, why := stopped.Final()
	switch {
	case killed != sandbox.Exited:
		res.Status, res.Stderr, res.Stack = killed, why, dump
	case ctx.Err() != nil:
		return want, got, false, ctx.Err()
	case w.child.KilledFromOutside():
		// Nothing here killed it, and a judge does not end with SIGKILL, SIGTERM or a
		// stop: something else did (a user, the OOM killer).
		res.Status, res.Stderr = sandbox.Disturbed, "its worker was killed from outside ("+w.child.ProcessState().String()+")"
	default:
		res.Stderr, res.Stack = crashLine(w.child.ProcessState(), dump), dump
	}
	if phase == 0 {
		return res, outcome.Result{Solver: labels[1]}, false, nil
	}
	return outcome.Result{Solver: labels[0]}, res, false, nil
}

// span is the stretch of work of this worker that its watch holds to side s's limits: from
// the CPU time and memory it had used and held before, and, for a program, which the
// worker watches itself, a wait.
func (w *worker) span(start time.Time, s side) sandbox.Span {
	return sandbox.Span{Start: start, CPU: w.cpu, Memory: w.held, Waits: isProgram(s)}
}

// isProgram reports whether side s runs a program, which its worker watches itself.
func isProgram(s side) bool { return len(s.Argv) > 0 }

// label is who a side's runs are.
func label(s side) outcome.Solver {
	switch {
	case isProgram(s):
		return outcome.Program
	case s.Answer != nil:
		return outcome.Expected
	case s.Judge != outcome.NoSolver:
		return s.Judge
	}
	return outcome.Ref
}

// watchedLimits are the limits a worker is watched against while it runs side s: the
// side's own for a judge; for a program, which the worker watches itself, a backstop past
// the longest the worker lets a starved program run on (Limits.Longest).
func watchedLimits(s side) sandbox.Limits {
	if isProgram(s) {
		backstop := s.Limits.Longest() + s.Limits.Wall + 2*time.Second
		return sandbox.Limits{Time: backstop, Wall: backstop, Memory: 1 << 40, Output: s.Limits.Output}
	}
	return s.Limits
}

// crashLine says how a worker died: the runtime's message ("fatal error: stack overflow",
// "panic: …") when it printed one, else its exit status or signal.
func crashLine(state *os.ProcessState, stderr string) string {
	how := "exited"
	if state != nil {
		how = state.String()
	}
	lines := strings.Split(stderr, "\n")
	for _, p := range []string{"fatal error: ", "panic: ", "runtime: "} {
		for _, line := range lines {
			if strings.HasPrefix(line, p) {
				return quote.HeadTail(line, 200) + " (" + how + ")"
			}
		}
	}
	return how
}

// alive reports whether the worker can take a request.
func (w *worker) alive() bool {
	select {
	case <-w.child.Done():
		return false
	default:
		return true
	}
}

// kill ends the worker at once.
func (w *worker) kill() {
	w.child.Kill()
	<-w.child.Done()
	w.reqs.Close()
	w.resps.Close()
	w.drops.Close()
}

// stop ends the worker as the hunt ends: closing its requests makes it exit; one that
// does not is killed.
func (w *worker) stop() {
	w.reqs.Close()
	select {
	case <-w.child.Done():
	case <-time.After(time.Second):
	}
	w.kill()
}
