package ruling

import (
	"math/bits"
	"slices"

	"gamediff/ref"
)

// The limits of a datamining board: r, c ≥ 3 and r·c ≤ 40.
const (
	minSide  = 3
	maxCells = 40
)

// dataminingRulings are the rulings of docs/datamining.md a solution can read
// differently, and the readings in mind:
//   - R-D1: a flagged cell is not covered, so rule 2 reads f + c = m with each flag
//     counted once. Two misreadings are played against ref's answer: flags counted as
//     covered too (2f + c = m), and rule 2 as c = m, flags left out; each from every safe
//     start, the rules applied to the cleared cells row by row, pass after pass (a
//     misreading's play depends on the order).
//   - R-D2: a mine as first cell loses with every safe cell covered, so the minimum is
//     over safe starts. A reading that scores the lost game as nothing left covered
//     answers 0 on every board whose answer is above 0; and with a single safe cell every
//     other start is a mine, so a start loop that mishandles mines has nothing else to
//     stand on.
var datamining = []Ruling{
	{"R-D1", "counting flags as covered too, or leaving them out of rule 2, changes the answer"},
	{"R-D2", "the answer is above 0, or the board has a single safe cell"},
}

// The bits of Datamining's rulings.
const (
	D1 Set = 1 << iota
	D2
)

// Datamining lists the rulings of datamining a solution can read differently, in the
// spec's order, each with the situation DataminingBoard looks for.
func Datamining() []Ruling { return slices.Clone(datamining) }

// DataminingBoard is the rulings a board whose answer (ref's) is answer reaches: the
// misreadings of R-D1, played from every safe start, against it, and R-D2's.
func DataminingBoard(board []string, answer int) Set {
	b := newCasual(board)
	var seen Set
	if answer > 0 || b.safe == 1 {
		seen |= D2
	}
	twice, noF := b.safe, b.safe
	for start := range b.cells {
		if b.mines>>start&1 == 0 {
			twice = min(twice, b.play(1<<start, flagsTwice))
			noF = min(noF, b.play(1<<start, rule2NoF))
		}
	}
	if twice != answer || noF != answer {
		seen |= D1
	}
	return seen
}

// CasualPlays plays the casual player from every safe start and returns the fewest and
// the most covered safe cells left: what gen aims at, and its plans count, to draw boards
// stuck from every start, won from some starts only or from all. It plays as the
// misreadings of R-D1 play, under the statement's rules, which ref's answers decide.
func CasualPlays(board []string) (best, worst int) {
	b := newCasual(board)
	best, worst = b.safe, 0
	b.eachOpening(func(opened uint64) {
		score := b.play(opened, statement)
		best, worst = min(best, score), max(worst, score)
	})
	return best, worst
}

// casual is a board of at most 40 cells as bit masks, cell p = row·c + column.
type casual struct {
	cells  int
	mines  uint64
	safe   int      // safe cells
	zeros  uint64   // safe cells with no mine around
	nb     []uint64 // nb[p]: the cells adjacent to p
	around [maxCells]int
}

// casualNeighbours[r][c] holds nb for an r×c board, for every legal shape.
var casualNeighbours = func() (t [maxCells/minSide + 1][maxCells/minSide + 1][]uint64) {
	for rows := minSide; rows*minSide <= maxCells; rows++ {
		for cols := minSide; rows*cols <= maxCells; cols++ {
			nb := make([]uint64, rows*cols)
			for p := range nb {
				x, y := p/cols, p%cols
				for nx := max(x-1, 0); nx <= min(x+1, rows-1); nx++ {
					for ny := max(y-1, 0); ny <= min(y+1, cols-1); ny++ {
						if nx != x || ny != y {
							nb[p] |= 1 << (nx*cols + ny)
						}
					}
				}
			}
			t[rows][cols] = nb
		}
	}
	return t
}()

func newCasual(board []string) casual {
	rows, cols := len(board), len(board[0])
	b := casual{cells: rows * cols, nb: casualNeighbours[rows][cols]}
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
func (b *casual) eachOpening(play func(opened uint64)) {
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
// DataminingBoard compares with them.
const (
	statement  = iota
	flagsTwice // flags counted as covered too: rule 2 reads f + (c + f) = m
	rule2NoF   // rule 2 read as c = m, leaving flags out
)

// play starts from the cells cleared first (a start, or the region a 0 start opens: see
// eachOpening), applies the rules to every cleared cell, lowest first, pass after pass
// until a pass changes nothing, and returns the safe cells left covered (neither cleared
// nor flagged; R-D1). The statement's rules reach the same state in any order; a
// misreading's do not (whether its rule 2 flags a cell depends on the flags around it at
// that moment), so it is played in the order a solution most plausibly applies them, and
// from every safe start. A misread rule that clears a mine loses: every safe cell covered.
func (b *casual) play(cleared uint64, rules int) int {
	flagged, done := uint64(0), uint64(0) // done: cleared cells with nothing covered around, for good
	for changed := true; changed; {
		changed = false
		// The cleared cells not done, lowest first, those cleared during the pass included.
		for p := 0; ; p++ {
			if p = bits.TrailingZeros64((cleared &^ done) >> p << p); p == 64 {
				break
			}
			cov := b.nb[p] &^ (cleared | flagged)
			if cov == 0 {
				done |= 1 << p
				continue
			}
			f, c, m := bits.OnesCount64(b.nb[p]&flagged), bits.OnesCount64(cov), b.around[p]
			switch {
			case f == m && cov&b.mines != 0:
				return b.safe
			case f == m:
				cleared |= cov
			case rules == statement && f+c == m, rules == flagsTwice && 2*f+c == m, rules == rule2NoF && c == m:
				flagged |= cov
			default:
				continue
			}
			changed = true
		}
	}
	return b.safe - bits.OnesCount64(cleared) - bits.OnesCount64(flagged&^b.mines)
}

// DataminingInput is the rulings some board of a valid input of datamining reaches, with
// ref's answers (ref.DataminingTrace).
func DataminingInput(input []byte) Set {
	var seen Set
	for _, s := range DataminingBoards(input) {
		seen |= s
	}
	return seen
}

// DataminingBoards is the rulings each board of a valid input of datamining reaches.
func DataminingBoards(input []byte) []Set {
	var out []Set
	ref.DataminingTrace(input, func(s *ref.DataminingStep) {
		r, c := s.Size()
		board := make([]string, r)
		for x := range board {
			row := make([]byte, c)
			for y := range row {
				row[y] = pick(s.Mine(x+1, y+1), byte('M'), '.')
			}
			board[x] = string(row)
		}
		out = append(out, DataminingBoard(board, s.Answer()))
	})
	return out
}
