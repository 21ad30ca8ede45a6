package engine

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamediff/sandbox"
)

// Scaler is implemented by a game whose cases can be scaled along their dimensions
// (operations, rows, columns; games, boards). A time-out is narrowed by scaling, not by
// shrinking: every candidate that still times out costs the whole limit, and a shrinker
// spends its budget barely cutting a big case, where a few scaled probes find the smallest
// scale that still times out. Its report then tells how the code under test's time grows
// along each dimension (Growth).
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

// Growth is how the CPU time of the code under test grows along one dimension of a
// time-out's case, beside fast's on the same inputs: measured on the case scaled along
// that dimension alone, at each of Scales of it: the share of the dimension each probe
// kept, nominally 1/8, 1/4, 1/2 and 1, which rounding sets near them (13 of 50 rows).
type Growth struct {
	Dimension string    `json:"dimension"`
	Scales    []float64 `json:"scales"`
	// Code and Fast are the CPU seconds at each scale; a run over the time limit is
	// recorded as -1, not waited for; 0 where the case could not be scaled so.
	Code []float64 `json:"code_seconds"`
	Fast []float64 `json:"fast_seconds"`
	// CodeExponent and FastExponent are fitted so that the time goes as scale^exponent
	// (doubling the dimension multiplies the time by 2^exponent); NaN when too few runs
	// were long enough to tell (shown as "?", null in JSON).
	CodeExponent jsonFloat `json:"code_exponent"`
	FastExponent jsonFloat `json:"fast_exponent"`
	// BaseScale is the case's share at the smallest probe (baseScale, or more where the
	// dimension cannot be cut so far; 0: none), and CodeBase and FastBase the CPU seconds
	// there: what does not grow with the dimension (the program's start, its work along
	// the other dimensions), which the exponents are fitted past.
	BaseScale float64 `json:"base_scale"`
	CodeBase  float64 `json:"code_base_seconds"`
	FastBase  float64 `json:"fast_base_seconds"`
}

// jsonFloat is a float that writes NaN as null.
type jsonFloat float64

// MarshalJSON writes the number, or null for NaN.
func (f jsonFloat) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return []byte("null"), nil
	}
	return []byte(fmt.Sprintf("%.2f", float64(f))), nil
}

// UnmarshalJSON reads the number, or NaN for null: a growth read back from a report's JSON
// is the growth written.
func (f *jsonFloat) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*f = jsonFloat(math.NaN())
		return nil
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("an exponent: %w", err)
	}
	*f = jsonFloat(v)
	return nil
}

// growthScales are the scales at which a growth is measured.
var growthScales = []float64{1.0 / 8, 1.0 / 4, 1.0 / 2, 1}

// baseScale is the scale of the probe that measures what does not grow with a dimension:
// small enough that a linear growth's share of it (1/64 of the case's time) shifts the
// fitted exponent by a few hundredths only.
const baseScale = 1.0 / 64

// noiseFloor is the CPU time below which a run says nothing of growth: a program's start
// alone takes a millisecond.
const noiseFloor = 5 * time.Millisecond

// scaleRounds bounds the rounds of the bisection of a time-out's scale; each round probes
// as many scales as there are lanes, side by side.
const scaleRounds = 5

// scaleWithin is how near the scale that does not time out the bisection brings the one
// that does: within 30%, a round (two probes that may each cost the limit) would cut a
// few bytes that the polish after it may cut too.
const scaleWithin = 1.3

