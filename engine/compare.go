package engine

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// Kind is what differs between two runs, from the gravest down.
type Kind string

// The kinds of divergence.
const (
	KindPanic       Kind = "panic"
	KindTimeout     Kind = "timeout"
	KindOutputLimit Kind = "output limit"
	KindSignal      Kind = "killed by signal"
	KindExit        Kind = "exit status"
	KindErrorLine   Kind = "error line"
	KindStdout      Kind = "stdout"
)

var statusKinds = map[Status]Kind{Panicked: KindPanic, TimedOut: KindTimeout, OutputLimit: KindOutputLimit, Signaled: KindSignal}

// Divergence is a difference between the reference's run (Want) and the candidate's
// (Got), or a run of either that did not finish normally.
type Divergence struct {
	Kind    Kind
	Culprit string // the solver whose run did not finish normally; empty for differences
	Want    Result
	Got     Result
}

// Equal decides whether two stdouts match; Exact is the default.
type Equal func(want, got []byte) bool

// Exact compares byte for byte.
func Exact(want, got []byte) bool { return bytes.Equal(want, got) }

// Tokens compares whitespace-separated tokens, ignoring how much whitespace lies between
// them, as most judges' default checkers do.
func Tokens(want, got []byte) bool {
	w, g := bytes.Fields(want), bytes.Fields(got)
	if len(w) != len(g) {
		return false
	}
	for i := range w {
		if !bytes.Equal(w[i], g[i]) {
			return false
		}
	}
	return true
}

// Compare returns the divergence between want (the reference's run) and got, or nil when
// they agree on stdout (by eq; nil means Exact), exit status and the line an input error
// names.
func Compare(want, got Result, eq Equal) *Divergence {
	if eq == nil {
		eq = Exact
	}
	d := &Divergence{Want: want, Got: got}
	switch {
	case want.Status != Exited:
		d.Kind, d.Culprit = statusKinds[want.Status], want.Solver
	case got.Status != Exited:
		d.Kind, d.Culprit = statusKinds[got.Status], got.Solver
	case want.Exit != got.Exit:
		d.Kind = KindExit
	case want.ErrLine != got.ErrLine:
		d.Kind = KindErrorLine
	case !eq(want.Stdout, got.Stdout):
		d.Kind = KindStdout
	default:
		return nil
	}
	return d
}

// Signature identifies a divergence for minimization: a smaller case reproduces it when
// its own divergence has the same signature.
func (d *Divergence) Signature() string {
	if d.Culprit != "" {
		return string(d.Kind) + " in " + d.Culprit
	}
	return string(d.Kind)
}

// Verdict names the divergence the way a judge names the candidate's result.
func (d *Divergence) Verdict() string {
	switch d.Kind {
	case KindTimeout:
		return "TLE"
	case KindOutputLimit:
		return "OLE"
	case KindPanic, KindSignal:
		return "RE"
	case KindExit:
		if d.Got.Exit != 0 {
			return "RE"
		}
	}
	return "WA"
}

// Summary is a one-line description.
func (d *Divergence) Summary() string {
	switch d.Kind {
	case KindExit:
		return fmt.Sprintf("exit status differs: %s %d, %s %d", d.Want.Solver, d.Want.Exit, d.Got.Solver, d.Got.Exit)
	case KindErrorLine:
		return fmt.Sprintf("input error on different lines: %s line %d, %s line %d", d.Want.Solver, d.Want.ErrLine, d.Got.Solver, d.Got.ErrLine)
	case KindStdout:
		return "stdout differs"
	}
	return d.Culprit + " " + d.culpritResult().Status.String()
}

func (d *Divergence) culpritResult() Result {
	if d.Culprit == d.Want.Solver {
		return d.Want
	}
	return d.Got
}

