package hostile_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gamediff/testutil/clitest"
)

// randomFinding is what these tests read of a hunt's -json finding.
type randomFinding struct {
	Verdict     string
	Signature   string
	Identity    struct{ Changing bool }
	Shown, Runs int
	Path, Note  string
}

// huntJSON runs a hunt with -json and returns its exit status, its findings and stderr.
func huntJSON(t *testing.T, args ...string) (int, []randomFinding, string) {
	t.Helper()
	code, out, errs := clitest.Exec(t, "", append([]string{"hunt", "-json"}, args...)...)
	var sum struct{ Findings []randomFinding }
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("exit %d, stdout is not JSON: %v\n%s", code, err, errs)
	}
	return code, sum.Findings, errs
}

// TestRandomAnswerIsWrongWhateverItsAnswers: a program that answers a word drawn from
// /dev/urandom on every case of more than 2 KiB (another word on each run) is wrong on
// each run of such a case. The hunt reports it, as one finding however many cases it
// fails, a WA whose answer changes from run to run, saved as a regression case; judge
// fails it on every test of more than 2 KiB and passes it on the others; and judge -wrong
// agrees: the set kills it, failed on the same tests.
func TestRandomAnswerIsWrongWhateverItsAnswers(t *testing.T) {
	clitest.Long(t, "that a program with a random answer is a finding")
	computes(t)
	hostile := clitest.Program(t, "hostile")
	tower := filepath.Join(clitest.Zoo(t), "tower")
	program := hostile + " -mode random-word -then " + tower

	found := t.TempDir()
	code, findings, errs := huntJSON(t, "-game", "tower", "-cmd", program, "-seed", "3", "-cases", "30", "-max-findings", "3",
		"-minimize-time", "0", "-o", found)
	if code != clitest.ExitFound || len(findings) != 1 {
		t.Fatalf("exit %d, findings %+v: want exit %d and one finding, one bug whatever its answers\n%s", code, findings, clitest.ExitFound, errs)
	}
	f := findings[0]
	if f.Verdict != "WA" || !f.Identity.Changing || f.Shown != f.Runs || f.Runs < 2 {
		t.Errorf("finding %+v: want a WA shown on every run, its answer changing", f)
	}
	if !strings.Contains(errs, "WA, its answer changes from run to run") || !strings.Contains(f.Note, "different ways") {
		t.Errorf("the report does not say that its answer changes from run to run (note %q):\n%s", f.Note, errs)
	}
	if saved, _ := filepath.Glob(filepath.Join(found, "tower", "*.in")); len(saved) != 1 {
		t.Errorf("saved %v: want the one regression case", saved)
	}

	// The tests: small ones of the corpus, which it passes, and two of gen's, which it
	// does not.
	tests := t.TempDir()
	for _, name := range []string{"sample-1", "rt14-every-kind-vanishes", "rt16-c-falls"} {
		for _, ext := range []string{".in", ".ans"} {
			b, err := os.ReadFile(clitest.Path("corpus", "tower", name+ext))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(tests, name+ext), b, 0o644)
		}
	}
	for _, n := range []string{"8", "10"} {
		dir := t.TempDir()
		if code, _, errs := clitest.Exec(t, "", "gen", "-game", "tower", "-o", dir, "-test", n, "-timing=false"); code != clitest.ExitOK {
			t.Fatalf("gen -test %s: exit %d\n%s", n, code, errs)
		}
		for _, ext := range []string{".in", ".ans"} {
			b, _ := os.ReadFile(filepath.Join(dir, n+ext))
			os.WriteFile(filepath.Join(tests, "gen-"+n+ext), b, 0o644)
		}
	}
	wrongOn := func(test string) bool {
		info, err := os.Stat(test)
		return err == nil && info.Size() > 2<<10
	}

	code, out, errs := clitest.Exec(t, "", "judge", "-game", "tower", "-cmd", program, "-json", tests)
	var judged struct {
		Results []struct {
			Test, Verdict, Note string
		}
	}
	if err := json.Unmarshal([]byte(out), &judged); err != nil {
		t.Fatalf("judge: exit %d, stdout is not JSON: %v\n%s", code, err, errs)
	}
	var failed []string
	for _, j := range judged.Results {
		switch wrong := wrongOn(j.Test); {
		case wrong && (j.Verdict != "WA" || !strings.Contains(j.Note, "its answer changes from run to run")):
			t.Errorf("judge: %s: %s (%s), want WA, its answer changing", j.Test, j.Verdict, j.Note)
		case !wrong && j.Verdict != "OK":
			t.Errorf("judge: %s: %s (%s), want OK", j.Test, j.Verdict, j.Note)
		}
		if j.Verdict != "OK" {
			failed = append(failed, filepath.Base(j.Test))
		}
	}
	if code != clitest.ExitFound || len(judged.Results) != 5 {
		t.Errorf("judge: exit %d on %d tests, want %d on 5\n%s", code, len(judged.Results), clitest.ExitFound, errs)
	}

	code, out, errs = clitest.Exec(t, "", "judge", "-game", "tower", "-right", tower, "-wrong", program, "-json", tests)
	var inv struct {
		Kills     bool
		Solutions []struct {
			Command, Verdict string
			Results          []struct{ Test, Verdict string }
		}
	}
	if err := json.Unmarshal([]byte(out), &inv); err != nil {
		t.Fatalf("judge -wrong: exit %d, stdout is not JSON: %v\n%s", code, err, errs)
	}
	if code != clitest.ExitOK || !inv.Kills || len(inv.Solutions) != 2 {
		t.Fatalf("judge -wrong: exit %d, %+v: want the set to kill the random answer\n%s", code, inv, errs)
	}
	var wrongFailed []string
	for _, j := range inv.Solutions[1].Results {
		if j.Verdict != "OK" {
			wrongFailed = append(wrongFailed, filepath.Base(j.Test))
		}
	}
	if !slices.Equal(failed, wrongFailed) || len(failed) != 2 {
		t.Errorf("judge fails it on %v, judge -wrong on %v: want the same two tests", failed, wrongFailed)
	}
}

