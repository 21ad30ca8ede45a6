package gen

import (
	"flag"
	"math/rand"
	"slices"
	"strings"

	"github.com/leanovate/gopter"

	"gamediff/coverage"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

// ShrinkMine is the gopter.Shrinker of mine cases: cuts of operations (never the Quit),
// rows, columns and mines, then each x and y toward 1; every candidate is smaller in the
// order (operations, n·m, mines, Σ coordinates). Every candidate keeps the case's form.
func ShrinkMine(v any) gopter.Shrink { return shrinkMine(v.(testcase.Mine), skipTwins) }

func shrinkMine(c testcase.Mine, twins twinCuts) gopter.Shrink {
	ops := sized(len(c.Ops), func(lo, hi int) (any, bool) {
		ops := slices.Concat(c.Ops[:lo], slices.DeleteFunc(slices.Clone(c.Ops[lo:hi]), func(op testcase.MineOp) bool { return op.Kind != testcase.MineQuit }), c.Ops[hi:])
		return testcase.Mine{Board: c.Board, Ops: ops, Form: c.Form}, len(ops) < len(c.Ops)
	}).withTwins(func(a, b, n int) bool { return slices.Equal(c.Ops[a:a+n], c.Ops[b:b+n]) }) // equal runs hold no Quit: there is one
	coord := func(op *testcase.MineOp, i int) *int {
		if op.Kind == testcase.MineQuit {
			return nil
		}
		return []*int{&op.X, &op.Y}[i]
	}
	lists := append([]cutList{ops}, boardCuts(c.Board, 1, "", "*", '.', c.Ops, coord, func(board []string, ops []testcase.MineOp) (any, bool) {
		return testcase.Mine{Board: board, Ops: ops, Form: c.Form}, true
	})...)
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), shrinkNumbers(2*len(c.Ops), func(i int) []int {
		if p := coord(&c.Ops[i/2], i%2); p != nil {
			return toward(*p, 1)
		}
		return nil
	}, func(i, v int) any {
		ops := slices.Clone(c.Ops)
		*coord(&ops[i/2], i%2) = v
		return testcase.Mine{Board: c.Board, Ops: ops, Form: c.Form}
	}))
}

// mineKinds restricts the operations as the subtasks do: any, A (Sweep and Quit), B (no
// DSweep).
type mineKinds uint8

const (
	mineAnyOps mineKinds = iota
	mineSweepOnly
	mineNoDSweep
)

// The scenarios of a mine generator (-scenario).
const (
	mineMixed         uint8 = iota // any density, a temperament per case, careful to reckless
	mineGiantCascade               // a wall of mines near the right edge: a Sweep opens the rest
	mineDenseDSweep                // 15-20% mines, flags exactly right, DSweep after DSweep
	mineWrongFlagBoom              // a careful game, until a wrong flag makes a DSweep boom
	mineQuitMiddle                 // the Quit halfway: the rest is never read
	mineCareful                    // no blind Sweep, flags on mines, often to the finish
	// mineNoSafeCell: every cell a mine; Flags, then a Sweep on a flag, which finishes
	// (R-M1), or as -end says: Flags alone to the Quit, a Sweep on a cell without a flag
	// (boom), a DSweep (not swept, then finish).
	mineNoSafeCell
	mineFree // no mine: the first Sweep finishes
	// mineCascadeLongGame: a cascade of nine tenths of the board (a recursive flood fill
	// overflows the stack), then a long game right of a wall (O(n·m) per operation times
	// out).
	mineCascadeLongGame
	// mineLongGame: a game that reads every operation (-end says how the last one ends
	// it); a sparse region left of a wall (-cascade) that one Sweep opens whole, the game
	// in a dense one.
	mineLongGame
	// mineEight: a safe cell ringed by eight mines, swept (it shows 8), its eight
	// neighbours flagged and a DSweep on it, which finds no blank neighbour; then a mixed
	// game.
	mineEight
	// mineWipedFlag: a wrong flag that a Sweep's 0-cascade wipes (R-M3), then a DSweep on
	// a swept number next to it, the mines around that number flagged: the wiped flag
	// counts no more; then a mixed game.
	mineWipedFlag
	// mineDSweepWipes: a DSweep whose blank neighbour is a 0, whose cascade wipes a wrong
	// flag beyond the DSweep's neighbours (R-M3); then a mixed game.
	mineDSweepWipes
	// mineOneSafeCell: every cell a mine but one; a mixed game.
	mineOneSafeCell
	// mineEdge: a mixed game that opens with a Flag on a cell of the last row or the last
	// column, the largest coordinates.
	mineEdge
	// mineClicks: every operation a click of any kind on any cell, on a sparse board, as
	// a careless player clicks: the answers that change nothing (swept, flagged, not
	// swept, failed) come often.
	mineClicks
)

// How a game ends (-end): as its scenario has it; at its Quit, the last operation read;
// by its last operation before the Quit, which opens the one cell a long game keeps
// closed (a finish when every other safe cell is open, R-M1); or by a boom on it. A long
// game ends at its Quit by default, and so does a game on a board of no safe cell told
// to: Flags alone before it.
const (
	mineEndDefault uint8 = iota
	mineEndQuit
	mineEndFinish
	mineEndBoom
	mineEndQuitHalf // the Quit halfway, operations after it that are never read (R-M4)
)

// mineShape is a mine call's flags.
type mineShape struct {
	n, m, ops span
	kinds     mineKinds
	scenario  uint8
	cascade   int   // long-game: the percentage of columns left of the wall
	end       uint8 // how it ends
	form      formFlag
	wipe      bool // long-game: a wrong flag first, which a cascade wipes (R-M3)
}

func init() { calls["mine"] = mineCall }

