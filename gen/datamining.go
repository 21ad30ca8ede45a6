package gen

import (
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"

	"gamediff/ruling"
)

// Limits of the game datamining (seed 004): "r and c will always be at least 3. The total
// number of cells in any board will never be greater than 40."
const (
	DataminingMinSide  = 3
	dataminingMaxCells = 40
)

// Datamining is one input of the game datamining: the boards before the final "0 0".
type Datamining struct {
	Boards [][]string // each board is r rows of c bytes: 'M' a mine, '.' an empty cell
}

// Encode renders the case as judge input.
func (c Datamining) Encode() []byte {
	var b []byte
	for _, board := range c.Boards {
		b = appendInts(b, len(board), len(board[0]))
		for _, row := range board {
			b = append(append(b, row...), '\n')
		}
	}
	return append(b, "0 0\n"...)
}

// DecodeDatamining is the validator of datamining (R-IN3): the exact format and every
// limit, an 'M' and a '.' on each board, "0 0" last; the first violation names its line.
func DecodeDatamining(input []byte) (Datamining, error) { return decodeDatamining(input, true) }

// ValidateDatamining checks input as DecodeDatamining does but keeps no board, so that
// validating any number of boards takes the memory of one.
func ValidateDatamining(input []byte) error {
	_, err := decodeDatamining(input, false)
	return err
}

// decodeDatamining is DecodeDatamining, keeping the boards only when keep is set.
func decodeDatamining(input []byte, keep bool) (Datamining, error) {
	s := newInStream(input)
	var c Datamining
	for boards := 0; ; boards++ {
		line := s.line
		r := s.number("r", 0, dataminingMaxCells)
		s.space()
		cols := s.number("c", 0, dataminingMaxCells)
		switch {
		case r == 0 && cols == 0:
			// "followed by a final line containing only two zeros"
			s.eoln()
			if boards == 0 {
				s.failAt(line, "no board before the final 0 0: the input contains one or more")
			}
			s.end("the final 0 0")
			return c, s.err
		case r < DataminingMinSide:
			s.fail("r = %d, but r ≥ %d (0 only in the final line 0 0)", r, DataminingMinSide)
		case cols < DataminingMinSide:
			s.fail("c = %d, but c ≥ %d", cols, DataminingMinSide)
		case r*cols > dataminingMaxCells:
			s.fail("r·c = %d·%d = %d, but at most %d cells", r, cols, r*cols, dataminingMaxCells)
		}
		s.eoln()
		board := make([]string, r)
		for i := range board {
			board[i] = s.row("row "+strconv.Itoa(i+1), cols, "M.")
		}
		// "There will always be at least one 'M' and at least one '.' on each game board."
		if mines := strings.Count(strings.Join(board, ""), "M"); s.err == nil && (mines == 0 || mines == r*cols) {
			s.failAt(line, "board %d has no %s: at least one of each is required", boards+1, pick(mines == 0, "'M'", "'.'"))
		}
		if keep {
			c.Boards = append(c.Boards, board)
		}
	}
}

// dataminingSides lists every legal (r, c): r, c ≥ 3 and r·c ≤ 40.
var dataminingSides = func() (sides [][2]int) {
	for r := DataminingMinSide; r*DataminingMinSide <= dataminingMaxCells; r++ {
		for c := DataminingMinSide; r*c <= dataminingMaxCells; c++ {
			sides = append(sides, [2]int{r, c})
		}
	}
	return sides
}()

// ShrinkDatamining is the gopter.Shrinker of datamining cases: cuts of boards, rows,
// columns (r, c ≥ 3) and mines, none leaving a board without an 'M' or a '.'; every
// candidate is smaller in the order (boards, Σ r·c, mines).
func ShrinkDatamining(v any) gopter.Shrink { return shrinkDatamining(v.(Datamining), skipTwins) }

func shrinkDatamining(c Datamining, twins twinCuts) gopter.Shrink {
	lists := []cutList{
		sized(len(c.Boards), func(lo, hi int) (any, bool) {
			return Datamining{slices.Concat(c.Boards[:lo], c.Boards[hi:])}, hi-lo < len(c.Boards)
		}).withTwins(func(a, b, n int) bool { return slices.EqualFunc(c.Boards[a:a+n], c.Boards[b:b+n], slices.Equal) }),
	}
	for i, board := range c.Boards {
		lists = append(lists, boardCuts(board, DataminingMinSide, "", "M", '.', []int(nil), func(*int, int) *int { return nil },
			func(board []string, _ []int) (any, bool) {
				boards := slices.Clone(c.Boards)
				boards[i] = board
				return Datamining{boards}, DataminingHasBoth(board)
			})...)
	}
	return shrinkCuts(twins, lists...)
}

