package engine

import (
	"cmp"
	"math"
	"slices"
	"sync"
	"time"

	"gamediff/outcome"
	"gamediff/sandbox"
)

// Scaler is implemented by a game whose cases can be scaled along their dimensions
// (operations, rows, columns; games, boards). A time-out is narrowed by scaling, not by
// shrinking: every candidate that still times out costs the whole limit, and a shrinker
// spends its budget barely cutting a big case, where a few scaled probes find the smallest
// scale that still times out. Its report then tells how the code under test's time grows
// along each dimension (outcome.Growth).
type Scaler interface {
	// Dimensions names the dimensions a case can be scaled along.
	Dimensions() []string
	// Scale returns c with dimension dim scaled by f (0 < f < 1): a valid case that still
	// exercises what c does (a scaled cascade still cascades), and the share of the
	// dimension it keeps, near f (a growth is fitted to it); share 0 when c cannot be
	// scaled so (it is as small as it goes along dim). It may be called from several
	// goroutines at once, and must not change c.
	Scale(c Case, dim string, f float64) (scaled Case, share float64)
}

// scalerOf is g as a Scaler, when it scales its cases along at least one dimension (a
// game registered with a generic wrapper may implement Scaler with none).
func scalerOf(g any) (Scaler, bool) {
	s, ok := g.(Scaler)
	return s, ok && len(s.Dimensions()) > 0
}

// growthScales are the scales at which a growth is measured first.
var growthScales = []float64{1.0 / 8, 1.0 / 4, 1.0 / 2, 1}

// baseScale is the scale of the probe that measures what does not grow with a dimension:
// small enough that a linear growth's share of it (1/64 of the case's time) shifts the
// fitted exponent by a few hundredths only.
const baseScale = 1.0 / 64

// smallestScale bounds how far down a growth goes looking for probes within the limit.
const smallestScale = 1.0 / 1024

// noiseFloor is the CPU time below which a run says nothing of growth: a program's start
// alone takes a millisecond.
const noiseFloor = 5 * time.Millisecond

// together calls do(0), …, do(n-1) side by side and returns once every call has: the
// scalings of several probes, each a Scale call that may replay every game of a case.
func together(n int, do func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do(i)
		}()
	}
	wg.Wait()
}

// each is every one of dims alone.
func each(dims []string) [][]string {
	out := make([][]string, len(dims))
	for i, dim := range dims {
		out[i] = []string{dim}
	}
	return out
}

// narrowTarget is the time, in times the margin's limit, a narrowing aims its predicted
// scale at: over the margin by enough that a prediction somewhat off still times out.
const narrowTarget = 1.5

// narrowRounds bounds the rounds of probes of a narrowing.
const narrowRounds = 6

// narrowWithin is how near the scale known not to time out a narrowing brings the one
// that does before it ends.
const narrowWithin = 1.5

// narrowStep narrows a time-out's case by scaling, along the dimensions that shed the most
// bytes for the time they cut (plan). It measures the case at two small scales, each far
// under the limit and cheap, fits how the time grows between them, and predicts the scale
// at which the time is narrowTarget times the limit with its margin; it probes there (and
// a little below, on a second lane), and again from what it learns, until it holds a
// scale that times out by the margin within narrowWithin of one that does not. Probes run
// with the margin, as a time-out's candidates do; each over the margin costs the margin's
// limit, the rest what they take, so a narrowing costs a few times the limit whatever the
// size of the case. The cases that timed out are taken, largest first.
type narrowStep struct {
	s      Scaler
	p      pending // the case narrowed
	dims   []string
	plan   func(Case, float64) (Case, bool)
	all    bool    // the plan is every dimension
	lo, hi float64 // the largest scale known within the margin (0: none), the smallest over it (1: the case)
	// under are the probes within the margin long enough to time: (scale, CPU seconds).
	under   [][2]float64
	known   map[string]bool // the inputs probed, or the case's own
	bottom  float64         // the smallest scale the plan reaches, once a probe found it (0: not known)
	probes  map[int]probe   // in flight, by job id
	wanted  []probe         // made, not yet started
	rounds  int
	taken   []pending
	stats   outcome.MinimizeStats
	capped  bool
	over    bool
	target  float64 // seconds
	margins float64 // the margin's limit, in seconds
}

