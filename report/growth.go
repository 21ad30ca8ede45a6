package report

import (
	"fmt"
	"gamediff/outcome"
	"math"
	"slices"
	"strings"
	"time"
)

// GrowthSentence names the dimension where the code under test (code: "the program",
// "fast") grows faster than the judge beside it (beside: "fast", "ref"), in a sentence:
// "the program's time grows fastest in operations: ×4.0 when they double (exponent 2.0),
// where fast's grows ×1.0."; "" when no dimension tells.
func GrowthSentence(gs []outcome.Growth, code, beside string) string {
	var worst *outcome.Growth
	for i := range gs {
		g := &gs[i]
		if math.IsNaN(float64(g.CodeExponent)) {
			continue
		}
		if worst == nil || float64(g.CodeExponent)-orZero(float64(g.FastExponent)) > float64(worst.CodeExponent)-orZero(float64(worst.FastExponent)) {
			worst = g
		}
	}
	if worst == nil {
		return noExponent(gs, code)
	}
	other := beside + "'s is too quick to measure"
	if !math.IsNaN(float64(worst.FastExponent)) {
		other = fmt.Sprintf("%s's grows ×%.1f", beside, math.Pow(2, float64(worst.FastExponent)))
	}
	// The dimensions within the fit's noise of the worst are named with it: which of them
	// fits highest on one run is the machine's noise, not the program's.
	excess := func(g *outcome.Growth) float64 { return float64(g.CodeExponent) - orZero(float64(g.FastExponent)) }
	var alike []string
	for i := range gs {
		if g := &gs[i]; !math.IsNaN(float64(g.CodeExponent)) && excess(worst)-excess(g) <= growthTie {
			alike = append(alike, g.Dimension)
		}
	}
	if len(alike) > 1 {
		return fmt.Sprintf("%s's time grows as fast in %s alike: ×%.1f when each doubles (exponent %.1f), where %s.",
			code, listed(alike), math.Pow(2, float64(worst.CodeExponent)), float64(worst.CodeExponent), other)
	}
	return fmt.Sprintf("%s's time grows fastest in %s: ×%.1f when they double (exponent %.1f), where %s.",
		code, worst.Dimension, math.Pow(2, float64(worst.CodeExponent)), float64(worst.CodeExponent), other)
}

// growthTie is how near two fitted exponents are told apart from the noise of a machine's
// timing: within it, the dimensions grow alike.
const growthTie = 0.25

// listed writes words as a list: "a", "a and b", "a, b and c".
func listed(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// noExponent says plainly why growths give no exponent: every probe, down to the
// smallest scale measured, was over the limit (no size of the case fits), or too quick to
// tell; "" when nothing was measured.
func noExponent(gs []outcome.Growth, code string) string {
	smallest, over, measured := 1.0, true, false
	for _, g := range gs {
		for i, sc := range g.Scales {
			if sc <= 0 || i >= len(g.Code) || g.Code[i] == 0 {
				continue
			}
			measured = true
			smallest = min(smallest, sc)
			if g.Code[i] > 0 {
				over = false
			}
		}
	}
	switch {
	case !measured:
		return ""
	case over:
		return fmt.Sprintf("No size of this case fits: %s was over the time limit at every scale measured, down to %s of each dimension, so no exponent can be fitted; its time grows faster than any size here can show.",
			code, scaleText(smallest))
	}
	return fmt.Sprintf("%s's runs were too quick or too few at the scales measured to fit an exponent.", code)
}

// scaleText writes a scale as a fraction: 1/16, 1/1024, or 1× for the whole case.
func scaleText(s float64) string {
	if s >= 1 {
		return "1×"
	}
	return fmt.Sprintf("1/%.0f", math.Round(1/s))
}

func orZero(e float64) float64 {
	if math.IsNaN(e) {
		return 0
	}
	return e
}

// GrowthTable renders growths as a table: a row per dimension, the CPU time of the code
// under test (code) and of the judge beside it at each scale, and the fitted exponents.
// The columns are the nominal scales (1/8, 1/4, …) any dimension was measured at.
func GrowthTable(gs []outcome.Growth, code, beside string, limit time.Duration) string {
	var cols []float64
	for _, g := range gs {
		for _, s := range g.Scales {
			if n := nominalScale(s); s > 0 && !slices.Contains(cols, n) {
				cols = append(cols, n)
			}
		}
	}
	slices.Sort(cols)
	var b strings.Builder
	fmt.Fprintf(&b, "%-12s", "dimension")
	for _, f := range cols {
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
	exp := func(e float64) string {
		if math.IsNaN(e) {
			return "?"
		}
		return fmt.Sprintf("×%.1f", math.Pow(2, e))
	}
	for _, g := range gs {
		fmt.Fprintf(&b, "%-12s", g.Dimension)
		for _, f := range cols {
			text := ""
			for i, s := range g.Scales {
				if s > 0 && nominalScale(s) == f {
					text = cell(g.Code[i]) + " / " + cell(g.Fast[i])
				}
			}
			fmt.Fprintf(&b, " %16s", text)
		}
		fmt.Fprintf(&b, "  %s %s, %s %s\n", code, exp(float64(g.CodeExponent)), beside, exp(float64(g.FastExponent)))
	}
	fmt.Fprintf(&b, "(each cell: %s's CPU time / %s's)\n", code, beside)
	return b.String()
}

// nominalScale is the power of two nearest a probe's share of a dimension: 13 of 50 rows
// is 1/4.
func nominalScale(share float64) float64 {
	return math.Exp2(math.Round(math.Log2(share)))
}

// scaleName writes a scale as a fraction: 1/8, 1/4, 1/2, 1×.
func scaleName(f float64) string {
	if f >= 1 {
		return "1×"
	}
	return fmt.Sprintf("1/%d", int(math.Round(1/f)))
}
