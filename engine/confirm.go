package engine

import (
	"fmt"
	"strings"
	"time"

	"gamediff/outcome"
	"gamediff/sandbox"
)

// A divergence is a fact only once it is confirmed, as a judge rejudges: the input is run
// again, on its own, each time in a fresh worker (no state a judge left in the worker, no
// memory it held, counts), with the reference and the code under test both.
//
//   - A wrong answer, a runtime error, a crash, an output or memory limit: shown on the
//     run that found it and on confirmReruns reruns, it is a finding. A deterministic bug
//     shows every time; a one-off (a worker killed from outside, a disturbance nothing
//     here could see) does not show again; a failure that shows on half its runs passes
//     four reruns one time in sixteen. Their reruns have a generous time limit
//     (generousFactor times the limit): the verdict in question is not a time, and a
//     loaded machine must not turn a rerun of a wrong answer into a time-out.
//   - A rerun that fails in other words than the finding's shows it too: wrong is wrong,
//     whatever its answers. A finding whose runs fail in other words each time is one
//     whose failure changes from run to run (a program that answers a random word), one
//     bug whatever it says on each run (outcome.Identity.Changing).
//   - Missing from a rerun, it is sampled up to flakySample runs in all: shown on at least
//     flakyAtLeast of them, it is flaky, reported with its rate and never saved as a
//     regression case; shown once only, it is dismissed (listed, its input kept outside
//     the corpus), since one unexplained run is not a fact.
//   - A time-out is decided by a time, with a margin, as a judge rejudges a time-out on an
//     idle machine: its rerun runs alone (no other run of the hunt beside it) with
//     tleMargin times the limit, and must exceed that, a CPU time that no disturbance of
//     the machine lends a program within the limit. A rerun that ends within the margin,
//     or under the limit, says the time is within the noise of the limit: the divergence
//     is dismissed, with the time, never reported as a fact. The case a time-out is
//     narrowed to is shown over the margin twice again (the probe that found it, and its
//     adoption's rerun alone) before it is reported.
//   - A run disturbed from outside (a worker killed or stopped, a run starved far past its
//     backstop) counts for nothing and is run again, alone, up to maxDisturbed times.
//   - A failure of the reference is blamed on it only when its rerun fails too (check.go).
const (
	confirmReruns  = 4
	tleReruns      = 1
	tleAdoptReruns = 1
	flakySample    = 10
	flakyAtLeast   = 2
	maxDisturbed   = 3
)

// tleMargin is how far past its limit a time-out's runs must go to be one: its
// confirmation, the probes that narrow its case and the candidates that shrink it run
// with tleMargin times the limit, and a run that ends within it is one that a quieter
// machine may run within the limit.
const tleMargin = 1.25

// generousFactor is the time limit, in times the limit, of the runs that confirm or
// minimize any verdict but a time-out.
const generousFactor = 3

// confirmation is a suspect's reruns, the step of its first stage.
type confirmation struct {
	runs, shown, disturbed, inFlight int
	target                           int  // the runs that settle it, the first included
	tle                              bool // decided by a time: alone, with the margin, no sampling
	// others is what the runs that did not show the divergence gave (a signature's words,
	// or agreement), with their counts, in the order first met: a flaky finding says it.
	// said is the same of the runs that showed it: more than one for a failure that
	// changes from run to run.
	others, said []otherRun
	// cpu holds the CPU times of a time-out's reruns that did not show it, for the note of
	// its dismissal.
	cpu     []time.Duration
	settled bool
}

// otherRun is what some of a finding's runs gave in place of its divergence.
type otherRun struct {
	what string
	runs int
}

// newConfirmation starts a suspect's reruns; the run that found it counts as its first,
// unless it was against fast (a program's hunt): reruns are against ref, and the first
// decides what they confirm.
func newConfirmation(c *coordinator, f *finding) *confirmation {
	ch := &confirmation{runs: 1, shown: 1, target: 1 + confirmReruns, tle: f.d.Verdict() == outcome.TLE}
	if ch.tle {
		ch.target = 1 + tleReruns
	}
	if f.viaFast() {
		ch.runs, ch.shown = 0, 0
	} else if !f.sig.Changing { // a runner-up of a changing failure: its words say no run
		ch.said = countRun(nil, f.sig.String())
	}
	f.check = *ch
	return &f.check
}

