package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"gamediff/engine"
)

// replayCmd runs corpus cases through ref and fast and compares each with its answer.
func replayCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("replay", e)
	name := fs.String("game", "", "the game; empty: every game")
	corpus := fs.String("corpus", "corpus", "corpus root, used when no path is given")
	verbose := fs.Bool("v", false, "list every case, not only failures")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	targets, ok := pickGames("replay", *name, true, e)
	if !ok {
		return exitUsage
	}
	if fs.NArg() > 0 && len(targets) != 1 {
		fmt.Fprintln(e.stderr, "diff replay: give -game with paths")
		return exitUsage
	}
	code := exitOK
	for _, g := range targets {
		paths := fs.Args()
		if len(paths) == 0 {
			paths = []string{filepath.Join(*corpus, g.Name)}
		}
		var entries []engine.Entry
		for _, p := range paths {
			var got []engine.Entry
			var err error
			if st, serr := os.Stat(p); serr == nil && st.IsDir() {
				got, err = engine.ReadCorpus(p)
			} else {
				var one engine.Entry
				one, err = engine.ReadEntry(p)
				got = []engine.Entry{one}
			}
			if err != nil {
				fmt.Fprintln(e.stderr, "diff replay:", err)
				return exitUsage
			}
			entries = append(entries, got...)
		}
		failed := 0
		for _, entry := range entries {
			for _, s := range []engine.Solver{
				engine.InProcess{Label: "ref", F: g.Ref},
				engine.InProcess{Label: "fast", F: g.Fast},
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
		fmt.Fprintf(e.stderr, "%s: %d cases, %d failed runs\n", g.Name, len(entries), failed)
		if failed > 0 {
			code = exitFound
		}
	}
	return code
}
