package ruling

import (
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
var boom = []Ruling{
	{"R-B1", "a board of all mines"},
	{"R-B2", "a game with no operations"},
	{"R-B3", "a middle click on an opened 0 that opens something, or a left click, cascade or middle click that reaches a '?'"},
}

// The bits of Boom's rulings.
const (
	B1 Set = 1 << iota
	B2
	B3
)

// Boom lists the rulings of boom a solution can read differently, in the spec's order,
// each with the situation a BoomWatch looks for.
func Boom() []Ruling { return slices.Clone(boom) }

// BoomWatch follows ref's play of a game, one operation at a time, and notes the rulings
// it reaches in Seen.
type BoomWatch struct {
	Seen  Set
	m     int
	asked []bool // the cells marked '?', as the right clicks left them: [x·(m+2)+y]
	asks  int    // how many
}

// NewBoomWatch is the watch of the game g, which has not started.
func NewBoomWatch(g *ref.BoomGame) *BoomWatch {
	n, m := g.Size()
	return &BoomWatch{Seen: pick(g.Mines() == n*m, B1, 0), m: m, asked: make([]bool, (n+2)*(m+2))}
}

// The clicks of an operation.
const (
	boomLeft = iota + 1
	boomRight
	boomMiddle
)

// See notes what the operation op (1, 2, 3: a left, right or middle click) on <x, y>,
// just played, did in g.
func (w *BoomWatch) See(g *ref.BoomGame, op, x, y int) {
	answer, changed := g.Answer(), g.Changed()
	p := x*(w.m+2) + y
	switch {
	case answer == "INVALID":
	case op == boomRight && w.asked[p] != (g.View(x, y) == '?'):
		w.asked[p] = !w.asked[p]
		w.asks += pick(w.asked[p], 1, -1)
	case op == boomMiddle && g.View(x, y) == '0' && answer != "LOSE" && len(changed) > 0:
		w.Seen |= B3 // a middle click on an opened 0 opened something
	case w.asks == 0 || op == boomRight:
	case op == boomLeft && w.asked[p]:
		w.Seen |= B3
	case op == boomMiddle:
		// A '?' next to a middle click that acted (it lost, or opened the '?') was among
		// the cells it opens: they are all its neighbours neither opened nor P.
		for nx := x - 1; nx <= x+1; nx++ {
			for ny := y - 1; ny <= y+1; ny++ {
				if q := nx*(w.m+2) + ny; q != p && w.asked[q] && (answer == "LOSE" || g.Opened(nx, ny)) {
					w.Seen |= B3
				}
			}
		}
	}
	for _, c := range changed {
		if q := c[0]*(w.m+2) + c[1]; w.asked[q] && g.Opened(c[0], c[1]) {
			w.Seen |= B3 // a '?' opened, by the click or its cascade
			w.asked[q] = false
			w.asks--
		}
	}
}

// Ended notes the game's closing 0, after ops operations, and returns the rulings the
// game reached.
func (w *BoomWatch) Ended(ops int) Set {
	return w.Seen | pick(ops == 0, B2, 0)
}

// BoomInput is the rulings some game of a valid input of boom reaches as ref plays it
// (ref.BoomSteps, which prints nothing).
func BoomInput(input []byte) Set { return boomInput(input, ref.BoomSteps) }

// boomInput is BoomInput with the play of ref it follows: a test holds the silent play to
// the one that prints.
func boomInput(input []byte, play func([]byte, func(*ref.BoomStep)) error) Set {
	var seen Set
	var w *BoomWatch
	ops := 0
	play(input, func(s *ref.BoomStep) {
		switch s.Op {
		case -1:
			w, ops = NewBoomWatch(s.BoomGame), 0
		case 0:
			seen |= w.Ended(ops)
		default:
			w.See(s.BoomGame, s.Op, s.X, s.Y)
			ops++
		}
	})
	return seen
}
