package gen

import (
	"flag"
	"math/rand"
	"slices"
	"strings"

	"github.com/leanovate/gopter"

	"gamediff/fast"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

// ShrinkBoom is the gopter.Shrinker of boom cases: cuts of games, operations, rows and
// columns (n, m ≥ 3) and mines, then each x, y and click toward 1; every candidate is
// smaller in the order (games, operations, Σ n·m, mines, Σ x + y, Σ op).
func ShrinkBoom(v any) gopter.Shrink { return shrinkBoom(v.(testcase.Boom), skipTwins) }

func shrinkBoom(c testcase.Boom, twins twinCuts) gopter.Shrink {
	lists := []cutList{
		sized(len(c.Games), func(lo, hi int) (any, bool) {
			return testcase.Boom{Games: slices.Concat(c.Games[:lo], c.Games[hi:])}, hi-lo < len(c.Games)
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Games[a:a+n], c.Games[b:b+n], func(g, h testcase.BoomGame) bool {
				return slices.Equal(g.Board, h.Board) && slices.Equal(g.Ops, h.Ops)
			})
		}),
	}
	with := func(i int, g testcase.BoomGame) testcase.Boom {
		games := slices.Clone(c.Games)
		games[i] = g
		return testcase.Boom{Games: games}
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
// the sizes of their rows, real games first, then four per mix of clicks: games of every
// size and temperament, a giant cascade and a long game after it, careful games that
// win, and 30 games at 200x200 that last to their closing 0, 10000 operations each, the
// last at the table's most mines (k = 10000).
func BoomPlan() []PlanTest {
	const rescan = "the map copied or compared whole on each click, O(n·m) per operation"
	tests := []aimed{
		{"boom -T 10 -n 9 -m 9 -k 10 -q 1..400 -ops 1,2,3 -layout real",
			"real games at 9x9 with 10 mines, the first click safe; WIN and LOSE. Fails: a map kept from the game before (no reset)", nil},
		{"boom -T 10 -n 16 -m 16 -k 40 -q 1..400 -ops 1,2,3 -layout real",
			"real games at 16x16 with 40 mines. Fails: a cascade stopped by a '?' (R-B3)", nil},
		{"boom -T 10 -n 16 -m 30 -k 99 -q 1..400 -ops 1,2,3 -layout real",
			"real games at 16x30 with 99 mines, n ≠ m. Fails: rows and columns swapped", nil},
		{"boom -T 30 -n 3..40 -m 3..40 -k 0..320 -q 1..400 -ops 1,2,3 -layout real",
			"30 real games up to 40x40, 3x3 among them. Fails: a map kept from the game before (no reset)", nil},
	}
	for _, ops := range []string{"1", "1,2", "1,3", "1,2,3"} { // tests 5-20, four per mix of clicks
		tests = append(tests,
			aimed{"boom -T 30 -n 3..200 -m 3..200 -k 0..10000 -q 0..2000 -ops " + ops,
				"30 games of every size, density and temperament: games of no operation (R-B2), boards of no mine and of mines only (R-B1), INVALID after the end. Fails: WIN checked only after a change; a map kept from the game before", nil},
			aimed{"boom -T 1 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + ops + " -layout sparse -player patient",
				"a cascade over most of 200x200, then a game that lasts to its 0. Fails: a recursive flood fill; " + rescan, nil},
			aimed{"boom -T 5 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + ops + " -layout dense -player careful",
				"careful games on dense boards: long, and lost to a middle click around a wrong P, then INVALID to the 0. Fails: WIN checked only after a change; a middle click that skips a 0 (R-B3)", nil},
			aimed{"boom -T 30 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + ops + " -layout dense -player patient",
				"30 games at 200x200, each 10000 operations answered RUNNING and then QUIT. Fails: " + rescan, nil})
	}
	tests[len(tests)-1] = aimed{"boom -T 30 -n 200 -m 200 -k 10000 -q 10000 -ops 1,2,3 -player patient",
		"everything at its limit: 30 games at 200x200 with the table's most mines (k = 10000), each 10000 operations answered RUNNING and then QUIT. Fails: " + rescan, nil}
	return plan(tests...)
}

// boomField is a game of boom on board as a sweeper plays it, with the clicks of kinds,
// leaving out the rulings of skip ('?' marks too, for R-B3): ref's game where rulings are
// skipped, else the judge's board of package fast, as mineField says. ended is the
// rulings the game reached once its ops operations are played: the watch's where rulings
// are skipped; none else, where nothing asks.
func boomField(board []string, kinds uint8, skip ruling.Set) (f *field, ended func(ops int) ruling.Set) {
	all, m := kinds == boomAllKinds, len(board[0])
	f = &field{m: m, allowed: [3]bool{true, all || kinds == boomLeftRight, all || kinds == boomLeftMiddle},
		ask: skip&ruling.B3 == 0, skip: skip}
	if skip == 0 && !playOnRef {
		g := fast.NewBoomPlay(board)
		f.seen, f.over, f.newlyOpened = new(ruling.Set), g.Over, g.Newly
		f.apply = func(k click, x, y int) { g.Play(int(k)+1, x, y) }
		f.markOf = func(x, y int) uint8 { return uint8(strings.IndexByte("P?", g.Mark(x, y)) + 1) }
		return f, func(int) ruling.Set { return 0 }
	}
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
	for i := range games {
		// A game that reaches a skipped ruling after all (its only operation left out with
		// R-B2 skipped) is drawn again.
		games[i] = Redraw(skip, ruling.Boom(), func() boomDraw { return genBoomGame(r, sh, kinds, skip) },
			func(d boomDraw) ruling.Set { return d.seen }).game
	}
	return testcase.Boom{Games: games}
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

// BoomAim is a generator whose cases reach situation id of boom's catalogue
// (ruling.BoomSituations) far more often than BoomGen's, for a hunt's steering; nil when
// BoomGen is as good.
func BoomAim(skip *Skip, id string) gopter.Gen { return nil }
