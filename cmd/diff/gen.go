package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"time"

	"gamediff/games"
)

// genCmd writes a game's test set: every planned test as N.in and N.ans, and the plan.
func genCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("gen", "", e)
	name := fs.String("game", "", "the game (required)")
	dir := fs.String("o", "", "output directory (required)")
	seed := fs.Int64("seed", 1, "seed of the test set; the same seed rewrites every file bit for bit")
	workers := fs.Int("workers", 0, "tests generated in parallel (0: GOMAXPROCS)")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	picked, ok := pickGames("gen", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	if *dir == "" {
		fmt.Fprintln(e.stderr, "gamediff gen: -o DIR is required")
		return exitUsage
	}
	start := time.Now()
	set, err := games.WriteTestSet(ctx, g, *seed, *dir, *workers)
	if err != nil {
		fmt.Fprintf(e.stderr, "gamediff gen: %s: %v\n", g.Name(), err)
		return exitFound
	}
	printTestSet(e.stdout, set, *dir, time.Since(start))
	return exitOK
}

// printTestSet lists the tests, then the limits overview: for each constrained quantity,
// whether some test reaches its minimum and its maximum, as a testlib validator reports.
func printTestSet(w io.Writer, set games.TestSet, dir string, took time.Duration) {
	fmt.Fprintf(w, "%s: %d tests written to %s (seed %d) in %.1fs; every input passed the validator, every answer is ref's, and fast agrees\n\n",
		set.Game, len(set.Tests), dir, set.Seed, took.Seconds())
	fmt.Fprintf(w, "%-5s %10s %10s %9s %9s  %s\n", "test", "in bytes", "ans bytes", "ref", "fast", "generator call")
	for _, t := range set.Tests {
		fmt.Fprintf(w, "%-5d %10d %10d %9s %9s  %s\n", t.Number, t.InputBytes, t.AnswerBytes,
			t.Ref.Round(time.Millisecond), t.Fast.Round(time.Millisecond), t.Call)
	}
	fmt.Fprintf(w, "\nlimits: does some test reach each quantity's minimum and maximum?\n")
	fmt.Fprintf(w, "%-14s %-16s %-16s %s\n", "quantity", "limits", "minimum", "maximum")
	for _, c := range set.Coverage {
		maxAt := reached(c.MaxAt)
		if c.Hi >= math.MaxInt32 {
			maxAt = "(no maximum)"
		}
		fmt.Fprintf(w, "%-14s %-16s %-16s %s\n", c.Name, limitsText(c.Lo, c.Hi), reached(c.MinAt), maxAt)
	}
	if len(set.Features) > 0 {
		missing := 0
		fmt.Fprintf(w, "\nexercised: does some test exercise each rule and feature?\n")
		for _, f := range set.Features {
			fmt.Fprintf(w, "%-44s %s\n", f.Name, reached(f.FirstTest))
			if f.FirstTest == 0 {
				missing++
			}
		}
		fmt.Fprintf(w, "%d of %d exercised\n", len(set.Features)-missing, len(set.Features))
	}
}

// limitsText prints a range, with a bound that is only the type's ("1..9223372036854775807")
// printed as no bound ("≥ 1").
func limitsText(lo, hi int) string {
	switch {
	case hi >= math.MaxInt32 && lo <= math.MinInt32:
		return "any"
	case hi >= math.MaxInt32:
		return fmt.Sprintf("≥ %d", lo)
	case lo <= math.MinInt32:
		return fmt.Sprintf("≤ %d", hi)
	}
	return fmt.Sprintf("%d..%d", lo, hi)
}

func reached(test int) string {
	if test == 0 {
		return "NOT reached"
	}
	return fmt.Sprintf("yes (test %d)", test)
}
