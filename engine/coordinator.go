package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"gamediff/outcome"
	"slices"
	"time"
)

// The coordinator is the hunt: one goroutine, the one that called Hunt, owns all of its
// state and changes it in one loop (run), as Go's internal/fuzz coordinator and
// golang.org/x/tools/cmd/stress do. The loop hands the lanes their runs, takes their
// results, and moves every finding through its stages (finding.go): a finding is a value
// with a stage and the step that does the stage's work, never a callback waiting in a
// queue. The lanes only run what they are handed and answer.
type coordinator struct {
	h     *hunt
	sum   *outcome.Summary
	p     *pool
	saves *saver
	ctx   context.Context

	digest    uint64
	limit     int64         // no case index at or past it is started
	next      int64         // the next position in the shard's sequence
	hunting   bool          // new blocks may start: not past the deadline, not interrupted
	huntedFor time.Duration // until every divergence found was settled
	// blocksEnded is when the last block of cases ended: the hunting proper.
	blocksEnded time.Duration
	// capped says the finishing stages reached their cap: the steps under way end.
	capped bool
	// finishBy is when the finishing stages must stop (-minimize-time, counted from the
	// end of the hunting); zero until the hunting ends.
	finishBy time.Time

	kept map[outcome.Identity]*finding // the findings kept, one of each identity
	// runnersUp are, for each identity kept, the lowest divergences of it that the kept
	// one displaced (up to maxRunnersUp, lowest first): the first is recorded in its place
	// should the kept one be dismissed (a time-out within the noise), so that a dismissal
	// does not lose the findings the hunt already ran.
	runnersUp map[outcome.Identity][]pending
	checks    []*finding            // divergences checked before they are kept (check.go)
	owners    map[int]owner         // what takes each job's result, by job id
	drops     map[int]chan struct{} // the drop of each job in flight, by job id
	blocks    map[int][]int64       // the blocks of cases in flight: their indices, by job id
	// foreign marks the jobs in flight that generate cases for their reach alone
	// (dispatchForeign); st is what the cases reached, which steers the next ones.
	foreign map[int]bool
	st      *steering
	opening int // the opening cases run
	// unrun are the indices of blocks stopped past the limit that they did not run, in
	// order: run first should the limit rise again past them (a suspect dismissed), so
	// that every index below the final limit runs exactly once.
	unrun   []int64
	alone   int // the job in flight that runs alone (job.alone), or 0
	failure error
}

// owner is what takes a job's result: a finding's step, or, with none, the hunt's block.
type owner struct {
	f    *finding
	step step
}

// A step is the work of one stage of a finding: it starts the runs it needs while lanes
// are free (fill, with coordinator.start), takes their results, and says when it is done.
// Only the coordinator's goroutine calls it.
type step interface {
	fill(c *coordinator, f *finding)
	take(c *coordinator, f *finding, r jobResult)
	done() bool
}

// idler is a step with work of its own to do while its runs are under way (the
// minimizer pulls its next candidates from the shrinker): wantsIdle says whether it has
// some, and idle does one piece of it and reports whether it did.
type idler interface {
	wantsIdle() bool
	idle(c *coordinator) bool
}

func newCoordinator(h *hunt, sum *outcome.Summary, p *pool) *coordinator {
	c := &coordinator{h: h, sum: sum, p: p, kept: map[outcome.Identity]*finding{}, runnersUp: map[outcome.Identity][]pending{}, limit: h.end(),
		owners: map[int]owner{}, drops: map[int]chan struct{}{}, blocks: map[int][]int64{},
		foreign: map[int]bool{}, st: newSteering(h)}
	c.saves = &saver{dir: h.cfg.FoundDir, note: c.note}
	h.limit.Store(c.limit)
	return c
}

// blockSize is how many cases a lane takes at a time: enough to make the hand-off cheap,
// few enough that a hunt stops soon after its duration.
const blockSize = 8

// batchBlockSize is the same for packed inputs: enough cases to fill a few inputs, and a
// multiple of 30, the most datasets an input of the games holds, so that a block packs
// into full inputs.
const batchBlockSize = 90

// maxStalls is how many turns in a row the finishing may take with nothing in flight and
// no finding moved on: a stage that ended without a run starts its successor's runs on
// the next turn.
const maxStalls = 16

