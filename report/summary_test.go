package report_test

import (
	"strings"
	"testing"

	"gamediff/outcome"
	"gamediff/report"
)

// TestUnreportedPackedCasesGetNoCaseHint: a divergent case not reported is listed with
// the way to rerun it, -case, unless it is packed (several generated games in one input,
// as boom's are), which -case does not rebuild: a time-out of the whole input need not
// show on the one game -case gives. It is listed apart, without that hint.
func TestUnreportedPackedCasesGetNoCaseHint(t *testing.T) {
	sum := outcome.Summary{Game: "boom", Findings: []outcome.Finding{}, Unreported: []outcome.Unreported{
		{Index: 3, Signature: "WA in game 1"},
		{Index: 30, Signature: "TLE in program", Packed: true},
		{Index: 60, Signature: "TLE in program", Packed: true},
	}}
	var b strings.Builder
	report.HuntSummary(&b, sum, true, "", nil)
	groups := map[string]string{} // case line -> the header it is listed under
	header := ""
	for _, line := range strings.Split(b.String(), "\n") {
		switch {
		case strings.HasPrefix(line, "boom: also divergent"):
			header = line
		case strings.HasPrefix(line, "    case "):
			groups[strings.TrimSpace(line)] = header
		}
	}
	if h := groups["case 3: WA in game 1"]; !strings.Contains(h, "rerun one with -case") {
		t.Errorf("the case of one game is listed under %q, want the -case hint", h)
	}
	for _, c := range []string{"case 30: TLE in program", "case 60: TLE in program"} {
		h, ok := groups[c]
		if !ok || strings.Contains(h, "rerun one with -case") || !strings.Contains(h, "-max-findings") {
			t.Errorf("the packed %q is listed under %q, want no -case hint, and -max-findings\n%s", c, h, b.String())
		}
	}
}
