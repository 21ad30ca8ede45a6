package engine

import (
	"time"
)

// CPUUse tells where a hunt's CPU time went, from the run records (each run's CPU time, a
// program's over its whole process tree) and the processes' own usage: how much of it the
// code under test got, which is what bounds a hunt of a program.
type CPUUse struct {
	Program float64 `json:"program_seconds"` // the program under test, over its process trees
	Fast    float64 `json:"fast_seconds"`    // the fast judge in the workers (the code under test, or a program's oracle)
	Ref     float64 `json:"ref_seconds"`     // the reference in the workers
	// Workers is the rest of the workers' own time: reading requests, starting, watching
	// and ending programs, comparing answers, sending responses.
	Workers float64 `json:"workers_other_seconds"`
	// Lanes is the hunt's lanes generating cases: drawing, encoding and packing them.
	Lanes float64 `json:"lanes_seconds"`
	// Hunt is the rest of the hunt's own process: the coordinator, the lanes' requests and
	// what they do with the responses (splitting packed answers, naming divergences),
	// minimizing, the garbage collector.
	Hunt float64 `json:"hunt_other_seconds"`
	// CodeShare is the share of the total that went to the code under test: the program,
	// or fast in a hunt of ref against fast.
	CodeShare float64 `json:"code_share"`
	// ProgramRuns counts the program's runs (packed inputs hold many cases): what a run
	// costs the workers is Workers over it.
	ProgramRuns int64 `json:"program_runs,omitempty"`
}

// laneUse is one lane's part of a hunt's CPU time.
type laneUse struct {
	program, fast, ref time.Duration
	programRuns        int64
	workers            time.Duration // its workers' own CPU time, their judges' included
	thread             time.Duration // the lane's own thread
}

// add counts a run's CPU time to its solver.
func (u *laneUse) add(r Result) {
	switch r.Solver {
	case Program:
		u.program += r.CPU
		u.programRuns++
	case Fast:
		u.fast += r.CPU
	case Ref:
		u.ref += r.CPU
	}
}

// cpuUse sums the lanes' parts and splits the hunt process's own CPU time (hunt, since it
// started) between its lanes and the rest.
func cpuUse(lanes []laneUse, hunt time.Duration, program bool) CPUUse {
	var u CPUUse
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
