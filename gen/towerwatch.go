package gen

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"gamediff/ref"
)

// towerClauses are the situations of the rulings R-T3..R-T18 of docs/tower.md that a
// dataset can reach (R-T1 and R-T2 are the input and the field, which the validator and
// every reading share), each a clause of its ruling a solution can read otherwise:
//   - R-T3: a check before any automatic step: a player starting on G or B is over at
//     once, and an unstable layout stays as given until the first command.
//   - R-T4: the check right after the action, before the automatic steps, and automatic
//     steps after an ignored command too.
//   - R-T5: T = 0 still gives Gave Up, and commands after the end are read and ignored.
//   - R-T6..R-T11: each command's conditions, one clause per condition that refuses it
//     and per detail a reading can miss (the floor, blocks on his own level, a B below,
//     a block other than '#', nothing under him, the side the names invite).
//   - R-T12: a fragile block counts down when a valid MOVETO, CLIMB, GETDOWN or PULL
//     moves the player off it, and never otherwise.
//   - R-T13..R-T16: the round's order and its repetition, blocks on a B, the player's
//     fall, the blocks' fall.
//   - R-T17: below level 1 is the floor, neither G nor B, where a misread floor would
//     find one (on level 1, or at the top of his column, where an index below level 1
//     wraps).
//   - R-T18: the conditions' order, (C) only for a block still in his cell, (D) for a
//     goal gone from the tower.
var towerClauses = []clause{
	{"R-T3", "the player starts on G"},
	{"R-T3", "the player starts on B"},
	{"R-T3", "the layout is unstable at the start"},
	{"R-T4", "a game over right after an action that a check after the automatic steps would judge otherwise"},
	{"R-T4", "an ignored command followed by automatic steps that change something"},
	{"R-T5", "T = 0"},
	{"R-T5", "commands after the end of the game"},
	{"R-T6", "MOVETO outside 1..m"},
	{"R-T6", "MOVETO to his own column"},
	{"R-T6", "MOVETO onto an occupied cell"},
	{"R-T6", "MOVETO over a gap on the level below"},
	{"R-T6", "MOVETO while he floats"},
	{"R-T6", "MOVETO from level 1"},
	{"R-T6", "MOVETO past a block on his level"},
	{"R-T6", "MOVETO over a B"},
	{"R-T7", "CLIMB at the top level"},
	{"R-T7", "CLIMB with no block beside him"},
	{"R-T7", "CLIMB with the cell above or above-beside occupied"},
	{"R-T7", "CLIMB onto a block other than '#'"},
	{"R-T7", "CLIMB with nothing under him"},
	{"R-T8", "GETDOWN on level 1"},
	{"R-T8", "GETDOWN beside the side of the tower"},
	{"R-T8", "GETDOWN with the cell beside or the one below it occupied"},
	{"R-T8", "GETDOWN onto level 1"},
	{"R-T8", "GETDOWN onto a cell with nothing under it"},
	{"R-T9", "a push carried out"},
	{"R-T9", "a push of two blocks or more"},
	{"R-T9", "a pushed block leaves the tower"},
	{"R-T9", "a push refused for a C in the chain"},
	{"R-T10", "a pushed ice block with a block or the floor under it, nothing ahead"},
	{"R-T10", "a pushed ice block with nothing under it, nothing ahead"},
	{"R-T10", "a pushed block on ice, nothing ahead"},
	{"R-T10", "a pushed block on level 1 that is not ice, nothing ahead"},
	{"R-T11", "a PULL carried out"},
	{"R-T11", "a PULL refused (a C, or no room on the side he moves to)"},
	{"R-T11", "a PULL with a block only on the side he moves to"},
	{"R-T12", "a fragile block counts down"},
	{"R-T12", "a fragile 1 vanishes"},
	{"R-T12", "a PUSH or an invalid command on a fragile block"},
	{"R-T13", "automatic steps that change something in a second round"},
	{"R-T13", "the player and a block move in one round"},
	{"R-T14", "a block on a B vanishes"},
	{"R-T14", "a B, G or C on a B vanishes"},
	{"R-T14", "a block diagonally on a B when the automatic steps run"},
	{"R-T15", "the player falls"},
	{"R-T15", "the player falls two levels or more in one step"},
	{"R-T16", "a block falls"},
	{"R-T16", "a C, B or G falls"},
	{"R-T17", "a check on level 1 with a G or B on level 1"},
	{"R-T17", "a check on level 1 with a G or B at the top of his column"},
	{"R-T18", "a check where two conditions hold"},
	{"R-T18", "a block falls into or through the player's cell"},
	{"R-T18", "(D) with the goal gone from the tower"},
}

