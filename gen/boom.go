package gen

import (
	"cmp"
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

// ShrinkBoom is the gopter.Shrinker of boom cases: cuts of games, operations, rows and
// columns (n, m ≥ 3) and mines, then each x, y and click toward 1; every candidate is
// smaller in the order (games, operations, Σ n·m, mines, Σ x + y, Σ op).
func ShrinkBoom(v any) gopter.Shrink { return shrinkBoom(v.(testcase.Boom), skipTwins) }

func shrinkBoom(c testcase.Boom, twins twinCuts) gopter.Shrink {
	// Every candidate keeps the case's layout: a reader's slip that a form shows stays
	// shown.
	of := func(games []testcase.BoomGame) testcase.Boom { return testcase.Boom{Games: games, Form: c.Form} }
	lists := []cutList{
		sized(len(c.Games), func(lo, hi int) (any, bool) {
			return of(slices.Concat(c.Games[:lo], c.Games[hi:])), hi-lo < len(c.Games)
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Games[a:a+n], c.Games[b:b+n], func(g, h testcase.BoomGame) bool {
				return slices.Equal(g.Board, h.Board) && slices.Equal(g.Ops, h.Ops)
			})
		}),
	}
	with := func(i int, g testcase.BoomGame) testcase.Boom {
		games := slices.Clone(c.Games)
		games[i] = g
		return of(games)
	}
	// number j of an operation: its x, its y, its click.
	number := func(op *testcase.BoomOp, j int) *int { return []*int{&op.X, &op.Y, nil}[j] }
	for i, g := range c.Games {
		lists = append(lists, sized(len(g.Ops), func(lo, hi int) (any, bool) {
			return with(i, testcase.BoomGame{Board: g.Board, Ops: slices.Concat(g.Ops[:lo], g.Ops[hi:])}), true
		}).withTwins(func(a, b, n int) bool { return slices.Equal(g.Ops[a:a+n], g.Ops[b:b+n]) }))
		lists = append(lists, boardCuts(g.Board, testcase.BoomMinSide, "", "*", '_', g.Ops, number, func(board []string, ops []testcase.BoomOp) (any, bool) {
			return with(i, testcase.BoomGame{Board: board, Ops: ops}), true
		})...)
	}
	// The numbers of all games in a row: three per operation.
	total, locate := inARow(c.Games, func(g testcase.BoomGame) int { return 3 * len(g.Ops) })
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), shrinkNumbers(total, func(i int) []int {
		game, k := locate(i)
		op := c.Games[game].Ops[k/3]
		return toward([]int{op.X, op.Y, int(op.Kind)}[k%3], 1)
	}, func(i, v int) any {
		game, k := locate(i)
		g := c.Games[game]
		ops := slices.Clone(g.Ops)
		if p := number(&ops[k/3], k%3); p != nil {
			*p = v
		} else {
			ops[k/3].Kind = testcase.BoomKind(v)
		}
		return with(game, testcase.BoomGame{Board: g.Board, Ops: ops})
	}))
}

// boomShape is a boom call's flags. mines is the range of a real-game layout (capped at
// n·m - 9), a cap for the others (0: none).
type boomShape struct {
	games, n, m, mines, ops span
	kinds, layout, player   uint8
	form                    formFlag
	rare                    bool // one game in two played on to a rare situation (boomRare)
}

// The clicks a generated game plays (-ops): the test table's mixes.
const (
	boomAnyKinds   uint8 = iota // half the cases all clicks, the rest one mix each
	boomLeftOnly                // op = 1 (tests 5-8)
	boomLeftRight               // op ∈ {1, 2} (tests 9-12)
	boomLeftMiddle              // op ∈ {1, 3} (tests 13-16)
	boomAllKinds                // no restriction (tests 1-4, 17-20)
)

// The players (-player): any temperament, one who never clicks a mine on purpose, or one
// whose game lasts to its closing 0: careful, no wrong middle click, one safe cell kept
// closed so that he cannot win (the game ends with QUIT, every operation answered
// RUNNING).
const (
	boomAnyPlayer uint8 = iota
	boomCareful
	boomPatient
)

// The layouts of generated boards (-layout).
const (
	boomRandom uint8 = iota // any density, k = 0 and k = n·m included
	// boomReal: as a real game makes them (tests 1-4), away from the first click; without
	// -n, 9x9 with 10 mines, 16x16 with 40, 16x30 with 99, or up to 40x40 with up to 320.
	boomReal
	boomDense  // 10-20% mines: games last
	boomSparse // 0.1-1% mines: giant cascades
)

func init() { calls["boom"] = boomCall }

func boomCall(fs *flag.FlagSet) func(*Skip) gopter.Gen {
	sh := boomShape{games: span{1, 1}}
	fs.Var(&sh.games, "T", "games")
	fs.Var(&sh.n, "n", "rows")
	fs.Var(&sh.m, "m", "columns")
	fs.Var(&sh.mines, "k", "mines")
	fs.Var(&sh.ops, "q", "operations a game")
	fs.Var(choice{[]string{"any", "1", "1,2", "1,3", "1,2,3"}, &sh.kinds}, "ops", "the clicks played")
	fs.Var(choice{[]string{"random", "real", "dense", "sparse"}, &sh.layout}, "layout", "how the mines lie")
	fs.Var(choice{[]string{"any", "careful", "patient"}, &sh.player}, "player", "the player's temperament")
	fs.BoolVar(&sh.rare, "rare", false, "one game in two played on to a rare situation of the catalogue: a P or a ? clicked, a middle click lost to a ?, a board of one safe cell, an 8, a cascade over all of 200x200, …")
	fs.Var(&sh.form, "form", "the input's layout: random (one case in 16 in a form), none, all, or forms joined by + ("+strings.Join(testcase.FormNames[:], ", ")+")")
	return func(skip *Skip) gopter.Gen {
		return func(p *gopter.GenParameters) *gopter.GenResult {
			return gopter.NewGenResult(genBoom(p.Rng, sh, skip), ShrinkBoom)
		}
	}
}

// BoomGen generates boom cases carrying ShrinkBoom, most small enough to read at a
// glance, 5 in 941 at the limits (docs/hunt.md, "Cases at the limits"), none reaching a ruling
// of skip (nil: none skipped).
func BoomGen(skip *Skip) gopter.Gen { return boomGen(false, skip) }

