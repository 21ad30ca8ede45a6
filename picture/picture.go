// Package picture shows a game the way the reference judge plays it, step by step, and
// finds where two answers to one input part, in the game's terms: which operation, which
// cells, and a signature that names the kind of bug. It draws the boards as text for a
// terminal and as SVG for a self-contained HTML report of a finding.
//
// It reads the games through ref's tracers (ref.MineTrace and the others), so what it
// shows is what the reference does; it never judges on its own.
package picture

import (
	"fmt"
)

// Frame is the picture of one moment of a game: the start of a game (or dataset, or
// board), or the end of one step.
type Frame struct {
	Game    string
	drawing *Drawing // how the frame is drawn; nil for a frame built by hand
	Dataset int      // the game (boom), dataset (tower) or board (datamining), from 1; 0 for mine
	Step    int      // the operation or command in it, from 1; 0 at its start (and for a datamining board)
	// Phase is tower's "action" (a command just carried out), "automatic" (after its checks
	// and automatic steps), "ignored" or "end"; "error" for what a step cut short by an input
	// error wrote; "" otherwise.
	Phase  string
	Line   int    // the input line of the step
	Op     string // the step as written: "Sweep 3 4", "1 2 3", "PUSH RIGHT"; "" at a start
	Kind   string // the step in the game's terms: "Sweep", "left click", "PUSH", "game start", ...
	Output []byte // what the step wrote
	Result string // how the game ended, once it has: "finish", "WIN", "Game Over : Cleared", ...
	Board  *Board // the state after the step; nil when not kept (see Notes)
	Notes  []string
}

// Board is a window on a game's grid, one glyph per cell (the game's legend says what each
// means), with marked cells. A board too big to show whole shows a window; Window says which.
type Board struct {
	Rows, Cols int      // the whole grid: rows (tower: levels) and columns
	Top, Left  int      // the row (tower: level) of Cells[0] and the column of Cells[i][0]
	Up         bool     // rows are levels counted from the bottom: Cells[i] is level Top-i (tower)
	Cells      [][]byte // the window
	Marks      []Mark
}

// Mark is a marked cell of a Board, in the grid's coordinates.
type Mark struct {
	Row, Col int
	Kind     MarkKind
}

// MarkKind says why a cell is marked.
type MarkKind int

// The kinds of mark.
const (
	// MarkStep is the cell the step is about: the cell operated on, the player, the
	// best start.
	MarkStep MarkKind = iota + 1
	// MarkDiffer is a cell the two answers disagree about.
	MarkDiffer
)

// row is the grid row shown in Cells[i].
func (b *Board) row(i int) int {
	if b.Up {
		return b.Top - i
	}
	return b.Top + i
}

// Window describes the part of the grid shown when it is not all of it, e.g. "rows
// 480-519 of 1000, columns 1-40 of 1000"; "" when the whole grid is shown.
func (b *Board) Window() string {
	h, w := len(b.Cells), 0
	if h > 0 {
		w = len(b.Cells[0])
	}
	if h == b.Rows && w == b.Cols {
		return ""
	}
	rows := "rows"
	lo, hi := b.Top, b.Top+h-1
	if b.Up {
		rows, lo, hi = "levels", b.Top-h+1, b.Top
	}
	return fmt.Sprintf("%s %d-%d of %d, columns %d-%d of %d", rows, lo, hi, b.Rows, b.Left, b.Left+w-1, b.Cols)
}

// inside reports whether the grid cell (r, c) is in the window, and where.
func (b *Board) inside(r, c int) (i, j int, ok bool) {
	i = r - b.Top
	if b.Up {
		i = b.Top - r
	}
	j = c - b.Left
	return i, j, i >= 0 && i < len(b.Cells) && j >= 0 && len(b.Cells) > 0 && j < len(b.Cells[0])
}

// outside counts the marks the window does not show.
func (b *Board) outside() int {
	n := 0
	for _, m := range b.Marks {
		if _, _, ok := b.inside(m.Row, m.Col); !ok {
			n++
		}
	}
	return n
}

// Bounds of the work: a picture of a big board shows a window of at most maxRows x maxCols
// cells, and Play keeps boards of at most playBudget cells in all.
const (
	maxRows    = 40
	maxCols    = 40
	playBudget = 1 << 22
)

// moment is one moment of a game as a game's tracer reports it. shoot and the fields are
// valid only during the call that reports it.
type moment struct {
	dataset, step int
	phase         string
	line          int
	op, kind      string
	outLen        int    // the bytes written so far
	out           []byte // those bytes
	result        string
	rows, cols    int
	focus         [][2]int // the cells the step is about, for the window (cheap to know)

	// shoot copies the window [r0..r1] x [c0..c1] of the state with the game's own marks.
	shoot func(r0, r1, c0, c1 int) *Board
}

