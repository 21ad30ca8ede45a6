package ruling

import (
	"math/bits"
	"slices"

	"gamediff/coverage"
	"gamediff/ref"
)

// The entries of mine's catalogue: each constant is its entry's index in mineSituations
// and its bit in a coverage.Set.
const (
	// Flag (docs/mine.md Output, item 2).
	msFlagSuccess = iota
	msFlagCancelled
	msFlagSwept
	// Sweep (item 3) and the sweep process (item 5).
	msSweepSwept
	msSweepFlagged
	msSweepBoom
	msSweepOneCell
	msSweepCascade
	msSweepUnflags
	msSweepFinish
	// DSweep (item 4).
	msDSweepNotSwept
	msDSweepFailedZero
	msDSweepFailedFewer
	msDSweepFailedMore
	msDSweepOpens
	msDSweepNoCell
	msDSweepEight
	msDSweepCascade
	msDSweepOverlap
	msDSweepUnflags
	msDSweepBoom
	msDSweepBoomAfterSweeping
	msDSweepFinish
	msDSweepUnflaggedNear
	// R-M1 on a board without a safe cell.
	msFinishAfterFlagged
	msFinishAfterNotSwept
	msNoSafeFlag
	msNoSafeBoom
	msNoSafeGiveUp
	// The end of the game (items 1 and 8) and the feedback's order (item 6).
	msEndGiveUp
	msEndGameOver
	msEndFinish
	msTotalStepZero
	msFeedbackOrder
	msFeedbackAcrossRows
	// R-M4.
	msAfterGiveUp
	msAfterGameOver
	msAfterFinish
	// The limits.
	msBoard1x1
	msBoardOneRow
	msBoardOneColumn
	msBoard1x1000
	msBoard1000x1
	msBoardN1000
	msBoardM1000
	msBoard1000x1000
	msBoardNoMine
	msBoardAllMines
	msBoardOneSafe
	msOpsOne
	msOpsMost
	msOpsMostPlayed
	msCascadeHalfBoard
	msCascadeDeep
	msNumber0
	msNumber8
	msCellRow1
	msCellRowN
	msCellColumn1
	msCellColumnM
	msCoordinate1000
	// The forms of the input: operations after the Quit, then the forms of docs/rules.md in
	// the order of testcase.FormNames, the form of bit i of a testcase.Form being entry
	// msFormSplit+i.
	msLinesAfterQuit
	msFormSplit
	msFormRuns
	msFormTabs
	msFormOtherSpace
	msFormCRLF
	msFormNoFinalNewline

	msCount
)

