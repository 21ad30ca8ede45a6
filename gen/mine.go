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

// Limits of the game mine (seed 000, 子任务): 1 ≤ n, m ≤ 1000, and at most 60000
// operations, the Quit included.
const (
	mineMaxSide = 1000
	mineMaxOps  = 60000
)

// Mine is one input of the game mine: a board and the operations read after it.
type Mine struct {
	board []string // n rows of m bytes: '*' a mine, '.' safe
	ops   []mineOp
}

// mineOp is one operation line; x and y are unused for Quit.
type mineOp struct {
	kind mineKind
	x, y int
}

type mineKind uint8

const (
	mineFlag mineKind = iota
	mineSweep
	mineDSweep
	mineQuit
)

var mineKindNames = [...]string{"Flag", "Sweep", "DSweep", "Quit"}

func (k mineKind) String() string { return mineKindNames[k] }

// Encode renders the case as judge input.
func (c Mine) Encode() []byte {
	b := make([]byte, 0, 16+len(c.board)*(len(c.board[0])+1)+len(c.ops)*16)
	b = appendInts(b, len(c.board), len(c.board[0]))
	for _, row := range c.board {
		b = append(append(b, row...), '\n')
	}
	for _, op := range c.ops {
		b = append(b, op.kind.String()...)
		if op.kind != mineQuit {
			b = appendInts(append(b, ' '), op.x, op.y)
		} else {
			b = append(b, '\n')
		}
	}
	return b
}

// appendInts appends the numbers separated by spaces, and a line end.
func appendInts(b []byte, v ...int) []byte {
	for i, x := range v {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, '\n')
}

// DecodeMine is the validator of mine (R-IN3): the exact format and every limit, exactly
// one Quit and at most 60000 operations included; the first violation names its line.
func DecodeMine(input []byte) (Mine, error) {
	s := newInStream(input)
	n := s.number("n", 1, mineMaxSide)
	s.space()
	m := s.number("m", 1, mineMaxSide)
	s.eoln()
	c := Mine{board: make([]string, n)}
	for i := range c.board {
		c.board[i] = s.row("row "+strconv.Itoa(i+1), m, "*.")
	}
	quits := 0
	for !s.atEOF() {
		if len(c.ops) == mineMaxOps {
			s.fail("more than %d operations", mineMaxOps)
			break
		}
		op := mineOp{kind: mineQuit}
		switch w := s.word("an operation"); w {
		case "Quit":
			if quits++; quits > 1 {
				s.fail("a second Quit: exactly one is allowed")
			}
		case "Flag", "Sweep", "DSweep":
			op.kind = mineKind(slices.Index(mineKindNames[:], w))
			s.space()
			op.x = s.number("x", 1, n)
			s.space()
			op.y = s.number("y", 1, m)
		default:
			s.fail("unknown operation %s, expected Flag, Sweep, DSweep or Quit", s.quotedWord())
		}
		s.eoln()
		c.ops = append(c.ops, op)
	}
	if quits == 0 {
		s.fail("no Quit: exactly one is required")
	}
	return c, s.err
}

// MineFromBytes decodes fuzzer bytes into a valid case (see tape): n, m, the board, then
// operations until the bytes run out; the Quit goes where the bytes first ask for one (a
// later one is a Sweep), or last. Mine.Bytes is its inverse.
func MineFromBytes(data []byte) Mine {
	t := &tape{data: data}
	n := t.size(1, 8, mineMaxSide)
	m := t.size(1, 8, mineMaxSide)
	c := Mine{board: t.board(n, m, '.', '*')}
	quit := false
	for !t.exhausted() {
		if room := mineMaxOps - 1; len(c.ops) == room && !quit || len(c.ops) == room+1 {
			break // the last place is the Quit's
		}
		op := mineOp{kind: mineKind(t.byte() % 4), x: 1 + t.intn(n), y: 1 + t.intn(m)}
		if op.kind == mineQuit {
			if !quit {
				quit = true
				c.ops = append(c.ops, mineOp{kind: mineQuit})
				continue
			}
			op.kind = mineSweep
		}
		c.ops = append(c.ops, op)
	}
	if !quit {
		c.ops = append(c.ops, mineOp{kind: mineQuit})
	}
	return c
}

// Bytes is the inverse of MineFromBytes: fuzz seeds in which a changed byte changes one
// cell or one operation, almost always.
func (c Mine) Bytes() []byte {
	n, m := len(c.board), len(c.board[0])
	w := &tapeWriter{data: make([]byte, 0, 8+n*m+3*len(c.ops))}
	w.size(n, 1, 8, mineMaxSide)
	w.size(m, 1, 8, mineMaxSide)
	w.board(c.board, '*')
	for _, op := range c.ops {
		w.byte(byte(op.kind))
		w.intn(max(op.x-1, 0), n)
		w.intn(max(op.y-1, 0), m)
	}
	return w.data
}

