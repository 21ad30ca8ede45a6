package testcase

import (
	"fmt"
	"strconv"
	"strings"

	"gamediff/ref"
)

// Limits of the game boom (seed 003, 限制): 1 ≤ T ≤ 30; 3 ≤ n, m ≤ 200; up to 10000
// operations a game, its closing 0 not counted.
const (
	BoomMaxGames = 30
	BoomMinSide  = 3
	BoomMaxSide  = 200
	BoomMaxOps   = 10000
	// boomTableMines is the most mines of a board in any row of the test table (限制):
	// the statement allows n·m, its tests hold at most 10000.
	boomTableMines = 10000
)

// Boom is one input of the game boom: T games played one after the other.
type Boom struct {
	Games []BoomGame
	// Form is how the input is laid out beyond the canonical layout: the forms every
	// game's input may take (docs/rules.md, "Input is a stream of tokens").
	Form Form
}

// BoomGame is one game: a board and the operations read before its closing 0.
type BoomGame struct {
	Board []string // n rows of m bytes: '*' a mine, '_' empty
	Ops   []BoomOp
}

// BoomOp is one operation line "op x y": op 1, 2 or 3 clicks left, right or middle.
type BoomOp struct {
	Kind BoomKind
	X, Y int
}

// BoomKind is a click: left, right or middle (op 1, 2 or 3).
type BoomKind uint8

// The clicks of the statement.

const (
	BoomLeft BoomKind = iota + 1
	BoomRight
	BoomMiddle
)

// Encode renders the case as judge input: the canonical layout, written in the case's
// Form.
func (c Boom) Encode() []byte {
	size := 4
	for _, g := range c.Games { // a line "op x y" is at most 10 bytes
		size += 10 + len(g.Board)*(len(g.Board[0])+1) + 10*len(g.Ops) + 2
	}
	b := appendInts(make([]byte, 0, size), len(c.Games))
	for _, g := range c.Games {
		b = appendInts(b, len(g.Board), len(g.Board[0]))
		for _, row := range g.Board {
			b = append(append(b, row...), '\n')
		}
		for _, op := range g.Ops {
			b = appendInts(b, int(op.Kind), op.X, op.Y)
		}
		b = append(b, '0', '\n')
	}
	return c.Form.Respace(b)
}

// DecodeBoom is the validator of boom (R-IN3): the statement's tokens in any whitespace
// layout the judges read (docs/rules.md), every limit, each game closed by 0 and nothing
// after the last; the first violation names its line. The case carries the layout it
// was read in (Form), so that Decode(c.Encode()) is c.
func DecodeBoom(input []byte) (Boom, error) {
	s := newInStream(input)
	games := s.number("T", 1, BoomMaxGames)
	var c Boom
	for t := 1; t <= games && s.err == nil; t++ {
		game := "game " + strconv.Itoa(t) + ": "
		n := s.number(game+"n", BoomMinSide, BoomMaxSide)
		m := s.number(game+"m", BoomMinSide, BoomMaxSide)
		g := BoomGame{Board: make([]string, n)}
		for i := range g.Board {
			g.Board[i] = s.row(game+"row "+strconv.Itoa(i+1), m, "_*")
		}
		for kind := s.number(game+"op", 0, 3); kind != 0; kind = s.number(game+"op", 0, 3) {
			if len(g.Ops) == BoomMaxOps {
				s.fail("%smore than %d operations (q ≤ %d)", game, BoomMaxOps, BoomMaxOps)
				break
			}
			op := BoomOp{Kind: BoomKind(kind)}
			op.X = s.number(game+"x", 1, n)
			op.Y = s.number(game+"y", 1, m)
			g.Ops = append(g.Ops, op)
		}
		c.Games = append(c.Games, g)
	}
	if s.end("the last game"); s.err != nil {
		return c, s.err
	}
	c.Form = FormOf(c.Encode(), input)
	return c, nil
}

// BoomFromBytes decodes fuzzer bytes into a valid case (see tape): T, a form byte (the
// Form's bits of AllForms), then per game n, m, the board and a count of operations,
// three bytes each; the last game takes operations until the bytes run out. No game takes
// an operation once they have: a count read near the end would otherwise be filled from
// the zeros past it (a few bytes made thousands of clicks on one cell, and a fuzzer's run
// of the naive ref on them its slowest by far).
// Boom.Bytes is its inverse.
func BoomFromBytes(data []byte) Boom {
	t := &tape{data: data}
	games := make([]BoomGame, t.size(1, 3, BoomMaxGames))
	form := Form(t.byte()) & AllForms
	for i := range games {
		n, m := t.size(BoomMinSide, 8, BoomMaxSide), t.size(BoomMinSide, 8, BoomMaxSide)
		games[i].Board = t.board(n, m, '_', '*')
		last := i == len(games)-1
		q := BoomMaxOps
		if !last {
			q = t.size(0, 40, BoomMaxOps)
		}
		for len(games[i].Ops) < q && !t.exhausted() {
			games[i].Ops = append(games[i].Ops, BoomOp{Kind: BoomKind(1 + t.intn(3)), X: 1 + t.intn(n), Y: 1 + t.intn(m)})
		}
	}
	return Boom{games, form}
}

