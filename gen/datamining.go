package gen

import (
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"
	pgen "github.com/leanovate/gopter/gen"
)

// Limits of the game datamining (seed 004): "r and c will always be at least 3. The total
// number of cells in any board will never be greater than 40."
const (
	DataminingMinSide  = 3
	DataminingMaxCells = 40
)

// Datamining is one input of the game datamining: the boards before the final "0 0".
type Datamining struct {
	Boards [][]string // each board is r rows of c bytes: 'M' a mine, '.' an empty cell
}

// Encode renders the case as judge input.
func (c Datamining) Encode() []byte {
	size := 4
	for _, board := range c.Boards {
		size += 8 + len(board)*(len(board[0])+1)
	}
	b := make([]byte, 0, size)
	for _, board := range c.Boards {
		b = strconv.AppendInt(b, int64(len(board)), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(len(board[0])), 10)
		b = append(b, '\n')
		for _, row := range board {
			b = append(b, row...)
			b = append(b, '\n')
		}
	}
	return append(b, "0 0\n"...)
}

// DecodeDatamining is the validator of datamining (R-IN3): it parses input in the exact
// format of the statement and checks every limit — one or more boards, r, c ≥ 3,
// r·c ≤ 40, rows over {M, .}, at least one 'M' and one '.' per board, the final "0 0"
// and nothing after it — returning the first violation as a *LimitError.
func DecodeDatamining(input []byte) (Datamining, error) {
	s := newInStream(input)
	var c Datamining
	for {
		line := s.line
		r, err := s.number("r", 0, DataminingMaxCells)
		if err != nil {
			return c, err
		}
		if err := s.space(); err != nil {
			return c, err
		}
		cols, err := s.number("c", 0, DataminingMaxCells)
		if err != nil {
			return c, err
		}
		switch {
		case r == 0 && cols == 0:
			// "followed by a final line containing only two zeros"
			if err := s.eoln(); err != nil {
				return c, err
			}
			if len(c.Boards) == 0 {
				return c, &LimitError{Line: line, Constraint: "no board before the final 0 0: the input contains one or more"}
			}
			if !s.atEOF() {
				return c, s.fail("expected end of input after the final 0 0, found %s", s.found())
			}
			return c, nil
		case r < DataminingMinSide:
			return c, s.fail("r = %d, but r ≥ %d (0 only in the final line 0 0)", r, DataminingMinSide)
		case cols < DataminingMinSide:
			return c, s.fail("c = %d, but c ≥ %d", cols, DataminingMinSide)
		case r*cols > DataminingMaxCells:
			return c, s.fail("r·c = %d·%d = %d, but at most %d cells", r, cols, r*cols, DataminingMaxCells)
		}
		if err := s.eoln(); err != nil {
			return c, err
		}
		board := make([]string, r)
		mines := 0
		for i := range board {
			if board[i], err = s.row("row "+strconv.Itoa(i+1), cols, "M."); err != nil {
				return c, err
			}
			for j := 0; j < cols; j++ {
				if board[i][j] == 'M' {
					mines++
				}
			}
		}
		// "There will always be at least one 'M' and at least one '.' on each game board."
		if mines == 0 || mines == r*cols {
			what := "'M'"
			if mines != 0 {
				what = "'.'"
			}
			return c, &LimitError{Line: line, Constraint: "board " + strconv.Itoa(len(c.Boards)+1) + " has no " + what + ": at least one of each is required"}
		}
		c.Boards = append(c.Boards, board)
	}
}

// DataminingKind is the kind of board a generator aims at.
type DataminingKind uint8

// The kinds of boards. A kind other than DataminingRandom is aimed at by rejection: up to
// a few dozen random boards are played out, and then a board built to have the property
// is taken.
const (
	// DataminingMixed draws each board's kind: mostly random, a fifth stuck, a fifth won
	// from some start only.
	DataminingMixed DataminingKind = iota
	// DataminingRandom: any number of mines, from one to all cells but one.
	DataminingRandom
	// DataminingStuck: the casual player is stuck with safe cells covered from every
	// start, so the answer is above 0.
	DataminingStuck
	// DataminingSomeStart: some start clears every safe cell and some other does not.
	DataminingSomeStart
	// DataminingOneMine: a single mine.
	DataminingOneMine
	// DataminingOneSafe: a single empty cell.
	DataminingOneSafe
)

var dataminingKindNames = [...]string{"mixed", "random", "stuck", "some-start", "one-mine", "one-safe"}

func (k DataminingKind) String() string { return dataminingKindNames[k] }

// DataminingShape bounds the cases of one generator: closed ranges for the number of
// boards and for the cells r·c of each board, and the kind of boards. With EveryShape,
// Boards is ignored: the case has one board of each legal r×c within Cells, by r then c.
type DataminingShape struct {
	Boards     [2]int
	Cells      [2]int
	Kind       DataminingKind
	EveryShape bool
}

