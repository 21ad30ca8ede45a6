package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamediff/testutil/clitest"

	"gamediff/games"
	"gamediff/testutil/paint"
)

// A fifth game, registered here and nowhere else: the proof that a game is one plug-in.
// Every command reaches it through the registry; no non-test file outside testutil/paint
// names it.
func init() { games.Register(paint.Parts()) }

// TestFifthGame runs the fifth game through every job: a hunt finds its judge's planted
// slip and minimizes it to the one step that shows it, gen writes its test set, validate
// and show read its inputs, and its ruling is skipped and counted as the four games' are.
func TestFifthGame(t *testing.T) {
	t.Setenv(paint.SlipVariable, "1") // the hunt's workers inherit it
	dir := t.TempDir()
	// 5 minutes to minimize, not 30 s: on a loaded machine the minimization must still
	// reach its end, and the budget only bounds one gone wrong.
	code, out, errs := call(t, "", "hunt", "-game", "paint", "-seed", "1", "-cases", "3000", "-minimize-time", "5m", "-json", "-o", dir)
	if code != exitFound {
		t.Fatalf("hunt: exit %d, want %d (the planted slip)\n%s", code, exitFound, errs)
	}
	var sum struct {
		Findings []struct {
			Verdict, Signature, Path string
			Minimize                 struct{ Complete bool }
		}
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("hunt -json: %v\n%s", err, out)
	}
	if len(sum.Findings) != 1 {
		t.Fatalf("%d findings, want the slip alone:\n%s", len(sum.Findings), errs)
	}
	f := sum.Findings[0]
	input, err := os.ReadFile(f.Path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := paint.Decode(input)
	if err != nil {
		t.Fatalf("the saved case is invalid: %v\n%s", err, input)
	}
	// The slip needs the last cell of the last row painted, then that row counted: two
	// operations on a grid of any size; the minimizer cuts the rest.
	if f.Verdict != "WA" || !f.Minimize.Complete || len(c.Ops) != 2 || !strings.HasPrefix(f.Signature, "WA count:") {
		t.Errorf("finding %+v on\n%s: want a WA at a count, minimized to two operations", f, input)
	}
	answer, err := os.ReadFile(strings.TrimSuffix(f.Path, ".in") + ".ans")
	if err != nil || string(answer) != "on\n1\n" {
		t.Errorf("saved answer %q (%v), want ref's \"on\\n1\\n\"", answer, err)
	}

	// show draws the case on its grid, the step marked.
	code, out, errs = call(t, "", "show", "-game", "paint", f.Path)
	if code != 0 || !strings.Contains(out, "(#)") || !strings.Contains(out, "operation 2: C ") {
		t.Errorf("show: exit %d\n%s%s", code, out, errs)
	}

	// validate accepts the case and names the line of a broken one.
	if code, _, errs := call(t, "", "validate", "-game", "paint", f.Path); code != 0 {
		t.Errorf("validate of the saved case: exit %d: %s", code, errs)
	}
	bad := filepath.Join(t.TempDir(), "bad.in")
	os.WriteFile(bad, []byte("2 2\n1\nX 1 1\n"), 0o644)
	if code, _, errs := call(t, "", "validate", "-game", "paint", bad); code == 0 || !strings.Contains(errs, "line 3") {
		t.Errorf("validate of a broken input: exit %d: %s", code, errs)
	}

	// gen writes its planned tests, each valid, each answer ref's.
	set := t.TempDir()
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-seed", "2", "-o", set); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errs)
	}
	for i := range paint.Plan() {
		in, err := os.ReadFile(filepath.Join(set, strings.TrimSpace(string(rune('1'+i)))+".in"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := paint.Decode(in); err != nil {
			t.Errorf("test %d is invalid: %v", i+1, err)
		}
	}

	// The ruling: a hunt that skips R-P1 reaches it in no case and counts what it left
	// out; an id of no game is still refused.
	code, out, errs = call(t, "", "hunt", "-game", "paint", "-seed", "1", "-cases", "300", "-skip-rule", "R-P1", "-json", "-o", t.TempDir())
	if code != exitFound || !strings.Contains(out, `"R-P1"`) {
		t.Errorf("hunt -skip-rule R-P1: exit %d, the summary does not count R-P1:\n%s\n%s", code, out, errs)
	}
	if code, _, errs := call(t, "", "hunt", "-game", "paint", "-skip-rule", "R-Q1"); code != exitUsage || !strings.Contains(errs, "R-Q1") {
		t.Errorf("hunt -skip-rule R-Q1: exit %d: %s", code, errs)
	}
}

// TestFifthGameRulingCheck: a program is checked on the fifth game's hand-made ruling
// cases before it is hunted, as on the four games': one that reads R-P1 its own way is
// told so, and hunted with the ruling left out it is clean.
func TestFifthGameRulingCheck(t *testing.T) {
	program := clitest.Program(t, "paintsolution") + " -bug outside-zero"
	code, _, errs := call(t, "", "hunt", "-game", "paint", "-cmd", program, "-seed", "1", "-cases", "200", "-o", t.TempDir())
	if code != exitFound || !strings.Contains(errs, "cause: R-P1") {
		t.Fatalf("exit %d, want %d naming R-P1 as the finding's cause:\n%s", code, exitFound, errs)
	}
	code, _, errs = call(t, "", "hunt", "-game", "paint", "-cmd", program, "-seed", "1", "-cases", "200", "-skip-rule", "R-P1", "-o", t.TempDir())
	if code != exitOK {
		t.Fatalf("with -skip-rule R-P1: exit %d, want a clean hunt:\n%s", code, errs)
	}
}
