package main

import (
	"gamediff/corpus"
	"gamediff/outcome"
	"os"
	"os/exec"
	"path/filepath"

	"gamediff/report"

	"context"
	"fmt"
	"maps"
	"math/bits"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gamediff/engine"
	"gamediff/games"
)

// checkProgram runs the program under test on the game's sample before the hunt, in the
// hunt's sandbox (a worker runs it, as in the hunt): a program that cannot start (not
// found, not executable: the shell's exit 126 or 127) is a usage error, never a finding;
// one that fails the sample (a wrong answer, an error exit, a time-out: an interpreter
// whose script is missing) stops the hunt at once with that as its one finding, since
// every case would fail alike. Then it runs the program on the game's hand-made ruling
// cases and lists the rulings it reads differently, so that the user can hunt for
// everything else with -skip-rule; it returns them, the hunt's suspects when it names a
// finding's causes (engine.HuntConfig.Suspects).
func checkProgram(ctx context.Context, g games.Game, argv []string, h huntFlags, eq engine.Comparison, e *env) ([]string, int) {
	cases := handMade(g)
	if len(cases) == 0 || !strings.HasPrefix(path.Base(cases[0].Path), "sample") {
		fmt.Fprintf(e.stderr, "gamediff hunt: %s has no sample to try the program on\n", g.Name())
		return nil, exitUsage
	}
	cfg := engine.JudgeConfig{Game: g, Program: argv, Compare: eq, Workers: h.workers, Limits: h.limits(g)}
	sample := cases[0]
	asFinding := cfg
	asFinding.AsFindings = true // failed, the sample is the hunt's one finding
	verdicts, err := engine.JudgeTests(ctx, asFinding, []engine.Test{engine.TestOf(sample)})
	switch {
	case ctx.Err() != nil:
		return nil, exitInterrupted
	case err != nil:
		fmt.Fprintf(e.stderr, "gamediff hunt: -cmd %q cannot be run: %v%s\n", h.program, err, runHint(argv))
		return nil, exitUsage
	}
	v := verdicts[0]
	if d := v.Divergence; d != nil && d.Culprit == outcome.NoSolver && (d.Got.Exit == 126 || d.Got.Exit == 127) {
		msg := strings.TrimSpace(d.Got.Stderr)
		if msg == "" {
			msg = map[int]string{126: "the shell found it not executable", 127: "the shell did not find it"}[d.Got.Exit]
		}
		fmt.Fprintf(e.stderr, "gamediff hunt: -cmd %q cannot be run (exit %d): %s%s\n", h.program, d.Got.Exit, msg, runHint(argv))
		return nil, exitUsage
	}
	fmt.Fprintf(e.stderr, "hunt: %q in fast's place, %v of CPU per input, output up to %s, memory up to %s, %s comparison\n",
		h.program, cfg.Limits.Time, report.Size(h.outputLimit), report.Size(h.memory), h.compare)
	if v.Verdict != outcome.OK && v.Divergence != nil {
		return nil, failedSample(g, h, sample, v, e)
	}

	var tests []engine.Test
	for _, c := range cases[1:] {
		id := rulingOf(path.Base(c.Path))
		if id == "" || c.ErrLine != 0 {
			continue
		}
		if _, err := g.Decode(c.Input); err != nil {
			continue // a contestant's program may assume valid input
		}
		tests = append(tests, engine.TestOf(c))
	}
	verdicts, err = engine.JudgeTests(ctx, cfg, tests)
	if ctx.Err() != nil {
		return nil, exitInterrupted
	}
	disagree := map[string][]string{}
	formats := map[string]bool{} // how the failing cases differ, when only by format
	byFormat := true
	for i, v := range verdicts {
		if err != nil || v.Verdict != outcome.OK {
			id := rulingOf(path.Base(tests[i].Name))
			disagree[id] = append(disagree[id], tests[i].Name)
			if v.Identity.Step == "format" {
				formats[v.Identity.Detail] = true
			} else {
				byFormat = false
			}
		}
	}
	if len(disagree) > 0 && byFormat {
		// One cause: every ruling case fails the same way, by its whitespace alone.
		kinds := slices.Sorted(maps.Keys(formats))
		fmt.Fprintf(e.stderr, "hunt: the program fails by format on every ruling case it fails (%s): its tokens are right; -compare tokens accepts that, as most judges' checkers do\n",
			strings.Join(kinds, "; "))
		return nil, exitOK
	}
	if len(disagree) > 0 {
		ids := explainedRulings(g, disagree, tests)
		sort.Strings(ids)
		fmt.Fprintf(e.stderr, "hunt: the program reads these rulings differently from %s (its hand-made cases fail):\n", g.Doc())
		for _, id := range ids {
			fmt.Fprintf(e.stderr, "    %s: %s\n", id, strings.Join(disagree[id], ", "))
		}
		if missing := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return slices.Contains(h.skip, id) }); len(missing) > 0 {
			fmt.Fprintf(e.stderr, "hunt: to hunt for everything else, add -skip-rule %s\n", strings.Join(missing, ","))
		}
		return ids, exitOK
	}
	return nil, exitOK
}

