package picture

import (
	"fmt"
	"strconv"
	"strings"
)

// cellStyle is how a glyph is drawn.
type cellStyle struct {
	fill, ink string // SVG colours of the cell and of what is written in it
	show      string // what the SVG writes in the cell; "" for nothing
	ansi      string // the SGR parameters of the glyph in colour text; "" for none
}

// The SGR parameters of the marks in colour text: the brackets stay, so that the marks
// read the same without colour.
const (
	ansiDiffer = "1;97;41" // bold white on red
	ansiStep   = "30;43"   // black on yellow
)

// outputLines is how many lines of a step's output a text frame shows.
const outputLines = 6

// Text draws the frame for a terminal: a title naming the step, what it wrote, and the
// board (with ANSI colour when colour is true; the marks are brackets either way, see
// Legend).
func (f Frame) Text(colour bool) string {
	var sb strings.Builder
	sb.WriteString(f.title())
	sb.WriteByte('\n')
	shown, more := excerptLines(f.Output, outputLines)
	for i, l := range shown {
		lead := "    "
		if i == 0 {
			lead = "  → "
		}
		sb.WriteString(lead + l + "\n")
	}
	if more > 0 {
		fmt.Fprintf(&sb, "    … %d more line(s)\n", more)
	}
	if f.Board != nil {
		sb.WriteString(f.Board.text(colour, styleOf(f.drawing)))
	}
	for _, n := range f.Notes {
		sb.WriteString("  note: " + n + "\n")
	}
	return sb.String()
}

// styleOf is the game's glyph style, or a plain one for a game the picture does not know
// (a Frame built by hand).
func styleOf(g *Drawing) func(byte) cellStyle {
	if g != nil {
		return g.style
	}
	return func(c byte) cellStyle { return cellStyle{fill: "#ffffff", ink: "#000000", show: string(c)} }
}

// title names the frame's step: "operation 3: Sweep 1 1 (input line 6)".
func (f Frame) title() string {
	return wordsOf(f.drawing).stepName(f.Dataset, f.Step, f.Phase, f.Op, f.Kind) + lineNote(f.Line)
}

func lineNote(line int) string {
	if line <= 0 {
		return ""
	}
	return fmt.Sprintf(" (input line %d)", line)
}

// stepName names a step in the game's words.
func (w words) stepName(dataset, step int, phase, op, kind string) string {
	var parts []string
	if dataset > 0 {
		parts = append(parts, fmt.Sprintf("%s %d", w.dataset, dataset))
	}
	switch {
	case phase == "error":
		return "cut short by the input error"
	case w.oneStep != "":
	case phase == "end":
		parts = append(parts, "end of commands")
	case step == 0 && dataset > 0:
		parts[0] += " at its start"
	case step == 0:
		parts = append(parts, "the start")
	default:
		name := fmt.Sprintf("%s %d", w.step, step)
		if op != "" {
			name += ": " + op
		}
		if w.kindNamed && kind != "" {
			name += ", " + article(kind)
		}
		switch phase {
		case "action":
			name += ", after the action"
		case "automatic":
			name += ", after the checks and automatic steps"
		case "ignored":
			name += ", ignored (the game is over)"
		}
		parts = append(parts, name)
	}
	return strings.Join(parts, ", ")
}

func article(kind string) string {
	if strings.HasSuffix(kind, "click") {
		return "a " + kind
	}
	return "the " + kind
}

// text draws the board: a header of column numbers, then each row with its number, every
// cell three characters wide: " g " plain, "(g)" MarkStep, "[g]" MarkDiffer.
func (b *Board) text(colour bool, style func(byte) cellStyle) string {
	if len(b.Cells) == 0 {
		return ""
	}
	marks := b.markGrid()
	lw := b.labelWidth()
	var sb strings.Builder
	// Column numbers end above their cell's glyph; one that would touch the one before is
	// left out.
	width := len(b.Cells[0])
	header := []byte(strings.Repeat(" ", lw+1+3*width))
	last := -1
	for j := range width {
		col := b.Left + j
		label := strconv.Itoa(col)
		end := lw + 1 + 3*j + 1
		if start := end - len(label) + 1; start > last+1 {
			copy(header[start:], label)
			last = end
		}
	}
	sb.WriteString(strings.TrimRight(string(header), " ") + "\n")
	for i, row := range b.Cells {
		var line strings.Builder
		fmt.Fprintf(&line, "%*d ", lw, b.row(i))
		for j, g := range row {
			l, r, code := " ", " ", style(g).ansi
			switch marks[i][j].kind {
			case MarkDiffer:
				l, r, code = "[", "]", ansiDiffer
			case MarkStep:
				l, r, code = "(", ")", ansiStep
			}
			if colour && code != "" {
				line.WriteString("\x1b[" + code + "m" + l + string(g) + r + "\x1b[0m")
			} else {
				line.WriteString(l + string(g) + r)
			}
		}
		sb.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	if w := b.Window(); w != "" {
		sb.WriteString("  (" + w + ")\n")
	}
	if n := b.outside(); n > 0 {
		fmt.Fprintf(&sb, "  (%d marked cell(s) outside this window)\n", n)
	}
	return sb.String()
}

// labelWidth is the width of the window's widest row number.
func (b *Board) labelWidth() int {
	lw := 0
	for i := range b.Cells {
		lw = max(lw, len(strconv.Itoa(b.row(i))))
	}
	return lw
}

// cellMark is how a cell of a window is marked: its strongest mark shows, and the SVG
// also draws the step's under a MarkDiffer.
type cellMark struct {
	kind MarkKind // the strongest
	step bool     // a MarkStep is among its marks
}

// markGrid is the marks of every cell of the window.
func (b *Board) markGrid() [][]cellMark {
	g := make([][]cellMark, len(b.Cells))
	for i := range g {
		g[i] = make([]cellMark, len(b.Cells[i]))
	}
	for _, m := range b.Marks {
		if i, j, ok := b.inside(m.Row, m.Col); ok {
			c := &g[i][j]
			c.kind = max(c.kind, m.Kind)
			c.step = c.step || m.Kind == MarkStep
		}
	}
	return g
}
