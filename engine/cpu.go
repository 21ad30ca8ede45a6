package engine

import (
	"gamediff/outcome"
	"time"
)

// laneUse is one lane's part of a hunt's CPU time.
type laneUse struct {
	program, fast, ref time.Duration
	programRuns        int64
	workers            time.Duration // its workers' own CPU time, their judges' included
	thread             time.Duration // the lane's own thread
}

// add counts a run's CPU time to its solver.
func (u *laneUse) add(r outcome.Result) {
	switch r.Solver {
	case outcome.Program:
		u.program += r.CPU
		u.programRuns++
	case outcome.Fast:
		u.fast += r.CPU
	case outcome.Ref:
		u.ref += r.CPU
	}
}

// cpuUse sums the lanes' parts and splits the hunt process's own CPU time (hunt, since it
// started) between its lanes and the rest.
func cpuUse(lanes []laneUse, hunt time.Duration, program bool) outcome.CPUUse {
	var u outcome.CPUUse
	var judges, workers, threads time.Duration
	for _, l := range lanes {
		u.Program += l.program.Seconds()
		u.Fast += l.fast.Seconds()
		u.Ref += l.ref.Seconds()
		u.ProgramRuns += l.programRuns
		judges += l.fast + l.ref
		workers += l.workers
		threads += l.thread
	}
	u.Workers = max(workers-judges, 0).Seconds()
	u.Lanes = threads.Seconds()
	u.Hunt = max(hunt-threads, 0).Seconds()
	total := u.Program + u.Fast + u.Ref + u.Workers + u.Lanes + u.Hunt
	code := u.Fast
	if program {
		code = u.Program
	}
	if total > 0 {
		u.CodeShare = code / total
	}
	return u
}
