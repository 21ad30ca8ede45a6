package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"gamediff/coverage"
	"gamediff/outcome"
	"gamediff/sandbox"
)

// lane is one worker process and the goroutine that drives it: it takes jobs from the
// coordinator, generates their cases, runs the reference and the code under test in its
// worker, and answers with what differs. A worker that dies or is killed is replaced at
// the lane's next run.
type lane struct {
	h   *hunt
	w   *worker
	use laneUse
	// disturbed counts the runs of the job under way that were disturbed from outside
	// and run again (steady).
	disturbed int
	// gotCPU is the CPU time of the code under test in the last comparison.
	gotCPU time.Duration
}

// how says how a lane runs an input: which judge gives the expected answer (the reference,
// or, in a program's hunt, the fast judge unless ref is set), which is the code under test
// (a program's hunt can check fast itself: fast), whether the code under test runs alone
// (gotOnly), and its time limit: the limit, tleMargin times it (margin: a time-out's
// confirmation and minimization), or generousFactor times it (generous: any other
// verdict's, which a loaded machine must not turn into a time-out).
type how struct {
	ref, fast, gotOnly, margin, generous bool
}

// job is work for a lane: a block of case indices to hunt, or one input to compare.
type job struct {
	id      int
	indices []int64
	// aim is what a block's steered cases aim at (steer.go); reachOnly, that the block's
	// cases are generated for their reach alone, not run: cases the hunt does not run
	// whose reach steers those it does.
	aim       coverage.Set
	reachOnly bool
	input     []byte
	how       how
	fresh     bool // in a worker started for it: a confirmation's rerun
	// alone runs with no other run of the hunt beside it, as a judge rejudges on an idle
	// machine: a rerun of a run disturbed from outside (starved by the machine's load,
	// most often), which the hunt's own runs beside it would starve too.
	alone bool
	// keep is the signature a minimization keeps: an input that shows it is checked with
	// the validator, and is no outcome if invalid. Only those are checked: a candidate
	// that does not keep the signature is not taken, valid or not, and most do not.
	keep signature
	// avoid is a ruling whose situation an input that keeps the signature must not reach
	// to be an outcome (the walks of causes): one that does is invalid.
	avoid string
	// want, when set, is the expected result of a test (Judge): the code under test runs
	// alone and is compared with it.
	want *outcome.Result
	// timing runs the code under test and, beside it, fast (or, when fast is the code
	// under test, ref), for their CPU times (a time-out's growth).
	timing bool
	// judgeOnly, of a timing, runs the judge alone: the code under test was over the limit
	// on the input, and another run of it would cost the limit again for nothing.
	judgeOnly bool
	// drop is closed when the outcome is no longer needed: the run under way stops (a
	// block keeps what it ran before).
	drop chan struct{}
}

// jobResult is a lane's answer to a job.
type jobResult struct {
	id      int
	ran     int64
	digest  uint64
	found   []pending           // a block's divergent cases
	reach   []caseReach         // a block's cases whose reach was computed, in order
	d       *outcome.Divergence // of a job's input
	sig     signature
	run     outcome.Result // the code under test's run, of a test (job.want) or a timing
	want    outcome.Result // the judge's run beside it, of a timing
	cpu     time.Duration  // the code under test's CPU time, of a job's input
	invalid bool           // the job's input kept the signature, but the validator rejected it
	dropped bool           // the job was dropped before its run ended: no outcome
	// disturbed counts the runs the lane ran again because they were disturbed from
	// outside (a worker killed or stopped, a starved run).
	disturbed int
	err       error
}

// caseReach is the reach of one case of a block.
type caseReach struct {
	index int64
	reach coverage.Set
	aimed bool
}

// pool hands jobs to the lanes and takes their results back: the one way the coordinator
// and the minimizer run anything. A lane is free when fewer jobs are out than lanes.
type pool struct {
	jobs    chan<- job
	results <-chan jobResult
	workers int
	busy    int // jobs handed out and not answered yet
	lastID  int
}

// free is how many lanes wait for a job.
func (p *pool) free() int { return p.workers - p.busy }

// send hands j to a free lane and returns the id its result will carry.
func (p *pool) send(j job) int {
	p.lastID++
	j.id = p.lastID
	p.jobs <- j
	p.busy++
	return j.id
}

