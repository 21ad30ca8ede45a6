package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/outcome"
	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

// TestJudgeTests judges the toy's fast, wrong on 7 and panicking on 13, on a few tests: each
// verdict in the tests' order, a failure confirmed by its rerun in a fresh worker (a
// judge's rejudge: two runs, both failing; as a hunt's findings, five), a pass with its
// CPU time measured.
func TestJudgeTests(t *testing.T) {
	var tests []engine.Test
	for _, c := range []toyCase{{1, 2}, {7}, {13, 4}, {}} {
		var want strings.Builder
		toyJudge(c.Encode(), &want)
		tests = append(tests, engine.Test{Name: string(c.Encode()), Input: c.Encode(), Want: outcome.Result{Result: sandbox.Result{Stdout: []byte(want.String())}}})
	}
	for _, asFindings := range []bool{false, true} {
		judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: game(t, "three-bugs"), Workers: 2, AsFindings: asFindings}, tests)
		if err != nil {
			t.Fatal(err)
		}
		want := []outcome.Verdict{outcome.OK, outcome.WA, outcome.RE, outcome.OK}
		runs := 2 // the run and a judge's one rerun
		if asFindings {
			runs = 5 // the run and a hunt's four reruns
		}
		for i, j := range judged {
			if j.Test != tests[i].Name || j.Verdict != want[i] {
				t.Errorf("test %q: %s (%s), want %s", tests[i].Name, j.Verdict, j.Signature, want[i])
			}
			if j.Verdict != outcome.OK && (j.Shown != j.Runs || j.Runs != runs || j.Divergence == nil) {
				t.Errorf("test %q, as findings %v: shown on %d of %d runs: want a failure confirmed on %d of %d", tests[i].Name, asFindings, j.Shown, j.Runs, runs, runs)
			}
		}
	}
	checkNothingLeft(t, "")
}

// TestJudgeRandomAnswerFails: a test on which the judge answers a random word, another on
// each run, fails (WA, its answer changing), however its answers differ; the test without
// the number it is wrong on passes.
func TestJudgeRandomAnswerFails(t *testing.T) {
	var tests []engine.Test
	for _, c := range []toyCase{{1, 2}, {7}, {3, 7, 4}} {
		var want strings.Builder
		toyJudge(c.Encode(), &want)
		tests = append(tests, engine.Test{Name: string(c.Encode()), Input: c.Encode(), Want: outcome.Result{Result: sandbox.Result{Stdout: []byte(want.String())}}})
	}
	judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: game(t, "random-on-7"), Workers: 2}, tests)
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range judged {
		switch {
		case i == 0 && j.Verdict != outcome.OK:
			t.Errorf("test %q: %s (%s), want OK", j.Test, j.Verdict, j.Note)
		case i > 0 && (j.Verdict != outcome.WA || !j.Identity.Changing || j.Shown != j.Runs):
			t.Errorf("test %q: %s %q, shown on %d of %d runs: want WA on every run, its answer changing", j.Test, j.Verdict, j.Signature, j.Shown, j.Runs)
		case i > 0 && !strings.Contains(j.Note, "its answer changes from run to run"):
			t.Errorf("test %q: note %q does not say its answer changes", j.Test, j.Note)
		}
	}
	checkNothingLeft(t, "")
}

// TestJudgeSlowThenWrongIsWrong: a test whose first run is over the limit (by far: it spins)
// and whose reruns answer wrongly is judged on the wrong answer, which does not hang on the
// machine's speed, and its note says what the first run did; never OK for the rerun's
// time.
func TestJudgeSlowThenWrongIsWrong(t *testing.T) {
	t.Setenv(markerEnv, t.TempDir())
	c := toyCase{3, 7}
	var want strings.Builder
	toyJudge(c.Encode(), &want)
	tests := []engine.Test{{Name: "3 7", Input: c.Encode(), Want: outcome.Result{Result: sandbox.Result{Stdout: []byte(want.String())}}}}
	judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: game(t, "slow-once-then-wrong-on-7"), Workers: 2,
		Limits: sandbox.Limits{Time: cpuclock.Limit(200 * time.Millisecond)}}, tests)
	if err != nil {
		t.Fatal(err)
	}
	j := judged[0]
	if j.Verdict != outcome.WA || j.Shown != j.Runs || j.Runs < 2 || !strings.Contains(j.Note, "over the limit on its first run, then WA") {
		t.Errorf("%s %q, shown on %d of %d runs, note %q: want WA on every rerun, the note naming the first run's time-out", j.Verdict, j.Signature, j.Shown, j.Runs, j.Note)
	}
	checkNothingLeft(t, "")
}

// TestJudgeInterruptedPassesNothing: a judging interrupted before its tests ran gives no
// verdict for them, never OK: a test passes only on a run that passed.
func TestJudgeInterruptedPassesNothing(t *testing.T) {
	c := toyCase{3, 7}
	tests := []engine.Test{{Name: "3 7", Input: c.Encode()}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	judged, err := engine.JudgeTests(ctx, engine.JudgeConfig{Game: game(t, "wrong-on-7"), Workers: 1}, tests)
	if err == nil || len(judged) != 1 || !judged[0].Unjudged {
		t.Fatalf("err %v, judged %+v: want the interrupt, and the test unjudged", err, judged)
	}
	checkNothingLeft(t, "")
}
