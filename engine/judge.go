package engine

import (
	"gamediff/corpus"
	"gamediff/outcome"

	"context"
	"errors"
	"fmt"
	"time"

	"gamediff/sandbox"
)

// TestOf is a corpus case as a test: its input, and the result a right solution gives on
// it, its answer or, for an input error (R-IN1), exit 2 naming the line.
func TestOf(e corpus.Entry) Test {
	want := outcome.Result{Solver: outcome.Expected, Result: sandbox.Result{Stdout: e.Answer}}
	if e.ErrLine != 0 {
		want.Exit, want.ErrLine, want.Stderr = 2, e.ErrLine, e.ErrText
	}
	return Test{Name: e.Path, Input: e.Input, Want: want}
}

// Test is one input to judge the code under test on, with the result a right solution
// gives on it.
type Test struct {
	Name  string // how reports name it: its file
	Input []byte
	Want  outcome.Result // the expected stdout, exit status and input-error line (Entry.Want)
}

// JudgeConfig says what to judge on the tests, and how.
type JudgeConfig struct {
	Game Game
	// Program is the program under test; empty: the game's Fast judge.
	Program []string
	Compare Comparison     // how the answers are compared: Exact (the zero value) or Tokens
	Workers int            // worker processes; 0: GOMAXPROCS
	Limits  sandbox.Limits // of each run (Time 0: the game's time limit)
	// AsFindings confirms a failure as a hunt confirms a finding (four reruns, not the
	// judge's one): for a hunt that reports a failed test as its finding.
	AsFindings bool
	// Progress is called, from one goroutine, each time a test is settled.
	Progress func(settled, total int)
}

// judgeReruns is how many reruns in fresh workers confirm a test's failure (a time-out's
// are tleReruns): a judge's rejudge. A failure its rerun does not show again is sampled to
// flakySample runs, as a hunt's is, to tell a flaky failure, with its rate, from one
// failure dismissed. A hunt's finding takes confirmReruns: it is reported once, for a
// person to read, and says how reliably it shows; a judging says whether a test is
// failed, over many tests and programs.
const judgeReruns = 1

