package gen

import (
	"math/rand"
	"strings"

	"gamediff/ref"
	"gamediff/ruling"
)

// BoomRulings lists the rulings of boom a solution can read differently, in the spec's
// order, each with the situation Boom.Rulings looks for.
func BoomRulings() []ruling.Ruling { return ruling.Boom() }

// Rulings plays each game on ref's game and returns the ids of the rulings whose
// situation some game reaches (see BoomRulings), in the spec's order. It costs ref's play
// of the games, without its output.
func (c Boom) Rulings() []string {
	var seen ruling.Set
	for _, bg := range c.Games {
		g := ref.NewBoomGame(bg.board)
		w := ruling.NewBoomWatch(g)
		for _, op := range bg.ops {
			if g.Over() {
				break // the rest is answered INVALID alike
			}
			g.Play(int(op.kind), op.x, op.y)
			w.See(g, int(op.kind), op.x, op.y)
		}
		seen |= w.Ended(len(bg.ops))
	}
	return seen.IDs(ruling.Boom())
}

// boomField is ref's game of boom as the sweeper plays it, and the operations played.
// An operation that reaches a skipped ruling is left out, and the game stops before it.
type boomField struct {
	game    *ref.BoomGame
	m       int
	kinds   uint8
	ops     []boomOp
	target  int
	watch   *ruling.BoomWatch
	skip    ruling.Set
	stopped bool
	avoided ruling.Set
}

func (f *boomField) play(k click, p int, opened func(q int)) bool {
	if f.done() || !f.allows(k) {
		return false
	}
	op := boomOp{kind: boomKind(k) + boomLeft, x: p/f.m + 1, y: p%f.m + 1}
	before := f.watch.Seen
	f.game.Play(int(op.kind), op.x, op.y)
	if f.watch.See(f.game, int(op.kind), op.x, op.y); f.watch.Seen&^before&f.skip != 0 {
		f.avoided |= f.watch.Seen &^ before & f.skip
		f.watch.Seen, f.stopped = before, true
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
	return f.kinds == boomAllKinds || k == clickOpen || f.kinds == boomLeftRight && k == clickMark || f.kinds == boomLeftMiddle && k == clickChord
}

// asks: the player makes '?' marks on purpose, unless R-B3 is skipped.
func (f *boomField) asks() bool { return f.skip&ruling.B3 == 0 }

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

func (f *boomField) randomOp(r *rand.Rand, n int) boomOp {
	for {
		if k := click(r.Intn(3)); f.allows(k) {
			return boomOp{kind: boomKind(k) + boomLeft, x: 1 + r.Intn(n), y: 1 + r.Intn(f.m)}
		}
	}
}

func genBoom(r *rand.Rand, sh boomShape, skip *Skip) Boom {
	kinds := sh.kinds
	if kinds == boomAnyKinds {
		// Half the cases play every click, the rest one mix of the test table each.
		kinds = pick(r.Intn(2) == 0, uint8(1+r.Intn(4)), boomAllKinds)
	}
	games := make([]BoomGame, pickEdge(r, sh.games))
	for i := range games {
		// A game that reaches a skipped ruling after all (its only operation left out with
		// R-B2 skipped) is drawn again.
		games[i] = redraw(skip, ruling.Boom(), func() boomDraw { return genBoomGame(r, sh, kinds, skip) },
			func(d boomDraw) ruling.Set { return d.seen }).game
	}
	return Boom{games}
}

// boomDraw is a game drawn and the rulings it reaches.
type boomDraw struct {
	game BoomGame
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
		density := []float64{pickDensity(r), 0, 0.1 + 0.1*r.Float64(), 0.001 + 0.009*r.Float64()}[sh.layout]
		cells = make([]byte, n*m)
		var mines []int
		for p := range cells {
			cells[p] = '_'
			if r.Float64() < density {
				cells[p] = '*'
				mines = append(mines, p)
			}
		}
		// Over the cap, clear mines drawn at random until it holds.
		for sh.mines[1] > 0 && len(mines) > sh.mines[1] {
			i := r.Intn(len(mines))
			cells[mines[i]] = '_'
			mines[i] = mines[len(mines)-1]
			mines = mines[:len(mines)-1]
		}
		if len(mines) == n*m && avoid&ruling.B1 != 0 {
			cells[r.Intn(n*m)] = '_' // R-B1 skipped: never a board of all mines
			skip.note(ruling.Boom(), ruling.B1)
		}
	}
	board := make([]string, n)
	for i := range board {
		board[i] = string(cells[i*m : (i+1)*m])
	}
	game := ref.NewBoomGame(board)
	f := &boomField{game: game, m: m, kinds: kinds, watch: ruling.NewBoomWatch(game), skip: avoid}
	s := newSweeper(board, '*', f, r)
	if sh.player == boomCareful || r.Intn(2) == 0 {
		s.careful(false)
		s.weights[moveOpenSafe] += 5
	}
	if sh.player == boomCareful {
		s.forbid(moveCycle, moveRepeat)
		s.weights[moveChordAny] = 1
	}
	if !f.asks() {
		s.forbid(moveChordZero)
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
	if !f.stopped && f.game.Over() {
		more := q - len(f.ops)
		if r.Intn(4) > 0 {
			more = min(more, max(r.Intn(4), sh.ops[0]-len(f.ops)))
		}
		for range more {
			f.ops = append(f.ops, f.randomOp(r, n))
		}
	}
	skip.note(ruling.Boom(), f.avoided)
	return boomDraw{BoomGame{board, f.ops}, f.watch.Ended(len(f.ops))}
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
