package main

import (
	"gamediff/corpus"

	"gamediff/report"

	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
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
			got, err := readEntries(p)
			if err != nil {
				fmt.Fprintln(e.stderr, "gamediff replay:", err)
				return exitUsage
			}
			entries = append(entries, got...)
		}
		// fast runs in worker processes, as judge runs it, so that a fast that crashes,
		// hangs or eats the memory fails its case instead of ending the replay; ref, the
		// oracle, runs here.
		tests := make([]engine.Test, len(entries))
		for i, entry := range entries {
			tests[i] = engine.TestOf(entry)
		}
		judged, err := engine.JudgeTests(ctx, engine.JudgeConfig{Game: g, Limits: sandbox.Limits{Time: replayTime}}, tests)
		switch {
		case ctx.Err() != nil:
			return exitInterrupted
		case err != nil:
			fmt.Fprintf(e.stderr, "gamediff replay: %s: running fast: %v\n", g.Name(), err)
			return exitUsage
		}
		failed := 0
		for i, entry := range entries {
			r, err := engine.InProcess{Solver: engine.Ref, Judge: g.Ref, Limits: sandbox.Limits{Time: replayTime}}.Run(ctx, entry.Input)
			if err != nil {
				return exitInterrupted
			}
			j := judged[i]
			runs := []struct {
				who      engine.Solver
				d        *engine.Divergence
				unjudged bool
				note     string // what fast's reruns showed, or why they gave no verdict
			}{
				{who: engine.Ref, d: engine.Compare(tests[i].Want, r, engine.Exact)},
				{who: engine.Fast, d: j.Divergence, unjudged: j.Unjudged, note: j.Note},
			}
			for _, run := range runs {
				switch {
				case run.unjudged || run.d != nil:
					failed++
					fmt.Fprintf(e.stdout, "FAIL %s (%s)\n", entry.Path, run.who)
					if run.note != "" {
						fmt.Fprintf(e.stdout, "  %s\n", run.note)
					}
					if run.d != nil {
						report.Divergence(e.stdout, run.d)
					}
				case *verbose:
					fmt.Fprintf(e.stdout, "ok   %s (%s)\n", entry.Path, run.who)
				}
			}
		}
		fmt.Fprintf(e.stderr, "%s: %s, %s failed\n", g.Name(), plural(int64(len(entries)), "case"), plural(int64(failed), "run"))
		if failed > 0 {
			code = exitFound
		}
	}
	return code
}

// readEntries reads the corpus cases at p: a folder, recursively, or one NAME.in. Its
// errors name the files as the user can find them: p, and the paths under it.
func readEntries(p string) ([]corpus.Entry, error) {
	st, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such file or folder", p)
	case err != nil:
		return nil, err
	case !st.IsDir():
		e, err := readCase(p)
		return []corpus.Entry{e}, err
	}
	var entries []corpus.Entry
	err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".in") {
			return err
		}
		e, err := readCase(path)
		entries = append(entries, e)
		return err
	})
	sort.Slice(entries, func(i, j int) bool { return entries[i].Path < entries[j].Path })
	return entries, err
}

// readCase reads the case NAME.in at path, with NAME.ans and NAME.err; an error names the
// file at fault by its path.
func readCase(path string) (corpus.Entry, error) {
	base := strings.TrimSuffix(path, ".in")
	if !strings.HasSuffix(path, ".in") {
		return corpus.Entry{}, fmt.Errorf("%s: a corpus case is a NAME.in file, with its answer in NAME.ans", path)
	}
	if _, err := os.Stat(base + ".ans"); errors.Is(err, fs.ErrNotExist) {
		return corpus.Entry{}, fmt.Errorf("%s has no answer: %s is missing", path, base+".ans")
	}
	name := filepath.Base(path)
	e, err := corpus.ReadEntry(os.DirFS(filepath.Dir(path)), name)
	e.Path = path
	if err != nil {
		// ReadEntry names the files relative to the folder it reads: name them as given.
		msg := err.Error()
		var pe *fs.PathError
		switch {
		case errors.As(err, &pe):
			msg = filepath.Join(filepath.Dir(path), pe.Path) + ": " + pe.Err.Error()
		case strings.HasPrefix(msg, strings.TrimSuffix(name, ".in")):
			msg = base + msg[len(strings.TrimSuffix(name, ".in")):]
		}
		return e, errors.New(msg)
	}
	return e, nil
}

// gameOfPath is the game of a path under corpus/<game>/ (or found/<game>/), or "".
func gameOfPath(p string) string {
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