// Bytes is the inverse of BoomFromBytes: fuzz seeds in which a changed byte changes one
// cell or one operation, almost always.
func (c Boom) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Games), 1, 3, BoomMaxGames)
	w.byte(byte(c.Form))
	for i, g := range c.Games {
		n, m := len(g.Board), len(g.Board[0])
		w.size(n, BoomMinSide, 8, BoomMaxSide)
		w.size(m, BoomMinSide, 8, BoomMaxSide)
		w.board(g.Board, '*')
		if i < len(c.Games)-1 {
			w.size(len(g.Ops), 0, 40, BoomMaxOps)
		}
		for _, op := range g.Ops {
			w.intn(int(op.Kind)-1, 3)
			w.intn(op.X-1, n)
			w.intn(op.Y-1, m)
		}
	}
	return w.data
}

// Bounds lists the constrained quantities of the case with their limits; of op, x and y
// only the extremes of each game, which tell whether some value reaches a limit. k's
// limit is n·m, and the test table's 10000 for every test (boomTableMines).
func (c Boom) Bounds() []Bound {
	b := []Bound{{"T", len(c.Games), 1, BoomMaxGames}}
	for _, g := range c.Games {
		n, m := len(g.Board), len(g.Board[0])
		b = append(b, Bound{"n", n, BoomMinSide, BoomMaxSide}, Bound{"m", m, BoomMinSide, BoomMaxSide},
			Bound{"q", len(g.Ops), 0, BoomMaxOps}, Bound{"k", strings.Count(strings.Join(g.Board, ""), "*"), 0, min(n*m, boomTableMines)})
		if len(g.Ops) == 0 {
			continue
		}
		lo, hi := g.Ops[0], g.Ops[0]
		for _, op := range g.Ops {
			lo.Kind, hi.Kind = min(lo.Kind, op.Kind), max(hi.Kind, op.Kind)
			lo.X, hi.X = min(lo.X, op.X), max(hi.X, op.X)
			lo.Y, hi.Y = min(lo.Y, op.Y), max(hi.Y, op.Y)
		}
		b = append(b, Bound{"op", int(lo.Kind), 1, 3}, Bound{"op", int(hi.Kind), 1, 3},
			Bound{"x", lo.X, 1, n}, Bound{"x", hi.X, 1, n}, Bound{"y", lo.Y, 1, m}, Bound{"y", hi.Y, 1, m})
	}
	return b
}

// PlayFacts says what ref's play of the case does: how each game ends and how many of its
// operations are answered before it does, the cells opened and the largest cascade, the
// middle clicks that open cells.
func (c Boom) PlayFacts() []string {
	var ends = map[string]int{}
	var ops, answered, opened, largest, middles, untilEnd int
	for _, gm := range c.Games {
		g := ref.NewBoomGame(gm.Board)
		for _, op := range gm.Ops {
			ops++
			if g.Over() {
				continue // INVALID: the game ended before
			}
			answered++
			g.Play(int(op.Kind), op.X, op.Y)
			cells := 0
			for _, p := range g.Changed() {
				if g.Opened(p[0], p[1]) {
					cells++
				}
			}
			opened += cells
			largest = max(largest, cells)
			if op.Kind == BoomMiddle && cells > 0 {
				middles++
			}
		}
		switch {
		case !g.Over():
			ends["QUIT"]++
			untilEnd++
		case g.Answer() == "WIN":
			ends["WIN"]++
		default:
			ends["LOSE"]++
		}
	}
	return []string{
		fmt.Sprintf("%d games: %d end with QUIT after every operation, %d with WIN, %d with LOSE; %d of %d operations answered before their game's end, %d INVALID",
			len(c.Games), untilEnd, ends["WIN"], ends["LOSE"], answered, ops, ops-answered),
		fmt.Sprintf("%d cells opened, the largest cascade %d cells; %d middle clicks open cells", opened, largest, middles),
	}
}
