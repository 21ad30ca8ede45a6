package report

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"gamediff/corpus"
	"gamediff/internal/quote"
	"gamediff/outcome"
	"gamediff/picture"
	"gamediff/sandbox"
)

// Game is what a report needs of a game: its name, its page of docs/, its drawing, and
// its reference, for the expected answer a minimized failure may not carry.
type Game interface {
	Name() string
	Doc() string
	Picture() *picture.Drawing
	Ref(input []byte, w io.Writer) error
}

// Hunt is what a report knows of the hunt that found a finding: its game, and how the
// commands it prints reproduce it.
type Hunt struct {
	Game Game
	// Program is the program under test as -cmd gave it ("" for fast), and Argv how the
	// hunt runs it (through sh -c for a compound command).
	Program string
	Argv    []string
	Seed    int64
	Limits  sandbox.Limits // of the code under test, its time limit the statement's or -timeout's
	// Timeout is -timeout as the hunt was given it (0: the statement's limit): a verdict of
	// time holds only under the limit it was given under, so the commands carry it.
	Timeout time.Duration
	Compare string   // -compare: "exact" or "tokens"
	Skip    []string // -skip-rule's rulings
	Self    string   // how to run gamediff again: the binary as called, or "go run ./cmd/diff"
}

// Found prints a divergence the moment its reruns confirm it, before anything is written
// for it: should saving fail, nothing is lost.
func Found(w io.Writer, g Game, f outcome.Finding) {
	if f.Verdict == outcome.Flaky {
		fmt.Fprintf(w, "%s: case %d: flaky, shown on %d of %d runs: %s (found after %.2fs, %s)\n", g.Name(), f.Index, f.Shown, f.Runs,
			f.Signature, f.FoundAfter, Size(int64(f.InputBytes)))
	} else {
		fmt.Fprintf(w, "%s: case %d: %s (confirmed on %d of %d runs; found after %.2fs, %s)\n", g.Name(), f.Index, f.Signature,
			f.Shown, f.Runs, f.FoundAfter, Size(int64(f.InputBytes)))
	}
	if f.InputBytes <= 2<<10 {
		io.WriteString(w, excerpt(f.Input, 40))
	}
}

// Finding prints a minimized finding: what differs, the minimized input, the board
// where the answers part (from p, Explain's parting of them; nil for none), the first
// differing output lines, and the commands that reproduce it. A run that did not end
// normally is told instead: how it ended, where in the game, what it used, what that
// suggests, the input around that step, and its stderr and stack.
func (h Hunt) Finding(w io.Writer, f outcome.Finding, p *picture.Parting, colour bool) {
	g := h.Game
	if f.Origin != "" {
		fmt.Fprintf(w, "\n=== %s: %s on %s\n", g.Name(), f.Verdict, f.Origin)
	} else {
		fmt.Fprintf(w, "\n=== %s: %s on case %d of seed %d\n", g.Name(), f.Verdict, f.Index, h.Seed)
	}
	fmt.Fprintf(w, "signature: %s\n", f.Signature)
	switch {
	case f.Verdict == outcome.Flaky:
		fmt.Fprintf(w, "flaky: the divergence showed on %d of %d runs of its case (each in a fresh worker); it is not saved as a regression case\n", f.Shown, f.Runs)
	case f.Runs > 0:
		fmt.Fprintf(w, "confirmed: it showed on %d of %d runs of its case, each in a fresh worker\n", f.Shown, f.Runs)
	}
	for _, line := range h.causeLines(f) {
		fmt.Fprintln(w, line)
	}
	if f.Minimize.Runs > 0 {
		fmt.Fprintf(w, "minimized from %s to %s in %.1fs (%d runs, %d accepted); found after %.2fs\n",
			Size(int64(f.Original)), Size(int64(f.InputBytes)), f.Minimize.Seconds, f.Minimize.Runs, f.Minimize.Accepted, f.FoundAfter)
	}
	if f.Note != "" {
		fmt.Fprintln(w, "note:", f.Note)
	}
	if len(f.Growth) > 0 {
		code, beside := "fast", "ref"
		if h.Program != "" {
			code, beside = "the program", "fast"
		}
		fmt.Fprintf(w, "how the time grows (the case scaled along each dimension alone):\n%s%s\n",
			indentLines(GrowthTable(f.Growth, code, beside, h.Limits.Time)), GrowthSentence(f.Growth, code, beside))
	}
	if failed(f) {
		fl := h.failure(f, p)
		who := solverName(culpritOf(f.Divergence).Solver)
		fmt.Fprintf(w, "what happened: %s\n", fl.what)
		for _, l := range [][2]string{{"where", fl.where}, {"used", fl.usage}, {"hint", fl.hint}} {
			if l[1] != "" {
				fmt.Fprintf(w, "%s: %s\n", l[0], l[1])
			}
		}
		io.WriteString(w, inputExcerpt(f.Input, fl.line, true))
		if fl.stderr != "" {
			fmt.Fprintf(w, "stderr of %s:\n%s", who, indentLines(fl.stderr))
		}
		if fl.stack != "" {
			fmt.Fprintf(w, "stack of %s:\n%s", who, indentLines(fl.stack))
		}
		if fl.differs {
			StdoutDiff(w, f.Divergence)
		}
	} else {
		line := 0
		if p != nil {
			line = p.Line
		}
		io.WriteString(w, inputExcerpt(f.Input, line, false))
		if p != nil {
			io.WriteString(w, p.Text(colour))
		}
		Divergence(w, f.Divergence)
	}
	if f.Unsaved != "" {
		WholeCase(w, f)
	}
	fmt.Fprintln(w, "reproduce:")
	for _, line := range h.Reproduce(f) {
		fmt.Fprintf(w, "    %s\n", line)
	}
	fmt.Fprintln(w)
}

