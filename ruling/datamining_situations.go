package ruling

import (
	"math/bits"
	"slices"

	"gamediff/coverage"
	"gamediff/ref"
)

// The entries of datamining's catalogue, in its order.
const (
	dRule1 = iota
	dRule1Flags
	dRule2
	dRule2Flags
	dStuckAtOnce
	dWonSomewhere
	dStuckEverywhere
	dAnswerZero
	dAnswerMax
	dRows3
	dCols3
	dBoard3x3
	dBoard40
	dBoard3x13
	dBoard13x3
	dOneMine
	dOneSafe
	dManyBoards
	dataminingSituationCount
)

// dataminingManyBoards is the number of boards that makes an input of many: the statement
// does not limit them, and a judge that does per board more than the board needs would
// feel it there.
const dataminingManyBoards = 1000

// dataminingSituations is datamining's catalogue (docs/datamining.md). The forms of input
// the rules allow (tabs, "\r\n", runs of blanks, blank lines, no final newline) have no
// entry: the validator (testcase.DecodeDatamining, R-IN3) wants the statement's exact
// layout, so no valid input has one. Nor has a board won from every start: on a valid
// board some safe cell touches a mine, and a start there clears nothing beyond itself, so
// such a board is one with a single safe cell (board-one-safe-cell).
var dataminingSituations = [...]coverage.Situation{
	dRule1:           {ID: "rule-1-clears", Kind: coverage.Branch, Doc: "docs/datamining.md The rules in one place", What: "in some start's play, rule 1 (f = m) clears covered cells"},
	dRule1Flags:      {ID: "rule-1-on-flags", Kind: coverage.Branch, Doc: "docs/datamining.md R-D1", What: "in some start's play, rule 1 clears around a cell whose mines are all flagged (f = m > 0)"},
	dRule2:           {ID: "rule-2-flags", Kind: coverage.Branch, Doc: "docs/datamining.md The rules in one place", What: "in some start's play, rule 2 (f + c = m) flags covered cells"},
	dRule2Flags:      {ID: "rule-2-beside-flags", Kind: coverage.Branch, Doc: "docs/datamining.md R-D1", What: "in some start's play, rule 2 flags around a cell that already has a flag around it (f > 0): a flag is not covered"},
	dStuckAtOnce:     {ID: "start-stuck-at-once", Kind: coverage.Branch, Doc: "docs/datamining.md The worked example", What: "a safe start where neither rule applies: its number is above 0 and below its count of neighbours"},
	dWonSomewhere:    {ID: "won-from-some-starts-only", Kind: coverage.Branch, Doc: "docs/datamining.md The worked example", What: "some safe start clears every safe cell and another leaves one covered: the answer is a minimum over the starts"},
	dStuckEverywhere: {ID: "stuck-from-every-start", Kind: coverage.Branch, Doc: "docs/datamining.md R-D2", What: "every safe start leaves a covered safe cell (the answer is above 0), so a mine start scored as nothing covered would win"},
	dAnswerZero:      {ID: "answer-zero", Kind: coverage.Boundary, Doc: "docs/datamining.md The worked example", What: "some start wins, no covered safe cell left: the answer is 0, the least"},
	dAnswerMax:       {ID: "answer-max", Kind: coverage.Boundary, Doc: "docs/datamining.md The rules in one place", What: "no start clears a cell beyond itself: the answer is the safe cells but one, the most, above 0"},
	dRows3:           {ID: "board-rows-3", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 3 rows"},
	dCols3:           {ID: "board-columns-3", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 3 columns"},
	dBoard3x3:        {ID: "board-3x3", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 3 rows and 3 columns, the smallest"},
	dBoard40:         {ID: "board-40-cells", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 40 cells (4x10, 5x8, 8x5 or 10x4), the most"},
	dBoard3x13:       {ID: "board-3x13", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 3 rows and 13 columns, the most columns"},
	dBoard13x3:       {ID: "board-13x3", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 13 rows and 3 columns, the most rows"},
	dOneMine:         {ID: "board-one-mine", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board with a single mine"},
	dOneSafe:         {ID: "board-one-safe-cell", Kind: coverage.Boundary, Doc: "docs/datamining.md R-D2", What: "a board with a single safe cell: every other start is a mine"},
	dManyBoards:      {ID: "many-boards", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "an input of at least 1000 boards (the statement does not limit them)"},
}

// DataminingSituations is datamining's catalogue of situations, in its order: the bits of
// a DataminingReach.
func DataminingSituations() []coverage.Situation { return slices.Clone(dataminingSituations[:]) }

// DataminingReach is the set of datamining's situations that a valid input reaches, in
// one pass of ref's play (ref.DataminingTrace): each board, its answer, and the casual
// player's play from every safe start, applying the rules in ref's order (row by row,
// pass after pass), as the situations of the rules are about a play. An input ref
// rejects reaches nothing.
func DataminingReach(input []byte) coverage.Set {
	var r coverage.Set
	boards := 0
	_, err := ref.DataminingTrace(input, func(s *ref.DataminingStep) {
		boards++
		dataminingBoardReach(&r, s)
	})
	if err != nil {
		return coverage.Set{}
	}
	if boards >= dataminingManyBoards {
		r.Add(dManyBoards)
	}
	return r
}

// dataminingBoardReach adds to r what one board reaches.
func dataminingBoardReach(r *coverage.Set, s *ref.DataminingStep) {
	rows, cols := s.Size()
	add := func(cond bool, i int) {
		if cond {
			r.Add(i)
		}
	}
	add(rows == minSide, dRows3)
	add(cols == minSide, dCols3)
	add(rows == minSide && cols == minSide, dBoard3x3)
	add(rows*cols == maxCells, dBoard40)
	add(rows == minSide && cols == maxCells/minSide, dBoard3x13)
	add(rows == maxCells/minSide && cols == minSide, dBoard13x3)
	b, ok := dataminingCasual(s)
	if !ok {
		return
	}
	add(bits.OnesCount64(b.mines) == 1, dOneMine)
	add(b.safe == 1, dOneSafe)
	worst := 0
	for p := range b.cells {
		if b.mines>>p&1 != 0 {
			continue
		}
		add(b.around[p] > 0 && b.around[p] < bits.OnesCount64(b.nb[p]), dStuckAtOnce)
		worst = max(worst, b.watch(r, p))
	}
	answer := s.Answer()
	add(answer == 0, dAnswerZero)
	add(answer == 0 && worst > 0, dWonSomewhere)
	add(answer > 0, dStuckEverywhere)
	add(answer > 0 && answer == b.safe-1, dAnswerMax)
}

// dataminingCasual is the board of a step as bit masks; false for a shape ref never
// reads, for which the table holds no neighbours.
func dataminingCasual(s *ref.DataminingStep) (casual, bool) {
	rows, cols := s.Size()
	if rows < minSide || cols < minSide || rows*cols > maxCells {
		return casual{}, false
	}
	b := casual{cells: rows * cols, nb: casualNeighbours[rows][cols]}
	for x := range rows {
		for y := range cols {
			if s.Mine(x+1, y+1) {
				b.mines |= 1 << (x*cols + y)
			}
		}
	}
	b.safe = b.cells - bits.OnesCount64(b.mines)
	for p := range b.cells {
		b.around[p] = bits.OnesCount64(b.nb[p] & b.mines)
	}
	return b, true
}

// watch plays the casual player from the safe cell start, as ref does: a pass applies the
// rules to every cleared cell in row order, cells cleared during the pass included, and
// passes repeat until one changes nothing. It adds to r the rules' branches the play
// takes and returns the covered safe cells left.
func (b *casual) watch(r *coverage.Set, start int) int {
	cleared, flagged := uint64(1)<<start, uint64(0)
	done := uint64(0) // cleared cells with nothing covered around, for good
	for changed := true; changed; {
		changed = false
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
			case f == m: // rule 1; the rules flag only mines, so no mine is covered here
				cleared |= cov
				r.Add(dRule1)
				if m > 0 {
					r.Add(dRule1Flags)
				}
			case f+c == m: // rule 2
				flagged |= cov
				r.Add(dRule2)
				if f > 0 {
					r.Add(dRule2Flags)
				}
			default:
				continue
			}
			changed = true
		}
	}
	return b.safe - bits.OnesCount64(cleared&^b.mines)
}
