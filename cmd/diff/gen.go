package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gamediff/corpus"
	"gamediff/engine"
	"gamediff/games"
	"gamediff/outcome"
	"gamediff/report"
	"gamediff/sandbox"
)

// genCmd writes a game's test set: every planned test as N.in and N.ans, or one test
// alone (-test N), and the plan; then the CPU time of fast on each test and the I/O
// floor beside it, both measured as judge measures a run.
func genCmd(ctx context.Context, args []string, e *env) int {
	flags := newFlags("gen", "", e)
	name := flags.String("game", "", "the game (required)")
	dir := flags.String("o", "", "output folder (required): new, empty, or one an earlier gen wrote, whose files alone it removes")
	seed := flags.Int64("seed", 1, "seed of the test set; the same seed rewrites every file bit for bit")
	test := flags.Int("test", 0, "write test N alone, byte for byte the set's (0: every test)")
	workers := flags.Int("workers", 0, "tests generated, then timed, in parallel (0: GOMAXPROCS)")
	timing := flags.Bool("timing", true, "measure the CPU time of fast on each test, and the I/O floor, as judge does")
	if code, ok := parseFlags(flags, args, e); !ok {
		return code
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "gamediff gen: "+format+"\n", args...)
		return exitUsage
	}
	picked, ok := pickGames("gen", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	switch plan := g.Plan(); {
	case *dir == "":
		return fail("-o DIR is required")
	case *test < 0 || *test > len(plan):
		return fail("-test %d: the plan of %s has tests 1 to %d", *test, g.Name(), len(plan))
	case *workers < 0 || *workers > maxWorkers:
		return fail("-workers must be 0 to %d, not %d", maxWorkers, *workers)
	}
	start := time.Now()
	set, err := games.WriteTestSet(ctx, g, games.TestSetConfig{Seed: *seed, Dir: *dir, Test: *test, Workers: *workers})
	var folder *games.FolderError
	var path *fs.PathError
	switch {
	case ctx.Err() != nil:
		return exitInterrupted
	case errors.As(err, &folder):
		return fail("-o %v", err)
	case errors.As(err, &path):
		return fail("%s: %v", g.Name(), err)
	case err != nil:
		fmt.Fprintf(e.stderr, "gamediff gen: %s: %v\n", g.Name(), err)
		return exitFound
	}
	took := time.Since(start)
	var times []testTime
	if *timing {
		status := report.NewStatus(e.stderr, e.stderrIsTerm)
		times, err = timeTestSet(ctx, g, *dir, set, *workers, func(done, total int) {
			status.Count(fmt.Sprintf("%s: timed %d of %d tests", g.Name(), done, total), done, total)
		})
		status.Clear()
		switch {
		case ctx.Err() != nil:
			return exitInterrupted
		case err != nil:
			return fail("%s: timing the tests: %v", g.Name(), err)
		}
	}
	printTestSet(e.stdout, set, *dir, took, times, g.TimeLimit())
	return exitOK
}

// testTime is what a test costs: fast's CPU time, run as judge runs it (in a worker
// process, its CPU time read from the kernel), and the I/O floor's, a program that only
// reads the input and writes the answer, run in judge's sandbox.
type testTime struct {
	fast, floor time.Duration
	verdict     outcome.Verdict
}

// floorProgram is the I/O floor: a shell that reads the input to its end, then writes the
// answer file given as its argument. No solution can take less: it pays a process's start,
// reading every byte and writing every byte.
var floorProgram = []string{"sh", "-c", `cat >/dev/null && exec cat "$1"`, "floor"}

