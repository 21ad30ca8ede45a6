package gen

import (
	"math/rand"
	"slices"

	"gamediff/ref"
)

// gen drives ref's own games (ref.MineGame, ref.BoomGame) while it generates, and
// decides the rulings a case reaches from ref's play of it: a second model of the rules
// in gen would be a third copy of them, which the rulings' predicates, the generators'
// aim and the skipped rulings would all trust. ref imports nothing of gen, fast or
// engine, so the ground packages still form no cycle.

// mineRulings are the rulings of docs/mine.md a solution can read differently, and the
// readings in mind:
//   - R-M1: finish is checked after every Sweep and DSweep that did not boom, whatever
//     it answered, and never after Flag: a solution checking only after a Sweep, or
//     before the feedback, differs when the game finishes; and on a board without a safe
//     cell whatever is read first tells (a Flag: no finish; a Sweep on a flag or a DSweep:
//     finish; a Sweep on a mine: boom; the Quit alone: give up, where a solution checking
//     before every operation says finish).
//   - R-M2: a DSweep that reaches a mine prints only boom, not the feedback of the cells
//     it swept before it.
//   - R-M3: a flagged cell reached by a 0-cascade, from a Sweep or a DSweep, loses its
//     flag and is swept.
//   - R-M4: the game ends at the first of Quit, boom and finish and nothing after it is
//     read: operations after the end tell a solution that reads on, or counts them.
var mineRulings = []Ruling{
	{"R-M1", "the game finishes, or the board has no safe cell"},
	{"R-M2", "a DSweep reaches a mine"},
	{"R-M3", "a 0-cascade reaches a flagged cell"},
	{"R-M4", "operations follow the end of the game (Quit, boom or finish)"},
}

const (
	rM1 rulingSet = 1 << iota
	rM2
	rM3
	rM4
)

// MineRulings lists the rulings of mine a solution can read differently, in the spec's
// order, each with the situation Mine.Rulings looks for.
func MineRulings() []Ruling { return slices.Clone(mineRulings) }

// Rulings plays the case on ref's game and returns the ids of the rulings whose situation
// it reaches (see MineRulings), in the spec's order. It costs ref's play of the case,
// without its output.
func (c Mine) Rulings() []string {
	g := ref.NewMineGame(c.Board)
	w := newMineWatch(g)
	for i, op := range c.Ops {
		g.Play(op.Kind.String(), op.X, op.Y)
		w.see(g, op)
		if g.Outcome() != "" {
			if i < len(c.Ops)-1 {
				w.seen |= rM4 // the operations after the end
			}
			break
		}
	}
	return w.seen.ids(mineRulings)
}

// mineWatch follows ref's play of a game and notes the rulings it reaches.
type mineWatch struct {
	seen  rulingSet
	m     int
	flags map[int]bool // the flagged cells, as the Flag answers left them
}

func newMineWatch(g *ref.MineGame) *mineWatch {
	_, m := g.Size()
	w := &mineWatch{m: m, flags: map[int]bool{}}
	if g.SafeLeft() == 0 {
		w.seen |= rM1
	}
	return w
}

// see notes what op, just played, did in g.
func (w *mineWatch) see(g *ref.MineGame, op MineOp) {
	switch op.Kind {
	case MineQuit:
		return
	case MineFlag:
		if g.Flagged(op.X, op.Y) {
			w.flags[op.X*(w.m+1)+op.Y] = true
		} else {
			delete(w.flags, op.X*(w.m+1)+op.Y)
		}
		return
	}
	for _, c := range g.Newly() {
		if len(w.flags) == 0 {
			break
		}
		// A Sweep on a flag answers "flagged" and a DSweep skips flags: a flagged cell
		// swept is one a cascade reached.
		if key := c[0]*(w.m+1) + c[1]; w.flags[key] {
			w.seen |= rM3
			delete(w.flags, key)
		}
	}
	switch {
	case g.Outcome() == "finish":
		w.seen |= rM1
	case g.Outcome() == "game over" && op.Kind == MineDSweep:
		w.seen |= rM2
	}
}

func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}

// mineField is ref's game of mine as the sweeper plays it, and the operations played.
// An operation that reaches a skipped ruling is left out, and the game stops before it.
type mineField struct {
	game    *ref.MineGame
	m       int
	kinds   MineKinds
	ops     []MineOp
	target  int // the operations to play, for done
	watch   *mineWatch
	skip    rulingSet
	stopped bool
	avoided rulingSet
}

var mineClick = [...]MineKind{clickOpen: MineSweep, clickMark: MineFlag, clickChord: MineDSweep}

func (f *mineField) play(k click, p int, opened func(q int)) bool {
	if f.done() || !f.allows(k) {
		return false
	}
	op := MineOp{Kind: mineClick[k], X: p/f.m + 1, Y: p%f.m + 1}
	before := f.watch.seen
	f.game.Play(op.Kind.String(), op.X, op.Y)
	if f.watch.see(f.game, op); f.game.Outcome() != "" {
		f.watch.seen |= rM4 // the Quit follows
	}
	reached := f.watch.seen &^ before
	if hit := reached & f.skip; hit != 0 {
		f.watch.seen, f.stopped = before, true
		f.avoided |= hit
		return false
	}
	f.ops = append(f.ops, op)
	for _, c := range f.game.Newly() {
		opened((c[0]-1)*f.m + c[1] - 1)
	}
	return true
}

