package report

import (
	"encoding/json"
	"gamediff/outcome"
	"strings"
	"testing"
)

// A growth whose every probe was over the limit still gets a sentence: no size fits.
func TestGrowthSentenceWithoutAnExponent(t *testing.T) {
	growth := func(code string) outcome.Growth {
		var g outcome.Growth
		js := `{"dimension": "operations", "scales": [0.0009765625, 0.015625, 0.0625, 1], "code_seconds": ` + code +
			`, "fast_seconds": [0.001, 0.002, 0.004, 0.05], "code_exponent": null, "fast_exponent": null}`
		if err := json.Unmarshal([]byte(js), &g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	over, quick := growth("[-1, -1, -1, -1]"), growth("[0.0001, 0.0001, 0.0002, 0.0003]")
	for _, tt := range []struct {
		gs   []outcome.Growth
		want string
	}{
		{[]outcome.Growth{over}, "No size of this case fits: the program was over the time limit at every scale measured, down to 1/1024"},
		{[]outcome.Growth{quick}, "too quick or too few"},
		{nil, ""},
	} {
		got := GrowthSentence(tt.gs, "the program", "fast")
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("%v: %q, want %q in it", tt.gs, got, tt.want)
		}
	}
}

// Dimensions whose exponents differ by less than the noise of a fit are named together:
// which one fits highest on a run is the machine's noise.
func TestGrowthSentenceNamesTiesTogether(t *testing.T) {
	growth := func(dim string, exponent string) outcome.Growth {
		var g outcome.Growth
		js := `{"dimension": "` + dim + `", "scales": [0.125, 0.25, 0.5, 1], "code_seconds": [0.2, 0.4, 0.8, -1]` +
			`, "fast_seconds": [0, 0, 0, 0.001], "code_exponent": ` + exponent + `, "fast_exponent": null}`
		if err := json.Unmarshal([]byte(js), &g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	linear, nearly, quadratic := "1.0", "0.9", "2.0"
	for _, tt := range []struct {
		gs   []outcome.Growth
		want string
	}{
		{[]outcome.Growth{growth("operations", linear), growth("rows", nearly), growth("columns", linear)},
			"grows as fast in operations, rows and columns alike: ×2.0 when each doubles (exponent 1.0)"},
		{[]outcome.Growth{growth("games", linear), growth("side", quadratic)}, "grows fastest in side: ×4.0 when they double (exponent 2.0)"},
	} {
		if got := GrowthSentence(tt.gs, "the program", "fast"); !strings.Contains(got, tt.want) {
			t.Errorf("%q, want %q in it", got, tt.want)
		}
	}
}
