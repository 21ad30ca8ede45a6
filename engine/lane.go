package engine

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// lane is one worker process and the goroutine that drives it: it takes jobs from the
// coordinator, generates their cases, runs the reference and the code under test in its
// worker, and answers with what differs. A worker that dies or is killed is replaced at
// the lane's next run.
type lane struct {
	h *hunt
	w *worker
}

func (l *lane) loop(ctx context.Context, jobs <-chan job, results chan<- jobResult) {
	defer func() {
		if l.w != nil {
			l.w.stop()
		}
	}()
	for j := range jobs {
		var r jobResult
		switch {
		case j.indices != nil:
			r = l.huntBlock(ctx, j.indices)
		default:
			r.d, r.sig, r.err = l.compare(ctx, j.input, j.gotOnly, j.direct, j.drop)
			if errors.Is(r.err, errDropped) {
				r.dropped, r.err = true, nil
			}
			if r.err == nil && r.d != nil && r.sig == j.keep && !l.valid(j.input) {
				r.invalid, r.d = true, nil
			}
		}
		r.id = j.id
		results <- r
	}
}

// workerHeldCap is the memory a worker may keep between runs: past it, it is replaced.
const workerHeldCap = 1 << 30

// ready starts the lane's worker, or a new one when it died.
func (l *lane) ready() error {
	if l.w != nil && l.w.alive() {
		return nil
	}
	if l.w != nil {
		l.w.kill()
	}
	w, err := startWorker(l.h.exe)
	if err != nil {
		return err
	}
	l.w = w
	return nil
}

// valid reports whether the game's validator accepts input.
func (l *lane) valid(input []byte) bool {
	return l.h.validate(input) == nil
}

// compare runs both on input (runBoth) and returns their divergence and its signature, or
// nil. With gotOnly, the reference is not run but taken to exit 0 with no output
// (exitsZero). Closing drop stops the run (see worker.run).
func (l *lane) compare(ctx context.Context, input []byte, gotOnly, direct bool, drop <-chan struct{}) (*Divergence, string, error) {
	want, got, eq, err := l.runBoth(ctx, input, gotOnly, direct, drop)
	if err != nil || eq == nil {
		return nil, "", err
	}
	d := Compare(want, got, eq)
	if d == nil {
		return nil, "", nil
	}
	if gotOnly && d.Verdict() == "WA" {
		// A minimization of another verdict: a wrong answer is not it, whatever its
		// words, and naming it in the game's terms (replaying the reference) is dear.
		return d, "WA", nil
	}
	if got.Status != Exited && want.Status == Exited && len(want.Stdout) == 0 && !gotOnly {
		// The worker died, or was stopped, before it sent the reference's answer: it is
		// needed for the finding's .ans, and the reference is checked to end normally
		// alone, since a worker that dies before it tells how far it got could have died
		// under either (a quick first side is not announced).
		req := l.request(input, false)
		req.Got, req.Compare = side{}, ""
		if err := l.ready(); err != nil {
			return nil, "", err
		}
		w, _, _, err := l.w.run(ctx, req, nil)
		if err != nil {
			return nil, "", err
		}
		if w.Status != Exited {
			d = Compare(w, Result{Solver: got.Solver}, l.h.cfg.Equal)
		} else {
			d.Want = w
		}
	}
	return d, l.h.signature(input, d), nil
}

// runBoth runs the reference and the code under test on input and returns their results
// and how to compare them, or a nil comparison when they agree. With direct, a program
// run alone (gotOnly) is run from the lane, as `run` runs it, not by the worker (see
// job.direct).
func (l *lane) runBoth(ctx context.Context, input []byte, gotOnly, direct bool, drop <-chan struct{}) (want, got Result, eq Equal, err error) {
	eq = l.h.cfg.Equal
	if gotOnly && direct && len(l.h.cfg.Program) > 0 {
		got, err = l.runProgram(ctx, input, drop)
		return exitsZeroResult, got, eq, err
	}
	if err := l.ready(); err != nil {
		return want, got, nil, err
	}
	want, got, same, err := l.w.run(ctx, l.request(input, gotOnly), drop)
	if l.w.held > workerHeldCap {
		l.w.kill() // a worker that holds this much is replaced, whatever holds it
	}
	if err != nil || same {
		return want, got, nil, err
	}
	if l.h.compare != "" {
		eq = unequal // the worker compared the answers: they differ, and are not compared again
	}
	return want, got, eq, nil
}

// request is the worker's request to run input.
func (l *lane) request(input []byte, gotOnly bool) request {
	req := request{Game: l.h.game.Name(), Input: input, Compare: l.h.compare,
		Want: side{Judge: "ref", Limits: l.h.refLimits}, Got: side{Judge: "fast", Limits: l.h.limits}}
	if gotOnly {
		req.Want = side{}
	}
	if len(l.h.cfg.Program) > 0 {
		req.Got = side{Argv: l.h.cfg.Program, Limits: l.h.limits}
	}
	return req
}

// runProgram runs the program under test from the lane; closing drop stops it, and it
// then answers errDropped.
func (l *lane) runProgram(ctx context.Context, input []byte, drop <-chan struct{}) (Result, error) {
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-drop:
			cancel()
		case <-runCtx.Done():
		}
	}()
	r, err := Command{Label: "program", Argv: l.h.cfg.Program, Limits: l.h.limits}.Run(runCtx, input)
	if err != nil && ctx.Err() == nil && runCtx.Err() != nil {
		return r, errDropped
	}
	return clipStdout(r), err
}

