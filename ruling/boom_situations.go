package ruling

import (
	"slices"

	"gamediff/coverage"
	"gamediff/ref"
)

// The entries of boom's catalogue: each constant is its entry's index in boomSituations
// and its bit in a coverage.Set.
const (
	// Left clicks (docs/boom.md Operations) and the openings they start.
	bsLeftOpened = iota
	bsLeftOnFlag
	bsLeftMine
	bsLeftOpensNumber
	bsLeftCascade
	bsLeftOpensQuestion
	bsLeftQuestionMine
	bsCascadeOpensQuestion
	bsCascadeStoppedByFlag
	// Right clicks.
	bsRightBlankToFlag
	bsRightFlagToQuestion
	bsRightQuestionToBlank
	bsRightOpened
	// Middle clicks.
	bsMiddleUnopened
	bsMiddleCountDiffers
	bsMiddleOpens
	bsMiddleOpensQuestion
	bsMiddleCascade
	bsMiddleOverlap
	bsMiddleMine
	bsMiddleLoseSafeTarget
	bsMiddleLoseQuestion
	bsMiddleMatchNoChange
	bsMiddleZeroOpens
	bsMiddleZeroNoChange
	bsMiddleOnFlag
	bsMiddleOnFlagMatched
	bsMiddleOnQuestion
	bsMiddleLoseQuestionMine
	// The end of a game.
	bsWinAfterChange
	bsWinNoChange
	bsWinByMiddle
	bsAllMinesWonFirst
	bsAllMinesNoOps
	bsInvalidAfterLose
	bsInvalidAfterWin
	bsQuit
	bsQuitNoOps
	// Several games.
	bsSeparator
	bsResetAfterOver
	bsResetCell
	bsResetSmaller
	// The limits.
	bsBoard3x3
	bsBoard200x200
	bsBoardN200
	bsBoardM200
	bsBoardNotSquare
	bsBoardN3
	bsBoardM3
	bsGames1
	bsGames30
	bsOpsMost
	bsInputLargest
	bsBoardNoMine
	bsBoardAllMines
	bsBoardOneSafe
	bsNumber0
	bsNumber8
	bsCellRow1
	bsCellRowN
	bsCellColumn1
	bsCellColumnM
	bsCellLastCorner
	bsCoordinate200
	bsCascadeLarge
	bsCascadeMost
	// The input's forms (docs/rules.md), in the order of testcase.FormNames: the form of
	// bit i of a testcase.Form is entry bsFormSplit+i.
	bsFormSplit
	bsFormRuns
	bsFormTabs
	bsFormOtherSpace
	bsFormCRLF
	bsFormNoFinalNewline

	bsCount
)

