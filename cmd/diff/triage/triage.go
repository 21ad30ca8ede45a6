// Package triage hunts, as a contestant would, the programs of cmd/diff/testdata/rulings:
// each game's example solution with one reading of one ruling taken otherwise. It runs the
// gamediff binary as a user does. Each game's hunts are a test package of their own (the
// folders under this one, whose tests call Test): go test's timeout is per package, and
// on a loaded machine one game's hunts take minutes.
package triage

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"gamediff/corpus"
	"gamediff/coverage"
	"gamediff/games"
	"gamediff/testutil/clitest"
)

// One ruling read otherwise, one cause named. Each program is hunted: the check before the
// hunt must list exactly its ruling, every finding must name exactly that ruling as its
// cause, and the hunt with -skip-rule of it must be clean.

// build builds the gamediff binary and the game's C++ program, once.
func build(t *testing.T, game string) (gamediff, program string) {
	t.Helper()
	src := clitest.Path("cmd", "diff", "testdata", "rulings", game, "solution.cpp")
	return clitest.Gamediff(t), clitest.CXX(t, "rulings-"+game, src)
}

// checkListed is the rulings the check before a hunt says the program reads differently.
var checkListed = regexp.MustCompile(`(?m)^    (R-[A-Z]+[0-9]+): `)

// hunt hunts program (its argv as one -cmd) and returns the hunt's exit, the rulings the
// check listed, the causes each finding names, and stderr. The minimization's budget, which
// a wrong answer's walks of causes get too, only bounds one gone wrong: the walks are
// bounded by their count of candidates (300), and a budget of seconds, on a loaded
// machine, ends a walk before it has tried enough to name its ruling.
func hunt(t *testing.T, gamediff, game, program, out string, extra ...string) (int, []string, [][]string, string, []string) {
	t.Helper()
	args := append([]string{"hunt", "-game", game, "-cmd", program, "-seed", "1", "-json", "-o", out,
		"-cases", "1000", "-minimize-time", "5m"}, extra...)
	code, out, stderr := clitest.Run(t, gamediff, "", args...)
	var sum struct {
		Findings []struct {
			Causes []struct{ Ruling string }
		}
		Coverage struct {
			Situations, Reached int
			NeverReached        []string `json:"never_reached"`
		}
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("exit %d, stdout is not JSON: %v\n%s\n%s", code, err, out, stderr)
	}
	var listed []string
	for _, m := range checkListed.FindAllStringSubmatch(stderr, -1) {
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
	if sum.Coverage.Situations == 0 {
		t.Fatalf("no coverage in the summary:\n%s", out)
	}
	return code, listed, causes, stderr, sum.Coverage.NeverReached
}

// aimDraws is how many cases aimed at one situation unreached draws: the generators'
// aims reach their situation in one draw in a few, unless the ruling left out needs it.
const aimDraws = 8

// unreached checks the situations a hunt of the game with -skip-rule of ruling never
// reached: one that a hand-made case of the corpus reaches without reaching the ruling
// (as ref plays it), and that the generators leaving the ruling out still reach when
// aimed at it, is an error, since the hunt was too short to be clean of it. One they
// never reach is left out with the ruling (the generators draw a case again where they
// cannot tell), and is returned.
func unreached(t *testing.T, game, ruling string, never []string, cleanCases int) (leftOut []string) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	skipping, err := games.SkipRulings(g, []string{ruling})
	if err != nil {
		t.Fatal(err)
	}
	entries, err := corpus.Read(g.HandMade())
	if err != nil {
		t.Fatalf("%s's hand-made cases: %v", game, err)
	}
	catalogue := g.Situations()
	without := map[string]string{} // situation → a hand-made case reaching it without the ruling
	for _, e := range entries {
		if e.ErrLine != 0 || skipping.Skips(e.Input) != "" {
			continue // an input error reaches no situation; a case reaching the ruling is left out
		}
		for _, id := range g.Reach(e.Input).IDs(catalogue) {
			if without[id] == "" {
				without[id] = e.Path
			}
		}
	}
	if len(without) == 0 {
		t.Fatalf("no hand-made case of %s reaches a situation without %s: the corpus moved?", game, ruling)
	}
	for _, id := range never {
		if without[id] == "" {
			continue
		}
		i := slices.IndexFunc(catalogue, func(s coverage.Situation) bool { return s.ID == id })
		if i < 0 {
			t.Errorf("the hunt names situation %q, which %s's catalogue does not hold", id, game)
			continue
		}
		var want coverage.Set
		want.Add(i)
		hits := 0
		for seed := uint64(1); seed <= aimDraws; seed++ {
			if skipping.Reach(skipping.Toward(seed, want).Encode()).Has(i) {
				hits++
			}
		}
		if hits > 0 {
			t.Errorf("with -skip-rule %s: %s never reached in %d cases, though %s reaches it without the ruling and %d of %d cases aimed at it do: the hunt is too short to be clean of it",
				ruling, id, cleanCases, without[id], hits, aimDraws)
			continue
		}
		leftOut = append(leftOut, id)
	}
	return leftOut
}

