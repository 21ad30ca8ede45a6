package gen

import (
	"flag"
	"math/rand"
	"slices"

	"github.com/leanovate/gopter"

	"gamediff/fast"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

// ShrinkMine is the gopter.Shrinker of mine cases: cuts of operations (never the Quit),
// rows, columns and mines, then each x and y toward 1; every candidate is smaller in the
// order (operations, n·m, mines, Σ coordinates).
func ShrinkMine(v any) gopter.Shrink { return shrinkMine(v.(testcase.Mine), skipTwins) }

func shrinkMine(c testcase.Mine, twins twinCuts) gopter.Shrink {
	ops := sized(len(c.Ops), func(lo, hi int) (any, bool) {
		ops := slices.Concat(c.Ops[:lo], slices.DeleteFunc(slices.Clone(c.Ops[lo:hi]), func(op testcase.MineOp) bool { return op.Kind != testcase.MineQuit }), c.Ops[hi:])
		return testcase.Mine{Board: c.Board, Ops: ops}, len(ops) < len(c.Ops)
	}).withTwins(func(a, b, n int) bool { return slices.Equal(c.Ops[a:a+n], c.Ops[b:b+n]) }) // equal runs hold no Quit: there is one
	coord := func(op *testcase.MineOp, i int) *int {
		if op.Kind == testcase.MineQuit {
			return nil
		}
		return []*int{&op.X, &op.Y}[i]
	}
	lists := append([]cutList{ops}, boardCuts(c.Board, 1, "", "*", '.', c.Ops, coord, func(board []string, ops []testcase.MineOp) (any, bool) {
		return testcase.Mine{Board: board, Ops: ops}, true
	})...)
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), shrinkNumbers(2*len(c.Ops), func(i int) []int {
		if p := coord(&c.Ops[i/2], i%2); p != nil {
			return toward(*p, 1)
		}
		return nil
	}, func(i, v int) any {
		ops := slices.Clone(c.Ops)
		*coord(&ops[i/2], i%2) = v
		return testcase.Mine{Board: c.Board, Ops: ops}
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
	mineNoSafeCell                 // every cell a mine; a Sweep on a flag finishes (R-M1)
	mineFree                       // no mine: the first Sweep finishes
	// mineCascadeLongGame: a cascade of nine tenths of the board (a recursive flood fill
	// overflows the stack), then a long game right of a wall (O(n·m) per operation times
	// out).
	mineCascadeLongGame
	// mineLongGame: a game that reads every operation (-end says how the last one ends
	// it); a sparse region left of a wall (-cascade) that one Sweep opens whole, the game
	// in a dense one.
	mineLongGame
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
}

func init() { calls["mine"] = mineCall }

func mineCall(fs *flag.FlagSet) func(*Skip) gopter.Gen {
	sh := mineShape{n: span{1, 1}, m: span{1, 1}, ops: span{1, 1}}
	fs.Var(&sh.n, "n", "rows")
	fs.Var(&sh.m, "m", "columns")
	fs.Var(&sh.ops, "q", "operations, the Quit included")
	fs.Var(choice{[]string{"any", "A", "B"}, (*uint8)(&sh.kinds)}, "ops", "the subtask's property")
	fs.Var(choice{[]string{"mixed", "cascade", "dense-dsweep", "wrong-flag-boom", "quit-middle", "careful", "no-safe-cell",
		"mine-free", "cascade-long-game", "long-game"}, &sh.scenario}, "scenario", "the kind of game")
	fs.IntVar(&sh.cascade, "cascade", 0, "long-game: the percentage of columns, left of a wall of mines, that one Sweep opens")
	fs.Var(choice{[]string{"default", "quit", "finish", "boom", "quit-half"}, &sh.end}, "end", "how the game ends: long-game (quit, finish, boom, quit-half), no-safe-cell (quit: Flags alone)")
	return func(skip *Skip) gopter.Gen {
		return func(p *gopter.GenParameters) *gopter.GenResult {
			return gopter.NewGenResult(genMine(p.Rng, sh, skip), ShrinkMine)
		}
	}
}

// MineGen generates mine cases carrying ShrinkMine, most small enough to read at a
// glance, 3 in 1000 at the limits (docs/hunt.md, "Cases at the limits"), none reaching a ruling
// of skip (nil: none skipped).
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
// test 20's limits, the most mines, the smallest input. Every game but those of a few
// tests aimed at an early end reads every operation before it ends; the largest keep a
// judge busy to their last line: the O(n·m)-per-operation solutions time out on them.
func MinePlan() []PlanTest {
	const (
		sorted   = "the feedback sorted by column first, or not at all (several cells at once)"
		quitStep = "the Quit counted as a step (give up, total step)"
		rescan   = "the board rescanned after each operation, O(n·m) per operation"
	)
	return plan(
		// 1-2: n, m ≤ 10, q ≤ 60, A (Sweep and Quit only)
		aimed{"mine -n 10 -m 10 -q 60 -ops A -scenario long-game -end finish",
			"Sweeps alone, every one read; the last opens the last safe cell, a finish (R-M1). Fails: " + sorted, nil},
		aimed{"mine -n 10 -m 1 -q 60 -ops A -scenario long-game -end finish",
			"m = 1, a board one column wide: neighbours past the side. Fails: a neighbour read outside the board", nil},
		// 3-4: B (no DSweep)
		aimed{"mine -n 10 -m 10 -q 60 -ops B -scenario long-game",
			"Flags and Sweeps to the Quit, a wrong flag a cascade wipes (R-M3). Fails: " + quitStep + "; flags kept by a cascade", nil},
		aimed{"mine -n 10 -m 10 -q 60 -ops B -scenario no-safe-cell",
			"a board of mines only: flags, then a Sweep on a flag, which finishes (R-M1). Fails: a finish that needs a swept cell", nil},
		// 5-6: no restriction
		aimed{"mine -n 10 -m 10 -q 60 -ops any -scenario long-game -end finish",
			"DSweeps with their flags right and one too many (failed), the last DSweep opens the last safe cell: a finish (R-M1). Fails: DSweep with more flags than its number; no finish check after DSweep", nil},
		aimed{"mine -n 10 -m 10 -q 60 -ops any -scenario long-game -end boom",
			"DSweeps to the last operation read, around a wrong flag: it booms (R-M2), only boom and the end. Fails: feedback printed before the boom", nil},
		// 7-8: n = 1, m ≤ 1000, q ≤ 1000, A
		aimed{"mine -n 1 -m 1000 -q 1000 -ops A -scenario long-game -cascade 50",
			"n = 1: a cascade along half the row, then Sweeps to the Quit. Fails: neighbours above or below a board of one row", nil},
		aimed{"mine -n 1 -m 1000 -q 1000 -ops A -scenario long-game -end boom",
			"Sweeps to the last one, which booms: game over at the last step read. Fails: " + quitStep, nil},
		// 9-10: B
		aimed{"mine -n 1 -m 1000 -q 1000 -ops B -scenario long-game -cascade 30",
			"flags on the row, a cascade, Sweeps to the Quit. Fails: flags kept by a cascade (R-M3)", nil},
		aimed{"mine -n 1 -m 1000 -q 1000 -ops B -scenario long-game -end quit-half",
			"the Quit halfway, the game alive to it: the operations after it are never read (R-M4). Fails: reading on after the Quit", nil},
		// 11-12: no restriction
		aimed{"mine -n 1 -m 1000 -q 1000 -ops any -scenario long-game -cascade 30 -end finish",
			"DSweeps along the row to the Quit. Fails: DSweep with more flags than its number", nil},
		aimed{"mine -n 1 -m 1000 -q 1000 -ops any -scenario long-game -end boom",
			"a long game whose last DSweep, around a wrong flag, booms (R-M2). Fails: feedback printed before the boom", nil},
		// 13-14: n, m ≤ 300, q ≤ 8000, A
		aimed{"mine -n 300 -m 300 -q 8000 -ops A -scenario long-game -cascade 80",
			"a cascade of four fifths of the board, then Sweeps to the Quit. Fails: " + rescan + "; a quadratic sort of a cascade's cells", nil},
		aimed{"mine -n 300 -m 300 -q 8000 -ops A -scenario long-game",
			"Sweeps on a dense board to the Quit, every one read. Fails: " + rescan, nil},
		// 15-16: B
		aimed{"mine -n 300 -m 300 -q 8000 -ops B -scenario long-game -cascade 50",
			"a cascade of half the board, flags and Sweeps to the Quit. Fails: " + rescan + "; flags kept by a cascade", nil},
		aimed{"mine -n 300 -m 300 -q 8000 -ops B -scenario long-game -end boom",
			"Flags and Sweeps to the last step read, which booms. Fails: " + rescan, nil},
		// 17-19: no restriction
		aimed{"mine -n 300 -m 300 -q 8000 -ops any -scenario long-game -cascade 80",
			"a cascade of four fifths of the board, DSweeps to the Quit. Fails: " + rescan + "; a recursive flood fill", nil},
		aimed{"mine -n 300 -m 300 -q 8000 -ops any -scenario long-game",
			"DSweep after DSweep on a dense board, every operation read. Fails: " + rescan + "; DSweep with more flags than its number", nil},
		aimed{"mine -n 300 -m 300 -q 8000 -ops any -scenario long-game -end boom",
			"DSweeps to the last operation read, around a wrong flag: it booms (R-M2). Fails: " + rescan + "; feedback printed before the boom", nil},
		// 20: n, m ≤ 1000, q ≤ 60000
		aimed{"mine -n 1000 -m 1000 -q 60000 -ops any -scenario long-game -cascade 80",
			"everything at its limit: a cascade of four fifths of the board (a recursive flood fill overflows an 8 MB stack), then DSweeps and Sweeps to the Quit, every one read. Fails: " + rescan + "; a recursive flood fill; slow output", nil},
		// Beyond the table: what 20 tests have no room for.
		aimed{"mine -n 1000 -m 1000 -q 60000 -ops any -scenario long-game",
			"test 20's limits, the game on a dense board: the most DSweeps that open cells, every operation read. Fails: " + rescan, nil},
		aimed{"mine -n 1000 -m 1000 -q 60000 -ops B -scenario no-safe-cell -end quit",
			"the most mines, n·m = 1,000,000: Flags alone to the Quit, every one read. Fails: " + rescan + "; the safe cells counted as swept from the start", nil},
		aimed{"mine -n 1 -m 1 -q 1 -ops A -scenario mine-free",
			"the smallest input: one cell, the Quit alone (give up, total step 0). Fails: a step counted for the Quit", nil},
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

// mineField is a game of mine on board as a sweeper plays it, with the kinds of
// operations allowed. Where rulings are skipped it is ref's game, which the watch that
// leaves out skip's rulings reads; else, the hunt's and the test sets' case, it is the
// judge's board of package fast (fast.MinePlay): it opens the cells in ref's order, so
// that the player's choices and cases are the same (TestPlayersMakeTheSameCasesOnFast),
// at a fraction of the cost where the cases cost the most: cascades over a million cells
// on ref's naive board.
func mineField(board []string, kinds mineKinds, skip ruling.Set) *field {
	m := len(board[0])
	f := &field{m: m, allowed: [3]bool{true, kinds != mineSweepOnly, kinds == mineAnyOps}, skip: skip}
	if skip == 0 && !playOnRef {
		g := fast.NewMinePlay(board)
		f.seen = new(ruling.Set)
		f.over = func() bool { return g.Outcome() != "" }
		f.apply = func(k click, x, y int) { g.Play(mineClick[k].String(), x, y) }
		f.newlyOpened = g.Newly
		f.markOf = func(x, y int) uint8 { return pick(g.Flagged(x, y), markFlag, markBlank) }
		return f
	}
	g := ref.NewMineGame(board)
	w := ruling.NewMineWatch(g)
	f.seen = &w.Seen
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

// playOnRef makes every player play on ref's games, as those of a case that skips
// rulings do: the tests set it to check that the cases are the same either way.
var playOnRef = false

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
	case mineNoSafeCell:
		density = 1
	case mineFree:
		density = 0
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
	if r.Intn(2) == 0 || sh.scenario != mineMixed && sh.scenario != mineGiantCascade || never {
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
		if p := s.firstMark(markFlag); p >= 0 {
			s.click(clickOpen, p)
		}
		playTo(q - 1)
	case mineQuitMiddle:
		after = q - 1 - (q-1)/2
		playTo((q - 1) / 2)
	case mineMixed:
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

// genMineLong draws a long game (-scenario long-game): every operation is read before the
// game ends, so that a judge works for the whole input. The player is careful and
// patient: flags only on mines but for a wrong one now and then that a cascade may wipe
// (R-M3), DSweeps with the flags exactly right or one too many (failed), no blind click.
// One safe cell that no cascade can reach is kept closed until the end, so that the game
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
	// never read fill the input up to the Quit: the plan's facts would tell.
	for len(ops) < q-1-after {
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
// MineGen is as good.
func MineAim(skip *Skip, id string) gopter.Gen { return nil }
