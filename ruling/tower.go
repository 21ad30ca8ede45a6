package ruling

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"gamediff/ref"
)

// towerRulings are the rulings R-T3..R-T18 of docs/tower.md a solution can read
// differently (R-T1 and R-T2 are the input and the field, which the validator and every
// reading share), and the readings in mind:
//   - R-T3: a check before any automatic step: a player starting on G or B is over at
//     once, and an unstable layout stays as given until the first command.
//   - R-T4: the check right after the action, before the automatic steps (a push moving
//     G under a block about to fall on the player), and automatic steps after an ignored
//     command too.
//   - R-T5: T = 0 still gives Gave Up, and commands after the end are read and ignored.
//   - R-T6 … R-T11: every command refused by one of its conditions, and the details a
//     reading can miss: MOVETO from level 1, past a block on his level or over a block
//     of another kind than '#' (any kind supports him, under the target column too);
//     CLIMB onto a block other than '#' or with nothing under him; GETDOWN onto level 1
//     or onto a cell with nothing under it; a push carried out (the player stays, the
//     farthest block first) or refused for a C; a pushed block that is ice, on ice or on
//     level 1 with nothing ahead (it slides, or not); a PULL, which pulls the block on the
//     side opposite its name.
//   - R-T12: a fragile block counts down when a valid MOVETO, CLIMB, GETDOWN or PULL moves
//     the player off it, and never otherwise.
//   - R-T13 … R-T16: rounds repeated, in their order; blocks directly (or only
//     diagonally) on a B; the player's fall; the blocks' fall.
//   - R-T17: below level 1 is the floor, neither G nor B, where a misread floor would find
//     one (on level 1, or at the top of his column, where an index below level 1 wraps).
//   - R-T18: the conditions' order, (C) only for a block still in his cell, (D) for a
//     goal gone from the tower.
var tower = []Ruling{
	{"R-T3", "the player starts on G or B, or the layout is unstable at the start"},
	{"R-T4", "a game over right after an action that the automatic steps would change, or an ignored command followed by automatic steps that change something"},
	{"R-T5", "T = 0, or commands after the end of the game"},
	{"R-T6", "a MOVETO that is invalid (outside 1..m, his column, an occupied cell, a gap below, floating), or valid from level 1, past a block on his level or over a block other than '#' (any kind supports him)"},
	{"R-T7", "a CLIMB that is invalid, onto a block other than '#', or with nothing under the player"},
	{"R-T8", "a GETDOWN that is invalid, or valid onto level 1 or onto a cell with nothing under it"},
	{"R-T9", "a push carried out, or refused for a C in the chain"},
	{"R-T10", "a pushed block that is ice, stands on ice or is on level 1, with nothing ahead of it"},
	{"R-T11", "a PULL with a block beside the player"},
	{"R-T12", "a command while the player stands on a fragile block"},
	{"R-T13", "automatic steps that change something in a second round, or that move the player and a block in one round"},
	{"R-T14", "a block directly or diagonally on top of a B when the automatic steps run"},
	{"R-T15", "the player falls"},
	{"R-T16", "a block falls"},
	{"R-T17", "a check with the player on level 1 while a G or B is on level 1 or at the top of his column"},
	{"R-T18", "a check where two conditions hold, a block falling into or through the player's cell, or a goal gone from the tower"},
}

// The bits of Tower's rulings.
const (
	T3 Set = 1 << iota
	T4
	T5
	T6
	T7
	T8
	T9
	T10
	T11
	T12
	T13
	T14
	T15
	T16
	T17
	T18
)

// Tower lists the rulings of tower a solution can read differently, in the rulebook's
// order, each with the situation a TowerWatch looks for.
func Tower() []Ruling { return slices.Clone(tower) }

// TowerDataset is what ref's play of a dataset reached: its rulings and its result.
type TowerDataset struct {
	Seen   Set
	Result string // the game-over line
}