const (
	tStartG clauseSet = 1 << iota
	tStartB
	tUnstable
	tOverSettles
	tIgnoredSettles
	tT0
	tAfterEnd
	tMoveOutside
	tMoveOwn
	tMoveOccupied
	tMoveGap
	tMoveFloating
	tMoveLevel1
	tMovePast
	tMoveOverB
	tClimbTop
	tClimbNoBlock
	tClimbAbove
	tClimbOdd
	tClimbFloating
	tDownLevel1
	tDownSide
	tDownOccupied
	tDownOntoLevel1
	tDownFalls
	tPush
	tPushChain
	tPushOut
	tPushC
	tIceSlides
	tIceStops
	tOnIce
	tLevel1NoSlide
	tPull
	tPullRefused
	tPullOtherSide
	tCountdown
	tFragileGone
	tFragileKept
	tSecondRound
	tPlayerAndBlock
	tVanish
	tVanishOdd
	tDiagonalB
	tPlayerFalls
	tPlayerFallsFar
	tBlockFalls
	tOddFalls
	tFloorG
	tFloorTop
	tTwoConditions
	tFallOnPlayer
	tGoalGone
)

var towerSituations = map[string]string{
	"R-T3":  "the player starts on G or B, or the layout is unstable at the start",
	"R-T4":  "a game over right after an action that the automatic steps would change, or an ignored command followed by automatic steps that change something",
	"R-T5":  "T = 0, or commands after the end of the game",
	"R-T6":  "a MOVETO that is invalid (outside 1..m, his column, an occupied cell, a gap below, floating), or valid from level 1, past a block on his level or over a B",
	"R-T7":  "a CLIMB that is invalid, onto a block other than '#', or with nothing under the player",
	"R-T8":  "a GETDOWN that is invalid, or valid onto level 1 or onto a cell with nothing under it",
	"R-T9":  "a push carried out, or refused for a C in the chain",
	"R-T10": "a pushed block that is ice, stands on ice or is on level 1, with nothing ahead of it",
	"R-T11": "a PULL with a block beside the player",
	"R-T12": "a command while the player stands on a fragile block",
	"R-T13": "automatic steps that change something in a second round, or that move the player and a block in one round",
	"R-T14": "a block directly or diagonally on top of a B when the automatic steps run",
	"R-T15": "the player falls",
	"R-T16": "a block falls",
	"R-T17": "a check with the player on level 1 while a G or B is on level 1 or at the top of his column",
	"R-T18": "a check where two conditions hold, a block falling into or through the player's cell, or a goal gone from the tower",
}

// TowerRulings lists the rulings of tower a solution can read differently, in the
// rulebook's order, each with the situation Tower.Rulings looks for.
func TowerRulings() []Ruling { return rulingsOf(towerClauses, towerSituations) }

// Rulings plays the case on ref (every moment a rule acts, ref.TowerRules) and returns the
// ids of the rulings whose situation some dataset reaches (see TowerRulings), in the
// rulebook's order. It costs about ref's play of the case.
func (c Tower) Rulings() []string {
	var seen clauseSet
	for _, s := range c.watch() {
		seen |= s.seen
	}
	return seen.rulings(towerClauses)
}

// towerResults are the results of R-T18, the features after the clauses.
var towerResults = []string{"Cleared", "Death by Hole", "Death by Block", "Death by Walking Goal", "Gave Up"}

// Features lists the clauses of the rulings (R-T3 … R-T18) and the five results, each
// with whether some dataset of the case reaches it, as ref plays it.
func (c Tower) Features() []Feature {
	var seen clauseSet
	results := map[string]bool{}
	for _, s := range c.watch() {
		seen |= s.seen
		results[strings.TrimPrefix(s.result, "Game Over : ")] = true
	}
	var out []Feature
	for i, cl := range towerClauses {
		out = append(out, Feature{Name: cl.ruling + " " + cl.text, Seen: seen&(1<<i) != 0})
	}
	for _, r := range towerResults {
		out = append(out, Feature{Name: "R-T18 " + r, Seen: results[r]})
	}
	return out
}

// towerDataset is what ref's play of a dataset reached: its clauses and its result.
type towerDataset struct {
	seen   clauseSet
	result string
}

// watch plays c on ref and returns what each dataset reached.
func (c Tower) watch() []towerDataset {
	w := &towerWatch{}
	ref.TowerRules(c.Encode(), w.see) // a valid case: no input error
	return append(w.done, towerDataset{w.seen, w.result})[1:]
}

