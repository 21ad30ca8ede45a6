package gen

import (
	"math/bits"
	"math/rand"
	"slices"

	"gamediff/ref"
)

// dataminingRulings are the rulings of docs/datamining.md a solution can read
// differently, and the readings in mind:
//   - R-D1: a flagged cell is not covered, so rule 2 reads f + c = m with each flag
//     counted once. Two misreadings are played against ref's answer: flags counted as
//     covered too (2f + c = m), and rule 2 as c = m, flags left out.
//   - R-D2: a mine as first cell loses with every safe cell covered, so the minimum is
//     over safe starts. A reading that scores the lost game as nothing left covered
//     answers 0 on every board whose answer is above 0; and with a single safe cell every
//     other start is a mine, so a start loop that mishandles mines has nothing else to
//     stand on.
var dataminingRulings = []Ruling{
	{"R-D1", "counting flags as covered too, or leaving them out of rule 2, changes the answer"},
	{"R-D2", "the answer is above 0, or the board has a single safe cell"},
}

const (
	rD1 rulingSet = 1 << iota
	rD2
)

// DataminingRulings lists the rulings of datamining a solution can read differently, in
// the spec's order, each with the situation Datamining.Rulings looks for.
func DataminingRulings() []Ruling { return slices.Clone(dataminingRulings) }

// Rulings takes ref's answer to each board (ref.DataminingTrace), plays the misreadings of
// R-D1 from every safe start, and returns the ids of the rulings whose situation some
// board reaches (see DataminingRulings), in the spec's order. It costs ref's answers.
func (c Datamining) Rulings() []string {
	var seen rulingSet
	for _, s := range c.rulings() {
		seen |= s
	}
	return seen.ids(dataminingRulings)
}

// rulings are the rulings each board reaches, with ref's answers.
func (c Datamining) rulings() []rulingSet {
	var out []rulingSet
	ref.DataminingTrace(c.Encode(), func(s *ref.DataminingStep) { // a valid case: no input error
		out = append(out, dataminingMisreadings(c.Boards[s.Board-1], s.Answer()))
	})
	return out
}

// dataminingMisreadings are the rulings a board whose answer is answer reaches: the
// misreadings of R-D1 played from every safe start against it, and R-D2's.
func dataminingMisreadings(board []string, answer int) rulingSet {
	b := newDataminingBits(board)
	var seen rulingSet
	if answer > 0 || b.safe == 1 {
		seen |= rD2
	}
	twice, noF := b.safe, b.safe
	b.eachOpening(func(opened uint64) {
		twice = min(twice, b.play(opened, dataminingFlagsTwice))
		noF = min(noF, b.play(opened, dataminingRule2NoF))
	})
	if twice != answer || noF != answer {
		seen |= rD1
	}
	return seen
}

// genDatamining draws the boards of a case. With R-D2 skipped no board is drawn stuck or
// with a single safe cell on purpose; but whether the answer is above 0, or a misreading
// of R-D1 changes it, is known only once played, so each board is also checked with ref's
// answer (Datamining.Rulings) and drawn again when it reaches a skipped ruling; gen's own
// play guesses first, so that ref is seldom asked in vain.
func genDatamining(r *rand.Rand, sh dataminingShape, skip *Skip) Datamining {
	avoid := skip.of(dataminingRulings)
	var sides [][2]int
	for _, s := range dataminingSides {
		if s[0]*s[1] >= sh.cells[0] && s[0]*s[1] <= sh.cells[1] {
			sides = append(sides, s)
		}
	}
	boards := make([][]string, pick(sh.everyShape, len(sides), 0))
	if !sh.everyShape {
		boards = make([][]string, pickEdge(r, sh.boards))
	}
	for i := range boards {
		draw := func() []string {
			kind := sh.kind
			if kind == dataminingMixed {
				kind = []uint8{dataminingRandom, dataminingRandom, dataminingRandom, dataminingStuck, dataminingSomeStart}[r.Intn(5)]
			}
			if avoid&rD2 != 0 && (kind == dataminingStuck || kind == dataminingOneSafe) {
				kind = dataminingSomeStart
			}
			side := pick(sh.everyShape, sides[i%len(sides)], sides[r.Intn(len(sides))])
			board := genDataminingBoard(r, side[0], side[1], kind)
			for try := 0; try < 100 && avoid != 0; try++ {
				best, _ := dataminingPlays(board)
				guess := dataminingMisreadings(board, best) & avoid
				if guess == 0 {
					break
				}
				skip.note(dataminingRulings, guess)
				board = genDataminingBoard(r, side[0], side[1], kind)
			}
			return board
		}
		if avoid == 0 {
			boards[i] = draw()
			continue
		}
		boards[i] = redraw(skip, dataminingRulings, draw, func(b []string) rulingSet { return Datamining{[][]string{b}}.rulings()[0] })
	}
	return Datamining{Boards: boards}
}