// explainedRulings is the rulings a program reads differently, given the hand-made ruling
// cases it was run on (tests) and those it fails, by ruling (disagree). Each case is named
// for one ruling but may reach the situations of others too (a boom board of mines alone
// with no operation is R-B1's case and reaches R-B2's situation; most tower cases start
// unstable, R-T3's situation), so a failure does not tell by itself which reading caused
// it. The fewest rulings that explain every failing case are listed: a ruling explains a
// case when the case is named for it or reaches its situation, and the ruling fails a case
// of its own. Where several sets as small explain them all, the one whose rulings fail the
// largest share of the cases that reach them is taken (a reading the program has right
// passes most cases of its situation); a tie lists them all.
func explainedRulings(g games.Game, disagree map[string][]string, tests []engine.Test) []string {
	ids := slices.Sorted(maps.Keys(disagree))
	if len(ids) > 16 {
		return ids // 2^16 sets at most are tried: a program that fails so much is told all
	}
	failed := map[string]bool{}
	for _, names := range disagree {
		for _, name := range names {
			failed[name] = true
		}
	}
	var cases []uint64             // per failing case, the rulings of ids that explain it, as bits
	reach := make([]int, len(ids)) // per ruling, the cases that reach it, and of them failed
	fail := make([]int, len(ids))
	for _, t := range tests {
		var explain uint64
		c, err := g.Decode(t.Input)
		for j, id := range ids {
			if rulingOf(path.Base(t.Name)) == id || err == nil && slices.Contains(g.Rulings(c), id) {
				explain |= 1 << j
				reach[j]++
				if failed[t.Name] {
					fail[j]++
				}
			}
		}
		if failed[t.Name] {
			cases = append(cases, explain)
		}
	}
	share := func(set uint64) (sum float64) {
		for i := range ids {
			if set&(1<<i) != 0 {
				sum += float64(fail[i]) / float64(reach[i])
			}
		}
		return sum
	}
	var best []uint64
	for size := 1; size <= len(ids) && len(best) == 0; size++ {
		for set := uint64(1); set < 1<<len(ids); set++ {
			if bits.OnesCount64(set) != size || slices.ContainsFunc(cases, func(explain uint64) bool { return explain&set == 0 }) {
				continue
			}
			switch {
			case len(best) == 0 || share(set) > share(best[0])+1e-9:
				best = []uint64{set}
			case share(set) > share(best[0])-1e-9:
				best = append(best, set)
			}
		}
	}
	var union uint64
	for _, set := range best {
		union |= set
	}
	var out []string
	for i, id := range ids {
		if union&(1<<i) != 0 {
			out = append(out, id)
		}
	}
	return out
}

