package scale

import (
	"slices"

	"gamediff/ref"
	"gamediff/testcase"
)

// Mine scales mine cases along their operations (a prefix of the operations the
// game plays), rows and columns (the board cropped to the window where most of the game
// is played, the game played as before inside it).
var Mine = Scaling[testcase.Mine]{Dimensions: []string{"operations", "rows", "columns"}, Scale: scaleMine}

func scaleMine(c testcase.Mine, dim string, f float64) (testcase.Mine, float64) {
	out, kept := scaleMineCanonical(c, dim, f)
	return out.InForm(c.Form), kept // laid out as the case was, as far as it still shows
}

func scaleMineCanonical(c testcase.Mine, dim string, f float64) (testcase.Mine, float64) {
	switch dim {
	case "operations":
		return scaleMineOps(c, f)
	case "rows":
		return cropMine(c, 0, f)
	case "columns":
		return cropMine(c, 1, f)
	}
	return testcase.Mine{}, 0
}

// played plays c on ref's game: the index of the operation that ends it (the Quit, a boom
// or a finish), and of the first that sweeps a cell, the opening (-1 if none does), and
// how it ends ("give up", "game over" or "finish").
func playedMine(c testcase.Mine) (last, opening int, end string) {
	g, opening := ref.NewMineGame(c.Board), -1
	for i, op := range c.Ops {
		end = g.Play(op.Kind.String(), op.X, op.Y)
		if opening < 0 && len(g.Newly()) > 0 {
			opening = i
		}
		if end != "" {
			return i, opening, end
		}
	}
	return len(c.Ops) - 1, opening, "" // unreachable on a valid case: it has a Quit
}

// scaleMineOps keeps f of the operations the game plays, the first ones, then the Quit,
// then f of those after the Quit (never read): a boom or a finish the game reached may
// go, the opening cascade stays.
func scaleMineOps(c testcase.Mine, f float64) (testcase.Mine, float64) {
	last, _, _ := playedMine(c)
	quit := slices.IndexFunc(c.Ops, func(op testcase.MineOp) bool { return op.Kind == testcase.MineQuit })
	read := last + pick(last == quit, 0, 1) // the Quit is no step
	keep := scaledSize(read, 1, f)
	share := kept(read, keep, f)
	if share == 0 {
		return testcase.Mine{}, 0
	}
	after := c.Ops[quit+1:]
	ops := slices.Concat(c.Ops[:keep], []testcase.MineOp{{Kind: testcase.MineQuit}}, after[:scaledSize(len(after), 0, f)])
	return testcase.Mine{Board: c.Board, Ops: ops}, share
}

// cropMine crops the board along axis (0 rows, 1 columns) to f of it: the window that
// holds the most of the operations the game plays. An operation outside it becomes one
// that changes nothing, on the nearest cell inside (mineStepper.quiet), save the opening,
// which is moved there; an operation that would end the game before the case's own game
// ended changes nothing either, and if the case's own last operation no longer ends it, a
// Quit follows it. A game that did not finish gets a reserve (withReserve), which a
// finish of the smaller board would otherwise cut short. So the cropped game plays as
// many operations, on fewer cells.
func cropMine(c testcase.Mine, axis int, f float64) (testcase.Mine, float64) {
	size := len(c.Board)
	if axis == 1 {
		size = len(c.Board[0])
	}
	k := scaledSize(size, 1, f)
	share := kept(size, k, f)
	if share == 0 {
		return testcase.Mine{}, 0
	}
	coord := func(op *testcase.MineOp) *int { return pick(axis == 0, &op.X, &op.Y) }
	last, opening, end := playedMine(c)
	weight := make([]int, size)
	for _, op := range c.Ops[:last+1] {
		if op.Kind != testcase.MineQuit {
			weight[*coord(&op)-1]++
		}
	}
	from := window(weight, k)
	board := crop(c.Board, axis, from, k)
	n, m := len(board), len(board[0])
	if end != "finish" {
		board = withReserve(board, '.', '*')
	}
	ops, quiet := slices.Clone(c.Ops), make([]bool, len(c.Ops))
	for i := range ops {
		if ops[i].Kind == testcase.MineQuit {
			continue
		}
		p := coord(&ops[i])
		inside := *p-1 >= from && *p-1 < from+k
		*p = clampTo(*p-1-from, k) + 1
		reserve := end != "finish" && ops[i].X == n && ops[i].Y == m
		quiet[i] = !inside && i != opening || reserve
	}
	played, over := keepGoing(ops, last, quiet, func() stepper[testcase.MineOp] { return mineStepper{ref.NewMineGame(board)} })
	rest := ops[last+1:]
	if over < 0 {
		played = append(played, testcase.MineOp{Kind: testcase.MineQuit})
		rest = slices.DeleteFunc(slices.Clone(rest), func(op testcase.MineOp) bool { return op.Kind == testcase.MineQuit })
	}
	return testcase.Mine{Board: board, Ops: append(played, rest...)}, share
}

// mineStepper is ref's game of a cropped case (stepper).
type mineStepper struct{ g *ref.MineGame }

func (s mineStepper) play(op testcase.MineOp) bool {
	return s.g.Play(op.Kind.String(), op.X, op.Y) != ""
}

// ends tells a boom ahead: a Sweep on a blank mine, a DSweep whose flags are right in
// number and leave a mine blank around it.
func (s mineStepper) ends(op testcase.MineOp) bool {
	g := s.g
	switch op.Kind {
	case testcase.MineSweep:
		return !g.Swept(op.X, op.Y) && !g.Flagged(op.X, op.Y) && g.Mine(op.X, op.Y)
	case testcase.MineDSweep:
		if !g.Swept(op.X, op.Y) || g.Number(op.X, op.Y) == 0 || s.around(op.X, op.Y, g.Flagged) != g.Number(op.X, op.Y) {
			return false
		}
		return s.around(op.X, op.Y, func(x, y int) bool { return !g.Swept(x, y) && !g.Flagged(x, y) && g.Mine(x, y) }) > 0
	}
	return false
}

// quiet keeps the kind of op where one on its cell changes nothing (a Sweep or a Flag on
// a swept cell, a Sweep on a flag, a DSweep that fails or finds its cell not swept), else
// takes a DSweep on a cell not swept or a Sweep on a swept one.
func (s mineStepper) quiet(op testcase.MineOp) testcase.MineOp {
	g := s.g
	swept, flagged := g.Swept(op.X, op.Y), g.Flagged(op.X, op.Y)
	switch {
	case op.Kind == testcase.MineQuit:
		return op
	case !swept && (op.Kind != testcase.MineSweep || !flagged):
		op.Kind = testcase.MineDSweep // "not swept"
	case swept && op.Kind == testcase.MineDSweep && g.Number(op.X, op.Y) != 0 && s.around(op.X, op.Y, g.Flagged) == g.Number(op.X, op.Y):
		op.Kind = testcase.MineSweep // "swept"
	}
	return op
}

// around counts the neighbours of (x, y) for which is holds.
func (s mineStepper) around(x, y int, is func(x, y int) bool) int {
	n, m := s.g.Size()
	return around(x, y, n, m, is)
}
