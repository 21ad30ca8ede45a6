package engine

import (
	"fmt"

	"gamediff/outcome"
	"gamediff/sandbox"
)

// Before a divergence is kept, two things are checked, each with a rerun (a check, the
// step of a divergence not yet kept): a run disturbed from outside says nothing of the
// code and is run again, alone, up to maxDisturbed times; a run on which the reference
// failed is run again, and blamed on the reference (*RefFailure, the end of the hunt)
// only when its rerun fails too. In a program's hunt whose oracle, fast, failed or parted
// from a program that agrees with ref, fast is checked against ref as the code under test:
// its divergence is a finding against fast.

// found takes a divergence as a lane saw it: a disturbed run is run again, a failure of
// the reference is checked by a rerun, anything else is recorded and confirmed.
func (c *coordinator) found(p pending) {
	if !p.reruns.fast {
		p.reruns.ref = true // every rerun is against ref
	}
	switch {
	case p.d.Disturbed():
		c.sum.Rerun++
		c.checks = append(c.checks, &finding{pending: p, work: &recheck{kind: retry, attempt: 1}})
	case p.d.RefFailed():
		if p.d.Want.Solver == outcome.Fast && !p.reruns.fast {
			c.checkFast(p) // fast, a program's oracle, failed: a finding against fast
		}
		c.checks = append(c.checks, &finding{pending: p, work: &recheck{kind: refCheck, attempt: 1}})
	default:
		c.record(p)
	}
}

// checkFast runs fast against ref on an input on which fast, a program's oracle, parted
// from a program that agrees with ref: fast's divergence is a finding against fast.
func (c *coordinator) checkFast(p pending) {
	c.checks = append(c.checks, &finding{pending: p, work: &recheck{kind: fastCheck, attempt: 1}})
}

// checkKind is what a recheck checks.
type checkKind uint8

const (
	retry     checkKind = iota // a run disturbed from outside
	refCheck                   // a run on which the reference failed
	fastCheck                  // fast, a program's oracle, against ref
)

// recheck is one rerun of a divergence not yet kept, and what its outcome makes of it.
type recheck struct {
	kind    checkKind
	attempt int
	sent    bool
	over    bool
}

func (k *recheck) done() bool { return k.over }

func (k *recheck) fill(c *coordinator, f *finding) {
	alone := k.kind == retry || k.attempt > 1
	if k.sent || !c.canStart(alone) || c.ctx.Err() != nil {
		return
	}
	hw := f.reruns
	if k.kind == fastCheck {
		hw = how{fast: true}
	}
	k.sent = true
	c.start(f, k, job{input: f.input, fresh: true, how: hw, alone: alone})
}

func (k *recheck) take(c *coordinator, f *finding, r jobResult) {
	k.sent = false
	if c.failed(r.err) || r.dropped {
		k.over = true
		c.unchecked(f)
		return
	}
	q := f.pending
	if r.d != nil {
		q.d, q.sig = r.d, r.sig
	}
	switch k.kind {
	case retry:
		switch {
		case r.d == nil:
			k.over = true
		case r.d.Disturbed() && k.attempt < maxDisturbed:
			k.attempt++
			return
		case r.d.Disturbed():
			k.over = true
			// No run gave a verdict, so there is no signature: it is named by what
			// disturbed its runs.
			f.sig = signature{words: disturbedWords(r.d)}
			c.listDismissed(f, fmt.Sprintf("none of its %d reruns alone gave a verdict (each disturbed from outside, or stopped past its cap)", k.attempt))
		default:
			k.over = true
			c.found(q)
		}
	case refCheck:
		switch {
		case r.d != nil && r.d.Disturbed() && k.attempt < maxDisturbed:
			k.attempt++
			return
		case r.d != nil && r.d.RefFailed():
			k.over = true
			rf := &outcome.RefFailure{Index: f.index, Input: f.input, Divergence: r.d}
			rf.Path = c.saves.keepOutside(f.input)
			c.failure = rf
			c.stopHunting()
		case r.d != nil:
			k.over = true
			c.found(q)
		default:
			k.over = true
			c.note(fmt.Sprintf("case %d: the reference %s once, not on its rerun: not its bug, nor the code's (%s)",
				f.index, f.d.Want.Status, firstLine(f.d.Want.Stderr)))
		}
	case fastCheck:
		k.over = true
		if r.d != nil && !r.d.Disturbed() {
			q.reruns = how{fast: true}
			c.found(q)
		}
	}
	c.unchecked(f)
}

// unchecked removes a check that is over from the hunt's checks.
func (c *coordinator) unchecked(f *finding) {
	if !f.work.done() {
		return
	}
	for i, g := range c.checks {
		if g == f {
			c.checks = append(c.checks[:i], c.checks[i+1:]...)
			return
		}
	}
}

// disturbedWords names a divergence none of whose runs gave a verdict by what disturbed
// them: "no verdict: stopped from outside for more than 1s (SIGSTOP or a job-control
// stop)".
func disturbedWords(d *outcome.Divergence) string {
	what := "disturbed from outside"
	for _, r := range []outcome.Result{d.Got, d.Want} {
		if line := firstLine(r.Stderr); r.Status == sandbox.Disturbed && line != "" {
			what = line
			break
		}
	}
	return "no verdict: " + what
}
