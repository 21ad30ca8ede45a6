package report

import (
	"encoding/json"
	"strings"
	"testing"

	"gamediff/engine"
)

// A growth whose every probe was over the limit still gets a sentence: no size fits.
func TestGrowthSentenceWithoutAnExponent(t *testing.T) {
	growth := func(code string) engine.Growth {
		var g engine.Growth
		js := `{"dimension": "operations", "scales": [0.0009765625, 0.015625, 0.0625, 1], "code_seconds": ` + code +
			`, "fast_seconds": [0.001, 0.002, 0.004, 0.05], "code_exponent": null, "fast_exponent": null}`
		if err := json.Unmarshal([]byte(js), &g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	over, quick := growth("[-1, -1, -1, -1]"), growth("[0.0001, 0.0001, 0.0002, 0.0003]")
	for _, tt := range []struct {
		gs   []engine.Growth
		want string
	}{
		{[]engine.Growth{over}, "No size of this case fits: the program was over the time limit at every scale measured, down to 1/1024"},
		{[]engine.Growth{quick}, "too quick or too few"},
		{nil, ""},
	} {
		got := GrowthSentence(tt.gs, "the program", "fast")
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("%v: %q, want %q in it", tt.gs, got, tt.want)
		}
	}
}
