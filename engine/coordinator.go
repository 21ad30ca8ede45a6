package engine

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// coordinator owns the hunt's state: one goroutine, the one that called Hunt, hands work to
// the lanes, reads their results and updates counters, findings and the progress line, so
// nothing is shared (the shape of golang.org/x/tools/cmd/stress). Its work, by priority:
// the reruns that confirm what was found (confirm.go), then new blocks of cases.
type coordinator struct {
	h     *hunt
	sum   *Summary
	p     *pool
	saves *saver

	digest    uint64
	bySig     map[Identity]*entry // the kept divergences, one of each identity
	limit     int64               // no case index at or past it is started
	next      int64               // the next position in the shard's sequence
	hunting   bool                // new blocks may start: not past the deadline, not interrupted
	huntedFor time.Duration
	queue     []task                  // runs waiting for a lane before any new block
	owners    map[int]func(jobResult) // what takes each job's result, by job id
	blocks    map[int]chan struct{}   // the drops of the blocks in flight, by job id
	drops     map[int]chan struct{}   // the drops of every job in flight, by job id
	alone     int                     // the id of the job in flight that runs alone (job.alone), or 0
	failure   error
	ctx       context.Context
}

// task is a run for the lanes, and what takes its result.
type task struct {
	j    job
	take func(jobResult)
}

// entryState is where an entry is in its confirmation.
type entryState int

const (
	suspect   entryState = iota // seen once, its reruns under way
	confirmed                   // shown on every run
	flaky                       // shown on some runs only
)

// entry is the kept divergence of one signature: the case of lowest index that showed it,
// a suspect until its reruns settle it.
type entry struct {
	pending
	state   entryState
	check   confirmation
	want    Result // the reference's answer, from a run that ended normally
	hasWant bool
	path    string // where it is saved
	created bool   // this hunt wrote path, and may remove it
	dropped bool   // displaced by a lower index, or dismissed: results for it are ignored
}

func newCoordinator(h *hunt, sum *Summary, p *pool) *coordinator {
	c := &coordinator{h: h, sum: sum, p: p, bySig: map[Identity]*entry{}, limit: h.end(),
		owners: map[int]func(jobResult){}, blocks: map[int]chan struct{}{}, drops: map[int]chan struct{}{}}
	c.saves = &saver{dir: h.cfg.FoundDir, note: c.note}
	return c
}

// blockSize is how many cases a lane takes at a time: enough to make the hand-off cheap,
// few enough that a hunt stops soon after its duration.
const blockSize = 8

// batchBlockSize is the same for packed inputs: enough cases to fill a few inputs, and a
// multiple of 30, the most datasets an input of the games holds, so that a block packs
// into full inputs: with 64, a game of 30 packed 30, 30 and 4, and started its program
// once for every 21 cases in place of 30 (its hunt ran 18-38 % more cases a second with
// 90, side by side).
const batchBlockSize = 90

// hunt runs blocks of cases until the duration, the cases or the findings run out, or ctx
// is done, and settles every divergence found on the way.
func (c *coordinator) hunt(ctx context.Context) error {
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
	for {
		if ctx.Err() == nil && c.failure == nil {
			c.dispatch()
		}
		if len(c.blocks) == 0 && !c.canHunt() && c.huntedFor == 0 {
			c.huntedFor = time.Since(c.h.start)
		}
		if c.p.busy == 0 && (len(c.queue) == 0 || ctx.Err() != nil || c.failure != nil) && !c.canHunt() {
			break
		}
		select {
		case r := <-c.p.results:
			c.p.took()
			c.take(r)
		case <-tick.C:
			c.progress(false)
		case <-deadline:
			c.stopHunting()
		case <-interrupted:
			interrupted = nil // done once: the loop waits for the runs dropped
			c.stopHunting()
			c.dropAll()
		}
	}
	if c.huntedFor == 0 {
		c.huntedFor = time.Since(c.h.start)
	}
	c.progress(false)
	if c.failure == nil {
		// Interrupted: what was not settled is kept, outside the corpus, and listed.
		for _, e := range c.sorted() {
			if e.state == suspect {
				c.dismiss(e, "the hunt was interrupted before its reruns settled it")
			}
		}
	}
	return c.failure
}