// DataminingHasBoth reports whether a board has at least one 'M' and one '.'.
func DataminingHasBoth(board []string) bool {
	mine, safe := false, false
	for _, row := range board {
		for i := 0; i < len(row); i++ {
			mine = mine || row[i] == 'M'
			safe = safe || row[i] == '.'
		}
	}
	return mine && safe
}

// DataminingFromBytes decodes fuzzer bytes into a valid case (see tape): boards until the
// bytes run out, each a shape byte and the board; one without a mine gets one in its
// first cell, one without an empty cell loses its last mine. Datamining.Bytes is its
// inverse.
func DataminingFromBytes(data []byte) Datamining {
	t := &tape{data: data}
	want := t.size(1, 8, 1<<16)
	var c Datamining
	for len(c.Boards) == 0 || (len(c.Boards) < want && !t.exhausted()) {
		side := dataminingSides[t.intn(len(dataminingSides))]
		rows, cols := side[0], side[1]
		board := t.board(rows, cols, '.', 'M')
		if !DataminingHasBoth(board) {
			if board[0][0] == '.' {
				board[0] = "M" + board[0][1:]
			} else {
				last := board[rows-1]
				board[rows-1] = last[:cols-1] + "."
			}
		}
		c.Boards = append(c.Boards, board)
	}
	return c
}

// Bytes is the inverse of DataminingFromBytes: fuzz seeds in which a changed byte changes
// one cell, almost always.
func (c Datamining) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Boards), 1, 8, 1<<16)
	for _, board := range c.Boards {
		w.intn(slices.Index(dataminingSides, [2]int{len(board), len(board[0])}), len(dataminingSides))
		w.board(board, 'M')
	}
	return w.data
}

// Bounds lists the constrained quantities of the case with their limits, per board.
func (c Datamining) Bounds() []Bound {
	var b []Bound
	for _, board := range c.Boards {
		rows, cols := len(board), len(board[0])
		b = append(b, Bound{"r", rows, DataminingMinSide, dataminingMaxCells / DataminingMinSide},
			Bound{"c", cols, DataminingMinSide, dataminingMaxCells / DataminingMinSide},
			Bound{"r·c", rows * cols, DataminingMinSide * DataminingMinSide, dataminingMaxCells},
			Bound{"mines", strings.Count(strings.Join(board, ""), "M"), 1, rows*cols - 1})
	}
	return b
}

// dataminingKinds are the kinds of boards a generator aims at (-kind): mixed (a kind per
// board), random, stuck (the casual player is stuck from every start: an answer above 0),
// some-start (some start wins, some other does not), a single mine, a single empty cell.
var dataminingKinds = []string{"mixed", "random", "stuck", "some-start", "one-mine", "one-safe"}

const (
	dataminingMixed uint8 = iota
	dataminingRandom
	dataminingStuck
	dataminingSomeStart
	dataminingOneMine
	dataminingOneSafe
)

// dataminingShape is a datamining call's flags; everyShape: one board of each legal r×c
// within cells.
type dataminingShape struct {
	boards, cells      span
	kind               uint8
	everyShape, sample bool
}

func init() { calls["datamining"] = dataminingCall }

func dataminingCall(fs *flag.FlagSet) func(*Skip) gopter.Gen {
	sh := dataminingShape{boards: span{1, 1}, cells: span{DataminingMinSide * DataminingMinSide, dataminingMaxCells}}
	fs.Var(&sh.boards, "boards", "boards")
	fs.Var(&sh.cells, "cells", "cells of a board")
	fs.Var(choice{dataminingKinds, &sh.kind}, "kind", "the kind of boards")
	fs.BoolVar(&sh.everyShape, "every-shape", false, "one board of each shape")
	fs.BoolVar(&sh.sample, "sample", false, "the statement's sample")
	return func(skip *Skip) gopter.Gen {
		return func(p *gopter.GenParameters) *gopter.GenResult {
			if sh.sample {
				return gopter.NewGenResult(dataminingSample, ShrinkDatamining)
			}
			return gopter.NewGenResult(genDatamining(p.Rng, sh, skip), ShrinkDatamining)
		}
	}
}

// DataminingGen generates datamining cases carrying ShrinkDatamining, most of a few boards,
// 3 in 1000 at the limits (docs/hunt.md, "Cases at the limits"), none reaching a ruling of skip
// (nil: none skipped).
func DataminingGen(skip *Skip) gopter.Gen { return dataminingGen(false, skip) }