// run is the hunt's loop: it hunts blocks of cases until the duration, the cases or the
// findings run out, or ctx is done, settles every divergence found on the way, then takes
// each finding through its finishing stages, lowest index first.
func (c *coordinator) run(ctx context.Context) error {
	c.ctx, c.hunting = ctx, true
	var deadline <-chan time.Time
	if d := c.h.cfg.Duration; d > 0 {
		t := time.NewTimer(d - time.Since(c.h.start))
		defer t.Stop()
		deadline = t.C
	}
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	interrupted := ctx.Done()
	var capped <-chan time.Time
	// stalls counts the turns of the loop in a row with nothing in flight and no finding
	// moved on (at, the findings reported and the stage under way), while finishing.
	stalls, at := 0, ""
	for {
		c.dispatch()
		if now := fmt.Sprint(len(c.sum.Findings), c.stageUnderWay()); c.p.busy > 0 || now != at {
			stalls, at = 0, now
		}
		if c.blocksEnded == 0 && !c.canHunt() && len(c.blocks) == 0 {
			c.blocksEnded = time.Since(c.h.start)
		}
		if c.huntedFor == 0 && c.settled() {
			c.endHunting()
			if !c.finishBy.IsZero() {
				t := time.NewTimer(time.Until(c.finishBy))
				defer t.Stop()
				capped = t.C
			}
		}
		if c.huntedFor > 0 && c.finishNext() {
			c.dispatch() // the stage it began may have runs to start
		}
		if c.p.busy == 0 {
			if c.idle() {
				continue
			}
			if c.huntedFor > 0 && !c.finishNext() || c.failure != nil {
				break
			}
			// A finding's stage may end without a run (its step had nothing left to
			// run): the next stage's runs start on the next turn of the loop, a few
			// turns at most.
			if c.huntedFor > 0 && stalls < maxStalls {
				stalls++
				continue
			}
			if c.p.busy == 0 {
				// A step that starts nothing with every lane free would wait for ever: the
				// harness's own bug, which ends the hunt rather than hang it.
				c.failure = fmt.Errorf("engine: the hunt's loop has nothing to wait for (the finding under way: %s)", c.stageUnderWay())
				break
			}
		}
		if c.hasIdleWork() {
			select {
			case r := <-c.p.results:
				c.p.took()
				c.route(r)
			default:
				c.idle()
			}
			continue
		}
		select {
		case r := <-c.p.results:
			c.p.took()
			c.route(r)
		case <-tick.C:
			c.progress()
		case <-deadline:
			c.stopHunting()
		case <-capped:
			capped = nil
			c.capped = true
			c.note(fmt.Sprintf("the finishing stages reached the -minimize-time cap (%v): what they reached is reported", c.h.minimizeCap()))
		case <-interrupted:
			interrupted = nil // done once: the loop waits for the runs dropped
			c.stopHunting()
			c.dropAll()
		}
	}
	if c.huntedFor == 0 {
		c.endHunting()
	}
	c.progress()
	return c.failure
}

// stageUnderWay names the stage of the finding being finished, for a harness error.
func (c *coordinator) stageUnderWay() string {
	for _, o := range c.working() {
		return o.f.stage.String()
	}
	return "none"
}

// hasIdleWork reports whether a step under way has work of its own to do while runs are
// out (idler), without doing it.
func (c *coordinator) hasIdleWork() bool {
	for _, o := range c.working() {
		if i, ok := o.step.(idler); ok && i.wantsIdle() {
			return true
		}
	}
	return false
}

// idle gives the steps under way one piece of their own work (idler), and reports whether
// one did some.
func (c *coordinator) idle() bool {
	for _, o := range c.working() {
		if i, ok := o.step.(idler); ok && i.wantsIdle() && i.idle(c) {
			return true
		}
	}
	return false
}

// settled reports whether the hunting is over: no new block may start, none is in
// flight, and every divergence found is settled (confirmed, flaky or dismissed).
func (c *coordinator) settled() bool {
	if c.canHunt() || len(c.blocks) > 0 {
		return false
	}
	if c.failure != nil || c.ctx.Err() != nil {
		return c.p.busy == 0
	}
	if len(c.checks) > 0 {
		return false
	}
	for _, f := range c.kept {
		if f.stage == suspect {
			return false
		}
	}
	return true
}

