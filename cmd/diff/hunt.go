package main

import (
	"gamediff/corpus"
	"gamediff/outcome"
	"gamediff/report"

	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/ruling"
	"gamediff/sandbox"
)

// huntFlags are the hunt's flags, parsed and checked.
type huntFlags struct {
	game         string
	duration     time.Duration
	durationSet  bool
	workers      int
	seed         int64
	seedSet      bool
	cases        int64
	only         int64
	shard        int
	shards       int
	findings     int
	timeout      time.Duration
	memory       int64
	outputLimit  int64
	program      string
	compare      string
	minimizeTime time.Duration
	minimizeRuns int
	causeRuns    int
	corpus       string
	out          string
	report       string
	skip         []string
	asJSON       bool
	unpacked     bool
	against      string
}

func parseHuntFlags(args []string, e *env) (huntFlags, int, bool) {
	var h huntFlags
	fs := newFlags("hunt", "", e)
	fs.StringVar(&h.game, "game", "", "the game; empty: every game, the duration split between them")
	fs.DurationVar(&h.duration, "duration", 10*time.Second, "how long to generate new cases (0: no limit; with -cases alone, none)")
	fs.IntVar(&h.workers, "workers", 0, "worker processes (0: one per CPU)")
	fs.Int64Var(&h.seed, "seed", 0, "seed of the case stream (default: a random one, printed)")
	fs.Int64Var(&h.cases, "cases", 0, "run this many cases (0: no limit); with -shard, the whole hunt's count")
	fs.Int64Var(&h.only, "case", -1, "run only the case of this index (as printed in a report); needs -seed")
	shard := fs.String("shard", "", "run shard `i/n` of the hunt: the case indices ≡ i-1 (mod n)")
	fs.IntVar(&h.findings, "max-findings", 1, "divergences of distinct signatures to collect before stopping")
	fs.DurationVar(&h.timeout, "timeout", 0, "CPU time limit per run of the code under test, 1ms to 1h (default: the statement's: "+timeLimits()+")")
	memory := fs.Int64("memory-limit", 1024, "memory limit per run of the code under test's whole process tree, in MiB, 1 to the machine's memory")
	fs.Int64Var(&h.outputLimit, "output-limit", 64<<20, "bytes of output allowed per run of the code under test, 1 to 1 GiB: writing past it is OLE; a program's output is compared as it is read, so gamediff holds none of it but a little past the answer, whatever the limit")
	fs.StringVar(&h.program, "cmd", "", "test this program in fast's place: each case on its stdin, its answer on stdout; plain words (./sol, \"python3 sol.py\") are started directly, anything else by sh (quotes, redirections, \"ulimit -s unlimited && ./sol\")")
	fs.StringVar(&h.compare, "compare", "exact", "how answers are compared: exact (bytes) or tokens (whitespace ignored, as most judges)")
	fs.IntVar(&h.minimizeRuns, "minimize-runs", 2000, "candidates a minimization decides at most (it ends sooner once 1-minimal): a count, so that a seed minimizes to the same case on any machine")
	fs.IntVar(&h.causeRuns, "cause-runs", 300, "candidates each walk that tests a ruling as a finding's cause decides at most (a count, as -minimize-runs); 0: test no ruling as a cause, only list those its case reaches")
	fs.DurationVar(&h.minimizeTime, "minimize-time", 2*time.Minute, "cap on the time the findings' minimization, causes and growth take after the hunting, 0 to 24h (0: no minimization); the report says when it fires")
	fs.StringVar(&h.corpus, "corpus", "corpus", "corpus root: ref-vs-fast findings go to <corpus>/<game>/found")
	fs.StringVar(&h.out, "o", "", "folder for findings, as <folder>/<game>/NAME.in (default: ./found with -cmd, else the corpus)")
	fs.StringVar(&h.report, "report", "", "write one self-contained HTML page per finding to this folder")
	skip := fs.String("skip-rule", "", "comma-separated ruling ids ("+games.ExampleRulings()+", …; docs/rulings.md): leave out generated cases (or datasets) that reach them")
	fs.BoolVar(&h.asJSON, "json", false, "print the summary as one JSON object on stdout")
	fs.StringVar(&h.against, "against", "fast", "with -cmd, the judge whose answers the program's are compared with: fast (checked against ref; ref too on 1 case in 64 and on every divergence) or ref")
	pack := fs.Bool("pack", true, "with -cmd, pack several generated cases into one input where the game has several games per input ("+packingGames()+")")
	if code, ok := parseFlags(fs, args, e); !ok {
		return h, code, false
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	h.durationSet, h.seedSet = set["duration"], set["seed"]
	fail := func(format string, args ...any) (huntFlags, int, bool) {
		fmt.Fprintf(e.stderr, "gamediff hunt: "+format+" (see 'gamediff hunt -h')\n", args...)
		return h, exitUsage, false
	}
	machine := machineMemory()
	switch {
	case fs.NArg() > 0:
		return fail("unexpected arguments %q (flags come first; a program goes in -cmd)", fs.Args())
	case h.workers < 0 || h.workers > maxWorkers:
		return fail("-workers must be 0 (one per CPU) to %d, not %d", maxWorkers, h.workers)
	case h.cases < 0:
		return fail("-cases cannot be negative")
	case h.duration < 0:
		return fail("-duration cannot be negative (0: no limit)")
	case set["timeout"] && (h.timeout < time.Millisecond || h.timeout > time.Hour):
		return fail("-timeout must be 1ms to 1h, not %v (leave it out for the statement's limit)", h.timeout)
	case *memory < 1 || *memory > machine>>20:
		return fail("-memory-limit must be 1 to %d MiB (this machine's memory), not %d", machine>>20, *memory)
	case h.outputLimit < 1 || h.outputLimit > 1<<30:
		return fail("-output-limit must be 1 to %d bytes (1 GiB), not %d", 1<<30, h.outputLimit)
	case h.causeRuns < 0:
		return fail("-cause-runs must be at least 0, not %d", h.causeRuns)
	case h.minimizeRuns < 1:
		return fail("-minimize-runs must be at least 1, not %d (no minimization: -minimize-time 0)", h.minimizeRuns)
	case h.minimizeTime < 0 || h.minimizeTime > 24*time.Hour:
		return fail("-minimize-time must be 0 (no minimization) to 24h, not %v", h.minimizeTime)
	case h.findings < 1:
		return fail("-max-findings must be at least 1")
	case h.only >= 0 && !h.seedSet:
		return fail("-case needs the -seed of the hunt that printed it")
	case h.only < -1:
		return fail("-case must be a case index (0 or more)")
	case h.only > maxCaseIndex:
		// Case index math.MaxInt64 would end the hunt's range past the int64s: no case runs.
		return fail("-case %d: a hunt's case indices are 0 to %d", h.only, int64(maxCaseIndex))
	case *shard != "" && !h.seedSet:
		return fail("-shard needs -seed: shards of one hunt must share its seed (each would pick its own)")
	case h.compare != "exact" && h.compare != "tokens":
		return fail("-compare must be exact or tokens, not %q", h.compare)
	case set["cmd"] && strings.TrimSpace(h.program) == "":
		return fail("-cmd is empty: give the program to test")
	case h.program != "" && h.game == "":
		return fail("-cmd needs -game")
	case h.program == "" && (set["compare"] || set["pack"] || set["against"]):
		return fail("-compare, -pack and -against are for a program under test: give -cmd (ref and fast are compared byte for byte)")
	case h.against != "fast" && h.against != "ref":
		return fail("-against must be fast or ref, not %q", h.against)
	}
	if h.report != "" {
		if err := checkReportFolder(h.report); err != nil {
			return fail("-report %v", err)
		}
	}
	h.memory = *memory << 20
	h.unpacked = !*pack
	if *shard != "" {
		i, n, ok := strings.Cut(*shard, "/")
		h.shard, _ = strconv.Atoi(i)
		h.shards, _ = strconv.Atoi(n)
		if !ok || h.shards < 1 || h.shard < 1 || h.shard > h.shards {
			return fail("-shard must be i/n with 1 ≤ i ≤ n, not %q", *shard)
		}
	}
	if *skip != "" {
		for _, id := range strings.Split(*skip, ",") {
			h.skip = append(h.skip, strings.ToUpper(strings.TrimSpace(id)))
		}
	}
	if h.cases > 0 && !h.durationSet {
		h.duration = 0 // -cases alone runs that many cases, however long they take
	}
	if h.minimizeTime == 0 {
		h.minimizeTime = -1 // the engine's "none"
	}
	return h, 0, true
}

// huntCmd hunts for divergences between ref and fast, or a program, on generated cases.
func huntCmd(ctx context.Context, args []string, e *env) int {
	h, code, ok := parseHuntFlags(args, e)
	if !ok {
		return code
	}
	targets, ok := pickGames("hunt", h.game, true, e)
	if !ok {
		return exitUsage
	}
	if !h.seedSet {
		h.seed = time.Now().UnixNano()%1_000_000_000 + 1
	}
	equal, _ := engine.ComparisonNamed(h.compare)

	// -skip-rule is checked for every game before the program is tried or any game is
	// hunted: a ruling one game lacks is a usage error at once, not after the others.
	hunted := make([]games.Game, len(targets))
	if h.game != "" {
		if msg := otherGamesRulings(targets[0], h.skip); msg != "" {
			fmt.Fprintf(e.stderr, "gamediff hunt: -skip-rule %s (see 'gamediff hunt -h')\n", msg)
			return exitUsage
		}
	}
	for n, g := range targets {
		hunted[n] = g
		if len(h.skip) > 0 {
			skipped, err := games.SkipRulings(g, h.skip)
			if err != nil {
				fmt.Fprintf(e.stderr, "gamediff hunt: %v (see 'gamediff hunt -h')\n", err)
				return exitUsage
			}
			hunted[n] = skipped
		}
	}
	fmt.Fprintf(e.stderr, "hunt: seed %d (rerun with -seed %d)\n", h.seed, h.seed)

	var program, suspects []string
	if h.program != "" {
		program = programArgv(h.program)
		if suspects, code = checkProgram(ctx, targets[0], program, h, equal, e); code != exitOK {
			return code
		}
	}
	var sums []outcome.Summary
	status := report.NewStatus(e.stderr, e.stderrIsTerm)
	code = exitOK
	for n, g := range targets {
		cfg := engine.HuntConfig{
			Game:         hunted[n],
			Program:      program,
			Suspects:     suspects,
			Unpacked:     h.unpacked,
			AgainstRef:   h.against == "ref",
			Compare:      equal,
			Workers:      h.workers,
			Seed:         h.seed,
			Cases:        h.cases,
			Shard:        h.shard,
			Shards:       h.shards,
			Duration:     h.duration / time.Duration(len(targets)),
			Limits:       h.limits(g),
			MaxFindings:  h.findings,
			MinimizeTime: h.minimizeTime,
			MinimizeRuns: h.minimizeRuns,
			CauseRuns:    causeRunsOf(h.causeRuns),
			FoundDir:     foundDir(h, g.Name()),
			Progress: func(p outcome.Progress) {
				status.Hunt(g.Name(), p)
			},
			Found: func(f outcome.Finding) {
				status.Clear()
				report.Found(e.stderr, g, f)
			},
			Note: func(line string) {
				status.Clear()
				fmt.Fprintf(e.stderr, "%s: %s\n", g.Name(), line)
			},
		}
		if h.only >= 0 {
			cfg.Start, cfg.Cases, cfg.Duration, cfg.Shards = h.only, 1, 0, 0
		}
		replayed, err := replayFirst(ctx, hunted[n], h, program, equal, e)
		if ctx.Err() != nil {
			return exitInterrupted
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "gamediff hunt: %s: replaying the saved cases: %v\n", g.Name(), err)
			return exitUsage
		}
		if h.report != "" && replayed != nil {
			writeReplayedPages(h, g, program, replayed, e)
		}
		sum, err := engine.Hunt(ctx, cfg)
		sum.Replayed = replayed
		status.Clear()
		sums = append(sums, sum)
		rh := h.reporting(g, program)
		for _, f := range sum.Findings {
			// Explain plays the reference twice: the report and the page share one.
			p := rh.Parting(f)
			rh.Finding(e.stderr, f, p, e.stderrIsTerm)
			if h.report != "" {
				if path, err := rh.WritePage(h.report, f, p); err != nil {
					fmt.Fprintf(e.stderr, "%s: could not write the HTML report: %v\n", g.Name(), err)
				} else {
					fmt.Fprintf(e.stderr, "%s: HTML report %s\n", g.Name(), path)
				}
			}
		}
		report.HuntSummary(e.stderr, sum, h.program != "", g.Picture().Datasets(), g.Situations())
		var rf *outcome.RefFailure
		switch {
		case errors.As(err, &rf):
			fmt.Fprintf(e.stderr, "gamediff hunt: %s: the REFERENCE failed, not the code under test: this is a bug of ref (no finding saved)\n", g.Name())
			report.Divergence(e.stderr, rf.Divergence)
			if rf.Path == "" { // written nowhere: this output is its only copy
				name := corpus.Name(rf.Input) + ".in"
				report.WholeCase(e.stderr, outcome.Finding{Input: rf.Input, Unsaved: "no folder could take it"})
				fmt.Fprintf(e.stderr, "replay it, once written to %s, with: gamediff run -game %s -impl ref %s\n", name, g.Name(), name)
			} else {
				fmt.Fprintf(e.stderr, "the input is kept at %s; replay it with: gamediff run -game %s -impl ref %s\n", rf.Path, g.Name(), rf.Path)
			}
			return exitUsage
		case err != nil:
			fmt.Fprintf(e.stderr, "gamediff hunt: %s: %v\n", g.Name(), err)
			return exitUsage
		}
		if len(sum.Findings) > 0 || replayed != nil && len(replayed.StillFailing) > 0 {
			code = exitFound
		}
		if sum.Interrupted {
			if rest := targets[n+1:]; len(rest) > 0 {
				var names []string
				for _, r := range rest {
					names = append(names, r.Name())
				}
				fmt.Fprintf(e.stderr, "hunt: interrupted: %s not hunted\n", strings.Join(names, ", "))
			}
			code = exitInterrupted
			break
		}
	}
	if h.asJSON {
		report.JSON(e.stdout, sums)
	}
	return code
}