// Report writes what differs: the first differing lines of stdout as a unified diff
// (-want +got) with their line numbers, the error messages, and the stack of a panic or
// a hang.
func (d *Divergence) Report(w io.Writer) {
	fmt.Fprintf(w, "%s: %s\n", d.Verdict(), d.Summary())
	if d.Culprit != "" {
		r := d.culpritResult()
		if r.Stderr != "" {
			fmt.Fprintf(w, "%s: %s\n", r.Solver, r.Stderr)
		}
		if r.Stack != "" {
			fmt.Fprintf(w, "stack of %s:\n%s\n", r.Solver, indent(r.Stack))
		}
		return
	}
	for _, r := range []Result{d.Want, d.Got} {
		if r.Stderr != "" {
			fmt.Fprintf(w, "%s stderr: %s\n", r.Solver, r.Stderr)
		}
	}
	if !bytes.Equal(d.Want.Stdout, d.Got.Stdout) {
		fmt.Fprintf(w, "first differing output lines (-%s +%s):\n", d.Want.Solver, d.Got.Solver)
		io.WriteString(w, indent(FirstDifference(d.Want.Stdout, d.Got.Stdout, 3, 12)))
	}
}

// FirstDifference renders, as a unified diff, the output around the first line where
// want and got differ: context lines before it and at most span lines from it on each
// side. Hunk headers carry the real line numbers, and only the window is split into
// lines, so a 10 MB output costs little more to report than a short one.
func FirstDifference(want, got []byte, context, span int) string {
	same := 0
	for same < len(want) && same < len(got) && want[same] == got[same] {
		same++
	}
	// Back up to the start of the line holding the first differing byte, then context
	// lines more.
	start := bytes.LastIndexByte(want[:same], '\n') + 1
	for i := 0; i < context && start > 0; i++ {
		start = bytes.LastIndexByte(want[:start-1], '\n') + 1
	}
	firstLine := bytes.Count(want[:start], []byte{'\n'}) + 1
	window := func(b []byte) string {
		lines := splitLines(b[start:], context+span)
		return strings.Join(lines, "")
	}
	before, after := window(want), window(got)
	diff, err := udiff.ToUnifiedDiff("want", "got", before, udiff.Lines(before, after), context)
	if err != nil {
		return fmt.Sprintf("(no diff: %v)\n", err)
	}
	// A long line is shown around the column where the first changed pair differs.
	column := 0
	if i := bytes.LastIndexByte(want[:same], '\n') + 1; same < len(want) && same < len(got) {
		column = same - i
	}
	var b strings.Builder
	for _, h := range diff.Hunks {
		fmt.Fprintf(&b, "@@ output line %d @@\n", firstLine+h.FromLine-1)
		for _, l := range h.Lines {
			mark := " "
			switch l.Kind {
			case udiff.Delete:
				mark = "-"
			case udiff.Insert:
				mark = "+"
			}
			line := l.Content
			newline := strings.HasSuffix(line, "\n")
			line = ClipLine(strings.TrimSuffix(line, "\n"), column)
			if newline {
				line += "\n"
			} else {
				line += "\n\\ no newline at end\n"
			}
			b.WriteString(mark + line)
		}
	}
	if start+len(before) < len(want) || start+len(after) < len(got) {
		b.WriteString("…\n")
	}
	return b.String()
}

// clipWidth is the most of a line a report shows.
const clipWidth = 160

// ClipLine shortens a line longer than clipWidth to the part around column, marking
// what it leaves out, so that a 500 KB output line still reports the bytes that matter.
func ClipLine(line string, column int) string {
	if len(line) <= clipWidth {
		return line
	}
	lo := max(0, min(column-clipWidth/3, len(line)-clipWidth))
	hi := lo + clipWidth
	s := line[lo:hi]
	if lo > 0 {
		s = fmt.Sprintf("…(%d bytes)…", lo) + s
	}
	if hi < len(line) {
		s += fmt.Sprintf("…(%d more bytes)", len(line)-hi)
	}
	return s
}

// splitLines returns up to limit lines of b, each with its '\n', so that a missing final
// newline shows.
func splitLines(b []byte, limit int) []string {
	var lines []string
	for len(b) > 0 && len(lines) < limit {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			lines = append(lines, string(b))
			break
		}
		lines = append(lines, string(b[:i+1]))
		b = b[i+1:]
	}
	return lines
}

func indent(s string) string {
	s = strings.TrimSuffix(s, "\n")
	return "    " + strings.ReplaceAll(s, "\n", "\n    ") + "\n"
}
