// Package testsets_test judges each game's default test set against its known solutions,
// right and wrong, as a judge's invocations do. It is a test binary of its own: judging
// every wrong solution takes minutes on a loaded machine, and go test's timeout is per
// package.
package testsets_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamediff/corpus"
	"gamediff/engine"
	"gamediff/games"
	"gamediff/outcome"
	"gamediff/sandbox"
	"gamediff/testutil/clitest"
	"gamediff/testutil/cpuclock"
)

// TestMain makes the test binary a worker when a judging starts it as one.
func TestMain(m *testing.M) {
	engine.ServeWorker(games.Worker)
	code := m.Run()
	clitest.Cleanup()
	sandbox.Release() // the judgings started workers: no cgroup of this process's is left
	os.Exit(code)
}

// heldProgram is a known wrong solution as the kill test runs it: its argv, and the
// time limit its claims are judged with (0: the statement's).
type heldProgram struct {
	argv  []string
	limit time.Duration
}

// chargedBug is the zoo's bug whose cost is charged in CPU time (cpuclock) rather than
// spent, -cell-ns a cell of each scan: right, but too slow, so that a test claiming it
// claims a time-out.
const chargedBug = "rescan"

// timeOutShrink is how many times shorter than the statement's limit a claim of
// chargedBug is judged, with the zoo's charge per cell as many times smaller: a verdict of
// time depends only on the ratio of the CPU a program is charged to its limit, and every
// run of a time-out costs its limit (and its rerun alone the margin on top). What the
// program really computes is not scaled: it only adds to a time that must exceed the
// limit, and on the tests whose charge comes nearest the limit (the smallest that claim
// it) it is small beside the charge.
const timeOutShrink = 8

// heldPrograms are the known wrong solutions of a game, by the name a plan's claim gives
// them (gen.PlanTest.Fails): "bug:NAME", every bug of its program in the wrong-solution zoo
// (WA, RE and TLE), and "misreading:NAME", every reading of its misreading program of
// testdata/rulings (one ruling read otherwise), from the programs' own lists in their
// sources. chargedBug is judged under a limit timeOutShrink times shorter than the game's
// (scaled as every limit a test sets, cpuclock.Limit), charged as many times less a cell.
func heldPrograms(t *testing.T, g games.Game, zoo, rulings string) map[string]heldProgram {
	t.Helper()
	out := map[string]heldProgram{}
	for _, bug := range clitest.ZooBugs(t, g.Name()) {
		out["bug:"+bug] = heldProgram{argv: []string{filepath.Join(zoo, g.Name()), "-bug", bug}}
	}
	if p, ok := out["bug:"+chargedBug]; ok {
		var cellNS string
		p.limit, cellNS = clitest.RescanUnder(t, g.Name(), g.TimeLimit(), timeOutShrink)
		p.argv = append(p.argv, "-cell-ns", cellNS)
		out["bug:"+chargedBug] = p
	}
	for _, m := range clitest.Misreadings(t, g.Name()) {
		out["misreading:"+m.Reading] = heldProgram{argv: []string{rulings, m.Reading}}
	}
	if len(out) < 4 {
		t.Fatalf("%s: %d known wrong solutions read from their sources: the lists moved?", g.Name(), len(out))
	}
	return out
}

// TestDefaultSetsKillTheKnownWrongSolutions: each game's default test set (gen, seed 1) is
// judged as Polygon's invocations judge it. The right solutions are the game's examples
// (examples/GAME/*.cpp: the example, and the straightforward solution written as the
// accepted ones are): each must pass every test, under the statement's limit scaled as
// every limit a test sets (cpuclock.Limit). The wrong ones are every bug of the
// wrong-solution zoo (WA, RE and TLE) and every one-ruling misreading of
// cmd/diff/testdata/rulings: every claim of the plan ("fails bug:NAME") is judged on its
// test, which must fail it (a claim of time by a time-out, judged as heldPrograms says),
// and every wrong solution must be claimed by some test, so that what plan.txt says a
// test fails is a fact. How close the right solutions come to
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
				// The statement's limit, scaled as every limit a test sets (cpuclock.Limit):
				// a right solution must pass on a slower machine too.
				limit := cpuclock.Limit(g.TimeLimit())
				judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: g, Program: []string{right}, Workers: 2,
					Limits: sandbox.Limits{Time: limit}}, all)
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
				t.Logf("right %s: passes every test, the slowest (%s) in %v (limit %v)", filepath.Base(src), at, slowest.Round(time.Millisecond), limit.Round(time.Millisecond))
			}
			rulings := clitest.CXX(t, "rulings-"+g.Name(), filepath.Join("..", "..", "cmd", "diff", "testdata", "rulings", g.Name(), "solution.cpp"))
			held := heldPrograms(t, g, zoo, rulings)
			claimed := map[string][]int{}
			for _, w := range set.Tests {
				for _, name := range w.Fails {
					if _, ok := held[name]; !ok {
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
				p := held[name]
				judged, err := engine.JudgeTests(context.Background(), engine.JudgeConfig{Game: g, Program: p.argv,
					Workers: min(2, len(cases)), Limits: sandbox.Limits{Time: p.limit}}, cases)
				if err != nil {
					t.Fatalf("judging %s: %v", name, err)
				}
				if len(judged) != len(cases) {
					t.Fatalf("judging %s: %d judgements of %d tests", name, len(judged), len(cases))
				}
				var verdicts []string
				for i, j := range judged {
					switch {
					case j.Unjudged:
						t.Errorf("test %d claims to fail %s, and gave no verdict: %s", numbers[i], name, j.Note)
					case j.Verdict == outcome.OK:
						t.Errorf("test %d claims to fail %s, which passes it (%s)", numbers[i], name, j.Note)
					case j.Runs < 2:
						// A failure is a verdict once its reruns confirmed it: a judgement
						// without them is none (a zero Judgement among them).
						t.Errorf("test %d claims to fail %s: %s on %d runs, unconfirmed (%+v)", numbers[i], name, j.Verdict, j.Runs, j)
					case p.limit > 0 && j.Verdict != outcome.TLE:
						t.Errorf("test %d claims to fail %s, a time-out, and gave %s (%s)", numbers[i], name, j.Verdict, j.Note)
					}
					verdicts = append(verdicts, fmt.Sprintf("%s on test %d", j.Verdict, numbers[i]))
				}
				under := ""
				if p.limit > 0 {
					under = fmt.Sprintf(" (limit %v, %s)", p.limit, strings.Join(p.argv[1:], " "))
				}
				t.Logf("%s%s: %s", name, under, strings.Join(verdicts, ", "))
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