// sendCtx is send, for a job that runs under ctx: once ctx is done, its run stops.
func (p *pool) sendCtx(ctx context.Context, j job) int {
	if j.drop == nil {
		drop := make(chan struct{})
		context.AfterFunc(ctx, func() { close(drop) })
		j.drop = drop
	}
	return p.send(j)
}

// recv takes the next result, waiting for it.
func (p *pool) recv() jobResult {
	r := <-p.results
	p.took()
	return r
}

// took counts a result taken from results directly.
func (p *pool) took() { p.busy-- }

func (l *lane) loop(ctx context.Context, jobs <-chan job, results chan<- jobResult) {
	defer func() {
		if l.w != nil {
			l.w.stop()
			l.retire()
		}
	}()
	for j := range jobs {
		var r jobResult
		switch {
		case j.reachOnly:
			r = l.reachBlock(j.indices, j.aim)
		case j.indices != nil:
			r = l.huntBlock(ctx, j.indices, j.aim, j.drop)
		case j.timing:
			r.want, r.run, r.err = l.timing(ctx, j.input, j.judgeOnly, j.drop)
		case j.want != nil:
			if j.fresh && l.w != nil {
				l.w.kill()
				l.retire()
			}
			r.run, r.d, r.sig, r.err = l.judge(ctx, j.input, *j.want, j.how, j.drop)
		default:
			if j.fresh && l.w != nil {
				l.w.kill()
				l.retire()
			}
			r.d, r.sig, r.err = l.compare(ctx, j.input, j.how, j.drop)
			r.cpu = l.gotCPU
			if errors.Is(r.err, errDropped) {
				r.dropped, r.err = true, nil
			}
			if r.err == nil && r.d != nil && shownBy(j.keep.Identity, r.sig.Identity) && (!l.valid(j.input) || j.avoid != "" && l.h.reaches(j.input, j.avoid)) {
				r.invalid, r.d = true, nil
			}
		}
		r.id, r.disturbed, l.disturbed = j.id, l.disturbed, 0
		results <- r
	}
}

// generating runs f, the generation of cases, and counts its CPU time as the lane's own
// (CPUUse's lanes). Only then is the lane on a thread of its own: a lane locked to its
// thread all along would have each response of its worker handed to that thread, one more
// wait for a CPU per case on a loaded machine.
func (l *lane) generating(f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	f()
	l.use.thread += threadCPU() - start
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
		l.retire()
	}
	w, err := startWorker(l.h.exe)
	if err != nil {
		return err
	}
	l.w = w
	if w.sandbox != "" {
		l.h.sandbox.CompareAndSwap(nil, w.sandbox)
	}
	return nil
}

// retire counts the CPU time of the lane's worker, dead or killed, and forgets it.
func (l *lane) retire() {
	l.use.workers += l.w.spent
	l.w = nil
}

// valid reports whether the game's validator accepts input.
func (l *lane) valid(input []byte) bool {
	return l.h.validate(input) == nil
}

// compare runs both on input (runBoth) and returns their divergence and its signature, or
// nil. With gotOnly, the reference is not run but taken to exit 0 with no output
// (exitsZero). Closing drop stops the run (see worker.run). A disturbed run's divergence
// has no signature: it is run again.
func (l *lane) compare(ctx context.Context, input []byte, hw how, drop <-chan struct{}) (*outcome.Divergence, signature, error) {
	gotOnly := hw.gotOnly
	want, got, differ, err := l.runBoth(ctx, input, hw, drop)
	if err != nil || !differ {
		return nil, signature{}, err
	}
	d := Compare(want, got, l.h.cfg.Compare)
	if d == nil {
		return nil, signature{}, nil
	}
	if d.Disturbed() {
		return d, signature{}, nil
	}
	if gotOnly && d.Verdict() == outcome.WA {
		// A minimization of another verdict: a wrong answer is not it, whatever its
		// words, and naming it in the game's terms (replaying the reference) is dear.
		return d, verdictOnly(outcome.WA), nil
	}
	if got.Status != sandbox.Exited && want.Status == sandbox.Exited && len(want.Stdout) == 0 && !gotOnly {
		// The worker died, or was stopped, before it sent the reference's answer: it is
		// needed for the finding's .ans, and the reference is checked to end normally
		// alone, since a worker that dies before it tells how far it got could have died
		// under either (a quick first side is not announced).
		req := l.request(input, how{ref: hw.ref, fast: hw.fast})
		req.Got, req.Both = side{}, true
		if err := l.ready(); err != nil {
			return nil, signature{}, err
		}
		w, _, _, err := l.w.run(ctx, req, drop)
		if err != nil {
			return nil, signature{}, err
		}
		if w.Status != sandbox.Exited {
			d = Compare(w, outcome.Result{Solver: got.Solver}, l.h.cfg.Compare)
			if d.Disturbed() {
				return d, signature{}, nil
			}
		} else {
			d.Want = w
		}
	}
	sig := l.h.signature(input, d)
	if hw.fast && len(l.h.cfg.Program) > 0 {
		sig = sig.ofOracle() // a mistake of the hunt's oracle, apart from the program's
	}
	return d, sig, nil
}