// endHunting marks the end of the hunting and the start of the finishing: the suspects an
// interrupt left are dismissed, and the cap of the finishing stages starts.
func (c *coordinator) endHunting() {
	c.huntedFor = time.Since(c.h.start)
	if c.blocksEnded == 0 {
		c.blocksEnded = c.huntedFor
	}
	c.hunting = false
	if c.failure != nil {
		return
	}
	for _, f := range c.sorted() {
		if f.stage == suspect {
			c.dismiss(f, "the hunt was interrupted before its reruns settled it")
		}
	}
	c.checks = nil
	if budget := c.h.minimizeCap(); budget > 0 {
		c.finishBy = time.Now().Add(budget)
	}
}

// finishNext moves the finding being finished, the lowest not yet reported, on to its
// next stage when its step is done (or starts its first), and reports whether a finding
// is left to finish.
func (c *coordinator) finishNext() bool {
	if c.failure != nil {
		return false
	}
	for _, f := range c.sorted() {
		if f.stage == reported {
			continue
		}
		if f.work == nil || f.work.done() {
			c.advance(f)
		}
		if f.stage == reported {
			continue
		}
		return true
	}
	return false
}

// working lists the owners whose steps may start runs now, in the order they get lanes:
// the divergences being checked and the suspects being confirmed during the hunting,
// lowest index first; afterwards the one finding being finished.
func (c *coordinator) working() []owner {
	var out []owner
	for _, f := range c.checks {
		if f.work != nil && !f.work.done() {
			out = append(out, owner{f, f.work})
		}
	}
	for _, f := range c.sorted() {
		if f.work != nil && !f.work.done() && (f.stage == suspect || c.huntedFor > 0) {
			out = append(out, owner{f, f.work})
			if c.huntedFor > 0 {
				break // one finding's finishing stages at a time
			}
		}
	}
	return out
}

// dispatch hands the free lanes work: the steps under way first, then new blocks. A run
// that runs alone waits for the runs under way to end, and nothing starts beside it.
func (c *coordinator) dispatch() {
	for _, o := range c.working() {
		if c.p.free() == 0 || c.alone != 0 {
			return
		}
		o.step.fill(c, o.f)
	}
	for c.p.free() > 0 && c.alone == 0 && c.canHunt() && c.ctx.Err() == nil && c.failure == nil {
		first := c.nextIndex()
		if c.dispatchForeign(epochOf(first)) {
			continue
		}
		e := epochOf(first)
		if !c.st.ready(e) {
			return // the lanes under way bring what its aims need
		}
		size := blockSize
		if c.h.batch != nil {
			size = batchBlockSize
		}
		if c.h.steer != nil && first < int64(c.h.steer.Openers()) {
			// An opening case, a test of the default set, is a block of its own: the
			// largest are at the statement's limits, and a lane that generated its
			// whole block first would run the first test only after the slowest to make.
			size = 1
		}
		// A block is of one epoch: its cases share their aims.
		var block []int64
		for len(block) < size && len(c.unrun) > 0 && c.unrun[0] < c.limit && epochOf(c.unrun[0]) == e {
			block, c.unrun = append(block, c.unrun[0]), c.unrun[1:]
		}
		for len(block) < size {
			i := c.h.index(c.next)
			if i >= c.limit || i >= c.h.end() || i < c.h.cfg.Start || epochOf(i) != e {
				break
			}
			block = append(block, i)
			c.next++
		}
		drop := make(chan struct{})
		id := c.p.send(job{indices: block, aim: c.st.want(e), drop: drop})
		c.owners[id], c.drops[id], c.blocks[id] = owner{}, drop, block
	}
}

// nextIndex is the index the next block of the hunt's own cases begins with.
func (c *coordinator) nextIndex() int64 {
	if len(c.unrun) > 0 && c.unrun[0] < c.limit {
		return c.unrun[0]
	}
	return c.h.index(c.next)
}

// foreignBlockSize is how many cases a lane generates at a time for their reach alone.
const foreignBlockSize = 32

