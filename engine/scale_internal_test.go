package engine

import (
	"context"
	"gamediff/outcome"
	"gamediff/sandbox"
	"math"
	"slices"
	"testing"
)

// TestFitExponentIsTheGrowthNearTheCase: the exponent is the growth between the two
// largest scales measured, where a program's work that the dimension does not scale (its
// start, its input read, its work along the other dimensions) weighs least: a program
// quadratic in a dimension with a fixed 25 ms beside it fits within 0.3 of 2 (the least
// squares over 1/8, 1/4 and 1/2 would fit 1.6); runs under the noise floor or over the
// limit are left out, and a growth past any power still shows as one.
func TestFitExponentIsTheGrowthNearTheCase(t *testing.T) {
	quadratic := make([]float64, len(growthScales))
	for i, s := range growthScales {
		quadratic[i] = 0.025 + 2.24*s*s
	}
	quadratic[3] = -1 // over the limit at 1×
	for _, c := range []struct {
		name     string
		seconds  []float64
		min, max float64
	}{
		{"quadratic beside a fixed cost", quadratic, 1.7, 2.3},
		{"linear", []float64{0.1, 0.2, 0.4, 0.8}, 0.99, 1.01},
		{"exponential, two runs measured", []float64{0, 0.011, 0.851, -1}, 3, math.Inf(1)},
	} {
		if e := float64(fitExponent(growthScales, c.seconds, 0, 0)); !(e >= c.min && e <= c.max) {
			t.Errorf("%s %v: exponent %.2f, want %v to %v", c.name, c.seconds, e, c.min, c.max)
		}
	}
	for _, seconds := range [][]float64{{0.001, 0.002, 0.5, -1}, {0, 0, 0, -1}} {
		if e := fitExponent(growthScales, seconds, baseScale, 0.001); !math.IsNaN(float64(e)) {
			t.Errorf("%v: exponent %.2f from one run measured, want none (NaN)", seconds, e)
		}
	}
}

// TestFitExponentPastWhatDoesNotGrow: with the base probe measured, the fixed cost beside
// the growth is fitted away: a linear program whose start and other work (60 ms) outweigh
// its growth at the measured scales fits 1, where the two runs alone fit 0.70; a quadratic
// one 2. A base that tells nothing (as long as the runs, or unmeasured) leaves the fit to
// the two runs.
func TestFitExponentPastWhatDoesNotGrow(t *testing.T) {
	model := func(fixed, a, e float64) ([]float64, float64) {
		seconds := make([]float64, len(growthScales))
		for i, s := range growthScales {
			seconds[i] = fixed + a*math.Pow(s, e)
		}
		seconds[3] = -1 // over the limit at 1×
		return seconds, fixed + a*math.Pow(baseScale, e)
	}
	for _, c := range []struct {
		name               string
		fixed, a, e        float64
		plainMax, min, max float64
	}{
		{"linear beside 60 ms", 0.060, 0.4, 1, 0.75, 0.97, 1.06},
		{"quadratic beside 25 ms", 0.025, 2.24, 2, 1.9, 1.97, 2.03},
		{"cubic beside 200 ms", 0.2, 8, 3, 2.6, 2.95, 3.05},
	} {
		seconds, base := model(c.fixed, c.a, c.e)
		plain := float64(fitExponent(growthScales, seconds, 0, 0))
		if plain > c.plainMax {
			t.Errorf("%s: without the base %.2f: the case does not show a fixed cost's weight", c.name, plain)
		}
		if e := float64(fitExponent(growthScales, seconds, baseScale, base)); !(e >= c.min && e <= c.max) {
			t.Errorf("%s %v, base %.4f: exponent %.2f, want %v to %v", c.name, seconds, base, e, c.min, c.max)
		}
		if e := float64(fitExponent(growthScales, seconds, baseScale, seconds[2])); e != plain {
			t.Errorf("%s: a base as long as the runs gives %.2f, want the two runs' %.2f", c.name, e, plain)
		}
	}
}

