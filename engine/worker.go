package engine

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// A hunt's workers are its own binary re-executed with workerEnv set: the binary's main
// calls ServeWorker first, which then serves requests on two pipes (fds 3 and 4, as the Go
// fuzzer's workers do) instead of running the program's own main.
const workerEnv = "GAMEDIFF_WORKER"

// request asks a worker for one run: an in-process judge of a game (Judge "ref" or
// "fast"), or a program (Argv) that the worker starts and watches.
type request struct {
	Game   string
	Judge  string
	Argv   []string
	Input  []byte
	Limits Limits
}

// response is a run's result, and the worker's CPU time after it, which the coordinator's
// watchdog takes as the start of the next run.
type response struct {
	Result Result
	CPU    time.Duration
	Err    string // the worker could not run the request at all (unknown game, …)
}

// ServeWorker makes this process a hunt's worker when the hunt started it as one, and then
// never returns; otherwise it returns at once. Call it first in main, and in TestMain of
// tests that hunt: a hunt re-executes its own binary as its workers. lookup finds a game
// by name.
func ServeWorker(lookup func(name string) (Game, bool)) {
	if os.Getenv(workerEnv) == "" {
		return
	}
	// Programs this worker starts must not take themselves for workers.
	os.Unsetenv(workerEnv)
	in, out := os.NewFile(3, "requests"), os.NewFile(4, "responses")
	if in == nil || out == nil {
		fmt.Fprintln(os.Stderr, "gamediff worker: started without its pipes")
		os.Exit(2)
	}
	os.Exit(serveWorker(lookup, in, out))
}

func serveWorker(lookup func(string) (Game, bool), in io.Reader, out io.Writer) int {
	// The hunt died (parent-death signal) or asks to stop: end the program being run, if
	// any (its group is killed when its run is cancelled), then exit.
	ctx, cancel := context.WithCancel(context.Background())
	var running sync.WaitGroup
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, terminationSignal)
	go func() {
		<-sigs
		cancel()
		done := make(chan struct{})
		go func() { running.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(time.Second):
		}
		os.Exit(1)
	}()

	dec := gob.NewDecoder(bufio.NewReader(in))
	bw := bufio.NewWriter(out)
	enc := gob.NewEncoder(bw)
	send := func(r response) bool {
		return enc.Encode(r) == nil && bw.Flush() == nil
	}
	if !send(response{CPU: selfCPU()}) { // the handshake
		return 1
	}
	games := map[string]Game{}
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			return 0 // the hunt closed the pipe: it is done, or gone
		}
		var resp response
		running.Add(1)
		switch {
		case len(req.Argv) > 0:
			r, err := Command{Label: "program", Argv: req.Argv, Limits: req.Limits}.Run(ctx, req.Input)
			resp.Result = r
			if err != nil {
				resp.Err = err.Error()
			}
		default:
			g, ok := games[req.Game]
			if !ok {
				if g, ok = lookup(req.Game); !ok {
					resp.Err = fmt.Sprintf("unknown game %q", req.Game)
					break
				}
				games[req.Game] = g
			}
			// The judge under test gets a judge's stack (64 MiB, as many judges give),
			// so that runaway recursion is a crash within a second, not a gigabyte of
			// stack later; the reference, naive by design, recurses as deep as a
			// 1000x1000 cascade and keeps Go's default.
			j, stack := Judge(g.Fast), 64<<20
			if req.Judge == "ref" {
				j, stack = g.Ref, 1<<30
			}
			debug.SetMaxStack(stack)
			before, start := selfCPU(), time.Now()
			out := &sink{limit: req.Limits.withDefaults().Output}
			resp.Result = runJudge(req.Judge, j, req.Input, out)
			resp.Result.CPU, resp.Result.Wall = selfCPU()-before, time.Since(start)
		}
		running.Done()
		resp.CPU = selfCPU()
		if !send(resp) {
			return 1
		}
	}
}

// worker is the coordinator's handle on one worker process. It is used by one goroutine
// at a time (a lane); a worker that died or was killed is replaced on the next run.
type worker struct {
	exe    string
	cmd    *exec.Cmd
	reqs   *os.File // the write end of the worker's requests
	bw     *bufio.Writer
	enc    *gob.Encoder
	resps  *os.File
	dec    *gob.Decoder
	stderr *headTail
	cpu    time.Duration // the worker's CPU time after its last response
	waited chan struct{} // closed when the process has exited and been waited for
	// drained is closed when all of the worker's stderr has been read: its last words
	// come after its exit.
	drained chan struct{}
}

// handshakeTime bounds a worker's start: a binary that does not call ServeWorker never
// answers.
const handshakeTime = 20 * time.Second