func mineCall(fs *flag.FlagSet) func(*Skip) gopter.Gen {
	sh := mineShape{n: span{1, 1}, m: span{1, 1}, ops: span{1, 1}}
	fs.Var(&sh.n, "n", "rows")
	fs.Var(&sh.m, "m", "columns")
	fs.Var(&sh.ops, "q", "operations, the Quit included")
	fs.Var(choice{[]string{"any", "A", "B"}, (*uint8)(&sh.kinds)}, "ops", "the subtask's property")
	fs.Var(choice{[]string{"mixed", "cascade", "dense-dsweep", "wrong-flag-boom", "quit-middle", "careful", "no-safe-cell",
		"mine-free", "cascade-long-game", "long-game", "eight", "wiped-flag", "dsweep-wipes", "one-safe-cell", "edge", "clicks"}, &sh.scenario}, "scenario", "the kind of game")
	fs.IntVar(&sh.cascade, "cascade", 0, "long-game: the percentage of columns, left of a wall of mines, that one Sweep opens")
	fs.Var(choice{[]string{"default", "quit", "finish", "boom", "quit-half"}, &sh.end}, "end",
		"how the game ends: long-game (quit, finish, boom, quit-half), no-safe-cell (quit: Flags alone; boom: a Sweep on a cell without a flag; finish: a DSweep)")
	fs.BoolVar(&sh.wipe, "wipe", false, "long-game: open with a wrong flag that a Sweep's cascade wipes (R-M3), then, where DSweep is allowed, a DSweep next to it")
	fs.Var(&sh.form, "form", "the input's layout: random (one case in 16 in a form), none, all, or forms joined by + ("+strings.Join(testcase.FormNames[:], ", ")+")")
	return func(skip *Skip) gopter.Gen {
		return func(p *gopter.GenParameters) *gopter.GenResult {
			// The form last, so that the game of a seed stays as it was.
			c := genMine(p.Rng, sh, skip).InForm(sh.form.draw(p.Rng))
			return gopter.NewGenResult(c, ShrinkMine)
		}
	}
}

// MineGen generates mine cases carrying ShrinkMine, most small enough to read at a
// glance, 3 in 1000 at the limits (docs/hunt.md, "Cases at the limits"), 1 in 16 laid out
// in a form of the input (docs/rules.md), none reaching a ruling of skip (nil: none
// skipped).
func MineGen(skip *Skip) gopter.Gen {
	return mix(skip,
		weighted{500, "mine -n 1..6 -m 1..6 -q 1..30"},
		weighted{300, "mine -n 1..30 -m 1..30 -q 1..200"},
		weighted{120, "mine -n 1..200 -m 1..200 -q 1..3000"},
		weighted{40, "mine -n 1 -m 1..1000 -q 1..1000"},
		weighted{37, "mine -n 1..1000 -m 1 -q 1..1000"},
		weighted{2, "mine -n 1000 -m 1000 -q 60000 -scenario cascade-long-game"},
		weighted{1, "mine -n 900..1000 -m 900..1000 -q 30000..60000"})
}