// Bounds lists the constrained quantities of the case with their limits.
func (c Mine) Bounds() []Bound {
	n, m := len(c.board), len(c.board[0])
	b := []Bound{{"n", n, 1, mineMaxSide}, {"m", m, 1, mineMaxSide}, {"operations", len(c.ops), 1, mineMaxOps},
		{"mines", strings.Count(strings.Join(c.board, ""), "*"), 0, n * m}}
	for _, op := range c.ops {
		if op.kind != mineQuit {
			b = append(b, Bound{"x", op.x, 1, n}, Bound{"y", op.y, 1, m})
		}
	}
	return b
}

// ShrinkMine is the gopter.Shrinker of mine cases: cuts of operations (never the Quit),
// rows, columns and mines, then each x and y toward 1; every candidate is smaller in the
// order (operations, n·m, mines, Σ coordinates).
func ShrinkMine(v any) gopter.Shrink { return shrinkMine(v.(Mine), skipTwins) }

func shrinkMine(c Mine, twins twinCuts) gopter.Shrink {
	ops := sized(len(c.ops), func(lo, hi int) (any, bool) {
		ops := slices.Concat(c.ops[:lo], slices.DeleteFunc(slices.Clone(c.ops[lo:hi]), func(op mineOp) bool { return op.kind != mineQuit }), c.ops[hi:])
		return Mine{c.board, ops}, len(ops) < len(c.ops)
	}).withTwins(func(a, b, n int) bool { return slices.Equal(c.ops[a:a+n], c.ops[b:b+n]) }) // equal runs hold no Quit: there is one
	coord := func(op *mineOp, i int) *int {
		if op.kind == mineQuit {
			return nil
		}
		return []*int{&op.x, &op.y}[i]
	}
	lists := append([]cutList{ops}, boardCuts(c.board, 1, "", "*", '.', c.ops, coord, func(board []string, ops []mineOp) (any, bool) { return Mine{board, ops}, true })...)
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), shrinkNumbers(2*len(c.ops), func(i int) []int {
		if p := coord(&c.ops[i/2], i%2); p != nil {
			return toward(*p, 1)
		}
		return nil
	}, func(i, v int) any {
		ops := slices.Clone(c.ops)
		*coord(&ops[i/2], i%2) = v
		return Mine{c.board, ops}
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
)

// mineShape is a mine call's flags.
type mineShape struct {
	n, m, ops span
	kinds     mineKinds
	scenario  uint8
}

func mineCall(fs *flag.FlagSet) func(*Skip) gopter.Gen {
	sh := mineShape{n: span{1, 1}, m: span{1, 1}, ops: span{1, 1}}
	fs.Var(&sh.n, "n", "rows")
	fs.Var(&sh.m, "m", "columns")
	fs.Var(&sh.ops, "q", "operations, the Quit included")
	fs.Var(choice{[]string{"any", "A", "B"}, (*uint8)(&sh.kinds)}, "ops", "the subtask's property")
	fs.Var(choice{[]string{"mixed", "cascade", "dense-dsweep", "wrong-flag-boom", "quit-middle", "careful", "no-safe-cell",
		"mine-free", "cascade-long-game"}, &sh.scenario}, "scenario", "the kind of game")
	return func(skip *Skip) gopter.Gen {
		return func(p *gopter.GenParameters) *gopter.GenResult {
			return gopter.NewGenResult(genMine(p.Rng, sh, skip), ShrinkMine)
		}
	}
}

// MineGen generates mine cases carrying ShrinkMine, most small enough to read at a
// glance, 3 in 1000 at the limits (README, "Cases at the limits"), none reaching a ruling
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

// MinePlan is the test set of the statement's subtask table (seed 000, 子任务): 20 tests
// at the sizes of their rows.
func MinePlan() []PlanTest {
	return plan(
		"mine -n 10 -m 10 -q 60 -ops A -scenario cascade", // 1-2: n, m ≤ 10, q ≤ 60, A
		"mine -n 10 -m 1 -q 1 -ops A -scenario mine-free", // the smallest: m = 1, no mine, Quit alone
		"mine -n 10 -m 10 -q 60 -ops B -scenario careful", // 3-4: B
		"mine -n 10 -m 10 -q 60 -ops B -scenario no-safe-cell",
		"mine -n 10 -m 10 -q 60 -ops any -scenario dense-dsweep", // 5-6
		"mine -n 10 -m 10 -q 60 -ops any -scenario wrong-flag-boom",
		"mine -n 1 -m 1000 -q 1000 -ops A -scenario cascade", // 7-8: n = 1, m ≤ 1000, q ≤ 1000, A
		"mine -n 1 -m 1000 -q 1000 -ops A -scenario careful",
		"mine -n 1 -m 1000 -q 1000 -ops B -scenario careful", // 9-10: B
		"mine -n 1 -m 1000 -q 1000 -ops B -scenario quit-middle",
		"mine -n 1 -m 1000 -q 1000 -ops any -scenario dense-dsweep", // 11-12
		"mine -n 1 -m 1000 -q 1000 -ops any -scenario wrong-flag-boom",
		"mine -n 300 -m 300 -q 8000 -ops A -scenario cascade", // 13-14: n, m ≤ 300, q ≤ 8000, A
		"mine -n 300 -m 300 -q 8000 -ops A -scenario careful",
		"mine -n 300 -m 300 -q 8000 -ops B -scenario careful", // 15-16: B
		"mine -n 300 -m 300 -q 8000 -ops B -scenario quit-middle",
		"mine -n 300 -m 300 -q 8000 -ops any -scenario cascade", // 17-19
		"mine -n 300 -m 300 -q 8000 -ops any -scenario dense-dsweep",
		"mine -n 300 -m 300 -q 8000 -ops any -scenario wrong-flag-boom",
		"mine -n 1000 -m 1000 -q 60000 -ops any -scenario cascade") // 20: everything at the limits
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

var mineClick = [...]mineKind{clickOpen: mineSweep, clickMark: mineFlag, clickChord: mineDSweep}

// mineField is ref's game of mine on board as a sweeper plays it, with the kinds of
// operations allowed, its watch leaving out the rulings of skip.
func mineField(board []string, kinds mineKinds, skip ruling.Set) *field {
	g := ref.NewMineGame(board)
	w := ruling.NewMineWatch(g)
	return &field{m: len(board[0]), allowed: [3]bool{true, kinds != mineSweepOnly, kinds == mineAnyOps}, skip: skip, seen: &w.Seen,
		over: func() bool { return g.Outcome() != "" },
		apply: func(k click, x, y int) {
			if g.Play(mineClick[k].String(), x, y); skip != 0 { // the watch only leaves skipped rulings out
				if w.See(g, mineClick[k].String(), x, y); g.Outcome() != "" {
					w.Ended(true) // the Quit follows
				}
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

// Scaling: a time-out's case scaled along its dimensions (Scaling).

// MineScaling scales mine cases along their operations (a prefix of the operations the
// game plays), rows and columns (the board cropped to the window where most of the game
// is played, the game played as before inside it).
var MineScaling = Scaling[Mine]{Dimensions: []string{"operations", "rows", "columns"}, Scale: scaleMine}

func scaleMine(c Mine, dim string, f float64) (Mine, bool) {
	switch dim {
	case "operations":
		return scaleMineOps(c, f)
	case "rows":
		return cropMine(c, 0, f)
	case "columns":
		return cropMine(c, 1, f)
	}
	return Mine{}, false
}

// played plays c on ref's game: the index of the operation that ends it (the Quit, a boom
// or a finish), and of the first that sweeps a cell, the opening (-1 if none does), and
// how it ends ("give up", "game over" or "finish").
func (c Mine) played() (last, opening int, end string) {
	g, opening := ref.NewMineGame(c.board), -1
	for i, op := range c.ops {
		end = g.Play(op.kind.String(), op.x, op.y)
		if opening < 0 && len(g.Newly()) > 0 {
			opening = i
		}
		if end != "" {
			return i, opening, end
		}
	}
	return len(c.ops) - 1, opening, "" // unreachable on a valid case: it has a Quit
}

// scaleMineOps keeps f of the operations the game plays, the first ones, then the Quit,
// then f of those after the Quit (never read): a boom or a finish the game reached may
// go, the opening cascade stays.
func scaleMineOps(c Mine, f float64) (Mine, bool) {
	last, _, _ := c.played()
	quit := slices.IndexFunc(c.ops, func(op mineOp) bool { return op.kind == mineQuit })
	read := last + pick(last == quit, 0, 1) // the Quit is no step
	keep := scaledSize(read, 1, f)
	if !shrunk(read, keep, f) {
		return Mine{}, false
	}
	after := c.ops[quit+1:]
	ops := slices.Concat(c.ops[:keep], []mineOp{{kind: mineQuit}}, after[:scaledSize(len(after), 0, f)])
	return Mine{c.board, ops}, true
}

// cropMine crops the board along axis (0 rows, 1 columns) to f of it: the window that
// holds the most of the operations the game plays. An operation outside it becomes one
// that changes nothing, on the nearest cell inside (mineStepper.quiet), save the opening,
// which is moved there; an operation that would end the game before the case's own game
// ended changes nothing either, and if the case's own last operation no longer ends it, a
// Quit follows it. A game that did not finish gets a reserve (withReserve), which a
// finish of the smaller board would otherwise cut short. So the cropped game plays as
// many operations, on fewer cells.
func cropMine(c Mine, axis int, f float64) (Mine, bool) {
	size := len(c.board)
	if axis == 1 {
		size = len(c.board[0])
	}
	k := scaledSize(size, 1, f)
	if !shrunk(size, k, f) {
		return Mine{}, false
	}
	coord := func(op *mineOp) *int { return pick(axis == 0, &op.x, &op.y) }
	last, opening, end := c.played()
	weight := make([]int, size)
	for _, op := range c.ops[:last+1] {
		if op.kind != mineQuit {
			weight[*coord(&op)-1]++
		}
	}
	from := window(weight, k)
	board := crop(c.board, axis, from, k)
	n, m := len(board), len(board[0])
	if end != "finish" {
		board = withReserve(board, '.', '*')
	}
	ops, quiet := slices.Clone(c.ops), make([]bool, len(c.ops))
	for i := range ops {
		if ops[i].kind == mineQuit {
			continue
		}
		p := coord(&ops[i])
		inside := *p-1 >= from && *p-1 < from+k
		*p = clampTo(*p-1-from, k) + 1
		reserve := end != "finish" && ops[i].x == n && ops[i].y == m
		quiet[i] = !inside && i != opening || reserve
	}
	played, over := keepGoing(ops, last, quiet, func() stepper[mineOp] { return mineStepper{ref.NewMineGame(board)} })
	rest := ops[last+1:]
	if over < 0 {
		played = append(played, mineOp{kind: mineQuit})
		rest = slices.DeleteFunc(slices.Clone(rest), func(op mineOp) bool { return op.kind == mineQuit })
	}
	return Mine{board, append(played, rest...)}, true
}

// mineStepper is ref's game of a cropped case (stepper).
type mineStepper struct{ g *ref.MineGame }

func (s mineStepper) play(op mineOp) bool { return s.g.Play(op.kind.String(), op.x, op.y) != "" }

// ends tells a boom ahead: a Sweep on a blank mine, a DSweep whose flags are right in
// number and leave a mine blank around it.
func (s mineStepper) ends(op mineOp) bool {
	g := s.g
	switch op.kind {
	case mineSweep:
		return !g.Swept(op.x, op.y) && !g.Flagged(op.x, op.y) && g.Mine(op.x, op.y)
	case mineDSweep:
		if !g.Swept(op.x, op.y) || g.Number(op.x, op.y) == 0 || s.flagsAround(op.x, op.y) != g.Number(op.x, op.y) {
			return false
		}
		mine := false
		s.neighbours(op.x, op.y, func(x, y int) { mine = mine || !g.Swept(x, y) && !g.Flagged(x, y) && g.Mine(x, y) })
		return mine
	}
	return false
}

// quiet keeps the kind of op where one on its cell changes nothing (a Sweep or a Flag on
// a swept cell, a Sweep on a flag, a DSweep that fails or finds its cell not swept), else
// takes a DSweep on a cell not swept or a Sweep on a swept one.
func (s mineStepper) quiet(op mineOp) mineOp {
	g := s.g
	swept, flagged := g.Swept(op.x, op.y), g.Flagged(op.x, op.y)
	switch {
	case op.kind == mineQuit:
		return op
	case !swept && (op.kind != mineSweep || !flagged):
		op.kind = mineDSweep // "not swept"
	case swept && op.kind == mineDSweep && g.Number(op.x, op.y) != 0 && s.flagsAround(op.x, op.y) == g.Number(op.x, op.y):
		op.kind = mineSweep // "swept"
	}
	return op
}

func (s mineStepper) neighbours(x, y int, visit func(x, y int)) {
	n, m := s.g.Size()
	neighbours(x, y, n, m, visit)
}

func (s mineStepper) flagsAround(x, y int) int {
	flags := 0
	s.neighbours(x, y, func(x, y int) {
		if s.g.Flagged(x, y) {
			flags++
		}
	})
	return flags
}