// errNotAWorker is a binary that does not serve as a worker: a harness error.
var errNotAWorker = errors.New("the hunt's binary did not start as a worker: its main must call engine.ServeWorker first")

func startWorker(exe string) (*worker, error) {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	respR, respW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		respR.Close()
		respW.Close()
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), workerEnv+"=1")
	cmd.ExtraFiles = []*os.File{reqR, respW}
	cmd.Stderr = errW
	isolate(cmd, terminationSignal)
	err = cmd.Start()
	reqR.Close()
	respW.Close()
	errW.Close()
	if err != nil {
		reqW.Close()
		respR.Close()
		errR.Close()
		return nil, fmt.Errorf("starting a worker: %w", err)
	}
	w := &worker{exe: exe, cmd: cmd, reqs: reqW, resps: respR, stderr: &headTail{}, waited: make(chan struct{}), drained: make(chan struct{})}
	w.bw = bufio.NewWriterSize(reqW, 64<<10)
	w.enc = gob.NewEncoder(w.bw)
	w.dec = gob.NewDecoder(bufio.NewReaderSize(respR, 64<<10))
	go func() { io.Copy(w.stderr, errR); errR.Close(); close(w.drained) }()
	go func() { cmd.Wait(); close(w.waited) }()

	hello := make(chan error, 1)
	go func() {
		var r response
		err := w.dec.Decode(&r)
		w.cpu = r.CPU
		hello <- err
	}()
	select {
	case err := <-hello:
		if err == nil {
			return w, nil
		}
	case <-time.After(handshakeTime):
	}
	w.kill()
	return nil, fmt.Errorf("%w (its stderr: %q)", errNotAWorker, clipText(w.stderr.String(), 400))
}

// run asks the worker for one run under lim and watches it: a judge that goes over its CPU
// time, wall time or memory gets SIGQUIT (its goroutine dump goes in the result), then
// SIGKILL; a worker that dies is a crash of whatever it was running. The error is the
// harness's: ctx's, or a worker that could not be talked to at all.
func (w *worker) run(ctx context.Context, req request, lim Limits) (Result, error) {
	lim = lim.withDefaults()
	req.Limits = lim
	label := req.Judge
	if len(req.Argv) > 0 {
		label = "program"
		// The worker watches the program itself; watch the worker only for a backstop.
		lim = Limits{Time: lim.Wall + 10*time.Second, Wall: lim.Wall + 10*time.Second, Memory: 1 << 40, Output: lim.Output}
	}
	w.stderr.reset()
	start := time.Now()
	if err := w.enc.Encode(req); err == nil {
		err = w.bw.Flush()
	}
	// A failed write means the worker is gone; the read below tells how.
	answer := make(chan response, 1)
	failed := make(chan error, 1)
	go func() {
		var r response
		if err := w.dec.Decode(&r); err != nil {
			failed <- err
			return
		}
		answer <- r
	}()

	var (
		mu     sync.Mutex
		reason = Exited
		detail string
	)
	kill := func(why Status, what string) {
		mu.Lock()
		defer mu.Unlock()
		if reason != Exited {
			return
		}
		reason, detail = why, what
		pid := w.cmd.Process.Pid
		quitGroup(pid)
		go func() {
			select {
			case <-w.waited:
			case <-time.After(2 * time.Second):
				killGroup(pid)
			}
		}()
	}
	stop := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		watch(w.cmd.Process.Pid, lim, w.cpu, start, stop, kill)
	}()
	defer func() { close(stop); <-watched }()

	select {
	case r := <-answer:
		if r.Err != "" {
			return Result{}, fmt.Errorf("worker: %s", r.Err)
		}
		w.cpu = r.CPU
		res := r.Result
		res.Solver = label
		if res.Status == Exited && len(req.Argv) == 0 && res.CPU > lim.Time {
			res.Status = TimedOut
			res.Stderr = fmt.Sprintf("used %v of CPU time, limit %v", res.CPU.Round(time.Millisecond), lim.Time)
		}
		return res, nil
	case <-failed:
	case <-ctx.Done():
		w.kill()
		return Result{Solver: label}, ctx.Err()
	}
	// The worker died, or was killed by the watchdog.
	<-w.waited
	select {
	case <-w.drained:
	case <-time.After(time.Second):
	}
	res := Result{Solver: label, Wall: time.Since(start), Status: Crashed}
	dump := w.stderr.String()
	mu.Lock()
	killed, why := reason, detail
	reason = Crashed // no kill after this point
	mu.Unlock()
	if killed != Exited {
		res.Status, res.Stderr, res.Stack = killed, why, dump
		return res, nil
	}
	if ctx.Err() != nil {
		return Result{Solver: label}, ctx.Err()
	}
	res.Stderr = crashLine(w.cmd, dump)
	res.Stack = dump
	return res, nil
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