// timeTestSet measures every test of set in dir: fast with judge's runner (JudgeTests, in
// worker processes), then the I/O floor with judge's sandbox (sandbox.Command), one test
// at a time so that the floors do not compete with each other.
func timeTestSet(ctx context.Context, g games.Game, dir string, set games.TestSet, workers int, progress func(done, total int)) ([]testTime, error) {
	tests := make([]engine.Test, len(set.Tests))
	answers := make([]string, len(set.Tests))
	for i, t := range set.Tests {
		base := filepath.Join(dir, strconv.Itoa(t.Number))
		input, err := corpus.ReadFile(base + ".in")
		if err != nil {
			return nil, err
		}
		answer, err := corpus.ReadFile(base + ".ans")
		if err != nil {
			return nil, err
		}
		answers[i] = base + ".ans"
		tests[i] = engine.Test{Name: base + ".in", Input: input, Want: outcome.Result{Solver: outcome.Expected, Result: sandbox.Result{Stdout: answer}}}
	}
	total := 2 * len(tests)
	judged, err := engine.JudgeTests(ctx, engine.JudgeConfig{Game: g, Workers: workers, Limits: sandbox.Limits{Time: g.TimeLimit()},
		Progress: func(settled, _ int) { progress(settled, total) }}, tests)
	if err != nil {
		return nil, fmt.Errorf("fast: %w", err)
	}
	out := make([]testTime, len(tests))
	for i, j := range judged {
		out[i].fast, out[i].verdict = j.CPU, j.Verdict
		floor := sandbox.Command{Argv: append(floorProgram, answers[i]),
			Limits: sandbox.Limits{Time: time.Minute, Output: len(tests[i].Want.Stdout) + 1}}
		r, err := floor.Run(ctx, tests[i].Input)
		if err != nil {
			return nil, fmt.Errorf("the I/O floor: %w", err)
		}
		if r.Status != sandbox.Exited || r.Exit != 0 {
			return nil, fmt.Errorf("the I/O floor on %s: %s %s", tests[i].Name, r.Status, firstLineOf(r.Stderr))
		}
		out[i].floor = r.CPU
		progress(len(tests)+i+1, total)
	}
	return out, nil
}

// printTestSet lists the tests, with their CPU times when measured, then the limits
// overview: for each constrained quantity, whether some test reaches its minimum and its
// maximum, as a testlib validator reports.
func printTestSet(w io.Writer, set games.TestSet, dir string, took time.Duration, times []testTime, limit time.Duration) {
	what := fmt.Sprintf("%d tests", len(set.Tests))
	if set.Only != 0 {
		what = fmt.Sprintf("test %d", set.Only)
	}
	fmt.Fprintf(w, "%s: %s written to %s (seed %d) in %.1fs; every input passed the validator, every answer is ref's, and fast agrees\n",
		set.Game, what, dir, set.Seed, took.Seconds())
	fmt.Fprintf(w, "the plan, with the command that writes each test alone, what it aims at and what it reaches: %s\n\n",
		filepath.Join(dir, games.PlanFile))
	if times != nil {
		fmt.Fprintf(w, "CPU times as judge measures them: fast in a worker process, the I/O floor (%s: read the input, write the answer) in the sandbox; limit %v\n",
			"sh, cat", limit)
		fmt.Fprintf(w, "%-5s %10s %10s %9s %9s  %s\n", "test", "in bytes", "ans bytes", "fast CPU", "floor CPU", "generator call")
	} else {
		fmt.Fprintf(w, "%-5s %10s %10s  %s\n", "test", "in bytes", "ans bytes", "generator call")
	}
	for i, t := range set.Tests {
		if times == nil {
			fmt.Fprintf(w, "%-5d %10d %10d  %s\n", t.Number, t.InputBytes, t.AnswerBytes, t.Call)
			continue
		}
		fastCPU := times[i].fast.Round(time.Millisecond).String()
		if times[i].verdict != outcome.OK {
			fastCPU = times[i].verdict.String() // fast agreed with ref as the set was made: a run that fails here is the machine's
		}
		fmt.Fprintf(w, "%-5d %10d %10d %9s %9s  %s\n", t.Number, t.InputBytes, t.AnswerBytes, fastCPU,
			times[i].floor.Round(time.Millisecond), t.Call)
	}
	if len(set.Coverage) > 0 {
		fmt.Fprintf(w, "\nlimits: does some test reach each quantity's minimum and maximum?\n")
		fmt.Fprintf(w, "%-14s %-16s %-16s %s\n", "quantity", "limits", "minimum", "maximum")
		for _, c := range set.Coverage {
			fmt.Fprintf(w, "%-14s %-16s %-16s %s\n", c.Name, games.LimitsText(c.Lo, c.Hi), games.Reached(c.MinAt), games.MaxReached(c))
		}
	}
	if len(set.Features) > 0 {
		missing := 0
		fmt.Fprintf(w, "\nexercised: does some test exercise each rule and feature?\n")
		for _, f := range set.Features {
			fmt.Fprintf(w, "%-44s %s\n", f.Name, games.Reached(f.FirstTest))
			if f.FirstTest == 0 {
				missing++
			}
		}
		fmt.Fprintf(w, "%d of %d exercised\n", len(set.Features)-missing, len(set.Features))
	}
	if c := set.Situations; c != nil {
		fmt.Fprintf(w, "\nsituations: the tests reach %d of the %d situations of the game's catalogue (%s lists the first test to reach each)\n",
			c.Reached(), len(c.Catalogue), games.PlanFile)
		if never := c.Never(); len(never) > 0 {
			fmt.Fprintf(w, "never reached: %s\n", strings.Join(never, ", "))
		}
	}
}
