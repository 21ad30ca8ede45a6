package engine

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestWorkerDropStopsTheProgram drops a request whose program sleeps: the worker stops
// the program at once and says so, and then serves the next request as usual. (The test
// binary serves as a worker: see TestMain in toy_test.go.)
func TestWorkerDropStopsTheProgram(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	w, err := startWorker(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer w.stop()
	// Compared in the worker, as a hunt's requests are: a dropped run is not "the same".
	sleep := request{Game: "toy", Compare: "exact", Got: side{Argv: []string{"sleep", "30"}, Limits: Limits{Time: time.Minute}}}
	drop := make(chan struct{})
	time.AfterFunc(100*time.Millisecond, func() { close(drop) })
	start := time.Now()
	_, _, _, err = w.run(context.Background(), sleep, drop)
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
	if err != nil || got.Status != Exited || string(got.Stdout) != "1\n" {
		t.Fatalf("after a drop: %+v, %v; want cat's echo", got, err)
	}
	close(late)
	_, got, _, err = w.run(context.Background(), echo, nil)
	if err != nil || got.Status != Exited || string(got.Stdout) != "1\n" {
		t.Fatalf("after a late drop: %+v, %v; want cat's echo", got, err)
	}
}

// TestWorkerRunningAProgramIsNeverIdle: the coordinator watches a worker from outside, and
// a worker that runs a program only waits for it (the program's own watchdog is the
// worker's). Past the outer backstop such a worker is disturbed, never an idle TLE: at load
// 18 a spinning program starved of CPU was reported "no answer after 8.1s of wall time,
// having used 67ms of CPU", the worker's CPU, on 2 runs of 6. A judge's worker idle past it
// is idle.
func TestWorkerRunningAProgramIsNeverIdle(t *testing.T) {
	waiting := exec.Command("sleep", "30") // a process that waits, as such a worker does
	if err := waiting.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { waiting.Process.Kill(); waiting.Wait() }()
	lim := Limits{Time: time.Second, Wall: 3 * time.Second}
	for _, tt := range []struct {
		program bool
		want    Status
	}{{true, Disturbed}, {false, Idle}} {
		p := &workerProbe{pid: waiting.Process.Pid, program: tt.program}
		p.usage()
		if status, why, stop := p.backstop(lim, 8*time.Second, 67*time.Millisecond); status != tt.want || !stop {
			t.Errorf("program %v: %v (%q), stop %v; want %v", tt.program, status, why, stop, tt.want)
		}
	}
}

// TestBackstopVerdict: past its wall-clock backstop a run is idle when it neither computed
// nor waited for a CPU for most of its wall time, disturbed when stopped or starved past
// starvedFactor times the backstop, and let run on while starved within it.
func TestBackstopVerdict(t *testing.T) {
	lim := Limits{Time: 2 * time.Second, Wall: 5 * time.Second}
	for _, c := range []struct {
		name              string
		wall, cpu, waited time.Duration
		stopped           bool
		want              Status
		decided           bool
	}{
		{"sleeping", 6 * time.Second, 10 * time.Millisecond, 0, false, Idle, true},
		{"stopped", 6 * time.Second, 0, 0, true, Disturbed, true},
		{"starved, 4% of a CPU for ten backstops", 50 * time.Second, 1980 * time.Millisecond, 47 * time.Second, false, Exited, false},
		{"starved past thirty backstops", 151 * time.Second, 3 * time.Second, 147 * time.Second, false, Disturbed, true},
	} {
		got, _, decided := backstopVerdict(lim, c.wall, c.cpu, c.waited, c.stopped)
		if got != c.want || decided != c.decided {
			t.Errorf("%s: %v (decided %v), want %v (decided %v)", c.name, got, decided, c.want, c.decided)
		}
	}
}