// narrow narrows a time-out's case by scaling (narrowAlong): along the dimensions that shed
// the most bytes for the time they cut, then, when those are as small as they go and the
// case still times out, along every dimension together. Which dimensions is told by the
// case at a quarter of its scale, each dimension alone and all together, taking the time
// to go as each dimension scaled (the least a program that times out does: a dimension
// that the time grows faster in only cuts it faster): the bytes it keeps, as a power of
// the time kept, the higher the better. A program that scans the board on every click of
// every game times out on few whole games sooner than on all the games cut short (a tenth
// of the bytes where the other keeps a quarter); one that scans a board as large as its
// operations after each of them, on a board and operations both cut.
// It returns the scaled cases that timed out, largest first (none when no smaller scale
// does: the last is the smallest, and a rerun that falls short of the limit falls back on
// those before it), and the runs it took.
func (c *coordinator) narrow(ctx context.Context, s Scaler, p pending) ([]pending, int) {
	type plan struct {
		dims  []string
		shed  float64
		scale func(Case, float64) (Case, bool)
	}
	scaled := func(cs Case, dims []string, f float64) (Case, int) {
		n := 0
		for _, dim := range dims {
			if d, share := s.Scale(cs, dim, f); share > 0 {
				cs, n = d, n+1
			}
		}
		return cs, n
	}
	along := func(dims []string) func(Case, float64) (Case, bool) {
		return func(cs Case, f float64) (Case, bool) {
			cs, n := scaled(cs, dims, f)
			return cs, n > 0
		}
	}
	all := s.Dimensions()
	plans := each(all)
	if len(all) > 1 {
		plans = append(plans, all)
	}
	kept, scaledDims := make([]int, len(plans)), make([]int, len(plans))
	together(len(plans), func(i int) {
		quarter, n := scaled(p.c, plans[i], 0.25)
		if scaledDims[i] = n; n > 0 {
			kept[i] = len(quarter.Encode())
		}
	})
	var best *plan
	for i, dims := range plans {
		if scaledDims[i] == 0 {
			continue
		}
		shed := math.Log(float64(kept[i])/float64(len(p.input))) / (float64(scaledDims[i]) * math.Log(0.25))
		if best == nil || shed > best.shed {
			best = &plan{dims: dims, shed: shed, scale: along(dims)}
		}
	}
	if best == nil {
		return nil, 0
	}
	taken, runs, bottomed := c.narrowAlong(ctx, p, best.scale)
	if bottomed && len(best.dims) < len(all) && ctx.Err() == nil {
		from := p
		if len(taken) > 0 {
			from = taken[len(taken)-1]
		}
		more, moreRuns, _ := c.narrowAlong(ctx, from, along(all))
		taken, runs = append(taken, more...), runs+moreRuns
	}
	return taken, runs
}

// together calls do(0), …, do(n-1) side by side and returns once every call has: the
// scalings a bisection round makes, each a Scale call that may replay every game of a
// case, while the lanes wait.
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

// narrowAlong bisects the scale of a time-out's case along scale: the smallest scale of it
// whose run still times out (with tleMargin over the limit, as the minimizer's candidates,
// so that its reruns under the limit do too), within scaleWithin. Each round probes one
// scale a lane, side by side: while none is known not to time out, 1/2, 1/8, … of the
// smallest that does (a probe that does not time out costs less than one that does, and
// a deep one is cheap), then scales spread evenly (geometrically) between the two known,
// each a case of its own (a scaled count of games is a whole number: the bisection ends
// when no case lies between). It returns the cases that timed out, largest first, the
// runs it took, and whether the case cannot be scaled below the smallest.
func (c *coordinator) narrowAlong(ctx context.Context, p pending, scale func(Case, float64) (Case, bool)) ([]pending, int, bool) {
	type probe struct {
		f     float64
		c     Case
		input []byte
	}
	lo, hi := 0.0, 1.0 // the scale hi times out; lo (0) stands for "none known not to"
	var taken []pending
	runs, bottomed := 0, false
	known := map[string]bool{string(p.input): true} // the inputs run, or the case's own
	c.drain()
	lanes := max(c.p.free(), 1)
	for range scaleRounds {
		if ctx.Err() != nil || lo > 0 && hi/lo < scaleWithin {
			break
		}
		var probes []probe
		if lo == 0 {
			made := make([]probe, lanes)
			together(lanes, func(k int) {
				f := hi / math.Pow(4, float64(k)+0.5) // 1/2, 1/8, 1/32 of hi
				if scaled, ok := scale(p.c, f); ok {
					made[k] = probe{f, scaled, scaled.Encode()}
				}
			})
			for _, pr := range made {
				if pr.input == nil {
					bottomed = true // and so at every smaller scale
					break
				}
				if !known[string(pr.input)] {
					known[string(pr.input)] = true
					probes = append(probes, pr)
				}
			}
		} else {
			// One scale a lane, spread evenly; where one's case is not new (a count of
			// games rounds to one already run), the scales between them, each a Scale
			// call of its own (boom's replays every game): as few as fill the lanes.
			var fs []float64
			for j := 1; j <= lanes; j++ {
				fs = append(fs, lo*math.Pow(hi/lo, float64(j)/float64(lanes+1)))
			}
			for j := 1; j <= 2*lanes+1; j += 2 { // halfway between those, and lo and hi
				fs = append(fs, lo*math.Pow(hi/lo, float64(j)/float64(2*lanes+2)))
			}
			for len(fs) > 0 && len(probes) < lanes {
				batch := fs[:min(lanes-len(probes), len(fs))]
				fs = fs[len(batch):]
				made := make([]probe, len(batch))
				together(len(batch), func(i int) {
					if scaled, ok := scale(p.c, batch[i]); ok {
						made[i] = probe{batch[i], scaled, scaled.Encode()}
					}
				})
				for _, pr := range made {
					if pr.input != nil && !known[string(pr.input)] {
						known[string(pr.input)] = true
						probes = append(probes, pr)
					}
				}
			}
			slices.SortFunc(probes, func(a, b probe) int { return cmp.Compare(a.f, b.f) })
		}
		if len(probes) == 0 {
			break
		}
		owner := map[int]probe{}
		for _, pr := range probes {
			if c.h.validate(pr.input) == nil {
				owner[c.p.sendCtx(ctx, job{input: pr.input, how: how{gotOnly: true, margin: true}})] = pr
			} else {
				lo = max(lo, min(pr.f, hi)) // an invalid scaled case counts as one that does not time out
			}
		}
		out := map[float64]bool{}
		for len(owner) > 0 {
			r := c.p.recv()
			pr, ok := owner[r.id]
			if !ok {
				continue
			}
			delete(owner, r.id)
			runs++
			if out[pr.f] = r.err == nil && r.d != nil && r.sig.Identity == p.sig.Identity; out[pr.f] && pr.f < hi {
				hi = pr.f
				taken = append(taken, pending{index: p.index, c: pr.c, input: pr.input, d: r.d, sig: r.sig, after: p.after, reruns: p.reruns, packed: p.packed})
			}
		}
		for _, pr := range probes {
			if timedOut, ran := out[pr.f]; ran && !timedOut && pr.f < hi {
				lo = max(lo, pr.f)
			}
		}
	}
	slices.SortStableFunc(taken, func(a, b pending) int { return len(b.input) - len(a.input) })
	return taken, runs, bottomed && lo == 0
}

