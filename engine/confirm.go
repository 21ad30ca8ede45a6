package engine

import (
	"context"
	"fmt"
	"strings"

	"gamediff/sandbox"
)

// A divergence is a fact only once it is confirmed, as a judge rejudges: the input is run
// again, on its own, each time in a fresh worker (no state a judge left in the worker, no
// memory it held, counts), with the reference and the code under test both.
//
//   - Shown on the run that found it and on confirmReruns reruns, it is a finding. A
//     deterministic bug shows every time; a one-off (a worker killed from outside, a
//     spike of load, a disturbance nothing here could see) does not show again; a flaky
//     failure that shows on half its runs passes four reruns one time in sixteen (two
//     reruns let one in four through, as measured on a program that crashes on one run in
//     two), at the cost of four runs per distinct divergence, which are few, run two at a
//     time.
//   - Missing from a rerun, it is sampled up to flakySample runs in all: shown on at least
//     flakyAtLeast of them, it is flaky, reported with its rate and never saved as a
//     regression case; shown once only, it is dismissed (listed, its input kept outside
//     the corpus), since one unexplained run is not a fact.
//   - A run disturbed from outside (Disturbed: a worker killed or stopped, a run starved far
//     past its backstop) counts for nothing and is run again, up to maxDisturbed times,
//     alone: no other run of the hunt beside it (job.alone), whose own runs would starve it
//     too on a loaded machine.
//   - A failure of the reference is blamed on it only when its rerun fails too.
const (
	confirmReruns = 4
	flakySample   = 10
	flakyAtLeast  = 2
	maxDisturbed  = 3
)

// confirmation is an entry's reruns so far.
type confirmation struct {
	runs, shown, disturbed, inFlight int
	// others is what the runs that did not show the divergence gave (a signature's words,
	// or agreement), with their counts, in the order first met: a flaky finding says it.
	others []otherRun
}

// otherRun is what some of an entry's runs gave in place of its divergence.
type otherRun struct {
	what string
	runs int
}

// missed records a run that did not show the divergence: it gave d (nil: the answers
// agreed), whose signature is sig.
func (ch *confirmation) missed(d *Divergence, sig signature) {
	what := "the answers agreed"
	if d != nil {
		what = sig.String()
	}
	for i := range ch.others {
		if ch.others[i].what == what {
			ch.others[i].runs++
			return
		}
	}
	ch.others = append(ch.others, otherRun{what, 1})
}

// otherRuns says what the runs that did not show the divergence gave: "; the other 2: the
// answers agreed (2)"; "" when every run showed it.
func (ch *confirmation) otherRuns() string {
	if len(ch.others) == 0 {
		return ""
	}
	parts := make([]string, len(ch.others))
	for i, o := range ch.others {
		parts[i] = fmt.Sprintf("%s (%d)", o.what, o.runs)
	}
	return fmt.Sprintf("; the other %d: %s", ch.runs-ch.shown, strings.Join(parts, ", "))
}

// confirm starts an entry's reruns; the run that found it counts as its first, unless it
// was against fast (a program's hunt): reruns are against ref, and the first decides what
// they confirm.
func (c *coordinator) confirm(e *entry) {
	e.check = confirmation{runs: 1, shown: 1}
	if e.viaFast() {
		e.check = confirmation{}
	}
	for e.check.runs+e.check.inFlight < 1+confirmReruns {
		c.rerun(e, false)
	}
}

// viaFast reports whether the entry was found against fast, the oracle of a program's
// hunt, not against ref.
func (e *entry) viaFast() bool { return e.d.Want.Solver == "fast" && !e.reruns.fast }

// rerun queues one more run of an entry's input; alone after a run of it was disturbed,
// and always for a time-out (rerunAlone).
func (c *coordinator) rerun(e *entry, alone bool) {
	e.check.inFlight++
	c.enqueue(job{input: e.input, fresh: true, how: e.reruns, alone: alone || rerunAlone(e.d)}, func(r jobResult) { c.reran(e, r) })
}

// rerunAlone reports whether the reruns of a divergence run alone, with no other run of
// the hunt beside them, as a judge rejudges a time-out on an idle machine: a program's CPU
// time is not its own beside another's run. On this 2-CPU guest, one input of the zoo's
// mine rescan took 0.64-0.81 s of CPU alone and 0.71-1.15 s beside a busy loop on the
// other CPU; a time-out minimized and confirmed two reruns at a time, each stopped at the
// 1 s limit, passed judge on 5 of its 6 runs alone (0.70-0.88 s).
func rerunAlone(d *Divergence) bool { return d.Verdict() == TLE }