// probe is a scaled case a narrowing runs.
type probe struct {
	f     float64
	c     Case
	input []byte
}

func (c *coordinator) newNarrowing(s Scaler, p pending) *narrowStep {
	limit := tleMargin * c.h.limits.WithDefaults().Time.Seconds()
	n := &narrowStep{s: s, p: p, hi: 1, known: map[string]bool{string(p.input): true}, probes: map[int]probe{},
		margins: limit, target: narrowTarget * limit}
	n.choosePlan()
	if n.plan == nil {
		n.over = true
		return n
	}
	n.propose([]float64{1.0 / 64, 1.0 / 16})
	return n
}

// choosePlan picks the dimensions to scale along: those that shed the most bytes for the
// time they cut, as told by the case at a quarter of its scale, each dimension alone and
// all together, taking the time to go as each dimension scaled (the least a program that
// times out does: a dimension that the time grows faster in only cuts it faster): the
// bytes it keeps, as a power of the time kept, the higher the better. A program that
// scans the board on every click of every game times out on few whole games sooner than
// on all the games cut short; one that scans a board as large as its operations after
// each of them, on a board and operations both cut.
func (n *narrowStep) choosePlan() {
	all := n.s.Dimensions()
	plans := each(all)
	if len(all) > 1 {
		plans = append(plans, all)
	}
	kept, scaledDims := make([]int, len(plans)), make([]int, len(plans))
	together(len(plans), func(i int) {
		quarter, k := scaledAlong(n.s, n.p.c, plans[i], 0.25)
		if scaledDims[i] = k; k > 0 {
			kept[i] = len(quarter.Encode())
		}
	})
	best := math.Inf(-1)
	for i, dims := range plans {
		if scaledDims[i] == 0 {
			continue
		}
		shed := math.Log(float64(kept[i])/float64(len(n.p.input))) / (float64(scaledDims[i]) * math.Log(0.25))
		if shed > best {
			best, n.dims = shed, dims
		}
	}
	if n.dims != nil {
		n.setPlan(n.dims)
	}
}

func (n *narrowStep) setPlan(dims []string) {
	n.dims, n.all = dims, len(dims) == len(n.s.Dimensions())
	n.plan = func(cs Case, f float64) (Case, bool) {
		cs, k := scaledAlong(n.s, cs, dims, f)
		return cs, k > 0
	}
}

// scaledAlong scales cs along each of dims by f, and counts the dimensions it could scale.
func scaledAlong(s Scaler, cs Case, dims []string, f float64) (Case, int) {
	k := 0
	for _, dim := range dims {
		if d, share := s.Scale(cs, dim, f); share > 0 {
			cs, k = d, k+1
		}
	}
	return cs, k
}

// propose makes the probes of the scales fs (new inputs only), side by side.
func (n *narrowStep) propose(fs []float64) {
	made := make([]probe, len(fs))
	together(len(fs), func(i int) {
		if scaled, ok := n.plan(n.p.c, fs[i]); ok {
			made[i] = probe{fs[i], scaled, scaled.Encode()}
		}
	})
	for i, pr := range made {
		if pr.input == nil {
			if n.bottom == 0 || fs[i] > n.bottom {
				n.bottom = fs[i] // and so at every smaller scale
			}
			continue
		}
		if !n.known[string(pr.input)] {
			n.known[string(pr.input)] = true
			n.wanted = append(n.wanted, pr)
		}
	}
	n.rounds++
}

func (n *narrowStep) done() bool { return n.over }