// dispatchForeign hands a lane the next cases below the steering horizon that the hunt
// does not run but whose reach steers those it does (a shard's, or those below -start),
// up to the epoch of the hunt's next case, and reports whether it did. None past the
// hunt's last case: its reach could steer only cases of later epochs, which the hunt
// does not run either.
func (c *coordinator) dispatchForeign(upTo int) bool {
	st := c.st
	if st.steer == nil {
		return false
	}
	horizon := min(steerHorizon, c.h.end())
	for st.foreign < horizon && (c.h.owns(st.foreign) || st.known[st.foreign]) {
		st.foreign++
	}
	if st.foreign >= horizon {
		return false
	}
	e := epochOf(st.foreign)
	if e > upTo || !st.ready(e) {
		return false
	}
	var block []int64
	for i := st.foreign; len(block) < foreignBlockSize && i < horizon && epochOf(i) == e; i++ {
		if !c.h.owns(i) && !st.known[i] {
			block = append(block, i)
		}
	}
	last := block[len(block)-1]
	st.foreign = last + 1
	id := c.p.send(job{indices: block, aim: st.want(e), reachOnly: true})
	c.owners[id], c.foreign[id] = owner{}, true
	return true
}

// start sends j to a lane for f's step s, and returns the job's id. A job that runs
// alone is started only with no run in flight; s checks that with canStartAlone first.
func (c *coordinator) start(f *finding, s step, j job) int {
	if j.drop == nil {
		j.drop = make(chan struct{})
	}
	id := c.p.send(j)
	c.owners[id], c.drops[id] = owner{f, s}, j.drop
	if j.alone {
		c.alone = id
	}
	return id
}

// canStart reports whether a step may start a run now: a lane is free, nothing runs
// alone, and, for a run that must run alone, nothing runs at all.
func (c *coordinator) canStart(alone bool) bool {
	return c.p.free() > 0 && c.alone == 0 && (!alone || c.p.busy == 0)
}

// route hands a lane's result to what waits for it.
func (c *coordinator) route(r jobResult) {
	o, ok := c.owners[r.id]
	if r.id == c.alone {
		c.alone = 0
	}
	delete(c.owners, r.id)
	delete(c.drops, r.id)
	if c.foreign[r.id] {
		delete(c.foreign, r.id)
		if !c.failed(r.err) {
			for _, cr := range r.reach {
				c.st.record(cr.index, cr.reach, false)
			}
		}
		return
	}
	if block, ok := c.blocks[r.id]; ok {
		delete(c.blocks, r.id)
		if c.hunting && r.err == nil && int(r.ran) < len(block) {
			// Stopped past the limit: what it did not run waits for the limit to rise.
			c.unrun = append(c.unrun, block[r.ran:]...)
			slices.Sort(c.unrun)
		}
		c.takeBlock(r, block)
		return
	}
	if !ok || o.step == nil {
		return
	}
	o.step.take(c, o.f, r)
}

// canHunt reports whether a new block of cases may start.
func (c *coordinator) canHunt() bool {
	if !c.hunting || c.failure != nil {
		return false
	}
	if len(c.unrun) > 0 && c.unrun[0] < c.limit {
		return true
	}
	i := c.h.index(c.next)
	return i < c.limit && i < c.h.end() && i >= c.h.cfg.Start
}

// stopHunting starts no new block, and stops the blocks under way: what they ran counts.
func (c *coordinator) stopHunting() {
	c.hunting = false
	for id := range c.blocks {
		if drop := c.drops[id]; drop != nil {
			close(drop)
			c.drops[id] = nil
		}
	}
}

// dropAll stops every run under way: the hunt is interrupted. The reruns that adopt the
// smallest case a minimization reached go on: that case is what an interrupted
// minimization keeps.
func (c *coordinator) dropAll() {
	for id, drop := range c.drops {
		if _, adopting := c.owners[id].step.(*adoption); drop != nil && !adopting {
			close(drop)
			c.drops[id] = nil
		}
	}
}

// drop stops one run under way, when its outcome is no longer needed.
func (c *coordinator) drop(id int) {
	if drop := c.drops[id]; drop != nil {
		close(drop)
		c.drops[id] = nil
	}
}