// Drawing is what the pictures know of one game: how to play it step by step (ref's trace),
// how its answers are cut and named, and how its states are drawn. Each game's file of
// this package defines its own (Mine, Boom, …), named as the game is; the game's
// registration (package games) carries it, and the pictures take it from there: there is
// no registry of drawings here.
type Drawing struct {
	name   string
	legend legend
	words  words
	// trace plays input with ref's tracer, calling visit at every moment.
	trace func(input []byte, visit func(*moment)) ([]byte, error)
	// takes reports whether line, the index-th of an answer to a step of that kind, belongs
	// to that answer: how a judge's output is cut into answers.
	takes func(kind string, index int, line []byte) bool
	// known names a line (without its line end) the game's grammar knows by its form: what
	// it says with numbers and coordinates normalized away; false for any other line.
	known func(text []byte) (string, bool)
	// cells, if set, reads the cells an answer lists, with their values (mine's feedback,
	// boom's RUNNING lists): the cells two answers disagree about are marked.
	cells func(answer [][]byte) []listing
	// differ, if set, compares two answers to one step whose first differing lines have
	// the same form, want's being text, in the game's terms ("got misses cells"); "" when
	// it has nothing to add. lists gives the cells the answers list.
	differ func(text []byte, lists func() (want, got []listing)) string
	// sign makes the signature from the step's kind and the two sides at the first
	// differing line (and differ's detail): the terms that tell the bug apart, which it
	// chooses, and its words.
	sign func(kind string, want, got side, detail string) Sign
	// onBoard, if set, lists the MarkDiffer marks of the state before the step, read from
	// its board (tower: the player's cell; datamining: the covered safe cells).
	onBoard func(before *Board) []Mark
	// upcoming: the board before a step marks the cell the step is on (mine, boom), not
	// the marks of the moment it shows.
	upcoming bool
	// style is how a glyph is drawn.
	style func(glyph byte) cellStyle
}

// words are how a game's pictures name its parts.
type words struct {
	dataset string // a game (boom), a dataset (tower), a board (datamining)
	step    string // an operation, or a command (tower)
	board   string // what the state is drawn as: a board, or the tower
	// kindNamed: a step's name says its kind, which its op, mere numbers, does not:
	// "operation 2: 2 1 1, a right click" (boom).
	kindNamed bool
	// oneStep, for a game whose dataset is a single step (a datamining board), says what
	// the picture of its state shows: "as the casual player leaves it from the best
	// start". Such a step is named by its dataset alone. "" for games played step by step.
	oneStep string
}

// Datasets says what a game's input holds several of, as -dataset of show numbers them
// ("games", "datasets", "boards"); "" for a game whose input is one game (mine).
func (d *Drawing) Datasets() string {
	if d.words.dataset == "part" {
		return ""
	}
	return d.words.dataset + "s"
}

// OneStep reports whether each dataset of the game is a single step (a datamining board):
// a step is then picked by its dataset.
func (d *Drawing) OneStep() bool { return d.words.oneStep != "" }

// plainWords name the parts of a game the picture does not know (a Frame built by hand).
var plainWords = words{dataset: "part", step: "operation", board: "board"}

// wordsOf is how the pictures drawn with d name the game's parts (plainWords without one).
func wordsOf(d *Drawing) words {
	if d != nil {
		return d.words
	}
	return plainWords
}

// Name is the game's name, as its registration and -game name it.
func (d *Drawing) Name() string { return d.name }

// run runs g's tracer and turns a panic in the reference into an error, so that a report
// about a crashing judge is still written. A visit that panics with stopPlay stops the
// play: run returns no error then.
func (g *Drawing) run(input []byte, visit func(*moment)) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			if _, stop := p.(stopPlay); stop {
				out, err = nil, nil
				return
			}
			err = fmt.Errorf("the reference %s judge panicked: %v", g.name, p)
		}
	}()
	return g.trace(input, visit)
}

// stopPlay is the panic value that stops a play from a visit.
type stopPlay struct{}