// culpritOf is the run a failed divergence is about: the one that did not end normally,
// else (a non-zero exit) the code under test's.
func culpritOf(d *outcome.Divergence) outcome.Result {
	if d.Culprit != outcome.NoSolver && d.Culprit == d.Want.Solver && d.Want.Status != sandbox.Exited {
		return d.Want
	}
	return d.Got
}

// Bounds of the input a report shows: a small one whole, a bigger one in part.
const (
	reportInputLines                     = 40
	reportHead, reportAround, reportTail = 2, 3, 2
)

// inputExcerpt shows an input for a report: whole when it is small, else its first lines,
// the lines around line mark (0: none) and its last lines, numbered, the line marked
// ">", every line clipped. numbered numbers a small input too.
func inputExcerpt(input []byte, mark int, numbered bool) string {
	n := countLines(input)
	whole := n <= reportInputLines
	if whole && !numbered {
		return fmt.Sprintf("input (%s):\n", Size(int64(len(input)))) + excerpt(input, reportInputLines)
	}
	keep := func(i int) bool {
		return whole || i <= reportHead || i > n-reportTail || mark > 0 && i >= mark-reportAround && i <= mark+reportAround
	}
	width := len(strconv.Itoa(n))
	var b strings.Builder
	around := ""
	if mark > 0 {
		around = fmt.Sprintf(", around line %d", mark)
	}
	if whole {
		fmt.Fprintf(&b, "input (%s):\n", Size(int64(len(input))))
	} else {
		fmt.Fprintf(&b, "input (%s, %d lines; its first and last lines%s):\n", Size(int64(len(input))), n, around)
	}
	rest, gap := input, 0
	for i := 1; len(rest) > 0; i++ {
		end := bytes.IndexByte(rest, '\n') + 1
		if end == 0 {
			end = len(rest)
		}
		l := rest[:end]
		rest = rest[end:]
		if !keep(i) {
			gap++
			continue
		}
		if gap > 0 {
			fmt.Fprintf(&b, "    %*s  … %d line(s)\n", width+2, "", gap)
			gap = 0
		}
		lead := "  "
		if i == mark {
			lead = "> "
		}
		text := strings.TrimSuffix(strings.TrimSuffix(string(l), "\n"), "\r")
		fmt.Fprintf(&b, "    %s%*d  %s\n", lead, width, i, printable(cutLine(text, 160)))
	}
	return b.String()
}

// indentLines indents every line of s by four spaces.
func indentLines(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n    ") + "\n"
}

// causeLines says which rulings the finding needs, each with why, and which it only
// meets: a ruling is named as a cause, never as a situation the case happens to reach.
func (h Hunt) causeLines(f outcome.Finding) []string {
	g := h.Game
	var lines []string
	for _, c := range f.Causes {
		lines = append(lines, fmt.Sprintf("cause: %s (%s): %s; a program that reads it differently is hunted for everything else with -skip-rule %s",
			c.Ruling, g.Doc(), c.Why, c.Ruling))
	}
	switch {
	case len(f.Reached) == 0:
	case f.CausesUntested != "":
		lines = append(lines, fmt.Sprintf("its case reaches the situations of %s (not tested as causes: %s)", strings.Join(f.Reached, ", "), f.CausesUntested))
	case f.Verdict == outcome.TLE:
		lines = append(lines, fmt.Sprintf("its case reaches the situations of %s (not tested as causes: a time-out is what the size of a case costs, not how a ruling is read)", strings.Join(f.Reached, ", ")))
	case f.Minimize.Runs == 0:
		lines = append(lines, fmt.Sprintf("its case reaches the situations of %s (not tested as causes: the case was not minimized)", strings.Join(f.Reached, ", ")))
	default:
		lines = append(lines, fmt.Sprintf("its case also reaches the situations of %s: not causes (a case without them, met on the way or tried, diverges alike)",
			strings.Join(f.Reached, ", ")))
	}
	return lines
}