// genDataminingBoard draws one r×c board of the kind.
func genDataminingBoard(r *rand.Rand, rows, cols int, kind uint8) []string {
	cells := rows * cols
	switch kind {
	case dataminingRandom:
		return dataminingBoard(r, rows, cols, pickMines(r, cells))
	case dataminingOneMine:
		return dataminingBoard(r, rows, cols, 1)
	case dataminingOneSafe:
		return dataminingBoard(r, rows, cols, cells-1)
	}
	for try := 0; try < 40; try++ {
		var mines int
		if kind == dataminingStuck {
			// Stuck boards are dense: a quarter to two thirds mines.
			mines = cells/4 + r.Intn(cells*2/3-cells/4+1)
		} else {
			// Boards won from some start have room to cascade: up to a quarter mines.
			mines = 1 + r.Intn(max(cells/4, 1))
		}
		board := dataminingBoard(r, rows, cols, mines)
		best, worst := dataminingPlays(board)
		if (kind == dataminingStuck && best > 0) || (kind == dataminingSomeStart && best == 0 && worst > 0) {
			return board
		}
	}
	if kind == dataminingStuck {
		// A checkerboard: every safe cell sees two or more mines and a safe diagonal
		// neighbour, so neither rule applies to any first cell.
		board := make([]string, rows)
		flip := r.Intn(2)
		for x := range board {
			row := make([]byte, cols)
			for y := range row {
				row[y] = ".M"[(x+y+flip)%2]
			}
			board[x] = string(row)
		}
		return board
	}
	// The statement's figure 1 in the top left corner of an empty board: the figure's
	// (2,2) sees both mines among eight covered cells and is stuck where it starts, while
	// a start on a 0 usually wins (on the figure's own 3x3 board it does: answer 0).
	board := make([]string, rows)
	for x := range board {
		row := []byte(dataminingDots[:cols])
		if x == 2 {
			row[0], row[1] = 'M', 'M'
		}
		board[x] = string(row)
	}
	return board
}

const dataminingDots = "........................................"

// pickMines draws the number of mines of a random board of the given cells: one mine,
// one safe cell, the usual densities, and anything between.
func pickMines(r *rand.Rand, cells int) int {
	switch v := r.Intn(10); {
	case v == 0:
		return 1
	case v == 1:
		return cells - 1
	case v < 6:
		return max(1, int(float64(cells)*[]float64{0.1, 0.15, 0.2, 0.3}[r.Intn(4)]))
	default:
		return 1 + r.Intn(cells-1)
	}
}

// dataminingBoard places mines at random on an r×c board.
func dataminingBoard(r *rand.Rand, rows, cols, mines int) []string {
	cells := []byte(dataminingDots[:rows*cols])
	for _, p := range r.Perm(rows * cols)[:mines] {
		cells[p] = 'M'
	}
	board := make([]string, rows)
	for x := range board {
		board[x] = string(cells[x*cols : (x+1)*cols])
	}
	return board
}

// dataminingPlays plays the casual player from every safe start and returns the fewest
// and the most covered safe cells left. It is a model for steering the generator and
// counting what it reaches, not a judge.
func dataminingPlays(board []string) (best, worst int) {
	b := newDataminingBits(board)
	best, worst = b.safe, 0
	b.eachOpening(func(opened uint64) {
		score := b.play(opened, dataminingRules)
		best, worst = min(best, score), max(worst, score)
	})
	return best, worst
}

// dataminingBits is a board of at most 40 cells as bit masks, cell p = row·c + column.
type dataminingBits struct {
	cells  int
	mines  uint64
	safe   int      // safe cells
	zeros  uint64   // safe cells with no mine around
	nb     []uint64 // nb[p]: the cells adjacent to p
	near   []uint64 // near[p]: the cells within two rows and two columns of p
	around [dataminingMaxCells]int
}

