package gen

import (
	"flag"
	"math/rand"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"

	"gamediff/ref"
	"gamediff/ruling"
)

// Limits of the game boom (seed 003, 限制): 1 ≤ T ≤ 30; 3 ≤ n, m ≤ 200; up to 10000
// operations a game, its closing 0 not counted.
const (
	BoomMaxGames = 30
	boomMinSide  = 3
	boomMaxSide  = 200
	boomMaxOps   = 10000
	// boomTableMines is the most mines of a board in any row of the test table (限制):
	// the statement allows n·m, its tests hold at most 10000.
	boomTableMines = 10000
)

// Boom is one input of the game boom: T games played one after the other.
type Boom struct {
	Games []boomGame
}

// boomGame is one game: a board and the operations read before its closing 0.
type boomGame struct {
	board []string // n rows of m bytes: '*' a mine, '_' empty
	ops   []boomOp
}

// boomOp is one operation line "op x y": op 1, 2 or 3 clicks left, right or middle.
type boomOp struct {
	kind boomKind
	x, y int
}

type boomKind uint8

const (
	boomLeft boomKind = iota + 1
	boomRight
	boomMiddle
)

// Encode renders the case as judge input.
func (c Boom) Encode() []byte {
	b := strconv.AppendInt(nil, int64(len(c.Games)), 10)
	b = append(b, '\n')
	for _, g := range c.Games {
		b = appendInts(b, len(g.board), len(g.board[0]))
		for _, row := range g.board {
			b = append(append(b, row...), '\n')
		}
		for _, op := range g.ops {
			b = appendInts(b, int(op.kind), op.x, op.y)
		}
		b = append(b, '0', '\n')
	}
	return b
}

// DecodeBoom is the validator of boom (R-IN3): the exact format and every limit, each
// game closed by 0 and nothing after the last; the first violation names its line.
func DecodeBoom(input []byte) (Boom, error) {
	s := newInStream(input)
	games := s.number("T", 1, BoomMaxGames)
	s.eoln()
	var c Boom
	for t := 1; t <= games && s.err == nil; t++ {
		game := "game " + strconv.Itoa(t) + ": "
		n := s.number(game+"n", boomMinSide, boomMaxSide)
		s.space()
		m := s.number(game+"m", boomMinSide, boomMaxSide)
		s.eoln()
		g := boomGame{board: make([]string, n)}
		for i := range g.board {
			g.board[i] = s.row(game+"row "+strconv.Itoa(i+1), m, "_*")
		}
		for kind := s.number(game+"op", 0, 3); kind != 0; kind = s.number(game+"op", 0, 3) {
			if len(g.ops) == boomMaxOps {
				s.fail("%smore than %d operations (q ≤ %d)", game, boomMaxOps, boomMaxOps)
				break
			}
			op := boomOp{kind: boomKind(kind)}
			s.space()
			op.x = s.number(game+"x", 1, n)
			s.space()
			op.y = s.number(game+"y", 1, m)
			s.eoln()
			g.ops = append(g.ops, op)
		}
		s.eoln()
		c.Games = append(c.Games, g)
	}
	s.end("the last game")
	return c, s.err
}

// BoomFromBytes decodes fuzzer bytes into a valid case (see tape): T, then per game n, m,
// the board and a count of operations, three bytes each; the last game takes operations
// until the bytes run out. No game takes an operation once they have: a count read near
// the end would otherwise be filled from the zeros past it (51 bytes made thousands of
// clicks on one cell, and a fuzzer's run of the naive ref on them its slowest by far).
// Boom.Bytes is its inverse.
func BoomFromBytes(data []byte) Boom {
	t := &tape{data: data}
	games := make([]boomGame, t.size(1, 3, BoomMaxGames))
	for i := range games {
		n, m := t.size(boomMinSide, 8, boomMaxSide), t.size(boomMinSide, 8, boomMaxSide)
		games[i].board = t.board(n, m, '_', '*')
		last := i == len(games)-1
		q := boomMaxOps
		if !last {
			q = t.size(0, 40, boomMaxOps)
		}
		for len(games[i].ops) < q && !t.exhausted() {
			games[i].ops = append(games[i].ops, boomOp{kind: boomKind(1 + t.intn(3)), x: 1 + t.intn(n), y: 1 + t.intn(m)})
		}
	}
	return Boom{games}
}