// mineSituations is mine's catalogue (docs/mine.md, docs/rules.md).
var mineSituations = [...]coverage.Situation{
	msFlagSuccess:   {ID: "flag-success", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 2", What: "a Flag on a cell neither swept nor flagged places a flag: success"},
	msFlagCancelled: {ID: "flag-cancelled", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 2", What: "a Flag on a flagged cell removes the flag: cancelled"},
	msFlagSwept:     {ID: "flag-swept", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 2", What: "a Flag on a swept cell: swept"},

	msSweepSwept:   {ID: "sweep-swept", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 3", What: "a Sweep on a swept cell: swept"},
	msSweepFlagged: {ID: "sweep-flagged", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 3", What: "a Sweep on a flagged cell: flagged"},
	msSweepBoom:    {ID: "sweep-boom", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 5", What: "a Sweep on a mine: boom"},
	msSweepOneCell: {ID: "sweep-one-cell", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 6", What: "a Sweep sweeps exactly one cell: 1 cell(s) detected"},
	msSweepCascade: {ID: "sweep-cascade", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 5", What: "a Sweep on a 0 cascades: it sweeps more than one cell"},
	msSweepUnflags: {ID: "sweep-cascade-unflags", Kind: coverage.Branch, Doc: "docs/mine.md R-M3", What: "a Sweep's 0-cascade sweeps a flagged cell, removing its flag"},
	msSweepFinish:  {ID: "sweep-finish", Kind: coverage.Branch, Doc: "docs/mine.md R-M1", What: "a Sweep sweeps the last safe cell: its feedback, then finish"},

	msDSweepNotSwept:          {ID: "dsweep-not-swept", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 4", What: "a DSweep on a cell not swept: not swept"},
	msDSweepFailedZero:        {ID: "dsweep-failed-zero", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 4", What: "a DSweep on a swept 0: failed, though its 0 flags would match"},
	msDSweepFailedFewer:       {ID: "dsweep-failed-fewer-flags", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 4", What: "a DSweep on a swept number with fewer flags around it: failed"},
	msDSweepFailedMore:        {ID: "dsweep-failed-more-flags", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 4", What: "a DSweep on a swept number with more flags around it: failed"},
	msDSweepOpens:             {ID: "dsweep-opens", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 4", What: "a DSweep whose flags match its number sweeps cells: their feedback"},
	msDSweepNoCell:            {ID: "dsweep-no-cell", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 6", What: "a DSweep passes its checks with no blank neighbour: no cell detected"},
	msDSweepEight:             {ID: "dsweep-number-8", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 4", What: "a DSweep on a swept 8 with its 8 neighbours flagged: no cell detected"},
	msDSweepCascade:           {ID: "dsweep-cascade", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 5", What: "a DSweep sweeps a 0 whose cascade sweeps cells beyond the DSweep's neighbours"},
	msDSweepOverlap:           {ID: "dsweep-cascades-overlap", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 4", What: "a DSweep's neighbour is swept by an earlier neighbour's 0-cascade before its own turn"},
	msDSweepUnflags:           {ID: "dsweep-cascade-unflags", Kind: coverage.Branch, Doc: "docs/mine.md R-M3", What: "a DSweep's 0-cascade sweeps a flagged cell, removing its flag"},
	msDSweepBoom:              {ID: "dsweep-boom", Kind: coverage.Branch, Doc: "docs/mine.md R-M2", What: "a DSweep sweeps a mine: only boom"},
	msDSweepBoomAfterSweeping: {ID: "dsweep-boom-after-sweeping", Kind: coverage.Branch, Doc: "docs/mine.md R-M2", What: "a DSweep sweeps cells and then a mine: boom, no feedback for the cells"},
	msDSweepFinish:            {ID: "dsweep-finish", Kind: coverage.Branch, Doc: "docs/mine.md R-M1", What: "a DSweep sweeps the last safe cell: its feedback, then finish"},
	msDSweepUnflaggedNear:     {ID: "dsweep-near-wiped-flag", Kind: coverage.Branch, Doc: "docs/mine.md R-M3", What: "a DSweep on a swept number next to a cell whose flag a 0-cascade removed: that flag counts no more"},

	msFinishAfterFlagged:  {ID: "finish-after-flagged", Kind: coverage.Branch, Doc: "docs/mine.md R-M1", What: "on a board without a safe cell, a Sweep on a flag answers flagged, then finish"},
	msFinishAfterNotSwept: {ID: "finish-after-not-swept", Kind: coverage.Branch, Doc: "docs/mine.md R-M1", What: "on a board without a safe cell, a DSweep answers not swept, then finish"},
	msNoSafeFlag:          {ID: "no-safe-cell-flag-goes-on", Kind: coverage.Branch, Doc: "docs/mine.md R-M1", What: "on a board without a safe cell, a Flag leaves the game running: no finish after Flag"},
	msNoSafeBoom:          {ID: "no-safe-cell-boom", Kind: coverage.Branch, Doc: "docs/mine.md R-M1", What: "on a board without a safe cell, a Sweep on a cell without a flag booms: game over, not finish"},
	msNoSafeGiveUp:        {ID: "no-safe-cell-give-up", Kind: coverage.Branch, Doc: "docs/mine.md R-M1", What: "on a board without a safe cell, the game ends at the Quit: give up, not finish"},

	msEndGiveUp:          {ID: "end-give-up", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 1", What: "the game ends at a Quit: give up"},
	msEndGameOver:        {ID: "end-game-over", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 8", What: "the game ends at a boom: game over, the total step counting the operation that boomed"},
	msEndFinish:          {ID: "end-finish", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 8", What: "the game ends with every safe cell swept: finish"},
	msTotalStepZero:      {ID: "total-step-zero", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 8", What: "the game ends with no Flag, Sweep or DSweep read: total step 0"},
	msFeedbackOrder:      {ID: "feedback-sweep-order", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 6", What: "a feedback's first cell is not the first the operation swept: the list must be sorted"},
	msFeedbackAcrossRows: {ID: "feedback-across-rows", Kind: coverage.Branch, Doc: "docs/mine.md Output, item 6", What: "a feedback lists a cell of a later row left of a cell of an earlier row: rows come first"},

	msAfterGiveUp:   {ID: "after-give-up", Kind: coverage.Branch, Doc: "docs/mine.md R-M4", What: "operations follow the Quit that ended the game: never read"},
	msAfterGameOver: {ID: "after-game-over", Kind: coverage.Branch, Doc: "docs/mine.md R-M4", What: "operations besides the closing Quit follow a boom: never read"},
	msAfterFinish:   {ID: "after-finish", Kind: coverage.Branch, Doc: "docs/mine.md R-M4", What: "operations besides the closing Quit follow a finish: never read"},

	msBoard1x1:         {ID: "board-1x1", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "a board of one cell: n = m = 1"},
	msBoardOneRow:      {ID: "board-one-row", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "a board of one row and several columns: n = 1 < m"},
	msBoardOneColumn:   {ID: "board-one-column", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "a board of one column and several rows: m = 1 < n"},
	msBoard1x1000:      {ID: "board-1x1000", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "the widest board of one row, tests 7-12's limit: n = 1, m = 1000"},
	msBoard1000x1:      {ID: "board-1000x1", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "the tallest board of one column: n = 1000, m = 1"},
	msBoardN1000:       {ID: "board-n-1000", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "the most rows: n = 1000"},
	msBoardM1000:       {ID: "board-m-1000", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "the most columns: m = 1000"},
	msBoard1000x1000:   {ID: "board-1000x1000", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "the largest board: n = m = 1000"},
	msBoardNoMine:      {ID: "board-no-mine", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "a board without a mine"},
	msBoardAllMines:    {ID: "board-all-mines", Kind: coverage.Boundary, Doc: "docs/mine.md R-M1", What: "a board without a safe cell"},
	msBoardOneSafe:     {ID: "board-one-safe-cell", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "a board with exactly one safe cell"},
	msOpsOne:           {ID: "ops-1", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "the input holds the fewest operations: the Quit alone"},
	msOpsMost:          {ID: "ops-60000", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "the input holds the most operations: 60000, the Quit included"},
	msOpsMostPlayed:    {ID: "ops-60000-played", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "the game reads all 60000 operations: give up, total step 59999"},
	msCascadeHalfBoard: {ID: "cascade-half-board", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "one operation sweeps at least half the cells of a board of at least 250000 cells"},
	msCascadeDeep:      {ID: "cascade-deep", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "a recursive flood fill in row order would go more than 65535 calls deep in one operation's cascade"},
	msNumber0:          {ID: "number-0", Kind: coverage.Boundary, Doc: "docs/mine.md Output, item 5", What: "a swept cell shows 0, the least number"},
	msNumber8:          {ID: "number-8", Kind: coverage.Boundary, Doc: "docs/mine.md Output, item 5", What: "a swept cell shows 8, the greatest number"},
	msCellRow1:         {ID: "cell-row-1", Kind: coverage.Boundary, Doc: "docs/mine.md Input", What: "an operation read names a cell of the first row: x = 1"},
	msCellRowN:         {ID: "cell-row-n", Kind: coverage.Boundary, Doc: "docs/mine.md Input", What: "an operation read names a cell of the last row: x = n"},
	msCellColumn1:      {ID: "cell-column-1", Kind: coverage.Boundary, Doc: "docs/mine.md Input", What: "an operation read names a cell of the first column: y = 1"},
	msCellColumnM:      {ID: "cell-column-m", Kind: coverage.Boundary, Doc: "docs/mine.md Input", What: "an operation read names a cell of the last column: y = m"},
	msCoordinate1000:   {ID: "coordinate-1000", Kind: coverage.Boundary, Doc: "docs/mine.md Limits", What: "an operation read has the largest coordinate: x = 1000 or y = 1000"},

	msLinesAfterQuit: {ID: "lines-after-quit", Kind: coverage.Form, Doc: "docs/mine.md Limits", What: "the input goes on after its Quit, as the validator allows"},

	msFormSplit:          {ID: "form-split", Kind: coverage.Form, Doc: formsDoc, What: "a line holds fewer tokens than the statement's layout puts on it: n and m, or an operation, over two lines"},
	msFormRuns:           {ID: "form-runs", Kind: coverage.Form, Doc: formsDoc, What: "runs of blanks: two spaces or tabs in a row, a blank line, or a line end first"},
	msFormTabs:           {ID: "form-tabs", Kind: coverage.Form, Doc: formsDoc, What: "a tab between tokens"},
	msFormOtherSpace:     {ID: "form-other-space", Kind: coverage.Form, Doc: formsDoc, What: "a \\v or a \\f, the rarest of C's whitespace"},
	msFormCRLF:           {ID: "form-crlf", Kind: coverage.Form, Doc: formsDoc, What: "a \\r: lines ended by \\r\\n"},
	msFormNoFinalNewline: {ID: "form-no-final-newline", Kind: coverage.Form, Doc: formsDoc, What: "the last line without its line end"},
}

// A missing last entry would shorten the catalogue: its length must be the count.
var _ [len(mineSituations) - msCount]struct{}

// MineSituations is mine's catalogue of situations, in a coverage.Set's order (MineReach).
func MineSituations() []coverage.Situation { return slices.Clone(mineSituations[:]) }

// MineReach is the set of mine's situations (MineSituations) that input reaches: one
// pass of ref's play (ref.MineSteps, which prints nothing) and one scan of its bytes. An
// input the validator would reject (R-IN3) reaches nothing.
func MineReach(input []byte) coverage.Set { return mineReach(input, ref.MineSteps) }

// mineReach is MineReach with the play of ref it follows: a test holds the silent play to
// the one that prints.
func mineReach(input []byte, play func([]byte, func(*ref.MineStep)) error) coverage.Set {
	scan, ok := scanMine(input)
	if !ok {
		return coverage.Set{}
	}
	w := &mineSeer{scan: scan}
	w.addIf(scan.split, msFormSplit)
	for i, f := 0, formsShown(input); f != 0; i, f = i+1, f>>1 {
		w.addIf(f&1 != 0, msFormRuns+i)
	}
	if err := play(input, w.see); err != nil {
		return coverage.Set{}
	}
	return w.reach
}

// Sizes at which mine's limits are reached.
const (
	mineMaxSide  = 1000
	mineMaxOps   = 60000
	mineBigBoard = 250000 // the least board on which a cascade of half of it is large
	mineDeepFill = 65535  // deeper than this, a recursion or a 16-bit count breaks
	mineFewNewly = 8      // a DSweep's neighbours: a Sweep or DSweep that sweeps more cascaded from a 0
)

// mineScan is what the scan of an input's tokens found.
type mineScan struct {
	ops   int  // the operations, the Quit and those after it included
	quit  int  // the operations before the Quit
	split bool // a line holds fewer tokens than the canonical layout puts on it
}

// scanMine checks input as mine's validator does (testcase.DecodeMine: the statement's
// tokens in any whitespace layout, canonical numbers, every limit, one Quit); ok is false
// if the validator would reject input.
func scanMine(input []byte) (scan mineScan, ok bool) {
	s := tokens{in: input, line: 1}
	// beside reads a number that the canonical layout puts on the line of the token
	// before it.
	beside := func(lo, hi int) int {
		line := s.at
		v := s.number(lo, hi)
		scan.split = scan.split || s.at != line
		return v
	}
	n := s.number(1, mineMaxSide)
	m := beside(1, mineMaxSide)
	for i := 0; i < n && !s.bad; i++ {
		s.row(m, "*.")
	}
	quits := 0
	for !s.bad {
		word := s.token()
		if len(word) == 0 {
			break
		}
		if scan.ops == mineMaxOps {
			return scan, false
		}
		scan.ops++
		switch string(word) {
		case "Quit":
			quits++
			scan.quit = scan.ops - 1
		case "Flag", "Sweep", "DSweep":
			beside(1, n)
			beside(1, m)
		default:
			return scan, false
		}
	}
	return scan, !s.bad && quits == 1
}

// mineSeer follows ref's play of one input of mine (ref.MineSteps) and notes the
// situations it reaches. It keeps what the game's state after an operation no longer
// tells: which cells were flagged before it.
type mineSeer struct {
	reach  coverage.Set
	scan   mineScan
	n, m   int
	noSafe bool // the board has no safe cell
	steps  int  // the Flag, Sweep and DSweep operations read
	ops    int  // the operations read, the Quit included
	// The cells flagged as the last Flag on each left them, a bit each, allocated at the
	// first Flag. A flag a cascade removed stays set: its cell is swept, and a swept cell
	// is never swept again, so the bit is never read.
	flags []uint64
	// For the feedback's rows, allocated at the first cascade over several rows: per row,
	// the least and the greatest column the operation swept (rowLeast is m+1 for none).
	rowLeast, rowMost []int32
	fill              *mineFill // for the depth of a recursive flood fill, at the first large cascade
}

func (w *mineSeer) add(i int) { w.reach.Add(i) }

// addIf adds entry i if cond holds.
func (w *mineSeer) addIf(cond bool, i int) {
	if cond {
		w.reach.Add(i)
	}
}

// see notes one step of the play: its start, or an operation just played.
func (w *mineSeer) see(s *ref.MineStep) {
	g := s.MineGame
	switch s.Op {
	case "":
		w.start(g)
		return
	case "Quit":
		w.ops++
	default:
		w.ops++
		w.steps++
		w.cell(s.X, s.Y)
		switch s.Op {
		case "Flag":
			w.flag(g, s.X, s.Y)
		case "Sweep":
			w.sweep(g, s.X, s.Y)
		case "DSweep":
			w.dsweep(g, s.X, s.Y)
		}
	}
	if s.Result != "" {
		w.end(g, s.Result)
	}
}

// start notes the board and the input's form.
func (w *mineSeer) start(g *ref.MineGame) {
	n, m := g.Size()
	w.n, w.m = n, m
	safe := g.SafeLeft()
	w.addIf(n == 1 && m == 1, msBoard1x1)
	w.addIf(n == 1 && m > 1, msBoardOneRow)
	w.addIf(m == 1 && n > 1, msBoardOneColumn)
	w.addIf(n == 1 && m == mineMaxSide, msBoard1x1000)
	w.addIf(n == mineMaxSide && m == 1, msBoard1000x1)
	w.addIf(n == mineMaxSide, msBoardN1000)
	w.addIf(m == mineMaxSide, msBoardM1000)
	w.addIf(n == mineMaxSide && m == mineMaxSide, msBoard1000x1000)
	w.addIf(safe == n*m, msBoardNoMine)
	w.noSafe = safe == 0
	w.addIf(safe == 0, msBoardAllMines)
	w.addIf(safe == 1, msBoardOneSafe)
	w.addIf(w.scan.ops == 1, msOpsOne)
	w.addIf(w.scan.ops == mineMaxOps, msOpsMost)
	w.addIf(w.scan.quit < w.scan.ops-1, msLinesAfterQuit)
}

// cell notes the coordinates of an operation read.
func (w *mineSeer) cell(x, y int) {
	w.addIf(x == 1, msCellRow1)
	w.addIf(x == w.n, msCellRowN)
	w.addIf(y == 1, msCellColumn1)
	w.addIf(y == w.m, msCellColumnM)
	w.addIf(x == mineMaxSide || y == mineMaxSide, msCoordinate1000)
}

// flag notes a Flag on (x, y) by what it left.
func (w *mineSeer) flag(g *ref.MineGame, x, y int) {
	switch {
	case g.Swept(x, y):
		w.add(msFlagSwept)
		return
	case g.Flagged(x, y):
		w.add(msFlagSuccess)
	default:
		w.add(msFlagCancelled)
	}
	if w.flags == nil {
		w.flags = make([]uint64, (w.n*w.m+63)/64)
	}
	p := w.index(x, y)
	w.flags[p>>6] &^= 1 << (p & 63)
	if g.Flagged(x, y) {
		w.flags[p>>6] |= 1 << (p & 63)
	}
	// A Flag never ends a game, so the game is running: its board has no safe cell.
	w.addIf(g.SafeLeft() == 0, msNoSafeFlag)
}

// index is (x, y)'s bit in a bit set of the board.
func (w *mineSeer) index(x, y int) int { return (x-1)*w.m + y - 1 }

// flaggedBefore reports whether (x, y) carried a flag before the operation that swept it.
func (w *mineSeer) flaggedBefore(x, y int) bool {
	if w.flags == nil {
		return false
	}
	p := w.index(x, y)
	return w.flags[p>>6]&(1<<(p&63)) != 0
}

// sweep notes a Sweep on (x, y) by what it left: a Sweep that sweeps nothing changes
// nothing, so the cell is as it found it.
func (w *mineSeer) sweep(g *ref.MineGame, x, y int) {
	newly := g.Newly()
	finish := g.Outcome() == "finish"
	switch {
	case g.Outcome() == "game over":
		w.add(msSweepBoom)
	case len(newly) == 0 && g.Swept(x, y):
		w.add(msSweepSwept)
	case len(newly) == 0:
		w.add(msSweepFlagged)
		w.addIf(finish, msFinishAfterFlagged)
	default:
		w.add(pick(len(newly) == 1, msSweepOneCell, msSweepCascade))
		w.addIf(finish, msSweepFinish)
		// Its cell is the first it swept.
		w.addIf(!w.reach.Has(msFeedbackOrder) && firstInRowOrder(newly) != [2]int{x, y}, msFeedbackOrder)
		w.swept(g, newly, msSweepUnflags, x, y, false)
	}
}

// dsweep notes a DSweep on (x, y) by what it left: one that sweeps nothing changes
// nothing, so its cell and the flags around are as it found them.
func (w *mineSeer) dsweep(g *ref.MineGame, x, y int) {
	newly := g.Newly()
	finish := g.Outcome() == "finish"
	if g.Swept(x, y) && g.Number(x, y) > 0 && !w.reach.Has(msDSweepUnflaggedNear) {
		w.addIf(w.nearWipedFlag(g, newly, x, y), msDSweepUnflaggedNear)
	}
	switch {
	case g.Outcome() == "game over":
		w.add(msDSweepBoom)
		// The cells its sweep processes swept before the one on the mine.
		w.addIf(len(newly) > 0, msDSweepBoomAfterSweeping)
		w.unflagged(newly, msDSweepUnflags)
	case !g.Swept(x, y):
		w.add(msDSweepNotSwept)
		w.addIf(finish, msFinishAfterNotSwept)
	case len(newly) == 0:
		number, flags := g.Number(x, y), w.flagsAround(g, x, y)
		switch {
		case number == 0:
			w.add(msDSweepFailedZero)
		case flags < number:
			w.add(msDSweepFailedFewer)
		case flags > number:
			w.add(msDSweepFailedMore)
		default:
			w.add(msDSweepNoCell)
			w.addIf(number == 8, msDSweepEight)
		}
	default:
		w.add(msDSweepOpens)
		w.addIf(finish, msDSweepFinish)
		w.neighbours(g, newly, x, y)
		w.swept(g, newly, msDSweepUnflags, x, y, true)
	}
}

// nearWipedFlag reports whether a neighbour of (x, y) lost its flag to a 0-cascade before
// the DSweep on (x, y) that swept newly: it carried a flag when an earlier operation swept
// it (a Sweep on a flag answers flagged and a DSweep skips flags, so a cascade swept it).
func (w *mineSeer) nearWipedFlag(g *ref.MineGame, newly [][2]int, x, y int) bool {
	for nx := max(x-1, 1); nx <= min(x+1, w.n); nx++ {
		for ny := max(y-1, 1); ny <= min(y+1, w.m); ny++ {
			if (nx != x || ny != y) && w.flaggedBefore(nx, ny) && g.Swept(nx, ny) && !slices.Contains(newly, [2]int{nx, ny}) {
				return true
			}
		}
	}
	return false
}

// flagsAround counts the flags among (x, y)'s neighbours.
func (w *mineSeer) flagsAround(g *ref.MineGame, x, y int) int {
	count := 0
	for nx := max(x-1, 1); nx <= min(x+1, w.n); nx++ {
		for ny := max(y-1, 1); ny <= min(y+1, w.m); ny++ {
			if (nx != x || ny != y) && g.Flagged(nx, ny) {
				count++
			}
		}
	}
	return count
}

// neighbours notes what a DSweep on (x, y) that swept newly did among its neighbours:
// the sweep processes it ran, one per blank neighbour in row order, and the cascades.
func (w *mineSeer) neighbours(g *ref.MineGame, newly [][2]int, x, y int) {
	// The neighbours it swept: bit 3·dx+dy for (x-1+dx, y-1+dy), so row order is bit order.
	var swept uint16
	for _, c := range newly {
		if dx, dy := c[0]-x+1, c[1]-y+1; dx >= 0 && dx <= 2 && dy >= 0 && dy <= 2 {
			swept |= 1 << (3*dx + dy)
		}
	}
	w.addIf(len(newly) > bits.OnesCount16(swept), msDSweepCascade)
	// The first it swept is its first blank neighbour: one it swept that had no flag.
	firstSeen := w.reach.Has(msFeedbackOrder) // reached: no need to find it
	for k := 0; k < 9; k++ {
		if swept&(1<<k) == 0 {
			continue
		}
		ax, ay := x-1+k/3, y-1+k%3
		if !firstSeen && !w.flaggedBefore(ax, ay) {
			firstSeen = true
			w.addIf(firstInRowOrder(newly) != [2]int{ax, ay}, msFeedbackOrder)
		}
		// A 0 among them swept every neighbour of its own not swept yet, those of the
		// DSweep's later in row order among them.
		if w.reach.Has(msDSweepOverlap) || g.Number(ax, ay) != 0 {
			continue
		}
		for j := k + 1; j < 9; j++ {
			bx, by := x-1+j/3, y-1+j%3
			if swept&(1<<j) != 0 && bx-ax <= 1 && ax-bx <= 1 && by-ay <= 1 && ay-by <= 1 {
				w.add(msDSweepOverlap)
				break
			}
		}
	}
}

// swept notes what the cells a Sweep or DSweep swept, newly, show and reach: the flags
// its cascades removed (noted as unflags), the order of the feedback, the numbers, the
// size and depth of the cascade.
func (w *mineSeer) swept(g *ref.MineGame, newly [][2]int, unflags, x, y int, dsweep bool) {
	w.unflagged(newly, unflags)
	if len(newly) <= mineFewNewly {
		for _, c := range newly {
			switch g.Number(c[0], c[1]) {
			case 0:
				w.add(msNumber0)
			case 8:
				w.add(msNumber8)
			}
		}
	} else {
		w.add(msNumber0)
	}
	if len(newly) > 1 && !w.reach.Has(msFeedbackAcrossRows) {
		w.acrossRows(newly)
	}
	w.addIf(w.n*w.m >= mineBigBoard && 2*len(newly) >= w.n*w.m, msCascadeHalfBoard)
	if len(newly) > mineDeepFill && !w.reach.Has(msCascadeDeep) {
		if w.fill == nil {
			w.fill = newMineFill(w.n, w.m)
		}
		w.addIf(w.fill.deeper(g, newly, x, y, dsweep, w.flaggedBefore, mineDeepFill), msCascadeDeep)
	}
}

// unflagged notes entry i if one of the cells newly swept carried a flag: a Sweep on a
// flag answers flagged and a DSweep skips flags, so a cascade reached it (R-M3).
func (w *mineSeer) unflagged(newly [][2]int, i int) {
	if w.flags == nil || w.reach.Has(i) {
		return
	}
	for _, c := range newly {
		if w.flaggedBefore(c[0], c[1]) {
			w.add(i)
			return
		}
	}
}

// acrossRows notes whether newly, in any order, holds a cell of a later row left of a
// cell of an earlier row.
func (w *mineSeer) acrossRows(newly [][2]int) {
	if w.rowLeast == nil {
		w.rowLeast, w.rowMost = make([]int32, w.n+1), make([]int32, w.n+1)
		for r := range w.rowLeast {
			w.rowLeast[r] = int32(w.m + 1)
		}
	}
	top, bottom := w.n, 1
	for _, c := range newly {
		r, col := c[0], int32(c[1])
		w.rowLeast[r] = min(w.rowLeast[r], col)
		w.rowMost[r] = max(w.rowMost[r], col)
		top, bottom = min(top, r), max(bottom, r)
	}
	// Every row between holds a cell or one of the DSweep's: a cascade is connected, and
	// each piece of a DSweep's touches its cell. So the rows cost no more than the cells.
	most := int32(0)
	for r := top; r <= bottom; r++ {
		if w.rowLeast[r] < most {
			w.add(msFeedbackAcrossRows)
		}
		most = max(most, w.rowMost[r])
		w.rowLeast[r], w.rowMost[r] = int32(w.m+1), 0
	}
}

// firstInRowOrder is the first of cells in row-then-column order.
func firstInRowOrder(cells [][2]int) [2]int {
	first := cells[0]
	for _, c := range cells[1:] {
		if c[0] < first[0] || c[0] == first[0] && c[1] < first[1] {
			first = c
		}
	}
	return first
}

// end notes how the game ended with the last operation read, and what follows it.
func (w *mineSeer) end(g *ref.MineGame, result string) {
	after := w.scan.ops - w.ops // operations never read
	switch result {
	case "give up":
		w.add(msEndGiveUp)
		w.addIf(w.steps == 0, msTotalStepZero)
		w.addIf(after > 0, msAfterGiveUp)
		w.addIf(w.noSafe, msNoSafeGiveUp)
	case "game over":
		w.add(msEndGameOver)
		// One operation after it is the Quit: every input has exactly one.
		w.addIf(after > 1, msAfterGameOver)
		// On a board of mines only, a DSweep answers not swept: a Sweep boomed.
		w.addIf(w.noSafe, msNoSafeBoom)
	case "finish":
		w.add(msEndFinish)
		w.addIf(after > 1, msAfterFinish)
	}
	w.addIf(w.ops == mineMaxOps, msOpsMostPlayed)
}

// mineFill measures how deep a recursive flood fill goes on one operation's cascade, the
// way a solution writes it: fill(p) sweeps p and, if p shows 0, calls fill on each
// neighbour not yet swept, in row order.
type mineFill struct {
	n, m  int
	left  []uint64 // the cells the operation swept that the fill has not reached, a bit each
	stack []mineFrame
}

// mineFrame is one call of the fill: its cell (0-based) and its next neighbour, 0 to 8.
type mineFrame struct {
	x, y int32
	next int8
}

// newMineFill is the fill of an n×m board, with room for the deepest stack it follows.
func newMineFill(n, m int) *mineFill {
	return &mineFill{n: n, m: m, left: make([]uint64, (n*m+63)/64), stack: make([]mineFrame, 0, mineDeepFill+2)}
}

func (f *mineFill) has(x, y int) bool {
	p := x*f.m + y
	return f.left[p>>6]&(1<<(p&63)) != 0
}

func (f *mineFill) take(x, y int) {
	p := x*f.m + y
	f.left[p>>6] &^= 1 << (p & 63)
}

// deeper reports whether the fills of the operation on (x, y) that swept newly go more
// than limit calls deep: one fill from its cell for a Sweep; for a DSweep one from each
// of its blank neighbours in row order (flaggedBefore tells the neighbours that were not).
func (f *mineFill) deeper(g *ref.MineGame, newly [][2]int, x, y int, dsweep bool, flaggedBefore func(x, y int) bool, limit int) bool {
	for _, c := range newly {
		p := (c[0]-1)*f.m + c[1] - 1
		f.left[p>>6] |= 1 << (p & 63)
	}
	deep := false
	if !dsweep {
		deep = f.from(g, x-1, y-1, limit)
	}
	for k := 0; dsweep && k < 9 && !deep; k++ {
		nx, ny := x-2+k/3, y-2+k%3
		if nx >= 0 && nx < f.n && ny >= 0 && ny < f.m && f.has(nx, ny) && !flaggedBefore(nx+1, ny+1) {
			deep = f.from(g, nx, ny, limit)
		}
	}
	clear(f.left)
	return deep
}

// from runs the fill from (x, y), 0-based, and reports whether it goes more than limit
// calls deep.
func (f *mineFill) from(g *ref.MineGame, x, y int, limit int) bool {
	if !f.has(x, y) {
		return false
	}
	f.take(x, y)
	f.stack = append(f.stack[:0], mineFrame{int32(x), int32(y), 0})
	for len(f.stack) > 0 {
		top := &f.stack[len(f.stack)-1]
		tx, ty := int(top.x), int(top.y)
		if top.next == 0 && g.Number(tx+1, ty+1) != 0 {
			f.stack = f.stack[:len(f.stack)-1]
			continue
		}
		called := false
		for top.next < 9 && !called {
			k := int(top.next)
			top.next++
			nx, ny := tx-1+k/3, ty-1+k%3
			if nx >= 0 && nx < f.n && ny >= 0 && ny < f.m && f.has(nx, ny) {
				f.take(nx, ny)
				f.stack = append(f.stack, mineFrame{int32(nx), int32(ny), 0})
				called = true
			}
		}
		if len(f.stack) > limit {
			return true
		}
		if !called {
			f.stack = f.stack[:len(f.stack)-1]
		}
	}
	return false
}
