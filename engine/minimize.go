package engine

import (
	"fmt"
	"gamediff/outcome"
	"hash/maphash"
	"iter"
	"time"
)

// defaultMinimizeRuns bounds a minimization by the candidates its walk decides, when
// HuntConfig.MinimizeRuns does not: far more than any finding of the wrong-solution zoo
// needs to end 1-minimal, so that a minimization ends at 1-minimal, the same case on any
// machine.
const defaultMinimizeRuns = 2000

// defaultMinimizeCap is the -minimize-time cap of the finishing stages when none is given:
// a safety net for a program whose every run is slow, never what ends a minimization on
// the zoo's findings.
const defaultMinimizeCap = 2 * time.Minute

// minimizeRuns is the bound of a minimization in decided candidates.
func (h *hunt) minimizeRuns() int {
	if h.cfg.MinimizeRuns > 0 {
		return h.cfg.MinimizeRuns
	}
	return defaultMinimizeRuns
}

// minimizeCap is the time the finishing stages may take, from the end of the hunting
// (0: none).
func (h *hunt) minimizeCap() time.Duration {
	switch {
	case h.cfg.MinimizeTime < 0:
		return 0
	case h.cfg.MinimizeTime == 0:
		return defaultMinimizeCap
	}
	return h.cfg.MinimizeTime
}

// The minimizer is a unit of its own: it shrinks a finding's case through the game's
// shrinker, greedily, as gopter and delta debugging do, keeping its signature. The walk is
// sequential: it takes the first candidate of the current case, in the shrink order, that
// keeps the signature, then starts over from it, so the case reached is the one a single
// worker reaches, whatever the number of workers, and what bounds it is a count of the
// candidates the walk decides (minimizeRuns): it ends 1-minimal, or after that count, on
// any machine. The workers speed the walk up by running ahead of it (ahead): each result is
// kept, and the walk reads it when it gets there. As a step, it starts its runs on the
// coordinator's lanes and takes their results; while they run, it pulls the walk's next
// candidates from the shrinker (idle).

// goal narrows what a minimization takes: the walks that test a ruling as a cause
// (causes) take only candidates that avoid its situation, and stop at the first.
type goal struct {
	avoid string // a ruling id: a candidate that reaches its situation is not taken
	first bool   // stop when one candidate is taken
	runs  int    // the candidates decided that end it (0: minimizeRuns)
}

// candidateKey identifies a candidate by its input: its length and a hash, cheap even for
// a megabyte (maphash), and as good as the input for the hunt's life.
type candidateKey struct {
	n    int
	hash uint64
}

var candidateSeed = maphash.MakeSeed()

// candidate is one shrink candidate, encoded.
type candidate struct {
	c      Case
	input  []byte
	key    candidateKey
	repeat bool // of a candidate before it in its walk, or of one whose outcome is known
}

// candidateOutcome is what a candidate's run showed; the divergence is kept only when it keeps
// the signature (the walk takes it then), so that the outcomes of big cases cost little.
type candidateOutcome struct {
	invalid bool // it kept the signature, but the validator rejected it
	counted bool // an invalid one, counted once in outcome.MinimizeStats.Invalid when the walk met it
	kept    bool
	d       *outcome.Divergence
	sig     signature // of a candidate kept: its own words, the finding's identity
	err     error
}

// minimizer is the state of one minimization: the walk over the current case's
// candidates, the outcomes known, and the runs in flight.
type minimizer struct {
	p     pending // the case minimized
	g     goal
	bound int
	how   how // how its candidates run
	game  Game

	taken []pending
	st    outcome.MinimizeStats
	over  bool

	w        *shrinkWalk                  // the current case's candidates
	pos      int                          // the first candidate whose outcome the walk does not know
	kids     map[candidateKey]*shrinkWalk // the walks of candidates run ahead, one of which the walk may take
	decided  int                          // the candidates of this walk decided, repeats left out
	keptAt   map[int]bool                 // whether the last candidate decided at each place kept the signature
	outcomes map[candidateKey]candidateOutcome
	walked   map[candidateKey]bool // the candidates the walk decided
	running  map[int]run           // job id → its run
	inFlight map[candidateKey]bool
	lanes    int
}