// Bytes is the inverse of BoomFromBytes: fuzz seeds in which a changed byte changes one
// cell or one operation, almost always.
func (c Boom) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Games), 1, 3, BoomMaxGames)
	for i, g := range c.Games {
		n, m := len(g.board), len(g.board[0])
		w.size(n, boomMinSide, 8, boomMaxSide)
		w.size(m, boomMinSide, 8, boomMaxSide)
		w.board(g.board, '*')
		if i < len(c.Games)-1 {
			w.size(len(g.ops), 0, 40, boomMaxOps)
		}
		for _, op := range g.ops {
			w.intn(int(op.kind)-1, 3)
			w.intn(op.x-1, n)
			w.intn(op.y-1, m)
		}
	}
	return w.data
}

// Bounds lists the constrained quantities of the case with their limits; of op, x and y
// only the extremes of each game, which tell whether some value reaches a limit. k's
// limit is n·m, and the test table's 10000 for every test (boomTableMines).
func (c Boom) Bounds() []Bound {
	b := []Bound{{"T", len(c.Games), 1, BoomMaxGames}}
	for _, g := range c.Games {
		n, m := len(g.board), len(g.board[0])
		b = append(b, Bound{"n", n, boomMinSide, boomMaxSide}, Bound{"m", m, boomMinSide, boomMaxSide},
			Bound{"q", len(g.ops), 0, boomMaxOps}, Bound{"k", strings.Count(strings.Join(g.board, ""), "*"), 0, min(n*m, boomTableMines)})
		if len(g.ops) == 0 {
			continue
		}
		lo, hi := g.ops[0], g.ops[0]
		for _, op := range g.ops {
			lo.kind, hi.kind = min(lo.kind, op.kind), max(hi.kind, op.kind)
			lo.x, hi.x = min(lo.x, op.x), max(hi.x, op.x)
			lo.y, hi.y = min(lo.y, op.y), max(hi.y, op.y)
		}
		b = append(b, Bound{"op", int(lo.kind), 1, 3}, Bound{"op", int(hi.kind), 1, 3},
			Bound{"x", lo.x, 1, n}, Bound{"x", hi.x, 1, n}, Bound{"y", lo.y, 1, m}, Bound{"y", hi.y, 1, m})
	}
	return b
}

// ShrinkBoom is the gopter.Shrinker of boom cases: cuts of games, operations, rows and
// columns (n, m ≥ 3) and mines, then each x, y and click toward 1; every candidate is
// smaller in the order (games, operations, Σ n·m, mines, Σ x + y, Σ op).
func ShrinkBoom(v any) gopter.Shrink { return shrinkBoom(v.(Boom), skipTwins) }