// JudgeTests runs the code under test on every test, as a judge does: in worker processes, in
// parallel, each run in the sandbox under the limits, compared with the test's expected
// result. A test that fails is run again before its verdict is given, as a hunt confirms a
// finding (confirm.go): a time-out's reruns alone and with the margin, any other
// failure's with the generous limit. A time-out whose reruns run within the limit is no
// time-out (Note says its fastest time); one whose reruns exceed the limit but not the
// margin stays TLE, and Note says it is near the limit, where a quieter or faster machine
// may pass it. The judgements are in the order of tests; the error is the harness's.
func JudgeTests(ctx context.Context, cfg JudgeConfig, tests []Test) ([]outcome.Judgement, error) {
	h, err := newHunt(HuntConfig{Game: cfg.Game, Program: cfg.Program, Compare: cfg.Compare, Limits: cfg.Limits, Unpacked: true})
	if err != nil {
		return nil, err
	}
	p, stop := startLanes(ctx, h, cfg.Workers)
	defer func() { stop() }()
	limit := h.limits.WithDefaults().Time
	reruns := judgeReruns
	if cfg.AsFindings {
		reruns = confirmReruns
	}
	out := make([]outcome.Judgement, len(tests))
	checks := make([]judging, len(tests))
	owner := map[int]int{} // job id → test
	alone := 0             // the job in flight that runs alone, or 0
	var queue []int        // tests to run (again)
	enqueue := func(i int) {
		queue = append(queue, i)
		checks[i].pending++
	}
	for i, t := range tests {
		out[i].Test = t.Name
		enqueue(i)
	}
	settled := 0
	isSettled := make([]bool, len(tests))
	done := func(i int) {
		if isSettled[i] {
			return // a test is settled once: counted twice, another would never be
		}
		isSettled[i] = true
		if checks[i].runs > 1 {
			out[i].Shown, out[i].Runs = checks[i].shown, checks[i].runs
		}
		settled++
		if cfg.Progress != nil {
			cfg.Progress(settled, len(tests))
		}
	}
	for settled < len(tests) {
		for p.free() > 0 && len(queue) > 0 && ctx.Err() == nil && alone == 0 {
			i := queue[0]
			ch := &checks[i]
			tle := ch.runs > 0 && ch.tle
			if (tle || ch.disturbed > 0) && p.busy > 0 {
				break // it runs alone: once the runs under way end
			}
			queue = queue[1:]
			want := tests[i].Want
			id := p.sendCtx(ctx, job{input: tests[i].Input, want: &want, fresh: ch.runs > 0,
				how: how{margin: tle, generous: ch.runs > 0 && !tle}})
			owner[id] = i
			if tle || ch.disturbed > 0 {
				alone = id
			}
		}
		if p.busy == 0 {
			return unsettled(out, isSettled), ctx.Err()
		}
		r := p.recv()
		if r.id == alone {
			alone = 0
		}
		i, ok := owner[r.id]
		if !ok {
			continue
		}
		delete(owner, r.id)
		ch, j := &checks[i], &out[i]
		ch.pending--
		switch {
		case r.err != nil && ctx.Err() != nil:
			continue
		case errors.Is(r.err, errDropped):
			// Dropped with nothing asking it: the run tells nothing, and is made again.
			enqueue(i)
			continue
		case r.err != nil:
			return out, fmt.Errorf("%s: %w", tests[i].Name, r.err)
		case r.d != nil && r.d.Disturbed():
			if ch.disturbed++; ch.disturbed > maxDisturbed {
				j.Unjudged, j.Note = true, fmt.Sprintf("its runs were disturbed from outside %d times", ch.disturbed)
				if ch.pending == 0 {
					done(i)
				}
				continue
			}
			enqueue(i)
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
			ch.tle, ch.target = j.Verdict == outcome.TLE, 1+reruns
			if ch.tle {
				ch.target = 1 + tleReruns
			}
		}
		switch {
		case r.d != nil && ch.tle && r.d.Verdict() != outcome.TLE:
			// Over the limit first, then wrong within it: the test is judged on what the
			// program got wrong, which does not hang on the machine's speed, confirmed as
			// any failure is, from this run.
			j.Verdict, j.Signature, j.Identity, j.Divergence = r.d.Verdict(), r.sig.words, r.sig.Identity, r.d
			ch.tle, ch.slowFirst = false, r.sig.words
			ch.runs, ch.shown, ch.said = 1, 1, countRun(nil, r.sig.words)
			ch.target = 1 + reruns
		case r.d != nil && shownBy(j.Identity, r.sig.Identity):
			ch.shown++
			ch.said = countRun(ch.said, r.sig.words)
		case r.d != nil && !ch.tle:
			// Wrong is wrong, whatever its words (confirm.go): a failure that changes from
			// run to run.
			ch.shown++
			ch.said = countRun(ch.said, r.sig.words)
			if !j.Identity.Changing {
				sig := signature{Identity: j.Identity, words: j.Signature}.changing()
				j.Signature, j.Identity = sig.words, sig.Identity
			}
		case ch.tle:
			ch.fastest = min(ch.fastest, r.run.CPU)
			if ch.fastest == 0 {
				ch.fastest = r.run.CPU
			}
		}
		if ch.pending > 0 {
			continue // its other runs, under way or queued, come first
		}
		switch {
		case ch.runs < ch.target && (ch.shown == ch.runs || ch.tle):
			for k := ch.runs; k < ch.target; k++ {
				enqueue(i)
			}
			continue
		case ch.shown == ch.runs:
			if more := changes(ch.said, ch.shown, ch.runs); more != "" {
				j.Note = j.Signature + ": " + more
			}
		case ch.tle && ch.fastest <= limit:
			j.Note = fmt.Sprintf("over the limit on its first run only: alone it ran in %v of CPU (limit %v)", ch.fastest.Round(time.Millisecond), limit)
			j.Verdict, j.Signature, j.Identity, j.Divergence = outcome.OK, "", outcome.Identity{}, nil
		case ch.tle:
			j.Note = fmt.Sprintf("near the limit: %v of CPU on its fastest rerun alone, over the limit but within its margin (%v): a quieter or faster machine may pass it",
				ch.fastest.Round(time.Millisecond), time.Duration(tleMargin*float64(limit)))
		case ch.runs < flakySample:
			for k := ch.runs; k < flakySample; k++ {
				enqueue(i)
			}
			ch.target = flakySample
			continue
		case ch.shown >= flakyAtLeast:
			j.Note = fmt.Sprintf("flaky: %s on %d of %d runs", j.Verdict, ch.shown, ch.runs)
			if more := changes(ch.said, ch.shown, ch.runs); more != "" {
				j.Note += "; " + more
			}
			j.Verdict = outcome.Flaky
		default:
			j.Note = fmt.Sprintf("%s once, on %d of %d runs: dismissed", j.Signature, ch.shown, ch.runs)
			j.Verdict, j.Signature, j.Identity, j.Divergence = outcome.OK, "", outcome.Identity{}, nil
		}
		if ch.slowFirst != "" {
			slow := fmt.Sprintf("over the limit on its first run, then %s on a rerun", ch.slowFirst)
			if j.Note != "" {
				slow += "; " + j.Note
			}
			j.Note = slow
		}
		done(i)
	}
	return unsettled(out, isSettled), ctx.Err()
}