// canHunt reports whether a new block of cases may start.
func (c *coordinator) canHunt() bool {
	if !c.hunting || c.failure != nil {
		return false
	}
	i := c.h.index(c.next)
	return i < c.limit && i < c.h.end() && i >= c.h.cfg.Start
}

// stopHunting starts no new block, and stops the blocks under way: what they ran counts.
func (c *coordinator) stopHunting() {
	c.hunting = false
	for id, drop := range c.blocks {
		if drop != nil {
			close(drop)
			c.blocks[id], c.drops[id] = nil, nil
		}
	}
}

// dropAll stops every run under way: the hunt is interrupted.
func (c *coordinator) dropAll() {
	for id, drop := range c.drops {
		if drop != nil {
			close(drop)
			c.drops[id] = nil
		}
		if _, ok := c.blocks[id]; ok {
			c.blocks[id] = nil
		}
	}
}

// dispatch hands the free lanes work: the queued runs first, then new blocks. A run that
// runs alone waits for the runs under way to end, and nothing starts beside it.
func (c *coordinator) dispatch() {
	for c.p.free() > 0 && c.alone == 0 {
		if len(c.queue) > 0 {
			t := c.queue[0]
			if t.j.alone && c.p.busy > 0 {
				return
			}
			c.queue = c.queue[1:]
			drop := make(chan struct{})
			t.j.drop = drop
			id := c.p.send(t.j)
			c.owners[id], c.drops[id] = t.take, drop
			if t.j.alone {
				c.alone = id
			}
			continue
		}
		if !c.canHunt() {
			return
		}
		size := blockSize
		if c.h.batch != nil {
			size = batchBlockSize
		}
		var block []int64
		for len(block) < size {
			i := c.h.index(c.next)
			if i >= c.limit || i >= c.h.end() || i < c.h.cfg.Start {
				break
			}
			block = append(block, i)
			c.next++
		}
		drop := make(chan struct{})
		id := c.p.send(job{indices: block, drop: drop})
		c.blocks[id], c.drops[id], c.owners[id] = drop, drop, c.takeBlock
	}
}

// enqueue queues a run ahead of any new block.
func (c *coordinator) enqueue(j job, take func(jobResult)) {
	c.queue = append(c.queue, task{j, take})
}

