// Package testsets_test judges each game's default test set against its known solutions,
// right and wrong, as a judge's invocations do. It is a test binary of its own: judging
// every wrong solution takes minutes on a loaded machine, and go test's timeout is per
// package.
package testsets_test

import (
	"gamediff/corpus"

	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/testutil/clitest"
)

// TestMain makes the test binary a worker when a judging starts it as one.
func TestMain(m *testing.M) {
	engine.ServeWorker(games.Worker)
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// wrongSolutions are the known wrong solutions of a game: every bug of its program in the
// wrong-solution zoo (WA, RE and TLE), and every program of testdata/rulings (one ruling
// read otherwise), each as an argv, from the programs' own lists in their sources.
func wrongSolutions(t *testing.T, game, zoo, rulings string) [][]string {
	t.Helper()
	var out [][]string
	for _, bug := range clitest.ZooBugs(t, game) {
		out = append(out, []string{filepath.Join(zoo, game), "-bug", bug})
	}
	for _, m := range clitest.Misreadings(t, game) {
		out = append(out, []string{rulings, m.Reading})
	}
	if len(out) < 4 {
		t.Fatalf("%s: %d known wrong solutions read from their sources: the lists moved?", game, len(out))
	}
	return out
}

// killChunk is how many tests a wrong solution is judged on at a time.
const killChunk = 6

// TestDefaultSetsKillTheKnownWrongSolutions: each game's default test set (gen, seed 1) is
// judged as Polygon's invocations judge it, with the game's example solution
// (examples/GAME/solution.cpp) as the right one, and as wrong ones every bug of the
// wrong-solution zoo (WA, RE and TLE) and every one-ruling misreading of
// cmd/diff/testdata/rulings: each wrong solution must fail a test, and the right one pass
// them all. Whether the right one passes within half the time limit (gamediff judge's
// rule) is logged, not asserted: CPU times on a shared machine are for benchmarks.
func TestDefaultSetsKillTheKnownWrongSolutions(t *testing.T) {
	zoo := clitest.Zoo(t)
	for _, g := range games.All() {
		example := filepath.Join("..", "..", "examples", g.Name(), "solution.cpp")
		if _, err := os.Stat(example); err != nil {
			continue // a game without an example solution has no known solutions either
		}
		t.Run(g.Name(), func(t *testing.T) {
			dir := t.TempDir()
			if _, err := games.WriteTestSet(context.Background(), g, games.TestSetConfig{Seed: 1, Dir: dir}); err != nil {
				t.Fatalf("gen: %v", err)
			}
			entries, err := corpus.Read(os.DirFS(dir))
			if err != nil || len(entries) == 0 {
				t.Fatalf("reading the set: %v (%d tests)", err, len(entries))
			}
			tests := make([]engine.Test, len(entries))
			for i, e := range entries {
				tests[i] = engine.TestOf(e)
			}
			right := clitest.CXX(t, "example-"+g.Name(), example)
			rulings := clitest.CXX(t, "rulings-"+g.Name(), filepath.Join("..", "..", "cmd", "diff", "testdata", "rulings", g.Name(), "solution.cpp"))
			judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: g, Program: []string{right}, Workers: 2}, tests)
			if err != nil {
				t.Fatalf("judging the right solution: %v", err)
			}
			slowest := time.Duration(0)
			for _, j := range judged {
				if j.Verdict != engine.OK {
					t.Errorf("the right solution: %s on %s (%s)", j.Verdict, j.Test, j.Signature)
				}
				slowest = max(slowest, j.CPU)
			}
			t.Logf("right: passes every test, the slowest in %v (limit %v)", slowest.Round(time.Millisecond), g.TimeLimit())
			for _, argv := range wrongSolutions(t, g.Name(), zoo, rulings) {
				// A wrong solution is judged a few tests at a time, up to the first it
				// fails: one failed test is all the set needs of it, and each failure is
				// confirmed on reruns, a time-out's at the cost of its limit each.
				var failed []string
				for from := 0; from < len(tests) && len(failed) == 0; from += killChunk {
					judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: g, Program: argv, Workers: 2}, tests[from:min(from+killChunk, len(tests))])
					if err != nil {
						t.Fatalf("judging %s: %v", argv, err)
					}
					for _, j := range judged {
						if j.Verdict != engine.OK {
							failed = append(failed, j.Verdict.String()+" on "+j.Test)
						}
					}
				}
				name := filepath.Base(argv[0]) + " " + strings.Join(argv[1:], " ")
				if len(failed) == 0 {
					t.Errorf("wrong %s passes every test of the set", name)
					continue
				}
				t.Logf("wrong %s: %s", name, strings.Join(failed[:min(3, len(failed))], ", "))
			}
		})
	}
}
