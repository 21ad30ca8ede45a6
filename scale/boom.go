package scale

import (
	"slices"

	"gamediff/ref"
	"gamediff/testcase"
)

// Boom scales boom cases along their games (a sample of them whose total size, the
// operations each plays times its cells, tracks the share kept: bySize), the
// side of their boards (every board cropped along both sides to the window where most of
// its game is played, the game played as before inside it) and their operations (a prefix
// of those each game plays).
var Boom = Scaling[testcase.Boom]{Dimensions: []string{"games", "side", "operations"}, Scale: scaleBoom}

func scaleBoom(c testcase.Boom, dim string, f float64) (testcase.Boom, float64) {
	// Laid out as the case was; before and after are the dimension's total.
	out, before, after := testcase.Boom{Form: c.Form}, 0, 0
	switch dim {
	case "games":
		k := scaledSize(len(c.Games), 1, f)
		size := make([]int, len(c.Games))
		for i, g := range c.Games {
			size[i] = (playedBoom(g) + 1) * len(g.Board) * len(g.Board[0])
		}
		for _, i := range bySize(size, k) {
			out.Games = append(out.Games, c.Games[i])
		}
		before, after = len(c.Games), k
	case "side":
		for _, g := range c.Games {
			n, m := len(g.Board), len(g.Board[0])
			g = cropBoom(g, 0, scaledSize(n, testcase.BoomMinSide, f))
			g = cropBoom(g, 1, scaledSize(m, testcase.BoomMinSide, f))
			out.Games = append(out.Games, g)
			before, after = before+n+m, after+len(g.Board)+len(g.Board[0])
		}
	case "operations":
		for _, g := range c.Games {
			last := playedBoom(g)
			read := last + 1
			keep := scaledSize(read, min(read, 1), f)
			ops := g.Ops[:keep]
			if keep == read { // the end stays: the operations after it too, answered INVALID
				tail := g.Ops[read:]
				ops = append(slices.Clone(ops), tail[:scaledSize(len(tail), 0, f)]...)
			}
			out.Games = append(out.Games, testcase.BoomGame{Board: g.Board, Ops: ops})
			before, after = before+len(g.Ops), after+len(ops)
		}
	}
	return out, kept(before, after, f)
}

// played plays the game on ref's game: the index of the operation that ends it (LOSE or
// WIN), the last if none does (-1 without operations).
func playedBoom(g testcase.BoomGame) int {
	b := ref.NewBoomGame(g.Board)
	for i, op := range g.Ops {
		if b.Play(int(op.Kind), op.X, op.Y); b.Over() {
			return i
		}
	}
	return len(g.Ops) - 1
}

// crop crops the board along axis (0 rows, 1 columns) to k of it, the window that holds
// the most of the operations the game plays. An operation outside it becomes one that
// changes nothing, on the nearest cell inside (boomStepper.quiet), save the first that
// opens a cell, which is moved there; one that would end the game before the game ended
// changes nothing either, and if the game's own last operation no longer ends it, the
// operations after it (answered INVALID before) go. A game that was not won gets a
// reserve (withReserve), which a win on the smaller board would otherwise cut short. So
// the cropped game plays as many operations, on fewer cells.
func cropBoom(g testcase.BoomGame, axis, k int) testcase.BoomGame {
	size := pick(axis == 0, len(g.Board), len(g.Board[0]))
	if k >= size {
		return g
	}
	coord := func(op *testcase.BoomOp) *int { return pick(axis == 0, &op.X, &op.Y) }
	b, last, opening, won := ref.NewBoomGame(g.Board), len(g.Ops)-1, -1, false
	for i, op := range g.Ops {
		b.Play(int(op.Kind), op.X, op.Y)
		if opening < 0 && op.Kind != testcase.BoomRight && len(b.Changed()) > 0 {
			opening = i
		}
		if b.Over() {
			last, won = i, b.Answer() == "WIN"
			break
		}
	}
	weight := make([]int, size)
	for _, op := range g.Ops[:last+1] {
		weight[*coord(&op)-1]++
	}
	from := window(weight, k)
	board := crop(g.Board, axis, from, k)
	n, m := len(board), len(board[0])
	if !won {
		board = withReserve(board, '_', '*')
	}
	ops, quiet := slices.Clone(g.Ops), make([]bool, len(g.Ops))
	for i := range ops {
		p := coord(&ops[i])
		inside := *p-1 >= from && *p-1 < from+k
		*p = clampTo(*p-1-from, k) + 1
		quiet[i] = !inside && i != opening || !won && ops[i].X == n && ops[i].Y == m
	}
	played, over := keepGoing(ops, last, quiet, func() stepper[testcase.BoomOp] { return boomStepper{ref.NewBoomGame(board)} })
	if over >= 0 && last < len(ops)-1 {
		played = append(played, ops[last+1:]...)
	}
	return testcase.BoomGame{Board: board, Ops: played}
}

// boomStepper is ref's game of a cropped case (stepper).
type boomStepper struct{ g *ref.BoomGame }

func (s boomStepper) play(op testcase.BoomOp) bool {
	s.g.Play(int(op.Kind), op.X, op.Y)
	return s.g.Over()
}

// ends tells a loss ahead: a left click on a mine not opened nor marked P, a middle click
// whose P marks are right in number and leave a mine around it.
func (s boomStepper) ends(op testcase.BoomOp) bool {
	g := s.g
	switch op.Kind {
	case testcase.BoomLeft:
		return !g.Opened(op.X, op.Y) && g.View(op.X, op.Y) != 'P' && g.Mine(op.X, op.Y)
	case testcase.BoomMiddle:
		if !g.Opened(op.X, op.Y) || s.around(op.X, op.Y, s.marked) != g.Number(op.X, op.Y) {
			return false
		}
		return s.around(op.X, op.Y, func(x, y int) bool { return !g.Opened(x, y) && !s.marked(x, y) && g.Mine(x, y) }) > 0
	}
	return false
}

// quiet keeps the kind of op where one on its cell changes nothing (a left or right click
// on an opened cell, a left click on a P, a middle click on a cell not opened or whose
// marks are wrong in number), else takes a middle click on a cell not opened or a left
// click on an opened one.
func (s boomStepper) quiet(op testcase.BoomOp) testcase.BoomOp {
	g := s.g
	opened := g.Opened(op.X, op.Y)
	switch {
	case !opened && (op.Kind != testcase.BoomLeft || g.View(op.X, op.Y) != 'P'):
		op.Kind = testcase.BoomMiddle
	case opened && op.Kind == testcase.BoomMiddle && s.around(op.X, op.Y, s.marked) == g.Number(op.X, op.Y):
		op.Kind = testcase.BoomLeft
	}
	return op
}

// around counts the neighbours of (x, y) for which is holds.
func (s boomStepper) around(x, y int, is func(x, y int) bool) int {
	n, m := s.g.Size()
	return around(x, y, n, m, is)
}

// marked reports whether (x, y) is marked P.
func (s boomStepper) marked(x, y int) bool { return s.g.View(x, y) == 'P' }