// BoomUnitGen generates boom cases to pack into one input: BoomGen's games one per case,
// its cases at the limits whole but unitWeight times rarer.
func BoomUnitGen(skip *Skip) gopter.Gen { return boomGen(true, skip) }

func boomGen(unit bool, skip *Skip) gopter.Gen {
	games, w := unitOr(unit)
	// Big boards are ten times rarer among units still: a unit of 200x200 costs ref as
	// much as a few hundred small ones, and the cases at the limits bring them.
	big := func(weight int) int { return pick(unit, weight*unitWeight/10, weight) }
	return mix(skip,
		weighted{w(450), "boom -T " + games("1..3") + " -n 3..6 -m 3..6 -q 0..25"},
		weighted{w(170), "boom -T " + games("1..4") + " -n 3..12 -m 3..12 -q 0..80"},
		weighted{w(150), "boom -T " + games("1..3") + " -q 0..300 -layout real"},
		weighted{w(80), "boom -T " + games("1..2") + " -n 3..50 -m 3..50 -q 0..600"},
		weighted{w(60), "boom -T " + games("20..30") + " -n 3..5 -m 3..5 -q 0..12"},
		weighted{big(20), "boom -T " + games("1..2") + " -n 3..200 -m 3..200 -q 0..3000"},
		weighted{big(6), "boom -T " + games("1..2") + " -n 150..200 -m 150..200 -q 3000..10000 -layout dense -player careful"},
		weighted{4, "boom -T 30 -n 200 -m 200 -q 10000 -layout dense -player careful"},
		weighted{1, "boom -T 30 -n 200 -m 200 -q 10000 -layout sparse"})
}

// BoomPlan is the test set of the statement's test table (seed 003, 限制): 20 tests at
// the sizes of their rows, real games first, each in a form of the input the rules allow,
// then four per mix of clicks: games of every size and temperament with the rare
// situations among them, a giant cascade and a long game after it, long careful games lost
// to a middle click, and 30 games at 200x200 that last to their closing 0, 10000 operations each, the
// last at the table's most mines (k = 10000). Each test claims the held programs it
// fails, as judged on the set of seed 1.
func BoomPlan() []PlanTest {
	const (
		rare  = "one in two played on to a rare situation"
		reset = "bug:no-reset"
	)
	qCascade := []string{"bug:question-stops-cascade", "misreading:question-stops-cascade"}
	skipZero := []string{"bug:middle-skips-zero", "misreading:middle-skips-zero"}
	tests := []aimed{
		{"boom -T 10 -n 9 -m 9 -k 10 -q 1..400 -ops 1,2,3 -layout real -rare -form tabs",
			"real games at 9x9 with 10 mines, the first click safe, " + rare + " (a P or a ? clicked, a middle click lost to a ? over a mine); WIN and LOSE; a tab between tokens",
			append([]string{reset, "bug:middle-question-not-checked"}, qCascade...)},
		{"boom -T 10 -n 16 -m 16 -k 40 -q 1..400 -ops 1,2,3 -layout real -rare -form crlf+no-final-newline",
			"real games at 16x16 with 40 mines, " + rare + "; lines ended by \\r\\n, the last without one",
			append([]string{"bug:cr-not-blank", reset, "bug:middle-question-not-checked"}, qCascade...)},
		{"boom -T 10 -n 16 -m 30 -k 99 -q 1..400 -ops 1,2,3 -layout real -rare -form split+other-space",
			"real games at 16x30 with 99 mines, n ≠ m, " + rare + "; n and m, and each operation, over two lines, and a \\v and a \\f. Aims at: rows and columns swapped",
			append([]string{reset}, qCascade...)},
		{"boom -T 30 -n 3..40 -m 3..40 -k 0..320 -q 1..400 -ops 1,2,3 -layout real -rare -form runs",
			"30 real games up to 40x40, 3x3 among them, " + rare + " (a middle click on a P whose count matches); runs of blanks and blank lines",
			slices.Concat([]string{reset, "bug:middle-on-flag-opened", "bug:middle-question-not-checked"}, qCascade, skipZero)},
	}
	// The programs each test of a mix of clicks fails beside those of its kind: the mixes
	// with right clicks mark '?', the mix with middle clicks without right clicks wins
	// with a middle click on a board of mines only (R-B1).
	type mix struct {
		ops                           string
		every, cascade, long, lasting []string
	}
	winChange := []string{"bug:win-after-change-only", "misreading:win-after-change-only"}
	for _, x := range []mix{ // tests 5-20, four per mix of clicks
		{ops: "1"},
		{ops: "1,2", every: qCascade, long: qCascade, lasting: qCascade},
		{ops: "1,3", every: winChange},
		{ops: "1,2,3", every: slices.Concat(qCascade, winChange, skipZero, []string{"bug:middle-on-flag-opened", "bug:middle-question-not-checked"}),
			long: slices.Concat(qCascade, skipZero, []string{"bug:middle-on-flag-opened"}), lasting: slices.Concat(qCascade, skipZero)},
	} {
		tests = append(tests,
			aimed{"boom -T 30 -n 3..200 -m 3..200 -k 0..10000 -q 0..2000 -ops " + x.ops + " -rare -form none",
				"30 games of every size, density and temperament, " + rare + " its clicks allow (an 8, a board of one safe cell, a cascade over all of 200x200, a P or a ? clicked, a middle click lost to a ?): games of no operation (R-B2), boards of no mine and of mines only (R-B1), INVALID after the end",
				slices.Concat([]string{reset, "bug:short-queue", "misreading:win-before-first", "misreading:no-quit-without-ops"}, x.every)},
			aimed{"boom -T 1 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + x.ops + " -layout sparse -player patient -form none",
				"a cascade over most of 200x200, then a game that lasts to its 0. Aims at: a recursive flood fill",
				slices.Concat([]string{"bug:short-queue"}, x.cascade)},
			aimed{"boom -T 5 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + x.ops + " -layout dense -player careful -form none",
				"careful games on dense boards: long, and lost to a middle click around a wrong P, then INVALID to the 0",
				slices.Concat([]string{reset}, x.long)},
			aimed{"boom -T 30 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + x.ops + " -layout dense -player patient -form none",
				"30 games at 200x200, each 10000 operations answered RUNNING and then QUIT",
				slices.Concat([]string{"bug:rescan", reset}, x.lasting)})
	}
	tests[len(tests)-1].call = "boom -T 30 -n 200 -m 200 -k 10000 -q 10000 -ops 1,2,3 -player patient -form none"
	tests[len(tests)-1].aim = "everything at its limit: 30 games at 200x200 with the table's most mines (k = 10000), each 10000 operations answered RUNNING and then QUIT"
	return plan(tests...)
}

