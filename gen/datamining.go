package gen

import (
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strings"

	"github.com/leanovate/gopter"

	"gamediff/coverage"
	"gamediff/ruling"
	"gamediff/testcase"
)

// ShrinkDatamining is the gopter.Shrinker of datamining cases: cuts of boards, rows,
// columns (r, c ≥ 3) and mines, none leaving a board without an 'M' or a '.', and of the
// forms of its layout; every candidate is smaller in the order (boards, Σ r·c, mines,
// forms).
func ShrinkDatamining(v any) gopter.Shrink {
	return shrinkDatamining(v.(testcase.Datamining), skipTwins)
}

func shrinkDatamining(c testcase.Datamining, twins twinCuts) gopter.Shrink {
	lists := []cutList{
		sized(len(c.Boards), func(lo, hi int) (any, bool) {
			return testcase.Datamining{Boards: slices.Concat(c.Boards[:lo], c.Boards[hi:]), Form: c.Form}, hi-lo < len(c.Boards)
		}).withTwins(func(a, b, n int) bool { return slices.EqualFunc(c.Boards[a:a+n], c.Boards[b:b+n], slices.Equal) }),
	}
	for i, board := range c.Boards {
		lists = append(lists, boardCuts(board, testcase.DataminingMinSide, "", "M", '.', []int(nil), func(*int, int) *int { return nil },
			func(board []string, _ []int) (any, bool) {
				boards := slices.Clone(c.Boards)
				boards[i] = board
				return testcase.Datamining{Boards: boards, Form: c.Form}, testcase.DataminingHasBoth(board)
			})...)
	}
	// The forms, last: a case keeps its form through every other cut, and loses each
	// form a finding does not need.
	var forms []testcase.Form
	for f := testcase.Form(1); f <= c.Form; f <<= 1 {
		if c.Form.Has(f) {
			forms = append(forms, f)
		}
	}
	lists = append(lists, sized(len(forms), func(lo, hi int) (any, bool) {
		form := c.Form
		for _, f := range forms[lo:hi] {
			form &^= f
		}
		return testcase.Datamining{Boards: c.Boards, Form: form}, true
	}))
	return shrinkCuts(twins, lists...)
}

// dataminingKinds are the kinds of boards a generator aims at (-kind): mixed (a kind per
// board), random, stuck (the casual player is stuck from every start: an answer above 0),
// some-start (some start wins, some other does not), a single mine, a single empty cell;
// dominated (the fewest mines that see every cell: every start is stuck at once, and the
// answer is the largest the shape allows), eight (a safe cell amid eight mines), and
// last-corner and first-corner (the last or first cell a 0 whose neighbours are not: a
// start there has a cascade of its own).
var dataminingKinds = []string{"mixed", "random", "stuck", "some-start", "one-mine", "one-safe", "dominated", "eight", "last-corner", "first-corner"}

const (
	dataminingMixed uint8 = iota
	dataminingRandom
	dataminingStuck
	dataminingSomeStart
	dataminingOneMine
	dataminingOneSafe
	dataminingDominated
	dataminingEight
	dataminingLastCorner
	dataminingFirstCorner
)

// dataminingShape is a datamining call's flags; everyShape: one board of each legal r×c
// within cells; reach: board i is drawn until it reaches situation reach[i mod len] of
// the catalogue, within reachTries draws; form: the layout of the input.
type dataminingShape struct {
	boards, cells      span
	kind               uint8
	everyShape, sample bool
	reach              dataminingReach
	form               dataminingFormFlag
}

// reachTries bounds the draws of a board aimed at a situation (-reach): past it the last
// board is taken as it is, so that a situation a skipped ruling forbids costs a bounded
// time, never a hang.
const reachTries = 200

// dataminingReach is the -reach flag: situations of the catalogue that a board can reach,
// by index, comma-separated ids; "boards" is every one of them, in the catalogue's order.
type dataminingReach []int

func (d *dataminingReach) String() string { return "" }