// viaFast reports whether the finding was found against fast, the oracle of a program's
// hunt, not against ref.
func (f *finding) viaFast() bool { return f.d.Want.Solver == outcome.Fast && !f.reruns.fast }

func (ch *confirmation) done() bool { return ch.settled }

// fill starts the reruns still wanted; a time-out's, and any after a disturbed run, alone.
func (ch *confirmation) fill(c *coordinator, f *finding) {
	alone := ch.tle || ch.disturbed > 0
	for !f.dropped && ch.runs+ch.inFlight < ch.target && c.canStart(alone) && c.ctx.Err() == nil {
		hw := f.reruns
		hw.margin, hw.generous = ch.tle, !ch.tle
		ch.inFlight++
		c.start(f, ch, job{input: f.input, fresh: true, how: hw, alone: alone})
	}
}

// take takes the result of one of a suspect's reruns.
func (ch *confirmation) take(c *coordinator, f *finding, r jobResult) {
	ch.inFlight--
	if f.dropped || c.failed(r.err) || r.dropped {
		return // an interrupt's drop: the suspect is dismissed when the hunting ends
	}
	if r.d != nil && r.d.Disturbed() {
		if ch.disturbed++; ch.disturbed > maxDisturbed {
			c.dismiss(f, fmt.Sprintf("its reruns were disturbed from outside %d times (%s)", ch.disturbed, firstLine(r.d.Got.Stderr+r.d.Want.Stderr)))
		}
		return
	}
	if f.viaFast() && ch.runs == 0 && !c.firstAgainstRef(f, r) {
		return
	}
	ch.runs++
	switch {
	case r.d != nil && ch.tle && r.d.Verdict() != outcome.TLE:
		// Over the limit first, then wrong within it: the finding is what the program got
		// wrong, which does not hang on the machine's speed, confirmed from this run as
		// any failure is.
		if !c.rekey(f, r.sig) {
			return // a finding of that identity, of lower index, is kept already
		}
		f.d = r.d
		ch.tle, ch.runs, ch.shown, ch.target, ch.cpu, ch.others, ch.said = false, 1, 1, 1+confirmReruns, nil, nil, nil
		ch.failed(f, r)
	case r.d != nil && shownBy(f.sig.Identity, r.sig.Identity):
		ch.shown++
		ch.failed(f, r)
	case r.d != nil && !ch.tle:
		// Wrong is wrong, whatever its words: a run that fails in other words than the
		// finding's shows it too, and the finding is one whose failure changes from run
		// to run, one bug whatever it says on each run (outcome.Identity.Changing).
		ch.shown++
		ch.failed(f, r)
		if !f.sig.Changing && !c.rekey(f, f.sig.changing()) {
			return // a finding of that identity, of lower index, is kept already
		}
	default:
		ch.missed(r.d, r.sig)
		if ch.tle {
			ch.cpu = append(ch.cpu, r.cpu)
		}
	}
	if ch.inFlight == 0 {
		c.settle(f)
	}
}

// failed records a run that showed the finding, in words, and takes the reference's
// answer from it, if none was taken yet.
func (ch *confirmation) failed(f *finding, r jobResult) {
	ch.said = countRun(ch.said, r.sig.String())
	if !f.hasWant && answered(r.d.Want) {
		f.want, f.hasWant = r.d.Want, true
	}
}

// missed records a run that did not show the divergence: it gave d (nil: the answers
// agreed), whose signature is sig.
func (ch *confirmation) missed(d *outcome.Divergence, sig signature) {
	what := "the answers agreed"
	if d != nil {
		what = sig.String()
	}
	ch.others = countRun(ch.others, what)
}

// countRun counts one more run that gave what in runs, in the order first met.
func countRun(runs []otherRun, what string) []otherRun {
	for i := range runs {
		if runs[i].what == what {
			runs[i].runs++
			return runs
		}
	}
	return append(runs, otherRun{what, 1})
}

// maxSaid bounds the failures a note names of a finding whose failure changes from run to
// run: each run may say something else.
const maxSaid = 3

// changes says what the runs that showed a finding whose failure changes from run to run
// said: "it failed on every one of its 5 runs, in 5 different ways: WA …: got "abc" (1),
// …"; "" for a finding that failed alike on each.
func (ch *confirmation) changes() string { return changes(ch.said, ch.shown, ch.runs) }