// boomField is ref's game of boom on board as a sweeper plays it, with the clicks of
// kinds, leaving out the rulings of skip ('?' marks too, for R-B3), as mineField says.
// ended is the rulings the game reached once its ops operations are played (the watch's).
func boomField(board []string, kinds uint8, skip ruling.Set) (f *field, ended func(ops int) ruling.Set) {
	all, m := kinds == boomAllKinds, len(board[0])
	f = &field{m: m, allowed: [3]bool{true, all || kinds == boomLeftRight, all || kinds == boomLeftMiddle},
		ask: skip&ruling.B3 == 0, skip: skip}
	g := ref.NewBoomGame(board)
	w := ruling.NewBoomWatch(g)
	f.seen, f.over = &w.Seen, g.Over
	f.apply = func(k click, x, y int) {
		if g.Play(int(k)+1, x, y); skip != 0 { // the watch only leaves skipped rulings out
			w.See(g, int(k)+1, x, y)
		}
	}
	f.newlyOpened = func(opened func(p int)) {
		for _, c := range g.Changed() {
			if g.Opened(c[0], c[1]) {
				opened((c[0]-1)*m + c[1] - 1)
			}
		}
	}
	f.markOf = func(x, y int) uint8 {
		return uint8(strings.IndexByte("P?", g.View(x, y)) + 1) // markBlank for what is no mark
	}
	return f, w.Ended
}

func genBoom(r *rand.Rand, sh boomShape, skip *Skip) testcase.Boom {
	kinds := sh.kinds
	if kinds == boomAnyKinds {
		// Half the cases play every click, the rest one mix of the test table each.
		kinds = pick(r.Intn(2) == 0, uint8(1+r.Intn(4)), boomAllKinds)
	}
	games := make([]testcase.BoomGame, pickEdge(r, sh.games))
	rare := 0 // the next of boomRare to play on to (-rare)
	for i := range games {
		// A game that reaches a skipped ruling after all (its only operation left out with
		// R-B2 skipped) is drawn again.
		games[i] = Redraw(skip, ruling.Boom(), func() boomDraw {
			d := genBoomGame(r, sh, kinds, skip)
			if sh.rare && r.Intn(2) == 0 {
				d = rareBoomGame(r, sh, kinds, d, &rare, skip.of(ruling.Boom()))
			}
			return d
		}, func(d boomDraw) ruling.Set { return d.seen }).game
	}
	// The form last, so that the games of a seed stay as they were; a form that writes
	// the input as another does (a tab where split left no space) is that one, as the
	// input reads back.
	c := testcase.Boom{Games: games}
	if f := sh.form.draw(r); f != 0 {
		canonical := c.Encode()
		c.Form = testcase.FormOf(canonical, f.Respace(canonical))
	}
	return c
}

// boomDraw is a game drawn and the rulings it reaches.
type boomDraw struct {
	game testcase.BoomGame
	seen ruling.Set
}

// boomRealLayouts are the boards of the test table's real-game tests: n, m, k.
var boomRealLayouts = [...][3]int{{9, 9, 10}, {16, 16, 40}, {16, 30, 99}}

func genBoomGame(r *rand.Rand, sh boomShape, kinds uint8, skip *Skip) boomDraw {
	avoid := skip.of(ruling.Boom())
	var n, m int
	var cells []byte
	first := -1 // the real game's first click
	if sh.layout == boomReal {
		var k int
		if sh.n[1] > 0 {
			n, m = pickEdge(r, sh.n), pickEdge(r, sh.m)
			k = pickEdge(r, span{min(sh.mines[0], n*m-9), min(sh.mines[1], n*m-9)})
		} else if v := r.Intn(4); v < 3 {
			n, m, k = boomRealLayouts[v][0], boomRealLayouts[v][1], boomRealLayouts[v][2]
		} else {
			n, m = pickEdge(r, span{testcase.BoomMinSide, 40}), pickEdge(r, span{testcase.BoomMinSide, 40})
			k = pickEdge(r, span{0, min(320, n*m-9)})
		}
		first = r.Intn(n * m)
		cells = realBoomBoard(r, n, m, k, first)
	} else {
		n, m = pickEdge(r, sh.n), pickEdge(r, sh.m)
		density := [...]float64{boomRandom: pickDensity(r), boomDense: 0.1 + 0.1*r.Float64(), boomSparse: 0.001 + 0.009*r.Float64()}[sh.layout]
		cells = make([]byte, n*m)
		var mines []int
		for p := range cells {
			cells[p] = '_'
			if r.Float64() < density {
				cells[p] = '*'
				mines = append(mines, p)
			}
		}
		// Over the cap, clear mines drawn at random until it holds; under a floor, add
		// some.
		for sh.mines[1] > 0 && len(mines) > sh.mines[1] {
			i := r.Intn(len(mines))
			cells[mines[i]] = '_'
			mines[i] = mines[len(mines)-1]
			mines = mines[:len(mines)-1]
		}
		for len(mines) < min(sh.mines[0], n*m) {
			if p := r.Intn(n * m); cells[p] == '_' {
				cells[p] = '*'
				mines = append(mines, p)
			}
		}
		if len(mines) == n*m && avoid&ruling.B1 != 0 {
			cells[r.Intn(n*m)] = '_' // R-B1 skipped: never a board of all mines
			skip.note(ruling.Boom(), ruling.B1)
		}
	}
	if sh.player == boomPatient {
		return genBoomPatient(r, sh, cells, n, m, kinds, avoid, skip)
	}
	board := rowsOf(cells, m)
	f, ended := boomField(board, kinds, avoid)
	s := newSweeper(board, '*', f, r)
	if sh.player == boomCareful || r.Intn(2) == 0 {
		s.careful(false)
		s.weights[moveOpenSafe] += 5
	}
	if sh.player == boomCareful {
		s.weights[moveCycle], s.weights[moveRepeat] = 0, 0
		s.weights[moveChordAny] = 1
	}
	if !f.ask {
		s.weights[moveChordZero] = 0
	}
	q := pickEdge(r, sh.ops)
	if q == 0 && avoid&ruling.B2 != 0 {
		q = 1 // R-B2 skipped: never a game without operations
		skip.note(ruling.Boom(), ruling.B2)
	}
	if f.target = q; first >= 0 && q > 0 {
		s.click(clickOpen, first)
	}
	s.play()
	// A finished game mostly gets only a few clicks more, answered INVALID.
	ops := make([]testcase.BoomOp, len(s.played))
	for i, c := range s.played {
		ops[i] = testcase.BoomOp{Kind: testcase.BoomKind(c.k) + testcase.BoomLeft, X: c.p/m + 1, Y: c.p%m + 1}
	}
	if !f.stopped && f.over() {
		more := q - len(ops)
		if r.Intn(4) > 0 {
			more = min(more, max(r.Intn(4), sh.ops[0]-len(ops)))
		}
		for range more {
			k, x, y := f.randomClick(r, n)
			ops = append(ops, testcase.BoomOp{Kind: testcase.BoomKind(k) + testcase.BoomLeft, X: x, Y: y})
		}
	}
	skip.note(ruling.Boom(), f.avoided)
	return boomDraw{testcase.BoomGame{Board: board, Ops: ops}, ended(len(ops))}
}