// firstAgainstRef takes the first rerun against ref of an entry found against fast. The
// program right there means that fast was wrong, or that the program fails on some runs
// only: fast is checked against ref apart (its divergence a finding against fast), and the
// confirmation goes on against ref, this run one that does not show the failure, so that
// a program that fails on some runs is flaky and one that never fails against ref is
// dismissed. (Dismissed at once, a crash on one run in two was never reported: its rerun
// against ref was always the run that passed.) A divergence from ref in other words than
// from fast is confirmed in those.
func (c *coordinator) firstAgainstRef(e *entry, r jobResult) bool {
	switch {
	case r.d == nil:
		c.checkFast(e.pending)
		return true
	case r.sig.Identity != e.sig.Identity:
		if other := c.bySig[r.sig.Identity]; other != nil && other != e {
			c.drop(e)
			c.unreported(e.pending)
			return false
		}
		delete(c.bySig, e.sig.Identity)
		c.bySig[r.sig.Identity] = e
	}
	e.d, e.sig = r.d, r.sig
	return true
}

// checkFast runs fast against ref on an input on which fast, a program's oracle, parted
// from a program that agrees with ref: fast's divergence is a finding against fast.
func (c *coordinator) checkFast(p pending) {
	c.enqueue(job{input: p.input, fresh: true, how: how{fast: true}}, func(r jobResult) {
		if c.failed(r.err) || r.d == nil || r.d.Disturbed() {
			return
		}
		q := p
		q.d, q.sig, q.reruns = r.d, r.sig, how{fast: true}
		c.found(q)
	})
}

// reran takes the result of one of an entry's reruns.
func (c *coordinator) reran(e *entry, r jobResult) {
	e.check.inFlight--
	if e.dropped || c.failed(r.err) {
		return
	}
	if r.d != nil && r.d.Disturbed() {
		if e.check.disturbed++; e.check.disturbed > maxDisturbed {
			c.dismiss(e, fmt.Sprintf("its reruns were disturbed from outside %d times (%s)", e.check.disturbed, firstLine(r.d.Got.Stderr+r.d.Want.Stderr)))
			return
		}
		c.rerun(e, true)
		return
	}
	if e.viaFast() && e.check.runs == 0 && !c.firstAgainstRef(e, r) {
		return
	}
	e.check.runs++
	if r.d != nil && r.sig.Identity == e.sig.Identity {
		e.check.shown++
		if !e.hasWant && answered(r.d.Want) {
			e.want, e.hasWant = r.d.Want, true
		}
	} else {
		e.check.missed(r.d, r.sig)
	}
	c.settle(e)
}

// answered reports whether a run of the reference gives an answer to save: it ended
// normally, with its output or an input error naming its line.
func answered(want Result) bool {
	return want.Status == sandbox.Exited && (want.Exit == 0 || want.Exit == 2 && want.ErrLine > 0)
}

// settle decides an entry once its reruns are in (see the rules above).
func (c *coordinator) settle(e *entry) {
	ch := &e.check
	if ch.inFlight > 0 {
		return
	}
	switch {
	case ch.shown == ch.runs && ch.runs >= 1+confirmReruns:
		c.accept(e)
	case ch.runs < flakySample:
		for ch.runs+ch.inFlight < flakySample {
			c.rerun(e, false)
		}
	case ch.shown >= flakyAtLeast:
		c.acceptFlaky(e)
	case ch.shown == 0 && e.viaFast():
		c.dismiss(e, fmt.Sprintf("the program agrees with ref on every one of %d runs: fast, the hunt's oracle, did not (checked as a finding against fast)", ch.runs))
	default:
		c.dismiss(e, fmt.Sprintf("it showed on %d of %d runs of its case%s", ch.shown, ch.runs, ch.otherRuns()))
	}
}

// accept makes a confirmed entry a finding: it is reported, then saved with the
// reference's answer.
func (c *coordinator) accept(e *entry) {
	e.state = confirmed
	if c.h.cfg.Found != nil {
		c.h.cfg.Found(c.preview(e))
	}
	if e.reruns.fast {
		// A mistake of the hunt's own oracle is the project's bug, not a regression case
		// of the program's.
		e.path = c.saves.keepOutside(e.input)
		c.note(fmt.Sprintf("case %d: fast, the hunt's oracle, disagrees with ref (%s): a bug of gamediff's, please report it with %s",
			e.index, e.sig, e.path))
		return
	}
	if !e.hasWant {
		// No rerun gave the reference's answer (a case every run of which crashed the
		// worker under the reference's own run cannot be saved whole).
		c.note(fmt.Sprintf("case %d: no run of the reference gave an answer to save with it", e.index))
		e.path = c.saves.keepOutside(e.input)
		return
	}
	if path, created, ok := c.saves.save(e.input, e.want); ok {
		e.path, e.created = path, created
	}
}

// acceptFlaky makes an entry that showed on some runs only a flaky finding: reported with
// its rate, its input kept outside the corpus, never a regression case.
func (c *coordinator) acceptFlaky(e *entry) {
	e.state = flaky
	e.path = c.saves.keepOutside(e.input)
	if c.h.cfg.Found != nil {
		f := c.preview(e)
		f.Verdict = Flaky
		c.h.cfg.Found(f)
	}
}

