package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gamediff/engine"
)

// huntCmd hunts for divergences between ref and fast on generated cases.
func huntCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("hunt", e)
	name := fs.String("game", "", "the game; empty: every game, the duration split between them")
	duration := fs.Duration("duration", 10*time.Second, "how long to generate new cases (0: no limit, use -cases)")
	workers := fs.Int("workers", 0, "parallel workers (0: GOMAXPROCS)")
	seed := fs.Int64("seed", 0, "seed of the case stream (0: a random one, printed)")
	cases := fs.Int64("cases", 0, "stop after this many cases (0: no limit)")
	only := fs.Int64("case", -1, "run only the case of this index (as printed in a report)")
	findings := fs.Int("max-findings", 1, "divergences to collect before stopping")
	timeout := fs.Duration("timeout", 0, "time limit per run: of -cmd (default: the statement's), of ref and fast (default: 10s)")
	program := fs.String("cmd", "", "test this program in fast's place: input on its stdin, answer on its stdout (run by sh)")
	compare := fs.String("compare", "exact", "how answers are compared: exact (bytes) or tokens (whitespace ignored, as most judges)")
	outputLimit := fs.Int("output-limit", 64<<20, "bytes of output allowed to -cmd")
	minTime := fs.Duration("minimize-time", 2*time.Minute, "time budget to minimize each divergence (negative: none)")
	corpus := fs.String("corpus", "corpus", "corpus root; findings go to <corpus>/<game>/found")
	asJSON := fs.Bool("json", false, "print the summary as one JSON object on stdout")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	var equal engine.Equal
	switch *compare {
	case "exact":
	case "tokens":
		equal = engine.Tokens
	default:
		fmt.Fprintf(e.stderr, "diff hunt: -compare must be exact or tokens, not %q\n", *compare)
		return exitUsage
	}
	if *program != "" && *name == "" {
		fmt.Fprintln(e.stderr, "diff hunt: -cmd needs -game")
		return exitUsage
	}
	targets, ok := pickGames("hunt", *name, true, e)
	if !ok {
		return exitUsage
	}
	if *seed == 0 {
		*seed = time.Now().UnixNano()%1_000_000_000 + 1
	}
	fmt.Fprintf(e.stderr, "hunt: seed %d (rerun with -seed %d)\n", *seed, *seed)

	var sums []engine.Summary
	status := &statusLine{w: e.stderr, on: e.stderrIsTerm}
	code := exitOK
	for _, g := range targets {
		cfg := engine.HuntConfig{
			Game:         g,
			Equal:        equal,
			Workers:      *workers,
			Seed:         *seed,
			Cases:        *cases,
			Duration:     *duration / time.Duration(len(targets)),
			Timeout:      *timeout,
			MaxFindings:  *findings,
			MinimizeTime: *minTime,
			FoundDir:     filepath.Join(*corpus, g.Name, "found"),
			Isolated:     isolatedSolvers(g, *timeout),
			Progress: func(p engine.Progress) {
				status.show("%s: %d cases, %.0f/s, %d divergences, %s", g.Name, p.Cases,
					float64(p.Cases)/max(p.Elapsed.Seconds(), 1e-9), p.Divergences, remaining(p))
			},
			Event: func(line string) {
				status.clear()
				fmt.Fprintf(e.stderr, "%s: %s\n", g.Name, line)
			},
		}
		if *only >= 0 {
			cfg.Start, cfg.Cases, cfg.Duration = *only, 1, 0
		}
		if *program != "" {
			limit := *timeout
			if limit == 0 {
				limit = g.TimeLimit
			}
			cfg.Got = programSolver(*program, limit, *outputLimit)
			cfg.Isolated = nil // the program is a process already; ref does not hang
			fmt.Fprintf(e.stderr, "hunt: %q in fast's place, %v per case, output up to %d bytes, %s comparison\n",
				*program, limit, *outputLimit, *compare)
		}
		sum, err := engine.Hunt(ctx, cfg)
		status.clear()
		sums = append(sums, sum)
		for _, f := range sum.Findings {
			reportFinding(e.stderr, g.Name, *seed, *program, f)
		}
		if len(sum.Unreported) > 0 {
			fmt.Fprintf(e.stderr, "%s: also divergent, not minimized: cases %v (rerun one with -case, or raise -max-findings)\n",
				g.Name, sum.Unreported)
		}
		fmt.Fprintf(e.stderr, "%s: %d cases in %.1fs (%.0f/s), %d divergences, seed %d\n",
			g.Name, sum.Cases, sum.Seconds, sum.CasesPerSec, sum.Divergences, *seed)
		if err != nil {
			fmt.Fprintf(e.stderr, "diff hunt: %s: %v\n", g.Name, err)
			return exitUsage
		}
		if len(sum.Findings) > 0 {
			code = exitFound
		}
		if sum.Interrupted {
			if code == exitOK {
				code = exitInterrupted
			}
			break
		}
	}
	if *asJSON {
		writeJSON(e.stdout, sums)
	}
	return code
}

