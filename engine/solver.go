package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync/atomic"
	"time"
)

// Solver maps input bytes to what a judge would see of a run: stdout, exit status and the
// line an input error names. The reference, the optimized implementation and an external
// program all take this slot.
type Solver interface {
	Name() string
	// Run runs the solver on input. The error is not the solver's: it is ctx's when the
	// run was cancelled, or a failure of the harness to run it at all.
	Run(ctx context.Context, input []byte) (Result, error)
}

// Status is how a run ended.
type Status int

// The ways a run can end. Anything but Exited is a finding in itself.
const (
	Exited      Status = iota // the solver finished; see Result.Exit
	Panicked                  // an in-process solver panicked
	TimedOut                  // it ran past the time limit
	OutputLimit               // it wrote more than the output limit
	Signaled                  // an external program was killed by a signal
)

var statusNames = [...]string{"exited", "panicked", "timed out", "exceeded the output limit", "was killed by a signal"}

func (s Status) String() string { return statusNames[s] }

// Result is what one run produced.
type Result struct {
	Solver  string
	Status  Status
	Exit    int    // exit status: 0, 2 for an input error (R-IN1), 1 for any other error
	ErrLine int    // the line an input error names, 0 if none
	Stderr  string // the error message, or the panic value
	Stdout  []byte
	Stack   string // the goroutine's stack for a panic or a hang
	Elapsed time.Duration
}

// Default limits of a run.
const (
	DefaultTimeout     = 10 * time.Second
	DefaultOutputLimit = 256 << 20
)

// InProcess runs a Func in this process, in its own goroutine: a panic is recovered and
// reported with its stack, and a run past the time limit is abandoned and reported with
// the stack it is stuck in. An abandoned goroutine cannot be killed; it stops at its next
// write, and a solver that hangs without writing keeps its goroutine until the process
// ends. External programs (Command) have no such limit.
type InProcess struct {
	Label       string
	F           Func
	Timeout     time.Duration // 0: DefaultTimeout
	OutputLimit int           // bytes; 0: DefaultOutputLimit
}

// Name returns the solver's label.
func (s InProcess) Name() string { return s.Label }

// stopWriting is the panic value a sink raises to stop a run that may not write any more.
type stopWriting struct{ reason Status }

// sink is the in-process solver's stdout: a buffer that refuses to grow past its limit or
// to take writes from a run that has been abandoned.
type sink struct {
	buf       bytes.Buffer
	limit     int
	abandoned atomic.Bool
}

func (s *sink) Write(p []byte) (int, error) {
	if s.abandoned.Load() {
		panic(stopWriting{TimedOut})
	}
	if s.buf.Len()+len(p) > s.limit {
		panic(stopWriting{OutputLimit})
	}
	return s.buf.Write(p)
}

// Run implements Solver.
func (s InProcess) Run(ctx context.Context, input []byte) (Result, error) {
	timeout, limit := s.Timeout, s.OutputLimit
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if limit <= 0 {
		limit = DefaultOutputLimit
	}
	out := &sink{limit: limit}
	done := make(chan Result, 1) // buffered: an abandoned run can still finish and leave
	var gid atomic.Int64
	start := time.Now()
	go func() {
		gid.Store(goroutineID())
		r := Result{Solver: s.Label}
		defer func() {
			if v := recover(); v != nil {
				if stop, ok := v.(stopWriting); ok {
					r.Status = stop.reason
				} else {
					r.Status = Panicked
					r.Stderr = fmt.Sprint(v)
					r.Stack = string(debug.Stack())
				}
			}
			r.Stdout = out.buf.Bytes()
			done <- r
		}()
		err := s.F(input, out)
		r.Exit, r.ErrLine, r.Stderr = exitOf(err)
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		r.Elapsed = time.Since(start)
		return r, nil
	case <-timer.C:
		stack := goroutineStack(gid.Load())
		out.abandoned.Store(true)
		return Result{Solver: s.Label, Status: TimedOut, Stack: stack, Elapsed: time.Since(start),
			Stderr: fmt.Sprintf("no answer after %v", timeout)}, nil
	case <-ctx.Done():
		out.abandoned.Store(true)
		return Result{Solver: s.Label}, ctx.Err()
	}
}

// exitOf maps a Func's error to what a judge would see: exit 2 and the line for an input
// error (R-IN1), exit 1 for anything else.
func exitOf(err error) (exit, line int, message string) {
	if err == nil {
		return 0, 0, ""
	}
	var in interface{ InputLine() int }
	if errors.As(err, &in) {
		return 2, in.InputLine(), err.Error()
	}
	return 1, 0, err.Error()
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

// goroutineStack returns the stack of goroutine id, taken from a dump of all goroutines.
func goroutineStack(id int64) string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	header := []byte("goroutine " + strconv.FormatInt(id, 10) + " [")
	for _, block := range bytes.Split(buf, []byte("\n\n")) {
		if bytes.HasPrefix(block, header) {
			return string(block)
		}
	}
	return "(stack of goroutine " + strconv.FormatInt(id, 10) + " not found)"
}