// unsettled marks the tests whose judging did not end (an interrupt, or an outcome lost on
// the way) as unjudged: a test never passes for want of a verdict.
func unsettled(out []outcome.Judgement, isSettled []bool) []outcome.Judgement {
	for i := range out {
		if !isSettled[i] && !out[i].Unjudged {
			out[i] = outcome.Judgement{Test: out[i].Test, Unjudged: true, Note: "its judging did not end: no verdict"}
		}
	}
	return out
}

// judging is a test's runs so far.
type judging struct {
	runs, shown, disturbed, target int
	pending                        int // its runs queued or under way: its verdict waits for them
	tle                            bool
	said                           []otherRun    // what its failing runs said, with their counts (changes)
	fastest                        time.Duration // a time-out's fastest rerun that did not exceed the margin
	slowFirst                      string        // what a rerun got wrong of a test over the limit on its first run: it is judged on that
}

// Growths measures how the time of the code under test grows along each dimension of a
// test's case, beside fast's (ref's when fast is the code under test), as a hunt's
// time-out report does: for a test the code under test times out on (timedOut: it is
// known over the limit, by the margin, on input itself, which is then not run again). The
// game must scale its cases (Scaler) and the input must be valid.
func Growths(ctx context.Context, cfg JudgeConfig, input []byte, timedOut bool) ([]outcome.Growth, error) {
	s, ok := scalerOf(cfg.Game)
	if !ok {
		return nil, fmt.Errorf("%s cannot scale its cases", cfg.Game.Name())
	}
	c, err := cfg.Game.Decode(input)
	if err != nil {
		return nil, err
	}
	h, err := newHunt(HuntConfig{Game: cfg.Game, Program: cfg.Program, Compare: cfg.Compare, Limits: cfg.Limits, Unpacked: true})
	if err != nil {
		return nil, err
	}
	p, stop := startLanes(ctx, h, cfg.Workers)
	defer func() { stop() }()
	co := newCoordinator(h, &outcome.Summary{}, p)
	g := co.newGrowth(s, pending{c: c, input: input}, timedOut, 2)
	co.drive(ctx, &finding{}, g)
	return g.result(), ctx.Err()
}
