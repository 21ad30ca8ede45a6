package gen

import (
	"math/rand"
	"slices"

	"gamediff/ref"
)

// boomRulings are the rulings of docs/boom.md a solution can read differently, and the
// readings in mind:
//   - R-B1: WIN is checked after every operation that did not lose, one that changed
//     nothing included, and never before the first. On a board that is not all mines
//     the last safe cell is always opened by a click that changes something, so only a
//     board of all mines tells, whatever its first click does: a right click (RUNNING
//     then WIN), a click that changes nothing (WIN all the same), a left click (LOSE),
//     or no operation at all (QUIT, not WIN before the first).
//   - R-B2: a game with no operations prints just QUIT (not RUNNING, not nothing).
//   - R-B3: a middle click on a 0 follows the rule as written, and only P stops an
//     opening: a middle click on an opened 0 that opens something (a solution skipping 0
//     cells does not), a left click on a '?', a cascade through one, a middle click with
//     one among the cells it opens (a solution letting '?' stop them differs).
var boomRulings = []Ruling{
	{"R-B1", "a board of all mines"},
	{"R-B2", "a game with no operations"},
	{"R-B3", "a middle click on an opened 0 that opens something, or a left click, cascade or middle click that reaches a '?'"},
}

const (
	rB1 rulingSet = 1 << iota
	rB2
	rB3
)

// BoomRulings lists the rulings of boom a solution can read differently, in the spec's
// order, each with the situation Boom.Rulings looks for.
func BoomRulings() []Ruling { return slices.Clone(boomRulings) }

// Rulings plays each game on ref's game and returns the ids of the rulings whose
// situation some game reaches (see BoomRulings), in the spec's order. It costs ref's play
// of the games, without its output.
func (c Boom) Rulings() []string {
	var seen rulingSet
	for _, g := range c.Games {
		seen |= g.rulings()
	}
	return seen.ids(boomRulings)
}

func (bg BoomGame) rulings() rulingSet {
	g := ref.NewBoomGame(bg.Board)
	w := newBoomWatch(g)
	for _, op := range bg.Ops {
		if g.Over() {
			break // the rest is answered INVALID alike
		}
		w.see(g, op, g.Play(int(op.Kind), op.X, op.Y))
	}
	return w.end(len(bg.Ops))
}

// boomWatch follows ref's play of a game and notes the rulings it reaches.
type boomWatch struct {
	seen  rulingSet
	m     int
	ops   int
	asked []bool // the cells marked '?', as the right clicks left them: [x·(m+2)+y]
	asks  int    // how many
}

func newBoomWatch(g *ref.BoomGame) *boomWatch {
	n, m := g.Size()
	w := &boomWatch{m: m, asked: make([]bool, (n+2)*(m+2))}
	if g.Mines() == n*m {
		w.seen |= rB1
	}
	return w
}

// see notes what op, answered answer, did in g.
func (w *boomWatch) see(g *ref.BoomGame, op BoomOp, answer string) {
	if answer == "INVALID" {
		return
	}
	w.ops++
	key := func(x, y int) int { return x*(w.m+2) + y }
	p := key(op.X, op.Y)
	if op.Kind == BoomMiddle && g.View(op.X, op.Y) == '0' && answer != "LOSE" && len(g.Changed()) > 0 {
		w.seen |= rB3 // a middle click on an opened 0 opened something
	}
	if w.asks == 0 && op.Kind != BoomRight {
		return // no '?' to reach
	}
	switch op.Kind {
	case BoomRight:
		if asked := g.View(op.X, op.Y) == '?'; asked != w.asked[p] {
			w.asked[p] = asked
			w.asks += pick(asked, 1, -1)
		}
		return
	case BoomLeft:
		if w.asked[p] {
			w.seen |= rB3
		}
	case BoomMiddle:
		// A '?' next to a middle click that acted (it lost, or opened the '?') was among
		// the cells it opens: they are all its neighbours neither opened nor P.
		for x := op.X - 1; x <= op.X+1; x++ {
			for y := op.Y - 1; y <= op.Y+1; y++ {
				if q := key(x, y); q != p && w.asked[q] && (answer == "LOSE" || g.Opened(x, y)) {
					w.seen |= rB3
				}
			}
		}
	}
	for _, c := range g.Changed() {
		if q := key(c[0], c[1]); w.asked[q] {
			w.seen |= rB3 // a '?' opened, by the click or its cascade
			w.asked[q] = false
			w.asks--
		}
	}
}

