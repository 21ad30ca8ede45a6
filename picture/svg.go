package picture

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// SVG geometry, in pixels: a cell's side (smaller on big windows) and the band of column
// numbers.
const (
	svgCell      = 22
	svgSmallCell = 15
	svgTop       = 18
)

// SVG draws the frame's board as an SVG image for an HTML page, its title naming the
// step; "" when the frame keeps no board.
func (f Frame) SVG() string {
	if f.Board == nil || len(f.Board.Cells) == 0 {
		return ""
	}
	return f.Board.svg(styleOf(f.drawing), f.title())
}

// minBoardWidth is the least width a board is shown at, in CSS pixels.
const minBoardWidth = 300

// svg draws the board: cells filled by glyph (runs of one fill are one rectangle), a grid,
// the glyphs that show, then the marks: MarkDiffer a thick red frame, MarkStep a blue one
// inside it.
func (b *Board) svg(style func(byte) cellStyle, label string) string {
	h, w := len(b.Cells), len(b.Cells[0])
	cell, font := svgCell, 12
	if max(h, w) > 20 {
		cell, font = svgSmallCell, 10
	}
	left := 8*b.labelWidth() + 8
	width, height := left+cell*w+2, svgTop+cell*h+2
	var sb strings.Builder
	// Shown at least minBoardWidth wide, scaled as drawn: a minimized case's board of a
	// few cells is read at a glance, not peered at.
	shownW, shownH := width, height
	if width < minBoardWidth {
		shownW, shownH = minBoardWidth, height*minBoardWidth/width
	}
	fmt.Fprintf(&sb, `<svg class="board" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s" font-family="monospace" font-size="%d">`,
		shownW, shownH, width, height, html.EscapeString(label), font)
	fmt.Fprintf(&sb, `<title>%s</title>`, html.EscapeString(label))
	x := func(j int) int { return left + cell*j }
	y := func(i int) int { return svgTop + cell*i }
	// Column and row numbers, as the text picture writes them.
	last := -1 << 30
	for j := range w {
		col := b.Left + j
		s := strconv.Itoa(col)
		if mid := x(j) + cell/2; mid-4*len(s) > last+4 {
			fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="middle" fill="#57606a" font-size="10">%s</text>`, mid, svgTop-5, s)
			last = mid + 4*len(s)
		}
	}
	for i := range h {
		fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="end" fill="#57606a" font-size="10">%d</text>`, left-4, y(i)+cell/2+font/3, b.row(i))
	}
	for i, row := range b.Cells {
		for j := 0; j < len(row); {
			k, fill := j, style(row[j]).fill
			for k < len(row) && style(row[k]).fill == fill {
				k++
			}
			fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, x(j), y(i), cell*(k-j), cell, fill)
			j = k
		}
	}
	var grid strings.Builder
	for i := 0; i <= h; i++ {
		fmt.Fprintf(&grid, "M%d %dH%d", x(0), y(i), x(w))
	}
	for j := 0; j <= w; j++ {
		fmt.Fprintf(&grid, "M%d %dV%d", x(j), y(0), y(h))
	}
	fmt.Fprintf(&sb, `<path d="%s" stroke="#ffffff" stroke-width="1" fill="none"/>`, grid.String())
	fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#8c959f" stroke-width="1"/>`, x(0), y(0), cell*w, cell*h)
	for i, row := range b.Cells {
		for j, g := range row {
			if s := style(g); s.show != "" {
				fmt.Fprintf(&sb, `<text class="g" x="%d" y="%d" text-anchor="middle" fill="%s" font-weight="bold">%s</text>`,
					x(j)+cell/2, y(i)+cell/2+font/3, s.ink, html.EscapeString(s.show))
			}
		}
	}
	// A cell marked both ways shows the step's frame inside the red one. The inner frames
	// follow every outer one, in the order the pages have always had them.
	var inner strings.Builder
	for i, row := range b.markGrid() {
		for j, m := range row {
			switch m.kind {
			case MarkDiffer:
				fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#cf222e" stroke-width="3"/>`,
					x(j)+2, y(i)+2, cell-4, cell-4)
				if m.step {
					fmt.Fprintf(&inner, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#0969da" stroke-width="2"/>`,
						x(j)+5, y(i)+5, cell-10, cell-10)
				}
			case MarkStep:
				fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#0969da" stroke-width="2.5"/>`,
					x(j)+2, y(i)+2, cell-4, cell-4)
			}
		}
	}
	sb.WriteString(inner.String())
	sb.WriteString(`</svg>`)
	return sb.String()
}

// swatch draws one cell as a board draws it, for a page's legend.
func swatch(s cellStyle) string {
	const side = svgCell
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="swatch-cell" width="%d" height="%d" viewBox="0 0 %d %d" aria-hidden="true" font-family="monospace" font-size="12">`,
		side, side, side, side)
	fmt.Fprintf(&sb, `<rect x="0.5" y="0.5" width="%d" height="%d" fill="%s" stroke="#8c959f" stroke-width="1"/>`, side-1, side-1, s.fill)
	if s.show != "" {
		fmt.Fprintf(&sb, `<text class="g" x="%d" y="%d" text-anchor="middle" fill="%s" font-weight="bold">%s</text>`,
			side/2, side/2+4, s.ink, html.EscapeString(s.show))
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}
