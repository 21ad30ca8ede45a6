package ruling

import (
	"math/bits"
	"slices"
	"strconv"

	"gamediff/coverage"
	"gamediff/ref"
)

// The entries of datamining's catalogue, in its order.
const (
	// The rules' branches.
	dRule1 = iota
	dRule1Flags
	dRule2
	dRule2Flags
	dStartZero
	dStartFlagsAll
	dStuckAtOnce
	dStuckAfterProgress
	dRulesRepeat
	dRevisit
	dWonSomewhere
	dWinNeedsFlags
	dStuckEverywhere
	dStuckEverywhereAfterProgress
	dMineStartWouldWin
	// The limits' boundaries.
	dAnswerZero
	dAnswerMax
	dAnswerLargest
	dShows8
	dCascadeAll
	dBestFirst
	dBestLast
	dRows3
	dCols3
	dBoard3x3
	dBoard40
	dBoard3x13
	dBoard13x3
	dOver32
	dOneMine
	dOneSafe
	dOneBoard
	dManyBoards
	// The input's forms, in testcase.Form's bit order.
	dFormSplit
	dFormRuns
	dFormTabs
	dFormOtherSpace
	dFormCRLF
	dFormNoFinalNewline
	dataminingSituationCount
)

// dataminingManyBoards is the number of boards that makes an input of many: the statement
// does not limit them, and a judge that does per board more than the board needs would
// feel it there.
const dataminingManyBoards = 1000

// dataminingLargestAnswer is the largest answer a board allows (docs/datamining.md, "The
// limits at their edges"): 33, on a board of 39 or 40 cells whose fewest mines see every
// safe cell.
const dataminingLargestAnswer = 33