// realBoomBoard places k mines uniformly outside the 3x3 square around first, as a real
// game does after the first click; k ≤ n·m - 9.
func realBoomBoard(r *rand.Rand, n, m, k, first int) []byte {
	var free []int
	for p := range n * m {
		if max(p/m-first/m, first/m-p/m, p%m-first%m, first%m-p%m) > 1 {
			free = append(free, p)
		}
	}
	r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	cells := []byte(strings.Repeat("_", n*m))
	for _, p := range free[:k] {
		cells[p] = '*'
	}
	return cells
}

// genBoomPatient plays a game that lasts (-player patient): the careful player of a long
// game, who never loses, and one safe cell kept closed, which no cascade reaches and no
// click of his opens, so that he never wins either. Every operation is answered RUNNING,
// and the game ends with QUIT: a judge works on it to its closing 0.
func genBoomPatient(r *rand.Rand, sh boomShape, cells []byte, n, m int, kinds uint8, avoid ruling.Set, skip *Skip) boomDraw {
	keep := keepClosed(r, cells, '_', n, m, 0)
	board := rowsOf(cells, m)
	f, ended := boomField(board, kinds, avoid)
	s := newSweeper(board, '*', f, r)
	s.careful(true)
	s.weights[moveOpenSafe] += 5
	s.weights[moveChordAny], s.weights[moveRepeat] = 0, 0
	s.weights[moveChordRight] += 20
	s.weights[moveFlagWrong], s.weights[moveChordOver] = 1, 2 // a P a middle click counts one too many
	s.focus = 4 * m
	f.hold = func(k click, p int) bool {
		return keep >= 0 && (k == clickOpen && p == keep || k == clickChord && p != keep && max(p/m-keep/m, keep/m-p/m, p%m-keep%m, keep%m-p%m) <= 1)
	}
	f.target = pickEdge(r, sh.ops)
	if f.target == 0 && avoid&ruling.B2 != 0 {
		f.target = 1 // R-B2 skipped: never a game without operations
		skip.note(ruling.Boom(), ruling.B2)
	}
	s.play()
	ops := make([]testcase.BoomOp, len(s.played))
	for i, c := range s.played {
		ops[i] = testcase.BoomOp{Kind: testcase.BoomKind(c.k) + testcase.BoomLeft, X: c.p/m + 1, Y: c.p%m + 1}
	}
	skip.note(ruling.Boom(), f.avoided)
	return boomDraw{testcase.BoomGame{Board: board, Ops: ops}, ended(len(ops))}
}

// boomRare are the rare situations a game of a -rare call is played on to, each with the
// finisher that plays it there, in the order the games of a case take them; board says
// the finisher makes a board of its own, which a call of real games' boards (-layout
// real) does not take.
var boomRare = []struct {
	id     string
	finish func(*boomScript)
	board  bool
}{
	{"cascade-40000", emptyLargest, true},
	{"board-one-safe", oneSafe, true},
	{"number-8", plantEight, true},
	{"win-no-change", allMines(int(testcase.BoomMiddle)), true},
	{"all-mines-won-first", allMines(0), true},
	{"all-mines-no-ops", allMines(-1), true},
	{"left-question-mine", markThen('?', testcase.BoomLeft, boomMineCell), false},
	{"left-on-flag", markThen('P', testcase.BoomLeft, boomAnyCell), false},
	{"middle-lose-question-mine", chordLose(true), false},
	{"middle-on-flag-matched", flagMatched, false},
	{"middle-on-question", markThen('?', testcase.BoomMiddle, boomAnyCell), false},
	{"middle-zero-opens", zeroWith('?', true), false},
	{"win-by-middle", winByMiddle, false},
	{"middle-match-no-change", chordNoChange, false},
	{"cascade-opens-question", zeroWith('?', false), false},
	{"middle-lose-safe-target", chordLose(false), false},
}

// rareBoomGame plays the game of d, up to the operation that ends it, on to the next
// situation of boomRare from *next that the call's clicks and q allow, and that reaches no
// ruling of avoid; d as it is if none does.
func rareBoomGame(r *rand.Rand, sh boomShape, kinds uint8, d boomDraw, next *int, avoid ruling.Set) boomDraw {
	situations := ruling.BoomSituations()
	entry := func(id string) int {
		return slices.IndexFunc(situations, func(s coverage.Situation) bool { return s.ID == id })
	}
	for try := range boomRare {
		rare := boomRare[(*next+try)%len(boomRare)]
		if rare.board && sh.layout == boomReal {
			continue
		}
		s := newBoomScript(d.game, kinds, r)
		s.maxMines = sh.mines[1]
		rare.finish(s)
		g := s.game()
		if len(g.Ops) > sh.ops[1] || !s.allowedOnly() || sh.mines[1] > 0 && strings.Count(strings.Join(g.Board, ""), "*") > sh.mines[1] {
			continue
		}
		input := testcase.Boom{Games: []testcase.BoomGame{g}}.Encode()
		if !ruling.BoomReach(input).Has(entry(rare.id)) {
			continue
		}
		seen := pick(avoid != 0, ruling.BoomInput(input), 0)
		if seen&avoid != 0 {
			continue
		}
		*next += try + 1
		return boomDraw{g, seen}
	}
	return d
}

