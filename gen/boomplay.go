package gen

import (
	"math/rand"
	"strings"

	"gamediff/ref"
	"gamediff/ruling"
)

// boomField is ref's game of boom on board as a sweeper plays it, with the clicks of
// kinds allowed, its watch leaving out the rulings of skip. The player makes '?' marks on
// purpose unless R-B3 is skipped.
func boomField(board []string, kinds uint8, skip ruling.Set) (*field, *ruling.BoomWatch) {
	g := ref.NewBoomGame(board)
	w := ruling.NewBoomWatch(g)
	all := kinds == boomAllKinds
	return &field{m: len(board[0]), allowed: [3]bool{true, all || kinds == boomLeftRight, all || kinds == boomLeftMiddle},
		ask: skip&ruling.B3 == 0, skip: skip, seen: &w.Seen, over: g.Over,
		apply: func(k click, x, y int) {
			g.Play(int(k)+1, x, y)
			w.See(g, int(k)+1, x, y)
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
	board := rowsOf(cells, m)
	f, watch := boomField(board, kinds, avoid)
	s := newSweeper(board, '*', f, r)
	if sh.player == boomCareful || r.Intn(2) == 0 {
		s.careful(false)
		s.weights[moveOpenSafe] += 5
	}
	if sh.player == boomCareful {
		s.forbid(moveCycle, moveRepeat)
		s.weights[moveChordAny] = 1
	}
	if !f.ask {
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
	return boomDraw{BoomGame{board, ops}, watch.Ended(len(ops))}
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
