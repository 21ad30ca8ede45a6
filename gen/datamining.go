package gen

import (
	"flag"
	"math/rand"
	"slices"

	"github.com/leanovate/gopter"

	"gamediff/ruling"
	"gamediff/testcase"
)

// ShrinkDatamining is the gopter.Shrinker of datamining cases: cuts of boards, rows,
// columns (r, c ≥ 3) and mines, none leaving a board without an 'M' or a '.'; every
// candidate is smaller in the order (boards, Σ r·c, mines).
func ShrinkDatamining(v any) gopter.Shrink {
	return shrinkDatamining(v.(testcase.Datamining), skipTwins)
}

func shrinkDatamining(c testcase.Datamining, twins twinCuts) gopter.Shrink {
	lists := []cutList{
		sized(len(c.Boards), func(lo, hi int) (any, bool) {
			return testcase.Datamining{Boards: slices.Concat(c.Boards[:lo], c.Boards[hi:])}, hi-lo < len(c.Boards)
		}).withTwins(func(a, b, n int) bool { return slices.EqualFunc(c.Boards[a:a+n], c.Boards[b:b+n], slices.Equal) }),
	}
	for i, board := range c.Boards {
		lists = append(lists, boardCuts(board, testcase.DataminingMinSide, "", "M", '.', []int(nil), func(*int, int) *int { return nil },
			func(board []string, _ []int) (any, bool) {
				boards := slices.Clone(c.Boards)
				boards[i] = board
				return testcase.Datamining{Boards: boards}, testcase.DataminingHasBoth(board)
			})...)
	}
	return shrinkCuts(twins, lists...)
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
	sh := dataminingShape{boards: span{1, 1}, cells: span{testcase.DataminingMinSide * testcase.DataminingMinSide, testcase.DataminingMaxCells}}
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
var dataminingSample = testcase.Datamining{Boards: [][]string{
	{"...", "...", "MM."},
	{"M.M.", ".M.M", "M.M."},
	{".....", ".....", "MMM..", "M.M..", "MMM..", ".....", "....."},
	{"...M", "....", "....", "M..."},
}}

// DataminingPlan is a test set for datamining, as a setter would write it (the statement
// has no test table): the sample, every shape of every kind, then up to 3000 boards.
func DataminingPlan() []PlanTest {
	tests := []aimed{{"datamining -sample", "", nil}}
	for _, k := range dataminingKinds[1:] {
		tests = append(tests, aimed{"datamining -every-shape -kind " + k, "", nil})
	}
	return plan(append(tests, aimed{"datamining -boards 300", "", nil}, aimed{"datamining -boards 3000", "", nil},
		aimed{"datamining -boards 3000 -cells 36..40", "", nil}, aimed{"datamining -boards 3000 -cells 36..40 -kind stuck", "", nil})...)
}

// genDatamining draws the boards of a case. With R-D2 skipped no board is drawn stuck on
// purpose; but whether a board reaches R-D1 or R-D2 is known only once played, so each is
// checked with ref's answer and drawn again if it does, after a guess with the casual
// plays of the ruling package, so that ref is seldom asked in vain.
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

// DataminingAim is a generator whose cases reach situation id of datamining's catalogue
// (ruling.DataminingSituations) far more often than DataminingGen's, for a hunt's steering; nil when
// DataminingGen is as good.
func DataminingAim(skip *Skip, id string) gopter.Gen { return nil }