// dataminingSides lists every legal (r, c): r, c ≥ 3 and r·c ≤ 40.
var dataminingSides = func() (sides [][2]int) {
	for r := DataminingMinSide; r*DataminingMinSide <= DataminingMaxCells; r++ {
		for c := DataminingMinSide; r*c <= DataminingMaxCells; c++ {
			sides = append(sides, [2]int{r, c})
		}
	}
	return sides
}()

// DataminingGen generates datamining cases: most with a few boards small enough to read
// at a glance, some with hundreds or thousands of boards, some with every board at 36 to
// 40 cells. Every case carries ShrinkDatamining.
func DataminingGen() gopter.Gen {
	all := [2]int{DataminingMinSide * DataminingMinSide, DataminingMaxCells}
	return pgen.Weighted([]pgen.WeightedGen{
		{Weight: 400, Gen: DataminingCase(DataminingShape{Boards: [2]int{1, 3}, Cells: all})},
		{Weight: 200, Gen: DataminingCase(DataminingShape{Boards: [2]int{1, 20}, Cells: all})},
		{Weight: 100, Gen: DataminingCase(DataminingShape{Boards: [2]int{1, 4}, Cells: all, Kind: DataminingStuck})},
		{Weight: 100, Gen: DataminingCase(DataminingShape{Boards: [2]int{1, 4}, Cells: all, Kind: DataminingSomeStart})},
		{Weight: 100, Gen: DataminingCase(DataminingShape{Boards: [2]int{1, 10}, Cells: [2]int{36, DataminingMaxCells}})},
		{Weight: 95, Gen: DataminingCase(DataminingShape{Boards: [2]int{20, 300}, Cells: all})},
		// Many boards per input: 0.5% of cases, yet a good part of the time.
		{Weight: 5, Gen: DataminingCase(DataminingShape{Boards: [2]int{1000, 3000}, Cells: all})},
	})
}

// DataminingCase generates cases within one shape.
func DataminingCase(shape DataminingShape) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(genDatamining(p.Rng, shape), ShrinkDatamining)
	}
}

func genDatamining(r *rand.Rand, shape DataminingShape) Datamining {
	var sides [][2]int
	for _, s := range dataminingSides {
		if cells := s[0] * s[1]; cells >= shape.Cells[0] && cells <= shape.Cells[1] {
			sides = append(sides, s)
		}
	}
	var boards [][]string
	if shape.EveryShape {
		boards = make([][]string, len(sides))
	} else {
		boards = make([][]string, pickEdge(r, shape.Boards[0], shape.Boards[1]))
	}
	for i := range boards {
		kind := shape.Kind
		if kind == DataminingMixed {
			kind = []DataminingKind{DataminingRandom, DataminingRandom, DataminingRandom,
				DataminingStuck, DataminingSomeStart}[r.Intn(5)]
		}
		side := sides[i%len(sides)]
		if !shape.EveryShape {
			side = sides[r.Intn(len(sides))]
		}
		boards[i] = genDataminingBoard(r, side[0], side[1], kind)
	}
	return Datamining{Boards: boards}
}

