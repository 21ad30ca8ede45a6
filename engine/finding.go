package engine

import (
	"bytes"
	"cmp"
	"fmt"
	"gamediff/outcome"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// finding is one divergence the hunt keeps, from the case that first showed it to its
// report. Its stage says where it is on that way, and its step does the stage's work; the
// coordinator moves it on (advance) when the step is done:
//
//	suspect ──reruns──► confirmed ──► narrowing (a time-out) ─┐
//	   │                    │                                  ├─► adopting ──► causes ──► growth ──► reported
//	   ├──► flaky ─────────►┼──────► minimizing (any other) ───┘        (causes: not for a time-out;
//	   └──► dismissed                                                     growth: a time-out's only)
//
// A stage with nothing to do (no minimization asked, an interrupt, a game that cannot
// scale) is passed at once.
type finding struct {
	pending       // the case as found
	stage   stage // where the finding is
	work    step  // the step of its stage; nil between stages
	check   confirmation
	want    outcome.Result // the reference's answer, from a run that ended normally
	hasWant bool
	path    string // where it is saved
	created bool   // this hunt wrote path, and may remove it
	dropped bool   // displaced by a lower index, or dismissed: results for it are ignored

	// What its finishing stages made: the report, the case they start from (the case as
	// found, or the one narrowed by scaling), the smaller cases taken on the way, largest
	// first, and whether the minimization went as far as it could.
	report   outcome.Finding
	from     pending
	taken    []pending
	complete bool
	began    time.Time
}

// stage is where a finding is on its way to its report.
type stage uint8

const (
	suspect    stage = iota // seen once, its reruns under way
	confirmed               // shown on every run: waits for the hunting to end
	flaky                   // shown on some runs only: reported as such
	narrowing               // a time-out's case scaled down (scale.go)
	minimizing              // its case shrunk (minimize.go)
	adopting                // the smallest case reached, rerun before it replaces the one found
	causes                  // the rulings its case reaches, tested as causes (cause.go)
	growth                  // a time-out's growth along each dimension (scale.go)
	reported                // in the summary
)

var stageNames = [...]string{suspect: "confirming", confirmed: "confirmed", flaky: "flaky", narrowing: "narrowing by scaling",
	minimizing: "minimizing", adopting: "confirming the case reached", causes: "testing causes", growth: "measuring growth", reported: "reported"}

func (s stage) String() string { return stageNames[s] }

// advance moves f to its next stage, and gives it the step of that stage; stages with
// nothing to do are passed at once.
func (c *coordinator) advance(f *finding) {
	for f.work == nil || f.work.done() {
		w := f.work
		f.work = nil
		switch f.stage {
		case confirmed, flaky:
			c.beginFinishing(f)
		case narrowing:
			c.narrowed(f, w.(*narrowStep))
		case minimizing:
			c.minimized(f, w.(*minimizer))
		case adopting:
			f.stage = causes
			// A failure that changes from run to run is no reading of a ruling.
			switch {
			case c.ctx.Err() != nil || isTime(f.report.Verdict) || f.sig.Changing:
				// no cause to test
			case c.h.causeRuns() == 0:
				f.report.CausesUntested = "-cause-runs 0"
			default:
				f.work = c.newCauses(f)
			}
		case causes:
			f.stage = growth
			if s, ok := scalerOf(c.h.game); ok && f.d.Verdict() == outcome.TLE && c.ctx.Err() == nil {
				f.work = c.newGrowth(s, f.final(), true, 1) // its case is over the limit: confirmed so
			}
		case growth:
			if g, ok := w.(*growthStep); ok {
				f.report.Growth = g.result()
			}
			c.report(f)
			return
		default:
			return // a suspect's, or a reported finding's
		}
	}
}

// isTime reports whether a verdict is decided by a time: its case's causes are its size,
// never a ruling, and a walk of candidates that each cost the limit would tell nothing.
func isTime(v outcome.Verdict) bool { return v == outcome.TLE }

// beginFinishing starts the finishing stages of a confirmed or flaky finding.
func (c *coordinator) beginFinishing(f *finding) {
	f.began, f.from = time.Now(), f.pending
	f.report = c.preview(f)
	h := c.h
	changes := f.check.changes()
	if f.stage == flaky {
		f.report.Verdict = outcome.Flaky
		addNote(&f.report, fmt.Sprintf("flaky: it showed on %d of %d runs of its case, which is kept outside the corpus%s", f.check.shown, f.check.runs, f.check.otherRuns()))
		if changes != "" {
			addNote(&f.report, changes)
		}
		c.report(f)
		return
	}
	if changes != "" {
		addNote(&f.report, changes)
	}
	switch {
	case h.cfg.MinimizeTime < 0:
		addNote(&f.report, "not minimized (no minimization asked)")
		c.report(f)
		return
	case c.ctx.Err() != nil:
		addNote(&f.report, "not minimized: interrupted")
		c.report(f)
		return
	default:
		c.note(fmt.Sprintf("case %d: minimizing (%d bytes)", f.index, len(f.input)))
		if s, ok := scalerOf(h.game); ok && f.d.Verdict() == outcome.TLE {
			f.stage, f.work = narrowing, c.newNarrowing(s, f.pending)
			return
		}
		f.stage, f.work = minimizing, c.newMinimizer(f.pending, goal{})
	}
}

// narrowed takes what the narrowing of a time-out's case reached: the cases it took are
// adopted (the smallest confirmed), as a minimization's would be; a time-out's case is not
// shrunk further (each candidate would cost the limit, and scaling did the work).
func (c *coordinator) narrowed(f *finding, n *narrowStep) {
	f.taken, f.complete = n.taken, !n.capped && c.ctx.Err() == nil
	f.report.Minimize = n.stats
	f.report.Minimize.Complete = f.complete
	if len(f.taken) > 0 {
		c.note(fmt.Sprintf("case %d: narrowed by scaling to %d bytes in %.1fs (%d runs)", f.index, len(f.taken[len(f.taken)-1].input),
			time.Since(f.began).Seconds(), n.stats.Runs))
	} else if f.complete && len(n.under) > 0 {
		// The case is barely over the limit: the smallest that times out is the case.
		top := slices.MaxFunc(n.under, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
		addNote(&f.report, fmt.Sprintf("not narrowed: no smaller scale of the case times out by the margin (%v of CPU time): scaled by %.3g along %s, it ran in %v",
			time.Duration(n.margins*float64(time.Second)).Round(time.Millisecond), top[0], strings.Join(n.dims, " and "),
			time.Duration(top[1]*float64(time.Second)).Round(time.Millisecond)))
	}
	c.toAdopting(f, n.capped)
}

// minimized takes what the minimization reached.
func (c *coordinator) minimized(f *finding, m *minimizer) {
	f.taken, f.complete = m.taken, m.st.Complete
	f.report.Minimize = m.st
	c.toAdopting(f, m.st.Capped)
}

// toAdopting starts the reruns of the smallest case reached, before it replaces the case
// as found.
func (c *coordinator) toAdopting(f *finding, capped bool) {
	st := &f.report.Minimize
	st.Seconds = time.Since(f.began).Seconds()
	switch {
	case capped:
		addNote(&f.report, fmt.Sprintf("minimization stopped at the -minimize-time cap (%v), after %s: the case may shrink further",
			c.h.minimizeCap(), plural(st.Runs, "run")))
	case c.ctx.Err() != nil && !f.complete:
		addNote(&f.report, "minimization stopped early by the interrupt: the case may shrink further")
	case !f.complete && f.stage == minimizing:
		addNote(&f.report, fmt.Sprintf("minimization stopped after %s (-minimize-runs): the case may shrink further", plural(st.Runs, "run")))
	}
	f.stage = adopting
	if len(f.taken) > 0 {
		f.work = c.newAdoption(f)
	}
}

// final is the case the finding's report is about: the smallest case adopted, else the
// case as found.
func (f *finding) final() pending {
	if f.report.Path != "" || len(f.report.Input) > 0 {
		for i := len(f.taken) - 1; i >= 0; i-- {
			if bytes.Equal(f.taken[i].input, f.report.Input) {
				return f.taken[i]
			}
		}
	}
	return f.pending
}

// report puts a finding in the summary.
func (c *coordinator) report(f *finding) {
	f.stage, f.work = reported, nil
	delete(c.runnersUp, f.sig.Identity) // needed only should f be dismissed
	if f.report.Minimize.Seconds == 0 && !f.began.IsZero() {
		f.report.Minimize.Seconds = time.Since(f.began).Seconds()
	}
	if why := c.saves.whyUnsaved(f.report.Input); why != "" && f.report.Path == "" {
		f.report.Unsaved = why
		if utf8.Valid(f.report.Input) {
			f.report.UnsavedInput = string(f.report.Input)
		} else {
			f.report.UnsavedBase64 = f.report.Input
		}
	}
	c.sum.Findings = append(c.sum.Findings, f.report)
}

// preview is the finding as found, before its finishing stages.
func (c *coordinator) preview(f *finding) outcome.Finding {
	return outcome.Finding{Index: f.index, Verdict: f.d.Verdict(), Signature: f.sig.words, Identity: f.sig.Identity, FoundAfter: f.after.Seconds(),
		Input: f.input, InputBytes: len(f.input), Original: len(f.input), Divergence: f.d, Path: f.path,
		Shown: f.check.shown, Runs: f.check.runs, Reached: c.h.rulings(f.c), Packed: f.packed}
}

// adoptTries bounds the cases a minimization took that its adoption reruns: the smallest
// case of a time-out or a crash shows it at its very edge, where a rerun may fall short.
const adoptTries = 3

// adoption reruns the smallest case a minimization (or a narrowing) took before it
// replaces the case as found: confirmReruns runs in fresh workers, with the reference
// (whose answer is saved with it); a time-out's alone and with the margin, as its
// candidates ran. A case whose reruns do not all show the signature is not adopted; the
// cases taken before it are tried, the last first, up to adoptTries, then the case as
// found stands. Its runs go on even when the hunt is interrupted: the smallest confirmed
// case is what an interrupted minimization keeps.
type adoption struct {
	tries  int
	reruns *reruns
	failed []string
	over   bool
}

func (c *coordinator) newAdoption(f *finding) *adoption {
	a := &adoption{}
	a.reruns = c.rerunsOf(f.taken[len(f.taken)-1], c.adoptReruns(f))
	return a
}

// adoptReruns is how many reruns confirm a case a minimization reached: a time-out's case
// was shown over the limit by the margin by the probe that took it, and one rerun alone
// with the margin makes two such runs; any other verdict's, confirmReruns.
func (c *coordinator) adoptReruns(f *finding) int {
	if f.d.Verdict() == outcome.TLE {
		return tleAdoptReruns
	}
	return confirmReruns
}

func (a *adoption) done() bool { return a.over }

func (a *adoption) fill(c *coordinator, f *finding) {
	a.reruns.fill(c, f, a)
}

func (a *adoption) take(c *coordinator, f *finding, r jobResult) {
	if !a.reruns.take(c, r) || a.reruns.pending() {
		return
	}
	best := f.taken[len(f.taken)-1-a.tries]
	rr := a.reruns
	if rr.shown == rr.runs && rr.runs > 0 {
		if len(a.failed) > 0 {
			addNote(&f.report, fmt.Sprintf("the smallest cases reached did not show the signature on every rerun (%s): a larger one taken before them (%d bytes) is",
				strings.Join(a.failed, "; "), len(best.input)))
		}
		c.keep(f, best, rr.want, rr.d)
		a.over = true
		return
	}
	a.failed = append(a.failed, fmt.Sprintf("%d bytes: %d of %d reruns", len(best.input), rr.shown, rr.runs))
	a.tries++
	if a.tries >= adoptTries || a.tries >= len(f.taken) {
		addNote(&f.report, fmt.Sprintf("the cases the minimization reached did not show the signature on every rerun (%s): the case as found is reported",
			strings.Join(a.failed, "; ")))
		a.over = true
		return
	}
	a.reruns = c.rerunsOf(f.taken[len(f.taken)-1-a.tries], c.adoptReruns(f))
}

// keep saves a confirmed minimized case and makes it the finding's, named in its own words
// (of the finding's identity). The case as found goes when the minimization was complete,
// and stays beside it (outcome.Finding.Also) when it was not.
func (c *coordinator) keep(f *finding, best pending, want outcome.Result, d *outcome.Divergence) {
	r := &f.report
	r.Input, r.InputBytes, r.Divergence, r.Reached = best.input, len(best.input), d, c.h.rulings(best.c)
	if !f.sig.Changing {
		r.Signature = best.sig.words // a changing failure's words are that it changes
	}
	if len(best.input) < len(f.input) {
		r.Scaled = best.scaled
	}
	path, created, ok := c.saves.save(best.input, want)
	if !ok {
		// The smallest case could be written nowhere: the report carries it whole, and the
		// case as found, if it was saved, stays where it is.
		if f.path != "" {
			r.Also = append(r.Also, f.path)
		}
		r.Path = ""
		return
	}
	switch {
	case f.path == "" || f.path == path:
	case !f.complete:
		r.Also = append(r.Also, f.path)
	case !c.saves.holds(path) && filepath.Dir(path) != filepath.Dir(f.path):
		// The found folder could not take the smallest case (it went to the temporary
		// folder): the case as found stays the corpus's.
		r.Also = append(r.Also, f.path)
		addNote(r, fmt.Sprintf("the minimized case could not be saved beside the case as found: it is %s, and the case as found stays %s", path, f.path))
	case f.created:
		c.saves.forget(f.path) // written and synced beside it: the smallest case replaces it
	}
	r.Path = path
	f.path, f.created = path, created
}

// addNote adds a sentence to a finding's note, after those of its earlier stages.
func addNote(r *outcome.Finding, note string) {
	if r.Note != "" {
		r.Note += "; "
	}
	r.Note += note
}
