// Package testsets_test judges each game's default test set against its known solutions,
// right and wrong, as a judge's invocations do. It is a test binary of its own: judging
// every wrong solution takes minutes on a loaded machine, and go test's timeout is per
// package.
package testsets_test

import (
	"fmt"
	"gamediff/corpus"
	"gamediff/outcome"
	"gamediff/sandbox"
	"maps"
	"slices"
	"strconv"

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
	sandbox.Release() // the judgings started workers: no cgroup of this process's is left
	os.Exit(code)
}

// heldPrograms are the known wrong solutions of a game, by the name a plan's claim gives
// them (gen.PlanTest.Fails): "bug:NAME", every bug of its program in the wrong-solution zoo
// (WA, RE and TLE), and "misreading:NAME", every reading of its misreading program of
// testdata/rulings (one ruling read otherwise), each as an argv, from the programs' own
// lists in their sources.
func heldPrograms(t *testing.T, game, zoo, rulings string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, bug := range clitest.ZooBugs(t, game) {
		out["bug:"+bug] = []string{filepath.Join(zoo, game), "-bug", bug}
	}
	for _, m := range clitest.Misreadings(t, game) {
		out["misreading:"+m.Reading] = []string{rulings, m.Reading}
	}
	if len(out) < 4 {
		t.Fatalf("%s: %d known wrong solutions read from their sources: the lists moved?", game, len(out))
	}
	return out
}

// TestDefaultSetsKillTheKnownWrongSolutions: each game's default test set (gen, seed 1) is
// judged as Polygon's invocations judge it. The right solutions are the game's examples
// (examples/GAME/*.cpp: the example, and the straightforward solution written as the
// accepted ones are): each must pass every test. The wrong ones are every bug of the
// wrong-solution zoo (WA, RE and TLE) and every one-ruling misreading of
// cmd/diff/testdata/rulings: every claim of the plan ("fails bug:NAME") is judged on its
// test, which must fail it, and every wrong solution must be claimed by some test, so
// that what plan.txt says a test fails is a fact. How close the right solutions come to
// the time limit is logged, not asserted: CPU times on a shared machine are for
// benchmarks (docs/benchmarks.md).
func TestDefaultSetsKillTheKnownWrongSolutions(t *testing.T) {
	clitest.Long(t, "that every default set fails every held program its plan claims")
	zoo := clitest.Zoo(t)
	for _, g := range games.All() {
		examples, _ := filepath.Glob(filepath.Join("..", "..", "examples", g.Name(), "*.cpp"))
		if len(examples) == 0 {
			continue // a game without an example solution has no known solutions either
		}
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel() // boom's claims, at the statement's limits, take the longest: the others beside them
			dir := t.TempDir()
			set, err := games.WriteTestSet(context.Background(), g, games.TestSetConfig{Seed: 1, Dir: dir})
			if err != nil {
				t.Fatalf("gen: %v", err)
			}
			tests := map[int]engine.Test{}
			all := make([]engine.Test, 0, len(set.Tests))
			for _, w := range set.Tests {
				test := testNumbered(t, dir, w.Number)
				tests[w.Number] = test
				all = append(all, test)
			}
			for _, src := range examples {
				right := clitest.CXX(t, g.Name()+"-"+strings.TrimSuffix(filepath.Base(src), ".cpp"), src)
				judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: g, Program: []string{right}, Workers: 2}, all)
				if err != nil {
					t.Fatalf("judging %s: %v", src, err)
				}
				slowest, at := time.Duration(0), ""
				for _, j := range judged {
					if j.Verdict != outcome.OK {
						t.Errorf("the right solution %s: %s on %s (%s)", src, j.Verdict, j.Test, j.Signature)
					}
					if j.CPU > slowest {
						slowest, at = j.CPU, filepath.Base(j.Test)
					}
				}
				t.Logf("right %s: passes every test, the slowest (%s) in %v (limit %v)", filepath.Base(src), at, slowest.Round(time.Millisecond), g.TimeLimit())
			}
			rulings := clitest.CXX(t, "rulings-"+g.Name(), filepath.Join("..", "..", "cmd", "diff", "testdata", "rulings", g.Name(), "solution.cpp"))
			held := heldPrograms(t, g.Name(), zoo, rulings)
			claimed := map[string][]int{}
			for _, w := range set.Tests {
				for _, name := range w.Fails {
					if held[name] == nil {
						t.Errorf("test %d claims to fail %q, a program the project does not hold", w.Number, name)
						continue
					}
					claimed[name] = append(claimed[name], w.Number)
				}
			}
			for _, name := range slices.Sorted(maps.Keys(held)) {
				numbers := claimed[name]
				if len(numbers) == 0 {
					t.Errorf("%s: no test of the plan claims to fail it", name)
					continue
				}
				cases := make([]engine.Test, len(numbers))
				for i, n := range numbers {
					cases[i] = tests[n]
				}
				judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: g, Program: held[name], Workers: 2}, cases)
				if err != nil {
					t.Fatalf("judging %s: %v", name, err)
				}
				var verdicts []string
				for i, j := range judged {
					switch {
					case j.Unjudged:
						t.Errorf("test %d claims to fail %s, and gave no verdict: %s", numbers[i], name, j.Note)
					case j.Verdict == outcome.OK:
						t.Errorf("test %d claims to fail %s, which passes it (%s)", numbers[i], name, j.Note)
					}
					verdicts = append(verdicts, fmt.Sprintf("%s on test %d", j.Verdict, numbers[i]))
				}
				t.Logf("%s: %s", name, strings.Join(verdicts, ", "))
			}
		})
	}
}

// testNumbered is test number of a set written to dir, its answer expected.
func testNumbered(t *testing.T, dir string, number int) engine.Test {
	t.Helper()
	e, err := corpus.ReadEntry(os.DirFS(dir), strconv.Itoa(number)+".in")
	if err != nil {
		t.Fatalf("reading test %d: %v", number, err)
	}
	return engine.TestOf(e)
}