// genDataminingBoard draws one r×c board of the kind.
func genDataminingBoard(r *rand.Rand, rows, cols int, kind DataminingKind) []string {
	cells := rows * cols
	switch kind {
	case DataminingRandom:
		return dataminingBoard(r, rows, cols, pickMines(r, cells))
	case DataminingOneMine:
		return dataminingBoard(r, rows, cols, 1)
	case DataminingOneSafe:
		return dataminingBoard(r, rows, cols, cells-1)
	}
	for try := 0; try < 40; try++ {
		var mines int
		if kind == DataminingStuck {
			// Stuck boards are dense: a quarter to two thirds mines.
			mines = cells/4 + r.Intn(cells*2/3-cells/4+1)
		} else {
			// Boards won from some start have room to cascade: up to a quarter mines.
			mines = 1 + r.Intn(max(cells/4, 1))
		}
		board := dataminingBoard(r, rows, cols, mines)
		best, worst := dataminingPlays(board)
		if (kind == DataminingStuck && best > 0) || (kind == DataminingSomeStart && best == 0 && worst > 0) {
			return board
		}
	}
	if kind == DataminingStuck {
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
	// The statement's figure 1 in the top left corner of an empty board: the figure's
	// (2,2) sees both mines among eight covered cells and is stuck where it starts, while
	// a start on a 0 usually wins (on the figure's own 3x3 board it does: answer 0).
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
	board := make([]string, rows)
	for x := range board {
		board[x] = string(cells[x*cols : (x+1)*cols])
	}
	return board
}

// dataminingPlays plays the casual player from every safe start and returns the fewest
// and the most covered safe cells left. It is a model for steering the generator and
// counting what it reaches, not a judge.
func dataminingPlays(board []string) (best, worst int) {
	rows, cols := len(board), len(board[0])
	n := rows * cols
	mine := make([]bool, n)
	around := make([][]int, n)
	safe := 0
	for p := range n {
		x, y := p/cols, p%cols
		mine[p] = board[x][y] == 'M'
		if !mine[p] {
			safe++
		}
		for nx := max(x-1, 0); nx <= min(x+1, rows-1); nx++ {
			for ny := max(y-1, 0); ny <= min(y+1, cols-1); ny++ {
				if nx != x || ny != y {
					around[p] = append(around[p], nx*cols+ny)
				}
			}
		}
	}
	best, worst = safe, 0
	const covered, cleared, flagged = 0, 1, 2
	state := make([]uint8, n)
	for start := range n {
		if mine[start] {
			continue
		}
		clear(state)
		state[start] = cleared
		open := 1
		for changed := true; changed; {
			changed = false
			for p := range n {
				if state[p] != cleared {
					continue
				}
				f, c, m := 0, 0, 0
				for _, q := range around[p] {
					switch state[q] {
					case flagged:
						f++
					case covered:
						c++
					}
					if mine[q] {
						m++
					}
				}
				if c == 0 || (f != m && f+c != m) {
					continue
				}
				for _, q := range around[p] {
					if state[q] == covered {
						if f == m {
							state[q] = cleared
							open++
						} else {
							state[q] = flagged
						}
					}
				}
				changed = true
			}
		}
		best, worst = min(best, safe-open), max(worst, safe-open)
	}
	return best, worst
}

// Features lists every legal shape (r x c with r, c ≥ 3 and r·c ≤ 40) and every kind of
// board by how the casual player fares, each with whether the case holds one.
func (c Datamining) Features() []Feature {
	has := map[string]bool{}
	for _, b := range c.Boards {
		rows, cols := len(b), len(b[0])
		has[fmt.Sprintf("shape %dx%d", rows, cols)] = true
		best, worst := dataminingPlays(b)
		switch {
		case best > 0:
			has["stuck from every start"] = true
		case worst > 0:
			has["won from some starts only"] = true
		default:
			has["won from every start"] = true
		}
		mines := strings.Count(strings.Join(b, ""), "M")
		if mines == 1 {
			has["a single mine"] = true
		}
		if mines == rows*cols-1 {
			has["a single safe cell"] = true
		}
	}
	var out []Feature
	for _, k := range []string{"stuck from every start", "won from some starts only", "won from every start", "a single mine", "a single safe cell"} {
		out = append(out, Feature{Name: k, Seen: has[k]})
	}
	for r := DataminingMinSide; r*DataminingMinSide <= DataminingMaxCells; r++ {
		for col := DataminingMinSide; r*col <= DataminingMaxCells; col++ {
			name := fmt.Sprintf("shape %dx%d", r, col)
			out = append(out, Feature{Name: name, Seen: has[name]})
		}
	}
	return out
}

// dataminingSample is the statement's sample input.
var dataminingSample = Datamining{Boards: [][]string{
	{"...", "...", "MM."},
	{"M.M.", ".M.M", "M.M."},
	{".....", ".....", "MMM..", "M.M..", "MMM..", ".....", "....."},
	{"...M", "....", "....", "M..."},
}}

// DataminingPlan is a test set for datamining. The statement has no test table, so the
// plan is the one a setter would write: the sample; every legal shape with random boards,
// boards stuck from every start, boards won from some start only, a single mine and a
// single empty cell; then many boards, up to 3000 of 36 to 40 cells, for the time limit.
func DataminingPlan() []PlanTest {
	all := [2]int{DataminingMinSide * DataminingMinSide, DataminingMaxCells}
	large := [2]int{36, DataminingMaxCells}
	plan := []PlanTest{{
		Call: "datamining -sample",
		Gen: func(*gopter.GenParameters) *gopter.GenResult {
			return gopter.NewGenResult(dataminingSample, ShrinkDatamining)
		},
	}}
	for _, k := range []DataminingKind{DataminingRandom, DataminingStuck, DataminingSomeStart, DataminingOneMine, DataminingOneSafe} {
		plan = append(plan, PlanTest{
			Call: fmt.Sprintf("datamining -every-shape -kind %s", k),
			Gen:  DataminingCase(DataminingShape{Cells: all, Kind: k, EveryShape: true}),
		})
	}
	for _, t := range []struct {
		boards int
		cells  [2]int
		kind   DataminingKind
	}{
		{300, all, DataminingMixed},
		{3000, all, DataminingMixed},
		{3000, large, DataminingMixed},
		{3000, large, DataminingStuck},
	} {
		plan = append(plan, PlanTest{
			Call: fmt.Sprintf("datamining -boards %d -cells %d-%d -kind %s", t.boards, t.cells[0], t.cells[1], t.kind),
			Gen:  DataminingCase(DataminingShape{Boards: [2]int{t.boards, t.boards}, Cells: t.cells, Kind: t.kind}),
		})
	}
	return plan
}

// Bounds lists the constrained quantities of the case with their limits: per board r,
// c, r·c and the mines (at least one, and at least one empty cell). The number of boards
// has no limit beyond "one or more".
func (c Datamining) Bounds() []Bound {
	maxSide := DataminingMaxCells / DataminingMinSide
	b := make([]Bound, 0, 4*len(c.Boards))
	for _, board := range c.Boards {
		rows, cols := len(board), len(board[0])
		mines := 0
		for _, row := range board {
			mines += strings.Count(row, "M")
		}
		b = append(b,
			Bound{"r", rows, DataminingMinSide, maxSide},
			Bound{"c", cols, DataminingMinSide, maxSide},
			Bound{"r·c", rows * cols, DataminingMinSide * DataminingMinSide, DataminingMaxCells},
			Bound{"mines", mines, 1, rows*cols - 1},
		)
	}
	return b
}

// ShrinkDatamining is the gopter.Shrinker of datamining cases. Its candidates, biggest
// cuts first: drop boards (never all of them), then for each board drop rows, drop
// columns (never below 3) and clear mines (never the last one). Every candidate is valid:
// cuts that would leave a board without an 'M' or a '.' are skipped.
func ShrinkDatamining(v any) gopter.Shrink {
	c := v.(Datamining)
	shrinks := []gopter.Shrink{
		shrinkSpans(len(c.Boards), func(lo, hi int) (any, bool) {
			if hi-lo == len(c.Boards) {
				return nil, false
			}
			boards := slices.Concat(c.Boards[:lo], c.Boards[hi:])
			return Datamining{Boards: boards}, true
		}),
	}
	with := func(i int, board []string) (any, bool) {
		if !dataminingHasBoth(board) {
			return nil, false
		}
		boards := append([][]string{}, c.Boards...)
		boards[i] = board
		return Datamining{Boards: boards}, true
	}
	for i, board := range c.Boards {
		rows, cols := len(board), len(board[0])
		mines := cellsHolding(board, 'M')
		shrinks = append(shrinks,
			shrinkSpans(rows, func(lo, hi int) (any, bool) {
				if rows-(hi-lo) < DataminingMinSide {
					return nil, false
				}
				return with(i, slices.Concat(board[:lo], board[hi:]))
			}),
			shrinkSpans(cols, func(lo, hi int) (any, bool) {
				if cols-(hi-lo) < DataminingMinSide {
					return nil, false
				}
				return with(i, withoutColumns(board, lo, hi))
			}),
			shrinkSpans(len(mines), func(lo, hi int) (any, bool) {
				if hi-lo == len(mines) {
					return nil, false
				}
				return with(i, withCells(board, mines[lo:hi], '.'))
			}),
		)
	}
	return gopter.ConcatShrinks(shrinks...)
}

// dataminingHasBoth reports whether a board has at least one 'M' and one '.'.
func dataminingHasBoth(board []string) bool {
	mine, safe := false, false
	for _, row := range board {
		for i := 0; i < len(row); i++ {
			mine = mine || row[i] == 'M'
			safe = safe || row[i] == '.'
		}
	}
	return mine && safe
}

// DataminingFromBytes decodes arbitrary bytes into a valid datamining case, for fuzzing.
// The first byte asks for a number of boards (1 to 8 usually, up to 64 when it is 255);
// then each board takes a byte for its shape (any legal r×c) and one bit per cell, 'M'
// for 1, from the bytes after it. Boards stop when the bytes run out, after the first;
// missing bits are 0. A board without a mine gets one in its first cell, and one without
// an empty cell has its last cell emptied, so that every board is valid.
func DataminingFromBytes(data []byte) Datamining {
	t := &tape{data: data}
	want := t.size(1, 8, 64)
	var c Datamining
	for len(c.Boards) == 0 || (len(c.Boards) < want && !t.exhausted()) {
		side := dataminingSides[t.intn(len(dataminingSides))]
		rows, cols := side[0], side[1]
		cells := []byte(dataminingDots[:rows*cols])
		var bitsLeft int
		var word byte
		for p := range cells {
			if bitsLeft == 0 {
				word, bitsLeft = t.byte(), 8
			}
			if word&1 != 0 {
				cells[p] = 'M'
			}
			word >>= 1
			bitsLeft--
		}
		board := make([]string, rows)
		for x := range board {
			board[x] = string(cells[x*cols : (x+1)*cols])
		}
		if !dataminingHasBoth(board) {
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
