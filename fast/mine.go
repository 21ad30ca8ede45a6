package fast

import (
	"fmt"
	"io"
	"sync"

	"gamediff/internal/quote"
)

// A cell's state byte: three bits, and above them the number of mines among its 8
// neighbours, so that a cascade learns whether a cell is a 0 from the byte it loads to
// see whether it is swept.
const (
	mineBit  = 1 << iota
	sweptBit // frame cells carry it too, so that no loop ever opens them
	flagBit  //

	numberShift = 3 // the number of mines around = state >> numberShift
)

// mineOps names each operation's coordinates in errors without building strings per op.
var mineOps = [...]struct{ name, row, col string }{
	opFlag:   {"Flag", "Flag: row", "Flag: column"},
	opSweep:  {"Sweep", "Sweep: row", "Sweep: column"},
	opDSweep: {"DSweep", "DSweep: row", "DSweep: column"},
}

const (
	opFlag = iota
	opSweep
	opDSweep
)

// mineBoard is the game state on a flat grid with a one-cell frame, so that every cell of
// the board has all 8 neighbours at fixed offsets and no bounds checks.
type mineBoard struct {
	width    int     // m+2
	state    []byte  // mineBit | sweptBit | flagBit | mines around << numberShift
	around   [8]int  // neighbour offsets
	safeLeft int     // safe cells not yet swept; 0 means finish (R-M1)
	queue    []int32 // the 0-cells whose neighbours are still to open
	newly    []int32 // cells swept by the current operation
	marks    bitset  // scratch of sortCells, all zero between operations
	out      *writer
}

// Mine judges the game mine (docs/mine.md) with the same input and output as ref.Mine.
func Mine(input []byte, w io.Writer) error {
	out := newWriter(w)
	err := playMine(newScanner(input), out)
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	return err
}

func playMine(sc *scanner, out *writer) error {
	n, err := sc.number("n", 1, 1000)
	if err != nil {
		return err
	}
	m, err := sc.number("m", 1, 1000)
	if err != nil {
		return err
	}
	b := newMineBoard(n, m, out)
	defer b.release()
	for x := 1; x <= n; x++ {
		b.state[x*b.width], b.state[x*b.width+b.width-1] = sweptBit, sweptBit // the frame
		dst := b.state[x*b.width+1:][:m]
		// The row's m bytes at once, validated by loadMineRow; anything else (a blank
		// inside, a wrong length, a wrong byte) goes through the token to be named.
		mines, ok := 0, false
		if row := sc.peek(m); row != nil {
			if mines, _, ok = loadMineRow(dst, row, '.'); ok {
				sc.advance(m)
			}
		}
		if !ok {
			row, err := sc.token("row of the board")
			if err != nil {
				return err
			}
			if len(row) != m {
				return &InputError{Line: sc.tok, Msg: fmt.Sprintf("row %d has %d characters, expected %d", x, len(row), m)}
			}
			var bad int
			if mines, bad, ok = loadMineRow(dst, row, '.'); !ok {
				return &InputError{Line: sc.tok, Msg: fmt.Sprintf("row %d, column %d: %q is neither '*' nor '.'", x, bad+1, row[bad])}
			}
		}
		b.safeLeft += m - mines
		if x > 1 {
			countNeighbourMines(b.state, b.state, b.width, x-1, x-1, numberShift, mineBit|sweptBit|flagBit) // rows x-2..x are in
		}
	}
	countNeighbourMines(b.state, b.state, b.width, n, n, numberShift, mineBit|sweptBit|flagBit) // the last row, over the frame

	steps := 0
	for {
		cmd, err := sc.token("an operation (Flag, Sweep, DSweep or Quit)")
		if err != nil {
			return err
		}
		var op int
		switch string(cmd) {
		case "Quit":
			b.end("give up", steps)
			return nil
		case "Flag":
			op = opFlag
		case "Sweep":
			op = opSweep
		case "DSweep":
			op = opDSweep
		default:
			return &InputError{Line: sc.tok, Msg: fmt.Sprintf("unknown operation %s, expected Flag, Sweep, DSweep or Quit", quote.Token(cmd))}
		}
		x, err := sc.number(mineOps[op].row, 1, n)
		if err != nil {
			return err
		}
		y, err := sc.number(mineOps[op].col, 1, m)
		if err != nil {
			return err
		}
		steps++
		if result := b.play(op, x*b.width+y); result != "" {
			b.end(result, steps)
			return nil
		}
	}
}

// play plays operation op on the cell p, and returns how it ended the game: "game over",
// "finish", or "" while the game goes on.
func (b *mineBoard) play(op, p int) string {
	switch op {
	case opFlag:
		b.flag(p)
		return "" // R-M1: never a finish check after Flag
	case opSweep:
		if !b.sweepOp(p) {
			return "game over"
		}
	case opDSweep:
		if !b.dsweepOp(p) {
			return "game over"
		}
	}
	if b.safeLeft == 0 {
		return "finish"
	}
	return ""
}

// mineBoards recycles boards between runs: a hunt plays thousands of games, and a
// 1000x1000 board is megabytes that would otherwise be allocated, faulted in and
// collected each time.
var mineBoards sync.Pool

func newMineBoard(n, m int, out *writer) *mineBoard {
	size := (n + 2) * (m + 2)
	b, _ := mineBoards.Get().(*mineBoard)
	if b == nil || cap(b.state) < size {
		b = &mineBoard{
			state: make([]byte, size),
			marks: newBitset(size),
			queue: make([]int32, 0, size),
			newly: make([]int32, 0, size),
		}
	}
	clear(b.marks[:size/64+1]) // zero after every operation, unless a run was cut short
	b.shape(n, m)
	b.out = out
	return b
}

