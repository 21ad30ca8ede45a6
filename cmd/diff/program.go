package main

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gamediff/corpus"
	"gamediff/engine"
	"gamediff/games"
)

// checkProgram runs the program under test once on the game's sample before the hunt: a
// program that cannot start (not found, not executable: the shell's exit 126 or 127) is a
// usage error, never a finding. Then it runs the program on the game's hand-made ruling
// cases and lists the rulings it reads differently, so that the user can hunt for
// everything else with -skip-rule.
func checkProgram(ctx context.Context, g games.Game, argv []string, h huntFlags, eq engine.Equal, e *env) int {
	run := engine.Command{Label: "program", Argv: argv, Limits: h.limits(g)}
	cases := handMade(g)
	if len(cases) == 0 || !strings.HasPrefix(path.Base(cases[0].Path), "sample") {
		fmt.Fprintf(e.stderr, "diff hunt: %s has no sample to try the program on\n", g.Name())
		return exitUsage
	}
	r, err := run.Run(ctx, cases[0].Input)
	switch {
	case ctx.Err() != nil:
		return exitInterrupted
	case err != nil:
		fmt.Fprintf(e.stderr, "diff hunt: -cmd %q cannot be run: %v\n", h.program, err)
		return exitUsage
	case r.Status == engine.Exited && (r.Exit == 126 || r.Exit == 127):
		msg := strings.TrimSpace(r.Stderr)
		if msg == "" {
			msg = map[int]string{126: "the shell found it not executable", 127: "the shell did not find it"}[r.Exit]
		}
		fmt.Fprintf(e.stderr, "diff hunt: -cmd %q cannot be run (exit %d): %s\n", h.program, r.Exit, msg)
		return exitUsage
	}
	fmt.Fprintf(e.stderr, "hunt: %q in fast's place, %v of CPU per input, output up to %s, memory up to %s, %s comparison\n",
		h.program, run.Limits.Time, sizeText(h.outputLimit), sizeText(h.memory), h.compare)
	if d := engine.Compare(cases[0].Want(), r, eq); d != nil {
		fmt.Fprintf(e.stderr, "hunt: the program does not pass the sample %s: %s\n", cases[0].Path, d.Summary())
		if r.Status != engine.Exited {
			return exitOK // its rulings would tell nothing more, slowly
		}
	}

	disagree := map[string][]string{}
	for _, c := range cases[1:] {
		id := rulingOf(path.Base(c.Path))
		if id == "" || c.ErrLine != 0 {
			continue
		}
		if _, err := g.Decode(c.Input); err != nil {
			continue // a contestant's program may assume valid input
		}
		r, err := run.Run(ctx, c.Input)
		if ctx.Err() != nil {
			return exitInterrupted
		}
		if err != nil || engine.Compare(c.Want(), r, eq) != nil {
			disagree[id] = append(disagree[id], c.Path)
		}
	}
	if len(disagree) > 0 {
		ids := make([]string, 0, len(disagree))
		for id := range disagree {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		fmt.Fprintf(e.stderr, "hunt: the program reads these rulings differently from docs/%s.md (its hand-made cases fail):\n", g.Name())
		for _, id := range ids {
			fmt.Fprintf(e.stderr, "    %s: %s\n", id, strings.Join(disagree[id], ", "))
		}
		fmt.Fprintf(e.stderr, "hunt: to hunt for everything else, add -skip-rule %s\n", strings.Join(ids, ","))
	}
	return exitOK
}

// handMade returns the game's hand-made corpus cases, carried in the binary, the sample
// first.
func handMade(g games.Game) []engine.Entry {
	sub, err := fs.Sub(corpus.HandMade, g.Name())
	if err != nil {
		return nil
	}
	entries, _ := engine.ReadCorpus(sub)
	sort.SliceStable(entries, func(i, j int) bool {
		return strings.HasPrefix(entries[i].Path, "sample") && !strings.HasPrefix(entries[j].Path, "sample")
	})
	for i := range entries {
		entries[i].Path = "corpus/" + g.Name() + "/" + entries[i].Path
	}
	return entries
}

var rulingName = regexp.MustCompile(`^r(m|b|d|t)(\d+)-`)

// rulingOf is the ruling a hand-made case is named after ("rt10-…" is R-T10), or "".
func rulingOf(name string) string {
	m := rulingName.FindStringSubmatch(name)
	if m == nil {
		return ""
	}
	return "R-" + strings.ToUpper(m[1]) + m[2]
}

// programArgv is how -cmd is run: as its words when it holds nothing a shell would read
// (the usual "./solution" or "python3 sol.py"), else by sh. Each case starts the
// program, and a shell in front of it costs an exec more: a millisecond of CPU per case.
// A simple command replaces the shell (exec), so that the program's CPU time is watched
// as it runs; a compound one ("ulimit -s unlimited && ./sol") runs under the shell, and
// its CPU time is counted when it ends.
func programArgv(cmd string) []string {
	plain := func(r rune) bool {
		return r == ' ' || r == '/' || r == '.' || r == '_' || r == '-' || r == '+' || r == ',' || r == ':' || r == '@' ||
			'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	words := strings.Fields(cmd)
	if len(words) > 0 && strings.IndexFunc(cmd, func(r rune) bool { return !plain(r) }) < 0 && !slices.Contains(shellWords, words[0]) {
		return words
	}
	compound := strings.ContainsAny(cmd, ";&|(){}\n") || len(words) == 0 || strings.Contains(words[0], "=") ||
		slices.Contains(shellWords, words[0])
	if compound {
		return []string{"sh", "-c", cmd}
	}
	return []string{"sh", "-c", "exec " + cmd}
}

// shellWords are the builtins and keywords that exec cannot start.
var shellWords = []string{"!", ".", ":", "case", "cd", "eval", "exec", "export", "for", "if", "set",
	"source", "time", "ulimit", "umask", "unset", "until", "while"}