// towerWatch follows ref's play of datasets, one moment at a time (ref.TowerRules), and
// notes the clauses each reaches.
type towerWatch struct {
	done    []towerDataset // the datasets before the one played; the first is a placeholder
	seen    clauseSet
	result  string
	m       int
	hasB    bool         // the tower held a B at the start: B never appear
	py      int          // the player's level before the round being played
	cmds    int          // commands read in the dataset
	pending [2]clauseSet // the command's clauses if it is found invalid, and if valid
	ignored bool         // the command was found invalid: the automatic steps follow it
	overNow bool         // the check right after the action ended the game
}

// seenOr is what the dataset reached so far, or none without a watch.
func (w *towerWatch) seenOr(none clauseSet) clauseSet {
	if w == nil {
		return none
	}
	return w.seen
}

func (w *towerWatch) see(s *ref.TowerStep) {
	if s.Phase == ref.TowerStart {
		w.done = append(w.done, towerDataset{w.seen, w.result})
		*w = towerWatch{done: w.done}
	}
	w.result = s.Result
	switch s.Phase {
	case ref.TowerStart:
		var n int
		n, w.m = s.Size()
		for y := 1; y <= n; y++ {
			w.hasB = w.hasB || bytes.IndexByte(s.Level(y), 'B') >= 0
		}
		py, px := s.Player()
		switch {
		case py > 1 && s.Cell(py-1, px) == 'G':
			w.seen |= tStartG
		case py > 1 && s.Cell(py-1, px) == 'B':
			w.seen |= tStartB
		}
		if changes, _ := s.Settled(); changes {
			w.seen |= tUnstable
		}
		w.check(s)
		w.seen |= tT0 // until a command is read
	case ref.TowerIgnored:
		w.seen |= tAfterEnd
		w.seen &^= tT0
	case ref.TowerCommand:
		w.seen &^= tT0
		w.command(s)
	case ref.TowerAction:
		w.seen |= w.pending[btoi(s.Valid)]
		w.ignored = !s.Valid
		// The check right after the action (R-T4.2) runs on this tower: the game is over
		// if one of the conditions holds, and its result is the first that does.
		a, b, c, d := s.Conditions()
		if w.overNow = a || b || c || d; w.overNow {
			result := towerResults[slices.Index([]bool{a, b, c, d}, true)]
			if _, settled := s.Settled(); settled != "Game Over : "+result {
				w.seen |= tOverSettles
			}
		} else {
			w.diagonalB(s)
		}
		w.py, _ = s.Player()
		w.check(s)
	case ref.TowerPushed:
		w.pushed(s)
	case ref.TowerFall:
		py, px := s.Player()
		w.seen |= tBlockFalls
		if strings.IndexByte("CBG", s.Move.Kind) >= 0 {
			w.seen |= tOddFalls
		}
		if x, from, to := s.Move.From[1], s.Move.From[0], s.Move.To[0]; x == px && to <= py && py < from {
			w.seen |= tFallOnPlayer
		}
	case ref.TowerRound:
		r := s.Round
		changed := r.Vanished != "" || r.Fell || r.BlocksFell
		if r.Vanished != "" {
			w.seen |= tVanish
			if strings.ContainsAny(r.Vanished, "BGC") {
				w.seen |= tVanishOdd
			}
		}
		if py, _ := s.Player(); r.Fell {
			w.seen |= tPlayerFalls
			if w.py-py >= 2 {
				w.seen |= tPlayerFallsFar
			}
			w.py = py
		}
		if r.Fell && (r.BlocksFell || r.Vanished != "") {
			w.seen |= tPlayerAndBlock
		}
		if changed && r.Number >= 2 {
			w.seen |= tSecondRound
		}
		if changed && w.ignored {
			w.seen |= tIgnoredSettles
		}
		if changed {
			w.diagonalB(s) // the state the next round starts from
		}
	case ref.TowerAutomatic:
		if !w.overNow {
			w.check(s) // R-T4.4: the check before the next action
		}
	}
}

// check notes what a check of R-T18 sees.
func (w *towerWatch) check(s *ref.TowerStep) {
	a, b, c, d := s.Conditions()
	if btoi(a)+btoi(b)+btoi(c)+btoi(d) >= 2 {
		w.seen |= tTwoConditions
	}
	if d {
		gone := true
		n, _ := s.Size()
		for y := 1; y <= n && gone; y++ {
			gone = bytes.IndexByte(s.Level(y), 'G') < 0
		}
		if gone {
			w.seen |= tGoalGone
		}
	}
	n, _ := s.Size()
	if py, px := s.Player(); py == 1 {
		if bytes.IndexAny(s.Level(1), "GB") >= 0 {
			w.seen |= tFloorG
		}
		if c := s.Cell(n, px); c == 'G' || c == 'B' {
			w.seen |= tFloorTop
		}
	}
}