// BoomAim is a generator whose cases reach situation id of boom's catalogue
// (ruling.BoomSituations) far more often than BoomGen's, for a hunt's steering; nil when
// BoomUnitGen is as good. Its cases are units, one small game each, but for the
// situations of a whole input (several games, the most games, every limit at once).
// They leave out the rulings of skip as the generators do: a case that reaches one is
// drawn again, and a situation that needs one is never reached.
func BoomAim(skip *Skip, id string) gopter.Gen {
	a, ok := boomAims[id]
	if !ok {
		return nil
	}
	return boomAimGen(skip, id, a)
}

// boomAim is how a hunt aims at one situation: a call whose cases reach it, or whose games
// a finisher plays on to it, checked (a case that misses it is drawn again, up to tries).
type boomAim struct {
	call   string
	finish func(s *boomScript) // plays the first game of the call's case on; nil: none
	tries  int                 // draws until one reaches the situation; 0: boomAimTries
}

// boomAimTries bounds the draws of an aimed case: the calls and finishers reach their
// situation in one draw in a few at worst, so that the bound is met only where the
// situation needs a ruling that a hunt leaves out.
const boomAimTries = 40

// The calls aims start from: a small game of every click, and a few small games in a row.
const (
	boomAimSmall = "boom -n 3..6 -m 3..6 -q 3..30 -ops 1,2,3 -form none"
	boomAimGames = "boom -T 2..4 -n 3..5 -m 3..5 -q 1..20 -form none"
	// boomAimBare is a small board without operations, for a finisher to play from the
	// start.
	boomAimBare = "boom -n 3..7 -m 3..7 -q 0 -form none"
)

// boomAims are the aims of the situations that BoomUnitGen reaches in fewer than about
// two cases in three; the others have none.
var boomAims = func() map[string]boomAim {
	aims := map[string]boomAim{
		"left-opened":               {call: boomAimSmall},
		"left-on-flag":              {call: boomAimSmall, finish: markThen('P', testcase.BoomLeft, boomAnyCell)},
		"left-mine":                 {call: boomAimSmall, finish: loseThen},
		"left-opens-number":         {call: boomAimSmall},
		"left-cascade":              {call: boomAimBare, finish: openZero},
		"left-opens-question":       {call: boomAimSmall, finish: markThen('?', testcase.BoomLeft, boomSafeCell)},
		"left-question-mine":        {call: boomAimSmall, finish: markThen('?', testcase.BoomLeft, boomMineCell)},
		"cascade-opens-question":    {call: boomAimBare, finish: zeroWith('?', false)},
		"cascade-stopped-by-flag":   {call: boomAimBare, finish: zeroWith('P', false)},
		"right-opened":              {call: boomAimSmall},
		"right-question-to-blank":   {call: boomAimSmall},
		"right-flag-to-question":    {call: boomAimSmall},
		"right-blank-to-flag":       {call: boomAimSmall},
		"middle-unopened":           {call: boomAimSmall},
		"middle-count-differs":      {call: boomAimSmall},
		"middle-opens":              {call: boomAimSmall, finish: chordRight},
		"middle-opens-question":     {call: boomAimSmall, finish: chordRight},
		"middle-cascade":            {call: "boom -n 5..9 -m 5..9 -q 0..4 -layout sparse -form none", finish: chordRight},
		"middle-targets-overlap":    {call: "boom -n 4..8 -m 4..8 -q 0..4 -layout sparse -form none", finish: chordRight},
		"middle-mine":               {call: boomAimSmall, finish: chordLose(false)},
		"middle-lose-safe-target":   {call: boomAimSmall, finish: chordLose(false)},
		"middle-lose-question":      {call: boomAimSmall, finish: chordLose(true)},
		"middle-lose-question-mine": {call: boomAimSmall, finish: chordLose(true)},
		"middle-match-no-change":    {call: boomAimSmall, finish: chordNoChange},
		"middle-zero-opens":         {call: boomAimBare, finish: zeroWith('?', true)},
		"middle-zero-no-change":     {call: boomAimBare, finish: zeroWith('_', true)},
		"middle-on-flag":            {call: boomAimSmall, finish: markThen('P', testcase.BoomMiddle, boomAnyCell)},
		"middle-on-flag-matched":    {call: boomAimSmall, finish: flagMatched},
		"middle-on-question":        {call: boomAimSmall, finish: markThen('?', testcase.BoomMiddle, boomAnyCell)},
		"win-after-change":          {call: boomAimSmall, finish: winThen},
		"win-no-change":             {call: boomAimBare, finish: allMines(int(testcase.BoomMiddle))},
		"win-by-middle":             {call: boomAimBare, finish: winByMiddle},
		"all-mines-won-first":       {call: boomAimBare, finish: allMines(0)},
		"all-mines-no-ops":          {call: boomAimBare, finish: allMines(-1)},
		"invalid-after-lose":        {call: boomAimSmall, finish: loseThen},
		"invalid-after-win":         {call: boomAimSmall, finish: winThen},
		"quit":                      {call: "boom -n 3..8 -m 3..8 -q 1..30 -player patient -form none"},
		"quit-no-ops":               {call: boomAimBare},
		// A whole input of several games.
		"separator":        {call: boomAimGames},
		"reset-after-over": {call: boomAimGames, finish: loseThen},
		"reset-cell":       {call: boomAimGames},
		"reset-smaller":    {call: boomAimGames},
		"games-30":         {call: "boom -T 30 -n 3..5 -m 3..5 -q 0..12 -form none"},
		// Games that end soon, then INVALID to their 10000th operation: the plan's tests
		// play long games at every limit, a steered case only needs to reach them.
		"input-largest": {call: "boom -T 30 -n 200 -m 200 -q 10000 -form none", tries: 1},
		// The limits.
		"board-3x3":        {call: "boom -n 3 -m 3 -q 0..25 -form none"},
		"board-200x200":    {call: "boom -n 200 -m 200 -q 0..40 -form none", tries: 1},
		"board-n-200":      {call: "boom -n 200 -m 3..200 -q 0..40 -form none", tries: 1},
		"board-m-200":      {call: "boom -n 3..200 -m 200 -q 0..40 -form none", tries: 1},
		"board-n-3":        {call: "boom -n 3 -m 4..12 -q 0..25 -form none"},
		"board-not-square": {call: "boom -n 3..8 -m 3..8 -q 0..25 -form none"},
		"board-m-3":        {call: "boom -n 4..12 -m 3 -q 0..25 -form none"},
		"ops-10000":        {call: "boom -n 3..8 -m 3..8 -q 10000 -form none", tries: 1},
		"board-no-mine":    {call: "boom -n 3..8 -m 3..8 -k 0 -q 0..25 -layout real -form none"},
		"board-all-mines":  {call: boomAimBare, finish: allMines(0)},
		"board-one-safe":   {call: boomAimBare, finish: oneSafe},
		"number-0":         {call: boomAimBare, finish: openZero},
		"number-8":         {call: boomAimBare, finish: plantEight},
		"cell-row-1":       {call: boomAimSmall, finish: clickAt(func(_, m int, r *rand.Rand) (int, int) { return 1, 1 + r.Intn(m) })},
		"cell-row-n":       {call: boomAimSmall, finish: clickAt(func(n, m int, r *rand.Rand) (int, int) { return n, 1 + r.Intn(m) })},
		"cell-column-1":    {call: boomAimSmall, finish: clickAt(func(n, _ int, r *rand.Rand) (int, int) { return 1 + r.Intn(n), 1 })},
		"cell-column-m":    {call: boomAimSmall, finish: clickAt(func(n, m int, r *rand.Rand) (int, int) { return 1 + r.Intn(n), m })},
		"cell-last-corner": {call: boomAimSmall, finish: clickAt(func(n, m int, _ *rand.Rand) (int, int) { return n, m })},
		"coordinate-200": {call: "boom -n 200 -m 3..12 -q 0..10 -form none", tries: 4,
			finish: clickAt(func(n, m int, r *rand.Rand) (int, int) { return n, 1 + r.Intn(m) })},
		"cascade-large": {call: "boom -n 150..200 -m 150..200 -k 0..60 -q 0 -layout real -form none", tries: 4, finish: openZero},
		"cascade-40000": {call: "boom -n 200 -m 200 -k 0 -q 0 -layout real -form none", tries: 4, finish: openZero},
	}
	for _, name := range testcase.FormNames {
		aims["form-"+name] = boomAim{call: "boom -n 3..6 -m 3..6 -q 0..20 -form " + name}
	}
	return aims
}()

