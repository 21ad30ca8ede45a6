package games

import (
	"context"
	"testing"
	"time"

	"gamediff/engine"
)

// TestHangingJudgeIsReportedAndMinimizedQuickly: a judge that hangs on one input in seven
// is reported and minimized within 40 s of the start of a 5 s hunt on 2 workers: every
// hanging candidate costs its CPU limit, and the worker stuck in it is killed.
func TestHangingJudgeIsReportedAndMinimizedQuickly(t *testing.T) {
	g, _ := testGame("mine-hangs-1-in-7")
	start := time.Now()
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Seed: 1,
		Duration: 5 * time.Second, Workers: 2, FoundDir: t.TempDir()})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) != 1 || sum.Findings[0].Verdict != "TLE" {
		t.Fatalf("findings %+v, want one TLE", sum.Findings)
	}
	f := sum.Findings[0]
	if len(f.Input)%7 != 0 || f.InputBytes >= f.Original {
		t.Errorf("minimized %d bytes to %d (%q): want a smaller input that still hangs", f.Original, f.InputBytes, f.Input)
	}
	t.Logf("found after %.1fs, minimized from %d to %d bytes in %.1fs (%d runs), %.1fs in all", f.FoundAfter, f.Original, f.InputBytes, f.Minimize.Seconds, f.Minimize.Runs, took.Seconds())
	if took > 40*time.Second {
		t.Errorf("took %v from the start of the hunt, want at most 40s", took)
	}
}
