package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// One ruling read otherwise, one cause named (issue: triage by cause). The programs of
// testdata/rulings are each game's example solution (examples/GAME/solution.cpp) with, when
// its first argument names one, one reading of one ruling taken otherwise, as a contestant
// might. Each is hunted as a contestant would: the check before the hunt must list exactly
// its ruling, every finding must name exactly that ruling as its cause, and the hunt with
// -skip-rule of it must be clean.

// misreading is one program of testdata/rulings: its game, its argument, and the ruling it
// reads otherwise.
type misreading struct {
	game, reading, ruling string
}

var misreadings = []misreading{
	{"mine", "finish-before-every-op", "R-M1"},
	{"mine", "finish-after-sweep-only", "R-M1"},
	{"mine", "dsweep-feedback-first", "R-M2"},
	{"mine", "cascade-keeps-flags", "R-M3"},
	{"mine", "counts-after-end", "R-M4"},
	{"boom", "win-after-change-only", "R-B1"},
	{"boom", "win-before-first", "R-B1"},
	{"boom", "no-quit-without-ops", "R-B2"},
	{"boom", "middle-skips-zero", "R-B3"},
	{"boom", "question-stops-cascade", "R-B3"},
	{"tower", "settle-before-start", "R-T3"},
	{"tower", "stop-at-end", "R-T5"},
	{"tower", "crash-far-moveto-at-end", "R-T5"},
	{"tower", "moveto-path-blocked", "R-T6"},
	{"tower", "push-counts-down", "R-T12"},
	{"tower", "c-does-not-fall", "R-T16"},
	{"tower", "walking-goal-first", "R-T18"},
	{"datamining", "flags-covered", "R-D1"},
	{"datamining", "starts-on-mines-too", "R-D2"},
}

// buildRulingProgram compiles testdata/rulings/GAME/solution.cpp once per test process
// (g++ -O2, as a contestant's judge would).
func buildRulingProgram(t testing.TB, game string) string {
	t.Helper()
	return buildWith(t, "rulings-"+game, func(out string) *exec.Cmd {
		return exec.Command("g++", "-O2", "-o", out, filepath.Join("testdata", "rulings", game, "solution.cpp"))
	})
}

// checkListed is the rulings the check before a hunt says the program reads differently.
var checkListed = regexp.MustCompile(`(?m)^    (R-[A-Z]+[0-9]+): `)

// huntMisreading hunts the program m names and returns the hunt's exit, the rulings the
// check listed, the causes each finding names, and stderr.
func huntMisreading(t *testing.T, m misreading, extra ...string) (int, []string, [][]string, string) {
	t.Helper()
	program := buildRulingProgram(t, m.game) + " " + m.reading
	args := append([]string{"hunt", "-game", m.game, "-cmd", program, "-seed", "1", "-json", "-o", t.TempDir(),
		"-cases", "1000", "-max-findings", "2", "-minimize-time", "10s"}, extra...)
	code, out, errs := call(t, "", args...)
	var sum struct {
		Findings []struct {
			Signature string
			Causes    []struct{ Ruling string }
		}
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("exit %d, stdout is not JSON: %v\n%s\n%s", code, err, out, errs)
	}
	var listed []string
	for _, m := range checkListed.FindAllStringSubmatch(errs, -1) {
		listed = append(listed, m[1])
	}
	var causes [][]string
	for _, f := range sum.Findings {
		var ids []string
		for _, c := range f.Causes {
			ids = append(ids, c.Ruling)
		}
		causes = append(causes, ids)
	}
	return code, listed, causes, errs
}

func TestOneMisreadingOneCause(t *testing.T) {
	if _, err := exec.LookPath("g++"); err != nil {
		t.Fatalf("g++ builds the programs of testdata/rulings (.ci/run installs it): %v", err)
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-10s %-24s %-7s %-16s %-26s %s\n", "game", "reading", "ruling", "check lists", "findings name", "-skip-rule it")
	for _, m := range misreadings {
		t.Run(m.game+"/"+m.reading, func(t *testing.T) {
			code, listed, causes, errs := huntMisreading(t, m)
			named := []string{}
			for _, ids := range causes {
				named = append(named, strings.Join(ids, ",")+"")
			}
			if code != exitFound || len(causes) == 0 {
				t.Errorf("exit %d with %d findings, want %d with one at least\n%s", code, len(causes), exitFound, errs)
			}
			if !slices.Equal(listed, []string{m.ruling}) {
				t.Errorf("the check lists %v, want [%s]", listed, m.ruling)
			}
			for i, ids := range causes {
				if !slices.Equal(ids, []string{m.ruling}) {
					t.Errorf("finding %d names %v as causes, want [%s]", i+1, ids, m.ruling)
				}
			}
			clean, _, after, _ := huntMisreading(t, m, "-skip-rule", m.ruling)
			if clean != exitOK {
				t.Errorf("with -skip-rule %s: exit %d, %d findings (causes %v), want a clean hunt", m.ruling, clean, len(after), after)
			}
			fmt.Fprintf(&table, "%-10s %-24s %-7s %-16s %-26s exit %d\n", m.game, m.reading, m.ruling, strings.Join(listed, ","), strings.Join(named, "; "), clean)
		})
	}
	t.Logf("one reading of one ruling otherwise, hunted with -cases 1000:\n%s", table.String())
}