func (n *narrowStep) fill(c *coordinator, f *finding) {
	if c.capped && !n.over {
		n.capped = true
		n.end(c)
	}
	// Until a probe is in flight or the narrowing is over: a round whose probes are all
	// invalid scaled cases starts nothing, and the next is proposed at once.
	for !n.over {
		for len(n.wanted) > 0 && c.canStart(false) {
			pr := n.wanted[0]
			n.wanted = n.wanted[1:]
			if c.h.validate(pr.input) != nil {
				n.lo = max(n.lo, min(pr.f, n.hi)) // an invalid scaled case counts as one that does not time out
				continue
			}
			n.probes[c.start(f, n, job{input: pr.input, how: how{gotOnly: true, margin: true}})] = pr
		}
		if len(n.wanted) > 0 || len(n.probes) > 0 {
			return
		}
		n.nextRound(c)
	}
}

func (n *narrowStep) take(c *coordinator, f *finding, r jobResult) {
	pr, ok := n.probes[r.id]
	if !ok {
		return
	}
	delete(n.probes, r.id)
	if n.over || r.dropped || r.err != nil {
		return
	}
	n.stats.Runs++
	if r.d != nil && r.sig.Identity == n.p.sig.Identity {
		// Every probe over the margin is taken, not only the smallest so far: the smallest
		// is at the edge of the margin, where its adoption's rerun may fall short, and a
		// larger one is then what the adoption falls back on, before the case as found.
		n.taken = append(n.taken, pending{index: n.p.index, c: pr.c, input: pr.input, d: r.d, sig: r.sig, after: n.p.after,
			reruns: n.p.reruns, packed: n.p.packed, scaled: pr.f})
		if pr.f < n.hi {
			n.hi = pr.f
			n.stats.Accepted++
		}
		return
	}
	if pr.f < n.hi {
		n.lo = max(n.lo, pr.f)
		if t := r.cpu.Seconds(); t >= noiseFloor.Seconds() {
			n.under = append(n.under, [2]float64{pr.f, t})
		}
	}
	if len(n.probes) == 0 && len(n.wanted) == 0 {
		n.nextRound(c)
	}
}

// nextRound proposes the next probes from what the last round told, or ends the
// narrowing.
func (n *narrowStep) nextRound(c *coordinator) {
	if c.capped {
		n.capped = true
	}
	done := n.capped || c.ctx.Err() != nil || n.rounds >= narrowRounds ||
		n.hi < 1 && n.lo > 0 && n.hi/n.lo <= narrowWithin
	if !done && n.bottom > 0 && n.hi <= n.bottom*1.01 {
		// As small as the plan scales, and still over the margin: every dimension
		// together goes further.
		if !n.all && len(n.taken) > 0 {
			smallest := slices.MinFunc(n.taken, func(a, b pending) int { return len(a.input) - len(b.input) })
			n.p, n.hi, n.lo, n.under, n.bottom = smallest, 1, 0, nil, 0
			n.known = map[string]bool{string(n.p.input): true}
			n.setPlan(n.s.Dimensions())
			n.propose([]float64{1.0 / 4, 1.0 / 2})
			return
		}
		done = true
	}
	if done {
		n.end(c)
		return
	}
	f := n.predict()
	if f <= 0 {
		n.end(c)
		return
	}
	fs := []float64{f}
	if c.p.workers > 1 {
		fs = append(fs, f/math.Sqrt2) // a second lane hedges a prediction somewhat high
	}
	before := len(n.wanted)
	n.propose(fs)
	if len(n.wanted) == before {
		n.end(c) // no new case between the scales known
	}
}