// take hands a lane's result to what waits for it.
func (c *coordinator) take(r jobResult) {
	take := c.owners[r.id]
	if r.id == c.alone {
		c.alone = 0
	}
	delete(c.owners, r.id)
	delete(c.blocks, r.id)
	delete(c.drops, r.id)
	if take != nil {
		take(r)
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

// takeBlock folds a block's result into the hunt's state.
func (c *coordinator) takeBlock(r jobResult) {
	if c.failed(r.err) {
		return
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

// found takes a divergence as a lane saw it: a disturbed run is run again, a failure of
// the reference is checked by a rerun, anything else is recorded and confirmed.
func (c *coordinator) found(p pending) {
	if !p.reruns.fast {
		p.reruns.ref = true // every rerun is against ref
	}
	switch {
	case p.d.Disturbed():
		c.sum.Rerun++
		c.retry(p, 1)
	case p.d.RefFailed():
		c.checkReference(p, 1)
	default:
		c.record(p)
	}
}

// record keeps p if it is the lowest case of its signature and among the MaxFindings
// signatures of lowest index, and starts its confirmation; what it displaces is listed.
func (c *coordinator) record(p pending) {
	c.sum.Divergences++
	if p.index >= c.limit {
		c.unreported(p)
		return
	}
	if old := c.bySig[p.sig.Identity]; old != nil {
		if p.index > old.index || old.state != suspect && p.index == old.index {
			c.unreported(p)
			return
		}
		c.unreported(old.pending)
		c.drop(old)
	}
	e := &entry{pending: p}
	c.bySig[p.sig.Identity] = e
	maxFindings := max(c.h.cfg.MaxFindings, 1)
	if lowest := c.sorted(); len(lowest) > maxFindings {
		worst := lowest[maxFindings]
		c.unreported(worst.pending)
		c.drop(worst)
	}
	c.relimit()
	if !e.dropped {
		c.confirm(e)
	}
}

// relimit sets the index past which no case starts: once MaxFindings signatures are kept,
// every index below the last kept one was handed out already, so once the lanes finish,
// the kept findings are the lowest divergent indices of their signatures. A dismissed
// suspect raises it again.
func (c *coordinator) relimit() {
	c.limit = c.h.end()
	if lowest, maxFindings := c.sorted(), max(c.h.cfg.MaxFindings, 1); len(lowest) >= maxFindings {
		c.limit = lowest[maxFindings-1].index + 1
	}
}

// drop forgets an entry displaced by a divergence of lower index: its saved files, if this
// hunt wrote them, and the results of its reruns still under way.
func (c *coordinator) drop(e *entry) {
	e.dropped = true
	if c.bySig[e.sig.Identity] == e {
		delete(c.bySig, e.sig.Identity)
	}
	if e.created {
		c.saves.forget(e.path)
	}
}

func (c *coordinator) unreported(p pending) {
	c.sum.Unreported = append(c.sum.Unreported, Unreported{Index: p.index, Signature: p.sig.words})
}

// plural writes "1 run", "2 runs".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// sorted returns the kept divergences by case index.
func (c *coordinator) sorted() []*entry {
	out := make([]*entry, 0, len(c.bySig))
	for _, e := range c.bySig {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b *entry) int { return cmp.Compare(a.index, b.index) })
	return out
}

func (c *coordinator) note(s string) {
	if c.h.cfg.Note != nil {
		c.h.cfg.Note(s)
	}
}

func (c *coordinator) progress(minimizing bool) { c.progressOf(minimizing, 0, 0) }

// progressOf tells the hunt's progress, with how a minimization under way goes.
func (c *coordinator) progressOf(minimizing bool, taken, bytes int) {
	if c.h.cfg.Progress == nil {
		return
	}
	c.h.cfg.Progress(Progress{Cases: c.sum.Cases, Divergences: int64(c.sum.Divergences), Findings: len(c.bySig),
		Elapsed: time.Since(c.h.start), Duration: c.h.cfg.Duration, Minimizing: minimizing, Taken: taken, Bytes: bytes})
}

// preview is the finding of an entry as found, before minimization.
func (c *coordinator) preview(e *entry) Finding {
	return Finding{Index: e.index, Verdict: e.d.Verdict(), Signature: e.sig.words, Identity: e.sig.Identity, FoundAfter: e.after.Seconds(),
		Input: e.input, InputBytes: len(e.input), Original: len(e.input), Divergence: e.d, Path: e.path,
		Shown: e.check.shown, Runs: e.check.runs, Reached: c.h.rulings(e.c), Packed: e.packed}
}

// finish minimizes the confirmed findings, lowest index first, saves each minimized case
// once its reruns confirm it, and fills the summary.
func (c *coordinator) finish(ctx context.Context) error {
	h := c.h
	for _, e := range c.sorted() {
		f := c.preview(e)
		if e.state == flaky {
			f.Verdict = Flaky
			f.Note = fmt.Sprintf("flaky: it showed on %d of %d runs of its case, which is kept outside the corpus%s", e.check.shown, e.check.runs, e.check.otherRuns())
			c.sum.Findings = append(c.sum.Findings, f)
			continue
		}
		switch {
		case h.cfg.MinimizeTime < 0:
			f.Note = "not minimized (no minimization asked)"
		case ctx.Err() != nil:
			f.Note = "not minimized: interrupted"
		default:
			c.note(fmt.Sprintf("case %d: minimizing (%d bytes)", e.index, len(e.input)))
			start, from := time.Now(), e.pending
			s, scales := scalerOf(h.game)
			var narrowed []pending
			if scales && e.d.Verdict() == TLE {
				// A time-out is narrowed by scaling first (Scaler), then polished.
				if n, runs := c.narrow(ctx, s, from); len(n) > 0 {
					narrowed, from = n, n[len(n)-1]
					c.note(fmt.Sprintf("case %d: narrowed by scaling to %d bytes in %.1fs (%d runs)", e.index, len(from.input), time.Since(start).Seconds(), runs))
				}
			}
			budget := h.minimizeBudget() - time.Since(start)
			if len(narrowed) > 0 {
				// Polishing a case at the edge of the limit: a candidate that still times out
				// costs the whole limit, and scaling did the work; a report now beats a few
				// more bytes. One round of candidates, each of which may take the limit
				// with the margin (none of boom's or mine's time-outs of the zoo ever kept
				// one in 5 s).
				budget = min(budget, time.Duration(tleMargin*float64(h.limits.WithDefaults().Time))+polishSlack)
			}
			taken, stats := c.minimize(ctx, from, budget)
			taken = append(narrowed, taken...)
			stats.Seconds = time.Since(start).Seconds()
			f.Minimize = stats
			if !stats.Complete {
				f.Note = "minimization stopped early (budget or interrupt): the case may shrink further"
			}
			if len(taken) > 0 {
				c.adopt(e, taken, stats.Complete, &f)
			}
			if ctx.Err() == nil {
				// The rulings the case reaches are tested as causes (cause.go).
				final, path := e.pending, []pending(nil)
				for i, t := range taken {
					if bytes.Equal(t.input, f.Input) {
						final, path = t, taken[:i+1]
					}
				}
				f.Causes, f.Reached = c.causes(ctx, e.pending, path, final.c)
			}
			if scales && e.d.Verdict() == TLE && ctx.Err() == nil {
				final := from
				if len(taken) > 0 && len(f.Input) == len(taken[len(taken)-1].input) {
					final = taken[len(taken)-1]
				}
				// The table's extra runs, for a steadier time, within the finding's budget.
				f.Growth = c.growth(ctx, s, final, start.Add(h.minimizeBudget()))
			}
		}
		c.sum.Findings = append(c.sum.Findings, f)
	}
	return nil
}

// adopt confirms the case a minimization reached and saves it: in place of the case as
// found when the minimization was complete; when it was cut short (an interrupt, the
// budget), beside it, the case as found kept whole (Finding.Also). A minimized case whose
// reruns do not all show the signature is not taken; the cases taken before it are tried,
// the last first, up to adoptTries of them (the smallest case of a time-out or a crash
// shows it at its very edge, where a rerun may fall short of it), then the case as found
// stands.
func (c *coordinator) adopt(e *entry, taken []pending, complete bool, f *Finding) {
	// The reruns run even when the hunt is being interrupted, within a grace: the smallest
	// confirmed case is what an interrupted minimization keeps.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.ctx), adoptTries*(2*time.Duration(tleMargin*float64(c.h.wallOfRun()))+2*time.Second))
	defer cancel()
	var failed []string
	for try := 0; try < adoptTries && try < len(taken) && ctx.Err() == nil; try++ {
		best := taken[len(taken)-1-try]
		want, d, shown, runs := c.confirmNow(ctx, best)
		if shown < runs || runs == 0 {
			failed = append(failed, fmt.Sprintf("%d bytes: %d of %d reruns", len(best.input), shown, runs))
			continue
		}
		if len(failed) > 0 {
			f.Note = fmt.Sprintf("the smallest cases reached did not show the signature on every rerun (%s): a larger one taken before them (%d bytes) is",
				strings.Join(failed, "; "), len(best.input))
		}
		c.keep(e, best, want, d, complete, f)
		return
	}
	if len(failed) > 0 {
		f.Note = fmt.Sprintf("the cases the minimization reached did not show the signature on every rerun (%s): the case as found is reported",
			strings.Join(failed, "; "))
	}
}

// polishSlack is what the polish of a time-out's case narrowed by scaling is given past
// one run at the limit with the margin: a worker's start, the input's reading and check.
const polishSlack = time.Second

// adoptTries bounds the minimized cases adopt tries to confirm.
const adoptTries = 3

// keep saves a confirmed minimized case and makes it the finding's, named in its own words
// (of the finding's identity). The case as found goes when the minimization was complete,
// and stays beside it (Finding.Also) when it was not.
func (c *coordinator) keep(e *entry, best pending, want Result, d *Divergence, complete bool, f *Finding) {
	f.Input, f.InputBytes, f.Divergence, f.Reached = best.input, len(best.input), d, c.h.rulings(best.c)
	f.Signature = best.sig.words
	path, created, ok := c.saves.save(best.input, want)
	if !ok {
		return
	}
	if complete {
		if e.created && e.path != path {
			c.saves.forget(e.path)
		}
	} else if e.path != "" && e.path != path {
		f.Also = append(f.Also, e.path)
	}
	f.Path = path
	e.path, e.created = path, created
}
