package engine

import (
	"fmt"
	"gamediff/outcome"
	"slices"
)

// A finding names a ruling only as a cause. A case reaches the situations of many rulings
// (a tower case reaches eight), and most are where the bug happens to be found, not why;
// naming them all tells a user nothing about which reading makes the difference. A ruling
// is named a cause when the divergence needs its situation: every case the minimization
// took on its way shows the divergence and reaches the situation, and a walk of the
// shrinker from a case on that way (causeStartBytes) that takes only candidates avoiding
// the situation finds none that still diverges in HuntConfig.CauseRuns candidates
// (defaultCauseRuns). A case on the way that diverges
// without the situation, or a candidate that does, clears the ruling at once. Where the
// program is known to misread some of the rulings left (HuntConfig.Suspects: it fails
// their hand-made cases), those alone are tested: two situations that always come
// together (a tower's fall and the rounds it sets off) cannot be told apart by avoiding
// one, but by what else is known. A time-out names no cause: its cause is its size.

// defaultCauseRuns bounds the walk that tests one ruling as a cause, in candidates
// decided, when HuntConfig.CauseRuns does not: a count, not a time, so that a loaded
// machine names the same causes as a quiet one.
const defaultCauseRuns = 300

// causeRuns is the bound of a cause's walk in decided candidates; 0: no ruling is tested
// as a cause.
func (h *hunt) causeRuns() int {
	switch {
	case h.cfg.CauseRuns > 0:
		return h.cfg.CauseRuns
	case h.cfg.CauseRuns < 0:
		return 0
	}
	return defaultCauseRuns
}

// causeStartBytes is the size of the case a cause's walk starts from: the first on the
// minimization's path at most this large (or the case as found, if it is). Large enough
// to hold many ways around a situation; small enough that each of a walk's candidates is
// cheap to run, where a found case at the statement's limits costs a judge's run each.
const causeStartBytes = 16 << 10

// pathSample bounds the cases of a minimization's path whose rulings are read: a ref
// replay each, spread over the path.
const pathSample = 16

// causeStep tests the rulings a finding's final case reaches as causes, one walk at a
// time.
type causeStep struct {
	reached    []string // the rulings the final case reaches
	candidates []string // those still to test
	known      string   // what else is known of the candidates, for the why
	walk       *minimizer
	start      pending // the case each walk starts from (causeStartBytes)
	testing    string
	over       bool
}

// newCauses starts the tests of f's causes: from the first case at most causeStartBytes
// large on the way from the case as found to the one adopted.
func (c *coordinator) newCauses(f *finding) step {
	h := c.h
	final, path := f.pending, []pending(nil)
	for i, t := range f.taken {
		if string(t.input) == string(f.report.Input) {
			final, path = t, f.taken[:i+1]
		}
	}
	s := &causeStep{reached: h.rulings(final.c), start: f.pending}
	for _, t := range path {
		if len(s.start.input) <= causeStartBytes {
			break
		}
		s.start = t
	}
	f.report.Causes, f.report.Reached = nil, nil
	if len(s.reached) == 0 {
		s.over = true
		return s
	}
	// Every case on the way showed the divergence: a ruling one of them does not reach is
	// not needed.
	onPath := []Case{f.pending.c}
	for i := 0; i < len(path); i += max(1, len(path)/pathSample) {
		onPath = append(onPath, path[i].c)
	}
	candidates := slices.Clone(s.reached)
	for _, x := range onPath {
		if len(candidates) == 0 {
			break
		}
		r := h.rulings(x)
		candidates = slices.DeleteFunc(candidates, func(id string) bool { return !slices.Contains(r, id) })
	}
	if suspects := slices.DeleteFunc(slices.Clone(candidates), func(id string) bool { return !slices.Contains(h.cfg.Suspects, id) }); len(suspects) > 0 {
		candidates, s.known = suspects, "; the program fails its hand-made cases"
	}
	s.candidates = candidates
	s.next(c, f)
	return s
}

func (s *causeStep) done() bool { return s.over }

// next starts the walk of the next ruling to test, or ends the step; the rulings reached
// that are not tested are listed as reached.
func (s *causeStep) next(c *coordinator, f *finding) {
	for len(s.reached) > 0 {
		id := s.reached[0]
		s.reached = s.reached[1:]
		if !slices.Contains(s.candidates, id) || c.ctx.Err() != nil || c.capped {
			f.report.Reached = append(f.report.Reached, id)
			continue
		}
		s.testing, s.walk = id, c.newMinimizer(s.start, goal{avoid: id, first: true, runs: c.h.causeRuns()})
		return
	}
	s.over = true
}

func (s *causeStep) fill(c *coordinator, f *finding) {
	if s.walk == nil {
		return
	}
	if s.walk.fill(c, f); s.walk.done() {
		s.decide(c, f)
	}
}

func (s *causeStep) take(c *coordinator, f *finding, r jobResult) {
	if s.walk == nil {
		return
	}
	s.walk.take(c, f, r)
	if s.walk.done() {
		s.decide(c, f)
	}
}

func (s *causeStep) wantsIdle() bool { return s.walk != nil && s.walk.wantsIdle() }

func (s *causeStep) idle(c *coordinator) bool { return s.walk.idle(c) }

// decide names the ruling under test a cause, or not, from its walk, and goes on.
func (s *causeStep) decide(c *coordinator, f *finding) {
	w := s.walk
	s.walk = nil
	switch {
	case len(w.taken) > 0 || !w.st.Complete && w.st.Runs < c.h.causeRuns():
		// Avoidable, or cut short (an interrupt, the cap) before it could tell: not named.
		f.report.Reached = append(f.report.Reached, s.testing)
	case w.st.Complete:
		f.report.Causes = append(f.report.Causes, outcome.Cause{Ruling: s.testing, Why: fmt.Sprintf("no smaller case without its situation shows the divergence (%d tried), and every case the minimization took reaches it%s", w.st.Runs, s.known)})
	default:
		f.report.Causes = append(f.report.Causes, outcome.Cause{Ruling: s.testing, Why: fmt.Sprintf("none of the %d smaller cases without its situation tried shows the divergence, and every case the minimization took reaches it%s", w.st.Runs, s.known)})
	}
	s.next(c, f)
}

// reaches reports whether input reaches the situation of the ruling id, when the game can
// tell; an input it cannot decode reaches none.
func (h *hunt) reaches(input []byte, id string) bool {
	c, err := h.game.Decode(input)
	if err != nil {
		return false
	}
	return slices.Contains(h.rulings(c), id)
}