// dataminingSituations is datamining's catalogue (docs/datamining.md). A board won from
// every start has no entry of its own: on a valid board some safe cell touches a mine, and
// a start there clears nothing beyond itself and flags at most its neighbours, so a board
// won from every start is one with a single safe cell (board-one-safe-cell).
var dataminingSituations = [...]coverage.Situation{
	dRule1:                        {ID: "rule-1-clears", Kind: coverage.Branch, Doc: "docs/datamining.md The rules in one place", What: "in some start's play, rule 1 (f = m) clears covered cells"},
	dRule1Flags:                   {ID: "rule-1-on-flags", Kind: coverage.Branch, Doc: "docs/datamining.md R-D1", What: "in some start's play, rule 1 clears around a cell whose mines are all flagged (f = m > 0)"},
	dRule2:                        {ID: "rule-2-flags", Kind: coverage.Branch, Doc: "docs/datamining.md The rules in one place", What: "in some start's play, rule 2 (f + c = m) flags covered cells"},
	dRule2Flags:                   {ID: "rule-2-beside-flags", Kind: coverage.Branch, Doc: "docs/datamining.md R-D1", What: "in some start's play, rule 2 flags around a cell that already has a flag around it (f > 0): a flag is not covered"},
	dStartZero:                    {ID: "start-on-zero", Kind: coverage.Branch, Doc: "docs/datamining.md The worked example", What: "a safe start that shows 0: rule 1 (f = m = 0) clears its neighbours at once, the cascade"},
	dStartFlagsAll:                {ID: "start-flags-all-around", Kind: coverage.Branch, Doc: "docs/datamining.md The rules in one place", What: "a safe start whose every neighbour is a mine: rule 2 (0 + c = m) flags them all at once"},
	dStuckAtOnce:                  {ID: "start-stuck-at-once", Kind: coverage.Branch, Doc: "docs/datamining.md The worked example", What: "a safe start where neither rule applies: its number is above 0 and below its count of neighbours"},
	dStuckAfterProgress:           {ID: "start-stuck-after-progress", Kind: coverage.Branch, Doc: "docs/datamining.md The casual player", What: "a safe start whose play clears or flags cells, then gets stuck with a covered safe cell left"},
	dRulesRepeat:                  {ID: "rules-repeat", Kind: coverage.Branch, Doc: "docs/datamining.md The casual player", What: "the answer needs the rules applied until nothing changes: one pass of them over the cleared cells in row order leaves more covered safe cells, from every start"},
	dRevisit:                      {ID: "cell-acts-on-revisit", Kind: coverage.Branch, Doc: "docs/datamining.md The casual player", What: "in some start's play, a cleared cell where neither rule held when the play looked at it has one hold later, once cells around it changed"},
	dWonSomewhere:                 {ID: "won-from-some-starts-only", Kind: coverage.Branch, Doc: "docs/datamining.md The worked example", What: "some safe start clears every safe cell and another leaves one covered: the answer is a minimum over the starts"},
	dWinNeedsFlags:                {ID: "win-needs-flags", Kind: coverage.Branch, Doc: "docs/datamining.md The worked example", What: "the answer is 0, yet no start's 0-cascade alone clears every safe cell: the win needs rule 2's flags"},
	dStuckEverywhere:              {ID: "stuck-from-every-start", Kind: coverage.Branch, Doc: "docs/datamining.md R-D2", What: "every safe start leaves a covered safe cell (the answer is above 0), so a mine start scored as nothing covered would win"},
	dStuckEverywhereAfterProgress: {ID: "stuck-everywhere-after-progress", Kind: coverage.Branch, Doc: "docs/datamining.md The casual player", What: "the answer is above 0 and below the safe cells but one: the best start makes progress, and every start gets stuck"},
	dMineStartWouldWin:            {ID: "mine-start-would-win", Kind: coverage.Branch, Doc: "docs/datamining.md R-D2", What: "a mine, cleared as a first cell and played by the rules (each pass over the cells cleared when it begins), would leave fewer safe cells uncleared than the answer"},
	dAnswerZero:                   {ID: "answer-zero", Kind: coverage.Boundary, Doc: "docs/datamining.md The worked example", What: "some start wins, no covered safe cell left: the answer is 0, the least"},
	dAnswerMax:                    {ID: "answer-max", Kind: coverage.Boundary, Doc: "docs/datamining.md The rules in one place", What: "no start clears a cell beyond itself: the answer is the safe cells but one, the most, above 0"},
	dAnswerLargest:                {ID: "answer-largest", Kind: coverage.Boundary, Doc: "docs/datamining.md The limits at their edges", What: "the answer is 33, the largest any board allows"},
	dShows8:                       {ID: "start-shows-8", Kind: coverage.Boundary, Doc: "docs/datamining.md The limits at their edges", What: "a safe cell shows 8, the most: as a start, rule 2 flags all eight neighbours"},
	dCascadeAll:                   {ID: "cascade-clears-all", Kind: coverage.Boundary, Doc: "docs/datamining.md The worked example", What: "the largest cascade: some start's 0-cascade alone (rule 1 where f = m = 0) clears every safe cell"},
	dBestFirst:                    {ID: "best-start-only-first-cell", Kind: coverage.Boundary, Doc: "docs/datamining.md The rules in one place", What: "the answer comes from the first cell, (1,1), and from no other start"},
	dBestLast:                     {ID: "best-start-only-last-cell", Kind: coverage.Boundary, Doc: "docs/datamining.md The rules in one place", What: "the answer comes from the last cell, (r,c), and from no other start"},
	dRows3:                        {ID: "board-rows-3", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 3 rows"},
	dCols3:                        {ID: "board-columns-3", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 3 columns"},
	dBoard3x3:                     {ID: "board-3x3", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 3 rows and 3 columns, the smallest"},
	dBoard40:                      {ID: "board-40-cells", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 40 cells (4x10, 5x8, 8x5 or 10x4), the most"},
	dBoard3x13:                    {ID: "board-3x13", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 3 rows and 13 columns, the most columns"},
	dBoard13x3:                    {ID: "board-13x3", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 13 rows and 3 columns, the most rows"},
	dOver32:                       {ID: "board-over-32-cells", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board of 33 to 40 cells: a cell numbered past 31 row by row, beyond a 32-bit mask"},
	dOneMine:                      {ID: "board-one-mine", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "a board with a single mine"},
	dOneSafe:                      {ID: "board-one-safe-cell", Kind: coverage.Boundary, Doc: "docs/datamining.md R-D2", What: "a board with a single safe cell: every other start is a mine"},
	dOneBoard:                     {ID: "one-board", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "an input of a single board, the fewest"},
	dManyBoards:                   {ID: "many-boards", Kind: coverage.Boundary, Doc: "docs/datamining.md Input", What: "an input of at least 1000 boards (the statement does not limit them)"},
	dFormSplit:                    {ID: "form-split", Kind: coverage.Form, Doc: formsDoc, What: "a line holds fewer tokens than the canonical layout puts on it: r and c, or the final 0 and 0, on lines of their own"},
	dFormRuns:                     {ID: "form-runs", Kind: coverage.Form, Doc: formsDoc, What: "runs of blanks: two or more spaces or tabs together, a blank line, or a line end first"},
	dFormTabs:                     {ID: "form-tabs", Kind: coverage.Form, Doc: formsDoc, What: "a tab in the input"},
	dFormOtherSpace:               {ID: "form-other-space", Kind: coverage.Form, Doc: formsDoc, What: "a vertical tab or a form feed in the input, the rarest of C's whitespace"},
	dFormCRLF:                     {ID: "form-crlf", Kind: coverage.Form, Doc: formsDoc, What: "a carriage return in the input: \\r\\n line ends"},
	dFormNoFinalNewline:           {ID: "form-no-final-newline", Kind: coverage.Form, Doc: formsDoc, What: "the input's last byte is no line end: the final 0 0 without its \\n"},
}

// DataminingSituations is datamining's catalogue of situations, in its order: the bits of
// a DataminingReach.
func DataminingSituations() []coverage.Situation { return slices.Clone(dataminingSituations[:]) }

// DataminingReach is the set of datamining's situations that a valid input reaches, in
// one pass of ref's play (ref.DataminingTrace): each board, its answer, and the casual
// player's play from every safe start, applying the rules in ref's order (row by row,
// pass after pass), as the situations of the rules are about a play; then the count of
// boards, and the forms its bytes are laid out in. An input ref rejects reaches nothing.
func DataminingReach(input []byte) coverage.Set {
	var r coverage.Set
	boards := 0
	_, err := ref.DataminingTrace(input, func(s *ref.DataminingStep) {
		boards++
		rows, cols := s.Size()
		dataminingShapeReach(&r, rows, cols)
		if b, ok := dataminingCasual(s); ok {
			b.reach(&r, s.Answer())
		}
	})
	if err != nil {
		return coverage.Set{}
	}
	if boards == 1 {
		r.Add(dOneBoard)
	}
	if boards >= dataminingManyBoards {
		r.Add(dManyBoards)
	}
	return r.Union(dataminingFormReach(input))
}

// DataminingBoardReach is what one board reaches of the catalogue, as DataminingReach
// finds it in an input of that board among others (so neither one-board, many-boards nor
// a form), its answer played here rather than by ref: the generators draw boards until one
// reaches a situation, and a play of bit masks costs them far less than ref's. board is r
// rows of c bytes, 'M' a mine; a shape outside the statement's reaches nothing.
func DataminingBoardReach(board []string) coverage.Set {
	var r coverage.Set
	if len(board) < minSide || len(board[0]) < minSide || len(board)*len(board[0]) > maxCells {
		return r
	}
	dataminingShapeReach(&r, len(board), len(board[0]))
	b := newCasual(board)
	b.reach(&r, -1)
	return r
}

// dataminingShapeReach adds to r what a board of the shape reaches by its shape alone.
func dataminingShapeReach(r *coverage.Set, rows, cols int) {
	add := func(cond bool, i int) {
		if cond {
			r.Add(i)
		}
	}
	add(rows == minSide, dRows3)
	add(cols == minSide, dCols3)
	add(rows == minSide && cols == minSide, dBoard3x3)
	add(rows*cols == maxCells, dBoard40)
	add(rows*cols > 32, dOver32)
	add(rows == minSide && cols == maxCells/minSide, dBoard3x13)
	add(rows == maxCells/minSide && cols == minSide, dBoard13x3)
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
		if b.around[p] == 0 && b.mines&(1<<p) == 0 {
			b.zeros |= 1 << p
		}
	}
	return b, true
}

// reach adds to r what the board reaches by its cells and its plays from every start;
// answer is ref's, or below 0 to take the plays' own (they agree: the internal tests).
func (b *casual) reach(r *coverage.Set, answer int) {
	add := func(cond bool, i int) {
		if cond {
			r.Add(i)
		}
	}
	add(bits.OnesCount64(b.mines) == 1, dOneMine)
	add(b.safe == 1, dOneSafe)
	var left [maxCells]int
	best, worst, onePass := b.safe, 0, b.safe // with no safe cell, R-D2 makes 0 the answer
	if b.safe == 0 {
		best = 0
	}
	for p := range b.cells {
		if b.mines>>p&1 != 0 {
			continue
		}
		around, neighbours := b.around[p], bits.OnesCount64(b.nb[p])
		add(around == 0, dStartZero)
		add(around == neighbours, dStartFlagsAll)
		add(around == 8, dShows8)
		add(around > 0 && around < neighbours, dStuckAtOnce)
		var once int
		var progressed bool
		left[p], once, progressed = b.watch(r, p)
		add(progressed && left[p] > 0, dStuckAfterProgress)
		best, worst, onePass = min(best, left[p]), max(worst, left[p]), min(onePass, once)
	}
	if answer < 0 {
		answer = best
	}
	// The 0-cascades alone: a start's opening (eachOpening) is its play without flags,
	// since rule 1 holds without a flag only where f = m = 0.
	cascadeWins, zeroCascadeWins := false, false
	safeMask := (uint64(1)<<b.cells - 1) &^ b.mines
	b.eachOpening(func(opened uint64) {
		if opened&safeMask == safeMask {
			cascadeWins = true
			zeroCascadeWins = zeroCascadeWins || bits.OnesCount64(opened) > 1
		}
	})
	add(answer == 0, dAnswerZero)
	add(answer == 0 && worst > 0, dWonSomewhere)
	add(answer == 0 && !cascadeWins, dWinNeedsFlags)
	add(zeroCascadeWins, dCascadeAll)
	add(answer < onePass, dRulesRepeat)
	add(answer > 0, dStuckEverywhere)
	add(answer > 0 && answer < b.safe-1, dStuckEverywhereAfterProgress)
	add(answer > 0 && answer == b.safe-1, dAnswerMax)
	add(answer == dataminingLargestAnswer, dAnswerLargest)
	add(b.onlyBest(left[:b.cells], 0, answer), dBestFirst)
	add(b.onlyBest(left[:b.cells], b.cells-1, answer), dBestLast)
	if answer > 0 {
		for p := range b.cells {
			if b.mines>>p&1 != 0 && b.mineStart(p) < answer {
				r.Add(dMineStartWouldWin)
				break
			}
		}
	}
}

// onlyBest reports whether cell p is a safe start that leaves answer covered safe cells
// and every other safe start leaves more.
func (b *casual) onlyBest(left []int, p, answer int) bool {
	if b.mines>>p&1 != 0 || left[p] != answer {
		return false
	}
	for q := range left {
		if q != p && b.mines>>q&1 == 0 && left[q] <= answer {
			return false
		}
	}
	return true
}

// watch plays the casual player from the safe cell start, as ref does: a pass applies the
// rules to every cleared cell in row order, cells cleared during the pass included, and
// passes repeat until one changes nothing. It adds to r the rules' branches the play
// takes and returns the covered safe cells left, those left after the first pass alone,
// and whether a rule applied at all.
func (b *casual) watch(r *coverage.Set, start int) (left, onePass int, progressed bool) {
	cleared, flagged := uint64(1)<<start, uint64(0)
	done := uint64(0)   // cleared cells with nothing covered around, for good
	looked := uint64(0) // cleared cells at which neither rule held when last looked at
	onePass = -1
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
				looked |= 1 << p
				continue
			}
			if looked>>p&1 != 0 {
				r.Add(dRevisit)
			}
			changed, progressed = true, true
		}
		if onePass < 0 {
			onePass = b.safe - bits.OnesCount64(cleared&^b.mines)
		}
	}
	return b.safe - bits.OnesCount64(cleared&^b.mines), onePass, progressed
}

// mineStart plays the mine start as a start loop that does not skip mines does (the
// misreading of R-D2 that cmd/diff/testdata/rulings/datamining plays): the mine is
// cleared and the rules applied, each pass to the cells cleared when it begins, lowest
// first, until a pass changes nothing. It returns the safe cells left uncleared. From a
// mine the rules no longer flag only mines, so the order is that program's.
func (b *casual) mineStart(start int) int {
	cleared, flagged := uint64(1)<<start, uint64(0)
	for changed := true; changed; {
		changed = false
		for todo := cleared; todo != 0; todo &= todo - 1 {
			p := bits.TrailingZeros64(todo)
			cov := b.nb[p] &^ (cleared | flagged)
			if cov == 0 {
				continue
			}
			switch f := bits.OnesCount64(b.nb[p] & flagged); {
			case f == b.around[p]:
				cleared |= cov
			case f+bits.OnesCount64(cov) == b.around[p]:
				flagged |= cov
			default:
				continue
			}
			changed = true
		}
	}
	return b.safe - bits.OnesCount64(cleared&^b.mines)
}

// dataminingFormReach is the forms input is laid out in: those its bytes show
// (formsShown), and form-split by datamining's reading of its lines.
func dataminingFormReach(input []byte) coverage.Set {
	var r coverage.Set
	add := func(cond bool, i int) {
		if cond {
			r.Add(i)
		}
	}
	for i, f := 0, formsShown(input); f != 0; i, f = i+1, f>>1 {
		add(f&1 != 0, dFormRuns+i)
	}
	add(dataminingSplit(input), dFormSplit)
	return r
}

// dataminingSplit reports whether a line of input holds fewer tokens than the canonical
// layout puts on it: the only lines of two tokens are a board's "r c" and the final
// "0 0", so whether some r and its c lie on different lines. input is one ref accepts.
func dataminingSplit(input []byte) bool {
	pos, line := 0, 1
	next := func() (string, int) { // the next token and its line; "" at the end
		for pos < len(input) && cSpace(input[pos]) {
			if input[pos] == '\n' {
				line++
			}
			pos++
		}
		start := pos
		for pos < len(input) && !cSpace(input[pos]) {
			pos++
		}
		return string(input[start:pos]), line
	}
	for {
		r, rLine := next()
		c, cLine := next()
		if c == "" {
			return false
		}
		if rLine != cLine {
			return true
		}
		rows, err := strconv.Atoi(r)
		if err != nil || rows <= 0 {
			return false // the final 0 0, or an input ref would not accept
		}
		for range rows {
			next()
		}
	}
}