// huntBlock generates and compares the cases of a block.
func (l *lane) huntBlock(ctx context.Context, indices []int64) (r jobResult) {
	cases := make([]Case, len(indices))
	for k, i := range indices {
		c, err := l.h.generate(i)
		if err != nil {
			r.err = err
			return r
		}
		cases[k] = c
	}
	if l.h.batch != nil {
		return l.huntPacked(ctx, indices, cases)
	}
	for k, i := range indices {
		input := cases[k].Encode()
		d, sig, err := l.compare(ctx, input, false, false, nil)
		if err != nil {
			r.err = fmt.Errorf("case %d: %w", i, err)
			return r
		}
		r.ran++
		r.digest ^= digestOf(input)
		if d != nil {
			r.found = append(r.found, pending{index: i, c: cases[k], input: input, d: d, sig: sig, after: time.Since(l.h.start)})
			if d.RefFailed() {
				return r // the hunt stops on it (coordinator.take)
			}
		}
	}
	return r
}

// huntPacked hunts a block of cases packed into as few inputs as the statement's limits
// allow, so that one start of the program tests many cases. A divergent answer is split
// per case; the case that diverges is then run alone, and reported alone when it shows a
// divergence alone, else with the cases packed before it (a bug that carries state from
// one game to the next). A crash, a time-out or an answer that cannot be split is
// narrowed by running the packed cases one by one.
func (l *lane) huntPacked(ctx context.Context, indices []int64, cases []Case) (r jobResult) {
	for lo := 0; lo < len(cases); {
		hi, joined := l.pack(cases, lo)
		for k := lo; k < hi; k++ {
			r.digest ^= digestOf(cases[k].Encode())
		}
		found, err := l.huntPack(ctx, indices[lo:hi], cases[lo:hi], joined)
		if err != nil {
			r.err = err
			return r
		}
		r.ran += int64(hi - lo)
		r.found = append(r.found, found...)
		if refFailure(found) != nil {
			return r // the hunt stops on it (coordinator.take)
		}
		lo = hi
	}
	return r
}

// pack returns the end of the longest run of cases from lo that joins into one input
// within the limits, and that input's case. A run that fits has every shorter run fit, so
// a binary search finds it with a few joins.
func (l *lane) pack(cases []Case, lo int) (int, Case) {
	hi, joined := lo+1, cases[lo] // cases[lo:hi] fits
	for top := len(cases) + 1; hi+1 < top; {
		mid := (hi + 1 + top) / 2 // try cases[lo:mid], hi < mid < top
		if c, ok := l.h.batch.Join(cases[lo:mid]); ok {
			hi, joined = mid, c
		} else {
			top = mid
		}
	}
	return hi, joined
}

func (l *lane) huntPack(ctx context.Context, indices []int64, cases []Case, joined Case) ([]pending, error) {
	input := joined.Encode()
	d, sig, err := l.compare(ctx, input, false, false, nil)
	if err != nil || d == nil {
		return nil, err
	}
	found := func(k int, c Case, input []byte, d *Divergence, sig string) pending {
		return pending{index: indices[k], c: c, input: input, d: d, sig: sig, after: time.Since(l.h.start)}
	}
	if len(cases) == 1 {
		return []pending{found(0, joined, input, d, sig)}, nil
	}
	// Which cases differ, when both answers split per case.
	var suspects []int
	if d.Culprit == "" && d.Want.Exit == 0 && d.Got.Exit == 0 {
		want, okW := l.h.batch.Split(d.Want.Stdout, cases)
		got, okG := l.h.batch.Split(d.Got.Stdout, cases)
		if okW && okG {
			eq := l.h.cfg.Equal
			for k := range cases {
				if !eq(want[k], got[k]) {
					suspects = append(suspects, k)
				}
			}
		}
	}
	narrow := len(suspects) == 0
	if narrow {
		suspects = make([]int, len(cases))
		for k := range suspects {
			suspects[k] = k
		}
	}
	var out []pending
	for _, k := range suspects {
		one := cases[k].Encode()
		d1, sig1, err := l.compare(ctx, one, false, false, nil)
		if err != nil {
			return nil, err
		}
		if d1 != nil {
			out = append(out, found(k, cases[k], one, d1, sig1))
			if narrow || d1.RefFailed() {
				return out, nil
			}
			continue
		}
		if narrow {
			continue
		}
		// It differs only after the cases before it: keep them.
		prefix, ok := l.h.batch.Join(cases[:k+1])
		if !ok {
			continue
		}
		in := prefix.Encode()
		dp, sigp, err := l.compare(ctx, in, false, false, nil)
		if err != nil {
			return nil, err
		}
		if dp != nil {
			out = append(out, found(k, prefix, in, dp, sigp))
			if dp.RefFailed() {
				return out, nil
			}
		}
	}
	if len(out) == 0 {
		// No case diverges alone or after its predecessors (a time-out of the whole input,
		// an answer cut short): the packed input is the finding.
		out = append(out, found(0, joined, input, d, sig))
	}
	return out, nil
}

// refFailure returns the first of found whose reference failed, or nil.
func refFailure(found []pending) *pending {
	for i := range found {
		if found[i].d.RefFailed() {
			return &found[i]
		}
	}
	return nil
}

// unequal is the comparison of answers a worker has found to differ.
func unequal(_, _ []byte) bool { return false }
