package engine

import (
	"context"
	"fmt"
	"hash/maphash"
	"iter"
	"time"
)

// tleMargin is how far past its time limit a time-out's minimization keeps its
// candidates (see minimizer.margin).
const tleMargin = 1.25

// defaultMinimizeTime is a minimization's budget when none is given.
const defaultMinimizeTime = 30 * time.Second

// minimizeBudget is the time each finding's minimization may take.
func (h *hunt) minimizeBudget() time.Duration {
	if h.cfg.MinimizeTime == 0 {
		return defaultMinimizeTime
	}
	return h.cfg.MinimizeTime
}

// The minimizer is a unit of its own: it shrinks a finding's case through the game's
// shrinker, and runs its candidates on the hunt's lanes through the pool, the coordinator's
// run-this-job channel, as internal/fuzz's coordinator hands its workers minimization
// requests. It owns the pool while it runs; the coordinator waits.

// minimize shrinks p greedily, as gopter and delta debugging do, keeping its signature.
// The walk is sequential: it takes the first candidate of the current case, in the shrink
// order, that keeps the signature, then starts over from it, so the case reached is the
// one a single worker reaches, whatever the number of workers. The workers speed the walk
// up by running ahead of it (see minimizer): each result is kept, and the walk reads it
// when it gets there. It stops when no candidate of the current case keeps the signature,
// the budget is spent, or ctx is done.
func (c *coordinator) minimize(ctx context.Context, p pending, budget time.Duration) (taken []pending, st MinimizeStats) {
	return c.minimizeFor(ctx, p, budget, goal{})
}

// goal narrows what a minimization takes: the walks that test a ruling as a cause
// (causes) take only candidates that avoid its situation, and stop at the first.
type goal struct {
	avoid string // a ruling id: a candidate that reaches its situation is not taken
	first bool   // stop when one candidate is taken
	runs  int    // stop after this many runs (0: the budget alone)
}