// failed records the harness's own failure of a run, unless the hunt was interrupted or
// the run dropped; it ends the hunt.
func (c *coordinator) failed(err error) bool {
	if err == nil {
		return false
	}
	if c.ctx.Err() == nil && !errors.Is(err, errDropped) && c.failure == nil {
		c.failure = err
		c.stopHunting()
	}
	return true
}

// takeBlock folds the result of a block of cases into the hunt's state.
func (c *coordinator) takeBlock(r jobResult, block []int64) {
	if c.failed(r.err) {
		return
	}
	ran := map[int64]bool{}
	for _, i := range block[:r.ran] {
		ran[i] = true
		if c.h.steer != nil && i < int64(c.h.steer.Openers()) {
			c.opening++
		}
	}
	for _, cr := range r.reach {
		c.st.record(cr.index, cr.reach, ran[cr.index])
		if cr.aimed && ran[cr.index] && (c.h.steer == nil || cr.index >= int64(c.h.steer.Openers())) {
			c.st.steered++
		}
	}
	c.sum.Cases += r.ran
	c.digest ^= r.digest
	if r.disturbed > 0 {
		c.sum.Rerun += r.disturbed
		c.note(fmt.Sprintf("%s disturbed from outside (a worker killed or stopped, a starved run): run again", plural(r.disturbed, "run")))
	}
	for _, p := range r.found {
		c.found(p)
	}
}

// record keeps p if it is the lowest case of its signature and among the MaxFindings
// signatures of lowest index, and starts its confirmation; what it displaces is listed.
func (c *coordinator) record(p pending) {
	c.sum.Divergences++
	c.choose(p)
}

// choose is record's choice, for a divergence counted already.
func (c *coordinator) choose(p pending) {
	if p.index >= c.limit {
		c.unreported(p)
		return
	}
	if old := c.kept[p.sig.Identity]; old != nil {
		if p.index > old.index || old.stage != suspect && p.index == old.index {
			c.unreported(p)
			c.keepRunnerUp(p)
			return
		}
		c.unreported(old.pending)
		c.forget(old)
		c.keepRunnerUp(old.pending)
	}
	f := &finding{pending: p}
	c.kept[p.sig.Identity] = f
	maxFindings := max(c.h.cfg.MaxFindings, 1)
	if lowest := c.sorted(); len(lowest) > maxFindings {
		worst := lowest[maxFindings]
		c.unreported(worst.pending)
		c.forget(worst)
		delete(c.runnersUp, worst.sig.Identity)
	}
	c.relimit()
	if !f.dropped {
		f.work = newConfirmation(c, f)
	}
}

// rekey keys a suspect under sig, the identity its reruns showed it has (a failure that
// changes from run to run), as choose keys a divergence: of two findings of one identity
// the lower index is kept, the other listed unreported (and kept as a runner-up, should
// the kept one be dismissed). It reports whether f is kept.
func (c *coordinator) rekey(f *finding, sig signature) bool {
	if c.kept[f.sig.Identity] == f {
		delete(c.kept, f.sig.Identity)
	}
	// The runners-up of its old identity showed what f showed on one run: the same bug,
	// already listed unreported.
	delete(c.runnersUp, f.sig.Identity)
	f.sig = sig
	if other := c.kept[sig.Identity]; other != nil && other != f {
		if other.index < f.index {
			c.unreported(f.pending)
			c.forget(f)
			c.keepRunnerUp(f.pending)
			c.relimit()
			return false
		}
		c.unreported(other.pending)
		c.forget(other)
		c.keepRunnerUp(other.pending)
	}
	c.kept[sig.Identity] = f
	c.relimit()
	return true
}

// maxRunnersUp bounds the runners-up kept of an identity: each holds its input.
const maxRunnersUp = 4

// keepRunnerUp keeps p, displaced by a divergence of its identity of lower index, if it
// is among the lowest so displaced.
func (c *coordinator) keepRunnerUp(p pending) {
	id := p.sig.Identity
	at, _ := slices.BinarySearchFunc(c.runnersUp[id], p.index, func(q pending, i int64) int { return cmp.Compare(q.index, i) })
	if at < maxRunnersUp {
		c.runnersUp[id] = slices.Insert(c.runnersUp[id], at, p)
		c.runnersUp[id] = c.runnersUp[id][:min(len(c.runnersUp[id]), maxRunnersUp)]
	}
}