// diagonalB notes a block diagonally on top of a B as a round of automatic steps starts.
func (w *towerWatch) diagonalB(s *ref.TowerStep) {
	if !w.hasB {
		return
	}
	n, m := s.Size()
	for y := 1; y < n; y++ {
		level, above := s.Level(y), s.Level(y+1)
		for x := bytes.IndexByte(level, 'B'); x >= 0; {
			if x > 0 && above[x-1] != '.' || x < m-1 && above[x+1] != '.' {
				w.seen |= tDiagonalB
				return
			}
			next := bytes.IndexByte(level[x+1:], 'B')
			if next < 0 {
				break
			}
			x += 1 + next
		}
	}
}

// command notes the clauses the command about to be handled reaches, found invalid or
// valid, from the tower before it.
func (w *towerWatch) command(s *ref.TowerStep) {
	n, m := s.Size()
	y, x := s.Player()
	name, arg, _ := strings.Cut(s.Op, " ")
	d := pick(arg == "RIGHT", 1, -1)
	at := func(y, x int) byte { // '.' outside the tower
		if y < 1 || y > n || x < 1 || x > m {
			return '.'
		}
		return s.Cell(y, x)
	}
	empty := func(y, x int) bool { return at(y, x) == '.' }
	var bad, good clauseSet
	switch name {
	case "MOVETO":
		col, err := strconv.Atoi(arg)
		switch {
		case err != nil || col < 1 || col > m:
			bad = tMoveOutside
		case col == x:
			bad = tMoveOwn
		case !empty(y, col):
			bad = tMoveOccupied
		case y > 1 && empty(y-1, x):
			bad = tMoveFloating
		default:
			bad = tMoveGap
			if y == 1 {
				good |= tMoveLevel1
			}
			for k := min(x, col); k <= max(x, col); k++ {
				if k != x && k != col && !empty(y, k) {
					good |= tMovePast
				}
				if k != col && at(y-1, k) == 'B' {
					good |= tMoveOverB
				}
			}
		}
	case "CLIMB":
		switch {
		case y == n:
			bad = tClimbTop
		case empty(y, x+d):
			bad = tClimbNoBlock
		case !empty(y+1, x) || !empty(y+1, x+d):
			bad = tClimbAbove
		}
		if at(y, x+d) != '#' {
			good |= tClimbOdd
		}
		if y > 1 && empty(y-1, x) {
			good |= tClimbFloating
		}
	case "GETDOWN":
		switch {
		case y == 1:
			bad = tDownLevel1
		case x+d < 1 || x+d > m:
			bad = tDownSide
		default:
			bad = tDownOccupied
		}
		if y-1 == 1 {
			good |= tDownOntoLevel1
		} else if empty(y-2, x+d) {
			good |= tDownFalls
		}
	case "PUSH":
		if !empty(y, x+d) {
			bad = tPushC // the chain is not empty, so a C stops it
		}
		good = tPush
		if !empty(y, x+2*d) {
			good |= tPushChain
		}
	case "PULL":
		good = tPull
		switch {
		case !empty(y, x-d):
			bad = tPullRefused
		case !empty(y, x+d):
			bad = tPullOtherSide
		}
	}
	if y > 1 && strings.IndexByte("123", at(y-1, x)) >= 0 {
		bad |= tFragileKept
		if name == "PUSH" {
			good |= tFragileKept
		} else {
			good |= tCountdown
			if at(y-1, x) == '1' {
				good |= tFragileGone
			}
		}
	}
	w.pending = [2]clauseSet{bad, good}
}

// pushed notes what R-T10 says of a pushed block, after its one-cell move: whether it is
// ice, on ice or on level 1 with nothing ahead of it.
func (w *towerWatch) pushed(s *ref.TowerStep) {
	mv := s.Move
	y, x1, x2 := mv.Step[0], mv.Step[1], mv.To[1]
	if x2 < 1 || x2 > w.m {
		w.seen |= tPushOut
	}
	if x1 < 1 || x1 > w.m {
		return
	}
	d := x1 - mv.From[1]
	// Nothing ahead: it slid on (only into an empty cell), or the next cell is empty now,
	// as nothing else moved while it did.
	ahead := x1+d < 1 || x1+d > w.m || x2 != x1 || s.Cell(y, x1+d) == '.'
	if !ahead {
		return
	}
	below := byte('#') // the floor supports as a block does
	if y > 1 {
		below = s.Cell(y-1, x1)
	}
	switch {
	case mv.Kind == 'I' && below != '.':
		w.seen |= tIceSlides
	case mv.Kind == 'I':
		w.seen |= tIceStops
	}
	if y > 1 && below == 'I' {
		w.seen |= tOnIce
	}
	if y == 1 && mv.Kind != 'I' {
		w.seen |= tLevel1NoSlide
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