func shrinkBoom(c Boom, twins twinCuts) gopter.Shrink {
	lists := []cutList{
		sized(len(c.Games), func(lo, hi int) (any, bool) {
			return Boom{slices.Concat(c.Games[:lo], c.Games[hi:])}, hi-lo < len(c.Games)
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Games[a:a+n], c.Games[b:b+n], func(g, h boomGame) bool {
				return slices.Equal(g.board, h.board) && slices.Equal(g.ops, h.ops)
			})
		}),
	}
	with := func(i int, g boomGame) Boom {
		games := slices.Clone(c.Games)
		games[i] = g
		return Boom{games}
	}
	// number j of an operation: its x, its y, its click.
	number := func(op *boomOp, j int) *int { return []*int{&op.x, &op.y, nil}[j] }
	for i, g := range c.Games {
		lists = append(lists, sized(len(g.ops), func(lo, hi int) (any, bool) {
			return with(i, boomGame{g.board, slices.Concat(g.ops[:lo], g.ops[hi:])}), true
		}).withTwins(func(a, b, n int) bool { return slices.Equal(g.ops[a:a+n], g.ops[b:b+n]) }))
		lists = append(lists, boardCuts(g.board, boomMinSide, "", "*", '_', g.ops, number, func(board []string, ops []boomOp) (any, bool) {
			return with(i, boomGame{board, ops}), true
		})...)
	}
	// The numbers of all games in a row: three per operation.
	total, locate := inARow(c.Games, func(g boomGame) int { return 3 * len(g.ops) })
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), shrinkNumbers(total, func(i int) []int {
		game, k := locate(i)
		op := c.Games[game].ops[k/3]
		return toward([]int{op.x, op.y, int(op.kind)}[k%3], 1)
	}, func(i, v int) any {
		game, k := locate(i)
		g := c.Games[game]
		ops := slices.Clone(g.ops)
		if p := number(&ops[k/3], k%3); p != nil {
			*p = v
		} else {
			ops[k/3].kind = boomKind(v)
		}
		return with(game, boomGame{g.board, ops})
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
			"real games at 9x9 with 10 mines, the first click safe; WIN and LOSE. Fails: a map kept from the game before (no reset)"},
		{"boom -T 10 -n 16 -m 16 -k 40 -q 1..400 -ops 1,2,3 -layout real",
			"real games at 16x16 with 40 mines. Fails: a cascade stopped by a '?' (R-B3)"},
		{"boom -T 10 -n 16 -m 30 -k 99 -q 1..400 -ops 1,2,3 -layout real",
			"real games at 16x30 with 99 mines, n ≠ m. Fails: rows and columns swapped"},
		{"boom -T 30 -n 3..40 -m 3..40 -k 0..320 -q 1..400 -ops 1,2,3 -layout real",
			"30 real games up to 40x40, 3x3 among them. Fails: a map kept from the game before (no reset)"},
	}
	for _, ops := range []string{"1", "1,2", "1,3", "1,2,3"} { // tests 5-20, four per mix of clicks
		tests = append(tests,
			aimed{"boom -T 30 -n 3..200 -m 3..200 -k 0..10000 -q 0..2000 -ops " + ops,
				"30 games of every size, density and temperament: games of no operation (R-B2), boards of no mine and of mines only (R-B1), INVALID after the end. Fails: WIN checked only after a change; a map kept from the game before"},
			aimed{"boom -T 1 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + ops + " -layout sparse -player patient",
				"a cascade over most of 200x200, then a game that lasts to its 0. Fails: a recursive flood fill; " + rescan},
			aimed{"boom -T 5 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + ops + " -layout dense -player careful",
				"careful games on dense boards: long, and lost to a middle click around a wrong P, then INVALID to the 0. Fails: WIN checked only after a change; a middle click that skips a 0 (R-B3)"},
			aimed{"boom -T 30 -n 200 -m 200 -k 0..10000 -q 10000 -ops " + ops + " -layout dense -player patient",
				"30 games at 200x200, each 10000 operations answered RUNNING and then QUIT. Fails: " + rescan})
	}
	tests[len(tests)-1] = aimed{"boom -T 30 -n 200 -m 200 -k 10000 -q 10000 -ops 1,2,3 -player patient",
		"everything at its limit: 30 games at 200x200 with the table's most mines (k = 10000), each 10000 operations answered RUNNING and then QUIT. Fails: " + rescan}
	return plan(tests...)
}

// boomField is ref's game of boom on board as a sweeper plays it, with the clicks of kinds,
// leaving out the rulings of skip ('?' marks too, for R-B3).
func boomField(board []string, kinds uint8, skip ruling.Set) (*field, *ruling.BoomWatch) {
	g := ref.NewBoomGame(board)
	w := ruling.NewBoomWatch(g)
	all := kinds == boomAllKinds
	return &field{m: len(board[0]), allowed: [3]bool{true, all || kinds == boomLeftRight, all || kinds == boomLeftMiddle},
		ask: skip&ruling.B3 == 0, skip: skip, seen: &w.Seen, over: g.Over,
		apply: func(k click, x, y int) {
			if g.Play(int(k)+1, x, y); skip != 0 { // the watch only leaves skipped rulings out
				w.See(g, int(k)+1, x, y)
			}
		},
		newly: g.Changed, isOpen: g.Opened,
		markOf: func(x, y int) uint8 {
			return uint8(strings.IndexByte("P?", g.View(x, y)) + 1) // markBlank for what is no mark
		},
	}, w
}

