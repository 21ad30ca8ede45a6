package testcase

import (
	"fmt"
	"strings"

	"gamediff/ref"
	"gamediff/ruling"
)

// A test set's plan says, per test, what the test makes a judge do: how much of the input
// is read before the game ends, the largest cascade, how deep a recursive flood fill goes.
// Those are measured here on ref's own play of the case (its steppable games, as gen's
// players drive them), never claimed by the call that drew the case: a call says what it
// aims at, PlayFacts what the case reaches.

// PlayFacts says what ref's play of the case does, in the terms the plan's tests aim at:
// the operations read before the game ends and how it ends, the cells opened and the
// largest cascade, the DSweeps that open cells, and how deep a recursive flood fill goes.
func (c Mine) PlayFacts() []string {
	n, m := len(c.Board), len(c.Board[0])
	g := ref.NewMineGame(c.Board)
	f := newFillDepth(n, m, func(p int) bool { return g.Number(p/m+1, p%m+1) == 0 })
	var (
		read, opened, largest, depth   int
		sweeps, chords, chordsFail     int
		chordRun, chordRunMax, noCells int
	)
	for _, op := range c.Ops {
		read++
		g.Play(op.Kind.String(), op.X, op.Y)
		newly := g.Newly()
		opened += len(newly)
		largest = max(largest, len(newly))
		if len(newly) > 0 {
			depth = max(depth, f.deepest(newly, op.Kind == MineDSweep, (op.X-1)*m+op.Y-1))
		}
		switch {
		case op.Kind == MineSweep && len(newly) > 0:
			sweeps++
		case op.Kind == MineDSweep && len(newly) > 0:
			chords++
		case op.Kind == MineDSweep:
			chordsFail++
		}
		if op.Kind != MineFlag && op.Kind != MineQuit && len(newly) == 0 {
			noCells++
		}
		// A chain: DSweeps that open cells, with nothing between them but the flags they
		// need.
		switch {
		case op.Kind == MineDSweep && len(newly) > 0:
			chordRun++
			chordRunMax = max(chordRunMax, chordRun)
		case op.Kind != MineFlag:
			chordRun = 0
		}
		if g.Outcome() != "" {
			break
		}
	}
	steps := read
	if g.Outcome() == "give up" {
		steps-- // the Quit is read, but is no step
	}
	ending := fmt.Sprintf("reads all %d operations", len(c.Ops))
	if read < len(c.Ops) {
		ending = fmt.Sprintf("reads %d of %d operations", read, len(c.Ops))
	}
	mines := strings.Count(strings.Join(c.Board, ""), "*")
	return []string{
		fmt.Sprintf("%s: %s after %d steps", ending, g.Outcome(), steps),
		fmt.Sprintf("%d mines of %d cells; %d cells opened, the largest cascade %d cells; a recursive flood fill goes %d calls deep",
			mines, n*m, opened, largest, depth),
		fmt.Sprintf("%d Sweeps and %d DSweeps open cells (the longest run of DSweeps that open cells, flags between them aside: %d); %d DSweeps open none; %d Sweeps and DSweeps open nothing",
			sweeps, chords, chordRunMax, chordsFail, noCells),
	}
}

// fillDepth measures how deep a recursive flood fill goes, the way contestants write it:
// fill(p) opens p and, if p shows 0, calls fill on each neighbour not yet opened, in row
// order. The cells it may open are those an operation opened (the cascade is the same
// whatever the order); an epoch per operation marks them, so no array is cleared.
type fillDepth struct {
	n, m  int
	zero  func(p int) bool
	mark  []int32 // epoch: the cell is one the operation opened; -epoch: fill opened it
	epoch int32
	stack []fillFrame
}

type fillFrame struct{ p, next int }

func newFillDepth(n, m int, zero func(p int) bool) *fillDepth {
	return &fillDepth{n: n, m: m, zero: zero, mark: make([]int32, n*m)}
}

