package report_test

import (
	"strings"
	"testing"
	"time"

	"gamediff/games"
	"gamediff/outcome"
	"gamediff/report"
	"gamediff/sandbox"
)

// TestReproduceCarriesTheTimeout: a hunt given -timeout judges under it, so the judge and
// hunt -case commands its report prints carry it (a time-out under a shorter limit passes
// under the statement's); a hunt under the statement's limit prints none.
func TestReproduceCarriesTheTimeout(t *testing.T) {
	mine, _ := games.Lookup("mine")
	finding := outcome.Finding{Index: 3, Verdict: outcome.TLE, Signature: "TLE in program", Path: "found/mine/fedcba9876543210.in"}
	for _, tt := range []struct {
		name    string
		program string
		timeout time.Duration
		want    string // in the judge and hunt -case lines; "" for no -timeout anywhere
	}{
		{"program, -timeout", "./sol --fast", 250 * time.Millisecond, " -timeout 250ms "},
		{"fast, -timeout", "", 1500 * time.Millisecond, " -timeout 1.5s "},
		{"program, the statement's limit", "./sol --fast", 0, ""},
		{"fast, the statement's limit", "", 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			limit := tt.timeout
			if limit == 0 {
				limit = mine.TimeLimit()
			}
			h := report.Hunt{Game: mine, Program: tt.program, Argv: strings.Fields(tt.program), Seed: 9, Timeout: tt.timeout,
				Limits: sandbox.Limits{Time: limit}, Self: "gamediff"}
			lines := h.Reproduce(finding)
			carrying := 0
			for _, l := range lines {
				switch {
				case tt.want == "" && strings.Contains(l, "-timeout"):
					t.Errorf("a hunt under the statement's limit prints %q", l)
				case strings.Contains(l, " judge ") || strings.Contains(l, " hunt "):
					if !strings.Contains(l, tt.want) {
						t.Errorf("%q lacks %q", l, tt.want)
					}
					carrying++
				}
			}
			if carrying != 2 {
				t.Errorf("%d judge and hunt -case lines, want 2:\n%s", carrying, strings.Join(lines, "\n"))
			}
		})
	}
}
