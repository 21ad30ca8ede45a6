package testcase

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gamediff/ref"
)

// Limits of the game mine (seed 000, 子任务): 1 ≤ n, m ≤ 1000, and at most 60000
// operations, the Quit included.
const (
	MineMaxSide = 1000
	MineMaxOps  = 60000
)

// Mine is one input of the game mine: a board and the operations read after it, and the
// layout of its input.
type Mine struct {
	Board []string // n rows of m bytes: '*' a mine, '.' safe
	Ops   []MineOp
	// Form is how the input is laid out beyond the canonical layout (docs/rules.md, "Input
	// is a stream of tokens"): 0 for one item per line, single spaces.
	Form Form
}

// MineOp is one operation line; X and Y are unused for Quit.
type MineOp struct {
	Kind MineKind
	X, Y int
}

// MineKind is an operation: Flag, Sweep, DSweep or Quit.
type MineKind uint8

// The operations of the statement.

const (
	MineFlag MineKind = iota
	MineSweep
	MineDSweep
	MineQuit
)

var mineKindNames = [...]string{"Flag", "Sweep", "DSweep", "Quit"}

// String is the operation as the input spells it.
func (k MineKind) String() string { return mineKindNames[k] }

// Encode renders the case as judge input: the canonical layout, written in the case's
// form.
func (c Mine) Encode() []byte { return c.Form.Respace(c.canonical()) }

// InForm is c laid out in form f, as far as its input can show f: a form that would
// change no byte of it (tabs, when the split form has made every space a line end) is
// left out, so that DecodeMine(c.InForm(f).Encode()) is c.InForm(f).
func (c Mine) InForm(f Form) Mine {
	c.Form = 0
	if f != 0 {
		canonical := c.canonical()
		c.Form = FormOf(canonical, f.Respace(canonical))
	}
	return c
}

// canonical is the case's input in the canonical layout: "n m", a row per line, an
// operation per line, each line ended by '\n'.
func (c Mine) canonical() []byte {
	b := make([]byte, 0, 16+len(c.Board)*(len(c.Board[0])+1)+len(c.Ops)*16)
	b = appendInts(b, len(c.Board), len(c.Board[0]))
	for _, row := range c.Board {
		b = append(append(b, row...), '\n')
	}
	for _, op := range c.Ops {
		b = append(b, op.Kind.String()...)
		if op.Kind != MineQuit {
			b = appendInts(append(b, ' '), op.X, op.Y)
		} else {
			b = append(b, '\n')
		}
	}
	return b
}

// DecodeMine is the validator of mine (R-IN3): tokens separated by any whitespace, as the
// judges read them, canonical numbers, and every limit, exactly one Quit and at most 60000
// operations included; the first violation names its line. The case carries the form its
// input is laid out in (Mine.Form), so that Decode(c.Encode()) is c.
func DecodeMine(input []byte) (Mine, error) {
	s := newInStream(input)
	n := s.number("n", 1, MineMaxSide)
	m := s.number("m", 1, MineMaxSide)
	c := Mine{Board: make([]string, n)}
	for i := range c.Board {
		c.Board[i] = s.row("row "+strconv.Itoa(i+1), m, "*.")
	}
	quits := 0
	for !s.atEOF() {
		if len(c.Ops) == MineMaxOps {
			s.fail("more than %d operations", MineMaxOps)
			break
		}
		op := MineOp{Kind: MineQuit}
		switch w := s.word("an operation"); w {
		case "Quit":
			if quits++; quits > 1 {
				s.fail("a second Quit: exactly one is allowed")
			}
		case "Flag", "Sweep", "DSweep":
			op.Kind = MineKind(slices.Index(mineKindNames[:], w))
			op.X = s.number("x", 1, n)
			op.Y = s.number("y", 1, m)
		default:
			s.fail("unknown operation %s, expected Flag, Sweep, DSweep or Quit", s.quotedWord())
		}
		c.Ops = append(c.Ops, op)
	}
	if quits == 0 {
		s.fail("no Quit: exactly one is required")
	}
	if s.err == nil {
		c.Form = FormOf(c.canonical(), input)
	}
	return c, s.err
}