// TestGrowthRerunsInconsistentProbes: a probe runs once, and again only when its
// dimension's times contradict each other: a larger scale measured faster than a smaller
// one (one of the two was slowed by the machine), or within the limit where a smaller one
// was over it; both of such a pair run again, and nothing else does.
func TestGrowthRerunsInconsistentProbes(t *testing.T) {
	probe := func(scale float64, times ...float64) *gprobe {
		pr := &gprobe{cells: []gcell{{dim: 0, scale: scale}}, runs: 1, times: times}
		if len(times) == 0 {
			pr.overs = 1
		}
		return pr
	}
	for _, c := range []struct {
		name   string
		probes []*gprobe
		want   []int // indices into probes
	}{
		{"growing", []*gprobe{probe(0.125, 0.1), probe(0.25, 0.2), probe(0.5, 0.4), probe(1)}, nil},
		{"a larger scale faster", []*gprobe{probe(0.125, 0.1), probe(0.25, 0.05), probe(0.5, 0.4)}, []int{0, 1}},
		{"within the limit past one over it", []*gprobe{probe(0.125, 0.1), probe(0.25), probe(0.5, 0.4)}, []int{1, 2}},
		{"under the noise floor, in any order", []*gprobe{probe(0.125, 0.003), probe(0.25, 0.002), probe(0.5, 0.4)}, nil},
	} {
		g := &growthStep{out: []outcome.Growth{{Dimension: "n"}}, all: c.probes}
		var want []*gprobe
		for _, i := range c.want {
			want = append(want, c.probes[i])
		}
		if got := g.inconsistent(0); !slices.Equal(got, want) {
			t.Errorf("%s: %d probes to run again, want %d", c.name, len(got), len(want))
		}
	}
}

// TestNarrowingFallsBackOnALargerCaseOverTheMargin: every probe of a narrowing that times
// out by the margin is taken, whichever order their runs end in, so that when the smallest
// (at the edge of the margin) does not time out again on its adoption's rerun, the next
// larger one over the margin is kept, not the case as found.
func TestNarrowingFallsBackOnALargerCaseOverTheMargin(t *testing.T) {
	jobs, results := make(chan job, 4), make(chan jobResult, 4)
	c := newCoordinator(&hunt{}, &outcome.Summary{}, &pool{jobs: jobs, results: results, workers: 2})
	c.ctx = context.Background()
	tle := &outcome.Divergence{Want: outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Exited, Stdout: []byte("1\n")}},
		Got: outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.TimedOut}}, Culprit: outcome.Program}
	sig := verdictOnly(tle.Verdict())
	found := pending{input: []byte("the case as found, at its whole scale"), d: tle, sig: sig}
	f := &finding{pending: found}
	const edge, over = "at the edge", "over the margin, surely"
	// The last round: its two probes end, the smaller first.
	n := &narrowStep{p: found, hi: 1, known: map[string]bool{}, rounds: narrowRounds,
		probes: map[int]probe{1: {f: 0.25, input: []byte(edge)}, 2: {f: 0.5, input: []byte(over)}}}
	n.take(c, f, jobResult{id: 1, d: tle, sig: sig})
	n.take(c, f, jobResult{id: 2, d: tle, sig: sig})
	n.fill(c, f) // as the coordinator does next: no probe left, the narrowing ends
	if !n.over || n.hi != 0.25 {
		t.Fatalf("narrowing over %v at scale %v, want it over at 0.25", n.over, n.hi)
	}
	var taken []string
	for _, p := range n.taken {
		taken = append(taken, string(p.input))
	}
	if !slices.Equal(taken, []string{over, edge}) {
		t.Fatalf("taken %q, want both probes over the margin, the largest first", taken)
	}
	// The adoption: the case at the edge runs within the margin on its rerun.
	f.taken = n.taken
	a := c.newAdoption(f)
	go func() {
		for j := range jobs {
			r := jobResult{id: j.id}
			if string(j.input) != edge {
				r.d, r.sig = tle, sig
			}
			results <- r
		}
	}()
	c.drive(context.Background(), f, a)
	close(jobs)
	if got := string(f.report.Input); got != over {
		t.Errorf("kept %q, want %q, the larger case over the margin", got, over)
	}
}