// minimizeFor is minimize toward a goal.
func (c *coordinator) minimizeFor(ctx context.Context, p pending, budget time.Duration, g goal) (taken []pending, st MinimizeStats) {
	h := c.h
	start := time.Now()
	var m *minimizer
	defer func() { st.Seconds, st.Dropped = time.Since(start).Seconds(), m.dropped }()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	// A verdict other than WA does not depend on the reference's answer, and on a valid
	// input the reference exits 0: candidates run the code under test alone, which for a
	// TLE on a big case is most of the time saved. The case reached is run in full when it
	// is confirmed (adopt), for the reference's answer.
	m = &minimizer{p: c.p, note: c.note, game: h.game, sig: p.sig, gotOnly: p.d.Verdict() != WA,
		margin: p.d.Verdict() == TLE, avoid: g.avoid,
		outcomes: map[candidateKey]outcome{}, keptAt: map[int]bool{}, running: map[int]run{}, inFlight: map[candidateKey]bool{}}
	m.progress = func() {
		size := len(p.input)
		if len(taken) > 0 {
			size = len(taken[len(taken)-1].input)
		}
		c.progressOf(true, len(taken), size)
	}
	defer m.stopRuns()
	m.start(p.c, candidateKey{})
	defer m.stopWalks()
	for {
		if ctx.Err() != nil || time.Since(start) > budget || g.runs > 0 && st.Runs >= g.runs {
			return taken, st
		}
		// Advance the walk as far as known outcomes take it.
		for {
			cand, ok := m.w.at(m, m.pos)
			if !ok {
				st.Complete = true
				return taken, st
			}
			o, known := m.outcomes[cand.key]
			if !known {
				break
			}
			if o.err != nil && ctx.Err() == nil {
				m.note(fmt.Sprintf("case %d: minimization stopped: %v", p.index, o.err))
				return taken, st
			}
			if cand.repeat || o.invalid {
				// A repeat was counted at its first; it is never taken, since the walk
				// starts over from its first when that is.
				if o.invalid && !o.counted {
					st.Invalid++
					o.counted = true
					m.outcomes[cand.key] = o
				}
				m.advance()
				continue
			}
			m.keptAt[m.decided] = o.kept
			if o.kept {
				st.Accepted++
				cur := pending{index: p.index, c: cand.c, input: cand.input, d: o.d, sig: o.sig, after: p.after, reruns: p.reruns}
				taken = append(taken, cur)
				if g.first {
					return taken, st
				}
				o.d = nil // the case taken holds it now; the outcome keeps its verdict only
				m.outcomes[cand.key] = o
				m.start(cur.c, cand.key)
				continue
			}
			m.decided++
			m.advance()
		}
		m.dropUseless()
		st.Runs += m.fill()
		m.await(tick.C)
	}
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

// outcome is what a candidate's run showed; the divergence is kept only when it keeps
// the signature (the walk takes it then), so that the outcomes of big cases cost little.
type outcome struct {
	invalid bool // it kept the signature, but the validator rejected it
	counted bool // an invalid one, counted once in MinimizeStats.Invalid when the walk met it
	kept    bool
	d       *Divergence
	sig     signature // of a candidate kept: its own words, the finding's identity
	err     error
}

// minimizer is the state of one minimization: the walk over the current case's
// candidates, the outcomes known, and the runs in flight. When a worker is free it runs
// the candidate the walk waits for, else it runs ahead on the walk's likely path (see
// ahead). While the workers run, the coordinator pulls the walk's next candidates from
// the shrinker (prefetch), so that the walk moves on at once when outcomes come.
type minimizer struct {
	p        *pool // the lanes, shared with the coordinator, which waits meanwhile
	note     func(string)
	progress func()
	game     Game
	sig      signature
	gotOnly  bool
	// margin runs the candidates of a time-out with tleMargin times the time limit: the
	// case taken then exceeds the limit by that much, and its reruns under the limit
	// itself show the time-out every time, where one taken at the very edge would show
	// it on some only.
	margin bool
	fast   bool   // the code under test is fast (a mistake of fast's met in a program's hunt)
	avoid  string // a ruling whose situation a candidate taken must not reach (goal)

	w        *shrinkWalk                  // the current case's candidates
	pos      int                          // the first candidate whose outcome the walk does not know
	kids     map[candidateKey]*shrinkWalk // the walks of candidates run ahead, one of which the walk may take
	dropped  int
	decided  int          // the candidates of this walk decided, repeats left out
	keptAt   map[int]bool // whether the last candidate decided at each place kept the signature
	outcomes map[candidateKey]outcome
	running  map[int]run // job id → its run
	inFlight map[candidateKey]bool
}

// run is a candidate's job in flight.
type run struct {
	key  candidateKey
	drop chan struct{}
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
		if o, known := m.outcomes[cand.key]; known && !o.kept || w.seen[cand.key] {
			// A repeat (a shrinker may repeat itself: every column cut of a blank board
			// is the same board): the walk needs only its outcome, that of the first.
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

// fill hands the free workers candidates to run and returns how many it handed out.
func (m *minimizer) fill() int {
	runs := 0
	for m.p.free() > 0 {
		cand, ok := m.ahead()
		if !ok {
			break
		}
		drop := make(chan struct{})
		id := m.p.send(job{input: cand.input, how: how{fast: m.fast, gotOnly: m.gotOnly, margin: m.margin}, keep: m.sig, avoid: m.avoid, drop: drop})
		m.running[id] = run{cand.key, drop}
		m.inFlight[cand.key] = true
		runs++
	}
	return runs
}

// How far past the walk the minimizer looks: lookahead candidates per worker whose
// outcome is unknown (repeats and known candidates cost no run), and at most maxAhead
// candidates or aheadBytes of their inputs pulled.
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
// likelyKept guesses it. It passes fewer than lookahead running candidates per worker.
func (m *minimizer) ahead() (candidate, bool) {
	w, i, decided := m.w, m.pos, m.decided
	for running := 0; running < lookahead*m.p.workers && w.mayPull(i); {
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

// prefetch pulls the walk's next candidate ahead of need and reports whether it did:
// until the walk holds, from its position on, more first candidates (not repeats) than
// workers. When the candidate it waits for will likely keep the signature, the walk will
// likely start over, and candidates pulled ahead would be lost.
func (m *minimizer) prefetch() bool {
	i := m.w.pulled()
	if m.likelyKept() || !m.w.mayPull(i) || m.w.firsts > m.p.workers {
		return false
	}
	_, ok := m.w.at(m, i)
	return ok
}

// await takes the outcome of the next run to end, prefetching while it waits, and
// keeps the progress line alive.
func (m *minimizer) await(tick <-chan time.Time) {
	for m.prefetch() {
		select {
		case r := <-m.p.results:
			m.take(r)
			return
		default:
		}
	}
	select {
	case r := <-m.p.results:
		m.take(r)
	case <-tick:
		m.progress()
	}
}

// take keeps the outcome of a run; a run of an earlier minimization, or dropped, has none.
func (m *minimizer) take(r jobResult) {
	m.p.took()
	ru, ok := m.running[r.id]
	if !ok {
		return
	}
	delete(m.running, r.id)
	delete(m.inFlight, ru.key)
	if r.dropped {
		m.dropped++
		return
	}
	o := outcome{invalid: r.invalid, err: r.err, kept: r.err == nil && r.d != nil && r.sig.Identity == m.sig.Identity}
	if o.kept {
		o.d, o.sig = r.d, r.sig
	}
	m.outcomes[ru.key] = o
}

// dropUseless drops the runs whose candidates the walk has gone past or left: the
// walk will not read their outcomes, and their workers are free sooner.
func (m *minimizer) dropUseless() {
	for id, ru := range m.running {
		if ru.drop != nil && !m.needed(ru.key) {
			close(ru.drop)
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

// stopRuns stops the runs still under way once the walk ends (done, out of budget or
// interrupted): the lanes are free again within a moment, not at the end of the runs.
func (m *minimizer) stopRuns() {
	for id, ru := range m.running {
		if ru.drop != nil {
			close(ru.drop)
			m.running[id] = run{key: ru.key}
		}
	}
}