// end notes the game's end, its closing 0 after ops operations, and returns the rulings
// it reached.
func (w *boomWatch) end(ops int) rulingSet {
	if ops == 0 {
		w.seen |= rB2
	}
	return w.seen
}

// boomField is ref's game of boom as the sweeper plays it, and the operations played.
// An operation that reaches a skipped ruling is left out, and the game stops before it.
type boomField struct {
	game    *ref.BoomGame
	m       int
	kinds   BoomKinds
	ops     []BoomOp
	target  int
	watch   *boomWatch
	skip    rulingSet
	stopped bool
	avoided rulingSet
}

// boomClick is the op of each click: 1 left, 2 right, 3 middle.
func boomClick(k click) BoomKind { return BoomKind(k) + BoomLeft }

func (f *boomField) play(k click, p int, opened func(q int)) bool {
	if f.done() || !f.allows(k) {
		return false
	}
	op := BoomOp{Kind: boomClick(k), X: p/f.m + 1, Y: p%f.m + 1}
	before := f.watch.seen
	f.watch.see(f.game, op, f.game.Play(int(op.Kind), op.X, op.Y))
	if hit := f.watch.seen &^ before & f.skip; hit != 0 {
		f.watch.seen, f.stopped = before, true
		f.avoided |= hit
		return false
	}
	f.ops = append(f.ops, op)
	for _, c := range f.game.Changed() {
		if f.game.Opened(c[0], c[1]) {
			opened((c[0]-1)*f.m + c[1] - 1)
		}
	}
	return true
}

func (f *boomField) allows(k click) bool {
	switch f.kinds {
	case BoomLeftOnly:
		return k == clickOpen
	case BoomLeftRight:
		return k != clickChord
	case BoomLeftMiddle:
		return k != clickMark
	}
	return true
}

// asks: the player makes '?' marks on purpose, unless R-B3 is skipped.
func (f *boomField) asks() bool { return f.skip&rB3 == 0 }

func (f *boomField) mark(p int) uint8 {
	switch f.game.View(p/f.m+1, p%f.m+1) {
	case 'P':
		return markFlag
	case '?':
		return markAsk
	}
	return markBlank
}

func (f *boomField) done() bool { return f.stopped || f.game.Over() || len(f.ops) >= f.target }

func (f *boomField) randomOp(r *rand.Rand, n int) BoomOp {
	for {
		if k := click(r.Intn(3)); f.allows(k) {
			return BoomOp{Kind: boomClick(k), X: 1 + r.Intn(n), Y: 1 + r.Intn(f.m)}
		}
	}
}

func genBoom(r *rand.Rand, shape BoomShape, skip *Skip) Boom {
	kinds := shape.Kinds
	if kinds == BoomAnyKinds {
		// Half the cases play every click, the rest one mix of the test table each.
		kinds = BoomAllKinds
		if r.Intn(2) == 0 {
			kinds = BoomKinds(1 + r.Intn(4))
		}
	}
	games := make([]BoomGame, pickEdge(r, shape.Games[0], shape.Games[1]))
	for i := range games {
		// A game that reaches a skipped ruling after all (its only operation left out
		// with R-B2 skipped) is drawn again.
		games[i] = redraw(skip, boomRulings, func() boomDraw { return genBoomGame(r, shape, kinds, skip) },
			func(d boomDraw) rulingSet { return d.seen }).game
	}
	return Boom{Games: games}
}

// boomDraw is a game drawn and the rulings it reaches.
type boomDraw struct {
	game BoomGame
	seen rulingSet
}