// runBoth runs the reference and the code under test on input in the lane's worker and
// returns their results, and whether they differ (the worker compares them).
func (l *lane) runBoth(ctx context.Context, input []byte, hw how, drop <-chan struct{}) (want, got outcome.Result, differ bool, err error) {
	if err := l.ready(); err != nil {
		return want, got, false, err
	}
	want, got, same, err := l.w.run(ctx, l.request(input, hw), drop)
	l.use.add(want)
	l.use.add(got)
	l.gotCPU = got.CPU
	if l.w.held > workerHeldCap {
		l.w.kill() // a worker that holds this much is replaced, whatever holds it
	}
	return want, got, err == nil && !same, err
}

// judge runs the code under test alone on a test's input and compares its run with the
// test's expected result.
func (l *lane) judge(ctx context.Context, input []byte, want outcome.Result, hw how, drop <-chan struct{}) (outcome.Result, *outcome.Divergence, signature, error) {
	if err := l.ready(); err != nil {
		return outcome.Result{}, nil, signature{}, err
	}
	req := l.request(input, how{gotOnly: true, margin: hw.margin, generous: hw.generous})
	// The worker compares the code's answer with the test's as it comes, and sends back
	// only its head past where they part; both runs come back, for their times.
	req.Want, req.Both = side{Answer: &want}, true
	_, got, same, err := l.w.run(ctx, req, drop)
	if err != nil || same {
		got.Stdout = nil
		return got, nil, signature{}, err
	}
	d := Compare(want, got, l.h.cfg.Compare)
	if d == nil || d.Disturbed() {
		got.Stdout = nil
		return got, d, signature{}, nil
	}
	return got, d, l.h.signature(input, d), nil
}

// timing runs the code under test on input beside fast (ref when fast is the code under
// test), each under its limits, and returns both runs, whatever they print; judgeOnly, the
// judge alone.
func (l *lane) timing(ctx context.Context, input []byte, judgeOnly bool, drop <-chan struct{}) (want, got outcome.Result, err error) {
	if err := l.ready(); err != nil {
		return want, got, err
	}
	req := l.request(input, how{})
	if len(l.h.cfg.Program) > 0 {
		req.Want = side{Judge: outcome.Fast, Limits: l.h.refLimits}
	}
	req.Both = true // both runs come back
	if judgeOnly {
		req.Got = side{}
	}
	want, got, _, err = l.w.run(ctx, req, drop)
	want.Stdout, got.Stdout = nil, nil
	return want, got, err
}

// request is the worker's request to run input, as hw says.
func (l *lane) request(input []byte, hw how) request {
	limits := l.h.limits
	// A wall-clock backstop set on its own (an idle program's) is stretched as the time
	// limit is; one left to its default follows the new time (WithDefaults).
	switch {
	case hw.margin:
		limits.Time = time.Duration(float64(limits.Time) * tleMargin)
		limits.Wall = time.Duration(float64(limits.Wall) * tleMargin)
	case hw.generous:
		limits.Time *= generousFactor
		limits.Wall *= generousFactor
	}
	program := len(l.h.cfg.Program) > 0
	req := request{Game: l.h.game.Name(), Input: input, Compare: l.h.cfg.Compare,
		Want: side{Judge: outcome.Ref, Limits: l.h.refLimits}, Got: side{Judge: outcome.Fast, Limits: limits}}
	switch {
	case hw.gotOnly:
		req.Want = side{}
	case program && !hw.ref && !hw.fast && !l.h.cfg.AgainstRef:
		// The fast judge, checked against ref byte for byte at scale, is the program's
		// oracle: ref is naive, and would cost the hunt most of its time.
		req.Want = side{Judge: outcome.Fast, Limits: l.h.refLimits}
	}
	if program && !hw.fast {
		req.Got = side{Argv: l.h.cfg.Program, Limits: limits}
	}
	return req
}