// shape sets the board up for n rows of m columns, its state room enough, and writes the
// frame's rows above and below. No clearing pass over a recycled board: each board row,
// with its two frame cells, is written as it is loaded, so every cell is written once.
func (b *mineBoard) shape(n, m int) {
	w := m + 2
	size := (n + 2) * w
	b.state = b.state[:size]
	b.width, b.safeLeft = w, 0
	b.around = [8]int{-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1}
	for y := 0; y < w; y++ {
		b.state[y] = sweptBit
		b.state[size-w+y] = sweptBit
	}
}

// release returns the board to the pool; it must not be used after.
func (b *mineBoard) release() {
	b.out = nil
	mineBoards.Put(b)
}

func (b *mineBoard) flag(p int) {
	switch s := b.state[p]; {
	case s&sweptBit != 0:
		b.out.line("swept")
	case s&flagBit != 0:
		b.state[p] = s &^ flagBit
		b.out.line("cancelled")
	default:
		b.state[p] = s | flagBit
		b.out.line("success")
	}
}

// sweepOp answers Sweep; false means boom.
func (b *mineBoard) sweepOp(p int) bool {
	switch s := b.state[p]; {
	case s&sweptBit != 0:
		b.out.line("swept")
	case s&flagBit != 0:
		b.out.line("flagged")
	case s&mineBit != 0:
		b.out.line("boom")
		return false
	default:
		b.newly = b.newly[:0]
		b.revealFrom(p)
		b.feedback()
	}
	return true
}

// dsweepOp answers DSweep; false means boom.
func (b *mineBoard) dsweepOp(p int) bool {
	planted()
	s := b.state[p]
	if s&sweptBit == 0 {
		b.out.line("not swept")
		return true
	}
	// Flags are counted here, from the neighbours' bytes that the boom test loads anyway,
	// rather than kept per cell: a Flag then touches one byte, not nine.
	flags, booms := byte(0), false
	for _, d := range b.around {
		t := b.state[p+d]
		flags += t & flagBit
		// Cascades never reach a mine, so the DSweep booms exactly when one of the blank
		// neighbours it starts from is a mine; then only boom is printed (R-M2).
		booms = booms || t&(sweptBit|flagBit|mineBit) == mineBit
	}
	if number := s >> numberShift; number == 0 || flags/flagBit != number {
		b.out.line("failed")
		return true
	}
	if booms {
		b.out.line("boom")
		return false
	}
	b.newly = b.newly[:0]
	for _, d := range b.around {
		if b.state[p+d]&(sweptBit|flagBit) == 0 { // blank now, not only at the start
			b.revealFrom(p + d)
		}
	}
	b.feedback()
	return true
}

// revealFrom runs the sweep process from the safe, unswept cell p: a breadth-first
// cascade through 0-cells with an explicit queue, dropping flags it runs over (R-M3).
//
// A neighbour already swept is skipped with a branch, which a large cascade predicts
// well (most neighbours it meets are swept). Whether a new cell is a 0 follows no
// pattern a predictor can learn, so it is queued without a branch (isZero). newly and
// queue have room for every cell of the board, each of which is added at most once.
func (b *mineBoard) revealFrom(p int) {
	state, around := b.state, &b.around
	newly, k := b.newly[:cap(b.newly)], len(b.newly)
	newly[k] = int32(p)
	k++
	state[p] |= sweptBit
	if state[p]>>numberShift == 0 {
		queue, tail := b.queue[:cap(b.queue)], 1
		queue[0] = int32(p)
		for i := 0; i < tail; i++ {
			q := int(queue[i])
			for _, d := range around {
				r := q + d
				s := state[r]
				if s&sweptBit != 0 {
					continue
				}
				state[r] = s&^flagBit | sweptBit // R-M3: a cascade drops the flags it runs over
				newly[k] = int32(r)
				k++
				queue[tail] = int32(r)
				tail += isZero(s &^ flagBit) // no mine around (and never a mine: q is a 0)
			}
		}
	}
	b.safeLeft -= k - len(b.newly)
	b.newly = newly[:k]
}

// feedback prints the cells of b.newly by row then column. A flat index grows with the
// row and then the column, so ordering the indices orders the cells.
func (b *mineBoard) feedback() {
	out := b.out
	if len(b.newly) == 0 {
		out.line("no cell detected")
		return
	}
	sortCells(b.newly, b.marks)
	out.int(len(b.newly))
	out.line(" cell(s) detected")
	w := int32(b.width)
	x := b.newly[0] / w
	rowStart := x * w
	for _, p := range b.newly {
		for p >= rowStart+w { // sorted, so rows only advance: no division per cell
			x++
			rowStart += w
		}
		// "x y c\n" with x, y ≤ 1000: at most 12 bytes, one capacity check.
		out.room(16)
		buf := appendSmall(out.buf, int(x))
		buf = append(buf, ' ')
		buf = appendSmall(buf, int(p-rowStart))
		out.buf = append(buf, ' ', '0'+b.state[p]>>numberShift, '\n')
	}
	out.maybeFlush()
}

func (b *mineBoard) end(result string, steps int) {
	b.out.line(result)
	b.out.str("total step ")
	b.out.int(steps)
	b.out.endLine()
}