// Reproduce are the commands that reproduce a finding, each as it is to be run: the flags
// of the hunt that change what the program is given, how its answers are compared, or
// under which limit it is judged (-compare, -skip-rule, -timeout), go with them.
func (h Hunt) Reproduce(f outcome.Finding) []string {
	g, self := h.Game, h.Self
	if self == "" {
		self = "gamediff"
	}
	compare := ""
	if h.Compare != "" && h.Compare != "exact" {
		compare = " -compare " + quote.Shell(h.Compare)
	}
	limit := ""
	if h.Timeout != 0 {
		limit = " -timeout " + h.Timeout.String()
	}
	var lines []string
	path := f.Path
	if path == "" && f.Unsaved != "" {
		// Written nowhere: the commands run on the file the user makes of the case above.
		path = unsavedName(f)
		lines = append(lines, fmt.Sprintf("not saved: write the case printed above to %s, and ref's answer beside it, then:", path),
			fmt.Sprintf("%s run -game %s -impl ref %s > %s", self, g.Name(), path, strings.TrimSuffix(path, ".in")+".ans"))
	} else if path != "" {
		if f.Verdict == outcome.Flaky {
			lines = append(lines, fmt.Sprintf("kept (not a regression case): %s", f.Path))
		} else {
			lines = append(lines, fmt.Sprintf("saved: %s (with ref's answer in %s)", f.Path, strings.TrimSuffix(f.Path, ".in")+".ans"))
		}
	}
	if path != "" {
		if h.Program != "" {
			lines = append(lines, h.programOn(path),
				fmt.Sprintf("%s judge -game %s -cmd %s%s%s %s   (the verdict, as the hunt gives it)", self, g.Name(), quote.Shell(h.Program), compare, limit, path))
		} else {
			lines = append(lines, fmt.Sprintf("%s run -game %s -impl fast %s", self, g.Name(), path),
				fmt.Sprintf("%s judge -game %s%s %s   (fast's verdict, as the hunt gives it)", self, g.Name(), limit, path))
		}
		lines = append(lines, fmt.Sprintf("%s run -game %s -impl ref %s   (the expected answer)", self, g.Name(), path),
			fmt.Sprintf("%s show -game %s %s   (the game step by step)", self, g.Name(), path))
	}
	for _, also := range f.Also {
		lines = append(lines, fmt.Sprintf("also saved: %s (the case as found)", also))
	}
	if f.Packed || f.Origin != "" {
		return lines // not one generated case: -case does not rebuild it
	}
	rerun := ""
	if h.Program != "" {
		rerun = " -cmd " + quote.Shell(h.Program) + compare
	}
	rerun += limit
	if len(h.Skip) > 0 {
		rerun += " -skip-rule " + quote.Shell(strings.Join(h.Skip, ","))
	}
	return append(lines, fmt.Sprintf("%s hunt -game %s%s -seed %d -case %d   (the case as generated)", self, g.Name(), rerun, h.Seed, f.Index))
}

// programOn is the shell command that runs the program under test on a file, as the hunt
// runs it: its words, or, when -cmd is for the shell (a pipe, a compound command), sh -c
// with it, so that the file goes to the whole command, not to its last part.
func (h Hunt) programOn(path string) string {
	if argv := h.Argv; len(argv) == 3 && argv[0] == "sh" && argv[1] == "-c" {
		return fmt.Sprintf("sh -c %s < %s", quote.Shell(h.Program), quote.Shell(path))
	}
	return fmt.Sprintf("%s < %s", h.Program, quote.Shell(path))
}

// excerpt indents the first maxLines lines of b, each clipped and escaped.
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
		l = strings.TrimSuffix(l, "\n")
		if len(l) > 160 {
			l = l[:160] + fmt.Sprintf("…(%d more bytes)", len(l)-160)
		}
		s.WriteString("    " + strings.ToValidUTF8(strings.ReplaceAll(l, "\r", `\r`), "\uFFFD") + "\n")
	}
	return s.String()
}

// unsavedName is the file name a case written nowhere is given in its report's commands:
// the one a hunt would have saved it under.
func unsavedName(f outcome.Finding) string { return corpus.Name(f.Input) + ".in" }

// WholeCase prints the whole input of a finding that could be written nowhere, byte for
// byte between two marks (its last newline, when it lacks one, said), so that the case
// survives in the hunt's output: it is the only copy.
func WholeCase(w io.Writer, f outcome.Finding) {
	name := unsavedName(f)
	fmt.Fprintf(w, "the case could not be saved: %s; here it is whole, %s, to be written to %s:\n", f.Unsaved, Size(int64(len(f.Input))), name)
	fmt.Fprintf(w, "----- begin %s -----\n", name)
	w.Write(f.Input)
	end := ""
	if len(f.Input) > 0 && f.Input[len(f.Input)-1] != '\n' {
		io.WriteString(w, "\n")
		end = " (the case does not end with a newline: the one before this mark is not its own)"
	}
	fmt.Fprintf(w, "----- end %s -----%s\n", name, end)
}