// TowerWatch follows ref's play of datasets, one moment at a time (ref.TowerRules or a
// ref.TowerGame's observer), and notes the rulings each reaches; the zero value is ready.
type TowerWatch struct {
	done    []TowerDataset // the datasets before the one played; the first is a placeholder
	Seen    Set            // what the dataset being played reached so far
	result  string
	hasB    bool   // the tower held a B at the start: B never appear
	py      int    // the player's level before the round being played
	pending [2]Set // the command's rulings if it is found invalid, and if valid
	ignored bool   // the command was found invalid: the automatic steps follow it
	overNow bool   // the check right after the action ended the game
}

// Datasets is what each dataset seen reached.
func (w *TowerWatch) Datasets() []TowerDataset {
	return append(w.done, TowerDataset{w.Seen, w.result})[1:]
}

// See notes what a moment of ref's play did.
func (w *TowerWatch) See(s *ref.TowerStep) {
	if s.Phase == ref.TowerStart {
		w.done = append(w.done, TowerDataset{w.Seen, w.result})
		*w = TowerWatch{done: w.done}
	}
	w.result = s.Result
	py, px := s.Player()
	switch s.Phase {
	case ref.TowerStart:
		n, _ := s.Size()
		for y := 1; y <= n; y++ {
			w.hasB = w.hasB || bytes.IndexByte(s.Level(y), 'B') >= 0
		}
		changes, _ := s.Settled()
		if c := below(s, py, px); c == 'G' || c == 'B' || changes {
			w.Seen |= T3
		}
		w.check(s)
		w.Seen |= T5 // T = 0, until a command is read
	case ref.TowerIgnored:
		w.Seen |= T5
	case ref.TowerCommand:
		w.Seen &^= T5
		w.command(s)
	case ref.TowerAction:
		w.Seen |= w.pending[btoi(s.Valid)]
		w.ignored, w.py = !s.Valid, py
		// The check right after the action (R-T4.2) runs on this tower: the game is over
		// if one of the conditions holds, and its result is the first that does.
		a, b, c, d := s.Conditions()
		if w.overNow = a || b || c || d; w.overNow {
			result := []string{"Cleared", "Death by Hole", "Death by Block", "Death by Walking Goal"}[slices.Index([]bool{a, b, c, d}, true)]
			if _, settled := s.Settled(); settled != "Game Over : "+result {
				w.Seen |= T4
			}
		} else {
			w.diagonalB(s)
		}
		w.check(s)
	case ref.TowerPushed:
		w.pushed(s)
	case ref.TowerFall:
		w.Seen |= T16
		if x, from, to := s.Move.From[1], s.Move.From[0], s.Move.To[0]; x == px && to <= py && py < from {
			w.Seen |= T18 // into or through his cell
		}
	case ref.TowerRound:
		r := s.Round
		changed := r.Vanished != "" || r.Fell || r.BlocksFell
		if r.Fell {
			w.Seen |= T15
		}
		if r.Vanished != "" {
			w.Seen |= T14
		}
		if changed && (r.Number >= 2 || r.Fell && (r.BlocksFell || r.Vanished != "")) {
			w.Seen |= T13
		}
		if changed && w.ignored {
			w.Seen |= T4
		}
		if changed {
			w.diagonalB(s) // the tower the next round starts from
		}
	case ref.TowerAutomatic:
		if !w.overNow {
			w.check(s) // R-T4.4: the check before the next action
		}
	}
}

// below is the cell under level y, column x: '.' for the floor under level 1.
func below(s *ref.TowerStep, y, x int) byte {
	if y == 1 {
		return '.'
	}
	return s.Cell(y-1, x)
}

// check notes what a check of R-T18 sees: two conditions that hold, a goal gone from the
// tower; and, with the player on level 1, a G or B where a misread floor would be.
func (w *TowerWatch) check(s *ref.TowerStep) {
	n, _ := s.Size()
	a, b, c, d := s.Conditions()
	if btoi(a)+btoi(b)+btoi(c)+btoi(d) >= 2 {
		w.Seen |= T18
	}
	gone := d
	for y := 1; y <= n && gone; y++ {
		gone = bytes.IndexByte(s.Level(y), 'G') < 0
	}
	if gone {
		w.Seen |= T18
	}
	if py, px := s.Player(); py == 1 && (bytes.ContainsAny(s.Level(1), "GB") || s.Cell(n, px) == 'G' || s.Cell(n, px) == 'B') {
		w.Seen |= T17
	}
}

