package ruling_test

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamediff/gen"
	"gamediff/ref"
	"gamediff/ruling"
)

// The checks of this file decide each ruling's situation again, from its text in
// docs/ and the ruling's table, reading ref's traces as a reader of a picture would: the
// input's text, the board or tower as it stands at each step, copied step by step. They
// share no code with the watches, which follow ref's games incrementally, so that a
// predicate that drifts from its situation shows as a disagreement on generated cases.

// grid is a board or tower as it stands at one step, copied: cells[y][x], 0-based.
type grid [][]byte

func (g grid) at(y, x int) byte {
	if y < 0 || y >= len(g) || x < 0 || x >= len(g[0]) {
		return 0
	}
	return g[y][x]
}

func isDigit(c byte) bool { return c >= '0' && c <= '8' }

// inputLines are the lines of an input, without their line ends.
func inputLines(input []byte) []string {
	return strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
}

// mineSituations decides mine's rulings for a valid input, in any layout of its tokens
// (docs/rules.md).
func mineSituations(input []byte) ruling.Set {
	tokens := strings.Fields(string(input))
	var n, m int
	fmt.Sscan(tokens[0]+" "+tokens[1], &n, &m)
	var seen ruling.Set
	// R-M1: a board with no safe cell.
	if !strings.Contains(strings.Join(tokens[2:2+n], ""), ".") {
		seen |= ruling.M1
	}
	snapshot := func(s *ref.MineStep) grid {
		g := make(grid, n)
		for x := range g {
			g[x] = make([]byte, m)
			for y := range g[x] {
				g[x][y] = s.Cell(x+1, y+1)
			}
		}
		return g
	}
	var before grid
	read, ended := 0, "" // the operations ref read, and how the game ended
	ref.MineTrace(input, func(s *ref.MineStep) {
		now := snapshot(s)
		if s.Op != "" {
			read++
			ended = s.Result
			switch {
			case s.Result == "finish": // R-M1: the game finishes
				seen |= ruling.M1
			case s.Result == "game over" && s.Op == "DSweep": // R-M2
				seen |= ruling.M2
			}
			// R-M3: a flag swept. A Sweep on a flag answers "flagged" and a DSweep skips
			// flags: only a cascade sweeps one.
			for x := range now {
				for y := range now[x] {
					if before[x][y] == 'F' && isDigit(now[x][y]) {
						seen |= ruling.M3
					}
				}
			}
		}
		before = now
	})
	// R-M4: operations in the input that ref never read, the game being over, beyond the
	// one Quit that closes a game ended by boom or finish. An operation is its word and,
	// but for Quit, two numbers.
	var ops []string
	for i := 2 + n; i < len(tokens); i++ {
		ops = append(ops, tokens[i])
		if tokens[i] != "Quit" {
			i += 2
		}
	}
	closing := len(ops) == read+1 && ended != "give up" && ops[len(ops)-1] == "Quit"
	if len(ops) > read && !closing {
		seen |= ruling.M4
	}
	return seen
}

// boomSituations decides boom's rulings for each game of a valid input.
func boomSituations(input []byte) []ruling.Set {
	var out []ruling.Set
	var before grid
	var n, m, ops int
	over := false
	snapshot := func(s *ref.BoomStep) grid {
		g := make(grid, n)
		for x := range g {
			g[x] = make([]byte, m)
			for y := range g[x] {
				g[x][y] = s.Cell(x+1, y+1)
			}
		}
		return g
	}
	lines := inputLines(input)
	ref.BoomTrace(input, func(s *ref.BoomStep) {
		if s.Op == -1 {
			n, m = s.Size()
			out, ops, over = append(out, 0), 0, false
			// R-B1: the board's rows, as the input gives them, all mines.
			if !strings.Contains(strings.Join(lines[s.Line:s.Line+n], ""), "_") {
				out[len(out)-1] |= ruling.B1
			}
			before = snapshot(s)
			return
		}
		seen := &out[len(out)-1]
		if s.Op == 0 {
			if ops == 0 {
				*seen |= ruling.B2 // R-B2
			}
			return
		}
		ops++
		now := snapshot(s)
		lost := !over && len(s.Lost) > 0
		if !over {
			opened := false // something went from unopened to opened
			for x := range now {
				for y := range now[x] {
					if !isDigit(before[x][y]) && isDigit(now[x][y]) {
						opened = true
					}
					if before[x][y] == '?' && isDigit(now[x][y]) {
						*seen |= ruling.B3 // a '?' opened, by a click or a cascade
					}
				}
			}
			x, y := s.X-1, s.Y-1
			switch {
			case s.Op == 3 && before[x][y] == '0' && opened:
				*seen |= ruling.B3 // a middle click on an opened 0 that opens something
			case s.Op == 1 && before[x][y] == '?':
				*seen |= ruling.B3 // a left click on a '?' (a mine there loses)
			case s.Op == 3 && lost:
				// A middle click that lost opened every neighbour neither opened nor P.
				for nx := x - 1; nx <= x+1; nx++ {
					for ny := y - 1; ny <= y+1; ny++ {
						if (nx != x || ny != y) && before.at(nx, ny) == '?' {
							*seen |= ruling.B3
						}
					}
				}
			}
		}
		over = over || s.Over()
		before = now
	})
	return out
}

