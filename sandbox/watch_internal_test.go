package sandbox

import (
	"os/exec"
	"testing"
	"time"
)

// TestWorkerRunningAProgramIsNeverIdle: a Child is watched from outside, and a worker that
// runs a program only waits for it (the program's own watchdog is the worker's). Past the
// outer backstop such a worker is disturbed, never an idle TLE: a spinning program starved
// of CPU by a loaded machine was once reported idle, with the worker's own CPU. A judge's
// worker idle past it is idle.
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
		p := &childProbe{pid: waiting.Process.Pid, waits: tt.program}
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
