package engine

import (
	"gamediff/internal/quote"
	"gamediff/outcome"

	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync/atomic"
	"time"

	"gamediff/sandbox"
)

// Runner maps input bytes to what a judge would see of a run: stdout, exit status and the
// line an input error names. The reference, the optimized judge and an external program
// all take this slot.
type Runner interface {
	Who() outcome.Solver
	// Run runs the solver on input. The error is not the solver's: it is ctx's when the
	// run was cancelled, or a failure of the harness to run it at all.
	Run(ctx context.Context, input []byte) (outcome.Result, error)
}

// Diff runs want (the oracle) and then got on input and compares them (Compare): the one
// place a pair of solvers meets. It returns both runs, and their divergence, nil when
// they agree.
func Diff(ctx context.Context, want, got Runner, input []byte, eq Comparison) (w, g outcome.Result, d *outcome.Divergence, err error) {
	if w, err = want.Run(ctx, input); err != nil {
		return w, g, nil, err
	}
	if g, err = got.Run(ctx, input); err != nil {
		return w, g, nil, err
	}
	return w, g, Compare(w, g, eq), nil
}

// InProcess runs a Judge in this process, for replaying the corpus in `go test`, for
// benchmarks and for test sets: a panic is recovered and reported with its stack, output
// past the limit stops the run, and a run past the time limit (wall-clock here) is
// abandoned with the stack it is stuck in. An abandoned goroutine cannot be killed: a hunt
// runs judges in worker processes instead.
type InProcess struct {
	Solver outcome.Solver // whose run it is: Ref or Fast
	Judge  Judge
	Limits sandbox.Limits
	// Inline runs the judge on the caller's goroutine, with no time limit, for a caller
	// whose process has a watchdog of its own (a libFuzzer binary's -timeout). The time
	// limit needs a goroutine per run, and there that costs OS thread switches: a
	// libFuzzer binary's Go code runs on the C thread that calls it, a goroutine locked
	// to that thread, so that each run hands the CPU to another thread and back: on a
	// small fuzz input the switches cost more than the run, and on a loaded machine each
	// of them waits for a CPU.
	Inline bool
}

// Who returns whose run it is.
func (s InProcess) Who() outcome.Solver { return s.Solver }

// Run implements Runner.
func (s InProcess) Run(ctx context.Context, input []byte) (outcome.Result, error) {
	lim := s.Limits.WithDefaults()
	out := &sink{limit: lim.Output}
	if s.Inline {
		if err := ctx.Err(); err != nil {
			return outcome.Result{Solver: s.Solver}, err
		}
		start := time.Now()
		r := runJudge(s.Solver, s.Judge, input, out)
		r.Wall = time.Since(start)
		r.CPU = r.Wall
		return r, nil
	}
	done := make(chan outcome.Result, 1) // buffered: an abandoned run can still finish and leave
	var gid atomic.Int64
	start := time.Now()
	go func() {
		gid.Store(goroutineID())
		done <- runJudge(s.Solver, s.Judge, input, out)
	}()
	timer := time.NewTimer(lim.Time)
	defer timer.Stop()
	select {
	case r := <-done:
		r.Wall = time.Since(start)
		r.CPU = r.Wall
		return r, nil
	case <-timer.C:
		stack := goroutineStack(gid.Load())
		out.abandoned.Store(true)
		return outcome.Result{Solver: s.Solver, Result: sandbox.Result{Status: sandbox.TimedOut, Wall: time.Since(start), CPU: time.Since(start),
			Stderr: fmt.Sprintf("no answer after %v", lim.Time)}, Stack: stack}, nil
	case <-ctx.Done():
		out.abandoned.Store(true)
		return outcome.Result{Solver: s.Solver}, ctx.Err()
	}
}

// runJudge runs j on input in the calling goroutine, recovering a panic, with its stdout
// going to out.
func runJudge(who outcome.Solver, j Judge, input []byte, out *sink) (r outcome.Result) {
	r.Solver = who
	defer func() {
		if v := recover(); v != nil {
			if stop, ok := v.(stopWriting); ok {
				r.Status = stop.reason
			} else {
				r.Status = sandbox.Panicked
				r.Stderr = quote.HeadTail(fmt.Sprint(v), sandbox.StderrKept)
				r.Stack = string(debug.Stack())
			}
		}
		r.Stdout = out.buf
	}()
	err := j(input, out)
	r.Exit, r.ErrLine, r.Stderr = exitOf(err)
	return r
}

// stopWriting is the panic value a sink raises to stop a run that may not write any more.
type stopWriting struct{ reason sandbox.Status }

// sink is an in-process judge's stdout: a buffer that refuses to grow past its limit or to
// take writes from a run that has been abandoned.
type sink struct {
	buf       []byte
	limit     int
	abandoned atomic.Bool
}

func (s *sink) Write(p []byte) (int, error) {
	if s.abandoned.Load() {
		panic(stopWriting{sandbox.TimedOut})
	}
	if len(s.buf)+len(p) > s.limit {
		panic(stopWriting{sandbox.OutputLimit})
	}
	s.buf = sandbox.AppendOutput(s.buf, p, s.limit)
	return len(p), nil
}

// exitOf maps a Judge's error to what a judge would see: exit 2 and the line for an input
// error (R-IN1), exit 1 for anything else.
func exitOf(err error) (exit, line int, message string) {
	if err == nil {
		return 0, 0, ""
	}
	var in interface{ InputLine() int }
	if errors.As(err, &in) {
		return 2, in.InputLine(), quote.HeadTail(err.Error(), sandbox.StderrKept)
	}
	return 1, 0, quote.HeadTail(err.Error(), sandbox.StderrKept)
}

// goroutineID parses the current goroutine's id from its stack header ("goroutine 7 [").
func goroutineID() int64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		id, _ := strconv.ParseInt(string(b[:i]), 10, 64)
		return id
	}
	return 0
}

// allStacks dumps every goroutine's stack, as a Go program does on SIGQUIT.
func allStacks() []byte {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}

// goroutineStack returns the stack of goroutine id, taken from a dump of all goroutines.
func goroutineStack(id int64) string {
	buf := allStacks()
	header := []byte("goroutine " + strconv.FormatInt(id, 10) + " [")
	for _, block := range bytes.Split(buf, []byte("\n\n")) {
		if bytes.HasPrefix(block, header) {
			return string(block)
		}
	}
	return "(stack of goroutine " + strconv.FormatInt(id, 10) + " not found)"
}