func (d *dataminingReach) Set(v string) error {
	catalogue := ruling.DataminingSituations()
	boardLevel := func(i int) bool { return !dataminingInputSituations[catalogue[i].ID] }
	if v == "boards" {
		for i := range catalogue {
			if boardLevel(i) {
				*d = append(*d, i)
			}
		}
		return nil
	}
	for _, id := range strings.Split(v, ",") {
		i := slices.IndexFunc(catalogue, func(s coverage.Situation) bool { return s.ID == id })
		switch {
		case i < 0:
			return fmt.Errorf("%q is no situation of datamining's catalogue", id)
		case !boardLevel(i):
			return fmt.Errorf("%q is a situation of a whole input, not of a board", id)
		}
		*d = append(*d, i)
	}
	return nil
}

// dataminingReachKinds is the kind of board that comes nearest each situation of the
// catalogue (by index), for a board aimed at it (-reach) of no kind given; the others are
// mixed.
var dataminingReachKinds = func() map[int]uint8 {
	kinds := map[string]uint8{
		"start-flags-all-around": dataminingRandom, "stuck-from-every-start": dataminingStuck,
		"stuck-everywhere-after-progress": dataminingStuck, "mine-start-would-win": dataminingStuck,
		"answer-max": dataminingDominated, "answer-largest": dataminingDominated, "start-shows-8": dataminingEight,
		"cascade-clears-all": dataminingOneMine, "best-start-only-first-cell": dataminingFirstCorner,
		"best-start-only-last-cell": dataminingLastCorner, "board-one-mine": dataminingOneMine, "board-one-safe-cell": dataminingOneSafe,
	}
	for _, id := range []string{"rule-1-clears", "rule-1-on-flags", "rule-2-flags", "rule-2-beside-flags", "start-on-zero",
		"start-stuck-at-once", "start-stuck-after-progress", "rules-repeat", "cell-acts-on-revisit", "won-from-some-starts-only",
		"win-needs-flags", "answer-zero"} {
		kinds[id] = dataminingSomeStart // the rules' branches that a board won from some start takes
	}
	out := map[int]uint8{}
	for i, s := range ruling.DataminingSituations() {
		if k, ok := kinds[s.ID]; ok {
			out[i] = k
		}
	}
	return out
}()

// dataminingInputSituations are the situations of datamining's catalogue that a whole
// input reaches, not a board: the count of boards and the forms.
var dataminingInputSituations = map[string]bool{
	"one-board": true, "many-boards": true, "form-split": true, "form-runs": true, "form-tabs": true,
	"form-other-space": true, "form-crlf": true, "form-no-final-newline": true,
}

// dataminingFormFlag is the -form flag: the forms of the input's layout (testcase.FormNames),
// comma-separated.
type dataminingFormFlag testcase.Form

func (f *dataminingFormFlag) String() string { return "" }

func (f *dataminingFormFlag) Set(v string) error {
	for _, name := range strings.Split(v, ",") {
		i := slices.Index(testcase.FormNames[:], name)
		if i < 0 {
			return fmt.Errorf("%q is not one of %s", name, strings.Join(testcase.FormNames[:], ", "))
		}
		*f |= dataminingFormFlag(1) << i
	}
	return nil
}

func init() { calls["datamining"] = dataminingCall }

func dataminingCall(fs *flag.FlagSet) func(*Skip) gopter.Gen {
	sh := dataminingShape{boards: span{1, 1}, cells: span{testcase.DataminingMinSide * testcase.DataminingMinSide, testcase.DataminingMaxCells}}
	fs.Var(&sh.boards, "boards", "boards")
	fs.Var(&sh.cells, "cells", "cells of a board")
	fs.Var(choice{dataminingKinds, &sh.kind}, "kind", "the kind of boards")
	fs.BoolVar(&sh.everyShape, "every-shape", false, "one board of each shape")
	fs.BoolVar(&sh.sample, "sample", false, "the statement's sample")
	fs.Var(&sh.reach, "reach", "situations of the catalogue the boards reach in turn (ids, or boards: all a board can reach)")
	fs.Var(&sh.form, "form", "the forms of the input's layout")
	return func(skip *Skip) gopter.Gen {
		return func(p *gopter.GenParameters) *gopter.GenResult {
			if sh.sample {
				return gopter.NewGenResult(dataminingSample, ShrinkDatamining)
			}
			c := genDatamining(p.Rng, sh, skip)
			c.Form = testcase.DataminingForm(testcase.Form(sh.form))
			return gopter.NewGenResult(c, ShrinkDatamining)
		}
	}
}