func genBoom(r *rand.Rand, sh boomShape, skip *Skip) Boom {
	kinds := sh.kinds
	if kinds == boomAnyKinds {
		// Half the cases play every click, the rest one mix of the test table each.
		kinds = pick(r.Intn(2) == 0, uint8(1+r.Intn(4)), boomAllKinds)
	}
	games := make([]boomGame, pickEdge(r, sh.games))
	for i := range games {
		// A game that reaches a skipped ruling after all (its only operation left out with
		// R-B2 skipped) is drawn again.
		games[i] = Redraw(skip, ruling.Boom(), func() boomDraw { return genBoomGame(r, sh, kinds, skip) },
			func(d boomDraw) ruling.Set { return d.seen }).game
	}
	return Boom{games}
}

// boomDraw is a game drawn and the rulings it reaches.
type boomDraw struct {
	game boomGame
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
			n, m = pickEdge(r, span{boomMinSide, 40}), pickEdge(r, span{boomMinSide, 40})
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
	f, watch := boomField(board, kinds, avoid)
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
	ops := make([]boomOp, len(s.played))
	for i, c := range s.played {
		ops[i] = boomOp{boomKind(c.k) + boomLeft, c.p/m + 1, c.p%m + 1}
	}
	if !f.stopped && f.over() {
		more := q - len(ops)
		if r.Intn(4) > 0 {
			more = min(more, max(r.Intn(4), sh.ops[0]-len(ops)))
		}
		for range more {
			k, x, y := f.randomClick(r, n)
			ops = append(ops, boomOp{boomKind(k) + boomLeft, x, y})
		}
	}
	skip.note(ruling.Boom(), f.avoided)
	return boomDraw{boomGame{board, ops}, watch.Ended(len(ops))}
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
	f, watch := boomField(board, kinds, avoid)
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
	ops := make([]boomOp, len(s.played))
	for i, c := range s.played {
		ops[i] = boomOp{boomKind(c.k) + boomLeft, c.p/m + 1, c.p%m + 1}
	}
	skip.note(ruling.Boom(), f.avoided)
	return boomDraw{boomGame{board, ops}, watch.Ended(len(ops))}
}

// Scaling: a time-out's case scaled along its dimensions (Scaling).

// BoomScaling scales boom cases along their games (a sample of them whose total size, the
// operations each plays times its cells, tracks the share kept: bySize), the side of their
// boards (every board cropped along both sides to the window where most of its game is
// played, the game played as before inside it) and their operations (a prefix of those
// each game plays).
var BoomScaling = Scaling[Boom]{Dimensions: []string{"games", "side", "operations"}, Scale: scaleBoom}

func scaleBoom(c Boom, dim string, f float64) (Boom, bool) {
	var out Boom
	before, after := 0, 0 // the dimension's total
	switch dim {
	case "games":
		k := scaledSize(len(c.Games), 1, f)
		size := make([]int, len(c.Games))
		for i, g := range c.Games {
			size[i] = (g.played() + 1) * len(g.board) * len(g.board[0])
		}
		for _, i := range bySize(size, k) {
			out.Games = append(out.Games, c.Games[i])
		}
		before, after = len(c.Games), k
	case "side":
		for _, g := range c.Games {
			n, m := len(g.board), len(g.board[0])
			g = g.crop(0, scaledSize(n, boomMinSide, f))
			g = g.crop(1, scaledSize(m, boomMinSide, f))
			out.Games = append(out.Games, g)
			before, after = before+n+m, after+len(g.board)+len(g.board[0])
		}
	case "operations":
		for _, g := range c.Games {
			last := g.played()
			read := last + 1
			keep := scaledSize(read, min(read, 1), f)
			ops := g.ops[:keep]
			if keep == read { // the end stays: the operations after it too, answered INVALID
				tail := g.ops[read:]
				ops = append(slices.Clone(ops), tail[:scaledSize(len(tail), 0, f)]...)
			}
			out.Games = append(out.Games, boomGame{g.board, ops})
			before, after = before+len(g.ops), after+len(ops)
		}
	}
	return out, shrunk(before, after, f)
}

// played plays the game on ref's game: the index of the operation that ends it (LOSE or
// WIN), the last if none does (-1 without operations).
func (g boomGame) played() int {
	b := ref.NewBoomGame(g.board)
	for i, op := range g.ops {
		if b.Play(int(op.kind), op.x, op.y); b.Over() {
			return i
		}
	}
	return len(g.ops) - 1
}