// run is a candidate's job in flight.
type run struct {
	key  candidateKey
	drop chan struct{}
}

// newMinimizer starts the minimization of p toward g. A verdict other than WA does not
// depend on the reference's answer, and on a valid input the reference exits 0:
// candidates run the code under test alone, which for a time-out on a big case is most of
// the time saved. The case reached is run in full when it is adopted, for the reference's
// answer. A time-out's candidates run with the margin; any other's with the generous
// limit, so that no candidate's fate hangs on the machine's speed.
func (c *coordinator) newMinimizer(p pending, g goal) *minimizer {
	tle := p.d.Verdict() == outcome.TLE
	m := &minimizer{p: p, g: g, bound: g.runs, game: c.h.game, lanes: c.p.workers,
		how:      how{fast: p.reruns.fast, gotOnly: p.d.Verdict() != outcome.WA, margin: tle, generous: !tle},
		outcomes: map[candidateKey]candidateOutcome{}, walked: map[candidateKey]bool{}, keptAt: map[int]bool{}, running: map[int]run{}, inFlight: map[candidateKey]bool{}}
	if m.bound <= 0 {
		m.bound = c.h.minimizeRuns()
	}
	m.start(p.c, candidateKey{})
	return m
}

func (m *minimizer) done() bool { return m.over }

// fill moves the walk as far as the outcomes known take it, then hands the free lanes
// candidates to run.
func (m *minimizer) fill(c *coordinator, f *finding) {
	if m.walk(c); m.over {
		return
	}
	m.dropUseless(c)
	for c.canStart(false) {
		cand, ok := m.ahead()
		if !ok {
			break
		}
		drop := make(chan struct{})
		id := c.start(f, m, job{input: cand.input, how: m.how, keep: m.p.sig, avoid: m.g.avoid, drop: drop})
		m.running[id] = run{cand.key, drop}
		m.inFlight[cand.key] = true
	}
}

// take keeps the outcome of a run; a dropped run has none.
func (m *minimizer) take(c *coordinator, f *finding, r jobResult) {
	ru, ok := m.running[r.id]
	if !ok {
		return
	}
	delete(m.running, r.id)
	delete(m.inFlight, ru.key)
	if r.dropped || m.over {
		m.st.Dropped++
		return
	}
	o := candidateOutcome{invalid: r.invalid, err: r.err, kept: r.err == nil && r.d != nil && shownBy(m.p.sig.Identity, r.sig.Identity)}
	if o.kept {
		o.d, o.sig = r.d, r.sig
	}
	m.outcomes[ru.key] = o
	m.walk(c)
}

// walk advances the walk as far as the known outcomes take it, and ends the minimization
// when it is 1-minimal, at its bound, at the first candidate taken (goal.first), at the
// cap of the finishing stages, or at an interrupt.
func (m *minimizer) walk(c *coordinator) {
	defer func() {
		if m.over {
			m.stopRuns(c)
		}
	}()
	for !m.over {
		switch {
		case c.ctx.Err() != nil:
			m.finish()
			return
		case c.capped:
			m.st.Capped = true
			m.finish()
			return
		case m.st.Runs >= m.bound:
			m.finish()
			return
		}
		cand, ok := m.w.at(m, m.pos)
		if !ok {
			m.st.Complete = true
			m.finish()
			return
		}
		o, known := m.outcomes[cand.key]
		if !known {
			return
		}
		if o.err != nil && c.ctx.Err() == nil {
			c.note(fmt.Sprintf("case %d: minimization stopped: %v", m.p.index, o.err))
			m.finish()
			return
		}
		if cand.repeat || o.invalid {
			// A repeat was counted at its first; it is never taken, since the walk
			// starts over from its first when that is.
			if o.invalid && !o.counted {
				m.st.Invalid++
				m.st.Runs++
				o.counted = true
				m.outcomes[cand.key] = o
			}
			m.walked[cand.key] = true
			m.advance()
			continue
		}
		m.st.Runs++
		m.walked[cand.key] = true
		m.keptAt[m.decided] = o.kept
		if o.kept {
			m.st.Accepted++
			cur := pending{index: m.p.index, c: cand.c, input: cand.input, d: o.d, sig: o.sig, after: m.p.after, reruns: m.p.reruns}
			if m.p.sig.Changing {
				cur.sig = m.p.sig // its words on this run are one of many: its reruns say others
			}
			m.taken = append(m.taken, cur)
			if m.g.first {
				m.finish()
				return
			}
			o.d = nil // the case taken holds it now; the outcome keeps its verdict only
			m.outcomes[cand.key] = o
			m.start(cur.c, cand.key)
			continue
		}
		m.decided++
		m.advance()
	}
}