// TestFlakyRandomAnswerIsFlaky: a program that answers a random word on one run in two of
// a case of more than 2 KiB (counted, so that the test does not depend on chance) and
// rightly on the others passes on some runs: flaky, with its rate, not a regression case.
func TestFlakyRandomAnswerIsFlaky(t *testing.T) {
	clitest.Long(t, "that a program right on some runs is flaky")
	computes(t)
	hostile := clitest.Program(t, "hostile")
	tower := filepath.Join(clitest.Zoo(t), "tower")
	found := t.TempDir()
	code, findings, errs := huntJSON(t, "-game", "tower", "-cmd", hostile+" -mode flaky-random -state "+t.TempDir()+" -then "+tower,
		"-seed", "3", "-cases", "30", "-minimize-time", "0", "-o", found)
	if code != clitest.ExitFound || len(findings) != 1 {
		t.Fatalf("exit %d, findings %+v\n%s", code, findings, errs)
	}
	f := findings[0]
	if f.Verdict != "flaky" || f.Shown >= f.Runs || f.Shown < 2 || !strings.Contains(f.Note, "the answers agreed") {
		t.Errorf("finding %+v: want a flaky one, shown on some runs only, the others agreeing\n%s", f, errs)
	}
	if saved, _ := filepath.Glob(filepath.Join(found, "tower", "*")); len(saved) != 0 {
		t.Errorf("a flaky finding was saved as a regression case: %v", saved)
	}
}

// TestFlakySampleIsNoRegressionCase: a program flaky on the game's sample (a random word
// on one run in two, counted) stops the hunt with a flaky finding, which is not saved in
// the found folder: the next hunt, of a right program, replays nothing from it as a
// regression.
func TestFlakySampleIsNoRegressionCase(t *testing.T) {
	clitest.Long(t, "that a flaky sample is not saved")
	computes(t)
	hostile := clitest.Program(t, "hostile")
	tower := filepath.Join(clitest.Zoo(t), "tower")
	found := t.TempDir()
	code, findings, errs := huntJSON(t, "-game", "tower", "-cmd", hostile+" -mode flaky-random -above 0 -state "+t.TempDir()+" -then "+tower,
		"-seed", "3", "-cases", "10", "-minimize-time", "0", "-o", found)
	if code != clitest.ExitFound || len(findings) != 1 || findings[0].Verdict != "flaky" || !strings.Contains(errs, "flaky on the sample") {
		t.Fatalf("exit %d, findings %+v: want the sample's flaky finding\n%s", code, findings, errs)
	}
	if saved, _ := filepath.Glob(filepath.Join(found, "tower", "*")); len(saved) != 0 {
		t.Errorf("the flaky sample was saved as a regression case: %v", saved)
	}
	code, findings, errs = huntJSON(t, "-game", "tower", "-cmd", tower, "-seed", "3", "-cases", "10", "-minimize-time", "0", "-o", found)
	if code != clitest.ExitOK || len(findings) != 0 || strings.Contains(errs, "replayed") {
		t.Errorf("a right program's hunt after it: exit %d, findings %+v: want a clean hunt, nothing replayed\n%s", code, findings, errs)
	}
}
