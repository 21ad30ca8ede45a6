package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"gamediff/outcome"
	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

// TestWorkerDropStopsTheProgram drops a request whose program sleeps: the worker stops
// the program at once and says so, and then serves the next request as usual. (The test
// binary serves as a worker: see TestMain in toy_test.go.)
func TestWorkerDropStopsTheProgram(t *testing.T) {
	w := testWorker(t)
	// Compared in the worker, as a hunt's requests are: a dropped run is not "the same".
	sleep := request{Game: "toy", Compare: Exact, Got: side{Argv: []string{"sleep", "30"}, Limits: sandbox.Limits{Time: time.Minute}}}
	drop := make(chan struct{})
	time.AfterFunc(100*time.Millisecond, func() { close(drop) })
	start := time.Now()
	_, _, _, err := w.run(context.Background(), sleep, drop)
	if !errors.Is(err, errDropped) {
		t.Fatalf("a dropped run: err %v, want errDropped", err)
	}
	if took := time.Since(start); took > 25*time.Second {
		// Not a time bound: the program would sleep 30 s if it were not stopped.
		t.Errorf("a dropped run took %v: it was not stopped", took)
	}
	// A drop that comes after its request ended stops nothing.
	late := make(chan struct{})
	echo := request{Game: "toy", Input: []byte("1\n"), Got: side{Argv: []string{"cat"}}}
	_, got, _, err := w.run(context.Background(), echo, late)
	if err != nil || got.Status != sandbox.Exited || string(got.Stdout) != "1\n" {
		t.Fatalf("after a drop: %+v, %v; want cat's echo", got, err)
	}
	close(late)
	_, got, _, err = w.run(context.Background(), echo, nil)
	if err != nil || got.Status != sandbox.Exited || string(got.Stdout) != "1\n" {
		t.Fatalf("after a late drop: %+v, %v; want cat's echo", got, err)
	}
}

// TestProgramInputErrorLine: a program's input error is the engine's to read: exit 2 and
// "line N:" first on a line of its stderr name line N (R-IN1); a line on the stderr of a run
// that did not exit with an error names none.
func TestProgramInputErrorLine(t *testing.T) {
	for _, tt := range []struct {
		script     string
		exit, line int
	}{
		{"echo 'line 7: bad token' >&2; exit 2", 2, 7},
		{"echo partial; exit 3", 3, 0},
		{"echo 'line 7: not an error' >&2; echo answer", 0, 0},
	} {
		s := localSolver(nil, side{Argv: []string{"sh", "-c", tt.script}, Limits: sandbox.Limits{Time: cpuclock.Limit(time.Second)}}, nil, Exact)
		r, err := s.Run(context.Background(), []byte("input\n"))
		if err != nil || r.Solver != outcome.Program || r.Status != sandbox.Exited || r.Exit != tt.exit || r.ErrLine != tt.line {
			t.Errorf("%s: %s exit %d line %d (stderr %q), err %v; want program, exit %d line %d", tt.script, r.Status, r.Exit, r.ErrLine, r.Stderr, err, tt.exit, tt.line)
		}
	}
}

// TestWorkerComparesAFloodAsItComes: a program's output is compared with the answer in the
// worker as it is read, and a flood comes back cut a little past the answer's length, with
// the bytes left out counted; a flood of whitespace after the right tokens agrees by
// tokens, and comes back as no answer at all.
func TestWorkerComparesAFloodAsItComes(t *testing.T) {
	w := testWorker(t)
	const flood = 5 << 20
	answer := &outcome.Result{Solver: outcome.Expected, Result: sandbox.Result{Stdout: []byte("1 2\n")}}
	for _, tt := range []struct {
		name    string
		script  string
		eq      Comparison
		same    bool
		kept    int
		omitted int64
	}{
		{"a flood of lines", fmt.Sprintf("yes | head -c %d", flood), Exact, false, 4 + answerTail, flood - 4 - answerTail},
		{"the answer, then a flood of spaces, by tokens", fmt.Sprintf("echo 1 2; head -c %d /dev/zero | tr '\\0' ' '", flood), Tokens, true, 0, 0},
		{"the answer, then a flood of spaces, exactly", fmt.Sprintf("echo 1 2; head -c %d /dev/zero | tr '\\0' ' '", flood), Exact, false, 4 + answerTail, flood - answerTail},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := request{Game: "toy", Compare: tt.eq, Both: true, Want: side{Answer: answer},
				Got: side{Argv: []string{"sh", "-c", tt.script}, Limits: sandbox.Limits{Time: cpuclock.Limit(10 * time.Second)}}}
			_, got, same, err := w.run(context.Background(), req, nil)
			if err != nil || got.Status != sandbox.Exited || same != tt.same || len(got.Stdout) != tt.kept || got.Omitted != tt.omitted {
				t.Fatalf("err %v, status %v, same %v, kept %d, omitted %d; want same %v, kept %d, omitted %d",
					err, got.Status, same, len(got.Stdout), got.Omitted, tt.same, tt.kept, tt.omitted)
			}
			if d := Compare(*answer, got, tt.eq); !tt.same && d == nil {
				t.Errorf("the cut answer compares as the same in the coordinator")
			}
		})
	}
}

// testWorker starts the test binary as a worker (see TestMain in toy_test.go), stopped when
// the test ends.
func testWorker(t *testing.T) *worker {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	w, err := startWorker(exe)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.stop)
	return w
}
