package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/picture"
)

// reportFound prints a divergence the moment its reruns confirm it, before anything is
// written for it: should saving fail, nothing is lost.
func reportFound(w io.Writer, g games.Game, f engine.Finding) {
	if f.Verdict == engine.Flaky {
		fmt.Fprintf(w, "%s: case %d: flaky, shown on %d of %d runs: %s (found after %.2fs, %s)\n", g.Name(), f.Index, f.Shown, f.Runs,
			f.Signature, f.FoundAfter, sizeText(int64(f.InputBytes)))
	} else {
		fmt.Fprintf(w, "%s: case %d: %s (confirmed on %d of %d runs; found after %.2fs, %s)\n", g.Name(), f.Index, f.Signature,
			f.Shown, f.Runs, f.FoundAfter, sizeText(int64(f.InputBytes)))
	}
	if f.InputBytes <= 2<<10 {
		io.WriteString(w, excerpt(f.Input, 40))
	}
}

// reportFinding prints a minimized finding: what differs, the minimized input, the board
// where the answers part (from p, Explain's parting of it; nil for none), the first
// differing output lines, and the commands that reproduce it.
func reportFinding(w io.Writer, g games.Game, h huntFlags, f engine.Finding, p *picture.Parting, colour bool) {
	fmt.Fprintf(w, "\n=== %s: %s on case %d of seed %d\n", g.Name(), f.Verdict, f.Index, h.seed)
	fmt.Fprintf(w, "signature: %s\n", f.Signature)
	switch {
	case f.Verdict == engine.Flaky:
		fmt.Fprintf(w, "flaky: the divergence showed on %d of %d runs of its case (each in a fresh worker); it is not saved as a regression case\n", f.Shown, f.Runs)
	case f.Runs > 0:
		fmt.Fprintf(w, "confirmed: it showed on %d of %d runs of its case, each in a fresh worker\n", f.Shown, f.Runs)
	}
	if len(f.Rulings) > 0 {
		fmt.Fprintf(w, "rulings its case reaches: %s (docs/%s.md); a program that reads one differently can skip it with -skip-rule\n",
			strings.Join(f.Rulings, ", "), g.Name())
	}
	if f.Minimize.Runs > 0 {
		fmt.Fprintf(w, "minimized from %s to %s in %.1fs (%d runs, %d accepted); found after %.2fs\n",
			sizeText(int64(f.Original)), sizeText(int64(f.InputBytes)), f.Minimize.Seconds, f.Minimize.Runs, f.Minimize.Accepted, f.FoundAfter)
	}
	if f.Note != "" {
		fmt.Fprintln(w, "note:", f.Note)
	}
	fmt.Fprintf(w, "input (%s):\n", sizeText(int64(len(f.Input))))
	io.WriteString(w, excerpt(f.Input, 40))
	if p != nil && pictured(f) {
		io.WriteString(w, p.Text(colour))
	}
	f.Divergence.Report(w)
	fmt.Fprintln(w, "reproduce:")
	for _, line := range reproduceLines(g, h, f) {
		fmt.Fprintf(w, "    %s\n", line)
	}
	fmt.Fprintln(w)
}

// reproduceLines are the commands that reproduce a finding.
func reproduceLines(g games.Game, h huntFlags, f engine.Finding) []string {
	self := selfName()
	var lines []string
	if f.Path != "" {
		if f.Verdict == engine.Flaky {
			lines = append(lines, fmt.Sprintf("kept (not a regression case): %s", f.Path))
		} else {
			lines = append(lines, fmt.Sprintf("saved: %s (with ref's answer in %s)", f.Path, strings.TrimSuffix(f.Path, ".in")+".ans"))
		}
		if h.program != "" {
			lines = append(lines, programOn(h.program, f.Path),
				fmt.Sprintf("%s judge -game %s -cmd %s %s   (the verdict, as the hunt gives it)", self, g.Name(), shellQuote(h.program), f.Path))
		} else {
			lines = append(lines, fmt.Sprintf("%s run -game %s -impl fast %s", self, g.Name(), f.Path),
				fmt.Sprintf("%s judge -game %s %s   (fast's verdict, as the hunt gives it)", self, g.Name(), f.Path))
		}
		lines = append(lines, fmt.Sprintf("%s run -game %s -impl ref %s   (the expected answer)", self, g.Name(), f.Path),
			fmt.Sprintf("%s show -game %s %s   (the game step by step)", self, g.Name(), f.Path))
	}
	for _, also := range f.Also {
		lines = append(lines, fmt.Sprintf("also saved: %s (the case as found: the minimization stopped before it was done)", also))
	}
	if f.Packed {
		return lines // the case is several generated ones packed: -case does not rebuild it
	}
	rerun := ""
	if h.program != "" {
		rerun = " -cmd " + shellQuote(h.program)
	}
	return append(lines, fmt.Sprintf("%s hunt -game %s%s -seed %d -case %d   (the case as generated)", self, g.Name(), rerun, h.seed, f.Index))
}

// programOn is the shell command that runs the program under test on a file, as the hunt
// runs it: its words, or, when -cmd is for the shell (a pipe, a compound command), sh -c
// with it, so that the file goes to the whole command, not to its last part.
func programOn(program, path string) string {
	if argv := programArgv(program); argv[0] == "sh" && len(argv) == 3 && argv[1] == "-c" {
		return fmt.Sprintf("sh -c %s < %s", shellQuote(program), shellQuote(path))
	}
	return fmt.Sprintf("%s < %s", program, shellQuote(path))
}

// selfName is how to run this command again: the binary as it was called, or `go run`
// when it was (a binary in the build cache's temporary folder).
func selfName() string {
	if strings.Contains(os.Args[0], "go-build") || strings.HasSuffix(os.Args[0], ".test") {
		return "go run ./cmd/diff"
	}
	return os.Args[0]
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

// sizeText prints a size as people read it: 512 B, 64 KiB, 1.5 MiB.
func sizeText(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<10)), ".0") + " KiB"
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<20)), ".0") + " MiB"
}