// Test hunts each misreading of the game to its first finding, and again with -skip-rule
// of its ruling, into the same folder: the check and its finding name exactly its ruling,
// and the hunt with -skip-rule of it is clean, its saved finding replayed as skipped. The
// misreadings are hunted side by side (go test's -parallel).
//
// cleanCases is the length of the hunts with -skip-rule, which must be clean: the opening
// cases (the default set's tests) and enough steered cases after them to reach every
// situation the ruling skipped leaves, which unreached checks. Each game's test gives its
// own.
func Test(t *testing.T, game string, cleanCases int) {
	clitest.Long(t, "that every misreading is named as its one cause, and -skip-rule of it is clean")
	t.Cleanup(clitest.Cleanup) // what it built: it is its package's only test
	gamediff, program := build(t, game)
	readings := clitest.Misreadings(t, game)
	if len(readings) == 0 {
		t.Fatalf("no misreading read from testdata/rulings/%s: the header moved?", game)
	}
	var (
		mu   sync.Mutex
		rows []string
	)
	t.Cleanup(func() {
		slices.Sort(rows)
		t.Logf("one reading of one ruling otherwise, hunted with -cases 1000 (with -skip-rule: %d):\n%-24s %-7s %-16s %-26s %s\n%s",
			cleanCases, "reading", "ruling", "check lists", "findings name", "-skip-rule it", strings.Join(rows, ""))
	})
	for _, m := range readings {
		t.Run(m.Reading, func(t *testing.T) {
			t.Parallel()
			row := misreadingHunts(t, gamediff, game, program+" "+m.Reading, m, cleanCases)
			mu.Lock()
			rows = append(rows, row)
			mu.Unlock()
		})
	}
}

// misreadingHunts hunts one misreading, and returns its row of the table.
func misreadingHunts(t *testing.T, gamediff, game, program string, m clitest.Misreading, cleanCases int) string {
	found := t.TempDir()
	code, listed, causes, errs, _ := hunt(t, gamediff, game, program, found)
	named := []string{}
	for _, ids := range causes {
		named = append(named, strings.Join(ids, ","))
	}
	if code != 1 || len(causes) == 0 {
		t.Errorf("exit %d with %d findings, want 1 with one at least\n%s", code, len(causes), errs)
	}
	if !slices.Equal(listed, []string{m.Ruling}) {
		t.Errorf("the check lists %v, want [%s]", listed, m.Ruling)
	}
	for i, ids := range causes {
		if !slices.Equal(ids, []string{m.Ruling}) {
			t.Errorf("finding %d names %v as causes, want [%s]", i+1, ids, m.Ruling)
		}
	}
	// The same folder: the findings saved above are replayed first, and fail in the
	// ruling left out, which is no failure of this hunt.
	// Clean: no finding in cases that reach every situation of the catalogue but those
	// the ruling skipped leaves out (the steering reaches them all within cleanCases of
	// seed 1, in every game: unreached checks it).
	clean, _, after, cleanErrs, never := hunt(t, gamediff, game, program, found, "-skip-rule", m.Ruling, "-cases", fmt.Sprint(cleanCases))
	t.Logf("with -skip-rule %s: never reached in %d cases: %v", m.Ruling, cleanCases, never)
	if leftOut := unreached(t, game, m.Ruling, never, cleanCases); len(leftOut) > 0 {
		t.Logf("with -skip-rule %s: reached without it by a hand-made case, and by no case its generators aim at it: %v", m.Ruling, leftOut)
	}
	if clean != 0 {
		t.Errorf("with -skip-rule %s: exit %d, %d findings (causes %v), want a clean hunt\n%s", m.Ruling, clean, len(after), after, cleanErrs)
	}
	if len(causes) > 0 && !strings.Contains(cleanErrs, "skipped: it reaches "+m.Ruling) {
		t.Errorf("with -skip-rule %s: the saved findings were not replayed as skipped:\n%s", m.Ruling, cleanErrs)
	}
	return fmt.Sprintf("%-24s %-7s %-16s %-26s exit %d\n", m.Reading, m.Ruling, strings.Join(listed, ","), strings.Join(named, "; "), clean)
}
