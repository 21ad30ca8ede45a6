package engine

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// A finding names a ruling only as a cause. A case reaches the situations of many rulings
// (a tower case reaches eight), and most are where the bug happens to be found, not why;
// naming them all tells a user nothing about which reading makes the difference. A ruling
// is named a cause when the divergence needs its situation: every case the minimization
// took on its way shows the divergence and reaches the situation, and a walk of the
// shrinker from the case as found that takes only candidates avoiding the situation finds
// none that still diverges. A case on the way that diverges without the situation, or a
// candidate that does, clears the ruling at once. Where the program is known to misread
// some of the rulings left (HuntConfig.Suspects: it fails their hand-made cases), those
// alone are tested: two situations that always come together (a tower's fall and the
// rounds it sets off) cannot be told apart by avoiding one, but by what else is known.

// Cause is a ruling named as a cause of a finding, with why in one line.
type Cause struct {
	Ruling string `json:"ruling"`
	Why    string `json:"why"`
}

// causeRuns bounds the walk that tests one ruling as a cause, in candidates run: a count,
// not a time, so that a loaded machine, which runs fewer candidates in a second, names the
// same causes as a quiet one (bounded by 5 s, a walk at load 15 tried too few to tell).
const causeRuns = 300

// causeBudget bounds the walk's time as well: a wrong answer's walk gets the
// minimization's budget, at least causeBudget, since its candidates cost milliseconds and
// the count bounds it; any other verdict's candidates may each cost the limit, and its walk
// gets at most causeBudget (it seldom tries causeEvidence of them, and names no cause).
const causeBudget = 5 * time.Second

// causeEvidence is how many candidates avoiding a situation an unfinished walk must have
// tried, all without the divergence, before its ruling is named a cause.
const causeEvidence = 20

// pathSample bounds the cases of a minimization's path whose rulings are read: a ref
// replay each, spread over the path.
const pathSample = 16

// causes tests the rulings the final case of a finding reaches as causes: found is the
// case as found, path the cases the minimization took (the last one the finding's case,
// or none). It returns the causes and the rulings reached that are not.
func (c *coordinator) causes(ctx context.Context, found pending, path []pending, final Case) (causes []Cause, others []string) {
	h := c.h
	reached := h.rulings(final)
	if len(reached) == 0 {
		return nil, nil
	}
	// Every case on the way showed the divergence: a ruling one of them does not reach is
	// not needed.
	onPath := []Case{found.c}
	for i := 0; i < len(path); i += max(1, len(path)/pathSample) {
		onPath = append(onPath, path[i].c)
	}
	candidates := slices.Clone(reached)
	for _, x := range onPath {
		if len(candidates) == 0 {
			break
		}
		r := h.rulings(x)
		candidates = slices.DeleteFunc(candidates, func(id string) bool { return !slices.Contains(r, id) })
	}
	known := ""
	if suspects := slices.DeleteFunc(slices.Clone(candidates), func(id string) bool { return !slices.Contains(h.cfg.Suspects, id) }); len(suspects) > 0 {
		candidates, known = suspects, "; the program fails its hand-made cases"
	}
	budget := min(causeBudget, h.minimizeBudget()/4)
	if found.d.Verdict() == WA {
		budget = max(causeBudget, h.minimizeBudget())
	}
	for _, id := range reached {
		if !slices.Contains(candidates, id) || ctx.Err() != nil {
			others = append(others, id)
			continue
		}
		taken, st := c.minimizeFor(ctx, found, budget, goal{avoid: id, first: true, runs: causeRuns})
		switch {
		case len(taken) > 0, !st.Complete && st.Runs < causeEvidence:
			// Avoidable, or too few candidates tried to tell (a time-out's each cost the
			// whole limit): not named.
			others = append(others, id)
		case st.Complete:
			causes = append(causes, Cause{id, fmt.Sprintf("no smaller case without its situation shows the divergence (%d tried), and every case the minimization took reaches it%s", st.Runs, known)})
		default:
			causes = append(causes, Cause{id, fmt.Sprintf("none of the %d smaller cases without its situation tried in %.0fs shows the divergence, and every case the minimization took reaches it%s", st.Runs, st.Seconds, known)})
		}
	}
	return causes, others
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