// growthRuns is the fewest runs of a probe: the shortest CPU time of its runs is kept,
// since what another process does beside a run (a shared cache, the host's other guests)
// only ever adds to it. Three, not two: the same probe of a known linear program took 249
// to 336 ms in five runs of two, and two of those five fitted an exponent 0.3 or more off
// (0.72, 1.37).
const growthRuns = 3

// growthMaxRuns bounds the runs of a probe whose shortest time is not yet matched within
// growthAgree by another run. On this kind of machine (a guest of a shared host) the same
// deterministic run's CPU time moves by far more than its growth from one scale to the
// next: 30 runs of one input of the zoo's mine rescan took 0.30 to 0.61 s, most near 0.30
// and the rest anywhere above (slowed by what ran on the other CPU, and by slow spells of
// the host that last a whole table and slow the probes that use the shared cache more than
// the small ones, so that more runs do not remove it all); with three runs a probe, the
// same narrowed case's operations (true growth 1) fitted 1.7 in its hunt's table and 1.3,
// 0.9 and 0.0 in three judge -explain runs right after. The shortest time is taken once a
// second run confirms it, as a rerun confirms a verdict.
const growthMaxRuns = 8

// growthAgree is how near two runs' CPU times must be for the shorter to be taken as the
// probe's time: 5 %, well below the ×1.4 of a square-root growth when a dimension doubles.
const growthAgree = 0.05

// probeSettled reports whether a probe's code-under-test times (the shortest first) are
// settled: runs of growthRuns or more whose two shortest agree within growthAgree, or too
// short to tell anything anyway (noiseFloor), or growthMaxRuns of them.
func probeSettled(times []float64, runs int) bool {
	switch {
	case runs < growthRuns:
		return false
	case runs >= growthMaxRuns || len(times) == 0 || times[0] < noiseFloor.Seconds():
		return true
	case len(times) < 2:
		return false
	}
	return times[1] <= times[0]*(1+growthAgree)
}