// promoteRunnerUp records in a dismissed finding's place the first runner-up of its
// identity, which is then no longer unreported.
func (c *coordinator) promoteRunnerUp(id outcome.Identity) {
	ups := c.runnersUp[id]
	if len(ups) == 0 || c.kept[id] != nil {
		return
	}
	ru := ups[0]
	c.runnersUp[id] = ups[1:]
	c.sum.Unreported = slices.DeleteFunc(c.sum.Unreported, func(u outcome.Unreported) bool { return u.Index == ru.index })
	c.choose(ru) // counted when it was first recorded
}

// relimit sets the index past which no case starts: once MaxFindings signatures are kept,
// every index below the last kept one was handed out already, so once the lanes finish,
// the kept findings are the lowest divergent indices of their signatures. The blocks in
// flight past it are stopped: nothing they find could be kept. A dismissed suspect raises
// it again.
func (c *coordinator) relimit() {
	c.limit = c.h.end()
	if lowest, maxFindings := c.sorted(), max(c.h.cfg.MaxFindings, 1); len(lowest) >= maxFindings {
		c.limit = lowest[maxFindings-1].index + 1
	}
	c.h.limit.Store(c.limit)
	for id, block := range c.blocks {
		if block[0] >= c.limit {
			c.drop(id)
		}
	}
}

// forget drops a finding displaced by a divergence of lower index, or dismissed: its
// saved files, if this hunt wrote them, and the runs of its step still under way, whose
// results are ignored.
func (c *coordinator) forget(f *finding) {
	f.dropped = true
	if c.kept[f.sig.Identity] == f {
		delete(c.kept, f.sig.Identity)
	}
	for id, o := range c.owners {
		if o.f == f {
			c.drop(id)
			c.owners[id] = owner{}
		}
	}
	if f.created {
		c.saves.forget(f.path)
	}
}

func (c *coordinator) unreported(p pending) {
	c.sum.Unreported = append(c.sum.Unreported, outcome.Unreported{Index: p.index, Signature: p.sig.words, Packed: p.packed})
}

// plural writes "1 run", "2 runs".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// sorted returns the kept findings by case index.
func (c *coordinator) sorted() []*finding {
	out := make([]*finding, 0, len(c.kept))
	for _, f := range c.kept {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *finding) int { return cmp.Compare(a.index, b.index) })
	return out
}

func (c *coordinator) note(s string) {
	if c.h.cfg.Note != nil {
		c.h.cfg.Note(s)
	}
}

// progress tells the hunt's progress, with how the minimization under way goes.
func (c *coordinator) progress() {
	if c.h.cfg.Progress == nil {
		return
	}
	p := outcome.Progress{Cases: c.sum.Cases, Total: c.h.total(), Divergences: int64(c.sum.Divergences), Findings: len(c.kept),
		Elapsed: time.Since(c.h.start), Duration: c.h.cfg.Duration}
	for _, f := range c.sorted() {
		if f.stage > flaky && f.stage < reported {
			p.Finishing, p.Stage = true, f.stage.String()
			taken := f.taken
			switch w := f.work.(type) {
			case *minimizer:
				taken = w.taken
			case *narrowStep:
				taken = w.taken
			}
			p.Taken, p.Bytes = len(taken), len(f.input)
			if len(taken) > 0 {
				p.Bytes = len(taken[len(taken)-1].input)
			}
			break
		}
	}
	c.h.cfg.Progress(p)
}

// drive runs one step to its end on the coordinator's lanes, alone: for a command that
// uses a stage of the hunt on its own (judge -explain's growth).
func (c *coordinator) drive(ctx context.Context, f *finding, s step) {
	c.ctx = ctx
	for {
		if !s.done() && ctx.Err() == nil {
			s.fill(c, f)
		}
		if c.p.busy == 0 {
			if !s.done() && ctx.Err() == nil {
				if i, ok := s.(idler); ok && i.wantsIdle() && i.idle(c) {
					continue
				}
			}
			return
		}
		r := c.p.recv()
		c.route(r)
	}
}