// changes says how shown of runs failed, in the words said with their counts: "" when
// they failed in one way.
func changes(said []otherRun, shown, runs int) string {
	if len(said) < 2 {
		return ""
	}
	parts := make([]string, 0, maxSaid+1)
	for i, o := range said {
		if i == maxSaid {
			parts = append(parts, fmt.Sprintf("… %d more", len(said)-maxSaid))
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%d)", o.what, o.runs))
	}
	if shown < runs {
		return fmt.Sprintf("its failures differ, in %d ways: %s", len(said), strings.Join(parts, ", "))
	}
	return fmt.Sprintf("it failed on every one of its %d runs, in %d different ways: %s", runs, len(said), strings.Join(parts, ", "))
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

// firstAgainstRef takes the first rerun against ref of a finding found against fast. The
// program right there means that fast was wrong, or that the program fails on some runs
// only: fast is checked against ref apart (its divergence a finding against fast), and the
// confirmation goes on against ref, this run one that does not show the failure, so that
// a program that fails on some runs is flaky and one that never fails against ref is
// dismissed. A divergence from ref in other words than from fast is confirmed in those.
func (c *coordinator) firstAgainstRef(f *finding, r jobResult) bool {
	switch {
	case r.d == nil:
		c.checkFast(f.pending)
		return true
	case f.sig.Changing && shownBy(f.sig.Identity, r.sig.Identity):
		f.d = r.d // the words of a failure that changes from run to run stay its own
		return true
	case r.sig.Identity != f.sig.Identity:
		if other := c.kept[r.sig.Identity]; other != nil && other != f {
			c.forget(f)
			c.unreported(f.pending)
			c.relimit()
			return false
		}
		delete(c.kept, f.sig.Identity)
		c.kept[r.sig.Identity] = f
	}
	f.d, f.sig = r.d, r.sig
	return true
}

// settle decides a suspect once its reruns are in (see the rules above).
func (c *coordinator) settle(f *finding) {
	ch := &f.check
	switch {
	case ch.shown == ch.runs && ch.runs < ch.target:
		// So far so good: the reruns still wanted start (fill), a time-out's one at a time.
	case ch.shown == ch.runs:
		c.accept(f)
	case ch.tle:
		c.dismiss(f, fmt.Sprintf("its reruns alone, with %v (the limit and its margin), did not all exceed it (%s of CPU on %s): its time is within the noise of the limit",
			time.Duration(tleMargin*float64(c.h.limits.WithDefaults().Time)), durations(ch.cpu), plural(len(ch.cpu), "rerun")))
	case ch.runs < flakySample:
		ch.target = flakySample // sampled until then, and settled again
	case ch.shown >= flakyAtLeast:
		c.acceptFlaky(f)
	case ch.shown == 0 && f.viaFast():
		c.dismiss(f, fmt.Sprintf("the program agrees with ref on every one of %d runs: fast, the hunt's oracle, did not (checked as a finding against fast)", ch.runs))
	default:
		c.dismiss(f, fmt.Sprintf("it showed on %d of %d runs of its case%s", ch.shown, ch.runs, ch.otherRuns()))
	}
}

// durations writes CPU times as a list: "1.12s, 0.95s".
func durations(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.Round(10 * time.Millisecond).String()
	}
	return strings.Join(parts, ", ")
}

// answered reports whether a run of the reference gives an answer to save: it ended
// normally, with its output or an input error naming its line.
func answered(want outcome.Result) bool {
	return want.Status == sandbox.Exited && (want.Exit == 0 || want.Exit == 2 && want.ErrLine > 0)
}

// accept makes a confirmed suspect a finding: it is reported, then saved with the
// reference's answer.
func (c *coordinator) accept(f *finding) {
	f.stage, f.check.settled = confirmed, true
	if c.h.cfg.Found != nil {
		c.h.cfg.Found(c.preview(f))
	}
	if f.reruns.fast {
		// A mistake of the hunt's own oracle is the project's bug, not a regression case
		// of the program's.
		f.path = c.saves.keepOutside(f.input)
		c.note(fmt.Sprintf("case %d: fast, the hunt's oracle, disagrees with ref (%s): a bug of gamediff's, please report it with %s",
			f.index, f.sig, f.path))
		return
	}
	if !f.hasWant {
		// No rerun gave the reference's answer (a case every run of which crashed the
		// worker under the reference's own run cannot be saved whole).
		c.note(fmt.Sprintf("case %d: no run of the reference gave an answer to save with it", f.index))
		f.path = c.saves.keepOutside(f.input)
		return
	}
	if path, created, ok := c.saves.save(f.input, f.want); ok {
		f.path, f.created = path, created
	}
}