// growth measures how the code under test's time grows along each dimension of case p: the
// case scaled along each dimension alone, at growthScales, the code under test and fast
// run on each (in parallel, on every lane), under the limits. Probes of the same input
// (the case itself, at 1×) are run once. Past extraUntil (when set: a hunt's budget for the
// finding), a probe gets no runs beyond growthRuns.
func (c *coordinator) growth(ctx context.Context, s Scaler, p pending, extraUntil time.Time) []Growth {
	type cell struct{ dim, at int }
	type probe struct {
		input  []byte
		cells  []cell
		times  []float64 // the code under test's CPU seconds within the limit, the shortest first
		overs  int       // runs of the code under test over the limit
		fast   float64   // fast's shortest CPU seconds
		runs   int       // measured
		failed int       // runs that could not be measured (a worker lost), run again once
	}
	dims := s.Dimensions()
	out := make([]Growth, len(dims))
	var probes []*probe
	byInput := map[string]*probe{}
	// The cell at len(growthScales) of a dimension is its base probe (baseScale).
	scales := append(slices.Clone(growthScales), baseScale)
	for k, dim := range dims {
		out[k] = Growth{Dimension: dim, Scales: slices.Clone(growthScales), Code: make([]float64, len(growthScales)), Fast: make([]float64, len(growthScales))}
		for i, f := range scales {
			cs, share := p.c, 1.0
			if f < 1 {
				if cs, share = s.Scale(p.c, dim, f); share == 0 {
					continue
				}
			}
			if i < len(growthScales) {
				out[k].Scales[i] = share
			} else if share >= growthScales[0] {
				continue // no smaller than the table's first: it tells nothing more
			} else {
				out[k].BaseScale = share
			}
			input := cs.Encode()
			pr, ok := byInput[string(input)]
			if !ok {
				pr = &probe{input: input}
				byInput[string(input)] = pr
				probes = append(probes, pr)
			}
			pr.cells = append(pr.cells, cell{k, i})
		}
	}
	c.drain()
	queue := slices.Clone(probes)
	type sent struct {
		*probe
		judgeOnly bool
	}
	owner := map[int]sent{}
	limit := c.h.limits.WithDefaults().Time
	for len(queue) > 0 || len(owner) > 0 {
		for c.p.free() > 0 && len(queue) > 0 && ctx.Err() == nil {
			pr := queue[0]
			queue = queue[1:]
			// Over the limit twice, the code under test is not run again: a probe over the
			// limit is recorded as such, and its runs cost the limit each. Fast is, for its
			// time. Twice, since one run of a probe at 70 % of the limit was over it.
			over := len(pr.times) == 0 && pr.overs >= 2
			owner[c.p.sendCtx(ctx, job{input: pr.input, timing: true, judgeOnly: over})] = sent{pr, over}
		}
		if len(owner) == 0 {
			break
		}
		r := c.p.recv()
		sn, ok := owner[r.id]
		if !ok {
			continue
		}
		pr := sn.probe
		delete(owner, r.id)
		if r.err != nil {
			if pr.failed++; pr.failed == 1 {
				queue = append(queue, pr)
			}
			continue
		}
		if fast := r.want.CPU.Seconds(); pr.runs == 0 || fast < pr.fast {
			pr.fast = fast
		}
		switch {
		case sn.judgeOnly:
		case r.run.Status == sandbox.TimedOut || r.run.CPU > limit:
			pr.overs++
		default:
			at, _ := slices.BinarySearch(pr.times, r.run.CPU.Seconds())
			pr.times = slices.Insert(pr.times, at, r.run.CPU.Seconds())
		}
		pr.runs++
		pastBudget := pr.runs >= growthRuns && !extraUntil.IsZero() && time.Now().After(extraUntil)
		if !pastBudget && !probeSettled(pr.times, pr.runs) {
			queue = append(queue, pr)
		}
	}
	for _, pr := range probes {
		code := -1.0
		if len(pr.times) > 0 {
			code = pr.times[0]
		}
		for _, at := range pr.cells {
			if at.at == len(growthScales) {
				out[at.dim].CodeBase, out[at.dim].FastBase = code, pr.fast
				continue
			}
			out[at.dim].Code[at.at], out[at.dim].Fast[at.at] = code, pr.fast
		}
	}
	for k := range out {
		g := &out[k]
		g.CodeExponent = fitExponent(g.Scales, g.Code, g.BaseScale, g.CodeBase)
		g.FastExponent = fitExponent(g.Scales, g.Fast, g.BaseScale, g.FastBase)
	}
	return out
}