// DataminingGen generates datamining cases carrying ShrinkDatamining, most of a few boards,
// 3 in 1000 at the limits (docs/hunt.md, "Cases at the limits"), 1 in 16 in a form of
// layout (testcase.Form), none reaching a ruling of skip (nil: none skipped).
func DataminingGen(skip *Skip) gopter.Gen { return dataminingGen(false, skip) }

// DataminingUnitGen generates datamining cases to pack into one input: DataminingGen's
// boards one per case, its cases of many boards whole but unitWeight times rarer.
func DataminingUnitGen(skip *Skip) gopter.Gen { return dataminingGen(true, skip) }

func dataminingGen(unit bool, skip *Skip) gopter.Gen {
	boards, w := unitOr(unit)
	return dataminingForms(mix(skip,
		weighted{w(400), "datamining -boards " + boards("1..3")},
		weighted{w(200), "datamining -boards " + boards("1..20")},
		weighted{w(100), "datamining -boards " + boards("1..4") + " -kind stuck"},
		weighted{w(100), "datamining -boards " + boards("1..4") + " -kind some-start"},
		weighted{w(100), "datamining -boards " + boards("1..10") + " -cells 36..40"},
		weighted{w(92), "datamining -boards " + boards("20..300")},
		weighted{5, "datamining -boards 1000..3000"}, // many boards: 0.5% of cases, yet a good part of the time
		weighted{3, "datamining -boards 3000 -cells 36..40"}))
}

// dataminingFormShare is how rarely a generated case is laid out in a form: 1 in this.
const dataminingFormShare = 16

// dataminingForms lays 1 case of g in dataminingFormShare out in a form of the rules
// (any mix of them), drawn from the case's own source after the case.
func dataminingForms(g gopter.Gen) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		res := g(p)
		if p.Rng.Intn(dataminingFormShare) == 0 {
			c := res.Result.(testcase.Datamining)
			c.Form = testcase.DataminingForm(testcase.Form(1 + p.Rng.Intn(int(testcase.AllForms))))
			res = gopter.NewGenResult(c, ShrinkDatamining)
		}
		return res
	}
}

// dataminingSample is the statement's sample input.
var dataminingSample = testcase.Datamining{Boards: [][]string{
	{"...", "...", "MM."},
	{"M.M.", ".M.M", "M.M."},
	{".....", ".....", "MMM..", "M.M..", "MMM..", ".....", "....."},
	{"...M", "....", "....", "M..."},
}}

// DataminingPlan is a test set for datamining, as a setter would write it (the statement
// has no test table): the sample, every shape of every kind, two boards of each situation
// of the catalogue a board reaches, small inputs in each form of layout the rules allow,
// a single board, then up to 3000 boards. Each test names the held wrong programs it
// fails (judged on the set of seed 1).
func DataminingPlan() []PlanTest {
	tests := []aimed{
		{"datamining -sample", "the statement's sample", []string{"bug:one-pass"}},
		{"datamining -every-shape -kind random", "random boards, one of each shape", []string{"bug:four-neighbours", "bug:cells-39"}},
		{"datamining -every-shape -kind stuck", "boards stuck from every start (the answer above 0), one of each shape",
			[]string{"misreading:starts-on-mines-too", "bug:cells-39"}},
		{"datamining -every-shape -kind some-start", "boards won from some starts only, one of each shape",
			[]string{"bug:one-pass", "misreading:flags-covered"}},
		{"datamining -every-shape -kind one-mine", "boards of a single mine, one of each shape", []string{"bug:one-pass"}},
		{"datamining -every-shape -kind one-safe", "boards of a single safe cell, one of each shape: the minimum is over that start alone (R-D2)",
			[]string{"bug:skips-last-start"}},
		{"datamining -every-shape -kind dominated",
			"boards of the fewest mines that see every cell, one of each shape: every start stuck at once, the answer the largest the shape allows, 33 at 3x13, 5x8, 8x5 and 13x3; a mine start would clear its neighbours (R-D2)",
			[]string{"misreading:starts-on-mines-too", "bug:four-neighbours"}},
		{"datamining -every-shape -kind eight", "boards with a safe cell amid eight mines, one of each shape", []string{"bug:four-neighbours"}},
		{"datamining -boards 62 -reach boards",
			"two boards of each situation of the catalogue a board reaches, in its order: the rules' rare branches, a mine start that would win, the only best start in the first or the last cell, the largest answer",
			[]string{"bug:skips-last-start", "bug:one-pass", "misreading:starts-on-mines-too", "misreading:flags-covered"}},
	}
	for i, name := range testcase.FormNames {
		aim := "three small boards, the input laid out in form " + name + " (docs/rules.md, Input is a stream of tokens)"
		var fails []string
		switch testcase.Form(1) << i {
		case testcase.FormSplit:
			fails = []string{"bug:header-line"}
		case testcase.FormRuns:
			aim += ". Aims at: a reader that takes a blank line for the end of the input"
		case testcase.FormTabs:
			aim += ". Aims at: a reader that skips spaces and line ends but not tabs"
		case testcase.FormOtherSpace:
			aim += ". Aims at: a reader that skips only spaces, tabs and line ends, not \\v or \\f"
		case testcase.FormCRLF:
			aim += ". Aims at: a row read as a line with its \\r kept"
		case testcase.FormNoFinalNewline:
			aim += ". Aims at: a reader that needs a line end after the final 0 0"
		}
		tests = append(tests, aimed{"datamining -boards 3 -cells 9..20 -form " + name, aim, fails})
	}
	return plan(append(tests,
		aimed{"datamining -boards 1 -cells 40 -kind stuck", "a single board, of 40 cells", []string{"bug:cells-39"}},
		aimed{"datamining -boards 300", "300 boards of every kind and shape", nil},
		aimed{"datamining -boards 3000", "3000 boards of every kind and shape", nil},
		aimed{"datamining -boards 3000 -cells 36..40", "3000 boards of 36 to 40 cells", []string{"bug:cells-39"}},
		aimed{"datamining -boards 3000 -cells 36..40 -kind stuck", "3000 boards of 36 to 40 cells, each stuck from every start, so that every start's play counts", nil})...)
}

