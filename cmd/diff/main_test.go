package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"gamediff/games"
)

// call runs a subcommand in-process and returns its exit status, stdout and stderr.
func call(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	code := dispatch(context.Background(), args, &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errs})
	return code, out.String(), errs.String()
}

func TestRunAnswersAsAJudge(t *testing.T) {
	in, _ := os.ReadFile("../../corpus/mine/sample-1.in")
	ans, _ := os.ReadFile("../../corpus/mine/sample-1.ans")
	for _, impl := range []string{"ref", "fast"} {
		code, out, _ := call(t, string(in), "run", "-game", "mine", "-impl", impl)
		if code != 0 || out != string(ans) {
			t.Errorf("%s: exit %d, output %q", impl, code, out)
		}
	}
}

func TestRunInputErrorExits2NamingTheLine(t *testing.T) {
	in := "2 3\n...\n..*\nSweep 2 1\nDSweep 2 12\nQuit\n"
	for _, impl := range []string{"ref", "fast"} {
		code, out, errs := call(t, in, "run", "-game", "mine", "-impl", impl)
		if code != 2 || !strings.HasPrefix(errs, "line 5: ") || !strings.HasPrefix(out, "4 cell(s) detected\n") {
			t.Errorf("%s: exit %d, stderr %q, stdout %q", impl, code, errs, out)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"frobnicate"},
		{"run", "-game", "nosuch"},
		{"run", "-game", "mine", "-impl", "slow"},
		{"hunt", "-bogus-flag"},
		{},
	} {
		if code, _, _ := call(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func TestValidate(t *testing.T) {
	code, out, _ := call(t, "1 1\n.\nQuit\n", "validate", "-game", "mine")
	if code != 0 || !strings.Contains(out, "valid mine input") {
		t.Errorf("valid input: exit %d, %q", code, out)
	}
	code, _, errs := call(t, "1 1\n.\nQuit\nQuit\n", "validate", "-game", "mine")
	if code != exitFound || !strings.Contains(errs, "line 4: a second Quit") {
		t.Errorf("invalid input: exit %d, %q", code, errs)
	}
}

func TestHuntJSONSummary(t *testing.T) {
	code, out, errs := call(t, "", "hunt", "-game", "mine", "-cases", "300", "-seed", "7", "-json", "-corpus", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum map[string]any
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	for _, key := range []string{"game", "cases", "divergences", "seconds", "cases_per_sec", "seed"} {
		if _, ok := sum[key]; !ok {
			t.Errorf("summary lacks %q: %s", key, out)
		}
	}
	if sum["game"] != "mine" || sum["cases"] != 300.0 || sum["seed"] != 7.0 || sum["divergences"] != 0.0 {
		t.Errorf("summary %v", sum)
	}
	if !strings.Contains(errs, "seed 7") {
		t.Errorf("stderr does not print the seed: %q", errs)
	}
}

func TestHuntEveryGame(t *testing.T) {
	code, out, errs := call(t, "", "hunt", "-cases", "40", "-seed", "3", "-json", "-corpus", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum struct {
		Game  string
		Cases int
		Games []struct {
			Game  string
			Cases int
		}
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if len(games.All()) > 1 && sum.Game != "all" {
		t.Errorf("game %q, want all", sum.Game)
	}
	if len(sum.Games) != len(games.All()) && len(games.All()) > 1 {
		t.Errorf("%d games in the summary, %d registered", len(sum.Games), len(games.All()))
	}
	if sum.Cases != 40*len(games.All()) {
		t.Errorf("cases %d, want 40 per game", sum.Cases)
	}
}

func TestHuntSingleCase(t *testing.T) {
	code, out, errs := call(t, "", "hunt", "-game", "mine", "-seed", "1", "-case", "1234", "-json", "-corpus", t.TempDir())
	if code != 0 || !strings.Contains(out, `"cases":1,`) {
		t.Fatalf("exit %d, %s %s", code, out, errs)
	}
}

func TestReplayCorpus(t *testing.T) {
	code, _, errs := call(t, "", "replay", "-game", "mine", "-corpus", "../../corpus")
	if code != 0 || !strings.Contains(errs, "0 failed") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	dir := t.TempDir()
	os.WriteFile(dir+"/x.in", []byte("1 1\n.\nQuit\n"), 0o644)
	os.WriteFile(dir+"/x.ans", []byte("wrong\n"), 0o644)
	code, out, _ := call(t, "", "replay", "-game", "mine", dir+"/x.in")
	if code != exitFound || !strings.Contains(out, "FAIL") || !strings.Contains(out, "-wrong") {
		t.Fatalf("a wrong answer replayed: exit %d, %s", code, out)
	}
}