// replayFirst runs the cases saved before through the code under test, before the hunt,
// as go test -fuzz runs testdata/fuzz first: a program's findings of earlier hunts (its
// found folder), or for ref against fast the game's whole corpus (hand-made and found
// cases). It prints which still fail; nil when there was nothing to replay.
func replayFirst(ctx context.Context, g games.Game, h huntFlags, program []string, eq engine.Comparison, e *env) (*outcome.Replayed, error) {
	dir := filepath.Join(h.corpus, g.Name())
	if program != nil {
		dir = foundDir(h, g.Name())
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, nil
	}
	entries, err := readEntries(ctx, dir)
	if err != nil {
		return nil, err
	}
	var tests []engine.Test
	for _, en := range entries {
		if en.ErrLine != 0 && program != nil {
			continue // a program may assume valid input
		}
		tests = append(tests, engine.TestOf(en))
	}
	if len(tests) == 0 {
		return nil, nil
	}
	judged, err := engine.JudgeTests(ctx, engine.JudgeConfig{Game: g, Program: program, Compare: eq, Workers: h.workers, Limits: h.limits(g)}, tests)
	if err != nil || ctx.Err() != nil {
		return nil, err
	}
	r := &outcome.Replayed{From: dir, Cases: len(tests), StillFailing: []outcome.Judgement{}}
	for i, j := range judged {
		if j.Verdict == outcome.OK && !j.Unjudged {
			continue
		}
		// A saved answer ref does not give is no failure of the code under test, however
		// that code does: the case was changed after it was saved.
		why, err := refDisagrees(ctx, g, tests[i], eq)
		if err != nil {
			return nil, err
		}
		if why != "" {
			r.Damaged = append(r.Damaged, outcome.DamagedCase{Test: j.Test, Ref: why})
			continue
		}
		// A case saved by a hunt before this one, which reaches a ruling this one leaves
		// out (-skip-rule): the program reads that ruling its own way, as the user said.
		if id := g.Skips(tests[i].Input); id != "" {
			r.Skipped = append(r.Skipped, outcome.SkippedReplay{Test: j.Test, Ruling: id})
			continue
		}
		r.StillFailing = append(r.StillFailing, j)
	}
	who := "fast"
	if program != nil {
		who = "the program"
	}
	skipped := ""
	if len(r.Skipped) > 0 {
		verb := "fail"
		if len(r.Skipped) == 1 {
			verb = "fails"
		}
		skipped = fmt.Sprintf(", %d %s in a ruling -skip-rule leaves out", len(r.Skipped), verb)
	}
	damaged := ""
	if len(r.Damaged) > 0 {
		damaged = fmt.Sprintf(", %s (not counted as failing)", plural(int64(len(r.Damaged)), "damaged saved case"))
	}
	fmt.Fprintf(e.stderr, "%s: replayed %s of %s on %s first: %d still fail%s%s\n", g.Name(), plural(int64(len(tests)), "saved case"), dir, who, len(r.StillFailing), skipped, damaged)
	for _, j := range r.StillFailing {
		fmt.Fprintf(e.stderr, "    %s: %s\n", j.Test, report.JudgementDetail(j))
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(e.stderr, "    %s: skipped: it reaches %s, which -skip-rule leaves out (not a failure of this hunt)\n", s.Test, s.Ruling)
	}
	for _, d := range r.Damaged {
		fmt.Fprintf(e.stderr, "    %s: a damaged saved case: ref does not reproduce its saved answer (%s); not held against %s: fix or remove it\n",
			d.Test, d.Ref, who)
	}
	return r, nil
}

