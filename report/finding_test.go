package report_test

import (
	"strings"
	"testing"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/outcome"
	"gamediff/report"
	"gamediff/sandbox"
	"gamediff/testutil/golden"
)

// TestFindingReports pins the report of a finding, for ref against fast and for a
// program, as a user reads it (golden files, -update).
func TestFindingReports(t *testing.T) {
	mine, _ := games.Lookup("mine")
	// The last Sweep opens the last safe cell: ref finishes (R-M1); the program under
	// test forgets to, and gives up at Quit.
	input := []byte("2 2\n.*\n..\nSweep 2 1\nSweep 1 1\nSweep 2 2\nQuit\n")
	var answer strings.Builder
	if err := mine.Ref(input, &answer); err != nil {
		t.Fatal(err)
	}
	want := []byte(answer.String())
	got := []byte(strings.Replace(answer.String(), "finish", "give up", 1))
	_, words := mine.Classify(input, want, got)
	sig := "WA " + words
	tests := []struct {
		name    string
		flags   report.Hunt
		finding outcome.Finding
	}{
		{"wa-fast", report.Hunt{Seed: 7, Self: self}, outcome.Finding{Index: 12, Verdict: outcome.WA, Signature: sig,
			Causes:  []outcome.Cause{{Ruling: "R-M1", Why: "no smaller case without its situation shows the divergence (12 tried), and every case the minimization took reaches it"}},
			Reached: []string{"R-M4"}, Path: "corpus/mine/found/0123456789abcdef.in", FoundAfter: 0.25, InputBytes: len(input), Original: 2345,
			Minimize: outcome.MinimizeStats{Runs: 41, Accepted: 9, Complete: true, Seconds: 0.4}, Input: input,
			Divergence: engine.Compare(outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: want}}, outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Stdout: got}}, engine.Exact)}},
		{"tle-program", report.Hunt{Seed: 9, Program: "./sol --fast", Argv: []string{"./sol", "--fast"}, Self: self}, outcome.Finding{Index: 3, Verdict: outcome.TLE, Signature: "TLE in program",
			Reached: []string{"R-M4"}, Path: "found/mine/fedcba9876543210.in", FoundAfter: 1.5, InputBytes: len(input), Original: 900000,
			Minimize: outcome.MinimizeStats{Runs: 12, Accepted: 3, Seconds: 30}, Note: "minimization stopped early (budget or interrupt): the case may shrink further", Input: input,
			Divergence: engine.Compare(outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: want}},
				outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.TimedOut, Stderr: "used more than 1s of CPU time"}}, engine.Exact)}},
		// Saved nowhere: the whole case is printed (its last newline missing, said), and the
		// commands run on the file it is to be written to.
		{"wa-unsaved", report.Hunt{Seed: 7, Self: self}, outcome.Finding{Index: 12, Verdict: outcome.WA, Signature: sig,
			Unsaved: "found/mine could not take it (no space left on device), nor could a temporary folder (not a directory)", FoundAfter: 0.25,
			InputBytes: len(input) - 1, Original: len(input) - 1, Input: input[:len(input)-1],
			Divergence: engine.Compare(outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: want}}, outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Stdout: got}}, engine.Exact)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			h := tt.flags
			h.Game, h.Limits = mine, sandbox.Limits{Time: mine.TimeLimit(), Memory: 1024 << 20, Output: 64 << 20}
			h.Finding(&b, tt.finding, h.Parting(tt.finding), false)
			golden.Check(t, "finding/"+tt.name+".golden", []byte(b.String()))
		})
	}
}