// genDatamining draws the boards of a case. With R-D2 skipped no board is drawn stuck on
// purpose, nor of a kind whose every board reaches R-D2 (dominated, eight); but whether a
// board reaches R-D1 or R-D2 is known only once played, so each is checked with ref's
// answer and drawn again if it does, after a guess with the casual plays of the ruling
// package, so that ref is seldom asked in vain. A board aimed at a situation (-reach) of
// no kind given is of the kind that comes nearest it (dataminingReachKinds).
func genDatamining(r *rand.Rand, sh dataminingShape, skip *Skip) testcase.Datamining {
	avoid := skip.of(ruling.Datamining())
	var sides [][2]int
	for _, s := range testcase.DataminingSides {
		if s[0]*s[1] >= sh.cells[0] && s[0]*s[1] <= sh.cells[1] {
			sides = append(sides, s)
		}
	}
	boards := make([][]string, pick(sh.everyShape, len(sides), 0))
	if !sh.everyShape {
		boards = make([][]string, pickEdge(r, sh.boards))
	}
	for i := range boards {
		want := -1 // the situation board i aims at
		if len(sh.reach) > 0 {
			want = sh.reach[i%len(sh.reach)]
		}
		one := func() []string {
			kind := sh.kind
			if k, ok := dataminingReachKinds[want]; ok && kind == dataminingMixed {
				kind = k
			}
			if kind == dataminingMixed {
				kind = []uint8{dataminingRandom, dataminingRandom, dataminingRandom, dataminingStuck, dataminingSomeStart}[r.Intn(5)]
			}
			if avoid&ruling.D2 != 0 && (kind == dataminingStuck || kind == dataminingOneSafe || kind == dataminingDominated || kind == dataminingEight) {
				kind = dataminingSomeStart
			}
			side := pick(sh.everyShape, sides[i%len(sides)], sides[r.Intn(len(sides))])
			board := genDataminingBoard(r, side[0], side[1], kind)
			for try := 0; try < 100 && avoid != 0; try++ {
				best, _ := ruling.CasualPlays(board)
				guess := ruling.DataminingBoard(board, best) & avoid
				if guess == 0 {
					break
				}
				skip.note(ruling.Datamining(), guess)
				board = genDataminingBoard(r, side[0], side[1], kind)
			}
			return board
		}
		draw := one
		if want >= 0 {
			draw = func() []string {
				board := one()
				for try := 1; try < reachTries && !ruling.DataminingBoardReach(board).Has(want); try++ {
					board = one()
				}
				return board
			}
		}
		if avoid == 0 {
			boards[i] = draw()
			continue
		}
		boards[i] = Redraw(skip, ruling.Datamining(), draw, func(b []string) ruling.Set {
			return ruling.DataminingBoards(testcase.Datamining{Boards: [][]string{b}}.Encode())[0]
		})
	}
	return testcase.Datamining{Boards: boards}
}