// finish ends the minimization.
func (m *minimizer) finish() {
	m.over = true
	m.stopWalks()
}

// wantsIdle reports whether the walk should pull its next candidate ahead of need: until
// it holds, from its position on, more first candidates (not repeats) than lanes. When
// the candidate it waits for will likely keep the signature, the walk will likely start
// over, and candidates pulled ahead would be lost.
func (m *minimizer) wantsIdle() bool {
	return !m.over && !m.w.ended && !m.likelyKept() && m.w.mayPull(m.w.pulled()) && m.w.firsts <= m.lanes
}

// idle pulls the walk's next candidate, and reports whether there was one.
func (m *minimizer) idle(*coordinator) bool {
	_, ok := m.w.at(m, m.w.pulled())
	return ok
}

// shrinkWalk is the candidates of one case in shrink order, pulled from the game's
// shrinker as they are needed; those behind the walk's position are dropped.
type shrinkWalk struct {
	next   func() (Case, bool)
	stop   func()
	cands  []candidate // candidates first, first+1, … pulled so far
	first  int
	bytes  int // the inputs held in cands
	firsts int // the candidates held that are not repeats
	ended  bool
	seen   map[candidateKey]bool
}

// at returns the walk's candidate i (i ≥ first), pulling it if need be.
func (w *shrinkWalk) at(m *minimizer, i int) (candidate, bool) {
	for w.first+len(w.cands) <= i {
		if w.ended {
			return candidate{}, false
		}
		v, ok := w.next()
		if !ok {
			w.ended = true
			return candidate{}, false
		}
		cand := m.prepare(v)
		if m.walked[cand.key] || w.seen[cand.key] {
			// A repeat (a shrinker may repeat itself: every column cut of a blank board
			// is the same board): the walk needs only its outcome, that of the first. A
			// candidate is a repeat of one the walk decided, never of one merely run ahead
			// of it, so that the count of candidates decided, which bounds the walk, is
			// the same with any number of workers.
			cand.c, cand.input, cand.repeat = nil, nil, true
		}
		if w.seen == nil {
			w.seen = map[candidateKey]bool{}
		}
		w.seen[cand.key] = true
		w.cands = append(w.cands, cand)
		w.bytes += len(cand.input)
		if !cand.repeat {
			w.firsts++
		}
	}
	return w.cands[i-w.first], true
}

// pulled is the index of the first candidate not pulled yet.
func (w *shrinkWalk) pulled() int { return w.first + len(w.cands) }

// start makes c the case whose candidates the walk goes through. key is c's key as a
// candidate: if its first candidates were run ahead, the walk goes on from them, and
// keeps the walks run ahead from those.
func (m *minimizer) start(c Case, key candidateKey) {
	next, ok := m.kids[key]
	delete(m.kids, key)
	if m.w != nil {
		m.w.stop()
	}
	if !ok {
		next = m.walkOf(c)
	}
	// The walks run ahead that the new walk can reach are kept; the others are stopped.
	kept := map[candidateKey]*shrinkWalk{}
	for reach := []*shrinkWalk{next}; len(reach) > 0; reach = reach[1:] {
		for _, cand := range reach[0].cands {
			if kids, ok := m.kids[cand.key]; ok {
				kept[cand.key] = kids
				delete(m.kids, cand.key)
				reach = append(reach, kids)
			}
		}
	}
	for _, kids := range m.kids {
		kids.stop()
	}
	m.w, m.pos, m.decided, m.kids = next, 0, 0, kept
}

// advance moves the walk past its current candidate, which it no longer needs.
func (m *minimizer) advance() {
	w := m.w
	m.pos++
	for w.first < m.pos && len(w.cands) > 0 {
		w.bytes -= len(w.cands[0].input)
		if !w.cands[0].repeat {
			w.firsts--
		}
		w.cands[0] = candidate{}
		w.cands = w.cands[1:]
		w.first++
	}
}