// dataminingSituations decides datamining's rulings for each board of a valid input.
func dataminingSituations(t *testing.T, input []byte) []ruling.Set {
	var out []ruling.Set
	ref.DataminingTrace(input, func(s *ref.DataminingStep) {
		r, c := s.Size()
		mine := make(grid, r)
		safe := 0
		for x := range mine {
			mine[x] = make([]byte, c)
			for y := range mine[x] {
				mine[x][y] = '.'
				if s.Mine(x+1, y+1) {
					mine[x][y] = 'M'
				} else {
					safe++
				}
			}
		}
		var seen ruling.Set
		// R-D2: an answer above 0, or a single safe cell.
		if s.Answer() > 0 || safe == 1 {
			seen |= ruling.D2
		}
		// R-D1: the answer of a reading that counts flags as covered too (rule 2 reads
		// f + (c + f) = m), or of one that leaves them out of rule 2 (c = m).
		rules := []func(f, c, m int) bool{
			func(f, c, m int) bool { return f+c == m },
			func(f, c, m int) bool { return 2*f+c == m },
			func(f, c, m int) bool { return c == m },
		}
		for i, rule2 := range rules {
			best := safe
			for x := range mine {
				for y := range mine[x] {
					if mine[x][y] == '.' {
						best = min(best, casualPlay(mine, safe, x, y, rule2))
					}
				}
			}
			switch {
			case i == 0 && best != s.Answer():
				t.Errorf("the casual player as the statement reads gives %d, ref %d, on\n%s", best, s.Answer(), strings.Join(boardRows(mine), "\n"))
			case i > 0 && best != s.Answer():
				seen |= ruling.D1
			}
		}
		out = append(out, seen)
	})
	return out
}

func boardRows(g grid) []string {
	rows := make([]string, len(g))
	for i := range g {
		rows[i] = string(g[i])
	}
	return rows
}