// fitExponent fits t = c + a·scale^e to the runs at the two largest scales long enough to
// tell (past noiseFloor) and within the limit, the growth nearest the case's own size, and
// to the base probe (base seconds at scale baseAt, when measured: baseAt > 0), which gives c:
// what the dimension does not scale (the program's start, its input read, its work along
// the other dimensions, kept whole). Without c a program linear in its operations, with a
// start and a board to read beside them, fitted 0.68 from 1/4 to 1/2; a program quadratic
// in the side of its boards, with work of its own for each operation, measured ×3.2 from
// 1/8 of the side to 1/4, ×4.1 from 1/4 to 1/2. Where the base is not measured, or the two
// runs are too near it to tell their growth from noise, c is taken as 0. NaN with fewer
// than two runs.
func fitExponent(scales, seconds []float64, baseAt, base float64) jsonFloat {
	var at []int
	for i := len(seconds) - 1; i >= 0 && len(at) < 2; i-- {
		if seconds[i] > noiseFloor.Seconds() {
			at = append(at, i)
		}
	}
	if len(at) < 2 || scales[at[0]] == scales[at[1]] {
		return jsonFloat(math.NaN())
	}
	hi, lo := seconds[at[0]], seconds[at[1]]
	sHi, sLo := scales[at[0]], scales[at[1]]
	plain := math.Log(hi/lo) / math.Log(sHi/sLo)
	if baseAt <= 0 || baseAt >= sLo || base < 0 || lo-base < noiseFloor.Seconds() || hi <= lo {
		return jsonFloat(plain)
	}
	// (hi − lo)/(lo − base) = (sHi^e − sLo^e)/(sLo^e − baseAt^e), which grows with e:
	// bisected over [0, 8], past which a growth is exponential anyway.
	want := (hi - lo) / (lo - base)
	ratio := func(e float64) float64 {
		return (math.Pow(sHi, e) - math.Pow(sLo, e)) / (math.Pow(sLo, e) - math.Pow(baseAt, e))
	}
	low, high := 1e-3, 8.0
	if want <= ratio(low) || want >= ratio(high) {
		return jsonFloat(plain)
	}
	for range 60 {
		mid := (low + high) / 2
		if ratio(mid) < want {
			low = mid
		} else {
			high = mid
		}
	}
	return jsonFloat((low + high) / 2)
}

// GrowthSentence names the dimension where the code under test (code: "the program",
// "fast") grows faster than the judge beside it (beside: "fast", "ref"), in a sentence:
// "the program's time grows fastest in operations: ×4.0 when they double (exponent 2.0),
// where fast's grows ×1.0."; "" when no dimension tells.
func GrowthSentence(gs []Growth, code, beside string) string {
	var worst *Growth
	for i := range gs {
		g := &gs[i]
		if math.IsNaN(float64(g.CodeExponent)) {
			continue
		}
		if worst == nil || float64(g.CodeExponent)-orZero(g.FastExponent) > float64(worst.CodeExponent)-orZero(worst.FastExponent) {
			worst = g
		}
	}
	if worst == nil {
		return ""
	}
	other := beside + "'s is too quick to measure"
	if !math.IsNaN(float64(worst.FastExponent)) {
		other = fmt.Sprintf("%s's grows ×%.1f", beside, math.Pow(2, float64(worst.FastExponent)))
	}
	return fmt.Sprintf("%s's time grows fastest in %s: ×%.1f when they double (exponent %.1f), where %s.",
		code, worst.Dimension, math.Pow(2, float64(worst.CodeExponent)), float64(worst.CodeExponent), other)
}

func orZero(f jsonFloat) float64 {
	if math.IsNaN(float64(f)) {
		return 0
	}
	return float64(f)
}

// GrowthTable renders growths as a table: a row per dimension, the CPU time of the code
// under test (code) and of the judge beside it at each scale, and the fitted exponents.
func GrowthTable(gs []Growth, code, beside string, limit time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-12s", "dimension")
	for _, f := range growthScales {
		fmt.Fprintf(&b, " %16s", scaleName(f))
	}
	fmt.Fprintf(&b, "  %s\n", "growth when doubled")
	cell := func(t float64) string {
		switch {
		case t < 0:
			return ">" + limit.String()
		case t == 0:
			return "-"
		}
		return (time.Duration(t * float64(time.Second))).Round(time.Millisecond).String()
	}
	exp := func(e jsonFloat) string {
		if math.IsNaN(float64(e)) {
			return "?"
		}
		return fmt.Sprintf("×%.1f", math.Pow(2, float64(e)))
	}
	for _, g := range gs {
		fmt.Fprintf(&b, "%-12s", g.Dimension)
		for i := range g.Scales {
			fmt.Fprintf(&b, " %16s", cell(g.Code[i])+" / "+cell(g.Fast[i]))
		}
		fmt.Fprintf(&b, "  %s %s, %s %s\n", code, exp(g.CodeExponent), beside, exp(g.FastExponent))
	}
	fmt.Fprintf(&b, "(each cell: %s's CPU time / %s's)\n", code, beside)
	return b.String()
}

// scaleName writes a scale as a fraction: 1/8, 1/4, 1/2, 1×.
func scaleName(f float64) string {
	if f >= 1 {
		return "1×"
	}
	return fmt.Sprintf("1/%d", int(math.Round(1/f)))
}
