package testcase

import (
	"slices"
	"strconv"
	"strings"
)

// Limits of the game mine (seed 000, 子任务): 1 ≤ n, m ≤ 1000, and at most 60000
// operations, the Quit included.
const (
	MineMaxSide = 1000
	MineMaxOps  = 60000
)

// Mine is one input of the game mine: a board and the operations read after it.
type Mine struct {
	Board []string // n rows of m bytes: '*' a mine, '.' safe
	Ops   []MineOp
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

// Encode renders the case as judge input.
func (c Mine) Encode() []byte {
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

// DecodeMine is the validator of mine (R-IN3): the exact format and every limit, exactly
// one Quit and at most 60000 operations included; the first violation names its line.
func DecodeMine(input []byte) (Mine, error) {
	s := newInStream(input)
	n := s.number("n", 1, MineMaxSide)
	s.space()
	m := s.number("m", 1, MineMaxSide)
	s.eoln()
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
			s.space()
			op.X = s.number("x", 1, n)
			s.space()
			op.Y = s.number("y", 1, m)
		default:
			s.fail("unknown operation %s, expected Flag, Sweep, DSweep or Quit", s.quotedWord())
		}
		s.eoln()
		c.Ops = append(c.Ops, op)
	}
	if quits == 0 {
		s.fail("no Quit: exactly one is required")
	}
	return c, s.err
}

// MineFromBytes decodes fuzzer bytes into a valid case (see tape): n, m, the board, then
// operations until the bytes run out; the Quit goes where the bytes first ask for one (a
// later one is a Sweep), or last. Mine.Bytes is its inverse.
func MineFromBytes(data []byte) Mine {
	t := &tape{data: data}
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
	return c
}

// Bytes is the inverse of MineFromBytes: fuzz seeds in which a changed byte changes one
// cell or one operation, almost always.
func (c Mine) Bytes() []byte {
	n, m := len(c.Board), len(c.Board[0])
	w := &tapeWriter{data: make([]byte, 0, 8+n*m+3*len(c.Ops))}
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