// casualPlay is the statement's player from (x0, y0), rule 2 read as rule2: it applies
// the rules to every cleared cell, row by row, again until a pass changes nothing, and
// returns the safe cells left covered (neither cleared nor flagged), or every safe cell
// if a rule clears a mine.
func casualPlay(mine grid, safe, x0, y0 int, rule2 func(f, c, m int) bool) int {
	const covered, cleared, flagged = 0, 1, 2
	state := make([][]int, len(mine))
	for x := range state {
		state[x] = make([]int, len(mine[0]))
	}
	state[x0][y0] = cleared
	around := func(x, y int, f func(nx, ny int)) {
		for nx := max(x-1, 0); nx <= min(x+1, len(mine)-1); nx++ {
			for ny := max(y-1, 0); ny <= min(y+1, len(mine[0])-1); ny++ {
				if nx != x || ny != y {
					f(nx, ny)
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for x := range mine {
			for y := range mine[x] {
				if state[x][y] != cleared {
					continue
				}
				f, c, m := 0, 0, 0
				around(x, y, func(nx, ny int) {
					f += btoi(state[nx][ny] == flagged)
					c += btoi(state[nx][ny] == covered)
					m += btoi(mine[nx][ny] == 'M')
				})
				switch {
				case c == 0:
				case f == m:
					lost := false
					around(x, y, func(nx, ny int) {
						if state[nx][ny] == covered {
							state[nx][ny], lost = cleared, lost || mine[nx][ny] == 'M'
						}
					})
					if lost {
						return safe
					}
					changed = true
				case rule2(f, c, m):
					around(x, y, func(nx, ny int) {
						if state[nx][ny] == covered {
							state[nx][ny] = flagged
						}
					})
					changed = true
				}
			}
		}
	}
	left := 0
	for x := range mine {
		for y := range mine[x] {
			left += btoi(mine[x][y] == '.' && state[x][y] == covered)
		}
	}
	return left
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// towerMoment is one step of ref's play of a tower (ref.TowerRules), copied: the tower
// (levels bottom up, tower[y-1][x-1]) and the player as they stand after it.
type towerMoment struct {
	phase, op string
	valid     bool
	tower     grid
	py, px    int
	move      ref.TowerMove
	round     ref.TowerRoundDone
}

// cell is level y, column x, 1-based: '.' outside the tower.
func (mo towerMoment) cell(y, x int) byte {
	if c := mo.tower.at(y-1, x-1); c != 0 {
		return c
	}
	return '.'
}

// below is the cell under the player: the floor ('.') under level 1.
func (mo towerMoment) below() byte { return pick(mo.py == 1, '.', mo.cell(mo.py-1, mo.px)) }

func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}

// towerSituations decides tower's rulings for each dataset of a valid input.
func towerSituations(input []byte) []ruling.Set {
	var sets [][]towerMoment
	ref.TowerRules(input, func(s *ref.TowerStep) {
		n, _ := s.Size()
		mo := towerMoment{phase: s.Phase, op: s.Op, valid: s.Valid, move: s.Move, round: s.Round}
		for y := 1; y <= n; y++ {
			mo.tower = append(mo.tower, slices.Clone(s.Level(y)))
		}
		mo.py, mo.px = s.Player()
		if s.Phase == ref.TowerStart {
			sets = append(sets, nil)
		}
		sets[len(sets)-1] = append(sets[len(sets)-1], mo)
		// R-T4: a game over right after an action, that the automatic steps would
		// change: ref's own Settled plays them on a copy, which only the action's moment
		// can ask.
		if s.Phase == ref.TowerAction {
			_, result := s.Settled()
			sets[len(sets)-1][len(sets[len(sets)-1])-1].op += "\x00" + result
		}
	})
	var out []ruling.Set
	for _, moments := range sets {
		out = append(out, towerDataset(moments))
	}
	return out
}

// towerConditions are R-T18's (A)-(D) on a tower whose goal started at goal.
func towerConditions(mo towerMoment, goal [2]int) (conds [4]bool) {
	return [4]bool{mo.below() == 'G', mo.below() == 'B', mo.cell(mo.py, mo.px) != '.', mo.cell(goal[0], goal[1]) != 'G'}
}

var towerResults = [4]string{"Cleared", "Death by Hole", "Death by Block", "Death by Walking Goal"}

// towerDataset decides the rulings of one dataset from its moments.
func towerDataset(moments []towerMoment) ruling.Set {
	var seen ruling.Set
	start := moments[0]
	n, m := len(start.tower), len(start.tower[0])
	var goal [2]int
	for y := 1; y <= n; y++ {
		if x := bytes.IndexByte(start.tower[y-1], 'G'); x >= 0 {
			goal = [2]int{y, x + 1}
		}
	}
	// check notes what a check of R-T18 sees (R-T17, R-T18) and reports whether it ends
	// the game.
	check := func(mo towerMoment) bool {
		conds := towerConditions(mo, goal)
		if btoi(conds[0])+btoi(conds[1])+btoi(conds[2])+btoi(conds[3]) >= 2 {
			seen |= ruling.T18 // two conditions hold at once
		}
		gone := true
		for _, level := range mo.tower {
			gone = gone && bytes.IndexByte(level, 'G') < 0
		}
		if gone {
			seen |= ruling.T18 // the goal gone from the tower
		}
		if mo.py == 1 && (bytes.ContainsAny(mo.tower[0], "GB") || strings.IndexByte("GB", mo.cell(n, mo.px)) >= 0) {
			seen |= ruling.T17
		}
		return slices.Contains(conds[:], true)
	}
	// R-T3: the player on G or B, or a layout the automatic steps would change: the
	// player floating, a block on a B, a block with its three lower cells empty.
	unstable := start.py > 1 && start.below() == '.'
	for y := 1; y <= n; y++ {
		for x := 1; x <= m; x++ {
			if c := start.cell(y, x); c != '.' && y > 1 &&
				(start.cell(y-1, x) == 'B' || start.cell(y-1, x-1) == '.' && start.cell(y-1, x) == '.' && start.cell(y-1, x+1) == '.') {
				unstable = true
			}
		}
	}
	if b := start.below(); b == 'G' || b == 'B' || unstable {
		seen |= ruling.T3
	}
	check(start)
	commands := 0
	var before, action towerMoment // the tower before the command, and right after its action
	overAtAction := false
	roundStart := start
	for _, mo := range moments[1:] {
		switch mo.phase {
		case ref.TowerIgnored:
			seen |= ruling.T5 // a command after the end
		case ref.TowerCommand:
			commands++
			before = mo
		case ref.TowerAction:
			op, settled, _ := strings.Cut(mo.op, "\x00")
			mo.op = op
			action, roundStart = mo, mo
			seen |= towerCommand(before, op, mo.valid)
			conds := towerConditions(mo, goal)
			overAtAction = check(mo)
			if overAtAction && settled != "Game Over : "+towerResults[slices.Index(conds[:], true)] {
				seen |= ruling.T4 // the automatic steps would change the result
			}
			if !overAtAction {
				seen |= towerOnB(mo)
			}
		case ref.TowerPushed:
			seen |= towerPushed(mo)
		case ref.TowerFall:
			seen |= ruling.T16
			from, to := mo.move.From[0], mo.move.To[0]
			if mo.move.From[1] == mo.px && to <= mo.py && mo.py < from {
				seen |= ruling.T18 // a block falls into or through his cell
			}
		case ref.TowerRound:
			moved := mo.py != roundStart.py
			changed := moved || !slices.EqualFunc(mo.tower, roundStart.tower, bytes.Equal)
			if moved {
				seen |= ruling.T15
			}
			if changed && (mo.round.Number >= 2 || moved && !slices.EqualFunc(mo.tower, roundStart.tower, bytes.Equal)) {
				seen |= ruling.T13 // a second round changes something; the player and a block move in one
			}
			if changed {
				seen |= towerOnB(mo) // the tower the next round starts from
			}
			roundStart = mo
		case ref.TowerAutomatic:
			if !action.valid && !overAtAction && (mo.py != action.py || !slices.EqualFunc(mo.tower, action.tower, bytes.Equal)) {
				seen |= ruling.T4 // an ignored command, then automatic steps that change something
			}
			if !overAtAction {
				check(mo)
			}
		}
	}
	if commands == 0 {
		seen |= ruling.T5 // T = 0
	}
	return seen
}

// towerOnB notes a block directly or diagonally on top of a B as automatic steps start.
func towerOnB(mo towerMoment) ruling.Set {
	for y := 1; y < len(mo.tower); y++ {
		for x := 1; x <= len(mo.tower[0]); x++ {
			if mo.cell(y, x) == 'B' && (mo.cell(y+1, x-1) != '.' || mo.cell(y+1, x) != '.' || mo.cell(y+1, x+1) != '.') {
				return ruling.T14
			}
		}
	}
	return 0
}

// towerCommand decides R-T6 to R-T12 for the command op, found valid or not, from the
// tower before it.
func towerCommand(before towerMoment, op string, valid bool) ruling.Set {
	var seen ruling.Set
	m := len(before.tower[0])
	y, x := before.py, before.px
	name, arg, _ := strings.Cut(op, " ")
	d := pick(arg == "RIGHT", 1, -1)
	inside := func(x int) bool { return x >= 1 && x <= m }
	if strings.IndexByte("123", before.below()) >= 0 {
		seen |= ruling.T12 // a command while he stands on a fragile block
	}
	switch name {
	case "MOVETO":
		s, _ := strconv.Atoi(arg)
		if !valid || y == 1 {
			return seen | ruling.T6
		}
		for k := min(x, s) + 1; k < max(x, s); k++ {
			if before.cell(y, k) != '.' {
				return seen | ruling.T6 // past a block on his level
			}
		}
		for k := min(x, s); k <= max(x, s); k++ {
			if before.cell(y-1, k) != '#' {
				return seen | ruling.T6 // over a block of another kind: any kind supports him
			}
		}
	case "CLIMB":
		if !valid || before.cell(y, x+d) != '#' || y > 1 && before.below() == '.' {
			seen |= ruling.T7
		}
	case "GETDOWN":
		if !valid || y-1 == 1 || before.cell(y-2, x+d) == '.' {
			seen |= ruling.T8
		}
	case "PUSH":
		if inside(x+d) && before.cell(y, x+d) != '.' {
			seen |= ruling.T9 // a chain: carried out, or refused for a C
		}
	case "PULL":
		if inside(x-1) && before.cell(y, x-1) != '.' || inside(x+1) && before.cell(y, x+1) != '.' {
			seen |= ruling.T11
		}
	}
	return seen
}

// towerPushed decides R-T10 for a pushed block that finished its movement.
func towerPushed(mo towerMoment) ruling.Set {
	m := len(mo.tower[0])
	y, x1 := mo.move.Step[0], mo.move.Step[1]
	if x1 < 1 || x1 > m {
		return 0 // out of the tower with its first move
	}
	d := x1 - mo.move.From[1]
	ahead := x1+d < 1 || x1+d > m || mo.move.To[1] != x1 || mo.cell(y, x1+d) == '.'
	if ahead && (mo.move.Kind == 'I' || y == 1 || mo.cell(y-1, x1) == 'I') {
		return ruling.T10
	}
	return 0
}

// TestPredicatesAgreeWithIndependentChecks generates cases of every game and compares,
// for each game (dataset, board) and each ruling, what the predicates say
// (ruling.MineInput and the others) with the checks above. The boards and towers stay
// small enough for a copy of them at every step.
func TestPredicatesAgreeWithIndependentChecks(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	for _, tc := range []struct {
		g      game
		calls  []string
		cases  int
		checks func(t *testing.T, input []byte) []ruling.Set
	}{
		{mineGame, []string{"mine -n 1..6 -m 1..6 -q 1..30", "mine -n 1..30 -m 1..30 -q 1..200",
			"mine -n 1..12 -m 1..12 -q 1..80 -scenario no-safe-cell", "mine -n 1..12 -m 1..12 -q 1..80 -scenario wrong-flag-boom",
			"mine -n 1..12 -m 1..12 -q 1..80 -scenario quit-middle"}, 150,
			func(t *testing.T, in []byte) []ruling.Set { return []ruling.Set{mineSituations(in)} }},
		{boomGame, []string{"boom -T 1..3 -n 3..6 -m 3..6 -q 0..25", "boom -T 1..4 -n 3..12 -m 3..12 -q 0..80",
			"boom -T 1..3 -q 0..300 -layout real", "boom -T 1..2 -n 3..30 -m 3..30 -q 0..400 -layout dense -player careful"}, 150,
			func(t *testing.T, in []byte) []ruling.Set { return boomSituations(in) }},
		{towerGame, []string{"tower -datasets 1..3 -n 3..6 -m 3..7 -cmds 0..14", "tower -datasets 1..5 -n 3..12 -m 3..14 -cmds 0..40",
			"tower -datasets 1..8 -n 3..25 -m 3..25 -cmds 0..120", "tower -datasets 1..4 -n 3..6 -m 30..50 -cmds 0..80"}, 250,
			func(t *testing.T, in []byte) []ruling.Set { return towerSituations(in) }},
		{dataminingGame, []string{"datamining -boards 1..20", "datamining -boards 1..4 -kind stuck",
			"datamining -boards 1..4 -kind some-start", "datamining -boards 1..10 -cells 36..40"}, 150, dataminingSituations},
	} {
		t.Run(tc.g.name, func(t *testing.T) {
			agree := map[string]int{}
			for _, call := range tc.calls {
				g, err := gen.Gen(call, nil)
				if err != nil {
					t.Fatal(err)
				}
				for seed := range int64(tc.cases) {
					c := drawCase(t, g, seed)
					for i, p := range parts(c) {
						input := p.Encode()
						want, got := tc.checks(t, input)[0], tc.g.reached(input)
						if got != want {
							t.Fatalf("%s, seed %d, part %d: the predicates say %v, the checks %v\n%s", call, seed, i,
								got.IDs(tc.g.table), want.IDs(tc.g.table), input)
						}
						for _, id := range got.IDs(tc.g.table) {
							agree[id]++
						}
					}
				}
			}
			for _, r := range tc.g.table {
				t.Logf("%-6s reached by %d parts, predicate and check agreeing", r.ID, agree[r.ID])
				if agree[r.ID] == 0 {
					t.Errorf("no part reaches %s: the check of it is never compared", r.ID)
				}
			}
		})
	}
}