// huntBlock generates and compares the cases of a block, aimed at aim. Closed, drop stops
// it: the cases it ran count, the one under way does not.
func (l *lane) huntBlock(ctx context.Context, indices []int64, aim coverage.Set, drop <-chan struct{}) (r jobResult) {
	cases := make([]Case, len(indices))
	// Each case is encoded once: for its run and the digest, and, packed, for its run
	// alone should its pack diverge.
	inputs := make([][]byte, len(cases))
	l.generating(func() {
		cases, inputs, r.reach, r.err = l.generate(indices, aim)
	})
	if r.err != nil {
		return r
	}
	if l.h.batch != nil {
		packed := l.huntPacked(ctx, indices, cases, inputs, drop)
		packed.reach = r.reach
		return packed
	}
	for k, i := range indices {
		if i >= l.h.limit.Load() {
			return r // past the limit: the coordinator keeps the rest for later
		}
		input := inputs[k]
		d, sig, err := l.steady(ctx, input, how{ref: l.h.checkedByRef(i)}, drop)
		if errors.Is(err, errDropped) {
			return r
		}
		if err != nil {
			r.err = fmt.Errorf("case %d: %w", i, err)
			return r
		}
		r.ran++
		r.digest ^= digestOf(input)
		if d != nil {
			// Reported at once: its confirmation need not wait for the rest of the block
			// (each a time limit's cost, when the program times out on every case), and
			// the coordinator may stop the cases past it. The rest waits for later.
			r.found = append(r.found, pending{index: i, c: cases[k], input: input, d: d, sig: sig, after: time.Since(l.h.start)})
			return r
		}
	}
	return r
}

// generate makes the cases of a block, aimed at aim, with their inputs and the reach of
// those the steering records (steering.needsReach, with the coordinator's own rule).
func (l *lane) generate(indices []int64, aim coverage.Set) (cases []Case, inputs [][]byte, reach []caseReach, err error) {
	cases, inputs = make([]Case, len(indices)), make([][]byte, len(indices))
	for k, i := range indices {
		c, aimed, err := l.h.generate(i, aim)
		if err != nil {
			return nil, nil, nil, err
		}
		cases[k], inputs[k] = c, c.Encode()
		if l.h.catalogue != nil && needsReach(i, aimed) {
			reach = append(reach, caseReach{index: i, reach: l.h.reach(inputs[k]), aimed: aimed})
		}
	}
	return cases, inputs, reach, nil
}

// reachBlock generates the cases of a block for their reach alone (job.reachOnly).
func (l *lane) reachBlock(indices []int64, aim coverage.Set) (r jobResult) {
	l.generating(func() {
		_, _, r.reach, r.err = l.generate(indices, aim)
	})
	return r
}

// steady compares input as compare does, running it again, in a new worker, while its run
// is disturbed from outside (up to maxDisturbed times): a case found disturbed still is
// left to the coordinator to retry later.
func (l *lane) steady(ctx context.Context, input []byte, hw how, drop <-chan struct{}) (*outcome.Divergence, signature, error) {
	for attempt := 1; ; attempt++ {
		d, sig, err := l.compare(ctx, input, hw, drop)
		if err != nil || d == nil || !d.Disturbed() || attempt >= maxDisturbed {
			return d, sig, err
		}
		l.disturbed++
		if l.w != nil {
			l.w.kill()
			l.retire()
		}
	}
}

