package report

import (
	"gamediff/internal/quote"
	"gamediff/outcome"

	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aymanbagabas/go-udiff"

	"gamediff/sandbox"
)

// culprit is the run of a divergence that did not end normally, if one did not.
func culprit(d *outcome.Divergence) (outcome.Result, bool) {
	switch {
	case d.Culprit == outcome.NoSolver:
		return outcome.Result{}, false
	case d.Culprit == d.Want.Solver && d.Want.Status != sandbox.Exited:
		return d.Want, true
	}
	return d.Got, true
}

// commonPrefix is the length of what a and b begin with alike.
func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// lineFrom is the line of b that starts at start; false past b's end.
func lineFrom(b []byte, start int) (string, bool) {
	if start >= len(b) {
		return "", false
	}
	b = b[start:]
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	return string(b), true
}

// firstLineOf is s's first line, trimmed.
func firstLineOf(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// Summary is a divergence in one line.
func Summary(d *outcome.Divergence) string {
	if r, ok := culprit(d); ok {
		return r.Solver.String() + " " + r.Status.String()
	}
	switch {
	case d.Want.Exit != d.Got.Exit:
		return fmt.Sprintf("exit status differs: %s %d, %s %d", d.Want.Solver, d.Want.Exit, d.Got.Solver, d.Got.Exit)
	case d.Want.ErrLine != d.Got.ErrLine:
		return fmt.Sprintf("input error on different lines: %s line %d, %s line %d", d.Want.Solver, d.Want.ErrLine, d.Got.Solver, d.Got.ErrLine)
	}
	return "stdout differs"
}

// FirstDifference names the first line of stdout where the two runs differ, and quotes
// both there (clipped), for a one-line report of a wrong answer ("end of output" where
// one ended).
func FirstDifference(d *outcome.Divergence) (line int, want, got string) {
	same := commonPrefix(d.Want.Stdout, d.Got.Stdout)
	line = bytes.Count(d.Want.Stdout[:same], []byte{'\n'}) + 1
	start := bytes.LastIndexByte(d.Want.Stdout[:same], '\n') + 1
	quote := func(b []byte) string {
		l, ok := lineFrom(b, start)
		if !ok {
			return "end of output"
		}
		return strconv.Quote(clipLine(l, same-start))
	}
	return line, quote(d.Want.Stdout), quote(d.Got.Stdout)
}

// Divergence writes what differs: the first differing lines of stdout as a unified diff
// (-want +got) with their line numbers, the error messages, and the stack of a panic or a
// hang, each bounded.
func Divergence(w io.Writer, d *outcome.Divergence) {
	fmt.Fprintf(w, "%s: %s\n", d.Verdict(), Summary(d))
	if r, ok := culprit(d); ok {
		if r.CPU > 0 || r.Memory > 0 {
			fmt.Fprintf(w, "%s used %v of CPU time and %s of memory (its whole process tree)\n", r.Solver, r.CPU.Round(time.Millisecond), sandbox.ByteSize(r.Memory))
		}
		if r.Stderr != "" {
			fmt.Fprintf(w, "%s stderr:\n%s", r.Solver, indent(escape(quote.HeadTail(r.Stderr, 4<<10))))
		}
		if r.Stack != "" {
			fmt.Fprintf(w, "stack of %s:\n%s", r.Solver, indent(escape(quote.HeadTail(r.Stack, 8<<10))))
		}
		if r.Status == sandbox.TimedOut || r.Status == sandbox.OutputLimit || r.Status == sandbox.MemoryLimit || len(r.Stdout) == 0 {
			return
		}
	}
	for _, r := range []outcome.Result{d.Want, d.Got} {
		if r.Stderr != "" && r.Status == sandbox.Exited {
			fmt.Fprintf(w, "%s stderr: %s\n", r.Solver, escape(quote.HeadTail(firstLineOf(r.Stderr), 300)))
		}
	}
	StdoutDiff(w, d)
}

// StdoutDiff writes where the two stdouts first differ, as Divergence does: the line, and a
// unified diff (-want +got) of a window around it, bounded; nothing when they are the
// same. A report that tells a failure its own way still shows the outputs so. A
// difference in whitespace alone is said to be one.
func StdoutDiff(w io.Writer, d *outcome.Divergence) {
	if kind := d.FormatOnly(); kind != "" {
		fmt.Fprintf(w, "format only (%s): the tokens are the same; -compare tokens accepts it, as most judges' checkers do\n", kind)
	}
	if !bytes.Equal(d.Want.Stdout, d.Got.Stdout) {
		first, text := firstDifference(d.Want.Stdout, d.Got.Stdout, 3, 12)
		fmt.Fprintf(w, "stdout first differs at line %d (-%s +%s):\n", first, d.Want.Solver, d.Got.Solver)
		io.WriteString(w, indent(text))
	}
}

// firstDifference renders, as a unified diff, the output around the first line where
// want and got differ: context lines before it and at most span lines from it on each
// side. Hunk headers carry the real line numbers, and only windows of the outputs are
// split into lines, so a 10 MB output costs little more to report than a short one. It
// returns the number of the first differing line too.
//
// A diff of two windows cut at the same length would end in an edit neither output makes:
// with a line inserted, got's window ends one of want's lines earlier, and want's last
// line would show as deleted. So the windows are longer than what is shown, and longer
// still (up to maxDiffLines) while a change shown runs into the end of a cut window.
func firstDifference(want, got []byte, context, span int) (int, string) {
	same := commonPrefix(want, got)
	lineStart := bytes.LastIndexByte(want[:same], '\n') + 1
	firstDiff := bytes.Count(want[:lineStart], []byte{'\n'}) + 1
	start := lineStart
	for i := 0; i < context && start > 0; i++ {
		start = bytes.LastIndexByte(want[:start-1], '\n') + 1
	}
	// A long line is shown around the column where the first changed pair differs.
	column := 0
	if same < len(want) && same < len(got) {
		column = same - lineStart
	}
	// The lines before the first difference are the same on both sides: they are the
	// first hunk's context as they are, and the diff starts at the first difference, so
	// that it never matches that line elsewhere and shows the common lines as edits.
	before := splitLines(want[start:lineStart], context)
	shown := context + span - len(before)
	wantRest, gotRest := want[lineStart:], got[lineStart:]
	wantLines, gotLines := lineCount(wantRest), lineCount(gotRest)
	for n := shown + span; ; n = min(2*n, maxDiffLines) {
		w, g := splitLines(wantRest, n), splitLines(gotRest, n)
		wantCut, gotCut := wantLines > n, gotLines > n
		a, b := strings.Join(w, ""), strings.Join(g, "")
		diff, err := udiff.ToUnifiedDiff("want", "got", a, udiff.Lines(a, b), context)
		if err != nil {
			return firstDiff, fmt.Sprintf("(no diff: %v)\n", err)
		}
		last := !wantCut && !gotCut || n >= maxDiffLines
		r := windowDiff{shown: shown, span: span, column: column, firstLine: firstDiff, before: before}
		r.pastCut = func(w0, g0, del, ins int) (showDel, showIns, ok bool) {
			wantEnds, gotEnds := wantCut && w0+del >= len(w), gotCut && g0+ins >= len(g)
			switch {
			case !wantEnds && !gotEnds:
				return true, true, true
			case !last:
				return false, false, false
			}
			// A change longer than any window diffed: what the outputs hold past the
			// windows tells an insertion (want's lines come later in got) from a deletion
			// from a change of both.
			inserted := gotEnds && del > 0 && later(gotRest, offset(g, g0), linesAt(w, w0, 2))
			deleted := wantEnds && ins > 0 && later(wantRest, offset(w, w0), linesAt(g, g0, 2))
			return !inserted || deleted, !deleted || inserted, true
		}
		text, more, ok := r.render(diff.Hunks)
		if !ok {
			continue
		}
		if more || wantLines > shown || gotLines > shown {
			text += "…\n"
		}
		return firstDiff, text
	}
}

// maxDiffLines bounds the windows firstDifference diffs. It keeps the diff exact: the
// diff's algorithm gives up its search past 100 edits.
const maxDiffLines = 48

// windowDiff writes the hunks of a diff of two windows of the outputs, as far as the
// lines shown of each side, with whole changes that start within them, each side's part
// cut at span lines.
type windowDiff struct {
	shown, span, column int
	firstLine           int      // the output line of the windows' first line
	before              []string // the lines before the windows, the same on both sides, shown first
	// pastCut decides a change of del lines of want from line w0 of its window and ins of
	// got from g0: which sides to show, or ok false when the windows must be longer first.
	pastCut func(w0, g0, del, ins int) (showDel, showIns, ok bool)
}

// render writes the hunks; more reports lines left out, and ok false that a change
// runs past a window's end (pastCut).
func (r windowDiff) render(hunks []*udiff.Hunk) (text string, more, ok bool) {
	var b strings.Builder
	write := func(mark, content string) {
		newline := strings.HasSuffix(content, "\n")
		line := escape(clipLine(strings.TrimSuffix(content, "\n"), r.column))
		if newline {
			line += "\n"
		} else {
			line += "\n\\ no newline at end\n"
		}
		b.WriteString(mark + line)
	}
	for k, h := range hunks {
		w, g := h.FromLine-1, h.ToLine-1 // the lines of each window before the hunk's
		if w >= r.shown || g >= r.shown {
			return b.String(), true, true
		}
		if k == 0 {
			fmt.Fprintf(&b, "@@ output line %d @@\n", r.firstLine+h.FromLine-1-len(r.before))
			for _, l := range r.before {
				write(" ", l)
			}
		} else {
			fmt.Fprintf(&b, "@@ output line %d @@\n", r.firstLine+h.FromLine-1)
		}
		for i := 0; i < len(h.Lines); {
			if h.Lines[i].Kind == udiff.Equal {
				if w >= r.shown || g >= r.shown {
					return b.String(), true, true
				}
				write(" ", h.Lines[i].Content)
				w, g, i = w+1, g+1, i+1
				continue
			}
			// A change: its deleted and inserted lines, when it starts within the lines
			// shown of either side.
			if w >= r.shown && g >= r.shown {
				return b.String(), true, true
			}
			j := i
			var del, ins []string
			for ; j < len(h.Lines) && h.Lines[j].Kind != udiff.Equal; j++ {
				if h.Lines[j].Kind == udiff.Delete {
					del = append(del, h.Lines[j].Content)
				} else {
					ins = append(ins, h.Lines[j].Content)
				}
			}
			showDel, showIns, ok := r.pastCut(w, g, len(del), len(ins))
			if !ok {
				return "", false, false
			}
			for _, side := range []struct {
				show  bool
				mark  string
				lines []string
			}{{showDel, "-", del}, {showIns, "+", ins}} {
				if !side.show {
					more = more || len(side.lines) > 0
					continue
				}
				for k, l := range side.lines {
					if k == r.span {
						more = true
						break
					}
					write(side.mark, l)
				}
			}
			if more {
				return b.String(), true, true
			}
			w, g, i = w+len(del), g+len(ins), j
		}
	}
	return b.String(), false, true
}

// offset is where line i of a window starts, in bytes from the window's start.
func offset(lines []string, i int) int {
	n := 0
	for _, l := range lines[:min(i, len(lines))] {
		n += len(l)
	}
	return n
}

// linesAt is up to n lines of a window from line i, joined.
func linesAt(lines []string, i, n int) []byte {
	return []byte(strings.Join(lines[min(i, len(lines)):min(i+n, len(lines))], ""))
}

// later reports whether block appears in out at a line start from offset from on, within
// a bounded look.
func later(out []byte, from int, block []byte) bool {
	if len(block) == 0 {
		return false
	}
	rest := out[min(from, len(out)):]
	rest = rest[:min(len(rest), 1<<20)]
	for i := 0; ; {
		k := bytes.Index(rest[i:], block)
		if k < 0 {
			return false
		}
		if at := i + k; at == 0 || rest[at-1] == '\n' {
			return true
		}
		i += k + 1
	}
}

// lineCount counts b's lines, a last one without its newline included.
func lineCount(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// clipWidth is the most of a line a report shows.
const clipWidth = 160

// clipLine shortens a line longer than clipWidth to the part around column, marking what
// it leaves out, so that a 500 KB output line still reports the bytes that matter.
func clipLine(line string, column int) string {
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

// escape shows the bytes a terminal would hide or garble: a carriage return, other
// control characters and invalid UTF-8, as Go escapes them. Newlines and tabs stay.
func escape(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\n' && c != '\t' || c == 0x7f || c >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < ' ' || r == 0x7f:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
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
