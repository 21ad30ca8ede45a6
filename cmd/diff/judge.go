package main

import (
	"gamediff/outcome"
	"gamediff/report"

	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gamediff/engine"
	"gamediff/sandbox"
)

// judgeCmd runs a program (or the game's fast judge) on every test of folders or files, as
// a judge does: the hunt's sandbox, limits and comparison, tests in parallel, a failure
// rerun before its verdict is given; one row per test and a summary.
func judgeCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("judge", "[DIR | FILE.in]...   (default: corpus/<game>)", e)
	name := fs.String("game", "", "the game (required)")
	program := fs.String("cmd", "", "the program to judge, run as hunt -cmd runs it; empty: the game's fast judge")
	timeout := fs.Duration("timeout", 0, "CPU time limit per test, 1ms to 1h (default: the statement's)")
	memory := fs.Int64("memory-limit", 1024, "memory limit per test, in MiB")
	output := fs.Int64("output-limit", 64<<20, "bytes of output allowed per test, 1 to 1 GiB: writing past it is OLE; the output is compared with the test's answer as it is read, so gamediff holds none of it but a little past the answer, whatever the limit")
	compare := fs.String("compare", "exact", "how answers are compared: exact (bytes) or tokens (whitespace ignored)")
	workers := fs.Int("workers", 0, "tests run in parallel (0: one per CPU)")
	asJSON := fs.Bool("json", false, "print the judgements and the summary as one JSON object on stdout")
	explain := fs.Bool("explain", false, "for each test failed with TLE, measure and print how the program's time grows along each dimension of it, beside fast's")
	var rights, wrongs programList
	fs.Var(&rights, "right", "a right solution, for Polygon's invocations: every test must pass within half the time limit (repeatable)")
	fs.Var(&wrongs, "wrong", "a wrong solution, for Polygon's invocations: some test must fail it (repeatable)")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	fail := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "gamediff judge: "+format+" (see 'gamediff judge -h')\n", args...)
		return exitUsage
	}
	switch {
	case set["cmd"] && strings.TrimSpace(*program) == "":
		return fail("-cmd is empty: give the program to judge")
	case set["cmd"] && len(rights)+len(wrongs) > 0:
		return fail("-cmd judges one program; -right and -wrong judge several (Polygon's invocations): give one or the other")
	case slices.Contains(append(rights, wrongs...), ""):
		return fail("-right and -wrong take a program")
	case set["timeout"] && (*timeout < time.Millisecond || *timeout > time.Hour):
		return fail("-timeout must be 1ms to 1h, not %v", *timeout)
	case *memory < 1 || *memory > machineMemory()>>20:
		return fail("-memory-limit must be 1 to %d MiB, not %d", machineMemory()>>20, *memory)
	case *output < 1 || *output > 1<<30:
		return fail("-output-limit must be 1 to %d bytes, not %d", 1<<30, *output)
	case *compare != "exact" && *compare != "tokens":
		return fail("-compare must be exact or tokens, not %q", *compare)
	case *workers < 0 || *workers > maxWorkers:
		return fail("-workers must be 0 to %d, not %d", maxWorkers, *workers)
	}
	picked, ok := pickGames("judge", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{filepath.Join("corpus", g.Name())}
	}
	var tests []engine.Test
	skipped := 0
	for _, p := range paths {
		entries, err := readEntries(ctx, p)
		if ctx.Err() != nil {
			return exitInterrupted
		}
		if err != nil {
			return fail("%v", err)
		}
		for _, en := range entries {
			if en.ErrLine != 0 && *program != "" {
				skipped++ // an input error: a contestant's program may assume valid input
				continue
			}
			tests = append(tests, engine.TestOf(en))
		}
	}
	if skipped > 0 {
		fmt.Fprintf(e.stderr, "%s: %s left out: a program may assume valid input\n", g.Name(), plural(int64(skipped), "input-error case"))
	}
	if len(tests) == 0 {
		return fail("no test (NAME.in with NAME.ans) in %s", strings.Join(paths, ", "))
	}
	slices.SortStableFunc(tests, func(a, b engine.Test) int { return naturalCompare(a.Name, b.Name) })
	cfg := engine.JudgeConfig{Game: g, Workers: *workers,
		Limits: sandbox.Limits{Time: *timeout, Memory: *memory << 20, Output: int(*output)}}
	if cfg.Limits.Time == 0 {
		cfg.Limits.Time = g.TimeLimit()
	}
	cfg.Compare, _ = engine.ComparisonNamed(*compare)
	if *program != "" {
		cfg.Program = programArgv(*program)
	}
	status := report.NewStatus(e.stderr, e.stderrIsTerm)
	cfg.Progress = func(settled, total int) {
		status.Count(fmt.Sprintf("%s: judged %d of %d tests", g.Name(), settled, total), settled, total)
	}
	if len(rights)+len(wrongs) > 0 {
		return invocations(ctx, g.Name(), cfg, tests, rights, wrongs, *asJSON, status, e)
	}
	judged, err := engine.JudgeTests(ctx, cfg, tests)
	status.Clear()
	switch {
	case ctx.Err() != nil:
		return exitInterrupted
	case err != nil:
		fmt.Fprintf(e.stderr, "gamediff judge: %v%s\n", err, runHint(cfg.Program))
		return exitUsage
	}
	who := "fast"
	if *program != "" {
		who = *program
	}
	if *explain {
		explainTimeOuts(ctx, e, cfg, tests, judged)
	}
	sum := report.Totals(judged)
	if *asJSON {
		json.NewEncoder(e.stdout).Encode(struct {
			Game    string              `json:"game"`
			Judged  string              `json:"judged"`
			Passed  int                 `json:"passed"`
			Tests   int                 `json:"tests"`
			Summary string              `json:"summary"`
			Results []outcome.Judgement `json:"results"`
		}{g.Name(), who, sum.Passed, len(judged), sum.Text, judged})
	} else {
		report.Judgements(e.stdout, judged, cfg.Limits.Time)
		report.Growths(e.stdout, judged, cfg.Limits.Time, *program != "")
	}
	fmt.Fprintf(e.stderr, "%s: %s judged on %s: %s\n", g.Name(), who, plural(int64(len(judged)), "test"), sum.Text)
	switch {
	case sum.Unjudged > 0:
		return exitUsage
	case sum.Passed < len(judged):
		return exitFound
	}
	return exitOK
}