// boomRealLayouts are the boards of the test table's real-game tests: n, m, k.
var boomRealLayouts = [...][3]int{{9, 9, 10}, {16, 16, 40}, {16, 30, 99}}

func genBoomGame(r *rand.Rand, shape BoomShape, kinds BoomKinds, skip *Skip) boomDraw {
	avoid := skip.of(boomRulings)
	var n, m int
	var board []string
	first := -1 // the real game's first click
	switch shape.Layout {
	case BoomReal:
		var k int
		if shape.N[1] > 0 {
			n, m = pickEdge(r, shape.N[0], shape.N[1]), pickEdge(r, shape.M[0], shape.M[1])
			k = pickEdge(r, min(shape.Mines[0], n*m-9), min(shape.Mines[1], n*m-9))
		} else if v := r.Intn(4); v < 3 {
			n, m, k = boomRealLayouts[v][0], boomRealLayouts[v][1], boomRealLayouts[v][2]
		} else {
			n, m = pickEdge(r, BoomMinSide, 40), pickEdge(r, BoomMinSide, 40)
			k = pickEdge(r, 0, min(320, n*m-9))
		}
		first = r.Intn(n * m)
		board = realBoomBoard(r, n, m, k, first)
	default:
		n = pickEdge(r, shape.N[0], shape.N[1])
		m = pickEdge(r, shape.M[0], shape.M[1])
		density := pickDensity(r)
		switch shape.Layout {
		case BoomDense:
			density = 0.1 + 0.1*r.Float64()
		case BoomSparse:
			density = 0.001 + 0.009*r.Float64()
		}
		cells := make([]byte, n*m)
		var mines []int
		for p := range cells {
			cells[p] = '_'
			if r.Float64() < density {
				cells[p] = '*'
				mines = append(mines, p)
			}
		}
		// Over the cap, clear mines drawn at random until it holds.
		for shape.MaxMines > 0 && len(mines) > shape.MaxMines {
			i := r.Intn(len(mines))
			cells[mines[i]] = '_'
			mines[i] = mines[len(mines)-1]
			mines = mines[:len(mines)-1]
		}
		if len(mines) == n*m && avoid&rB1 != 0 {
			cells[r.Intn(n*m)] = '_' // R-B1 skipped: never a board of all mines
			skip.note(boomRulings, rB1)
		}
		board = make([]string, n)
		for i := range board {
			board[i] = string(cells[i*m : (i+1)*m])
		}
	}
	game := ref.NewBoomGame(board)
	f := &boomField{game: game, m: m, kinds: kinds, watch: newBoomWatch(game), skip: avoid}
	s := newSweeper(board, '*', f, r)
	if shape.Player == BoomCareful || r.Intn(2) == 0 {
		s.careful(false)
		s.weights[moveOpenSafe] += 5
	}
	if shape.Player == BoomCareful {
		s.forbid(moveCycle, moveRepeat)
		s.weights[moveChordAny] = 1
	}
	if !f.asks() {
		s.forbid(moveChordZero)
	}
	q := pickEdge(r, shape.Ops[0], shape.Ops[1])
	if q == 0 && avoid&rB2 != 0 {
		q = 1 // R-B2 skipped: never a game without operations
		skip.note(boomRulings, rB2)
	}
	f.target = q
	if first >= 0 && q > 0 {
		s.click(clickOpen, first)
	}
	s.play()
	// A finished game mostly gets only a few clicks more, answered INVALID.
	if !f.stopped && f.game.Over() {
		more := q - len(f.ops)
		if r.Intn(4) > 0 {
			more = min(more, max(r.Intn(4), shape.Ops[0]-len(f.ops)))
		}
		for range more {
			f.ops = append(f.ops, f.randomOp(r, n))
		}
	}
	skip.note(boomRulings, f.avoided)
	return boomDraw{BoomGame{Board: board, Ops: f.ops}, f.watch.end(len(f.ops))}
}