// genDataminingBoard draws one r×c board of the kind.
func genDataminingBoard(r *rand.Rand, rows, cols int, kind uint8) []string {
	cells := rows * cols
	switch kind {
	case dataminingRandom:
		return dataminingBoard(r, rows, cols, pickMines(r, cells))
	case dataminingOneMine:
		return dataminingBoard(r, rows, cols, 1)
	case dataminingOneSafe:
		return dataminingBoard(r, rows, cols, cells-1)
	case dataminingDominated:
		return dataminingDominatedBoard(r, rows, cols)
	case dataminingEight:
		// A random board, then a cell off the edges made safe amid eight mines.
		cells := []byte(strings.Join(dataminingBoard(r, rows, cols, pickMines(r, cells)), ""))
		x, y := 1+r.Intn(rows-2), 1+r.Intn(cols-2)
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				cells[(x+dx)*cols+y+dy] = 'M'
			}
		}
		cells[x*cols+y] = '.'
		return rowsOf(cells, cols)
	case dataminingLastCorner, dataminingFirstCorner:
		// A random board whose last cell is a 0 next to three safe cells that see a mine
		// each, two cells away: (r-2, c) and (r, c-2). Turned half a turn, the first cell.
		cells := []byte(strings.Join(dataminingBoard(r, rows, cols, 1+r.Intn(max(cells/2, 1))), ""))
		at := func(x, y int) int { return (rows-1-x)*cols + cols - 1 - y }
		for _, p := range []int{at(0, 0), at(0, 1), at(1, 0), at(1, 1)} {
			cells[p] = '.'
		}
		cells[at(2, 0)], cells[at(0, 2)] = 'M', 'M'
		if kind == dataminingFirstCorner {
			slices.Reverse(cells)
		}
		return rowsOf(cells, cols)
	}
	for try := 0; try < 40; try++ {
		var mines int
		if kind == dataminingStuck {
			// Stuck boards are dense: a quarter to two thirds mines.
			mines = cells/4 + r.Intn(cells*2/3-cells/4+1)
		} else {
			// Boards won from some start have room to cascade: up to a quarter mines.
			mines = 1 + r.Intn(max(cells/4, 1))
		}
		board := dataminingBoard(r, rows, cols, mines)
		best, worst := ruling.CasualPlays(board)
		if (kind == dataminingStuck && best > 0) || (kind == dataminingSomeStart && best == 0 && worst > 0) {
			return board
		}
	}
	if kind == dataminingStuck {
		// A checkerboard: every safe cell sees two or more mines and a safe diagonal
		// neighbour, so neither rule applies to any first cell.
		board := make([]string, rows)
		flip := r.Intn(2)
		for x := range board {
			row := make([]byte, cols)
			for y := range row {
				row[y] = ".M"[(x+y+flip)%2]
			}
			board[x] = string(row)
		}
		return board
	}
	// The statement's figure 1 in the top left corner of an empty board: its (2,2) is stuck
	// where it starts, a start on a 0 usually wins.
	board := make([]string, rows)
	for x := range board {
		row := []byte(dataminingDots[:cols])
		if x == 2 {
			row[0], row[1] = 'M', 'M'
		}
		board[x] = string(row)
	}
	return board
}

const dataminingDots = "........................................"

// dataminingDominatedBoard draws an r×c board of the fewest mines that see every cell
// (docs/datamining.md, "The limits at their edges"): ⌈r/3⌉ rows of mines placed as
// dominators places them, and on each ⌈c/3⌉ mines placed likewise, so that every cell is
// within a row of a row of mines and, on it, within a column of a mine. No two mines
// touch, so no safe cell shows 0 or has only mines around: every start is stuck at once,
// and the answer is the safe cells but one.
func dataminingDominatedBoard(r *rand.Rand, rows, cols int) []string {
	cells := []byte(dataminingDots[:rows*cols])
	for _, x := range dominators(r, rows) {
		for _, y := range dominators(r, cols) {
			cells[x*cols+y] = 'M'
		}
	}
	return rowsOf(cells, cols)
}