// huntPacked hunts a block of cases packed into as few inputs as the statement's limits
// allow, so that one start of the program tests many cases. A divergent answer is split
// per case; the case that diverges is then run alone, and reported alone when it shows a
// divergence alone, else with the cases packed before it (a bug that carries state from
// one game to the next). A crash, a time-out or an answer that cannot be split is
// narrowed by running the packed cases one by one.
func (l *lane) huntPacked(ctx context.Context, indices []int64, cases []Case, inputs [][]byte, drop <-chan struct{}) (r jobResult) {
	for lo := 0; lo < len(cases); {
		if indices[lo] >= l.h.limit.Load() {
			return r // past the limit: the coordinator keeps the rest for later
		}
		var (
			hi     int
			joined Case
			input  []byte
		)
		l.generating(func() {
			hi, joined = l.pack(cases, inputs, lo)
			input = joined.Encode()
		})
		found, err := l.huntPack(ctx, indices[lo:hi], cases[lo:hi], inputs[lo:hi], joined, input, drop)
		if errors.Is(err, errDropped) {
			return r
		}
		if err != nil {
			r.err = err
			return r
		}
		for k := lo; k < hi; k++ {
			r.digest ^= digestOf(inputs[k])
		}
		r.ran += int64(hi - lo)
		r.found = append(r.found, found...)
		if len(found) > 0 {
			return r // reported at once, as huntBlock's are
		}
		lo = hi
	}
	return r
}

// pack returns the end of a run of cases from lo that joins into one input within the
// limits, and that input's case: the longest run, found by a binary search (a run that
// fits has every shorter run fit), or for a game bounded by bytes (ByteBound) the run
// whose inputs fit together, with one join.
func (l *lane) pack(cases []Case, inputs [][]byte, lo int) (int, Case) {
	hi, joined := lo+1, cases[lo] // cases[lo:hi] fits
	top := len(cases) + 1
	if b, ok := l.h.batch.(ByteBound); ok {
		end, size := lo, 0
		for end < len(cases) && (end == lo || size+len(inputs[end]) <= b.PackBytes()) {
			size += len(inputs[end])
			end++
		}
		if end == lo+1 {
			return end, cases[lo]
		}
		if c, ok := l.h.batch.Join(cases[lo:end]); ok {
			return end, c
		}
		top = end
	}
	for hi+1 < top {
		mid := (hi + 1 + top) / 2 // try cases[lo:mid], hi < mid < top
		if c, ok := l.h.batch.Join(cases[lo:mid]); ok {
			hi, joined = mid, c
		} else {
			top = mid
		}
	}
	return hi, joined
}

func (l *lane) huntPack(ctx context.Context, indices []int64, cases []Case, inputs [][]byte, joined Case, input []byte, drop <-chan struct{}) ([]pending, error) {
	d, sig, err := l.steady(ctx, input, how{ref: l.h.checkedByRef(indices[0])}, drop)
	if err != nil || d == nil {
		return nil, err
	}
	found := func(k int, c Case, input []byte, d *outcome.Divergence, sig signature, packed bool) pending {
		return pending{index: indices[k], c: c, input: input, d: d, sig: sig, after: time.Since(l.h.start), packed: packed}
	}
	if len(cases) == 1 {
		return []pending{found(0, joined, input, d, sig, false)}, nil
	}
	// Which cases differ, when both answers split per case.
	var suspects []int
	if d.Culprit == outcome.NoSolver && d.Want.Exit == 0 && d.Got.Exit == 0 && d.Got.Omitted == 0 && d.Want.Omitted == 0 {
		want, okW := l.h.batch.Split(d.Want.Stdout, cases)
		got, okG := l.h.batch.Split(d.Got.Stdout, cases)
		if okW && okG {
			for k := range cases {
				if !l.h.cfg.Compare.equal(want[k], got[k]) {
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
		one := inputs[k]
		d1, sig1, err := l.steady(ctx, one, how{ref: l.h.checkedByRef(indices[k])}, drop)
		if err != nil {
			return nil, err
		}
		if d1 != nil {
			out = append(out, found(k, cases[k], one, d1, sig1, false))
			if narrow {
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
		dp, sigp, err := l.steady(ctx, in, how{ref: l.h.checkedByRef(indices[0])}, drop)
		if err != nil {
			return nil, err
		}
		if dp != nil {
			out = append(out, found(k, prefix, in, dp, sigp, true))
		}
	}
	if len(out) == 0 {
		// No case diverges alone or after its predecessors (a time-out of the whole input,
		// an answer cut short): the packed input is the finding.
		out = append(out, found(0, joined, input, d, sig, true))
	}
	return out, nil
}
