// Package triage_test hunts, as a contestant would, the programs of
// cmd/diff/testdata/rulings: each game's example solution with one reading of one ruling
// taken otherwise. It runs the gamediff binary as a user does, in a package of its own so
// that these minutes of hunting do not crowd cmd/diff's tests.
package triage_test

import (
	"encoding/json"
	"fmt"
	"gamediff/internal/clitest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestMain removes what the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// One ruling read otherwise, one cause named. Each program is hunted: the check before the
// hunt must list exactly its ruling, every finding must name exactly that ruling as its
// cause, and the hunt with -skip-rule of it must be clean.

// misreading is one program of testdata/rulings: its game, its argument, and the ruling it
// reads otherwise.
type misreading struct {
	game, reading, ruling string
}

// misreadings reads the programs' own lists, in their headers.
func misreadings(t *testing.T) []misreading {
	t.Helper()
	var out []misreading
	for _, game := range []string{"mine", "boom", "tower", "datamining"} {
		for _, m := range clitest.Misreadings(t, game) {
			out = append(out, misreading{game, m.Reading, m.Ruling})
		}
	}
	if len(out) < 19 {
		t.Fatalf("%d misreadings read from testdata/rulings: the headers moved?", len(out))
	}
	return out
}

// build builds the gamediff binary and the four C++ programs, once.
func build(t *testing.T) (gamediff string, programs map[string]string) {
	t.Helper()
	programs = map[string]string{}
	for _, game := range []string{"mine", "boom", "tower", "datamining"} {
		programs[game] = clitest.CXX(t, "rulings-"+game, filepath.Join("..", "testdata", "rulings", game, "solution.cpp"))
	}
	return clitest.Gamediff(t), programs
}

// checkListed is the rulings the check before a hunt says the program reads differently.
var checkListed = regexp.MustCompile(`(?m)^    (R-[A-Z]+[0-9]+): `)

// hunt hunts program (its argv as one -cmd) and returns the hunt's exit, the rulings the
// check listed, the causes each finding names, and stderr.
func hunt(t *testing.T, gamediff, game, program string, extra ...string) (int, []string, [][]string, string) {
	t.Helper()
	args := append([]string{"hunt", "-game", game, "-cmd", program, "-seed", "1", "-json", "-o", t.TempDir(),
		"-cases", "1000", "-minimize-time", "10s"}, extra...)
	cmd := exec.Command(gamediff, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Findings []struct {
			Causes []struct{ Ruling string }
		}
	}
	if err := json.Unmarshal(out, &sum); err != nil {
		t.Fatalf("exit %d, stdout is not JSON: %v\n%s\n%s", code, err, out, stderr.String())
	}
	var listed []string
	for _, m := range checkListed.FindAllStringSubmatch(stderr.String(), -1) {
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
	return code, listed, causes, stderr.String()
}

// TestOneMisreadingOneCause hunts each misreading to its first finding, and again with
// -skip-rule of its ruling. The games' programs are hunted side by side, each game's one
// after another: on a loaded machine one after another they took past go test's timeout.
func TestOneMisreadingOneCause(t *testing.T) {
	gamediff, programs := build(t)
	byGame := map[string][]misreading{}
	var games []string
	for _, m := range misreadings(t) {
		if len(byGame[m.game]) == 0 {
			games = append(games, m.game)
		}
		byGame[m.game] = append(byGame[m.game], m)
	}
	rows := map[string]*strings.Builder{}
	for _, game := range games {
		rows[game] = new(strings.Builder)
	}
	t.Cleanup(func() {
		var table strings.Builder
		fmt.Fprintf(&table, "%-10s %-24s %-7s %-16s %-26s %s\n", "game", "reading", "ruling", "check lists", "findings name", "-skip-rule it")
		for _, game := range games {
			table.WriteString(rows[game].String())
		}
		t.Logf("one reading of one ruling otherwise, hunted with -cases 1000:\n%s", table.String())
	})
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			for _, m := range byGame[game] {
				misreadingHunts(t, gamediff, programs, m, rows[game])
			}
		})
	}
}

// misreadingHunts hunts one misreading: the check and its finding name exactly its ruling,
// and the hunt with -skip-rule of it is clean. It adds its row to table.
func misreadingHunts(t *testing.T, gamediff string, programs map[string]string, m misreading, table *strings.Builder) {
	t.Run(m.reading, func(t *testing.T) {
		program := programs[m.game] + " " + m.reading
		code, listed, causes, errs := hunt(t, gamediff, m.game, program)
		named := []string{}
		for _, ids := range causes {
			named = append(named, strings.Join(ids, ","))
		}
		if code != 1 || len(causes) == 0 {
			t.Errorf("exit %d with %d findings, want 1 with one at least\n%s", code, len(causes), errs)
		}
		if !slices.Equal(listed, []string{m.ruling}) {
			t.Errorf("the check lists %v, want [%s]", listed, m.ruling)
		}
		for i, ids := range causes {
			if !slices.Equal(ids, []string{m.ruling}) {
				t.Errorf("finding %d names %v as causes, want [%s]", i+1, ids, m.ruling)
			}
		}
		clean, _, after, _ := hunt(t, gamediff, m.game, program, "-skip-rule", m.ruling)
		if clean != 0 {
			t.Errorf("with -skip-rule %s: exit %d, %d findings (causes %v), want a clean hunt", m.ruling, clean, len(after), after)
		}
		fmt.Fprintf(table, "%-10s %-24s %-7s %-16s %-26s exit %d\n", m.game, m.reading, m.ruling, strings.Join(listed, ","), strings.Join(named, "; "), clean)
	})
}