// boomSituations is boom's catalogue (docs/boom.md, docs/rules.md).
var boomSituations = [...]coverage.Situation{
	bsLeftOpened:           {ID: "left-opened", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a left click on an opened cell changes nothing: RUNNING: []"},
	bsLeftOnFlag:           {ID: "left-on-flag", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a left click on a P changes nothing: RUNNING: []"},
	bsLeftMine:             {ID: "left-mine", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a left click on a mine: LOSE"},
	bsLeftOpensNumber:      {ID: "left-opens-number", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a left click opens a cell showing 1 to 8, and nothing else"},
	bsLeftCascade:          {ID: "left-cascade", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a left click opens a 0 whose cascade opens more cells"},
	bsLeftOpensQuestion:    {ID: "left-opens-question", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a left click opens a cell marked ?"},
	bsLeftQuestionMine:     {ID: "left-question-mine", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a left click on a ? over a mine: LOSE, as on _"},
	bsCascadeOpensQuestion: {ID: "cascade-opens-question", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a 0's cascade opens a cell marked ? that the click did not target"},
	bsCascadeStoppedByFlag: {ID: "cascade-stopped-by-flag", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a 0 opened by a click or its cascade has a P neighbour, which stays closed"},

	bsRightBlankToFlag:     {ID: "right-blank-to-flag", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a right click turns _ into P"},
	bsRightFlagToQuestion:  {ID: "right-flag-to-question", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a right click turns P into ?"},
	bsRightQuestionToBlank: {ID: "right-question-to-blank", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a right click turns ? into _"},
	bsRightOpened:          {ID: "right-opened", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a right click on an opened cell changes nothing: RUNNING: []"},

	bsMiddleUnopened:       {ID: "middle-unopened", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click on a cell not opened changes nothing: RUNNING: []"},
	bsMiddleCountDiffers:   {ID: "middle-count-differs", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click on an opened cell whose P around differ from its number changes nothing"},
	bsMiddleOpens:          {ID: "middle-opens", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click on a number matched by its P opens its other closed neighbours"},
	bsMiddleOpensQuestion:  {ID: "middle-opens-question", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a middle click opens a neighbour marked ?"},
	bsMiddleCascade:        {ID: "middle-cascade", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click opens a 0 whose cascade opens cells beyond the click's neighbours"},
	bsMiddleOverlap:        {ID: "middle-targets-overlap", Kind: coverage.Branch, Doc: "docs/boom.md Where the rulings are silent", What: "a middle click's target is opened by an earlier target's cascade before its own turn"},
	bsMiddleMine:           {ID: "middle-mine", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click whose targets hold a mine: LOSE"},
	bsMiddleLoseSafeTarget: {ID: "middle-lose-safe-target", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click loses while some of its targets are safe: LOSE, nothing opened"},
	bsMiddleLoseQuestion:   {ID: "middle-lose-question", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a middle click loses with a ? among its targets"},
	bsMiddleMatchNoChange:  {ID: "middle-match-no-change", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click on a number matched by its P, every neighbour P or opened: RUNNING: []"},
	bsMiddleZeroOpens:      {ID: "middle-zero-opens", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a middle click on an opened 0 opens a neighbour left closed by its cascade"},
	bsMiddleZeroNoChange:   {ID: "middle-zero-no-change", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a middle click on an opened 0 without P around opens nothing: RUNNING: []"},
	bsMiddleOnFlag:         {ID: "middle-on-flag", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click on a cell marked P, not opened, changes nothing: RUNNING: []"},
	bsMiddleOnFlagMatched: {ID: "middle-on-flag-matched", Kind: coverage.Branch, Doc: "docs/boom.md Operations",
		What: "a middle click on a P whose P neighbours are as many as its mines around, with a neighbour neither opened nor P: still RUNNING: [], where a P taken for opened acts"},
	bsMiddleOnQuestion:       {ID: "middle-on-question", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "a middle click on a cell marked ?, not opened, changes nothing: RUNNING: []"},
	bsMiddleLoseQuestionMine: {ID: "middle-lose-question-mine", Kind: coverage.Branch, Doc: "docs/boom.md R-B3", What: "a middle click loses by a ? over a mine alone: every mine among its targets is marked ?"},

	bsWinAfterChange:   {ID: "win-after-change", Kind: coverage.Branch, Doc: "docs/boom.md The answer to each operation", What: "an operation that changed the map leaves k cells unopened: RUNNING, then WIN"},
	bsWinNoChange:      {ID: "win-no-change", Kind: coverage.Branch, Doc: "docs/boom.md R-B1", What: "an operation that changed nothing leaves k cells unopened: RUNNING: [], then WIN"},
	bsWinByMiddle:      {ID: "win-by-middle", Kind: coverage.Branch, Doc: "docs/boom.md The answer to each operation", What: "a middle click opens the last safe cells: RUNNING, then WIN"},
	bsAllMinesWonFirst: {ID: "all-mines-won-first", Kind: coverage.Branch, Doc: "docs/boom.md R-B1", What: "a board of mines only is won by its first operation"},
	bsAllMinesNoOps:    {ID: "all-mines-no-ops", Kind: coverage.Branch, Doc: "docs/boom.md R-B2", What: "a board of mines only with no operation: QUIT, no WIN before the first"},
	bsInvalidAfterLose: {ID: "invalid-after-lose", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "an operation after LOSE: INVALID"},
	bsInvalidAfterWin:  {ID: "invalid-after-win", Kind: coverage.Branch, Doc: "docs/boom.md Operations", What: "an operation after WIN: INVALID"},
	bsQuit:             {ID: "quit", Kind: coverage.Branch, Doc: "docs/boom.md The answer to each operation", What: "a game's operations end before it is over: QUIT"},
	bsQuitNoOps:        {ID: "quit-no-ops", Kind: coverage.Branch, Doc: "docs/boom.md R-B2", What: "a game with no operation: just QUIT"},

	bsSeparator:      {ID: "separator", Kind: coverage.Branch, Doc: "docs/boom.md Output", What: "a second game: ========== between two games"},
	bsResetAfterOver: {ID: "reset-after-over", Kind: coverage.Branch, Doc: "docs/boom.md Limits", What: "a game with operations follows one that ended with LOSE or WIN"},
	bsResetCell:      {ID: "reset-cell", Kind: coverage.Branch, Doc: "docs/boom.md Limits", What: "a game clicks a cell that the game before left opened or marked"},
	bsResetSmaller:   {ID: "reset-smaller", Kind: coverage.Branch, Doc: "docs/boom.md Limits", What: "a game's board has fewer rows or fewer columns than the game before's"},

	bsBoard3x3:       {ID: "board-3x3", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the smallest board: n = m = 3"},
	bsBoard200x200:   {ID: "board-200x200", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the largest board: n = m = 200"},
	bsBoardN200:      {ID: "board-n-200", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the most rows: n = 200"},
	bsBoardM200:      {ID: "board-m-200", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the most columns: m = 200"},
	bsBoardNotSquare: {ID: "board-not-square", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a board with n ≠ m"},
	bsBoardN3:        {ID: "board-n-3", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the fewest rows on a wider board: n = 3 < m"},
	bsBoardM3:        {ID: "board-m-3", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the fewest columns on a taller board: m = 3 < n"},
	bsGames1:         {ID: "games-1", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the fewest games: T = 1"},
	bsGames30:        {ID: "games-30", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the most games: T = 30"},
	bsOpsMost:        {ID: "ops-10000", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a game with the most operations: q = 10000"},
	bsInputLargest:   {ID: "input-largest", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "every limit at once: T = 30 games, each of 200x200 with q = 10000"},
	bsBoardNoMine:    {ID: "board-no-mine", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a board without a mine: k = 0"},
	bsBoardAllMines:  {ID: "board-all-mines", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a board of mines only: k = n·m"},
	bsBoardOneSafe:   {ID: "board-one-safe", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a board of one safe cell: k = n·m - 1"},
	bsNumber0:        {ID: "number-0", Kind: coverage.Boundary, Doc: "docs/boom.md Operations", What: "an opened cell shows 0, the least number"},
	bsNumber8:        {ID: "number-8", Kind: coverage.Boundary, Doc: "docs/boom.md Operations", What: "an opened cell shows 8, the greatest number"},
	bsCellRow1:       {ID: "cell-row-1", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a click of a running game on the first row: x = 1"},
	bsCellRowN:       {ID: "cell-row-n", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a click of a running game on the last row: x = n"},
	bsCellColumn1:    {ID: "cell-column-1", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a click of a running game on the first column: y = 1"},
	bsCellColumnM:    {ID: "cell-column-m", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a click of a running game on the last column: y = m"},
	bsCellLastCorner: {ID: "cell-last-corner", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a click of a running game on the last cell: <n, m>"},
	bsCoordinate200:  {ID: "coordinate-200", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "a click of a running game has the largest coordinate: x = 200 or y = 200"},
	bsCascadeLarge:   {ID: "cascade-large", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "one click opens at least 20000 cells, half of the largest board"},
	bsCascadeMost:    {ID: "cascade-40000", Kind: coverage.Boundary, Doc: "docs/boom.md Limits", What: "the largest cascade: one click opens all 40000 cells of the largest board"},

	bsFormSplit:          {ID: "form-split", Kind: coverage.Form, Doc: formsDoc, What: "a line holds fewer tokens than the statement's layout puts on it: n and m, or an operation, over two lines"},
	bsFormRuns:           {ID: "form-runs", Kind: coverage.Form, Doc: formsDoc, What: "runs of blanks: two spaces or tabs in a row, a blank line, or a line end first"},
	bsFormTabs:           {ID: "form-tabs", Kind: coverage.Form, Doc: formsDoc, What: "a tab between tokens"},
	bsFormOtherSpace:     {ID: "form-other-space", Kind: coverage.Form, Doc: formsDoc, What: "a \\v or a \\f, the rarest of C's whitespace"},
	bsFormCRLF:           {ID: "form-crlf", Kind: coverage.Form, Doc: formsDoc, What: "a \\r: lines ended by \\r\\n"},
	bsFormNoFinalNewline: {ID: "form-no-final-newline", Kind: coverage.Form, Doc: formsDoc, What: "the last line without its line end"},
}

// A missing last entry would shorten the catalogue: its length must be the count.
var _ [len(boomSituations) - bsCount]struct{}

// BoomSituations is boom's catalogue of situations, in a coverage.Set's order (BoomReach).
func BoomSituations() []coverage.Situation { return slices.Clone(boomSituations[:]) }

// BoomReach is the set of boom's situations (BoomSituations) that some game of input
// reaches: one pass of ref's play (ref.BoomSteps, which prints nothing) and one scan of
// its bytes. An input the validator would reject (R-IN3) reaches nothing.
func BoomReach(input []byte) coverage.Set { return boomReach(input, ref.BoomSteps) }

// boomReach is BoomReach with the play of ref it follows: a test holds the silent play to
// the one that prints.
func boomReach(input []byte, play func([]byte, func(*ref.BoomStep)) error) coverage.Set {
	scan, ok := scanBoom(input)
	if !ok {
		return coverage.Set{}
	}
	w := &boomSeer{games: scan.games}
	w.addIf(scan.games == 1, bsGames1)
	w.addIf(scan.games == boomMaxGames, bsGames30)
	w.addIf(scan.split, bsFormSplit)
	for i, f := 0, formsShown(input); f != 0; i, f = i+1, f>>1 {
		w.addIf(f&1 != 0, bsFormRuns+i)
	}
	if err := play(input, w.see); err != nil {
		return coverage.Set{}
	}
	w.addIf(w.largest == boomMaxGames, bsInputLargest)
	return w.reach
}

// Boom's limits.
const (
	boomMaxGames  = 30
	boomMinSide   = 3
	boomMaxSide   = 200
	boomMaxOps    = 10000
	boomLargeOpen = boomMaxSide * boomMaxSide / 2
)

// boomScan is what scanBoom reads of a valid input besides its games: T, and whether a
// line holds fewer tokens than the statement's layout puts on it (the split form).
type boomScan struct {
	games int
	split bool
}

// scanBoom checks input as boom's validator does (testcase.DecodeBoom: the statement's
// tokens in any whitespace layout, canonical numbers, every limit, nothing after the last
// game); ok is false if the validator would reject input.
func scanBoom(input []byte) (scan boomScan, ok bool) {
	s := tokens{in: input, line: 1}
	// beside reads a number that the layout puts on the line of the token before it.
	beside := func(lo, hi int) int {
		line := s.at
		v := s.number(lo, hi)
		scan.split = scan.split || s.at != line
		return v
	}
	scan.games = s.number(1, boomMaxGames)
	for t := 0; t < scan.games && !s.bad; t++ {
		n := s.number(boomMinSide, boomMaxSide)
		m := beside(boomMinSide, boomMaxSide)
		for i := 0; i < n && !s.bad; i++ {
			s.row(m, "_*")
		}
		for ops := 0; !s.bad && s.number(0, 3) != 0; ops++ {
			if ops == boomMaxOps {
				return scan, false
			}
			beside(1, n)
			beside(1, m)
		}
	}
	return scan, !s.bad && len(s.token()) == 0
}

// boomSeer follows ref's play of one input of boom (ref.BoomSteps) and notes the
// situations its games reach. It keeps what a game's state after an operation no longer
// tells: which cells were marked '?' before it.
type boomSeer struct {
	reach   coverage.Set
	games   int // T
	largest int // the games of 200x200 with the most operations
	// The game being played.
	game     int // its number, from 1
	n, m     int
	allMines bool
	ops      int  // its operations read
	lost     bool // it ended with LOSE
	flags    int  // the cells its map shows P: only a right click changes one
	asks     bool // some cell was marked '?'
	// The cells marked '?' as the last right click on each left them, a bit each at
	// x·(m+2)+y. A '?' opened stays set: an opened cell never changes again, so the bit
	// is never read.
	asked []uint64
	// The game before, as it ended.
	prevN, prevM int
	prevOver     bool
	prev         []byte // its map at x·(prevM+2)+y, while reset-cell is not reached
}

func (w *boomSeer) add(i int) { w.reach.Add(i) }

// addIf adds entry i if cond holds.
func (w *boomSeer) addIf(cond bool, i int) {
	if cond {
		w.reach.Add(i)
	}
}

// see notes one step of the play: a game's start, an operation just played, or a
// game's closing 0.
func (w *boomSeer) see(s *ref.BoomStep) {
	g := s.BoomGame
	switch s.Op {
	case -1:
		w.start(g, s.Game)
	case 0:
		w.end(g)
	default:
		w.ops++
		w.click(g, s.Op, s.X, s.Y)
	}
}

// start notes a game's board and forgets the game before's marks.
func (w *boomSeer) start(g *ref.BoomGame, game int) {
	n, m := g.Size()
	k := g.Mines()
	w.game, w.n, w.m = game, n, m
	w.allMines = k == n*m
	w.ops, w.lost, w.flags, w.asks = 0, false, 0, false
	w.asked = clearedOfLen(w.asked, ((n+2)*(m+2)+63)/64)
	w.addIf(game > 1, bsSeparator)
	w.addIf(game > 1 && (n < w.prevN || m < w.prevM), bsResetSmaller)
	w.addIf(n == boomMinSide && m == boomMinSide, bsBoard3x3)
	w.addIf(n == boomMaxSide && m == boomMaxSide, bsBoard200x200)
	w.addIf(n == boomMaxSide, bsBoardN200)
	w.addIf(m == boomMaxSide, bsBoardM200)
	w.addIf(n != m, bsBoardNotSquare)
	w.addIf(n == boomMinSide && m > n, bsBoardN3)
	w.addIf(m == boomMinSide && n > m, bsBoardM3)
	w.addIf(k == 0, bsBoardNoMine)
	w.addIf(w.allMines, bsBoardAllMines)
	w.addIf(k == n*m-1, bsBoardOneSafe)
}

// end notes a game's closing 0, and keeps what the next game must not see of it.
func (w *boomSeer) end(g *ref.BoomGame) {
	switch {
	case w.ops == 0:
		w.add(bsQuitNoOps)
		w.addIf(w.allMines, bsAllMinesNoOps)
	case !g.Over():
		w.add(bsQuit)
	}
	w.addIf(w.ops == boomMaxOps, bsOpsMost)
	if w.ops == boomMaxOps && w.n == boomMaxSide && w.m == boomMaxSide {
		w.largest++
	}
	w.prevOver, w.prevN, w.prevM = g.Over(), w.n, w.m
	if w.game < w.games && !w.reach.Has(bsResetCell) {
		w.prev = clearedOfLen(w.prev, (w.n+2)*(w.m+2))
		for x := 1; x <= w.n; x++ {
			for y := 1; y <= w.m; y++ {
				w.prev[x*(w.m+2)+y] = g.View(x, y)
			}
		}
	}
}

// clearedOfLen is s cleared and of length size, reusing its array if it holds size.
func clearedOfLen[T any](s []T, size int) []T {
	if cap(s) < size {
		return make([]T, size)
	}
	s = s[:size]
	clear(s)
	return s
}

func (w *boomSeer) isAsked(x, y int) bool {
	p := x*(w.m+2) + y
	return w.asked[p>>6]&(1<<(p&63)) != 0
}

// click notes a click op (1, 2 or 3: left, right, middle) on <x, y>, just played, by what
// it left and by its answer.
func (w *boomSeer) click(g *ref.BoomGame, op, x, y int) {
	answer := g.Answer()
	if answer == "INVALID" {
		w.add(pick(w.lost, bsInvalidAfterLose, bsInvalidAfterWin))
		return
	}
	w.addIf(x == 1, bsCellRow1)
	w.addIf(x == w.n, bsCellRowN)
	w.addIf(y == 1, bsCellColumn1)
	w.addIf(y == w.m, bsCellColumnM)
	w.addIf(x == w.n && y == w.m, bsCellLastCorner)
	w.addIf(x == boomMaxSide || y == boomMaxSide, bsCoordinate200)
	if w.game > 1 {
		w.addIf(w.ops == 1 && w.prevOver, bsResetAfterOver)
		// Once the entry is reached, end keeps no map of the game before.
		if !w.reach.Has(bsResetCell) && x <= w.prevN && y <= w.prevM {
			w.addIf(w.prev[x*(w.prevM+2)+y] != '_', bsResetCell)
		}
	}
	changed := g.Changed()
	switch op {
	case 1:
		w.left(g, answer, changed, x, y)
	case 2:
		w.right(g, changed, x, y)
	case 3:
		w.middle(g, answer, changed, x, y)
	}
	switch answer {
	case "LOSE":
		w.lost = true
	case "WIN":
		w.add(pick(len(changed) > 0, bsWinAfterChange, bsWinNoChange))
		w.addIf(op == 3 && len(changed) > 0, bsWinByMiddle)
		w.addIf(w.allMines && w.ops == 1, bsAllMinesWonFirst)
	}
}

// left notes a left click: one that changed nothing found the cell opened or P, and one
// that did not lose opened the cells it changed.
func (w *boomSeer) left(g *ref.BoomGame, answer string, changed [][2]int, x, y int) {
	switch {
	case answer == "LOSE":
		w.add(bsLeftMine)
		w.addIf(g.View(x, y) == '?', bsLeftQuestionMine)
		return
	case len(changed) == 0:
		w.add(pick(g.Opened(x, y), bsLeftOpened, bsLeftOnFlag))
		return
	case g.View(x, y) != '0':
		w.add(bsLeftOpensNumber)
	case len(changed) > 1:
		w.add(bsLeftCascade)
	}
	// Only a left click opens an 8: a middle click's targets and a cascade's cells have an
	// opened neighbour, which is safe.
	w.addIf(g.View(x, y) == '8', bsNumber8)
	w.addIf(g.View(x, y) == '0', bsNumber0)
	w.addIf(w.isAsked(x, y), bsLeftOpensQuestion)
	w.opened(g, changed, x, y, false)
}

// right notes a right click by the mark it left.
func (w *boomSeer) right(g *ref.BoomGame, changed [][2]int, x, y int) {
	if len(changed) == 0 {
		w.add(bsRightOpened)
		return
	}
	p := x*(w.m+2) + y
	w.asked[p>>6] &^= 1 << (p & 63)
	switch g.View(x, y) {
	case 'P':
		w.add(bsRightBlankToFlag)
		w.flags++
	case '?':
		w.add(bsRightFlagToQuestion)
		w.flags--
		w.asked[p>>6] |= 1 << (p & 63)
		w.asks = true
	default:
		w.add(bsRightQuestionToBlank)
	}
}

// middle notes a middle click. One that changed nothing found the map as it left it; one
// that lost opened nothing, so its targets, the neighbours neither opened nor P, are as it
// found them.
func (w *boomSeer) middle(g *ref.BoomGame, answer string, changed [][2]int, x, y int) {
	if answer == "LOSE" {
		w.add(bsMiddleMine)
		bare := false // a mine among the targets not marked '?'
		asked := false
		for nx := max(x-1, 1); nx <= min(x+1, w.n); nx++ {
			for ny := max(y-1, 1); ny <= min(y+1, w.m); ny++ {
				if !g.Opened(nx, ny) && g.View(nx, ny) != 'P' {
					w.addIf(!g.Mine(nx, ny), bsMiddleLoseSafeTarget)
					w.addIf(g.View(nx, ny) == '?', bsMiddleLoseQuestion)
					bare = bare || g.Mine(nx, ny) && g.View(nx, ny) != '?'
					asked = asked || g.Mine(nx, ny) && g.View(nx, ny) == '?'
				}
			}
		}
		w.addIf(asked && !bare, bsMiddleLoseQuestionMine)
		return
	}
	if !g.Opened(x, y) {
		w.add(bsMiddleUnopened)
		switch g.View(x, y) {
		case 'P':
			w.add(bsMiddleOnFlag)
			w.addIf(w.flagsAround(g, x, y) == g.Number(x, y) && w.targetsAround(g, x, y), bsMiddleOnFlagMatched)
		case '?':
			w.add(bsMiddleOnQuestion)
		}
		return
	}
	number := int(g.View(x, y) - '0')
	if w.flagsAround(g, x, y) != number {
		w.add(bsMiddleCountDiffers)
		return
	}
	if len(changed) == 0 {
		w.add(pick(number == 0, bsMiddleZeroNoChange, bsMiddleMatchNoChange))
		return
	}
	w.add(pick(number == 0, bsMiddleZeroOpens, bsMiddleOpens))
	// More cells than its neighbours: a 0 among them cascaded.
	w.addIf(len(changed) > 8, bsNumber0)
	// Its targets it opened: bit 3·dx+dy for <x-1+dx, y-1+dy>, so row order is bit order.
	var targets uint16
	for _, c := range changed {
		dx, dy := c[0]-x+1, c[1]-y+1
		if dx < 0 || dx > 2 || dy < 0 || dy > 2 {
			w.add(bsMiddleCascade)
			continue
		}
		targets |= 1 << (3*dx + dy)
		w.addIf(w.asks && w.isAsked(c[0], c[1]), bsMiddleOpensQuestion)
		w.addIf(g.View(c[0], c[1]) == '0', bsNumber0)
	}
	// A 0 among them opened each of its neighbours not opened and not P, those of the
	// targets later in row order among them.
	for k := 0; k < 9 && !w.reach.Has(bsMiddleOverlap); k++ {
		ax, ay := x-1+k/3, y-1+k%3
		if targets&(1<<k) == 0 || g.View(ax, ay) != '0' {
			continue
		}
		for j := k + 1; j < 9; j++ {
			bx, by := x-1+j/3, y-1+j%3
			if targets&(1<<j) != 0 && bx-ax <= 1 && ax-bx <= 1 && by-ay <= 1 && ay-by <= 1 {
				w.add(bsMiddleOverlap)
				break
			}
		}
	}
	w.opened(g, changed, x, y, true)
}

// flagsAround counts the P among <x, y>'s neighbours.
func (w *boomSeer) flagsAround(g *ref.BoomGame, x, y int) int {
	count := 0
	for nx := max(x-1, 1); nx <= min(x+1, w.n); nx++ {
		for ny := max(y-1, 1); ny <= min(y+1, w.m); ny++ {
			if (nx != x || ny != y) && g.View(nx, ny) == 'P' {
				count++
			}
		}
	}
	return count
}

// targetsAround reports whether some neighbour of <x, y> is neither opened nor P: what a
// middle click there would open, or lose on.
func (w *boomSeer) targetsAround(g *ref.BoomGame, x, y int) bool {
	for nx := max(x-1, 1); nx <= min(x+1, w.n); nx++ {
		for ny := max(y-1, 1); ny <= min(y+1, w.m); ny++ {
			if (nx != x || ny != y) && !g.Opened(nx, ny) && g.View(nx, ny) != 'P' {
				return true
			}
		}
	}
	return false
}

// opened notes what the cells a left click (middle false) or a middle click on <x, y>
// opened, changed, meet: the '?' its cascades opened, the P that stopped them, the size.
func (w *boomSeer) opened(g *ref.BoomGame, changed [][2]int, x, y int, middle bool) {
	w.addIf(len(changed) >= boomLargeOpen, bsCascadeLarge)
	w.addIf(len(changed) == boomMaxSide*boomMaxSide, bsCascadeMost)
	questions := w.asks && !w.reach.Has(bsCascadeOpensQuestion)
	stops := w.flags > 0 && !w.reach.Has(bsCascadeStoppedByFlag)
	for i := 0; i < len(changed) && (questions || stops); i++ {
		c := changed[i]
		// A cell the click did not target was opened by a cascade.
		targeted := c == [2]int{x, y}
		if middle {
			targeted = c[0]-x <= 1 && x-c[0] <= 1 && c[1]-y <= 1 && y-c[1] <= 1
		}
		if questions && !targeted && w.isAsked(c[0], c[1]) {
			w.add(bsCascadeOpensQuestion)
			questions = false
		}
		if stops && g.View(c[0], c[1]) == '0' && w.flagsAround(g, c[0], c[1]) > 0 {
			w.add(bsCascadeStoppedByFlag)
			stops = false
		}
	}
}