// MineFromBytes decodes fuzzer bytes into a valid case (see tape): the form, n, m, the
// board, then operations until the bytes run out; the Quit goes where the bytes first ask
// for one (a later one is a Sweep), or last. Mine.Bytes is its inverse.
func MineFromBytes(data []byte) Mine {
	t := &tape{data: data}
	form := mineFormOf(t)
	n := t.size(1, 8, MineMaxSide)
	m := t.size(1, 8, MineMaxSide)
	c := Mine{Board: t.board(n, m, '.', '*')}
	quit := false
	for !t.exhausted() {
		if room := MineMaxOps - 1; len(c.Ops) == room && !quit || len(c.Ops) == room+1 {
			break // the last place is the Quit's
		}
		op := MineOp{Kind: MineKind(t.byte() % 4), X: 1 + t.intn(n), Y: 1 + t.intn(m)}
		if op.Kind == MineQuit {
			if !quit {
				quit = true
				c.Ops = append(c.Ops, MineOp{Kind: MineQuit})
				continue
			}
			op.Kind = MineSweep
		}
		c.Ops = append(c.Ops, op)
	}
	if !quit {
		c.Ops = append(c.Ops, MineOp{Kind: MineQuit})
	}
	return c.InForm(form)
}

// Bytes is the inverse of MineFromBytes: fuzz seeds in which a changed byte changes one
// cell or one operation, almost always.
func (c Mine) Bytes() []byte {
	n, m := len(c.Board), len(c.Board[0])
	w := &tapeWriter{data: make([]byte, 0, 8+n*m+3*len(c.Ops))}
	writeMineForm(w, c.Form)
	w.size(n, 1, 8, MineMaxSide)
	w.size(m, 1, 8, MineMaxSide)
	w.board(c.Board, '*')
	for _, op := range c.Ops {
		w.byte(byte(op.Kind))
		w.intn(max(op.X-1, 0), n)
		w.intn(max(op.Y-1, 0), m)
	}
	return w.data
}

// mineFormTag marks a fuzz byte that carries a form in its low bits (mineFormOf): a
// quarter of the byte values, so that most fuzzed inputs keep the canonical layout and a
// changed byte turns a form on or off.
const mineFormTag = 0xc0

// mineFormOf reads the layout of the input from one byte (writeMineForm).
func mineFormOf(t *tape) Form {
	if b := t.byte(); b&mineFormTag == mineFormTag {
		return Form(b) & AllForms
	}
	return 0
}

// writeMineForm writes f as mineFormOf reads it.
func writeMineForm(w *tapeWriter, f Form) {
	if f != 0 {
		w.byte(mineFormTag | byte(f))
		return
	}
	w.byte(0)
}

// Bounds lists the constrained quantities of the case with their limits.
func (c Mine) Bounds() []Bound {
	n, m := len(c.Board), len(c.Board[0])
	b := []Bound{{"n", n, 1, MineMaxSide}, {"m", m, 1, MineMaxSide}, {"operations", len(c.Ops), 1, MineMaxOps},
		{"mines", strings.Count(strings.Join(c.Board, ""), "*"), 0, n * m}}
	for _, op := range c.Ops {
		if op.Kind != MineQuit {
			b = append(b, Bound{"x", op.X, 1, n}, Bound{"y", op.Y, 1, m})
		}
	}
	return b
}

