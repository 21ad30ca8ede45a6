package picture

import (
	"fmt"
	"html/template"
	"strconv"

	"gamediff/internal/quote"
)

// Figure is one board of a parting as a page shows it: its caption, the window of the
// board it shows, the board as inline SVG, the output of its step, and its notes.
type Figure struct {
	Caption string
	Window  string // which part of a big board the SVG shows; "" for the whole board
	SVG     template.HTML
	Output  []string // the step's output, each line clipped
	More    int      // the lines of it left out
	Notes   []string
	// Step and Differ say whether the board marks a cell MarkStep, MarkDiffer: the page's
	// legend then says what those marks mean.
	Step, Differ bool
}

// Figures are the boards near the divergence, the state before the step drawn with its
// marks in place of the plain board of that moment. For a run that stopped (stopped),
// no cell is marked as disputed: every cell the answer it did not write lists would be.
func (p Parting) Figures(stopped bool) []Figure {
	if stopped {
		p = p.undisputed()
	}
	var out []Figure
	placed := false
	disputes := ""
	if p.Before.Board != nil && p.Before.Board.shows(MarkDiffer) {
		disputes = "; the disputed cells marked"
	}
	for _, f := range p.Frames {
		caption := "after " + f.title()
		if f.Step == 0 && f.Phase == "" {
			caption = f.title()
		}
		if p.Before.Board != nil && f.Dataset == p.Before.Dataset && f.Step == p.Before.Step && f.Phase == p.Before.Phase {
			f, placed = p.Before, true
			if f.Step != p.Step || f.Dataset != p.Dataset {
				caption += ": where " + wordsOf(p.drawing).stepName(0, p.Step, "", "", "") + " starts"
			}
			caption += disputes
		}
		out = append(out, figureOf(f, caption))
	}
	if !placed && p.Before.Board != nil {
		out = append([]Figure{figureOf(p.Before, "before the step"+disputes)}, out...)
	}
	return out
}

// undisputed is the parting with no cell marked as disputed.
func (p Parting) undisputed() Parting {
	strip := func(b *Board) *Board {
		if b == nil {
			return nil
		}
		c := *b
		c.Marks = nil
		for _, m := range b.Marks {
			if m.Kind != MarkDiffer {
				c.Marks = append(c.Marks, m)
			}
		}
		return &c
	}
	q := p
	q.Before.Board = strip(p.Before.Board)
	q.Frames = make([]Frame, len(p.Frames))
	for i, f := range p.Frames {
		f.Board = strip(f.Board)
		q.Frames[i] = f
	}
	return q
}

// shows reports whether the window shows a cell marked kind.
func (b *Board) shows(kind MarkKind) bool {
	for _, m := range b.Marks {
		if _, _, ok := b.inside(m.Row, m.Col); ok && m.Kind == kind {
			return true
		}
	}
	return false
}

func figureOf(f Frame, caption string) Figure {
	shown, more := excerptLines(f.Output, outputLines)
	v := Figure{Caption: caption, SVG: template.HTML(f.SVG()), Output: shown, More: more, Notes: f.Notes}
	if f.Board != nil {
		v.Window = f.Board.Window()
		v.Step, v.Differ = f.Board.shows(MarkStep), f.Board.shows(MarkDiffer)
		if n := f.Board.outside(); n > 0 {
			v.Notes = append(v.Notes, fmt.Sprintf("%d marked cell(s) outside this window", n))
		}
	}
	return v
}

// Key is one entry of a page's legend: a cell drawn as the boards draw it, the glyphs it
// stands for, and what they mean.
type Key struct {
	Glyphs string
	Text   string
	SVG    template.HTML
}

// Keys are the legend of the game's boards, every kind of cell as the SVG draws it.
func (d *Drawing) Keys() []Key {
	var keys []Key
	for _, k := range d.legend.keys {
		keys = append(keys, Key{Glyphs: k.glyphs, Text: k.text, SVG: template.HTML(swatch(d.style(k.glyphs[0])))})
	}
	return keys
}

// MarkWords say what the marks of the game's boards mean: the cell the step is on
// (MarkStep), a cell the answers disagree about (MarkDiffer).
func (d *Drawing) MarkWords() (step, differ string) { return d.legend.step, d.legend.differ }

// Drawing is the game's drawing the parting was drawn with.
func (p Parting) Drawing() *Drawing { return p.drawing }

// ShowCommand is the command that pictures step k of the parting's game and dataset in a
// terminal, running gamediff as p.Self and naming the case p.File.
func (p Parting) ShowCommand(k string) string {
	self, file := p.Self, p.File
	if self == "" {
		self = "gamediff"
	}
	if file == "" {
		file = "CASE.in"
	}
	s := self + " show -game " + p.Game
	if p.Dataset > 0 {
		s += " -dataset " + strconv.Itoa(p.Dataset)
	}
	if wordsOf(p.drawing).oneStep == "" {
		s += " -step " + k
	}
	return s + " " + quote.Shell(file)
}