// crop crops the board along axis (0 rows, 1 columns) to k of it, the window that holds
// the most of the operations the game plays. An operation outside it becomes one that
// changes nothing, on the nearest cell inside (boomStepper.quiet), save the first that
// opens a cell, which is moved there; one that would end the game before the game ended
// changes nothing either, and if the game's own last operation no longer ends it, the
// operations after it (answered INVALID before) go. A game that was not won gets a
// reserve (withReserve), which a win on the smaller board would otherwise cut short. So
// the cropped game plays as many operations, on fewer cells.
func (g boomGame) crop(axis, k int) boomGame {
	size := pick(axis == 0, len(g.board), len(g.board[0]))
	if k >= size {
		return g
	}
	coord := func(op *boomOp) *int { return pick(axis == 0, &op.x, &op.y) }
	b, last, opening, won := ref.NewBoomGame(g.board), len(g.ops)-1, -1, false
	for i, op := range g.ops {
		b.Play(int(op.kind), op.x, op.y)
		if opening < 0 && op.kind != boomRight && len(b.Changed()) > 0 {
			opening = i
		}
		if b.Over() {
			last, won = i, b.Answer() == "WIN"
			break
		}
	}
	weight := make([]int, size)
	for _, op := range g.ops[:last+1] {
		weight[*coord(&op)-1]++
	}
	from := window(weight, k)
	board := crop(g.board, axis, from, k)
	n, m := len(board), len(board[0])
	if !won {
		board = withReserve(board, '_', '*')
	}
	ops, quiet := slices.Clone(g.ops), make([]bool, len(g.ops))
	for i := range ops {
		p := coord(&ops[i])
		inside := *p-1 >= from && *p-1 < from+k
		*p = clampTo(*p-1-from, k) + 1
		quiet[i] = !inside && i != opening || !won && ops[i].x == n && ops[i].y == m
	}
	played, over := keepGoing(ops, last, quiet, func() stepper[boomOp] { return boomStepper{ref.NewBoomGame(board)} })
	if over >= 0 && last < len(ops)-1 {
		played = append(played, ops[last+1:]...)
	}
	return boomGame{board, played}
}

// boomStepper is ref's game of a cropped case (stepper).
type boomStepper struct{ g *ref.BoomGame }

func (s boomStepper) play(op boomOp) bool {
	s.g.Play(int(op.kind), op.x, op.y)
	return s.g.Over()
}

// ends tells a loss ahead: a left click on a mine not opened nor marked P, a middle click
// whose P marks are right in number and leave a mine around it.
func (s boomStepper) ends(op boomOp) bool {
	g := s.g
	switch op.kind {
	case boomLeft:
		return !g.Opened(op.x, op.y) && g.View(op.x, op.y) != 'P' && g.Mine(op.x, op.y)
	case boomMiddle:
		if !g.Opened(op.x, op.y) || s.marksAround(op.x, op.y) != g.Number(op.x, op.y) {
			return false
		}
		mine := false
		s.neighbours(op.x, op.y, func(x, y int) { mine = mine || !g.Opened(x, y) && g.View(x, y) != 'P' && g.Mine(x, y) })
		return mine
	}
	return false
}

// quiet keeps the kind of op where one on its cell changes nothing (a left or right click
// on an opened cell, a left click on a P, a middle click on a cell not opened or whose
// marks are wrong in number), else takes a middle click on a cell not opened or a left
// click on an opened one.
func (s boomStepper) quiet(op boomOp) boomOp {
	g := s.g
	opened := g.Opened(op.x, op.y)
	switch {
	case !opened && (op.kind != boomLeft || g.View(op.x, op.y) != 'P'):
		op.kind = boomMiddle
	case opened && op.kind == boomMiddle && s.marksAround(op.x, op.y) == g.Number(op.x, op.y):
		op.kind = boomLeft
	}
	return op
}

func (s boomStepper) neighbours(x, y int, visit func(x, y int)) {
	n, m := s.g.Size()
	neighbours(x, y, n, m, visit)
}

func (s boomStepper) marksAround(x, y int) int {
	marks := 0
	s.neighbours(x, y, func(x, y int) {
		if s.g.View(x, y) == 'P' {
			marks++
		}
	})
	return marks
}