// writeReplayedPages writes, with -report, the HTML page of each saved case that still
// fails, as of a finding: a bug found by an earlier hunt is no less one for being found
// again.
func writeReplayedPages(h huntFlags, g games.Game, program []string, r *outcome.Replayed, e *env) {
	rh := h.reporting(g, program)
	for _, j := range r.StillFailing {
		input, err := corpus.ReadFile(j.Test)
		if err != nil || j.Divergence == nil {
			continue
		}
		f := outcome.Finding{Verdict: j.Verdict, Signature: j.Signature, Identity: j.Identity, Path: j.Test, Input: input,
			InputBytes: len(input), Original: len(input), Shown: j.Shown, Runs: j.Runs, Divergence: j.Divergence,
			Origin: "saved by an earlier hunt, replayed", Growth: j.Growth}
		if path, err := rh.WritePage(h.report, f, rh.Parting(f)); err != nil {
			fmt.Fprintf(e.stderr, "%s: could not write the HTML report of %s: %v\n", g.Name(), j.Test, err)
		} else {
			fmt.Fprintf(e.stderr, "%s: HTML report %s (a saved case that still fails)\n", g.Name(), path)
		}
	}
}

// maxCaseIndex is the last case index a hunt can run: the hunt's range of indices ends
// one past its last.
const maxCaseIndex = math.MaxInt64 - 1