// predict is the scale of the next probe: where the time fitted through the two largest
// probes within the margin (or the one, taken to grow linearly) reaches the target,
// between the largest scale known within the margin and the smallest over it; halfway
// between them (geometrically) when nothing is timed; 0 when no scale is left between.
func (n *narrowStep) predict() float64 {
	lo := max(n.lo, n.bottom)
	if n.hi <= lo*1.01 {
		return 0
	}
	mid := math.Sqrt(max(lo, n.hi/64) * n.hi)
	if len(n.under) == 0 {
		if n.lo == 0 {
			return n.hi / 4
		}
		return mid
	}
	slices.SortFunc(n.under, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
	top := n.under[len(n.under)-1]
	e := 1.0
	if len(n.under) >= 2 {
		next := n.under[len(n.under)-2]
		if top[0] > next[0] && top[1] > next[1] {
			e = math.Log(top[1]/next[1]) / math.Log(top[0]/next[0])
		}
	}
	e = min(max(e, 0.5), 8)
	f := top[0] * math.Pow(n.target/top[1], 1/e)
	if f >= n.hi || f <= lo {
		return mid
	}
	return f
}

// end stops the narrowing: the cases taken go largest first.
func (n *narrowStep) end(c *coordinator) {
	n.over = true
	for id := range n.probes {
		c.drop(id)
	}
	n.wanted = nil
	slices.SortStableFunc(n.taken, func(a, b pending) int { return len(b.input) - len(a.input) })
}

// growthMaxRuns bounds the runs of a probe. Each probe runs a set number of times (once in
// a hunt's report, where a time-out is reported soon; twice for judge -explain, which is
// asked for the table); it runs again only while its dimension's times do not grow with
// the scale (inconsistent), which a run slowed by what else the machine did makes them:
// the shortest time of its runs is kept, since what another process does beside a run
// only ever adds to it.
const growthMaxRuns = 4

// growthStep measures how the code under test's time grows along each dimension of a
// case: the case scaled along each dimension alone, at growthScales (and at baseScale,
// what does not grow), the code under test and fast run on each, in parallel, on every
// lane, under the limits. Probes of the same input (the case itself, at 1×) are run once.
// Where fewer than two of a dimension's probes are within the limit, it goes on at half
// the smallest scale, and half again, until two are or the case cannot be cut further: a
// program too slow at every scale of the table is still measured. A probe over the limit
// twice is recorded as such; fast is run on it alone, for its time. The case's own time
// is known to be over the limit when it was confirmed so (over): its probe runs fast
// alone.
type growthStep struct {
	s     Scaler
	runs  int // the runs each probe gets before the consistency checks
	c     Case
	limit time.Duration
	out   []outcome.Growth
	all   []*gprobe
	byIn  map[string]*gprobe
	queue []*gprobe
	ids   map[int]gsent
	over  bool
}

// gprobe is one input of a growth, and the cells of the table it fills.
type gprobe struct {
	input  []byte
	cells  []gcell
	times  []float64 // the code under test's CPU seconds within the limit, the shortest first
	overs  int       // runs of the code under test over the limit
	fast   float64   // fast's shortest CPU seconds
	runs   int       // measured
	failed int       // runs that could not be measured (a worker lost), run again once
}

// gcell is a cell of the table: a dimension, and a scale of it (base: its base probe).
type gcell struct {
	dim   int
	scale float64
	base  bool
}

// gsent is a probe's run in flight.
type gsent struct {
	*gprobe
	judgeOnly bool
}

func (c *coordinator) newGrowth(s Scaler, p pending, overAtOne bool, runs int) *growthStep {
	g := &growthStep{s: s, runs: runs, c: p.c, limit: c.h.limits.WithDefaults().Time, byIn: map[string]*gprobe{}, ids: map[int]gsent{}}
	dims := s.Dimensions()
	g.out = make([]outcome.Growth, len(dims))
	for k, dim := range dims {
		g.out[k] = outcome.Growth{Dimension: dim}
		for _, f := range growthScales {
			g.add(k, f, false)
		}
		g.add(k, baseScale, true)
	}
	if overAtOne {
		if pr := g.byIn[string(p.input)]; pr != nil {
			pr.overs = 2
		}
	}
	return g
}

// add makes the probe of dimension k at scale f (the base probe: base), unless the case
// cannot be scaled so, or (a base) no smaller than the table's first; it reports whether
// it made a new cell.
func (g *growthStep) add(k int, f float64, base bool) bool {
	cs, share := g.c, 1.0
	if f < 1 {
		if cs, share = g.s.Scale(g.c, g.out[k].Dimension, f); share == 0 {
			return false
		}
	}
	if base && share >= growthScales[0] {
		return false // it tells nothing more than the table's first
	}
	input := cs.Encode()
	pr, ok := g.byIn[string(input)]
	if !ok {
		pr = &gprobe{input: input}
		g.byIn[string(input)] = pr
		g.all = append(g.all, pr)
		g.queue = append(g.queue, pr)
	}
	for _, cell := range pr.cells {
		if cell.dim == k && cell.base == base {
			return false // a smaller scale that rounds to a case already probed
		}
	}
	pr.cells = append(pr.cells, gcell{k, share, base})
	return true
}

func (g *growthStep) done() bool { return g.over }

func (g *growthStep) fill(c *coordinator, f *finding) {
	for c.canStart(false) && len(g.queue) > 0 && c.ctx.Err() == nil {
		pr := g.queue[0]
		g.queue = g.queue[1:]
		// Over the limit twice, the code under test is not run again: its runs cost the
		// limit each, for nothing. Fast is, for its time.
		over := len(pr.times) == 0 && pr.overs >= 2
		g.ids[c.start(f, g, job{input: pr.input, timing: true, judgeOnly: over})] = gsent{pr, over}
	}
	g.check(c)
}

func (g *growthStep) take(c *coordinator, f *finding, r jobResult) {
	sn, ok := g.ids[r.id]
	if !ok {
		return
	}
	delete(g.ids, r.id)
	pr := sn.gprobe
	switch {
	case r.dropped:
	case r.err != nil:
		if pr.failed++; pr.failed == 1 {
			g.queue = append(g.queue, pr)
		}
	default:
		if fast := r.want.CPU.Seconds(); pr.runs == 0 || fast < pr.fast {
			pr.fast = fast
		}
		switch {
		case sn.judgeOnly:
		case r.run.Status == sandbox.TimedOut || r.run.CPU > g.limit:
			pr.overs++
		default:
			at, _ := slices.BinarySearch(pr.times, r.run.CPU.Seconds())
			pr.times = slices.Insert(pr.times, at, r.run.CPU.Seconds())
		}
		pr.runs++
		if pr.runs < g.runs && !c.capped && !(len(pr.times) == 0 && pr.overs >= 2) {
			g.queue = append(g.queue, pr)
		}
	}
	g.check(c)
}

// check ends the step once every probe has run, after running again the probes of the
// dimensions whose times do not grow with the scale, and going down the scales of the
// dimensions with fewer than two probes within the limit.
func (g *growthStep) check(c *coordinator) {
	for !g.over && len(g.queue) == 0 && len(g.ids) == 0 {
		added := false
		if c.ctx.Err() == nil && !c.capped {
			for k := range g.out {
				for _, pr := range g.inconsistent(k) {
					if pr.runs < growthMaxRuns && !slices.Contains(g.queue, pr) {
						g.queue, added = append(g.queue, pr), true
					}
				}
				if smallest, ok := g.needsSmaller(k); ok && smallest/2 >= smallestScale && g.add(k, smallest/2, false) {
					added = true
				}
			}
		}
		if !added {
			g.over = true
		}
	}
}

// inconsistent lists the probes of dimension k whose times contradict each other: a
// larger scale measured faster than a smaller one, or within the limit where a smaller
// one was over it. Both of such a pair run again.
func (g *growthStep) inconsistent(k int) []*gprobe {
	type point struct {
		scale float64
		pr    *gprobe
	}
	var pts []point
	for _, pr := range g.all {
		for _, cell := range pr.cells {
			if cell.dim == k && !cell.base && pr.runs > 0 {
				pts = append(pts, point{cell.scale, pr})
			}
		}
	}
	slices.SortFunc(pts, func(a, b point) int { return cmp.Compare(a.scale, b.scale) })
	time := func(pr *gprobe) float64 {
		if len(pr.times) == 0 {
			return math.Inf(1) // over the limit
		}
		return pr.times[0]
	}
	var out []*gprobe
	for i := 1; i < len(pts); i++ {
		lo, hi := pts[i-1].pr, pts[i].pr
		if lo != hi && time(hi) < time(lo) && time(lo) >= noiseFloor.Seconds() {
			out = append(out, lo, hi)
		}
	}
	return out
}

// needsSmaller reports whether dimension k has fewer than two probes within the limit and
// over the noise floor, with its smallest probe over the limit; and that smallest scale.
func (g *growthStep) needsSmaller(k int) (float64, bool) {
	measured, smallest, smallestOver := 0, 2.0, false
	for _, pr := range g.all {
		for _, cell := range pr.cells {
			if cell.dim != k || cell.base {
				continue
			}
			if len(pr.times) > 0 && pr.times[0] >= noiseFloor.Seconds() {
				measured++
			}
			if cell.scale < smallest {
				smallest, smallestOver = cell.scale, len(pr.times) == 0 && pr.overs > 0
			}
		}
	}
	return smallest, measured < 2 && smallestOver
}

// result is the table: each dimension's scales, smallest first, its times, and the
// exponents fitted.
func (g *growthStep) result() []outcome.Growth {
	out := make([]outcome.Growth, len(g.out))
	for k := range g.out {
		out[k] = outcome.Growth{Dimension: g.out[k].Dimension}
		type col struct{ scale, code, fast float64 }
		var cols []col
		for _, pr := range g.all {
			code := -1.0
			if len(pr.times) > 0 {
				code = pr.times[0]
			}
			for _, cell := range pr.cells {
				switch {
				case cell.dim != k:
				case cell.base:
					out[k].BaseScale, out[k].CodeBase, out[k].FastBase = cell.scale, code, pr.fast
				default:
					cols = append(cols, col{cell.scale, code, pr.fast})
				}
			}
		}
		slices.SortFunc(cols, func(a, b col) int { return cmp.Compare(a.scale, b.scale) })
		for _, c := range cols {
			out[k].Scales = append(out[k].Scales, c.scale)
			out[k].Code = append(out[k].Code, c.code)
			out[k].Fast = append(out[k].Fast, c.fast)
		}
		out[k].CodeExponent = fitExponent(out[k].Scales, out[k].Code, out[k].BaseScale, out[k].CodeBase)
		out[k].FastExponent = fitExponent(out[k].Scales, out[k].Fast, out[k].BaseScale, out[k].FastBase)
	}
	return out
}

// fitExponent fits t = c + a·scale^e to the runs at the two largest scales long enough to
// tell (past noiseFloor) and within the limit, the growth nearest the case's own size, and
// to the base probe (base seconds at scale baseAt, when measured: baseAt > 0), which gives c:
// what the dimension does not scale (the program's start, its input read, its work along
// the other dimensions, kept whole). Where the base is not measured, or the two runs are too
// near it to tell their growth from noise, c is taken as 0. NaN with fewer than two runs.
func fitExponent(scales, seconds []float64, baseAt, base float64) outcome.Exponent {
	var at []int
	for i := len(seconds) - 1; i >= 0 && len(at) < 2; i-- {
		if seconds[i] > noiseFloor.Seconds() {
			at = append(at, i)
		}
	}
	if len(at) < 2 || scales[at[0]] == scales[at[1]] {
		return outcome.Exponent(math.NaN())
	}
	hi, lo := seconds[at[0]], seconds[at[1]]
	sHi, sLo := scales[at[0]], scales[at[1]]
	plain := math.Log(hi/lo) / math.Log(sHi/sLo)
	if baseAt <= 0 || baseAt >= sLo || base < 0 || lo-base < noiseFloor.Seconds() || hi <= lo {
		return outcome.Exponent(plain)
	}
	// (hi − lo)/(lo − base) = (sHi^e − sLo^e)/(sLo^e − baseAt^e), which grows with e:
	// bisected over [0, 8], past which a growth is exponential anyway.
	want := (hi - lo) / (lo - base)
	ratio := func(e float64) float64 {
		return (math.Pow(sHi, e) - math.Pow(sLo, e)) / (math.Pow(sLo, e) - math.Pow(baseAt, e))
	}
	low, high := 1e-3, 8.0
	if want <= ratio(low) || want >= ratio(high) {
		return outcome.Exponent(plain)
	}
	for range 60 {
		mid := (low + high) / 2
		if ratio(mid) < want {
			low = mid
		} else {
			high = mid
		}
	}
	return outcome.Exponent((low + high) / 2)
}
