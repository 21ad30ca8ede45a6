package engine

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
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
	// exercises what c does (a scaled cascade still cascades); false when c cannot be
	// scaled so (it is as small as it goes along dim).
	Scale(c Case, dim string, f float64) (Case, bool)
}

// scalerOf is g as a Scaler, when it scales its cases along at least one dimension (a
// game registered with a generic wrapper may implement Scaler with none).
func scalerOf(g any) (Scaler, bool) {
	s, ok := g.(Scaler)
	return s, ok && len(s.Dimensions()) > 0
}

// Growth is how the CPU time of the code under test grows along one dimension of a
// time-out's case, beside fast's on the same inputs: measured on the case scaled along
// that dimension alone, at each of Scales of it.
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

// noiseFloor is the CPU time below which a run says nothing of growth: a program's start
// alone takes a millisecond.
const noiseFloor = 5 * time.Millisecond

// scaleProbes bounds the bisection of a time-out's scale.
const scaleProbes = 7

// scaleAll scales every dimension of c by f; false when no dimension could be.
func scaleAll(s Scaler, c Case, f float64) (Case, bool) {
	scaled := false
	for _, dim := range s.Dimensions() {
		if d, ok := s.Scale(c, dim, f); ok {
			c, scaled = d, true
		}
	}
	return c, scaled
}

// narrow bisects the scale of a time-out's case: the smallest scale of it, all dimensions
// together, whose run still times out (with tleMargin over the limit, as the minimizer's
// candidates, so that its reruns under the limit do too). It returns that case, or p when
// no smaller scale times out.
func (c *coordinator) narrow(ctx context.Context, s Scaler, p pending) (pending, int) {
	lo, hi := 0.0, 1.0 // the scale hi times out; lo (0) stands for "none known not to"
	best, runs := p, 0
	for range scaleProbes {
		if ctx.Err() != nil {
			break
		}
		f := hi / 2
		if lo > 0 {
			f = math.Sqrt(lo * hi)
		}
		scaled, ok := scaleAll(s, p.c, f)
		if !ok {
			break
		}
		input := scaled.Encode()
		if c.h.validate(input) != nil {
			lo = f
			continue
		}
		runs++
		r := c.runOne(ctx, job{input: input, how: how{gotOnly: true, margin: true}})
		if r.err == nil && r.d != nil && r.sig == p.sig {
			hi = f
			best = pending{index: p.index, c: scaled, input: input, d: r.d, sig: p.sig, after: p.after, reruns: p.reruns, packed: p.packed}
		} else {
			lo = f
		}
		if hi/lo < 1.15 && lo > 0 {
			break // within 15%: a finer scale would save little
		}
	}
	return best, runs
}

// runOne runs one job on the pool, waiting for its result (nothing else runs meanwhile).
func (c *coordinator) runOne(ctx context.Context, j job) jobResult {
	c.drain()
	id := c.p.sendCtx(ctx, j)
	for {
		if r := c.p.recv(); r.id == id {
			return r
		}
	}
}

// growthRuns is how many times a probe within the limit is run: the shortest CPU time of
// its runs is kept, since what another process does beside a run (a shared cache, a CPU's
// other thread) only ever adds to it; a probe over the limit is not run again.
const growthRuns = 2

// growth measures how the code under test's time grows along each dimension of case p: the
// case scaled along each dimension alone, at growthScales, the code under test and fast
// run on each (in parallel, on every lane), under the limits. Probes of the same input
// (the case itself, at 1×) are run once.
func (c *coordinator) growth(ctx context.Context, s Scaler, p pending) []Growth {
	type cell struct{ dim, at int }
	type probe struct {
		input      []byte
		cells      []cell
		code, fast float64 // the shortest CPU seconds so far (-1 over the limit)
		runs       int
	}
	dims := s.Dimensions()
	out := make([]Growth, len(dims))
	var probes []*probe
	byInput := map[string]*probe{}
	for k, dim := range dims {
		out[k] = Growth{Dimension: dim, Scales: growthScales, Code: make([]float64, len(growthScales)), Fast: make([]float64, len(growthScales))}
		for i, f := range growthScales {
			cs := p.c
			if f < 1 {
				scaled, ok := s.Scale(p.c, dim, f)
				if !ok {
					continue
				}
				cs = scaled
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
	owner := map[int]*probe{}
	limit := c.h.limits.withDefaults().Time
	for len(queue) > 0 || len(owner) > 0 {
		for c.p.free() > 0 && len(queue) > 0 && ctx.Err() == nil {
			pr := queue[0]
			queue = queue[1:]
			owner[c.p.sendCtx(ctx, job{input: pr.input, timing: true})] = pr
		}
		if len(owner) == 0 {
			break
		}
		r := c.p.recv()
		pr, ok := owner[r.id]
		if !ok {
			continue
		}
		delete(owner, r.id)
		code, fast := r.run.CPU.Seconds(), r.want.CPU.Seconds()
		if r.run.Status == TimedOut || r.run.CPU > limit {
			code = -1
		}
		if pr.runs == 0 {
			pr.code, pr.fast = code, fast
		} else {
			if code >= 0 && code < pr.code {
				pr.code = code
			}
			pr.fast = min(pr.fast, fast)
		}
		if pr.runs++; pr.runs < growthRuns && pr.code >= 0 {
			queue = append(queue, pr)
		}
	}
	for _, pr := range probes {
		for _, at := range pr.cells {
			out[at.dim].Code[at.at], out[at.dim].Fast[at.at] = pr.code, pr.fast
		}
	}
	for k := range out {
		out[k].CodeExponent = fitExponent(out[k].Scales, out[k].Code)
		out[k].FastExponent = fitExponent(out[k].Scales, out[k].Fast)
	}
	return out
}

// fitExponent fits t = a·scale^e to the runs at the two largest scales long enough to tell
// (past noiseFloor) and within the limit: the growth nearest the case's own size, where
// what the dimension does not scale weighs least (the program's start, its input read,
// its work along the other dimensions, kept whole: a program quadratic in the side of its
// boards, with work of its own for each operation, measured ×3.2 from 1/8 of the side to
// 1/4, ×4.1 from 1/4 to 1/2); NaN with fewer than two.
func fitExponent(scales, seconds []float64) jsonFloat {
	var at []int
	for i := len(seconds) - 1; i >= 0 && len(at) < 2; i-- {
		if seconds[i] > noiseFloor.Seconds() {
			at = append(at, i)
		}
	}
	if len(at) < 2 || scales[at[0]] == scales[at[1]] {
		return jsonFloat(math.NaN())
	}
	return jsonFloat(math.Log(seconds[at[0]]/seconds[at[1]]) / math.Log(scales[at[0]]/scales[at[1]]))
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