// diagonalB notes a block diagonally on top of a B as a round of automatic steps starts
// (one directly on a B vanishes in it).
func (w *TowerWatch) diagonalB(s *ref.TowerStep) {
	n, m := s.Size()
	for y := 1; y < n && w.hasB; y++ {
		level, above := s.Level(y), s.Level(y+1)
		for x := range level {
			if level[x] == 'B' && (x > 0 && above[x-1] != '.' || x < m-1 && above[x+1] != '.') {
				w.Seen |= T14
				return
			}
		}
	}
}

// command notes the rulings the command about to be handled reaches, found invalid or
// valid, from the tower before it.
func (w *TowerWatch) command(s *ref.TowerStep) {
	n, m := s.Size()
	y, x := s.Player()
	name, arg, _ := strings.Cut(s.Op, " ")
	d := pick(arg == "RIGHT", 1, -1)
	empty := func(y, x int) bool { return y < 1 || y > n || x < 1 || x > m || s.Cell(y, x) == '.' }
	var bad, good Set
	switch name {
	case "MOVETO":
		// Every invalid MOVETO; a valid one from level 1, past a block on his level, over a
		// block other than '#'.
		bad = T6
		col, _ := strconv.Atoi(arg)
		for k := min(x, col); k <= max(x, col) && col >= 1 && col <= m; k++ {
			if y == 1 || k != x && k != col && !empty(y, k) || below(s, y, k) != '#' {
				good = T6
			}
		}
	case "CLIMB":
		bad = T7
		if s.Cell(y, min(max(x+d, 1), m)) != '#' || y > 1 && empty(y-1, x) {
			good = T7
		}
	case "GETDOWN":
		bad = T8
		if y-1 == 1 || empty(y-2, x+d) {
			good = T8
		}
	case "PUSH":
		good = T9
		if !empty(y, x+d) {
			bad = T9 // the chain is not empty, so a C stops it
		}
	case "PULL":
		if !empty(y, x-1) || !empty(y, x+1) {
			bad, good = T11, T11
		}
	}
	if strings.IndexByte("123", below(s, y, x)) >= 0 {
		bad |= T12
		good |= T12
	}
	w.pending = [2]Set{bad, good}
}

// pushed notes what R-T10 says of a pushed block, after its one-cell move: whether it is
// ice, on ice or on level 1 with nothing ahead of it.
func (w *TowerWatch) pushed(s *ref.TowerStep) {
	_, m := s.Size()
	mv := s.Move
	y, x1, x2 := mv.Step[0], mv.Step[1], mv.To[1]
	if x1 < 1 || x1 > m {
		return // out of the tower at once
	}
	d := x1 - mv.From[1]
	// Nothing ahead: it slid on (only into an empty cell), or the next cell is empty now,
	// as nothing else moved while it did.
	ahead := x1+d < 1 || x1+d > m || x2 != x1 || s.Cell(y, x1+d) == '.'
	if ahead && (mv.Kind == 'I' || y == 1 || below(s, y, x1) == 'I') {
		w.Seen |= T10
	}
}

// TowerInput is the rulings some dataset of a valid input of tower reaches as ref plays
// it (ref.TowerRules).
func TowerInput(input []byte) Set {
	var seen Set
	for _, d := range TowerDatasets(input) {
		seen |= d.Seen
	}
	return seen
}

// TowerDatasets is what each dataset of a valid input of tower reaches as ref plays it.
func TowerDatasets(input []byte) []TowerDataset {
	var w TowerWatch
	ref.TowerRules(input, w.See)
	return w.Datasets()
}