// dismiss drops an entry its reruns did not confirm: it is listed, not reported, and its
// input is kept outside the corpus.
func (c *coordinator) dismiss(e *entry, why string) {
	c.drop(e)
	c.relimit()
	path := c.saves.keepOutside(e.input)
	c.sum.Dismissed = append(c.sum.Dismissed, Dismissed{Index: e.index, Signature: e.sig.words, Why: why,
		Shown: e.check.shown, Runs: e.check.runs, Path: path})
	c.note(fmt.Sprintf("case %d: %s: not reported: %s (input kept in %s)", e.index, e.sig, why, path))
}

// retry runs a case again whose run was disturbed from outside, up to maxDisturbed times.
func (c *coordinator) retry(p pending, attempt int) {
	if attempt > maxDisturbed {
		path := c.saves.keepOutside(p.input)
		c.sum.Dismissed = append(c.sum.Dismissed, Dismissed{Index: p.index, Signature: p.sig.words, Path: path,
			Why: fmt.Sprintf("its runs were disturbed from outside %d times", attempt-1)})
		return
	}
	c.enqueue(job{input: p.input, fresh: true, how: p.reruns, alone: true}, func(r jobResult) {
		if c.failed(r.err) || r.d == nil {
			return
		}
		q := p
		q.d, q.sig = r.d, r.sig
		if r.d.Disturbed() {
			c.retry(q, attempt+1)
			return
		}
		c.found(q)
	})
}

// checkReference reruns a case on which the reference failed: failing again, it ends the
// hunt as the reference's bug (*RefFailure, exit 2 for the command line); else the rerun's
// outcome is taken as the case's.
func (c *coordinator) checkReference(p pending, attempt int) {
	if p.d.Want.Solver == "fast" && !p.reruns.fast && attempt == 1 {
		c.checkFast(p) // fast, a program's oracle, failed: a finding against fast
	}
	c.enqueue(job{input: p.input, fresh: true, how: p.reruns, alone: attempt > 1}, func(r jobResult) {
		switch {
		case c.failed(r.err):
		case r.d != nil && r.d.Disturbed() && attempt < maxDisturbed:
			c.checkReference(p, attempt+1)
		case r.d != nil && r.d.RefFailed():
			f := &RefFailure{Index: p.index, Input: p.input, Divergence: r.d}
			f.Path = c.saves.keepOutside(p.input)
			c.failure = f
			c.stopHunting()
		case r.d != nil:
			q := p
			q.d, q.sig = r.d, r.sig
			c.found(q)
		default:
			c.note(fmt.Sprintf("case %d: the reference %s once, not on its rerun: not its bug, nor the code's (%s)",
				p.index, p.d.Want.Status, firstLine(p.d.Want.Stderr)))
		}
	})
}

// confirmNow reruns a case a minimization reached confirmReruns times, each in a fresh
// worker, with the reference, and returns the reference's answer and the divergence of a
// run that showed the signature, with how many did. A time-out's reruns run alone and
// with the margin (tleMargin times the limit), as its minimization's candidates did: the
// case it reached is at the edge of what times out, and a case that exceeds the limit on
// five runs alone but not by the margin is one that a quieter machine may run within it.
// The zoo's mine time-out, narrowed to a case confirmed on 5 of 5 reruns at the limit
// while other tests ran beside the hunt, ran within it under `judge` a minute later (0.88 s
// of CPU, its shortest in the growth table). The report says what the runs used, against
// the limit itself.
func (c *coordinator) confirmNow(ctx context.Context, p pending) (want Result, d *Divergence, shown, runs int) {
	c.drain()
	ids := map[int]bool{}
	disturbed := 0
	alone := rerunAlone(p.d)
	hw := p.reruns
	hw.margin = alone
	for sent := 0; sent < confirmReruns || len(ids) > 0; {
		// After a disturbed run, the runs that make up for it run alone, as a time-out's
		// do: one at a time, and nothing else runs now.
		for sent < confirmReruns && c.p.free() > 0 && ctx.Err() == nil && (disturbed == 0 && !alone || len(ids) == 0) {
			ids[c.p.sendCtx(ctx, job{input: p.input, fresh: true, how: hw, alone: alone})] = true
			sent++
		}
		if len(ids) == 0 {
			break
		}
		r := c.p.recv()
		if !ids[r.id] {
			continue
		}
		delete(ids, r.id)
		switch {
		case r.err != nil:
		case r.d != nil && r.d.Disturbed() && disturbed < maxDisturbed:
			disturbed++
			sent--
		default:
			runs++
			if r.d != nil && r.sig.Identity == p.sig.Identity && answered(r.d.Want) {
				shown++
				want, d = r.d.Want, r.d
			}
		}
	}
	return want, d, shown, runs
}

// drain waits for every run under way to end, dropping what it takes: what ran before
// (a minimization's dropped candidates) is not what the next runs ask.
func (c *coordinator) drain() {
	for c.p.busy > 0 {
		c.p.recv()
	}
}