// failedSample reports a program that fails the game's sample, confirmed: the hunt stops
// there, with the sample as its one finding, saved, reported and paged as any finding is.
// A program flaky on the sample (it passes some of its runs) is reported flaky, with its
// rate, and not saved in the found folder: the hunts after this one replay what is saved
// there as regression cases, and a case that passes on some runs is none.
func failedSample(g games.Game, h huntFlags, sample corpus.Entry, v outcome.Judgement, e *env) int {
	if v.Verdict == outcome.Flaky {
		fmt.Fprintf(e.stderr, "gamediff hunt: the program is flaky on the sample %s: %s; every case may fail alike, so the hunt stops here (the sample is not saved as a regression case)\n",
			sample.Path, v.Note)
	} else {
		fmt.Fprintf(e.stderr, "gamediff hunt: the program fails on the sample %s: %s (%s on %d of %d runs); every case would fail alike, so the hunt stops here\n",
			sample.Path, v.Signature, v.Verdict, v.Shown, v.Runs)
	}
	f := outcome.Finding{Verdict: v.Verdict, Signature: v.Signature, Identity: v.Identity, Origin: "the game's sample, " + sample.Path, Path: sample.Path,
		Shown: v.Shown, Runs: v.Runs, InputBytes: len(sample.Input), Original: len(sample.Input), Input: sample.Input, Divergence: v.Divergence, Note: v.Note}
	if v.Verdict != outcome.Flaky { // a flaky one is kept where it is, the game's own sample
		if saved, err := corpus.Save(foundDir(h, g.Name()), sample.Input, sample.Answer, sample.ErrText); err == nil {
			f.Path = saved
		}
	}
	rh := h.reporting(g, programArgv(h.program))
	p := rh.Parting(f)
	rh.Finding(e.stderr, f, p, e.stderrIsTerm)
	if h.report != "" {
		if path, err := rh.WritePage(h.report, f, p); err == nil {
			fmt.Fprintf(e.stderr, "%s: HTML report %s\n", g.Name(), path)
		}
	}
	if h.asJSON {
		report.JSON(e.stdout, []outcome.Summary{{Game: g.Name(), Seed: h.seed, Findings: []outcome.Finding{f},
			Unreported: []outcome.Unreported{}, Dismissed: []outcome.Dismissed{}}})
	}
	return exitFound
}

// handMade returns the game's hand-made corpus cases, carried in the binary, the sample
// first.
func handMade(g games.Game) []corpus.Entry {
	entries, _ := corpus.Read(g.HandMade())
	sort.SliceStable(entries, func(i, j int) bool {
		return strings.HasPrefix(entries[i].Path, "sample") && !strings.HasPrefix(entries[j].Path, "sample")
	})
	for i := range entries {
		entries[i].Path = "corpus/" + g.Name() + "/" + entries[i].Path
	}
	return entries
}

var rulingName = regexp.MustCompile(`^r([a-z]+)(\d+)-`)

// rulingOf is the ruling a hand-made case is named after ("rt10-…" is R-T10), or "": the
// file's name is the ruling's id in small letters. (An id a game does not know is left out
// of the check by its caller: it finds no such ruling.)
func rulingOf(name string) string {
	m := rulingName.FindStringSubmatch(name)
	if m == nil || m[1] == "in" { // rin1-…: an input error, R-IN1
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

// interpreters run a script by its file's extension, for runHint.
var interpreters = map[string]string{".py": "python3", ".sh": "sh", ".rb": "ruby", ".js": "node", ".pl": "perl", ".php": "php", ".lua": "lua"}

// runHint says how to run a program that cannot be started: a file without its execute
// bit is run by its interpreter, or made executable; "" when argv's program is no such
// file (not found, a compound command).
func runHint(argv []string) string {
	if len(argv) == 0 || argv[0] == "sh" {
		return ""
	}
	name := argv[0]
	if !strings.Contains(name, "/") {
		if _, err := exec.LookPath(name); err != nil && fileExists(name) {
			return fmt.Sprintf("\n  %s is not on PATH: a program of the current folder is given as -cmd ./%s", name, name)
		}
		return ""
	}
	info, err := os.Stat(name)
	switch {
	case err != nil:
		return ""
	case info.IsDir():
		return fmt.Sprintf("\n  %s is a folder: give the program in it", name)
	case info.Mode()&0o111 != 0:
		return ""
	}
	rest := strings.Join(argv[1:], " ")
	if rest != "" {
		rest = " " + rest
	}
	if interp := interpreters[filepath.Ext(name)]; interp != "" {
		return fmt.Sprintf("\n  %s is not executable: run it by its interpreter, -cmd \"%s %s%s\", or make it executable (chmod +x %s)", name, interp, name, rest, name)
	}
	return fmt.Sprintf("\n  %s is not executable: make it so (chmod +x %s), or give its interpreter in -cmd (-cmd \"python3 %s%s\")", name, name, name, rest)
}

// fileExists reports whether a file is at path.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// shellWords are the builtins and keywords that exec cannot start.
var shellWords = []string{"!", ".", ":", "case", "cd", "eval", "exec", "export", "for", "if", "set",
	"source", "time", "ulimit", "umask", "unset", "until", "while"}