// MinePlan is the test set of the statement's subtask table (seed 000, 子任务), tests 1-20
// at the sizes of their rows, then what a table of 20 has no room for: a second game at
// test 20's limits, the most mines, the smallest input, and small tests of the rare
// situations and the input's forms (docs/rules.md). Every game but those of a few tests
// aimed at an early end reads every operation before it ends; the largest keep a judge
// busy to their last line: the O(n·m)-per-operation solutions time out on them. Each
// test's fails names the held programs it fails (the zoo's bugs, the misreadings),
// judged on the set of seed 1; what no held program shows is said in its aim.
func MinePlan() []PlanTest {
	const (
		rescan   = "bug:rescan"              // the board rescanned after each operation, O(n·m) per operation: the subtasks up to n, m ≤ 300 allow it
		sorted   = "bug:column-first"        // the feedback sorted by column first
		quit     = "bug:quit-counted"        // the Quit counted as a step
		keeps    = "bug:cascade-keeps-flags" // a cascade passes over flagged cells
		keepsR   = "misreading:cascade-keeps-flags"
		more     = "bug:dsweep-more-flags"      // a DSweep also runs with more flags than its number
		wiped    = "bug:wiped-flag-counts"      // a flag a cascade wiped still counted by a DSweep
		noCheck  = "bug:no-finish-after-dsweep" // no finish check after a DSweep
		noCheckR = "misreading:finish-after-sweep-only"
		before   = "misreading:finish-before-every-op"
	)
	return plan(
		// 1-2: n, m ≤ 10, q ≤ 60, A (Sweep and Quit only)
		aimed{"mine -n 10 -m 10 -q 60 -ops A -scenario long-game -end finish",
			"Sweeps alone, every one read; cascades of several cells, listed by row then column; the last Sweep opens the last safe cell, a finish (R-M1)",
			[]string{sorted}},
		aimed{"mine -n 10 -m 1 -q 60 -ops A -scenario long-game -end finish",
			"m = 1, a board one column wide. Aims at: a neighbour read outside the board", nil},
		// 3-4: B (no DSweep)
		aimed{"mine -n 10 -m 10 -q 60 -ops B -scenario long-game -wipe",
			"Flags and Sweeps to the Quit; first a wrong flag that a Sweep's cascade wipes (R-M3): the cell is swept and listed",
			[]string{quit, keeps, keepsR}},
		aimed{"mine -n 10 -m 10 -q 60 -ops B -scenario no-safe-cell",
			"a board of mines only: Flags (no finish after them), then a Sweep on a flag, which finishes (R-M1); operations after the end, never read (R-M4)",
			[]string{"bug:finish-needs-a-sweep", "bug:finish-after-flag", before, "misreading:counts-after-end"}},
		// 5-6: no restriction
		aimed{"mine -n 10 -m 10 -q 60 -ops any -scenario long-game -end finish -wipe",
			"a wrong flag that a cascade wipes, then a DSweep next to it (R-M3: the wiped flag counts no more); DSweeps with their flags right and one too many (failed); the last DSweep opens the last safe cell: a finish (R-M1)",
			[]string{more, wiped, noCheck, noCheckR}},
		aimed{"mine -n 10 -m 10 -q 60 -ops any -scenario long-game -end boom",
			"DSweeps to the last operation read, around a wrong flag: it booms (R-M2), only boom and the end. Aims at: feedback printed before the boom",
			[]string{more, keeps, keepsR}},
		// 7-8: n = 1, m ≤ 1000, q ≤ 1000, A
		aimed{"mine -n 1 -m 1000 -q 1000 -ops A -scenario long-game -cascade 50",
			"n = 1: a cascade along half the row, then Sweeps to the Quit. Aims at: neighbours above or below a board of one row",
			[]string{quit}},
		aimed{"mine -n 1 -m 1000 -q 1000 -ops A -scenario long-game -end boom",
			"Sweeps to the last one, which booms: game over at the last step read, the boom counted", nil},
		// 9-10: B
		aimed{"mine -n 1 -m 1000 -q 1000 -ops B -scenario long-game -cascade 30",
			"flags on the row, a cascade, Sweeps to the Quit; flags a cascade wipes (R-M3)",
			[]string{quit, keeps, keepsR}},
		aimed{"mine -n 1 -m 1000 -q 1000 -ops B -scenario long-game -end quit-half",
			"the Quit halfway, the game alive to it: the operations after it are never read (R-M4). Aims at: reading on after the Quit",
			[]string{quit}},
		// 11-12: no restriction
		aimed{"mine -n 1 -m 1000 -q 1000 -ops any -scenario long-game -cascade 30 -end finish",
			"DSweeps along the row; the last DSweep finishes (R-M1)",
			[]string{noCheck, noCheckR, keeps, keepsR}},
		aimed{"mine -n 1 -m 1000 -q 1000 -ops any -scenario long-game -end boom",
			"a long game whose last DSweep, around a wrong flag, booms (R-M2). Aims at: feedback printed before the boom",
			[]string{more, keeps, keepsR}},
		// 13-14: n, m ≤ 300, q ≤ 8000, A
		aimed{"mine -n 300 -m 300 -q 8000 -ops A -scenario long-game -cascade 80",
			"a cascade of four fifths of the board, then Sweeps to the Quit. Aims at: a quadratic sort of a cascade's cells",
			[]string{sorted, quit}},
		aimed{"mine -n 300 -m 300 -q 8000 -ops A -scenario long-game",
			"Sweeps on a dense board to the Quit, every one read",
			[]string{sorted, quit}},
		// 15-16: B
		aimed{"mine -n 300 -m 300 -q 8000 -ops B -scenario long-game -cascade 50",
			"a cascade of half the board, flags and Sweeps to the Quit; flags a cascade wipes (R-M3)",
			[]string{keeps, keepsR}},
		aimed{"mine -n 300 -m 300 -q 8000 -ops B -scenario long-game -end boom",
			"Flags and Sweeps to the last step read, which booms",
			nil},
		// 17-19: no restriction
		aimed{"mine -n 300 -m 300 -q 8000 -ops any -scenario long-game -cascade 80",
			"a cascade of four fifths of the board, DSweeps to the Quit. Aims at: a recursive flood fill on a smaller stack than a judge's",
			[]string{more, keeps, keepsR}},
		aimed{"mine -n 300 -m 300 -q 8000 -ops any -scenario long-game",
			"DSweep after DSweep on a dense board, every operation read",
			[]string{more}},
		aimed{"mine -n 300 -m 300 -q 8000 -ops any -scenario long-game -end boom",
			"DSweeps to the last operation read, around a wrong flag: it booms (R-M2) after sweeping cells, which print nothing",
			[]string{more, "misreading:dsweep-feedback-first"}},
		// 20: n, m ≤ 1000, q ≤ 60000
		aimed{"mine -n 1000 -m 1000 -q 60000 -ops any -scenario long-game -cascade 80",
			"everything at its limit: a cascade of four fifths of the board (a recursive flood fill overflows an 8 MB stack), then DSweeps and Sweeps to the Quit, every one read. Aims at: slow output",
			[]string{rescan, "bug:recursive-fill", "bug:rows-array-short"}},
		// Beyond the table: what 20 tests have no room for.
		aimed{"mine -n 1000 -m 1000 -q 60000 -ops any -scenario long-game",
			"test 20's limits, the game on a dense board: the most DSweeps that open cells, every operation read",
			[]string{rescan, "bug:rows-array-short"}},
		aimed{"mine -n 1000 -m 1000 -q 60000 -ops B -scenario no-safe-cell -end quit",
			"the most mines, n·m = 1,000,000: Flags alone to the Quit, every one read, and no finish (R-M1)",
			[]string{rescan, "bug:rows-array-short", "bug:finish-after-flag", before}},
		aimed{"mine -n 1 -m 1 -q 1 -ops A -scenario mine-free",
			"the smallest input: one cell, the Quit alone (give up, total step 0)",
			[]string{quit}},
		aimed{"mine -n 10 -m 10 -q 60 -scenario eight -form tabs",
			"a safe cell ringed by eight mines, swept (it shows 8), its eight neighbours flagged: a DSweep on it finds no blank neighbour, no cell detected; tabs between tokens",
			[]string{"bug:eight-flags-wrap"}},
		aimed{"mine -n 5 -m 5 -q 40 -scenario clicks -form runs+crlf",
			"careless clicks on any cell: the answers that change nothing (swept, flagged, not swept, failed); runs of blanks and \\r\\n line ends",
			nil},
		aimed{"mine -n 3 -m 4 -q 12 -scenario no-safe-cell -end boom -form other-space",
			"a board of mines only: Flags, then a Sweep on a cell without a flag, a boom and not a finish (R-M1); the operations after it never read; \\v and \\f among the blanks",
			[]string{before, "bug:finish-after-flag", "misreading:counts-after-end"}},
		aimed{"mine -n 4 -m 3 -q 12 -scenario no-safe-cell -end finish -form split+no-final-newline",
			"a board of mines only: Flags, then a DSweep, answered not swept, then finish (R-M1); operations over two lines, no line end after the last",
			[]string{"bug:finish-needs-a-sweep", before, "bug:finish-after-flag", noCheck, noCheckR}},
		aimed{"mine -n 1000 -m 1 -q 1000 -ops any -scenario long-game",
			"the tallest board, one column of 1000 rows, a long game on it. Aims at: a neighbour read outside the board",
			[]string{"bug:rows-array-short"}},
	)
}

// pickDensity draws a mine density: 0, 1, sparse (wide cascades), and between.
func pickDensity(r *rand.Rand) float64 {
	switch v := r.Intn(20); {
	case v < 2:
		return float64(v)
	case v < 8:
		return []float64{0.01, 0.03, 0.06, 0.1}[r.Intn(4)]
	case v < 14:
		return []float64{0.12, 0.15, 0.2, 0.25}[r.Intn(4)]
	}
	return r.Float64()
}

var mineClick = [...]testcase.MineKind{clickOpen: testcase.MineSweep, clickMark: testcase.MineFlag, clickChord: testcase.MineDSweep}

