package sandbox

import (
	"fmt"
	"sync"
	"time"
)

// watchEvery is how often a watchdog looks at a running process. Most runs end before
// its first look, so they cost nothing.
const watchEvery = 20 * time.Millisecond

// stopGrace is how long a worker may stay stopped from outside before the watchdog gives
// it up as disturbed: a stopped worker would otherwise hold its lane until the wall
// backstop of a slow reference.
const stopGrace = time.Second

// stoppedWalls is how long, in all, a program may stay stopped (SIGSTOP, a job-control
// stop), in wall-clock backstops: a stopped program uses no CPU, so its time stopped is no
// time-out and no idleness, and it is judged on its CPU time once it goes on. Only past
// this cap, which a program stopped for a while (its own stop, continued by a child of
// its own) stays far within, is it ended, and then as stopped, a run that says nothing of
// its time.
const stoppedWalls = 4

// idleShare is the part of a run's wall time past its backstop that must have gone neither
// to computing nor to waiting for a CPU for the run to count as idle (waiting on a sleep or
// on input): a program starved by a loaded machine is not idle, and is let run on.
const idleShare = 0.5

// starvedFactor bounds how long a starved run is let run on past its wall-clock backstop:
// past starvedFactor times the backstop it is stopped, inconclusively. A run still starved
// runs on for its verdict, since an unconfirmed one is not reported: stopped too soon, a
// time-out's reruns on a loaded machine fall a moment short of their verdict, and the
// time-out goes unreported.
const starvedFactor = 30

// backstopVerdict decides what a run past its wall-clock backstop is: idle (it sleeps or
// waits: a judge's idleness limit), stopped from outside or starved by the machine for too
// long (inconclusive: the run says nothing of the code), or starved but still within
// starvedFactor times the backstop (go on: ok false).
func backstopVerdict(lim Limits, wall, cpu, waited time.Duration, stopped bool) (Status, string, bool) {
	switch {
	case stopped:
		return Disturbed, "stopped from outside (SIGSTOP or a job-control stop) past the wall-clock backstop", true
	case float64(wall-cpu-waited) > idleShare*float64(wall):
		return Idle, "no answer after " + lim.Wall.String() + " of wall time, having used " + cpu.Round(time.Millisecond).String() +
			" of CPU: it waits (a sleep, a read) rather than computes", true
	case wall > starvedFactor*lim.Wall:
		return Disturbed, "starved of CPU by the machine's load for " + wall.Round(time.Second).String() + " (" +
			cpu.Round(time.Millisecond).String() + " of CPU)", true
	}
	return Exited, "", false
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
	// stopCap is how long, in all, the run may be stopped before the watchdog ends it as
	// Disturbed, and what that says, given the CPU time it used.
	stopCap(lim Limits, cpu time.Duration) (time.Duration, string)
}

// Watchdog looks at a running process every so often and calls kill once when it goes
// over a limit: its CPU time, its memory, or, when it is idle (or stopped, or starved for
// too long), its wall-clock backstop. Where the system does not tell a process's CPU time,
// wall time stands in for it. It is a timer, not a goroutine: most runs end before its
// first look and cost nothing more.
type Watchdog struct {
	mu        sync.Mutex
	timer     *time.Timer
	stopped   bool
	maxRSS    int64         // the most memory a look saw
	cpu       time.Duration // the CPU time at the last look
	stoppedAt time.Time     // when a look first saw the run stopped, zero when it runs
	paused    time.Duration // how long the run was stopped before stoppedAt, in all
}

func watch(p probe, lim Limits, start time.Time, kill func(Status, string)) *Watchdog {
	w := &Watchdog{}
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
		now := time.Now()
		stopped := p.stopped()
		switch {
		case stopped && w.stoppedAt.IsZero():
			w.stoppedAt = now
		case !stopped && !w.stoppedAt.IsZero():
			w.paused += now.Sub(w.stoppedAt)
			w.stoppedAt = time.Time{}
		}
		paused := w.paused
		if stopped {
			paused += now.Sub(w.stoppedAt)
		}
		// Its time stopped is neither computing nor idleness: the backstop is of the
		// wall time it was let run.
		wall -= paused
		stopCap, what := p.stopCap(lim, cpu)
		switch {
		case paused > stopCap:
			kill(Disturbed, what)
			return
		case cpu > lim.Time:
			kill(TimedOut, fmt.Sprintf("used more than %v of CPU time", lim.Time))
			return
		case memory > lim.Memory:
			kill(MemoryLimit, fmt.Sprintf("used more than %s of memory", ByteSize(lim.Memory)))
			return
		case wall > lim.Wall && !stopped:
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
func (w *Watchdog) peak() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.maxRSS
}

// maxCPU is the CPU time the watchdog's last look saw.
func (w *Watchdog) maxCPU() time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cpu
}

// Stop ends the watch; once it returns, kill is not called any more.
func (w *Watchdog) Stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	w.timer.Stop()
}

// StopReason is why a run was stopped, fixed once and before the stop itself, so that
// what the run does as it dies (exit at once, write more) cannot change its verdict. Its
// zero value is a run not stopped.
type StopReason struct {
	mu      sync.Mutex
	status  Status // Exited: not stopped
	detail  string
	settled bool // the run is over: no stop any more
}

// Stop fixes why (the status, and what the verdict's message says) and stops the run with
// do, the first time only, and not once the reason is settled (Final).
func (s *StopReason) Stop(why Status, what string, do func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status == Exited && !s.settled {
		s.status, s.detail = why, what
		do()
	}
}

// Final returns why the run was stopped (Exited if it was not), and settles it.
func (s *StopReason) Final() (Status, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settled = true
	return s.status, s.detail
}