// dominators draws ⌈n/3⌉ positions among 0..n-1, each within 1 of every position between
// them: the first at most 1, each at most 3 past the one before, the last at least n-2.
func dominators(r *rand.Rand, n int) []int {
	k := (n + 2) / 3
	for {
		at := make([]int, k)
		at[0] = r.Intn(2)
		for i := 1; i < k; i++ {
			at[i] = at[i-1] + 2 + r.Intn(2)
		}
		if last := at[k-1]; last >= n-2 && last <= n-1 {
			return at
		}
	}
}

// pickMines draws the number of mines of a random board of the given cells: one mine,
// one safe cell, the usual densities, and anything between.
func pickMines(r *rand.Rand, cells int) int {
	switch v := r.Intn(10); {
	case v == 0:
		return 1
	case v == 1:
		return cells - 1
	case v < 6:
		return max(1, int(float64(cells)*[]float64{0.1, 0.15, 0.2, 0.3}[r.Intn(4)]))
	default:
		return 1 + r.Intn(cells-1)
	}
}

// dataminingBoard places mines at random on an r×c board.
func dataminingBoard(r *rand.Rand, rows, cols, mines int) []string {
	cells := []byte(dataminingDots[:rows*cols])
	for _, p := range r.Perm(rows * cols)[:mines] {
		cells[p] = 'M'
	}
	return rowsOf(cells, cols)
}

// DataminingAim is a generator whose cases reach situation id of datamining's catalogue
// (ruling.DataminingSituations) far more often than DataminingGen's, for a hunt's
// steering: one board of a kind that comes near it, drawn until it reaches it (-reach),
// or, for a situation of a whole input (the count of boards, a form), such an input, its
// boards small. nil for an id the catalogue does not hold, and for a situation only a
// board of a ruling skip leaves out reaches (R-D2: an answer above 0, a single safe
// cell), which no draw would reach.
func DataminingAim(skip *Skip, id string) gopter.Gen {
	call, ok := dataminingAims[id]
	switch {
	case !ok:
		return nil
	case skip.Contains("R-D2") && dataminingNeedsD2[id]:
		return nil
	}
	return mustGen(call, skip)
}

// dataminingNeedsD2 are the situations every board that reaches them reaches R-D2 by
// (ruling.DataminingBoard: an answer above 0, or a single safe cell). A safe cell whose
// every neighbour is a mine (one that shows 8 among them) puts a board there: only a
// start clears it, so every other start leaves it covered.
var dataminingNeedsD2 = map[string]bool{
	"stuck-from-every-start": true, "stuck-everywhere-after-progress": true, "mine-start-would-win": true,
	"answer-max": true, "answer-largest": true, "board-one-safe-cell": true, "start-shows-8": true,
	"start-flags-all-around": true,
}

// dataminingAims is the call that aims at each situation of the catalogue: a board of
// the kind that comes nearest it (dataminingReachKinds), small where its size does not
// matter, drawn until it reaches it; or an input of the count of boards, or in the form.
var dataminingAims = func() map[string]string {
	aims := map[string]string{
		"board-3x3":      "datamining -cells 9",
		"board-40-cells": "datamining -cells 40",
		"board-3x13":     "datamining -cells 39 -reach board-3x13",
		"board-13x3":     "datamining -cells 39 -reach board-13x3",
		"answer-largest": "datamining -cells 39..40 -reach answer-largest",
		"many-boards":    "datamining -boards 1000 -cells 9..12",
	}
	for _, s := range ruling.DataminingSituations() {
		switch {
		case aims[s.ID] != "":
		case strings.HasPrefix(s.ID, "form-"):
			aims[s.ID] = "datamining -boards 1..3 -cells 9..20 -" + strings.Replace(s.ID, "-", " ", 1)
		case dataminingInputSituations[s.ID]: // one-board: any case of one board
			aims[s.ID] = "datamining -cells 9..20"
		case strings.HasPrefix(s.ID, "board-") || strings.HasPrefix(s.ID, "answer-") || strings.HasPrefix(s.ID, "best-"):
			aims[s.ID] = "datamining -reach " + s.ID // a size, a shape or a place of its own
		default:
			aims[s.ID] = "datamining -cells 9..24 -reach " + s.ID
		}
	}
	return aims
}()
