package fast

import (
	"fmt"
	"io"
	"math"
	"sync"
)

// Limits of the game boom (seed 003, 限制).
const (
	boomMinSide = 3
	boomMaxSide = 200
	// boomMaxCells is the size of the largest framed board; every buffer is this big, so a
	// board is reset between games, never reallocated.
	boomMaxCells = (boomMaxSide + 2) * (boomMaxSide + 2)
)

// A cell's state byte: four bits, and above them the number of P among its 8 neighbours,
// kept up to date on every change so that a middle click reads it with the state.
const (
	boomMine  = 1 << iota
	boomOpen  // frame cells carry it too, so that no loop ever opens them
	boomFlag  // 'P' in the player map
	boomAsk   // '?' in the player map
	boomPUnit // P around = state / boomPUnit
)

// boomBoard is one game on a flat grid with a one-cell frame, so that every cell of the
// board has its 8 neighbours at fixed offsets and no bounds checks.
type boomBoard struct {
	n        int     // rows
	width    int     // m+2
	state    []byte  // boomMine | boomOpen | boomFlag | boomAsk | P around * boomPUnit
	mines    []uint8 // mines among the 8 neighbours: the number an opened cell shows
	around   [8]int  // neighbour offsets
	k        int     // mines on the board
	unopened int     // cells not opened; equal to k means WIN
	queue    []int32 // 0-cells whose neighbours are still to open
	changed  []int32 // cells opened by the current operation
	marks    bitset  // scratch of sortCells, all zero between operations
	out      *writer
}

// Boom judges the game boom (docs/boom.md) with the same input and output as ref.Boom.
func Boom(input []byte, w io.Writer) error {
	out := newWriter(w)
	b := newBoomBoard(out)
	err := playBoom(newScanner(input), b)
	b.release()
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	return err
}

func playBoom(sc *scanner, b *boomBoard) error {
	games, err := sc.number("T", 1, math.MaxInt) // a count: T ≤ 30 is the validator's (R-IN1)
	if err != nil {
		return err
	}
	for t := 1; t <= games; t++ {
		if t > 1 {
			b.out.line("==========") // before the next game is read, as ref does
		}
		if err := b.play(sc); err != nil {
			return err
		}
	}
	return nil
}

// boomOps names each operation's coordinates in errors without building strings per op.
var boomOps = [4]struct{ x, y string }{
	1: {"op 1: x", "op 1: y"},
	2: {"op 2: x", "op 2: y"},
	3: {"op 3: x", "op 3: y"},
}

// play reads and answers one game.
func (b *boomBoard) play(sc *scanner) error {
	n, err := sc.number("n", boomMinSide, boomMaxSide)
	if err != nil {
		return err
	}
	m, err := sc.number("m", boomMinSide, boomMaxSide)
	if err != nil {
		return err
	}
	b.reset(n, m)
	for x := 1; x <= n; x++ {
		row, err := sc.token("row of the board")
		if err != nil {
			return err
		}
		if len(row) != m {
			return &InputError{Line: sc.tok, Msg: fmt.Sprintf("row %d has %d characters, expected %d", x, len(row), m)}
		}
		mines, bad, ok := loadMineRow(b.state[x*b.width+1:][:m], row, '_')
		if !ok {
			return &InputError{Line: sc.tok, Msg: fmt.Sprintf("row %d, column %d: %q is neither '_' nor '*'", x, bad+1, row[bad])}
		}
		b.k += mines
		if x > 1 {
			countNeighbourMines(b.state, b.mines, b.width, x-1, x-1, 0, 0) // rows x-2..x are in
		}
	}
	countNeighbourMines(b.state, b.mines, b.width, n, n, 0, 0) // the last row, over the frame

	over := false
	for {
		op, err := boomOp(sc)
		if err != nil {
			return err
		}
		if op == 0 {
			if !over {
				b.out.line("QUIT")
			}
			return nil
		}
		x, err := sc.number(boomOps[op].x, 1, n)
		if err != nil {
			return err
		}
		y, err := sc.number(boomOps[op].y, 1, m)
		if err != nil {
			return err
		}
		if over {
			b.out.line("INVALID")
			continue
		}
		if b.click(op, x*b.width+y) {
			b.out.line("LOSE")
			over = true
			continue
		}
		if b.unopened == b.k {
			b.out.line("WIN")
			over = true
		}
	}
}

// click answers op 1, 2 or 3 (a left, right or middle click) on the cell p; true means
// LOSE.
func (b *boomBoard) click(op, p int) bool {
	switch op {
	case 1:
		return b.left(p)
	case 2:
		b.right(p)
	case 3:
		return b.middle(p)
	}
	return false
}

// boomOp reads an operation code: a single digit 0..3 directly, anything else through
// number for its checks and message.
func boomOp(sc *scanner) (int, error) {
	if d, ok := sc.digit('3'); ok {
		return d, nil
	}
	return sc.number("op", 0, 3)
}

// boomBoards recycles boards between runs: a hunt plays thousands of inputs, each of up
// to 30 games.
var boomBoards sync.Pool

func newBoomBoard(out *writer) *boomBoard {
	b, _ := boomBoards.Get().(*boomBoard)
	if b == nil {
		b = &boomBoard{
			state:   make([]byte, boomMaxCells),
			mines:   make([]uint8, boomMaxCells),
			marks:   newBitset(boomMaxCells),
			queue:   make([]int32, 0, boomMaxCells),
			changed: make([]int32, 0, boomMaxCells),
		}
	}
	clear(b.marks) // zero after every operation, unless a run was cut short
	b.out = out
	return b
}

