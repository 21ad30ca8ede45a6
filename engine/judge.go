package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gamediff/sandbox"
)

// Test is one input to judge the code under test on, with the result a right solution
// gives on it.
type Test struct {
	Name  string // how reports name it: its file
	Input []byte
	Want  Result // the expected stdout, exit status and input-error line (Entry.Want)
}

// Judgement is the outcome of the code under test on one test, confirmed as a hunt's
// findings are (confirm.go): a failure is a verdict only once its reruns show it every
// time, Flaky when they show it on some.
type Judgement struct {
	Test      string        `json:"test"`
	Verdict   Verdict       `json:"verdict"`
	Signature string        `json:"signature,omitempty"`
	Identity  Identity      `json:"identity,omitzero"` // of a failure: what tells it from others (Finding.Identity)
	CPU       time.Duration `json:"cpu_ns"`            // of the first run
	Memory    int64         `json:"memory_bytes"`      // its peak, where measured
	Shown     int           `json:"shown,omitempty"`
	Runs      int           `json:"runs,omitempty"`
	// Note says why a failure seen is no verdict (it did not show again), or that the
	// test could not be run undisturbed (Unjudged).
	Note       string      `json:"note,omitempty"`
	Unjudged   bool        `json:"unjudged,omitempty"`
	Divergence *Divergence `json:"-"` // of a run that failed, for the report
	// Growth is how the time of the code under test grows along each dimension of the
	// test's case, for a TLE explained (Growths); empty otherwise.
	Growth []Growth `json:"growth,omitempty"`
}

// JudgeConfig says what to judge on the tests, and how.
type JudgeConfig struct {
	Game Game
	// Program is the program under test; empty: the game's Fast judge.
	Program []string
	Equal   Equal          // nil: Exact
	Workers int            // worker processes; 0: GOMAXPROCS
	Limits  sandbox.Limits // of each run (Time 0: the game's time limit)
	// Progress is called, from one goroutine, each time a test is settled.
	Progress func(settled, total int)
}

// JudgeTests runs the code under test on every test, as a judge does: in worker processes, in
// parallel, each run in the sandbox under the limits, compared with the test's expected
// result. A test that fails is run again before its verdict is given. The judgements are
// in the order of tests; the error is the harness's.
func JudgeTests(ctx context.Context, cfg JudgeConfig, tests []Test) ([]Judgement, error) {
	h, err := newHunt(HuntConfig{Game: cfg.Game, Program: cfg.Program, Equal: cfg.Equal, Limits: cfg.Limits, Unpacked: true})
	if err != nil {
		return nil, err
	}
	p, stop := startLanes(ctx, h, cfg.Workers)
	defer func() { stop() }()
	out := make([]Judgement, len(tests))
	checks := make([]confirmation, len(tests))
	owner := map[int]int{} // job id → test
	var queue []int        // tests to run (again)
	for i, t := range tests {
		out[i].Test = t.Name
		queue = append(queue, i)
	}
	settled := 0
	done := func(int) {
		settled++
		if cfg.Progress != nil {
			cfg.Progress(settled, len(tests))
		}
	}
	for settled < len(tests) {
		for p.free() > 0 && len(queue) > 0 && ctx.Err() == nil {
			i := queue[0]
			queue = queue[1:]
			want := tests[i].Want
			owner[p.sendCtx(ctx, job{input: tests[i].Input, want: &want, fresh: checks[i].runs > 0})] = i
			checks[i].inFlight++
		}
		if p.busy == 0 {
			return out, ctx.Err()
		}
		r := p.recv()
		i, ok := owner[r.id]
		if !ok {
			continue
		}
		delete(owner, r.id)
		ch, j := &checks[i], &out[i]
		ch.inFlight--
		switch {
		case r.err != nil && (ctx.Err() != nil || errors.Is(r.err, errDropped)):
			continue
		case r.err != nil:
			return out, fmt.Errorf("%s: %w", tests[i].Name, r.err)
		case r.d != nil && r.d.Disturbed():
			if ch.disturbed++; ch.disturbed > maxDisturbed {
				j.Unjudged, j.Note = true, fmt.Sprintf("its runs were disturbed from outside %d times", ch.disturbed)
				if ch.inFlight == 0 {
					done(i)
				}
				continue
			}
			queue = append(queue, i)
			continue
		}
		ch.runs++
		if ch.runs == 1 {
			j.CPU, j.Memory = r.run.CPU, r.run.Memory
			if r.d == nil {
				done(i)
				continue
			}
			j.Verdict, j.Signature, j.Identity, j.Divergence = r.d.Verdict(), r.sig.words, r.sig.Identity, r.d
		}
		if r.d != nil && r.sig.Identity == j.Identity {
			ch.shown++
		}
		if ch.inFlight > 0 {
			continue
		}
		switch {
		case ch.runs < 1+confirmReruns && ch.shown == ch.runs:
			for range confirmReruns {
				queue = append(queue, i)
			}
			continue
		case ch.shown == ch.runs:
		case ch.runs < flakySample:
			for k := ch.runs; k < flakySample; k++ {
				queue = append(queue, i)
			}
			continue
		case ch.shown >= flakyAtLeast:
			j.Note = fmt.Sprintf("flaky: %s on %d of %d runs", j.Verdict, ch.shown, ch.runs)
			j.Verdict = Flaky
		default:
			j.Note = fmt.Sprintf("%s once, on %d of %d runs: dismissed", j.Signature, ch.shown, ch.runs)
			j.Verdict, j.Signature, j.Identity, j.Divergence = OK, "", Identity{}, nil
		}
		j.Shown, j.Runs = ch.shown, ch.runs
		done(i)
	}
	return out, ctx.Err()
}

// Growths measures how the time of the code under test grows along each dimension of a
// test's case, beside fast's (ref's when fast is the code under test), as a hunt's
// time-out report does: for a test the code under test times out on. The game must scale
// its cases (Scaler) and the input must be valid.
func Growths(ctx context.Context, cfg JudgeConfig, input []byte) ([]Growth, error) {
	s, ok := scalerOf(cfg.Game)
	if !ok {
		return nil, fmt.Errorf("%s cannot scale its cases", cfg.Game.Name())
	}
	c, err := cfg.Game.Decode(input)
	if err != nil {
		return nil, err
	}
	h, err := newHunt(HuntConfig{Game: cfg.Game, Program: cfg.Program, Equal: cfg.Equal, Limits: cfg.Limits, Unpacked: true})
	if err != nil {
		return nil, err
	}
	p, stop := startLanes(ctx, h, cfg.Workers)
	defer func() { stop() }()
	co := newCoordinator(h, &Summary{}, p)
	co.ctx = ctx
	return co.growth(ctx, s, pending{c: c, input: input}, time.Time{}), ctx.Err()
}
