package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gamediff/engine"
	"gamediff/games"
)

// replayCmd runs corpus cases through ref and fast and compares each with its answer.
func replayCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("replay", "[FILE.in | DIR]...", e)
	name := fs.String("game", "", "the game; empty: every game, or the game of the corpus/<game>/ paths given")
	corpus := fs.String("corpus", "corpus", "corpus root, used when no path is given")
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
			paths = []string{filepath.Join(*corpus, g.Name())}
		}
		var entries []engine.Entry
		for _, p := range paths {
			got, err := readEntries(p)
			if err != nil {
				fmt.Fprintln(e.stderr, "gamediff replay:", err)
				return exitUsage
			}
			entries = append(entries, got...)
		}
		failed := 0
		for _, entry := range entries {
			for _, s := range []engine.Solver{
				engine.InProcess{Label: "ref", Judge: g.Ref},
				engine.InProcess{Label: "fast", Judge: g.Fast},
			} {
				r, err := s.Run(ctx, entry.Input)
				if err != nil {
					return exitInterrupted
				}
				if d := engine.Compare(entry.Want(), r, nil); d != nil {
					failed++
					fmt.Fprintf(e.stdout, "FAIL %s (%s)\n", entry.Path, s.Name())
					d.Report(e.stdout)
				} else if *verbose {
					fmt.Fprintf(e.stdout, "ok   %s (%s)\n", entry.Path, s.Name())
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

// readEntries reads the corpus cases at p: a folder, recursively, or one NAME.in.
func readEntries(p string) ([]engine.Entry, error) {
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		entries, err := engine.ReadCorpus(os.DirFS(p))
		for i := range entries {
			entries[i].Path = filepath.Join(p, entries[i].Path)
		}
		return entries, err
	}
	e, err := engine.ReadEntry(os.DirFS(filepath.Dir(p)), filepath.Base(p))
	e.Path = p
	return []engine.Entry{e}, err
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