// DataminingUnitGen generates datamining cases to pack into one input: DataminingGen's
// boards one per case, its cases of many boards whole but unitWeight times rarer.
func DataminingUnitGen(skip *Skip) gopter.Gen { return dataminingGen(true, skip) }

func dataminingGen(unit bool, skip *Skip) gopter.Gen {
	boards, w := unitOr(unit)
	return mix(skip,
		weighted{w(400), "datamining -boards " + boards("1..3")},
		weighted{w(200), "datamining -boards " + boards("1..20")},
		weighted{w(100), "datamining -boards " + boards("1..4") + " -kind stuck"},
		weighted{w(100), "datamining -boards " + boards("1..4") + " -kind some-start"},
		weighted{w(100), "datamining -boards " + boards("1..10") + " -cells 36..40"},
		weighted{w(92), "datamining -boards " + boards("20..300")},
		weighted{5, "datamining -boards 1000..3000"}, // many boards: 0.5% of cases, yet a good part of the time
		weighted{3, "datamining -boards 3000 -cells 36..40"})
}

// dataminingSample is the statement's sample input.
var dataminingSample = Datamining{Boards: [][]string{
	{"...", "...", "MM."},
	{"M.M.", ".M.M", "M.M."},
	{".....", ".....", "MMM..", "M.M..", "MMM..", ".....", "....."},
	{"...M", "....", "....", "M..."},
}}

// DataminingPlan is a test set for datamining, as a setter would write it (the statement
// has no test table): the sample, every shape of every kind, then up to 3000 boards.
func DataminingPlan() []PlanTest {
	tests := []aimed{{"datamining -sample", ""}}
	for _, k := range dataminingKinds[1:] {
		tests = append(tests, aimed{"datamining -every-shape -kind " + k, ""})
	}
	return plan(append(tests, aimed{"datamining -boards 300", ""}, aimed{"datamining -boards 3000", ""},
		aimed{"datamining -boards 3000 -cells 36..40", ""}, aimed{"datamining -boards 3000 -cells 36..40 -kind stuck", ""})...)
}

// Features lists the kinds of boards and every legal shape, each with whether the case
// holds one.
func (c Datamining) Features() []Feature {
	has := map[string]bool{}
	for _, b := range c.Boards {
		best, worst := ruling.CasualPlays(b)
		mines, cells := strings.Count(strings.Join(b, ""), "M"), len(b)*len(b[0])
		has[fmt.Sprintf("shape %dx%d", len(b), len(b[0]))] = true
		has[pick(best > 0, "stuck from every start", pick(worst > 0, "won from some starts only", "won from every start"))] = true
		has[pick(mines == 1, "a single mine", pick(mines == cells-1, "a single safe cell", ""))] = true
	}
	var out []Feature
	for _, name := range []string{"stuck from every start", "won from some starts only", "won from every start", "a single mine", "a single safe cell"} {
		out = append(out, Feature{Name: name, Seen: has[name]})
	}
	for _, s := range dataminingSides {
		name := fmt.Sprintf("shape %dx%d", s[0], s[1])
		out = append(out, Feature{Name: name, Seen: has[name]})
	}
	return out
}

// genDatamining draws the boards of a case. With R-D2 skipped no board is drawn stuck on
// purpose; but whether a board reaches R-D1 or R-D2 is known only once played, so each is
// checked with ref's answer and drawn again if it does, after a guess with the casual
// plays of the ruling package, so that ref is seldom asked in vain.
func genDatamining(r *rand.Rand, sh dataminingShape, skip *Skip) Datamining {
	avoid := skip.of(ruling.Datamining())
	var sides [][2]int
	for _, s := range dataminingSides {
		if s[0]*s[1] >= sh.cells[0] && s[0]*s[1] <= sh.cells[1] {
			sides = append(sides, s)
		}
	}
	boards := make([][]string, pick(sh.everyShape, len(sides), 0))
	if !sh.everyShape {
		boards = make([][]string, pickEdge(r, sh.boards))
	}
	for i := range boards {
		draw := func() []string {
			kind := sh.kind
			if kind == dataminingMixed {
				kind = []uint8{dataminingRandom, dataminingRandom, dataminingRandom, dataminingStuck, dataminingSomeStart}[r.Intn(5)]
			}
			if avoid&ruling.D2 != 0 && (kind == dataminingStuck || kind == dataminingOneSafe) {
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
		if avoid == 0 {
			boards[i] = draw()
			continue
		}
		boards[i] = Redraw(skip, ruling.Datamining(), draw, func(b []string) ruling.Set { return ruling.DataminingBoards(Datamining{[][]string{b}}.Encode())[0] })
	}
	return Datamining{Boards: boards}
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
