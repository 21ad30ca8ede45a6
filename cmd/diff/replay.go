package main

import (
	"gamediff/corpus"
	"gamediff/outcome"

	"gamediff/report"

	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/sandbox"
)

// replayTime is the CPU time each judge has on a case of the corpus: replay checks
// answers, not time, and the cases hold the statement's largest inputs.
const replayTime = 10 * time.Second

// replayCmd runs corpus cases through ref and fast and compares each with its answer.
func replayCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("replay", "[FILE.in | DIR]...", e)
	name := fs.String("game", "", "the game; empty: every game, or the game of the corpus/<game>/ paths given")
	root := fs.String("corpus", "corpus", "corpus root, used when no path is given")
	verbose := fs.Bool("v", false, "list every case, not only failures")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	if *name == "" && fs.NArg() > 0 {
		for _, p := range fs.Args() {
			g := gameOfPath(p)
			if g == "" || *name != "" && g != *name {
				fmt.Fprintf(e.stderr, "gamediff replay: cannot tell the game of %s: give -game\n", p)
				return exitUsage
			}
			*name = g
		}
	}
	targets, ok := pickGames("replay", *name, true, e)
	if !ok {
		return exitUsage
	}
	code := exitOK
	for _, g := range targets {
		paths := fs.Args()
		if len(paths) == 0 {
			folder := filepath.Join(*root, g.Name())
			if st, err := os.Stat(folder); err != nil || !st.IsDir() {
				fmt.Fprintf(e.stderr, "gamediff replay: no corpus folder %s for %s (-corpus %s): give the corpus root, which holds one folder per game\n",
					folder, g.Name(), *root)
				return exitUsage
			}
			paths = []string{folder}
		}
		var entries []corpus.Entry
		for _, p := range paths {
			got, err := readEntries(ctx, p)
			if ctx.Err() != nil {
				return exitInterrupted
			}
			if err != nil {
				fmt.Fprintln(e.stderr, "gamediff replay:", err)
				return exitUsage
			}
			entries = append(entries, got...)
		}
		// ref first, here: it is the oracle, and an answer it does not reproduce is the
		// case's fault (or ref's), which fast is not judged against. fast runs in worker
		// processes, as judge runs it, so that a fast that crashes, hangs or eats the memory
		// fails its case instead of ending the replay.
		failed, damaged := 0, 0
		var tests []engine.Test
		var kept []corpus.Entry
		for _, entry := range entries {
			test := engine.TestOf(entry)
			why, err := refDisagrees(ctx, g, test, engine.Exact)
			if err != nil {
				return exitInterrupted
			}
			if why != "" {
				damaged++
				fmt.Fprintf(e.stdout, "DAMAGED %s: ref does not reproduce its saved answer (%s): %s; not held against fast\n",
					entry.Path, answerFiles(entry), why)
				continue
			}
			if *verbose {
				fmt.Fprintf(e.stdout, "ok   %s (%s)\n", entry.Path, outcome.Ref)
			}
			tests, kept = append(tests, test), append(kept, entry)
		}
		judged, err := engine.JudgeTests(ctx, engine.JudgeConfig{Game: g, Limits: sandbox.Limits{Time: replayTime}}, tests)
		switch {
		case ctx.Err() != nil:
			return exitInterrupted
		case err != nil:
			fmt.Fprintf(e.stderr, "gamediff replay: %s: running fast: %v\n", g.Name(), err)
			return exitUsage
		}
		for i, entry := range kept {
			switch j := judged[i]; {
			case j.Unjudged || j.Divergence != nil:
				failed++
				fmt.Fprintf(e.stdout, "FAIL %s (%s)\n", entry.Path, outcome.Fast)
				if j.Note != "" {
					fmt.Fprintf(e.stdout, "  %s\n", j.Note)
				}
				if j.Divergence != nil {
					report.Divergence(e.stdout, j.Divergence)
				}
			case *verbose:
				fmt.Fprintf(e.stdout, "ok   %s (%s)\n", entry.Path, outcome.Fast)
			}
		}
		damagedNote := ""
		if damaged > 0 {
			damagedNote = fmt.Sprintf(", %s whose answer ref does not reproduce", plural(int64(damaged), "damaged case"))
		}
		fmt.Fprintf(e.stderr, "%s: %s, %s failed%s\n", g.Name(), plural(int64(len(entries)), "case"), plural(int64(failed), "run"), damagedNote)
		if failed+damaged > 0 {
			code = exitFound
		}
	}
	return code
}

// readEntries reads the corpus cases at p: a folder (or a symlink to one), recursively,
// or one NAME.in. Only regular files are read, each opened without blocking, so that a
// FIFO or a device among them is an error naming it, never a reader stalled; its errors
// name the files as the user can find them: p, and the paths under it.
func readEntries(ctx context.Context, p string) ([]corpus.Entry, error) {
	st, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such file or folder", p)
	case err != nil:
		return nil, err
	case !st.IsDir():
		e, err := corpus.ReadCase(p)
		return []corpus.Entry{e}, err
	}
	return corpus.ReadFolder(ctx, p)
}

// refDisagrees runs ref on a saved case and says, when ref does not give the answer saved
// with it, what ref gives instead; "" when it does. A saved answer is ref's: one ref no
// longer gives was changed since (a hand edit, a truncated file), or ref was, and a run
// of the code under test that disagrees with it shows nothing of that code.
func refDisagrees(ctx context.Context, g games.Game, t engine.Test, eq engine.Comparison) (string, error) {
	limits := sandbox.Limits{Time: max(10*g.TimeLimit(), 10*time.Second), Output: 1 << 30}
	r, err := engine.InProcess{Solver: outcome.Ref, Judge: g.Ref, Limits: limits}.Run(ctx, t.Input)
	if err != nil {
		return "", err
	}
	d := engine.Compare(t.Want, r, eq)
	switch {
	case d == nil:
		return "", nil
	case d.Culprit != outcome.NoSolver || d.Want.Exit != d.Got.Exit || d.Want.ErrLine != d.Got.ErrLine:
		return report.Summary(d), nil
	}
	line, saved, got := report.FirstDifference(d)
	return fmt.Sprintf("at line %d the saved answer has %s, ref prints %s", line, saved, got), nil
}

// answerFiles names the files that hold a saved case's expected result.
func answerFiles(en corpus.Entry) string {
	base := strings.TrimSuffix(en.Path, ".in")
	if en.ErrLine != 0 {
		return base + ".ans, " + base + ".err"
	}
	return base + ".ans"
}

// gameOfPath is the game of a path under corpus/<game>/ (or found/<game>/), or "": as
// given, or else as its symlinks lead, so that a link to a game's folder is that folder.
func gameOfPath(p string) string {
	if g := gameInPath(p); g != "" {
		return g
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return gameInPath(real)
	}
	return ""
}

// gameInPath is the game named by a folder of p's absolute path, or "".
func gameInPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	for _, part := range strings.Split(filepath.ToSlash(abs), "/") {
		if _, err := games.Lookup(part); err == nil {
			return part
		}
	}
	return ""
}