func (f *mineField) allows(k click) bool {
	switch f.kinds {
	case MineSweepOnly:
		return k == clickOpen
	case MineNoDSweep:
		return k != clickChord
	}
	return true
}

func (f *mineField) asks() bool { return false }

func (f *mineField) mark(p int) uint8 {
	return pick(f.game.Flagged(p/f.m+1, p%f.m+1), markFlag, markBlank)
}

func (f *mineField) done() bool {
	return f.stopped || f.game.Outcome() != "" || len(f.ops) >= f.target
}

// randomOp is any operation of the kinds allowed, for the input after the game's end.
func (f *mineField) randomOp(r *rand.Rand, n int) MineOp {
	var kinds []click
	for k := range click(3) {
		if f.allows(k) {
			kinds = append(kinds, k)
		}
	}
	return MineOp{Kind: mineClick[kinds[r.Intn(len(kinds))]], X: 1 + r.Intn(n), Y: 1 + r.Intn(f.m)}
}

func genMine(r *rand.Rand, shape MineShape, skip *Skip) Mine {
	avoid := skip.of(mineRulings)
	n := pickEdge(r, shape.N[0], shape.N[1])
	m := pickEdge(r, shape.M[0], shape.M[1])
	density, wall := pickDensity(r), -1
	right := -1.0 // the density right of the wall, when not density
	switch shape.Scenario {
	case MineGiantCascade:
		density, wall = 0.001, m-1-min(m/100, 8)
	case MineCascadeLongGame:
		density, wall, right = 0.001, m-1-max(m/10, 1), 0.15+0.05*r.Float64()
	case MineDenseDSweep, MineWrongFlagBoom:
		density = 0.15 + 0.05*r.Float64()
	case MineCareful:
		density = 0.05 + 0.15*r.Float64()
	case MineNoSafeCell:
		density = 1
	case MineFree:
		density = 0
	}
	cells := make([]byte, n*m)
	safe := 0
	for p := range cells {
		d := density
		if p%m > wall && right >= 0 {
			d = right
		}
		cells[p] = '.'
		if p%m == wall || r.Float64() < d {
			cells[p] = '*'
		} else {
			safe++
		}
	}
	if safe == 0 && avoid&rM1 != 0 {
		cells[r.Intn(n*m)] = '.' // R-M1 skipped: a board with a safe cell
		skip.note(mineRulings, rM1)
	}
	board := make([]string, n)
	for i := range board {
		board[i] = string(cells[i*m : (i+1)*m])
	}
	q := pickEdge(r, shape.Ops[0], shape.Ops[1])
	game := ref.NewMineGame(board)
	f := &mineField{game: game, m: m, kinds: shape.Kinds, watch: newMineWatch(game), skip: avoid}
	s := newSweeper(board, '*', f, r)
	s.forbid(moveAsk, moveCycle)
	// Each case gets its own temperament: careful players make long DSweep chains and
	// finish, reckless ones boom early, chaotic ones do everything.
	// With R-M2, R-M3 or R-M4 skipped, no boom and no flag a cascade could wipe.
	never := avoid&(rM2|rM3|rM4) != 0
	if r.Intn(2) == 0 || shape.Scenario != MineMixed && shape.Scenario != MineGiantCascade || never {
		s.careful(never)
	}
	switch shape.Scenario {
	case MineCascadeLongGame:
		s.patient = true
		s.forbid(moveFlagWrong)
		fallthrough
	case MineDenseDSweep:
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
	switch shape.Scenario {
	case MineWrongFlagBoom:
		playTo((q - 1) * 9 / 10)
		f.target = q - 1
		for try := 0; try < 100 && !f.done(); try++ {
			if s.move(moveChordWrong); f.game.Outcome() != "" {
				break
			}
		}
		playTo(q - 1)
	case MineNoSafeCell:
		// Flags, then a Sweep on a flagged cell: it answers, and R-M1 finishes.
		f.target = (q - 1) / 2
		for !f.done() && f.allows(clickMark) {
			s.click(clickMark, r.Intn(n*m))
		}
		f.target = q - 1
		for p := range n * m {
			if f.mark(p) == markFlag {
				s.click(clickOpen, p)
				break
			}
		}
		playTo(q - 1)
	case MineQuitMiddle:
		after = q - 1 - (q-1)/2
		playTo((q - 1) / 2)
	case MineMixed:
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
	for !f.stopped && f.game.Outcome() != "" && len(f.ops) < q-1-after {
		f.ops = append(f.ops, f.randomOp(r, n))
	}
	f.ops = append(f.ops, MineOp{Kind: MineQuit})
	if avoid&rM4 != 0 && after > 0 {
		after = 0
		f.avoided |= rM4
	}
	for range after {
		f.ops = append(f.ops, f.randomOp(r, n))
	}
	skip.note(mineRulings, f.avoided)
	return Mine{Board: board, Ops: f.ops}
}