// mineField is ref's game of mine on board as a sweeper plays it, with the kinds of
// operations allowed, its watch leaving out the rulings of skip. The players play on
// ref's games alone: nothing of the judge under test runs where the cases are drawn, so
// that a judge that crashes, hangs or eats the memory is a finding of the workers that
// run it, never the end of the hunt that draws its cases (nor a hand in their shape).
func mineField(board []string, kinds mineKinds, skip ruling.Set) *field {
	m := len(board[0])
	g := ref.NewMineGame(board)
	w := ruling.NewMineWatch(g)
	f := &field{m: m, allowed: [3]bool{true, kinds != mineSweepOnly, kinds == mineAnyOps}, skip: skip, seen: &w.Seen}
	f.over = func() bool { return g.Outcome() != "" }
	f.apply = func(k click, x, y int) {
		if g.Play(mineClick[k].String(), x, y); skip != 0 { // the watch only leaves skipped rulings out
			// The Quit that follows the end closes the game: no R-M4 situation.
			w.See(g, mineClick[k].String(), x, y)
		}
	}
	f.newlyOpened = func(opened func(p int)) {
		for _, c := range g.Newly() {
			opened((c[0]-1)*m + c[1] - 1)
		}
	}
	f.markOf = func(x, y int) uint8 { return pick(g.Flagged(x, y), markFlag, markBlank) }
	return f
}

func genMine(r *rand.Rand, sh mineShape, skip *Skip) testcase.Mine {
	avoid := skip.of(ruling.Mine())
	n, m, q := pickEdge(r, sh.n), pickEdge(r, sh.m), pickEdge(r, sh.ops)
	if sh.scenario == mineLongGame {
		return genMineLong(r, sh, n, m, q, avoid, skip)
	}
	density, wall := pickDensity(r), -1
	right := -1.0 // the density right of the wall, when not density
	switch sh.scenario {
	case mineGiantCascade:
		density, wall = 0.001, m-1-min(m/100, 8)
	case mineCascadeLongGame:
		density, wall, right = 0.001, m-1-max(m/10, 1), 0.15+0.05*r.Float64()
	case mineDenseDSweep, mineWrongFlagBoom:
		density = 0.15 + 0.05*r.Float64()
	case mineCareful:
		density = 0.05 + 0.15*r.Float64()
	case mineNoSafeCell, mineOneSafeCell:
		density = 1
	case mineFree:
		density = 0
	case mineClicks:
		density = 0.05 + 0.15*r.Float64()
	}
	cells, safe := make([]byte, n*m), 0
	for p := range cells {
		cells[p] = '.'
		if p%m == wall || r.Float64() < pick(p%m > wall && right >= 0, right, density) {
			cells[p] = '*'
		} else {
			safe++
		}
	}
	ring := -1 // mineEight: the safe cell ringed by mines
	switch {
	case sh.scenario == mineOneSafeCell:
		if p := r.Intn(n * m); cells[p] == '*' {
			cells[p] = '.'
			safe++
		}
	case sh.scenario == mineEight && n >= 3 && m >= 3:
		ring = (1+r.Intn(n-2))*m + 1 + r.Intn(m-2)
		for x := ring/m - 1; x <= ring/m+1; x++ {
			for y := ring%m - 1; y <= ring%m+1; y++ {
				want := pick(x*m+y == ring, byte('.'), '*')
				safe += pick(cells[x*m+y] == want, 0, pick(want == '.', 1, -1))
				cells[x*m+y] = want
			}
		}
	}
	if safe == 0 && avoid&ruling.M1 != 0 {
		cells[r.Intn(n*m)] = '.' // R-M1 skipped: a board with a safe cell
		skip.note(ruling.Mine(), ruling.M1)
	}
	board := rowsOf(cells, m)
	f := mineField(board, sh.kinds, avoid)
	s := newSweeper(board, '*', f, r)
	// A temperament per case, careful to reckless; with R-M2 or R-M3 skipped, no wrong
	// flag, which a DSweep could boom on or a cascade wipe. With R-M4 skipped the game
	// stops before an operation that would end it (mineField), as with R-M1: a careful
	// game for every case would cost ref's play of every operation.
	never := avoid&(ruling.M2|ruling.M3) != 0
	reckless := sh.scenario == mineMixed || sh.scenario == mineGiantCascade || sh.scenario == mineOneSafeCell || sh.scenario == mineEdge
	if r.Intn(2) == 0 || !reckless || never {
		s.careful(never)
	}
	switch sh.scenario {
	case mineCascadeLongGame:
		s.patient = true
		s.weights[moveFlagWrong] = 0
		fallthrough
	case mineDenseDSweep:
		s.weights[moveChordAny], s.weights[moveRepeat] = 0, 0
		s.weights[moveChordRight] += 20
	}
	playTo := func(target int) {
		f.target = target
		s.play()
	}
	// after is how many operations follow the Quit (never read, R-IN2); the game is
	// played for the others, and once over, operations that are never read follow it.
	after := 0
	switch sh.scenario {
	case mineWrongFlagBoom:
		playTo((q - 1) * 9 / 10)
		f.target = q - 1
		for try := 0; try < 100 && !f.done(); try++ {
			s.move(moveChordWrong)
		}
		playTo(q - 1)
	case mineNoSafeCell:
		// Flags, then a Sweep on a flagged cell: it answers, and R-M1 finishes; or, told
		// to end at the Quit, Flags alone.
		for f.target = pick(sh.end == mineEndQuit, q-1, (q-1)/2); !f.done() && f.allowed[clickMark]; {
			s.click(clickMark, r.Intn(n*m))
		}
		f.target = q - 1
		switch {
		case sh.end == mineEndBoom:
			if p, ok := s.sample(false, s.closed); ok {
				s.click(clickOpen, p)
			}
		case sh.end == mineEndFinish && f.allowed[clickChord]:
			s.click(clickChord, r.Intn(n*m))
		default:
			if p := s.firstMark(markFlag); p >= 0 {
				s.click(clickOpen, p)
			}
		}
		playTo(q - 1)
	case mineQuitMiddle:
		after = q - 1 - (q-1)/2
		playTo((q - 1) / 2)
	case mineEight, mineWipedFlag, mineDSweepWipes, mineEdge:
		f.target = q - 1
		switch sh.scenario {
		case mineEight:
			if ring >= 0 {
				s.click(clickOpen, ring)
				s.each(ring, func(d int) bool {
					s.markTo(d, markFlag)
					return false
				})
				s.click(clickChord, ring)
			}
		case mineWipedFlag:
			s.wipedFlag()
		case mineDSweepWipes:
			s.dsweepWipes()
		case mineEdge:
			s.click(clickMark, pick(r.Intn(2) == 0, (n-1)*m+r.Intn(m), r.Intn(n)*m+m-1))
		}
		playTo(q - 1)
	case mineClicks:
		for f.target = q - 1; !f.done(); {
			k, x, y := f.randomClick(r, n)
			s.click(k, (x-1)*m+y-1)
		}
	case mineMixed, mineOneSafeCell:
		// The Quit first, somewhere inside, or last.
		if q > 1 && r.Intn(3) == 0 {
			after = 1 + r.Intn(min(q-1, 20))
		}
		before := q - 1 - after
		switch r.Intn(10) {
		case 0:
			after, before = after+before, 0
		case 1, 2:
			k := r.Intn(before + 1)
			after, before = after+before-k, k
		}
		playTo(before)
	default:
		// The scenario's opening move, a 0 left of the wall, then its game.
		f.target = q - 1
		if p, ok := s.sample(false, func(p int) bool { return !s.isMine(p) && s.num(p) == 0 && p%m < max(wall, 1) }); ok {
			s.click(clickOpen, p)
		}
		playTo(q - 1)
	}
	// A game over (by boom or finish: one the field did not stop) is followed by
	// operations that are never read, up to the Quit; the Quit by after more.
	ops := make([]testcase.MineOp, len(s.played), q)
	for i, c := range s.played {
		ops[i] = testcase.MineOp{Kind: mineClick[c.k], X: c.p/m + 1, Y: c.p%m + 1}
	}
	randomOp := func() testcase.MineOp {
		k, x, y := f.randomClick(r, n)
		return testcase.MineOp{Kind: mineClick[k], X: x, Y: y}
	}
	if f.over() && avoid&ruling.M4 != 0 && len(ops) < q-1-after {
		f.avoided |= ruling.M4 // the closing Quit alone follows the end
	}
	for !f.stopped && f.over() && avoid&ruling.M4 == 0 && len(ops) < q-1-after {
		ops = append(ops, randomOp())
	}
	ops = append(ops, testcase.MineOp{Kind: testcase.MineQuit})
	if avoid&ruling.M4 != 0 && after > 0 {
		after = 0
		f.avoided |= ruling.M4
	}
	for range after {
		ops = append(ops, randomOp())
	}
	skip.note(ruling.Mine(), f.avoided)
	return testcase.Mine{Board: board, Ops: ops}
}

