package gen

import (
	"math/rand"

	"gamediff/ruling"
)

// genDatamining draws the boards of a case. With R-D2 skipped no board is drawn stuck on
// purpose; but whether a board reaches R-D1 or R-D2 is known only once played, so each is
// checked with ref's answer and drawn again if it does, after a guess with the casual
// plays of the ruling package, so that ref is seldom asked in vain.
func genDatamining(r *rand.Rand, sh dataminingShape, skip *Skip) Datamining {
	avoid := skip.of(ruling.Datamining())
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
			if avoid&ruling.D2 != 0 && (kind == dataminingStuck || kind == dataminingOneSafe) {
				kind = dataminingSomeStart
			}
			side := pick(sh.everyShape, sides[i%len(sides)], sides[r.Intn(len(sides))])
			board := genDataminingBoard(r, side[0], side[1], kind)
			for try := 0; try < 100 && avoid != 0; try++ {
				best, _ := ruling.CasualPlays(board)
				guess := ruling.DataminingBoard(board, best) & avoid
				if guess == 0 {
					break
				}
				skip.note(ruling.Datamining(), guess)
				board = genDataminingBoard(r, side[0], side[1], kind)
			}
			return board
		}
		if avoid == 0 {
			boards[i] = draw()
			continue
		}
		boards[i] = redraw(skip, ruling.Datamining(), draw, func(b []string) ruling.Set { return ruling.DataminingBoards(Datamining{[][]string{b}}.Encode())[0] })
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
		best, worst := ruling.CasualPlays(board)
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
	return rowsOf(cells, cols)
}