// deepest is the deepest recursion of the fills an operation runs: from the operation's
// cell, or for a DSweep from each of its neighbours in row order, over the cells newly
// (1-based [x, y]) opened.
func (f *fillDepth) deepest(newly [][2]int, chord bool, at int) int {
	f.epoch++
	for _, c := range newly {
		f.mark[(c[0]-1)*f.m+c[1]-1] = f.epoch
	}
	if !chord {
		return f.fill(at)
	}
	depth := 0
	f.neighbours(at, func(q int) {
		if f.mark[q] == f.epoch {
			depth = max(depth, f.fill(q))
		}
	})
	return depth
}

// fill runs the recursive fill from p with an explicit stack, and returns its deepest
// call.
func (f *fillDepth) fill(p int) int {
	if f.mark[p] != f.epoch {
		return 0
	}
	f.mark[p] = -f.epoch
	f.stack = append(f.stack[:0], fillFrame{p, 0})
	depth := 1
	for len(f.stack) > 0 {
		top := &f.stack[len(f.stack)-1]
		if top.next == 0 && !f.zero(top.p) {
			f.stack = f.stack[:len(f.stack)-1]
			continue
		}
		x, y := top.p/f.m, top.p%f.m
		called := false
		for top.next < 9 {
			k := top.next
			top.next++ // before the append below, which may move the stack
			nx, ny := x-1+k/3, y-1+k%3
			if nx < 0 || nx >= f.n || ny < 0 || ny >= f.m {
				continue
			}
			if q := nx*f.m + ny; f.mark[q] == f.epoch {
				f.mark[q] = -f.epoch
				f.stack = append(f.stack, fillFrame{q, 0})
				depth = max(depth, len(f.stack))
				called = true
				break
			}
		}
		if !called {
			f.stack = f.stack[:len(f.stack)-1]
		}
	}
	return depth
}

// neighbours calls do with the neighbours of p in row order.
func (f *fillDepth) neighbours(p int, do func(q int)) {
	x, y := p/f.m, p%f.m
	for nx := max(x-1, 0); nx <= min(x+1, f.n-1); nx++ {
		for ny := max(y-1, 0); ny <= min(y+1, f.m-1); ny++ {
			if nx != x || ny != y {
				do(nx*f.m + ny)
			}
		}
	}
}

// PlayFacts says what ref's play of the case does: how each game ends and how many of its
// operations are answered before it does, the cells opened and the largest cascade, the
// middle clicks that open cells.
func (c Boom) PlayFacts() []string {
	var ends = map[string]int{}
	var ops, answered, opened, largest, middles, untilEnd int
	for _, gm := range c.Games {
		g := ref.NewBoomGame(gm.Board)
		for _, op := range gm.Ops {
			ops++
			if g.Over() {
				continue // INVALID: the game ended before
			}
			answered++
			g.Play(int(op.Kind), op.X, op.Y)
			cells := 0
			for _, p := range g.Changed() {
				if g.Opened(p[0], p[1]) {
					cells++
				}
			}
			opened += cells
			largest = max(largest, cells)
			if op.Kind == BoomMiddle && cells > 0 {
				middles++
			}
		}
		switch {
		case !g.Over():
			ends["QUIT"]++
			untilEnd++
		case g.Answer() == "WIN":
			ends["WIN"]++
		default:
			ends["LOSE"]++
		}
	}
	return []string{
		fmt.Sprintf("%d games: %d end with QUIT after every operation, %d with WIN, %d with LOSE; %d of %d operations answered before their game's end, %d INVALID",
			len(c.Games), untilEnd, ends["WIN"], ends["LOSE"], answered, ops, ops-answered),
		fmt.Sprintf("%d cells opened, the largest cascade %d cells; %d middle clicks open cells", opened, largest, middles),
	}
}