// explainTimeOuts measures, for each test failed with TLE, how the time of the code under
// test grows along each dimension of it, beside fast's (ref's when fast is judged), into
// its judgement; a test it cannot measure is named on stderr.
func explainTimeOuts(ctx context.Context, e *env, cfg engine.JudgeConfig, tests []engine.Test, judged []outcome.Judgement) {
	for i, j := range judged {
		if j.Verdict != outcome.TLE {
			continue
		}
		// A time-out confirmed by the margin is over the limit at its own size: its
		// probe there runs fast alone. One near the limit (its Note says so) is measured.
		gs, err := engine.Growths(ctx, cfg, tests[i].Input, j.Note == "")
		if err != nil {
			fmt.Fprintf(e.stderr, "%s: no growth: %v\n", j.Test, err)
			continue
		}
		judged[i].Growth = gs
	}
}

// programList is a repeatable flag of programs.
type programList []string

func (l *programList) String() string { return strings.Join(*l, ", ") }

func (l *programList) Set(s string) error {
	*l = append(*l, strings.TrimSpace(s))
	return nil
}

// invocations judges several solutions on the tests, as Polygon's invocations do, and
// prints the table (a row per test, a column per solution), then whether the set kills:
// every wrong solution fails some test, and every right one passes every test within
// half the time limit. It exits 1 when the set does not.
func invocations(ctx context.Context, game string, cfg engine.JudgeConfig, tests []engine.Test, rights, wrongs []string,
	asJSON bool, status *report.Status, e *env) int {
	var sols []report.Solution
	for _, r := range rights {
		sols = append(sols, report.Solution{Command: r, Right: true})
	}
	for _, w := range wrongs {
		sols = append(sols, report.Solution{Command: w})
	}
	for i := range sols {
		c := cfg
		c.Program = programArgv(sols[i].Command)
		judged, err := engine.JudgeTests(ctx, c, tests)
		status.Clear()
		switch {
		case ctx.Err() != nil:
			return exitInterrupted
		case err != nil:
			fmt.Fprintf(e.stderr, "gamediff judge: %s: %v%s\n", sols[i].Command, err, runHint(c.Program))
			return exitUsage
		}
		sols[i].Results = judged
	}
	kills := true
	half := cfg.Limits.Time / 2
	for i := range sols {
		s := &sols[i]
		var failed []string
		slowest := time.Duration(0)
		for _, j := range s.Results {
			if j.Verdict != outcome.OK {
				failed = append(failed, fmt.Sprintf("%s on %s", j.Verdict, report.TestLabel(j.Test)))
			}
			slowest = max(slowest, j.CPU)
		}
		switch {
		case s.Right && len(failed) > 0:
			s.Verdict = "a right solution fails: " + strings.Join(failed, ", ")
		case s.Right && slowest > half:
			s.Verdict = fmt.Sprintf("a right solution needs %v, over half the time limit (%v)", slowest.Round(time.Millisecond), half)
		case !s.Right && len(failed) == 0:
			s.Verdict = "a wrong solution passes every test"
		default:
			s.Verdict = "ok"
		}
		if s.Verdict != "ok" {
			kills = false
		}
	}
	if asJSON {
		json.NewEncoder(e.stdout).Encode(struct {
			Game      string            `json:"game"`
			Kills     bool              `json:"kills"`
			Solutions []report.Solution `json:"solutions"`
		}{game, kills, sols})
	} else {
		report.Invocations(e.stdout, tests, sols, cfg.Limits.Time)
	}
	for _, s := range sols {
		kind := "wrong"
		if s.Right {
			kind = "right"
		}
		fmt.Fprintf(e.stderr, "%s: %s %s: %s\n", game, kind, s.Command, s.Verdict)
	}
	if !kills {
		fmt.Fprintf(e.stderr, "%s: the set does not kill: make the tests harder, not the limit tighter\n", game)
		return exitFound
	}
	fmt.Fprintf(e.stderr, "%s: the set kills: every wrong solution fails a test, every right one passes all within half the time limit\n", game)
	return exitOK
}

// naturalCompare orders names as people count: 2.in before 10.in.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digitsPrefix(a), digitsPrefix(b)
		if da != "" && db != "" {
			na, _ := strconv.Atoi(da)
			nb, _ := strconv.Atoi(db)
			if c := cmp.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func digitsPrefix(s string) string {
	i := 0
	for i < len(s) && i < 18 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}