// PlayFacts says what ref's play of the case does, in the terms the plan's tests aim at:
// the operations read before the game ends and how it ends, the cells opened and the
// largest cascade, the DSweeps that open cells, and how deep a recursive flood fill goes.
func (c Mine) PlayFacts() []string {
	n, m := len(c.Board), len(c.Board[0])
	g := ref.NewMineGame(c.Board)
	f := newFillDepth(n, m, func(p int) bool { return g.Number(p/m+1, p%m+1) == 0 })
	var (
		read, opened, largest, depth   int
		sweeps, chords, chordsFail     int
		chordRun, chordRunMax, noCells int
	)
	for _, op := range c.Ops {
		read++
		g.Play(op.Kind.String(), op.X, op.Y)
		newly := g.Newly()
		opened += len(newly)
		largest = max(largest, len(newly))
		if len(newly) > 0 {
			depth = max(depth, f.deepest(newly, op.Kind == MineDSweep, (op.X-1)*m+op.Y-1))
		}
		switch {
		case op.Kind == MineSweep && len(newly) > 0:
			sweeps++
		case op.Kind == MineDSweep && len(newly) > 0:
			chords++
		case op.Kind == MineDSweep:
			chordsFail++
		}
		if op.Kind != MineFlag && op.Kind != MineQuit && len(newly) == 0 {
			noCells++
		}
		// A chain: DSweeps that open cells, with nothing between them but the flags they
		// need.
		switch {
		case op.Kind == MineDSweep && len(newly) > 0:
			chordRun++
			chordRunMax = max(chordRunMax, chordRun)
		case op.Kind != MineFlag:
			chordRun = 0
		}
		if g.Outcome() != "" {
			break
		}
	}
	steps := read
	if g.Outcome() == "give up" {
		steps-- // the Quit is read, but is no step
	}
	ending := fmt.Sprintf("reads all %d operations", len(c.Ops))
	if read < len(c.Ops) {
		ending = fmt.Sprintf("reads %d of %d operations", read, len(c.Ops))
	}
	mines := strings.Count(strings.Join(c.Board, ""), "*")
	return []string{
		fmt.Sprintf("%s: %s after %d steps", ending, g.Outcome(), steps),
		fmt.Sprintf("%d mines of %d cells; %d cells opened, the largest cascade %d cells; a recursive flood fill goes %d calls deep",
			mines, n*m, opened, largest, depth),
		fmt.Sprintf("%d Sweeps and %d DSweeps open cells (the longest run of DSweeps that open cells, flags between them aside: %d); %d DSweeps open none; %d Sweeps and DSweeps open nothing",
			sweeps, chords, chordRunMax, chordsFail, noCells),
	}
}

// fillDepth measures how deep a recursive flood fill goes, the way contestants write it:
// fill(p) opens p and, if p shows 0, calls fill on each neighbour not yet opened, in row
// order. The cells it may open are those an operation opened (the cascade is the same
// whatever the order); an epoch per operation marks them, so no array is cleared.
type fillDepth struct {
	n, m  int
	zero  func(p int) bool
	mark  []int32 // epoch: the cell is one the operation opened; -epoch: fill opened it
	epoch int32
	stack []fillFrame
}

type fillFrame struct{ p, next int }

func newFillDepth(n, m int, zero func(p int) bool) *fillDepth {
	return &fillDepth{n: n, m: m, zero: zero, mark: make([]int32, n*m)}
}

// deepest is the deepest recursion of the fills an operation runs: from the operation's
// cell, or for a DSweep from each of its neighbours in row order, over the cells newly
// (1-based [x, y]) opened.
func (f *fillDepth) deepest(newly [][2]int, chord bool, at int) int {
	f.epoch++
	for _, c := range newly {
		f.mark[(c[0]-1)*f.m+c[1]-1] = f.epoch
	}
	if !chord {
		return f.fill(at)
	}
	depth := 0
	f.neighbours(at, func(q int) {
		if f.mark[q] == f.epoch {
			depth = max(depth, f.fill(q))
		}
	})
	return depth
}

// fill runs the recursive fill from p with an explicit stack, and returns its deepest
// call.
func (f *fillDepth) fill(p int) int {
	if f.mark[p] != f.epoch {
		return 0
	}
	f.mark[p] = -f.epoch
	f.stack = append(f.stack[:0], fillFrame{p, 0})
	depth := 1
	for len(f.stack) > 0 {
		top := &f.stack[len(f.stack)-1]
		if top.next == 0 && !f.zero(top.p) {
			f.stack = f.stack[:len(f.stack)-1]
			continue
		}
		x, y := top.p/f.m, top.p%f.m
		called := false
		for top.next < 9 {
			k := top.next
			top.next++ // before the append below, which may move the stack
			nx, ny := x-1+k/3, y-1+k%3
			if nx < 0 || nx >= f.n || ny < 0 || ny >= f.m {
				continue
			}
			if q := nx*f.m + ny; f.mark[q] == f.epoch {
				f.mark[q] = -f.epoch
				f.stack = append(f.stack, fillFrame{q, 0})
				depth = max(depth, len(f.stack))
				called = true
				break
			}
		}
		if !called {
			f.stack = f.stack[:len(f.stack)-1]
		}
	}
	return depth
}

// neighbours calls do with the neighbours of p in row order.
func (f *fillDepth) neighbours(p int, do func(q int)) {
	x, y := p/f.m, p%f.m
	for nx := max(x-1, 0); nx <= min(x+1, f.n-1); nx++ {
		for ny := max(y-1, 0); ny <= min(y+1, f.m-1); ny++ {
			if nx != x || ny != y {
				do(nx*f.m + ny)
			}
		}
	}
}