func remaining(p engine.Progress) string {
	if p.Duration == 0 {
		return fmt.Sprintf("%.0fs", p.Elapsed.Seconds())
	}
	return fmt.Sprintf("%.0fs left", max(p.Duration-p.Elapsed, 0).Seconds())
}

// writeJSON prints one JSON object: the game's summary, or for several games their
// totals with the summaries under "games".
func writeJSON(w io.Writer, sums []engine.Summary) {
	enc := json.NewEncoder(w)
	if len(sums) == 1 {
		enc.Encode(sums[0])
		return
	}
	total := struct {
		engine.Summary
		Games []engine.Summary `json:"games"`
	}{Games: sums}
	total.Game = "all"
	total.Findings = []engine.Finding{}
	for _, s := range sums {
		total.Seed = s.Seed
		total.Cases += s.Cases
		total.Divergences += s.Divergences
		total.Seconds += s.Seconds
		total.Interrupted = total.Interrupted || s.Interrupted
		total.Findings = append(total.Findings, s.Findings...)
	}
	if total.Seconds > 0 {
		total.CasesPerSec = float64(total.Cases) / total.Seconds
	}
	enc.Encode(total)
}

// programSolver runs command through sh, so that it may carry arguments, quotes and
// redirections; exec replaces the shell, so the time measured is the program's.
func programSolver(command string, timeout time.Duration, outputLimit int) engine.Solver {
	return engine.Command{Label: "program", Argv: []string{"sh", "-c", "exec " + command}, Timeout: timeout, OutputLimit: outputLimit}
}

// isolatedSolvers runs ref and fast in child processes of this very binary, which can be
// killed: the engine minimizes hangs with them.
func isolatedSolvers(g *engine.Game, timeout time.Duration) func() (engine.Solver, engine.Solver) {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	return func() (engine.Solver, engine.Solver) {
		run := func(impl string) engine.Solver {
			return engine.Command{Label: impl, Argv: []string{exe, "run", "-game", g.Name, "-impl", impl}, Timeout: timeout}
		}
		return run("ref"), run("fast")
	}
}

// reportFinding prints a finding: what differs, the minimized input, the first differing
// output lines, and the commands that reproduce it.
func reportFinding(w io.Writer, game string, seed int64, program string, f engine.Finding) {
	fmt.Fprintf(w, "\n=== %s: %s on case %d of seed %d\n", game, f.Verdict, f.Index, seed)
	if f.Minimize.Runs > 0 {
		fmt.Fprintf(w, "minimized from %d to %d bytes in %.1fs (%d runs, %d accepted)\n",
			f.Original, f.InputBytes, f.Minimize.Elapsed.Seconds(), f.Minimize.Runs, f.Minimize.Accepted)
	}
	if f.Note != "" {
		fmt.Fprintln(w, "note:", f.Note)
	}
	fmt.Fprintln(w, "input:")
	io.WriteString(w, excerpt(f.Input, 40))
	f.Divergence.Report(w)
	fmt.Fprintln(w, "reproduce:")
	rerun := ""
	if program != "" {
		rerun = " -cmd " + shellQuote(program)
	}
	if f.Path != "" {
		if program != "" {
			fmt.Fprintf(w, "    %s < %s\n", program, f.Path)
		} else {
			fmt.Fprintf(w, "    go run ./cmd/diff run -game %s -impl fast < %s\n", game, f.Path)
		}
		fmt.Fprintf(w, "    go run ./cmd/diff run -game %s -impl ref < %s   (the expected answer, also in .ans)\n", game, f.Path)
	}
	fmt.Fprintf(w, "    go run ./cmd/diff hunt -game %s%s -seed %d -case %d   (the case as generated)\n\n", game, rerun, seed, f.Index)
}

// shellQuote quotes s for sh when it holds anything but plain word characters.
func shellQuote(s string) string {
	if strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// excerpt indents the first max lines of b.
func excerpt(b []byte, maxLines int) string {
	lines := strings.SplitAfter(string(b), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var s strings.Builder
	for i, l := range lines {
		if i == maxLines {
			fmt.Fprintf(&s, "    … (%d more lines)\n", len(lines)-maxLines)
			break
		}
		s.WriteString("    " + engine.ClipLine(strings.TrimSuffix(l, "\n"), 0) + "\n")
	}
	return s.String()
}