// release returns the board to the pool; it must not be used after.
func (b *boomBoard) release() {
	b.out = nil
	boomBoards.Put(b)
}

// reset prepares the board for a game of n rows and m columns: only the cells it uses
// are cleared ("多组数据 … 忘记 memset" is the statement author's warning).
func (b *boomBoard) reset(n, m int) {
	w := m + 2
	size := (n + 2) * w
	b.n, b.width, b.k, b.unopened = n, w, 0, n*m
	b.around = [8]int{-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1}
	st := b.state[:size]
	clear(st)
	for y := 0; y < w; y++ {
		st[y] = boomOpen
		st[size-w+y] = boomOpen
	}
	for x := 1; x <= n; x++ {
		st[x*w] = boomOpen
		st[x*w+w-1] = boomOpen
	}
}

// left answers a left click; true means LOSE.
func (b *boomBoard) left(p int) bool {
	s := b.state[p]
	if s&(boomOpen|boomFlag) != 0 {
		b.out.line("RUNNING: []")
		return false
	}
	if s&boomMine != 0 {
		return true
	}
	b.changed = b.changed[:0]
	b.open(p)
	b.running()
	return false
}

// right answers a right click: _ → P → ? → _, with the P counts of the neighbours.
func (b *boomBoard) right(p int) {
	s := b.state[p]
	var v byte
	switch {
	case s&boomOpen != 0:
		b.out.line("RUNNING: []")
		return
	case s&boomFlag != 0:
		b.state[p] = s&^boomFlag | boomAsk
		for _, d := range &b.around {
			b.state[p+d] -= boomPUnit
		}
		v = '?'
	case s&boomAsk != 0:
		b.state[p] = s &^ boomAsk
		v = '_'
	default:
		b.state[p] = s | boomFlag
		for _, d := range &b.around {
			b.state[p+d] += boomPUnit
		}
		v = 'P'
	}
	b.out.str("RUNNING: [")
	b.cell(p, v)
	b.out.line("]")
}

// middle answers a middle click; true means LOSE.
func (b *boomBoard) middle(p int) bool {
	s := b.state[p]
	if s&boomOpen == 0 || s/boomPUnit != b.mines[p] {
		b.out.line("RUNNING: []")
		return false
	}
	// Cascades never reach a mine, so the click loses exactly when one of the neighbours
	// it opens is a mine; then nothing is opened.
	for _, d := range &b.around {
		if b.state[p+d]&(boomOpen|boomFlag|boomMine) == boomMine {
			return true
		}
	}
	b.changed = b.changed[:0]
	for _, d := range &b.around {
		if b.state[p+d]&(boomOpen|boomFlag) == 0 { // not opened by an earlier one's cascade
			b.open(p + d)
		}
	}
	b.running()
	return false
}

// open runs the 打开操作 from the safe cell p, neither opened nor P: a breadth-first
// cascade through 0-cells with an explicit queue. A '?' opens like '_' (R-B3).
//
// Whether a newly opened cell is a 0 follows no pattern a branch predictor can learn, so
// it is queued without a branch: written at the end of the queue, whose length grows by
// 0 or 1. Both slices have room for every cell of the board, each added at most once.
func (b *boomBoard) open(p int) {
	state, mines, around := b.state, b.mines, &b.around
	changed, k := b.changed[:cap(b.changed)], len(b.changed)
	changed[k] = int32(p)
	k++
	state[p] = state[p]&^boomAsk | boomOpen
	if mines[p] == 0 {
		queue, tail := b.queue[:cap(b.queue)], 1
		queue[0] = int32(p)
		for i := 0; i < tail; i++ {
			q := int(queue[i])
			for _, d := range around {
				r := q + d
				s := state[r]
				if s&(boomOpen|boomFlag) != 0 {
					continue
				}
				state[r] = s&^boomAsk | boomOpen
				changed[k] = int32(r)
				k++
				queue[tail] = int32(r)
				tail += isZero(mines[r])
			}
		}
	}
	b.unopened -= k - len(b.changed)
	b.changed = changed[:k]
}

// running prints "RUNNING: [<x, y, c>, …]" for the cells of b.changed, all opened by
// this operation, by row then column: a flat index grows with the row and then the
// column, so ordering the indices orders the cells.
func (b *boomBoard) running() {
	out := b.out
	cells := b.changed
	if len(cells) == 0 {
		out.line("RUNNING: []")
		return
	}
	sortCells(cells, b.marks)
	out.str("RUNNING: [")
	w := int32(b.width)
	x := cells[0] / w
	rowStart := x * w
	sep := false
	for _, p := range cells {
		for p >= rowStart+w { // sorted, so rows only advance: no division per cell
			x++
			rowStart += w
		}
		// ", <x, y, c>" with x, y ≤ 200: at most 15 bytes, one capacity check.
		out.room(16)
		buf := out.buf
		if sep {
			buf = append(buf, ',', ' ')
		}
		sep = true
		buf = append(buf, '<')
		buf = appendSmall(buf, int(x))
		buf = append(buf, ',', ' ')
		buf = appendSmall(buf, int(p-rowStart))
		out.buf = append(buf, ',', ' ', '0'+b.mines[p], '>')
	}
	out.line("]")
}

// cell writes one "<x, y, v>".
func (b *boomBoard) cell(p int, v byte) {
	out := b.out
	out.room(16)
	buf := append(out.buf, '<')
	buf = appendSmall(buf, p/b.width)
	buf = append(buf, ',', ' ')
	buf = appendSmall(buf, p%b.width)
	out.buf = append(buf, ',', ' ', v, '>')
}