// wipedFlag plays the opening of mineWipedFlag where the board has room for it: a wrong
// flag on w, then a Sweep on z, a 0 next to w, whose cascade sweeps w (R-M3) and c, a
// number next to both; the mines around c flagged; a DSweep on c.
func (s *sweeper) wipedFlag() {
	var w, c int
	z, ok := s.sample(false, func(z int) bool {
		return !s.isMine(z) && s.num(z) == 0 && s.closed(z) && s.each(z, func(q int) bool {
			w = q
			return !s.isMine(q) && s.closed(q) && s.each(q, func(d int) bool {
				c = d
				return d != z && !s.isMine(d) && s.num(d) > 0 && s.adjacent(d, z)
			})
		})
	})
	if !ok {
		return
	}
	s.markTo(w, markFlag)
	s.click(clickOpen, z)
	s.flagMinesAround(c)
	s.click(clickChord, c)
}

// dsweepWipes plays the opening of mineDSweepWipes where the board has room for it: a
// Sweep on c, a number with a 0 z next to it; the mines around c flagged, and a wrong
// flag on w, next to z and not to c; a DSweep on c, whose sweep process on z cascades to
// w (R-M3).
func (s *sweeper) dsweepWipes() {
	var w int
	c, ok := s.sample(false, func(c int) bool {
		return !s.isMine(c) && s.num(c) > 0 && s.closed(c) && s.each(c, func(z int) bool {
			return !s.isMine(z) && s.num(z) == 0 && s.closed(z) && s.each(z, func(d int) bool {
				w = d
				return !s.isMine(d) && s.closed(d) && !s.adjacent(d, c)
			})
		})
	})
	if !ok {
		return
	}
	s.click(clickOpen, c)
	s.flagMinesAround(c)
	s.markTo(w, markFlag)
	s.click(clickChord, c)
}

// flagMinesAround flags every mine next to p.
func (s *sweeper) flagMinesAround(p int) {
	s.each(p, func(d int) bool {
		if s.isMine(d) {
			s.markTo(d, markFlag)
		}
		return false
	})
}

// adjacent reports whether p and q are neighbours, or the same cell.
func (s *sweeper) adjacent(p, q int) bool {
	return max(p/s.m-q/s.m, q/s.m-p/s.m) <= 1 && max(p%s.m-q%s.m, q%s.m-p%s.m) <= 1
}

// genMineLong draws a long game (-scenario long-game): every operation is read before the
// game ends, so that a judge works for the whole input. The player is careful and
// patient: flags only on mines but for a wrong one now and then that a cascade may wipe
// (R-M3), DSweeps with the flags exactly right or one too many (failed), no blind click;
// with -wipe, the game opens with a wrong flag that a cascade wipes, then a DSweep next to
// it (wipedFlag). One safe cell that no cascade can reach is kept closed until the end, so that the game
// cannot finish before it. A game meant to finish is drawn again, up to a bound, until it
// does: whether every other safe cell is open by then is known only once played.
func genMineLong(r *rand.Rand, sh mineShape, n, m, q int, avoid ruling.Set, skip *Skip) testcase.Mine {
	for try := 1; ; try++ {
		c, finished, avoided := drawMineLong(r, sh, n, m, q, avoid)
		if sh.end != mineEndFinish || finished || try == 20 {
			skip.note(ruling.Mine(), avoided)
			return c
		}
	}
}