func (m *minimizer) stopWalks() {
	if m.w != nil {
		m.w.stop()
	}
	for _, k := range m.kids {
		k.stop()
	}
}

// prepare encodes a candidate; the lanes check it with the validator, in parallel, if it
// keeps the signature.
func (m *minimizer) prepare(c Case) candidate {
	input := c.Encode()
	return candidate{c: c, input: input, key: candidateKey{len(input), maphash.Bytes(candidateSeed, input)}}
}

// likelyKept guesses whether the candidate the walk waits for will keep the signature:
// as the last one decided at its place did. A shrinker's order is the same from one
// case to the next (halve the operations, cut the first rows, the next rows, …), and a
// greedy walk takes the same cut, at the same place, many cases in a row.
func (m *minimizer) likelyKept() bool { return m.keptAt[m.decided] }

// How far past the walk the minimizer looks: lookahead candidates per lane whose outcome
// is unknown (repeats and known candidates cost no run), and at most maxAhead candidates
// or aheadBytes of their inputs pulled.
const (
	lookahead  = 8
	maxAhead   = 4096
	aheadBytes = 64 << 20
)

// mayPull reports whether the walk may pull its candidate i ahead of its position.
func (w *shrinkWalk) mayPull(i int) bool {
	return i < w.pulled() || i < w.first+maxAhead && w.bytes < aheadBytes
}

// ahead picks the next candidate to run: the first not run yet on the walk's likely
// path. The path starts at the candidate the walk waits for and goes, from a candidate
// that keeps the signature, into that candidate's own candidates (the walk will go on
// from it), and from one that does not, to the next; where an outcome is not known yet,
// likelyKept guesses it. It passes fewer than lookahead running candidates per lane.
func (m *minimizer) ahead() (candidate, bool) {
	w, i, decided := m.w, m.pos, m.decided
	for running := 0; running < lookahead*m.lanes && w.mayPull(i); {
		cand, ok := w.at(m, i)
		if !ok {
			return candidate{}, false
		}
		o, known := m.outcomes[cand.key]
		switch {
		case cand.repeat || known && o.invalid:
			i++
			continue
		case !known && !m.inFlight[cand.key]:
			return cand, true
		case !known:
			running++
			o.kept = m.keptAt[decided]
		}
		if o.kept {
			w, i, decided = m.kidsOf(cand), 0, 0
			continue
		}
		i, decided = i+1, decided+1
	}
	return candidate{}, false
}

// kidsOf returns the walk of cand's own candidates, which runs ahead pull from.
func (m *minimizer) kidsOf(cand candidate) *shrinkWalk {
	kids, ok := m.kids[cand.key]
	if !ok {
		kids = m.walkOf(cand.c)
		m.kids[cand.key] = kids
	}
	return kids
}

// walkOf is a new walk over c's candidates, pulled from the game's shrinker.
func (m *minimizer) walkOf(c Case) *shrinkWalk {
	w := &shrinkWalk{}
	w.next, w.stop = iter.Pull(m.game.Shrink(c))
	return w
}

// dropUseless drops the runs whose candidates the walk has gone past or left: the
// walk will not read their outcomes, and their lanes are free sooner.
func (m *minimizer) dropUseless(c *coordinator) {
	for id, ru := range m.running {
		if ru.drop != nil && !m.needed(ru.key) {
			c.drop(id)
			m.running[id] = run{key: ru.key}
		}
	}
}

// needed reports whether the walk may still read the outcome of the candidate key: one
// it holds at or after its position, or one of the candidates run ahead of its head.
func (m *minimizer) needed(key candidateKey) bool {
	for _, cand := range m.w.cands {
		if cand.key == key {
			return true
		}
	}
	for _, kids := range m.kids {
		for _, cand := range kids.cands {
			if cand.key == key {
				return true
			}
		}
	}
	return false
}

// stopRuns stops the runs still under way once the walk ends: the lanes are free again
// within a moment, not at the end of the runs.
func (m *minimizer) stopRuns(c *coordinator) {
	for id, ru := range m.running {
		if ru.drop != nil {
			c.drop(id)
			m.running[id] = run{key: ru.key}
		}
	}
}