// Walk plays input as the reference judge of game plays it and calls visit with the
// frame of every moment keep accepts (every one when keep is nil) as soon as it is
// played: the start of each game, dataset or board, and the end of every step (for
// tower, after each command's action and after its automatic steps). It keeps no frame,
// so a stream of steps of any length costs what the reference's own play does, and one
// frame at a time; each board is a window of at most 40 x 40 cells around the step's
// cell. A frame's Output shares the play's buffer: it stays as it is, but keeping it
// keeps what was written before it. visit returns false to stop the play. An input
// error is returned after the frames before it, as ref's *InputError.
func (g *Drawing) Walk(input []byte, keep func(dataset, step int) bool, visit func(Frame) bool) error {
	written := 0
	out, err := g.run(input, func(m *moment) {
		start := written
		written = m.outLen
		if keep != nil && !keep(m.dataset, m.step) {
			return
		}
		f := m.frame(g)
		r0, r1, c0, c1 := window(m.rows, m.cols, m.focus)
		f.Board = m.shoot(r0, r1, c0, c1)
		f.Output = span(m.out, start, m.outLen)
		if !visit(f) {
			panic(stopPlay{})
		}
	})
	if len(out) > written && keep == nil {
		// A step the input error cut short wrote this (boom's separator before a game
		// whose board is broken): a frame of its own, so that the frames hold every byte.
		visit(Frame{Game: g.name, drawing: g, Phase: "error", Output: out[written:],
			Notes: []string{"written by the step the input error stops"}})
	}
	return err
}

// Play plays input as the reference judge of game plays it and returns every moment:
// the start of each game, dataset or board, and the end of every step (for tower, after
// each command's action and after its automatic steps). An input error is returned
// after the frames before it, as ref's *InputError.
//
// The work is bounded: each board is a window of at most 40 x 40 cells around the step's
// cell, and once the frames hold 4M cells, later frames keep no board (PlaySteps pictures
// chosen steps alone).
func (g *Drawing) Play(input []byte) ([]Frame, error) {
	return g.PlaySteps(input, nil)
}

// PlaySteps is Play keeping only the steps keep accepts (every step when keep is nil); the
// others are played but not pictured.
func (g *Drawing) PlaySteps(input []byte, keep func(dataset, step int) bool) ([]Frame, error) {
	var frames []Frame
	var spans [][2]int // the output each kept frame's step wrote
	kept, written := 0, 0
	var budgetNote []string
	out, err := g.run(input, func(m *moment) {
		start := written
		written = m.outLen
		if keep != nil && !keep(m.dataset, m.step) {
			return
		}
		f := m.frame(g)
		if kept < playBudget {
			r0, r1, c0, c1 := window(m.rows, m.cols, m.focus)
			f.Board = m.shoot(r0, r1, c0, c1)
			kept += (r1 - r0 + 1) * (c1 - c0 + 1)
		} else {
			if budgetNote == nil { // one note, shared by every frame past the budget
				budgetNote = []string{fmt.Sprintf("board not kept: the frames before it hold %d cells (gamediff show -step pictures one step)", kept)}
			}
			f.Notes = budgetNote
		}
		frames = append(frames, f)
		spans = append(spans, [2]int{start, m.outLen})
	})
	for i, s := range spans {
		frames[i].Output = span(out, s[0], s[1])
	}
	if len(out) > written && keep == nil {
		// A step the input error cut short wrote this (boom's separator before a game
		// whose board is broken): a frame of its own, so that the frames hold every byte.
		frames = append(frames, Frame{Game: g.name, drawing: g, Phase: "error", Output: out[written:],
			Notes: []string{"written by the step the input error stops"}})
	}
	return frames, err
}

// frame is the moment's frame without its board and output.
func (m *moment) frame(d *Drawing) Frame {
	return Frame{Game: d.name, drawing: d, Dataset: m.dataset, Step: m.step, Phase: m.phase, Line: m.line, Op: m.op, Kind: m.kind, Result: m.result}
}

// span is out[start:end], clipped to out.
func span(out []byte, start, end int) []byte {
	end = min(max(end, 0), len(out))
	start = min(max(start, 0), end)
	return out[start:end:end]
}

// Legend says what the glyphs and marks of a game's pictures mean, for the text pictures.
func (g *Drawing) Legend() string {
	return g.legend.text()
}

// legend is what a game's pictures mean.
type legend struct {
	glyphs string // the text pictures' glyphs: "_ covered  F flag ..."
	// keys are the page's: every kind of cell, as the SVG draws it (a swept 0 is a blank
	// open cell there, where the text writes 0).
	keys   []key
	step   string // what MarkStep marks
	differ string // what MarkDiffer marks
}

// key is one entry of a page's legend: the glyphs it stands for, drawn alike but for
// their own character, and what they mean.
type key struct {
	glyphs string
	text   string
}

func (l legend) text() string {
	return fmt.Sprintf("%s\n(x) %s   [x] %s", l.glyphs, l.step, l.differ)
}
