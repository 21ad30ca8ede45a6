package gen

import (
	"math/rand"
	"slices"

	"gamediff/ref"
	"gamediff/ruling"
)

// gen drives ref's own games (ref.MineGame, ref.BoomGame, ref.TowerGame) while it
// generates, and decides the rulings a case reaches from ref's play of it: a model of the
// rules in gen would be a third copy of them, which the rulings, the generators' aim and
// the skipped rulings would all trust. ref imports nothing of gen, fast or engine, so
// the ground packages still form no cycle.

func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}

var mineClick = [...]mineKind{clickOpen: mineSweep, clickMark: mineFlag, clickChord: mineDSweep}

// mineField is ref's game of mine on board as a sweeper plays it, with the kinds of
// operations allowed, its watch leaving out the rulings of skip.
func mineField(board []string, kinds mineKinds, skip ruling.Set) *field {
	g := ref.NewMineGame(board)
	w := ruling.NewMineWatch(g)
	return &field{m: len(board[0]), allowed: [3]bool{true, kinds != mineSweepOnly, kinds == mineAnyOps}, skip: skip, seen: &w.Seen,
		over: func() bool { return g.Outcome() != "" },
		apply: func(k click, x, y int) {
			g.Play(mineClick[k].String(), x, y)
			if w.See(g, mineClick[k].String(), x, y); g.Outcome() != "" {
				w.Ended(true) // the Quit follows
			}
		},
		newly:  g.Newly,
		isOpen: func(int, int) bool { return true },
		markOf: func(x, y int) uint8 { return pick(g.Flagged(x, y), markFlag, markBlank) },
	}
}

func genMine(r *rand.Rand, sh mineShape, skip *Skip) Mine {
	avoid := skip.of(ruling.Mine())
	n, m, q := pickEdge(r, sh.n), pickEdge(r, sh.m), pickEdge(r, sh.ops)
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
	// Each case gets its own temperament: careful players make long DSweep chains and
	// finish, reckless ones boom early, chaotic ones do everything. With R-M2, R-M3 or
	// R-M4 skipped, no boom and no flag a cascade could wipe.
	never := avoid&(ruling.M2|ruling.M3|ruling.M4) != 0
	if r.Intn(2) == 0 || sh.scenario != mineMixed && sh.scenario != mineGiantCascade || never {
		s.careful(never)
	}
	switch sh.scenario {
	case mineCascadeLongGame:
		s.patient = true
		s.forbid(moveFlagWrong)
		fallthrough
	case mineDenseDSweep:
		s.forbid(moveChordAny, moveRepeat)
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
		// Flags, then a Sweep on a flagged cell: it answers, and R-M1 finishes.
		for f.target = (q - 1) / 2; !f.done() && f.allowed[clickMark]; {
			s.click(clickMark, r.Intn(n*m))
		}
		f.target = q - 1
		if p := slices.Index(s.marks, markFlag); p >= 0 {
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
		if p, ok := s.sample(false, func(p int) bool { return !s.mine[p] && s.number[p] == 0 && p%m < max(wall, 1) }); ok {
			s.click(clickOpen, p)
		}
		playTo(q - 1)
	}
	// A game over (by boom or finish: one the field did not stop) is followed by
	// operations that are never read, up to the Quit; the Quit by after more.
	ops := make([]mineOp, len(s.played), q)
	for i, c := range s.played {
		ops[i] = mineOp{mineClick[c.k], c.p/m + 1, c.p%m + 1}
	}
	randomOp := func() mineOp {
		k, x, y := f.randomClick(r, n)
		return mineOp{mineClick[k], x, y}
	}
	for !f.stopped && f.over() && len(ops) < q-1-after {
		ops = append(ops, randomOp())
	}
	ops = append(ops, mineOp{kind: mineQuit})
	if avoid&ruling.M4 != 0 && after > 0 {
		after = 0
		f.avoided |= ruling.M4
	}
	for range after {
		ops = append(ops, randomOp())
	}
	skip.note(ruling.Mine(), f.avoided)
	return Mine{board, ops}
}