// boomAimGen draws a's cases until one reaches situation id and no ruling skip leaves
// out, up to its tries; past them, a case of a's call alone.
func boomAimGen(skip *Skip, id string, a boomAim) gopter.Gen {
	base := mustGen(a.call, skip)
	entry := slices.IndexFunc(ruling.BoomSituations(), func(s coverage.Situation) bool { return s.ID == id })
	avoid := skip.of(ruling.Boom())
	tries := cmp.Or(a.tries, boomAimTries)
	return func(p *gopter.GenParameters) *gopter.GenResult {
		for range tries {
			c := drawBoom(base, p)
			if a.finish != nil {
				s := newBoomScript(c.Games[0], boomAllKinds, p.Rng)
				a.finish(s)
				c.Games[0] = s.game()
			}
			input := c.Encode()
			if hit := pick(avoid != 0, ruling.BoomInput(input), 0) & avoid; hit != 0 {
				skip.note(ruling.Boom(), hit)
				continue
			}
			if tries == 1 || ruling.BoomReach(input).Has(entry) {
				return gopter.NewGenResult(c, ShrinkBoom)
			}
		}
		return gopter.NewGenResult(drawBoom(base, p), ShrinkBoom)
	}
}

// drawBoom is a case of g.
func drawBoom(g gopter.Gen, p *gopter.GenParameters) testcase.Boom {
	v, _ := g(p).Retrieve()
	return v.(testcase.Boom)
}

// boomScript plays clicks on a game of boom from where its operations left it, and keeps
// them: a finisher's way to the situation it aims at, on ref's own game.
type boomScript struct {
	g        *ref.BoomGame
	board    []string
	n, m     int
	ops      []testcase.BoomOp
	allowed  []testcase.BoomKind // the clicks a random one is drawn from
	maxMines int                 // the most mines a board of the finisher's own may hold; 0: n·m
	r        *rand.Rand
}

// newBoomScript is a script of game, its operations played up to the one that ends it,
// which is left out with those after it; random clicks are of kinds (boomAllKinds, …).
func newBoomScript(game testcase.BoomGame, kinds uint8, r *rand.Rand) *boomScript {
	s := &boomScript{board: game.Board, n: len(game.Board), m: len(game.Board[0]), r: r}
	s.allowed = [][]testcase.BoomKind{boomLeftOnly: {testcase.BoomLeft}, boomLeftRight: {testcase.BoomLeft, testcase.BoomRight},
		boomLeftMiddle: {testcase.BoomLeft, testcase.BoomMiddle}, boomAllKinds: {testcase.BoomLeft, testcase.BoomRight, testcase.BoomMiddle}}[kinds]
	end := ref.NewBoomGame(game.Board)
	played := 0
	for played < len(game.Ops) {
		op := game.Ops[played]
		if end.Play(int(op.Kind), op.X, op.Y); end.Over() {
			break
		}
		played++
	}
	s.restart(game.Board)
	for _, op := range game.Ops[:played] {
		s.click(op.Kind, op.X, op.Y)
	}
	return s
}