// dataminingNeighbours[r][c] holds nb and near for an r×c board, for every legal shape.
var dataminingNeighbours = func() (t [dataminingMaxCells/dataminingMinSide + 1][dataminingMaxCells/dataminingMinSide + 1][2][]uint64) {
	for _, s := range dataminingSides {
		rows, cols := s[0], s[1]
		nb, near := make([]uint64, rows*cols), make([]uint64, rows*cols)
		for p := range nb {
			x, y := p/cols, p%cols
			for nx := max(x-2, 0); nx <= min(x+2, rows-1); nx++ {
				for ny := max(y-2, 0); ny <= min(y+2, cols-1); ny++ {
					near[p] |= 1 << (nx*cols + ny)
					if (nx != x || ny != y) && nx-x <= 1 && x-nx <= 1 && ny-y <= 1 && y-ny <= 1 {
						nb[p] |= 1 << (nx*cols + ny)
					}
				}
			}
		}
		t[rows][cols] = [2][]uint64{nb, near}
	}
	return t
}()

func newDataminingBits(board []string) dataminingBits {
	rows, cols := len(board), len(board[0])
	masks := dataminingNeighbours[rows][cols]
	b := dataminingBits{cells: rows * cols, nb: masks[0], near: masks[1]}
	p := 0
	for _, row := range board {
		for i := 0; i < len(row); i++ {
			if row[i] == 'M' {
				b.mines |= 1 << p
			}
			p++
		}
	}
	b.safe = b.cells - bits.OnesCount64(b.mines)
	for p := range b.cells {
		b.around[p] = bits.OnesCount64(b.nb[p] & b.mines)
		if b.around[p] == 0 && b.mines&(1<<p) == 0 {
			b.zeros |= 1 << p
		}
	}
	return b
}

// eachOpening calls play once for each distinct way a play starts, with the cells the
// first clear opens. A safe start with mines around opens itself. A 0 opens its region:
// rule 1 holds there at once (f = m = 0), and again at each 0 it clears, so every 0 of a
// region opens the region and its border whatever the order, and plays from there. A
// play is therefore the same from every 0 of a region, and is made once.
func (b *dataminingBits) eachOpening(play func(opened uint64)) {
	var done uint64 // the 0s whose region has been played
	for start := range b.cells {
		bit := uint64(1) << start
		if b.mines&bit != 0 || done&bit != 0 {
			continue
		}
		opened := bit
		for todo := bit & b.zeros; todo != 0; {
			p := bits.TrailingZeros64(todo)
			todo &^= 1 << p
			fresh := b.nb[p] &^ opened
			opened |= fresh
			todo |= fresh & b.zeros
		}
		done |= opened & b.zeros
		play(opened)
	}
}

// The rules a play follows: the statement's, and two misreadings of R-D1 that
// Datamining.Rulings compares with them.
const (
	dataminingRules      = iota
	dataminingFlagsTwice // flags counted as covered too: rule 2 reads f + (c + f) = m
	dataminingRule2NoF   // rule 2 read as c = m, leaving flags out
)

// play starts from the cells opened by the first clear (see eachOpening), applies the
// rules until nothing changes, and returns the safe cells left covered (neither cleared
// nor flagged; R-D1). Cleared cells wait in a work set and are examined lowest first,
// again whenever a cell within two rows and columns changes (a superset of those whose
// counts change, cheaper to find), so the play is deterministic whatever rules it
// follows (the statement's reach the same fixpoint in any order). A misread rule that
// clears a mine loses: every safe cell covered.
func (b *dataminingBits) play(opened uint64, rules int) int {
	cleared, flagged := opened, uint64(0)
	for work := cleared; work != 0; {
		p := bits.TrailingZeros64(work)
		work &^= 1 << p
		cov := b.nb[p] &^ (cleared | flagged)
		if cov == 0 {
			continue
		}
		f, c, m := bits.OnesCount64(b.nb[p]&flagged), bits.OnesCount64(cov), b.around[p]
		clearAll, flagAll := f == m, false
		switch {
		case clearAll:
		case rules == dataminingRules:
			flagAll = f+c == m
		case rules == dataminingFlagsTwice:
			flagAll = 2*f+c == m
		case rules == dataminingRule2NoF:
			flagAll = c == m
		}
		switch {
		case clearAll && cov&b.mines != 0:
			return b.safe
		case clearAll:
			cleared |= cov
		case flagAll:
			flagged |= cov
		default:
			continue
		}
		work |= b.near[p] & cleared
	}
	return b.safe - bits.OnesCount64(cleared) - bits.OnesCount64(flagged&^b.mines)
}