// drawMineLong is one draw of genMineLong: the case, whether it finished (R-M1), and the
// rulings its player left out.
func drawMineLong(r *rand.Rand, sh mineShape, n, m, q int, avoid ruling.Set) (testcase.Mine, bool, ruling.Set) {
	wall := -1 // the wall's column, 0-based; the sparse region is left of it
	if sh.cascade > 0 && m >= 3 {
		wall = min(m*sh.cascade/100, m-2)
	}
	dense := 0.12 + 0.08*r.Float64()
	cells, safe := make([]byte, n*m), 0
	for p := range cells {
		cells[p] = '.'
		y := p % m
		if y == wall || r.Float64() < pick(y < wall, 0.001, dense) {
			cells[p] = '*'
		}
	}
	keep := keepClosed(r, cells, '.', n, m, wall+1)
	for _, c := range cells {
		safe += pick(c == '.', 1, 0)
	}
	board := rowsOf(cells, m)
	f := mineField(board, sh.kinds, avoid)
	s := newSweeper(board, '*', f, r)
	never := avoid&(ruling.M2|ruling.M3) != 0
	s.careful(true)
	s.weights[moveChordAny], s.weights[moveRepeat] = 0, 0
	s.weights[moveChordRight] += 20
	if !never {
		s.weights[moveFlagWrong], s.weights[moveChordOver] = 1, 2
	}
	s.focus = 4 * m
	held := true // until the end
	f.hold = func(k click, p int) bool {
		return held && keep >= 0 && (k == clickOpen && p == keep || k == clickChord && p != keep && max(p/m-keep/m, keep/m-p/m, p%m-keep%m, keep%m-p%m) <= 1)
	}
	// The game before its end: every operation but the Quit; but the last one and the
	// flags a DSweep there needs when -end says how it ends the game; half of them when
	// the Quit comes halfway.
	chord := f.allowed[clickChord] && f.allowed[clickMark] && (sh.end == mineEndFinish || sh.end == mineEndBoom && !never)
	f.target = q - 1 - pick(sh.end == mineEndFinish || sh.end == mineEndBoom, 1, 0) - pick(chord, 8, 0)
	if sh.end == mineEndQuitHalf {
		f.target = (q - 1) / 2
	}
	if sh.wipe && !never {
		s.wipedFlag()
	}
	if wall > 0 { // the giant cascade first
		if p, ok := s.sample(false, func(p int) bool { return !s.isMine(p) && s.num(p) == 0 && p%m < wall }); ok {
			s.click(clickOpen, p)
		}
	}
	s.play()
	// setUp flags the neighbours of p (if any) as want says, then plays patient no-ops up
	// to the last operation but one.
	setUp := func(p int, want func(q int) uint8) {
		f.target = q - 2
		if p >= 0 {
			s.each(p, func(d int) bool {
				s.markTo(d, want(d))
				return false
			})
		}
		for !f.done() && len(s.opened) > 0 {
			s.fallback(clickOpen) // a patient player's Sweep on an opened cell: nothing changes
		}
		f.target, held = q-1, false
	}
	switch sh.end {
	case mineEndFinish:
		// A DSweep on an opened neighbour of the cell kept closed, its flags set right,
		// or else a Sweep on that cell: a finish when it is the last safe cell closed.
		at, how := keep, clickOpen
		if c, ok := s.neighbourWith(keep, func(c int) bool { return s.isOpen(c) && s.num(c) > 0 }); chord && keep >= 0 && ok {
			setUp(c, func(d int) uint8 { return pick(s.isMine(d), markFlag, markBlank) })
			at, how = c, clickChord
		} else {
			setUp(-1, nil)
		}
		if keep >= 0 {
			s.click(how, at)
		}
	case mineEndBoom:
		// A DSweep on an opened cell with as many flags as its number, one of them on a
		// safe cell and a mine left bare (R-M2); or else a Sweep on a mine. Where it can,
		// the DSweep sweeps a safe cell before it reaches the bare mine (it sweeps in
		// reading order): only then does a judge that prints that cell's feedback before
		// the boom differ.
		sweptFirst := func(p int) (before, extra, bare int, ok bool) {
			before, extra, bare = -1, -1, -1
			s.each(p, func(q int) bool {
				switch {
				case s.isOpen(q):
				case !s.isMine(q) && before < 0:
					before = q
				case !s.isMine(q) && extra < 0:
					extra = q
				case s.isMine(q) && before >= 0:
					bare = q
				}
				return false
			})
			return before, extra, bare, before >= 0 && extra >= 0 && bare >= 0
		}
		p, ok := s.find(func(p int) bool {
			_, _, _, first := sweptFirst(p)
			return chord && s.num(p) > 0 && first
		})
		if ok {
			_, extra, bare, _ := sweptFirst(p)
			setUp(p, func(d int) uint8 { return pick(s.isMine(d) && d != bare || d == extra, markFlag, markBlank) })
			s.click(clickChord, p)
		} else if p, ok := s.find(func(p int) bool {
			return chord && s.num(p) > 0 && s.each(p, func(q int) bool { return !s.isOpen(q) && !s.isMine(q) })
		}); ok {
			extra, _ := s.neighbourWith(p, func(q int) bool { return !s.isOpen(q) && !s.isMine(q) })
			bare, _ := s.neighbourWith(p, func(q int) bool { return s.isMine(q) })
			setUp(p, func(d int) uint8 { return pick(s.isMine(d) && d != bare || d == extra, markFlag, markBlank) })
			s.click(clickChord, p)
		} else if p, ok := s.sample(false, func(p int) bool { return s.isMine(p) && s.closed(p) }); ok {
			setUp(-1, nil)
			s.click(clickOpen, p)
		}
	}
	finished := f.over() && len(s.opened) == safe
	ops := make([]testcase.MineOp, len(s.played), q)
	for i, c := range s.played {
		ops[i] = testcase.MineOp{Kind: mineClick[c.k], X: c.p/m + 1, Y: c.p%m + 1}
	}
	randomOp := func() testcase.MineOp {
		k, x, y := f.randomClick(r, n)
		return testcase.MineOp{Kind: mineClick[k], X: x, Y: y}
	}
	after := 0 // operations after the Quit, never read (R-M4)
	if sh.end == mineEndQuitHalf {
		after = q - 1 - len(ops)
		if avoid&ruling.M4 != 0 {
			after, f.avoided = 0, f.avoided|ruling.M4
		}
	}
	// Should the game end before its last operation all the same, operations that are
	// never read fill the input up to the Quit: the plan's facts would tell. A game
	// stopped before a click that reaches a skipped ruling is not over: it ends at its
	// Quit, since operations after the stop would be read.
	for !f.stopped && len(ops) < q-1-after {
		ops = append(ops, randomOp())
	}
	ops = append(ops, testcase.MineOp{Kind: testcase.MineQuit})
	for range after {
		ops = append(ops, randomOp())
	}
	return testcase.Mine{Board: board, Ops: ops}, finished, f.avoided
}

