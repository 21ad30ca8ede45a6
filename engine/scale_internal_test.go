package engine

import (
	"gamediff/outcome"
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
