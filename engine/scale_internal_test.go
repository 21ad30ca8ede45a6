package engine

import (
	"math"
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
		if e := float64(fitExponent(growthScales, c.seconds)); !(e >= c.min && e <= c.max) {
			t.Errorf("%s %v: exponent %.2f, want %v to %v", c.name, c.seconds, e, c.min, c.max)
		}
	}
	for _, seconds := range [][]float64{{0.001, 0.002, 0.5, -1}, {0, 0, 0, -1}} {
		if e := fitExponent(growthScales, seconds); !math.IsNaN(float64(e)) {
			t.Errorf("%v: exponent %.2f from one run measured, want none (NaN)", seconds, e)
		}
	}
}