// keepClosed picks, among the columns from lo on, the safe cell a long game keeps closed:
// one that shows a number and has no 0 around it, so that no cascade opens it; if a few
// draws find none, a cell made so, its neighbours mined. cells hold '*' for a mine, and
// safe for a safe cell. -1 when the board is too small to hold one.
func keepClosed(r *rand.Rand, cells []byte, safe byte, n, m, lo int) int {
	if lo >= m || n*m < 2 {
		return -1
	}
	around := func(p int) int {
		k := 0
		for x := max(p/m-1, 0); x <= min(p/m+1, n-1); x++ {
			for y := max(p%m-1, 0); y <= min(p%m+1, m-1); y++ {
				if x*m+y != p && cells[x*m+y] == '*' {
					k++
				}
			}
		}
		return k
	}
	draw := func() int { return r.Intn(n)*m + lo + r.Intn(m-lo) }
	for range 400 {
		p := draw()
		if cells[p] == '*' || around(p) == 0 {
			continue
		}
		ok := true
		for x := max(p/m-1, 0); x <= min(p/m+1, n-1) && ok; x++ {
			for y := max(p%m-1, 0); y <= min(p%m+1, m-1); y++ {
				if q := x*m + y; cells[q] != '*' && around(q) == 0 {
					ok = false
				}
			}
		}
		if ok {
			return p
		}
	}
	p := draw()
	cells[p] = safe
	for x := max(p/m-1, 0); x <= min(p/m+1, n-1); x++ {
		for y := max(p%m-1, 0); y <= min(p%m+1, m-1); y++ {
			if x*m+y != p {
				cells[x*m+y] = '*'
			}
		}
	}
	return p
}

// MineAim is a generator whose cases reach situation id of mine's catalogue
// (ruling.MineSituations) far more often than MineGen's, for a hunt's steering; nil when
// MineGen is as good, or when the situation needs a ruling of skip, which the cases leave
// out as MineGen's do. Its cases are small but where the situation is a limit of the
// statement (the largest boards, the most operations, the largest cascades).
func MineAim(skip *Skip, id string) gopter.Gen {
	a, ok := mineAims[id]
	if !ok || mineNeeds[id]&skip.of(ruling.Mine()) != 0 {
		return nil
	}
	entry := slices.IndexFunc(ruling.MineSituations(), func(s coverage.Situation) bool { return s.ID == id })
	gens := make([]gopter.Gen, len(a.calls))
	for i, call := range a.calls {
		gens[i] = mustGen(call, skip)
	}
	return func(p *gopter.GenParameters) *gopter.GenResult {
		// Of a few draws, the first that reaches the situation: a situation that a small
		// case reaches one time in a few is then reached most times.
		var res *gopter.GenResult
		for try := 0; try < max(a.tries, 1); try++ {
			res = gens[p.Rng.Intn(len(gens))](p)
			if v, ok := res.Retrieve(); ok && a.tries > 1 && ruling.MineReach(v.(testcase.Mine).Encode()).Has(entry) {
				break
			}
		}
		return res
	}
}

// mineNeeds are the situations that no case reaches without reaching a ruling of mine
// (ruling.Mine): a game that finishes or a board without a safe cell (R-M1), a DSweep
// that booms (R-M2), a flag a cascade wipes (R-M3), operations after the end (R-M4).
var mineNeeds = map[string]ruling.Set{
	"sweep-finish": ruling.M1, "dsweep-finish": ruling.M1, "end-finish": ruling.M1, "after-finish": ruling.M1 | ruling.M4,
	"finish-after-flagged": ruling.M1, "finish-after-not-swept": ruling.M1, "no-safe-cell-flag-goes-on": ruling.M1,
	"no-safe-cell-boom": ruling.M1, "no-safe-cell-give-up": ruling.M1, "board-all-mines": ruling.M1,
	"dsweep-boom": ruling.M2, "dsweep-boom-after-sweeping": ruling.M2,
	"sweep-cascade-unflags": ruling.M3, "dsweep-cascade-unflags": ruling.M3, "dsweep-near-wiped-flag": ruling.M3,
	"after-give-up": ruling.M4, "after-game-over": ruling.M4, "lines-after-quit": ruling.M4,
}

// mineAim is how MineAim reaches a situation: calls, one drawn at random for each case,
// and the draws it makes until one reaches the situation (1: the first draw is the case,
// for the calls that reach it by construction).
type mineAim struct {
	calls []string
	tries int
}

// Small games of mine, the aims' usual draws.
const (
	mineSmall      = "mine -n 1..6 -m 1..6 -q 1..30"
	mineSmallWide  = "mine -n 2..8 -m 2..8 -q 2..40"
	mineSmallCalm  = "mine -n 1..6 -m 1..6 -q 5..40 -scenario careful"
	mineSmallChord = "mine -n 3..8 -m 3..8 -q 10..40 -scenario dense-dsweep"
	mineSmallLong  = "mine -n 3..8 -m 3..8 -q 20..60 -scenario long-game"
	mineNoSafe     = "mine -n 1..5 -m 1..5 -q 3..20 -scenario no-safe-cell"
	mineClicksAny  = "mine -n 2..5 -m 2..5 -q 10..40 -scenario clicks"
)

