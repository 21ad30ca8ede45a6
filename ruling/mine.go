package ruling

import (
	"bytes"
	"slices"

	"gamediff/ref"
)

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
//     read: operations after the end tell a solution that reads on, or counts them. The
//     one Quit that closes a game ended by boom or finish is no such situation: every
//     input has it (the statement's sample ends so), and a solution that reads it as an
//     operation fails the sample.
var mine = []Ruling{
	{"R-M1", "the game finishes, or the board has no safe cell"},
	{"R-M2", "a DSweep reaches a mine"},
	{"R-M3", "a 0-cascade reaches a flagged cell"},
	{"R-M4", "operations follow the end of the game (Quit, boom or finish), beyond the Quit that closes it"},
}

// The bits of Mine's rulings.
const (
	M1 Set = 1 << iota
	M2
	M3
	M4
)

// Mine lists the rulings of mine a solution can read differently, in the spec's order,
// each with the situation a MineWatch looks for.
func Mine() []Ruling { return slices.Clone(mine) }

// MineWatch follows ref's play of a game, one operation at a time, and notes the rulings
// it reaches in Seen.
type MineWatch struct {
	Seen  Set
	m     int
	flags map[int]bool // the flagged cells, as the Flag answers left them
}

// NewMineWatch is the watch of the game g, which has not started.
func NewMineWatch(g *ref.MineGame) *MineWatch {
	_, m := g.Size()
	return &MineWatch{Seen: pick(g.SafeLeft() == 0, M1, 0), m: m, flags: map[int]bool{}}
}

// See notes what the operation op ("Flag", "Sweep", "DSweep" or "Quit") on (x, y), just
// played, did in g.
func (w *MineWatch) See(g *ref.MineGame, op string, x, y int) {
	if key := x*(w.m+1) + y; op == "Flag" {
		if g.Flagged(x, y) {
			w.flags[key] = true
		} else {
			delete(w.flags, key)
		}
		return
	}
	if op == "Quit" {
		return
	}
	// A Sweep on a flag answers "flagged" and a DSweep skips flags: a flagged cell swept
	// is one a cascade reached.
	for _, c := range g.Newly() {
		if len(w.flags) == 0 {
			break
		}
		if key := c[0]*(w.m+1) + c[1]; w.flags[key] {
			w.Seen |= M3
			delete(w.flags, key)
		}
	}
	switch {
	case g.Outcome() == "finish":
		w.Seen |= M1
	case g.Outcome() == "game over" && op == "DSweep":
		w.Seen |= M2
	}
}

// Ended notes that the game ended with the last operation seen, and what follows it in
// the input (never read, R-M4): rest, its bytes after the operation's last token, in any
// layout; quit, whether the game ended at a Quit. After a boom or a finish, one closing
// Quit alone is the input's usual end.
func (w *MineWatch) Ended(rest []byte, quit bool) {
	words := bytes.FieldsFunc(rest, func(r rune) bool { return r < 0x80 && cSpace(byte(r)) })
	closing := !quit && len(words) == 1 && string(words[0]) == "Quit"
	if len(words) > 0 && !closing {
		w.Seen |= M4
	}
}

// MineInput is the rulings a valid input of mine reaches as ref plays it (ref.MineSteps,
// which prints nothing).
func MineInput(input []byte) Set { return mineInput(input, ref.MineSteps) }

// mineInput is MineInput with the play of ref it follows: a test holds the silent play to
// the one that prints.
func mineInput(input []byte, play func([]byte, func(*ref.MineStep)) error) Set {
	var w *MineWatch
	ops := 0
	play(input, func(s *ref.MineStep) {
		if s.Op == "" {
			w = NewMineWatch(s.MineGame)
			return
		}
		ops++
		if w.See(s.MineGame, s.Op, s.X, s.Y); s.Result != "" {
			n, _ := s.Size()
			w.Ended(mineAfter(input, n, ops), s.Op == "Quit")
		}
	})
	if w == nil {
		return 0 // no board: an input error
	}
	return w.Seen
}

// mineAfter is what follows the first ops operations of input, an input of n rows, in
// any layout (docs/rules.md: tokens and whitespace).
func mineAfter(input []byte, n, ops int) []byte {
	s := tokens{in: input}
	for range 2 + n { // n, m and the rows
		s.token()
	}
	for range ops {
		if string(s.token()) != "Quit" {
			s.token()
			s.token()
		}
	}
	return input[s.pos:]
}