// fitMines shrinks the board's size, taking a row or a column off the longer side, until a
// board of mines but spare cells fits maxMines.
func (s *boomScript) fitMines(spare int) {
	for s.maxMines > 0 && s.n*s.m-spare > s.maxMines && max(s.n, s.m) > testcase.BoomMinSide {
		if s.n >= s.m {
			s.n--
		} else {
			s.m--
		}
	}
}

// allowedOnly reports whether the script's clicks are all of its kinds.
func (s *boomScript) allowedOnly() bool {
	for _, op := range s.ops {
		if !slices.Contains(s.allowed, op.Kind) {
			return false
		}
	}
	return true
}

// restart makes board the game's, with no operation played.
func (s *boomScript) restart(board []string) {
	s.board, s.g, s.ops = board, ref.NewBoomGame(board), nil
}

func (s *boomScript) game() testcase.BoomGame {
	return testcase.BoomGame{Board: s.board, Ops: s.ops}
}

// click plays k on <x, y>, answered INVALID once the game is over.
func (s *boomScript) click(k testcase.BoomKind, x, y int) {
	s.g.Play(int(k), x, y)
	s.ops = append(s.ops, testcase.BoomOp{Kind: k, X: x, Y: y})
}

// markTo right-clicks the closed cell <x, y> until the map shows mark there.
func (s *boomScript) markTo(x, y int, mark byte) {
	for i := 0; i < 2 && !s.g.Over() && !s.g.Opened(x, y) && s.g.View(x, y) != mark; i++ {
		s.click(testcase.BoomRight, x, y)
	}
}

// open left-clicks the closed safe cell <x, y>, its P taken off first.
func (s *boomScript) open(x, y int) {
	s.markTo(x, y, '_')
	s.click(testcase.BoomLeft, x, y)
}

// random plays a click of a kind the script allows anywhere.
func (s *boomScript) random() {
	s.click(s.allowed[s.r.Intn(len(s.allowed))], 1+s.r.Intn(s.n), 1+s.r.Intn(s.m))
}

// closed reports whether <x, y> is not opened.
func (s *boomScript) closed(x, y int) bool { return !s.g.Opened(x, y) }

// pickCell is a random cell that ok accepts.
func (s *boomScript) pickCell(ok func(x, y int) bool) (x, y int, found bool) {
	var cells [][2]int
	for x := 1; x <= s.n; x++ {
		for y := 1; y <= s.m; y++ {
			if ok(x, y) {
				cells = append(cells, [2]int{x, y})
			}
		}
	}
	if len(cells) == 0 {
		return 0, 0, false
	}
	c := cells[s.r.Intn(len(cells))]
	return c[0], c[1], true
}