// acceptFlaky makes a suspect that showed on some runs only a flaky finding: reported with
// its rate, its input kept outside the corpus, never a regression case.
func (c *coordinator) acceptFlaky(f *finding) {
	f.stage, f.check.settled = flaky, true
	f.path = c.saves.keepOutside(f.input)
	if c.h.cfg.Found != nil {
		p := c.preview(f)
		p.Verdict = outcome.Flaky
		c.h.cfg.Found(p)
	}
}

// dismiss drops a suspect its reruns did not confirm: it is listed, not reported, and its
// input is kept outside the corpus.
func (c *coordinator) dismiss(f *finding, why string) {
	f.check.settled = true
	c.forget(f)
	c.relimit()
	c.listDismissed(f, why)
	c.promoteRunnerUp(f.sig.Identity)
}

// listDismissed lists a divergence its runs did not confirm, with why, and keeps its input
// outside the corpus. Every divergence listed is named: one whose runs gave no verdict is
// named by what disturbed them (disturbedWords).
func (c *coordinator) listDismissed(f *finding, why string) {
	words := f.sig.words
	if words == "" {
		words = "no verdict"
	}
	path := c.saves.keepOutside(f.input)
	c.sum.Dismissed = append(c.sum.Dismissed, outcome.Dismissed{Index: f.index, Signature: words, Why: why,
		Shown: f.check.shown, Runs: f.check.runs, Path: path})
	kept := "input kept in " + path
	if path == "" {
		kept = "input kept nowhere: " + c.saves.whyUnsaved(f.input)
	}
	c.note(fmt.Sprintf("case %d: %s: not reported: %s (%s)", f.index, words, why, kept))
}

// reruns runs one case again, a number of times, each in a fresh worker, with the
// reference, and counts the runs that show its signature: the adoption of a minimized
// case. A time-out's reruns run alone and with the margin, any other's with the generous
// limit; a disturbed run is run again, alone, up to maxDisturbed times.
type reruns struct {
	p                    pending
	want                 outcome.Result
	d                    *outcome.Divergence
	n, sent, runs, shown int
	disturbed, inFlight  int
	tle                  bool
	ids                  map[int]bool
}

func (c *coordinator) rerunsOf(p pending, n int) *reruns {
	return &reruns{p: p, n: n, tle: p.d.Verdict() == outcome.TLE, ids: map[int]bool{}}
}

// pending reports whether runs are still wanted or out.
func (rr *reruns) pending() bool { return rr.sent < rr.n || rr.inFlight > 0 }

// fill starts the reruns still wanted, for the step s of finding f.
func (rr *reruns) fill(c *coordinator, f *finding, s step) {
	alone := rr.tle || rr.disturbed > 0
	for rr.sent < rr.n && c.canStart(alone) {
		hw := rr.p.reruns
		hw.margin, hw.generous = rr.tle, !rr.tle
		// Its own drop: an interrupt does not stop the runs that confirm the case an
		// interrupted minimization reached.
		rr.ids[c.start(f, s, job{input: rr.p.input, fresh: true, how: hw, alone: alone, drop: make(chan struct{})})] = true
		rr.sent++
		rr.inFlight++
	}
}

// take counts a result, and reports whether it was one of the reruns'.
func (rr *reruns) take(c *coordinator, r jobResult) bool {
	if !rr.ids[r.id] {
		return false
	}
	delete(rr.ids, r.id)
	rr.inFlight--
	switch {
	case r.err != nil, r.dropped:
	case r.d != nil && r.d.Disturbed() && rr.disturbed < maxDisturbed:
		rr.disturbed++
		rr.sent--
	default:
		rr.runs++
		if r.d != nil && shownBy(rr.p.sig.Identity, r.sig.Identity) && answered(r.d.Want) {
			rr.shown++
			rr.want, rr.d = r.d.Want, r.d
		}
	}
	return true
}