// checkReportFolder checks, before a hunt starts, that -report's folder can take the
// pages: it is a folder a file can be written in, or, not there yet, the folder that
// will hold it (its nearest existing parent) is one, as the first page makes it. A hunt
// must not find its bugs and then fail to write them.
func checkReportFolder(dir string) error {
	where := dir
	for {
		st, err := os.Stat(where)
		if err == nil && !st.IsDir() {
			if where == dir {
				return fmt.Errorf("%s: not a folder: the pages are written into a folder", dir)
			}
			return fmt.Errorf("%s: %s is not a folder", dir, where)
		}
		if err == nil {
			break
		}
		parent := filepath.Dir(where)
		// ENOTDIR: a file on the way, which going up finds and names.
		missing := errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
		if !missing || parent == where {
			return fmt.Errorf("%s: %w", dir, named(err))
		}
		where = parent
	}
	probe, err := os.CreateTemp(where, ".gamediff-report-probe-*")
	if err != nil {
		return fmt.Errorf("%s: no file can be written in %s: %w", dir, where, named(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// named is err with a *fs.PathError's operation and path left out, for a message that
// names the path itself.
func named(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// otherGamesRulings says which of the ruling ids belong to another game than g's, with
// the game each is of ("" when none does): with -game, a ruling of another game would be
// left out of nothing.
func otherGamesRulings(g games.Game, ids []string) string {
	own := func(g games.Game, id string) bool {
		return slices.ContainsFunc(g.KnownRulings(), func(r ruling.Ruling) bool { return r.ID == id })
	}
	var wrong []string
	for _, id := range ids {
		if own(g, id) {
			continue
		}
		for _, other := range games.All() {
			if other.Name() != g.Name() && own(other, id) {
				wrong = append(wrong, fmt.Sprintf("%s is a ruling of %s", id, other.Name()))
			}
		}
	}
	if len(wrong) == 0 {
		return ""
	}
	return fmt.Sprintf("%s, not of %s (-game %s): give %s's rulings only", strings.Join(wrong, ", "), g.Name(), g.Name(), g.Name())
}

// maxWorkers bounds -workers: more processes than that would only contend for the CPUs.
const maxWorkers = 256

// machineMemory is this machine's memory (MemTotal), the most -memory-limit may be.
func machineMemory() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err == nil {
		var kib int64
		if _, err := fmt.Sscanf(string(b), "MemTotal: %d kB", &kib); err == nil && kib > 0 {
			return kib << 10
		}
	}
	return 1 << 40 // not known here: a bound no machine reaches
}

// limits are the limits of a run of the code under test in game g: -timeout, or the
// statement's time limit.
func (h huntFlags) limits(g games.Game) sandbox.Limits {
	limit := h.timeout
	if limit == 0 {
		limit = g.TimeLimit()
	}
	return sandbox.Limits{Time: limit, Output: int(h.outputLimit), Memory: h.memory}
}

// reporting is what the reports of a finding of game g need of this hunt: how its
// commands reproduce it.
func (h huntFlags) reporting(g games.Game, program []string) report.Hunt {
	return report.Hunt{Game: g, Program: h.program, Argv: program, Seed: h.seed, Limits: h.limits(g),
		Timeout: h.timeout, Compare: h.compare, Skip: h.skip, Self: selfName()}
}

// foundDir is where a game's findings go: a program's to a folder of the user's, never
// into the judges' regression corpus; ref-vs-fast findings to the corpus.
func foundDir(h huntFlags, game string) string {
	switch {
	case h.out != "":
		return filepath.Join(h.out, game)
	case h.program != "":
		return filepath.Join("found", game)
	}
	return filepath.Join(h.corpus, game, "found")
}

// timeLimits says the registered games' time limits for a help text: "2s for boom, 1s
// for the others".
func timeLimits() string {
	byLimit := map[time.Duration][]string{}
	for _, g := range games.All() {
		byLimit[g.TimeLimit()] = append(byLimit[g.TimeLimit()], g.Name())
	}
	common := time.Duration(0)
	for l, names := range byLimit {
		if len(names) > len(byLimit[common]) || len(names) == len(byLimit[common]) && l < common {
			common = l
		}
	}
	var parts []string
	for _, l := range slices.Sorted(maps.Keys(byLimit)) {
		if l != common {
			parts = append(parts, fmt.Sprintf("%v for %s", l, strings.Join(byLimit[l], ", ")))
		}
	}
	if len(parts) == 0 {
		return fmt.Sprintf("%v", common)
	}
	return strings.Join(parts, ", ") + fmt.Sprintf(", %v for the others", common)
}

// packingGames lists the games whose input holds several games (engine.Batcher).
func packingGames() string {
	var names []string
	for _, g := range games.All() {
		if _, ok := g.(engine.Batcher); ok {
			names = append(names, g.Name())
		}
	}
	return strings.Join(names, ", ")
}

// causeRunsOf is -cause-runs as HuntConfig.CauseRuns takes it: 0 there is the default, and
// no cause tested is negative.
func causeRunsOf(runs int) int {
	if runs == 0 {
		return -1
	}
	return runs
}