// PlayFacts says what ref's play of the case does: the commands handled while the game
// goes on and those read after its end, the results, and the automatic steps — rounds,
// blocks fallen, blocks vanished on a B — with the most rounds one command causes. A
// dataset repeated (the big cases repeat a few) is played once.
func (c Tower) PlayFacts() []string {
	type facts struct {
		handled, ignored, rounds, maxRounds, falls, vanished int
		result                                               string
	}
	played := map[string]facts{}
	var sum facts
	results := map[string]int{}
	for _, d := range c.Datasets {
		input := string(Tower{Datasets: []TowerDataset{d}}.Encode())
		f, ok := played[input]
		if !ok {
			cmdRounds := 0
			ref.TowerRules([]byte(input), func(s *ref.TowerStep) {
				switch s.Phase {
				case ref.TowerCommand:
					f.handled++
					cmdRounds = 0
				case ref.TowerIgnored:
					f.ignored++
				case ref.TowerRound:
					f.rounds++
					cmdRounds++
					f.maxRounds = max(f.maxRounds, cmdRounds)
					f.vanished += len(s.Round.Vanished)
				case ref.TowerFall:
					f.falls++
				}
				if s.Result != "" {
					f.result = strings.TrimPrefix(s.Result, "Game Over : ")
				}
			})
			played[input] = f
		}
		sum.handled, sum.ignored, sum.rounds = sum.handled+f.handled, sum.ignored+f.ignored, sum.rounds+f.rounds
		sum.maxRounds, sum.falls, sum.vanished = max(sum.maxRounds, f.maxRounds), sum.falls+f.falls, sum.vanished+f.vanished
		results[f.result]++
	}
	var ends []string
	for _, r := range []string{"Gave Up", "Cleared", "Death by Hole", "Death by Block", "Death by Walking Goal"} {
		if results[r] > 0 {
			ends = append(ends, fmt.Sprintf("%d %s", results[r], r))
		}
	}
	return []string{
		fmt.Sprintf("%d datasets (%s); %d commands handled before their game's end, %d read after it",
			len(c.Datasets), strings.Join(ends, ", "), sum.handled, sum.ignored),
		fmt.Sprintf("%d automatic rounds (the most after one command: %d), %d blocks fallen, %d vanished on a B",
			sum.rounds, sum.maxRounds, sum.falls, sum.vanished),
	}
}

// PlayFacts says what the boards cost: their sizes, how many are stuck from every start,
// and the work of the plain strategy, which plays every safe start applying the rules in
// passes over the board until a pass changes nothing: its passes in all, the most for one
// start, and its cell visits.
func (c Datamining) PlayFacts() []string {
	var full, stuck, passes, most, visits int
	for _, b := range c.Boards {
		cells := len(b) * len(b[0])
		if cells == DataminingMaxCells {
			full++
		}
		if best, _ := ruling.CasualPlays(b); best > 0 {
			stuck++
		}
		for start := range cells {
			if b[start/len(b[0])][start%len(b[0])] == 'M' {
				continue
			}
			k := passesFrom(b, start)
			passes += k
			most = max(most, k)
			visits += k * cells
		}
	}
	return []string{
		fmt.Sprintf("%d boards, %d of the most cells (%d), %d stuck from every start", len(c.Boards), full, DataminingMaxCells, stuck),
		fmt.Sprintf("every safe start played in passes over the board until one changes nothing: %d passes (the most for one start %d), %d cell visits",
			passes, most, visits),
	}
}

// passesFrom counts the passes of the plain strategy from start: each pass goes over the
// cells in row order and applies the two rules to every cleared one; the last pass is the
// one that changes nothing.
func passesFrom(b []string, start int) int {
	r, c := len(b), len(b[0])
	const (
		covered = iota
		cleared
		flagged
	)
	state := make([]uint8, r*c)
	state[start] = cleared
	mine := func(p int) bool { return b[p/c][p%c] == 'M' }
	each := func(p int, do func(q int)) {
		for x := max(p/c-1, 0); x <= min(p/c+1, r-1); x++ {
			for y := max(p%c-1, 0); y <= min(p%c+1, c-1); y++ {
				if x*c+y != p {
					do(x*c + y)
				}
			}
		}
	}
	for passes := 1; ; passes++ {
		changed := false
		for p := range state {
			if state[p] != cleared {
				continue
			}
			f, cov, m := 0, 0, 0
			each(p, func(q int) {
				f += pick(state[q] == flagged, 1, 0)
				cov += pick(state[q] == covered, 1, 0)
				m += pick(mine(q), 1, 0)
			})
			if cov == 0 || f != m && f+cov != m {
				continue
			}
			to := pick(f == m, uint8(cleared), flagged)
			each(p, func(q int) {
				if state[q] == covered {
					state[q] = to
				}
			})
			changed = true
		}
		if !changed {
			return passes
		}
	}
}