// around lists the neighbours of <x, y> that ok accepts, in a random order.
func (s *boomScript) around(x, y int, ok func(x, y int) bool) [][2]int {
	var out [][2]int
	for nx := max(x-1, 1); nx <= min(x+1, s.n); nx++ {
		for ny := max(y-1, 1); ny <= min(y+1, s.m); ny++ {
			if (nx != x || ny != y) && ok(nx, ny) {
				out = append(out, [2]int{nx, ny})
			}
		}
	}
	s.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// The cells a finisher may pick.
const (
	boomAnyCell = iota
	boomSafeCell
	boomMineCell
)

// markThen marks a closed cell (any, safe or a mine: which) with mark, then clicks it
// with k.
func markThen(mark byte, k testcase.BoomKind, which int) func(*boomScript) {
	return func(s *boomScript) {
		x, y, ok := s.pickCell(func(x, y int) bool {
			return s.closed(x, y) && (which == boomAnyCell || s.g.Mine(x, y) == (which == boomMineCell))
		})
		if ok {
			s.markTo(x, y, mark)
			s.click(k, x, y)
		}
	}
}

// loseThen left-clicks a mine, then clicks once more, answered INVALID.
func loseThen(s *boomScript) {
	if x, y, ok := s.pickCell(func(x, y int) bool { return s.g.Mine(x, y) }); ok {
		s.open(x, y)
		s.random()
	}
}

// winThen opens every safe cell, then clicks once more, answered INVALID.
func winThen(s *boomScript) {
	for x := 1; x <= s.n; x++ {
		for y := 1; y <= s.m; y++ {
			if s.closed(x, y) && !s.g.Mine(x, y) {
				s.open(x, y)
			}
		}
	}
	s.random()
}

// zeroWith opens a closed 0 whose neighbour is first marked mark; then, for middle, it
// turns a P it left into a ? (R-B3) and middle-clicks the 0.
func zeroWith(mark byte, middle bool) func(*boomScript) {
	return func(s *boomScript) {
		x, y, ok := s.pickCell(func(x, y int) bool { return s.closed(x, y) && !s.g.Mine(x, y) && s.g.Number(x, y) == 0 })
		if !ok {
			return
		}
		around := s.around(x, y, s.closed)
		for _, c := range around {
			s.markTo(c[0], c[1], '_')
		}
		if len(around) > 0 {
			s.markTo(around[0][0], around[0][1], pick(middle && mark == '?', 'P', mark))
		}
		s.open(x, y)
		if middle {
			if len(around) > 0 && mark == '?' {
				s.markTo(around[0][0], around[0][1], '?')
			}
			s.click(testcase.BoomMiddle, x, y)
		}
	}
}

// opening is an opened cell showing 1 to 8 with a closed safe neighbour and, for mined, a
// closed mine around: one opened first if there is none.
func (s *boomScript) opening(mined bool) (x, y int, ok bool) {
	fits := func(x, y int) bool {
		return !s.g.Mine(x, y) && s.g.Number(x, y) > 0 &&
			len(s.around(x, y, func(a, b int) bool { return s.closed(a, b) && !s.g.Mine(a, b) })) > 0 &&
			(!mined || len(s.around(x, y, s.g.Mine)) > 0)
	}
	if x, y, ok = s.pickCell(func(x, y int) bool { return s.g.Opened(x, y) && fits(x, y) }); ok {
		return x, y, true
	}
	if x, y, ok = s.pickCell(func(x, y int) bool { return s.closed(x, y) && fits(x, y) }); ok {
		s.open(x, y)
	}
	return x, y, ok && s.g.Opened(x, y)
}

// chordRight flags the mines around an opened number, marks some of its safe closed
// neighbours ?, and middle-clicks it: it opens them.
func chordRight(s *boomScript) {
	x, y, ok := s.opening(false)
	if !ok {
		return
	}
	for _, c := range s.around(x, y, s.closed) {
		s.markTo(c[0], c[1], pick(s.g.Mine(c[0], c[1]), byte('P'), pick(s.r.Intn(3) == 0, byte('?'), '_')))
	}
	s.click(testcase.BoomMiddle, x, y)
}

// chordLose flags around an opened number as many cells as it counts, one of them safe
// and one mine left bare (marked ? for question), and middle-clicks it: LOSE.
func chordLose(question bool) func(*boomScript) {
	return func(s *boomScript) {
		x, y, ok := s.opening(true)
		if !ok {
			return
		}
		mines := s.around(x, y, s.g.Mine)
		safe := s.around(x, y, func(a, b int) bool { return s.closed(a, b) && !s.g.Mine(a, b) })
		for _, c := range s.around(x, y, s.closed) {
			s.markTo(c[0], c[1], pick(s.g.Mine(c[0], c[1]), byte('P'), pick(question && s.r.Intn(2) == 0, byte('?'), '_')))
		}
		s.markTo(mines[0][0], mines[0][1], pick(question, byte('?'), '_'))
		s.markTo(safe[0][0], safe[0][1], 'P')
		s.click(testcase.BoomMiddle, x, y)
	}
}

// chordNoChange flags the mines around an opened number, opens its safe neighbours, and
// middle-clicks it: nothing left to open.
func chordNoChange(s *boomScript) {
	x, y, ok := s.opening(false)
	if !ok {
		return
	}
	for _, c := range s.around(x, y, s.closed) {
		if s.g.Mine(c[0], c[1]) {
			s.markTo(c[0], c[1], 'P')
		} else {
			s.open(c[0], c[1])
		}
	}
	s.click(testcase.BoomMiddle, x, y)
}

// flagMatched flags a closed cell and as many of its closed neighbours as it has mines
// around, leaving one closed neighbour without P, and middle-clicks it: nothing changes,
// where a judge taking a P for opened acts.
func flagMatched(s *boomScript) {
	x, y, ok := s.pickCell(func(x, y int) bool {
		return s.closed(x, y) && len(s.around(x, y, s.closed)) > s.g.Number(x, y)
	})
	if !ok {
		return
	}
	s.markTo(x, y, 'P')
	for i, c := range s.around(x, y, s.closed) {
		s.markTo(c[0], c[1], pick(i < s.g.Number(x, y), byte('P'), pick(s.r.Intn(3) == 0, byte('?'), '_')))
	}
	s.click(testcase.BoomMiddle, x, y)
}

// winByMiddle opens every safe cell but the closed safe neighbours of one number, then
// flags its mines and middle-clicks it: the last safe cells open, and the game is won.
func winByMiddle(s *boomScript) {
	x, y, ok := s.opening(false)
	if !ok {
		return
	}
	for a := 1; a <= s.n; a++ {
		for b := 1; b <= s.m; b++ {
			if s.closed(a, b) && !s.g.Mine(a, b) && max(a-x, x-a, b-y, y-b) > 1 {
				s.open(a, b)
			}
		}
	}
	for _, c := range s.around(x, y, s.closed) {
		s.markTo(c[0], c[1], pick(s.g.Mine(c[0], c[1]), byte('P'), '_'))
	}
	s.click(testcase.BoomMiddle, x, y)
}

// allMines makes the board all mines and plays first, then a click more: a click of a
// random kind (0), none at all (-1), or a click of kind first (a testcase.BoomKind).
func allMines(first int) func(*boomScript) {
	return func(s *boomScript) {
		s.fitMines(0)
		s.restart(slices.Repeat([]string{strings.Repeat("*", s.m)}, s.n))
		switch first {
		case -1:
			return
		case 0:
			s.random()
		default:
			s.click(testcase.BoomKind(first), 1+s.r.Intn(s.n), 1+s.r.Intn(s.m))
		}
		s.random()
	}
}

// oneSafe makes the board all mines but one cell, and clicks: a left click on the safe
// cell one time in two, which wins.
func oneSafe(s *boomScript) {
	s.fitMines(1)
	x, y := 1+s.r.Intn(s.n), 1+s.r.Intn(s.m)
	board := slices.Repeat([]string{strings.Repeat("*", s.m)}, s.n)
	board[x-1] = board[x-1][:y-1] + "_" + board[x-1][y:]
	s.restart(board)
	if s.r.Intn(2) == 0 {
		s.click(testcase.BoomLeft, x, y)
	}
	s.random()
}

// plantEight mines the eight neighbours of an inner cell, clears it, and opens it.
func plantEight(s *boomScript) {
	x, y := 2+s.r.Intn(s.n-2), 2+s.r.Intn(s.m-2)
	cells := []byte(strings.Join(s.board, ""))
	for a := x - 1; a <= x+1; a++ {
		for b := y - 1; b <= y+1; b++ {
			cells[(a-1)*s.m+b-1] = pick(a == x && b == y, byte('_'), '*')
		}
	}
	s.restart(rowsOf(cells, s.m))
	s.click(testcase.BoomLeft, x, y)
	s.random()
}

// clickAt clicks, with a random kind, the cell where returns.
func clickAt(where func(n, m int, r *rand.Rand) (x, y int)) func(*boomScript) {
	return func(s *boomScript) {
		x, y := where(s.n, s.m, s.r)
		s.click(testcase.BoomKind(1+s.r.Intn(3)), x, y)
	}
}

// emptyLargest makes the board the largest, without a mine, and left-clicks it: a
// cascade over all of it.
func emptyLargest(s *boomScript) {
	s.n, s.m = testcase.BoomMaxSide, testcase.BoomMaxSide
	s.restart(slices.Repeat([]string{strings.Repeat("_", s.m)}, s.n))
	s.click(testcase.BoomLeft, 1+s.r.Intn(s.n), 1+s.r.Intn(s.m))
}

// openZero left-clicks a closed safe 0: a cascade over its region.
func openZero(s *boomScript) {
	if x, y, ok := s.pickCell(func(x, y int) bool { return s.closed(x, y) && !s.g.Mine(x, y) && s.g.Number(x, y) == 0 }); ok {
		s.open(x, y)
	}
}