// mineAims are MineAim's generators, by situation. The situations MineGen reaches in
// most of its cases have none.
var mineAims = map[string]mineAim{
	"flag-success":              {[]string{mineSmall, mineClicksAny}, 8},
	"flag-cancelled":            {[]string{mineClicksAny}, 8},
	"flag-swept":                {[]string{mineClicksAny}, 8},
	"sweep-swept":               {[]string{mineClicksAny}, 8},
	"sweep-flagged":             {[]string{mineClicksAny}, 8},
	"sweep-boom":                {[]string{mineSmall, mineClicksAny}, 8},
	"sweep-one-cell":            {[]string{mineSmall}, 8},
	"sweep-cascade":             {[]string{mineSmallWide}, 8},
	"sweep-cascade-unflags":     {[]string{"mine -n 3..8 -m 3..8 -q 4..30 -scenario wiped-flag"}, 4},
	"sweep-finish":              {[]string{mineSmallCalm}, 8},
	"dsweep-not-swept":          {[]string{mineClicksAny}, 8},
	"dsweep-failed-zero":        {[]string{mineClicksAny}, 8},
	"dsweep-failed-fewer-flags": {[]string{mineClicksAny, mineSmallChord}, 8},
	"dsweep-failed-more-flags":  {[]string{mineSmallLong}, 8},
	"dsweep-opens":              {[]string{mineSmallChord}, 8},
	"dsweep-no-cell":            {[]string{"mine -n 3..8 -m 3..8 -q 11..40 -scenario eight", mineSmallLong}, 8},
	"dsweep-number-8":           {[]string{"mine -n 3..8 -m 3..8 -q 11..40 -scenario eight"}, 4},
	"dsweep-cascade":            {[]string{"mine -n 3..8 -m 3..8 -q 12..40 -scenario dsweep-wipes"}, 4},
	"dsweep-cascades-overlap":   {[]string{"mine -n 3..8 -m 3..8 -q 12..40 -scenario dsweep-wipes", mineSmallChord}, 12},
	"dsweep-cascade-unflags":    {[]string{"mine -n 3..8 -m 3..8 -q 12..40 -scenario dsweep-wipes"}, 4},
	"dsweep-boom":               {[]string{"mine -n 3..8 -m 3..8 -q 10..40 -scenario wrong-flag-boom"}, 8},
	"dsweep-boom-after-sweeping": {[]string{"mine -n 3..8 -m 3..8 -q 10..40 -scenario wrong-flag-boom",
		"mine -n 3..10 -m 3..10 -q 20..60 -scenario long-game -end boom"}, 12},
	"dsweep-finish":             {[]string{"mine -n 3..8 -m 3..8 -q 20..60 -scenario long-game -end finish"}, 8},
	"dsweep-near-wiped-flag":    {[]string{"mine -n 3..8 -m 3..8 -q 12..40 -scenario wiped-flag"}, 4},
	"finish-after-flagged":      {[]string{mineNoSafe}, 4},
	"finish-after-not-swept":    {[]string{mineNoSafe + " -end finish"}, 4},
	"no-safe-cell-flag-goes-on": {[]string{mineNoSafe}, 4},
	"no-safe-cell-boom":         {[]string{mineNoSafe + " -end boom"}, 4},
	"no-safe-cell-give-up":      {[]string{mineNoSafe + " -end quit"}, 4},
	"end-give-up":               {[]string{mineSmall}, 8},
	"end-game-over":             {[]string{mineSmall, "mine -n 3..8 -m 3..8 -q 10..40 -scenario wrong-flag-boom"}, 8},
	"end-finish":                {[]string{mineSmallCalm}, 8},
	"total-step-zero":           {[]string{"mine -n 1..6 -m 1..6 -q 1..4"}, 8},
	"feedback-sweep-order":      {[]string{mineSmallWide}, 8},
	"feedback-across-rows":      {[]string{mineSmallWide}, 8},
	"after-give-up":             {[]string{"mine -n 1..6 -m 1..6 -q 3..30 -scenario quit-middle"}, 4},
	"after-game-over":           {[]string{mineSmall, "mine -n 3..8 -m 3..8 -q 10..40 -scenario wrong-flag-boom"}, 8},
	"after-finish":              {[]string{mineSmallCalm}, 8},
	"board-1x1":                 {[]string{"mine -n 1 -m 1 -q 1..10"}, 1},
	"board-one-row":             {[]string{"mine -n 1 -m 2..30 -q 1..30"}, 1},
	"board-one-column":          {[]string{"mine -n 2..30 -m 1 -q 1..30"}, 1},
	"board-1x1000":              {[]string{"mine -n 1 -m 1000 -q 1..200"}, 1},
	"board-1000x1":              {[]string{"mine -n 1000 -m 1 -q 1..200"}, 1},
	"board-n-1000":              {[]string{"mine -n 1000 -m 1..8 -q 1..100"}, 1},
	"board-m-1000":              {[]string{"mine -n 1..8 -m 1000 -q 1..100"}, 1},
	"board-1000x1000":           {[]string{"mine -n 1000 -m 1000 -q 1..30"}, 1},
	"board-no-mine":             {[]string{"mine -n 1..8 -m 1..8 -q 1..20 -scenario mine-free"}, 1},
	"board-all-mines":           {[]string{mineNoSafe}, 1},
	"board-one-safe-cell":       {[]string{"mine -n 1..6 -m 1..6 -q 1..20 -scenario one-safe-cell"}, 1},
	"ops-1":                     {[]string{"mine -n 1..6 -m 1..6 -q 1"}, 1},
	"ops-60000":                 {[]string{"mine -n 1..8 -m 1..8 -q 60000", "mine -n 1..4 -m 1..4 -q 60000 -ops B -scenario no-safe-cell -end quit"}, 1},
	"ops-60000-played": {[]string{"mine -n 1..4 -m 1..4 -q 60000 -ops B -scenario no-safe-cell -end quit",
		"mine -n 5..20 -m 5..20 -q 60000 -scenario long-game"}, 1},
	"cascade-half-board":    {[]string{"mine -n 500..560 -m 500..560 -q 2..10 -scenario cascade"}, 1},
	"cascade-deep":          {[]string{"mine -n 500..560 -m 500..560 -q 2..10 -scenario cascade"}, 1},
	"number-0":              {[]string{mineSmallWide}, 8},
	"number-8":              {[]string{"mine -n 3..8 -m 3..8 -q 2..30 -scenario eight"}, 4},
	"cell-row-1":            {[]string{mineSmall}, 8},
	"cell-row-n":            {[]string{mineSmall, "mine -n 2..8 -m 2..8 -q 2..30 -scenario edge"}, 8},
	"cell-column-1":         {[]string{mineSmall}, 8},
	"cell-column-m":         {[]string{mineSmall, "mine -n 2..8 -m 2..8 -q 2..30 -scenario edge"}, 8},
	"coordinate-1000":       {[]string{"mine -n 1000 -m 1..4 -q 2..30 -scenario edge", "mine -n 1..4 -m 1000 -q 2..30 -scenario edge"}, 4},
	"lines-after-quit":      {[]string{"mine -n 1..6 -m 1..6 -q 3..30 -scenario quit-middle"}, 4},
	"form-split":            {[]string{mineSmall + " -form split"}, 1},
	"form-runs":             {[]string{mineSmall + " -form runs"}, 1},
	"form-tabs":             {[]string{mineSmall + " -form tabs"}, 1},
	"form-other-space":      {[]string{mineSmall + " -form other-space"}, 1},
	"form-crlf":             {[]string{mineSmall + " -form crlf"}, 1},
	"form-no-final-newline": {[]string{mineSmall + " -form no-final-newline"}, 1},
}
