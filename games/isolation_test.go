package games

import (
	"context"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/outcome"
	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

// TestHangingJudgeIsReportedAndMinimized: a judge that hangs on one input in seven is
// reported as a time-out and minimized to a smaller input that still hangs; every hanging
// candidate costs its CPU limit, and the worker stuck in it is killed. The hunt is bounded
// by cases, not time: on a loaded machine a hanging run may not reach its CPU limit within
// a few seconds of wall time, and a run under way when a hunt's time ends is dropped; its
// minimization is bounded by a count. How long it takes is logged, not bounded
// (BenchmarkHangingJudge measures it).
func TestHangingJudgeIsReportedAndMinimized(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a hanging judge's time-out, confirmed, narrowed and minimized, is proved by the full suite")
	}
	g, _ := testGame("mine-hangs-1-in-7")
	start := time.Now()
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Seed: 1,
		Cases: 50, Workers: 2, FoundDir: t.TempDir(),
		// A hang costs its CPU limit in every run that meets it: two to confirm it, one
		// per hanging candidate. A short limit keeps that cheap on a loaded machine, and
		// the minimization is bounded by its count of candidates, the same on any machine
		// (one in seven hangs: 50 find a smaller hanging one); the time is only a cap.
		Limits: sandbox.Limits{Time: cpuclock.Limit(300 * time.Millisecond)}, MinimizeRuns: 50, MinimizeTime: 10 * time.Minute})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) != 1 || sum.Findings[0].Verdict != outcome.TLE {
		t.Fatalf("findings %+v, want one TLE", sum.Findings)
	}
	f := sum.Findings[0]
	if len(f.Input)%7 != 0 || f.InputBytes >= f.Original {
		t.Errorf("minimized %d bytes to %d (%q): want a smaller input that still hangs", f.Original, f.InputBytes, f.Input)
	}
	t.Logf("found after %.1fs, minimized from %d to %d bytes in %.1fs (%d runs), %.1fs in all", f.FoundAfter, f.Original, f.InputBytes, f.Minimize.Seconds, f.Minimize.Runs, took.Seconds())
}

// BenchmarkHangingJudge measures what TestHangingJudgeIsReportedAndMinimized only logs:
// the seconds from the start of a 5 s hunt to its minimized time-out's report, and the
// minimization's share of them.
func BenchmarkHangingJudge(b *testing.B) {
	g, _ := testGame("mine-hangs-1-in-7")
	for b.Loop() {
		start := time.Now()
		sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Seed: 1,
			Duration: 5 * time.Second, Workers: 2, FoundDir: b.TempDir()})
		if err != nil || len(sum.Findings) != 1 {
			b.Fatalf("%v, findings %+v", err, sum.Findings)
		}
		b.ReportMetric(time.Since(start).Seconds(), "s-to-report")
		b.ReportMetric(sum.Findings[0].Minimize.Seconds, "s-minimizing")
	}
}
