package gen

import (
	"fmt"
	"math/bits"
	"math/rand"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"
	pgen "github.com/leanovate/gopter/gen"

	"gamediff/ref"
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
		r := s.number("r", 0, DataminingMaxCells)
		s.space()
		cols := s.number("c", 0, DataminingMaxCells)
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
		case r*cols > DataminingMaxCells:
			s.fail("r·c = %d·%d = %d, but at most %d cells", r, cols, r*cols, DataminingMaxCells)
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
func DataminingGen(skip *Skip) gopter.Gen { return dataminingGen(false, skip) }

// DataminingUnitGen generates datamining cases to be packed into one input, for a hunt of
// a program: the boards of DataminingGen one per case, and the cases of many boards
// whole but unitWeight times rarer, since a packed hunt runs that many more cases a
// second.
func DataminingUnitGen(skip *Skip) gopter.Gen { return dataminingGen(true, skip) }

func dataminingGen(unit bool, skip *Skip) gopter.Gen {
	c := func(shape DataminingShape) gopter.Gen { return dataminingCase(shape, skip) }
	all := [2]int{DataminingMinSide * DataminingMinSide, DataminingMaxCells}
	boards, w := unitOr(unit)
	return pgen.Weighted([]pgen.WeightedGen{
		{Weight: w(400), Gen: c(DataminingShape{Boards: boards(1, 3), Cells: all})},
		{Weight: w(200), Gen: c(DataminingShape{Boards: boards(1, 20), Cells: all})},
		{Weight: w(100), Gen: c(DataminingShape{Boards: boards(1, 4), Cells: all, Kind: DataminingStuck})},
		{Weight: w(100), Gen: c(DataminingShape{Boards: boards(1, 4), Cells: all, Kind: DataminingSomeStart})},
		{Weight: w(100), Gen: c(DataminingShape{Boards: boards(1, 10), Cells: [2]int{36, DataminingMaxCells}})},
		{Weight: w(92), Gen: c(DataminingShape{Boards: boards(20, 300), Cells: all})},
		// Many boards per input: 0.5% of cases, yet a good part of the time.
		{Weight: 5, Gen: c(DataminingShape{Boards: [2]int{1000, 3000}, Cells: all})},
		// At the limits, 3 cases in 1000 (see dataminingLimitWeight): 3000 boards of 36 to
		// 40 cells.
		{Weight: dataminingLimitWeight, Gen: c(DataminingShape{Boards: [2]int{3000, 3000}, Cells: [2]int{36, DataminingMaxCells}})},
	})
}

// dataminingLimitWeight is how many cases in DataminingGen's 1000 are at the limits. The
// statement caps the cells of a board, not the boards; the limit case is the README
// benchmark's, 3000 boards of 36-40 cells, where a solution that replays every start
// naively runs out of time. As for mine (mineLimitWeight), a hunt meets one every T =
// ((1-p)/R + p·C) / (p·W) seconds. Measured here, under load (2026-11-23): a limit case
// takes 0.011 s of CPU to generate, 0.155 s in ref and 0.001 s in fast, C ≈ 0.17 s; the
// other cases run at R ≈ 150/s per worker in process (306 cases/s for the hunt before
// this change) and R ≈ 100/s with -cmd. With p = 0.3%: in process T = (0.00652 +
// 0.00051) / 0.006 ≈ 1.2 s; with -cmd T = (0.00997 + 0.0008) / 0.006 ≈ 1.8 s.
const dataminingLimitWeight = 3

// DataminingCase generates cases within one shape.
func DataminingCase(shape DataminingShape) gopter.Gen { return dataminingCase(shape, nil) }

func dataminingCase(shape DataminingShape, skip *Skip) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(genDatamining(p.Rng, shape, skip), ShrinkDatamining)
	}
}

// genDatamining draws the boards of a case. With R-D2 skipped no board is drawn stuck or
// with a single safe cell on purpose; but whether the answer is above 0, or a misreading
// of R-D1 changes it, is known only once played, so each board is also checked with ref's
// answer (Datamining.Rulings) and drawn again when it reaches a skipped ruling.
func genDatamining(r *rand.Rand, shape DataminingShape, skip *Skip) Datamining {
	avoid := skip.of(dataminingRulings)
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
		draw := func() []string {
			kind := shape.Kind
			if kind == DataminingMixed {
				kind = []DataminingKind{DataminingRandom, DataminingRandom, DataminingRandom,
					DataminingStuck, DataminingSomeStart}[r.Intn(5)]
			}
			if avoid&rD2 != 0 && (kind == DataminingStuck || kind == DataminingOneSafe) {
				kind = DataminingSomeStart
			}
			side := sides[i%len(sides)]
			if !shape.EveryShape {
				side = sides[r.Intn(len(sides))]
			}
			board := genDataminingBoard(r, side[0], side[1], kind)
			// gen's own play says what ref will likely say: boards it finds reach a
			// skipped ruling are drawn again before ref is asked.
			for try := 0; try < 100 && avoid != 0; try++ {
				guess := dataminingGuess(board) & avoid
				if guess == 0 {
					break
				}
				skip.note(dataminingRulings, guess)
				board = genDataminingBoard(r, side[0], side[1], kind)
			}
			return board
		}
		if avoid == 0 {
			boards[i] = draw()
			continue
		}
		boards[i] = redraw(skip, dataminingRulings, draw, func(b []string) rulingSet {
			return Datamining{Boards: [][]string{b}}.rulings()[0]
		})
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
	b := newDataminingBits(board)
	best, worst = b.safe, 0
	b.eachOpening(func(opened uint64) {
		score := b.play(opened, dataminingRules)
		best, worst = min(best, score), max(worst, score)
	})
	return best, worst
}

// dataminingBits is a board of at most 40 cells as bit masks, cell p = row·c + column.
type dataminingBits struct {
	cells  int
	mines  uint64
	safe   int      // safe cells
	zeros  uint64   // safe cells with no mine around
	nb     []uint64 // nb[p]: the cells adjacent to p
	near   []uint64 // near[p]: the cells within two rows and two columns of p
	around [DataminingMaxCells]int
}

// dataminingNeighbours[r][c] holds nb and near for an r×c board, for every legal shape.
var dataminingNeighbours = func() (t [DataminingMaxCells/DataminingMinSide + 1][DataminingMaxCells/DataminingMinSide + 1][2][]uint64) {
	for _, s := range dataminingSides {
		rows, cols := s[0], s[1]
		nb, near := make([]uint64, rows*cols), make([]uint64, rows*cols)
		for p := range nb {
			x, y := p/cols, p%cols
			for nx := max(x-2, 0); nx <= min(x+2, rows-1); nx++ {
				for ny := max(y-2, 0); ny <= min(y+2, cols-1); ny++ {
					near[p] |= 1 << (nx*cols + ny)
					if (nx != x || ny != y) && nx-x <= 1 && x-nx <= 1 && ny-y <= 1 && y-ny <= 1 {
						nb[p] |= 1 << (nx*cols + ny)
					}
				}
			}
		}
		t[rows][cols] = [2][]uint64{nb, near}
	}
	return t
}()

func newDataminingBits(board []string) dataminingBits {
	rows, cols := len(board), len(board[0])
	masks := dataminingNeighbours[rows][cols]
	b := dataminingBits{cells: rows * cols, nb: masks[0], near: masks[1]}
	p := 0
	for _, row := range board {
		for i := 0; i < len(row); i++ {
			if row[i] == 'M' {
				b.mines |= 1 << p
			}
			p++
		}
	}
	b.safe = b.cells - bits.OnesCount64(b.mines)
	for p := range b.cells {
		b.around[p] = bits.OnesCount64(b.nb[p] & b.mines)
		if b.around[p] == 0 && b.mines&(1<<p) == 0 {
			b.zeros |= 1 << p
		}
	}
	return b
}

// eachOpening calls play once for each distinct way a play starts, with the cells the
// first clear opens. A safe start with mines around opens itself. A 0 opens its region:
// rule 1 holds there at once (f = m = 0), and again at each 0 it clears, so every 0 of a
// region opens the region and its border whatever the order, and plays from there. A
// play is therefore the same from every 0 of a region, and is made once.
func (b *dataminingBits) eachOpening(play func(opened uint64)) {
	var done uint64 // the 0s whose region has been played
	for start := range b.cells {
		bit := uint64(1) << start
		if b.mines&bit != 0 || done&bit != 0 {
			continue
		}
		opened := bit
		for todo := bit & b.zeros; todo != 0; {
			p := bits.TrailingZeros64(todo)
			todo &^= 1 << p
			fresh := b.nb[p] &^ opened
			opened |= fresh
			todo |= fresh & b.zeros
		}
		done |= opened & b.zeros
		play(opened)
	}
}

// The rules a play follows: the statement's, and two misreadings of R-D1 that
// Datamining.Rulings compares with them.
const (
	dataminingRules      = iota
	dataminingFlagsTwice // flags counted as covered too: rule 2 reads f + (c + f) = m
	dataminingRule2NoF   // rule 2 read as c = m, leaving flags out
)

// play starts from the cells opened by the first clear (see eachOpening), applies the
// rules until nothing changes, and returns the safe cells left covered (neither cleared
// nor flagged; R-D1). Cleared cells wait in a work set and are examined lowest first,
// again whenever a cell within two rows and columns changes (a superset of those whose
// counts change, cheaper to find), so the play is deterministic whatever rules it
// follows (the statement's reach the same fixpoint in any order). A misread rule that
// clears a mine loses: every safe cell covered.
func (b *dataminingBits) play(opened uint64, rules int) int {
	cleared, flagged := opened, uint64(0)
	for work := cleared; work != 0; {
		p := bits.TrailingZeros64(work)
		work &^= 1 << p
		cov := b.nb[p] &^ (cleared | flagged)
		if cov == 0 {
			continue
		}
		f, c, m := bits.OnesCount64(b.nb[p]&flagged), bits.OnesCount64(cov), b.around[p]
		clearAll, flagAll := f == m, false
		switch {
		case clearAll:
		case rules == dataminingRules:
			flagAll = f+c == m
		case rules == dataminingFlagsTwice:
			flagAll = 2*f+c == m
		case rules == dataminingRule2NoF:
			flagAll = c == m
		}
		switch {
		case clearAll && cov&b.mines != 0:
			return b.safe
		case clearAll:
			cleared |= cov
		case flagAll:
			flagged |= cov
		default:
			continue
		}
		work |= b.near[p] & cleared
	}
	return b.safe - bits.OnesCount64(cleared) - bits.OnesCount64(flagged&^b.mines)
}

// dataminingRulings are the rulings of docs/datamining.md a solution can read
// differently, and the readings in mind:
//   - R-D1: a flagged cell is not covered, so rule 2 reads f + c = m with each flag
//     counted once. Two misreadings are played against ref's answer: flags counted as
//     covered too (2f + c = m), and rule 2 as c = m, flags left out.
//   - R-D2: a mine as first cell loses with every safe cell covered, so the minimum is
//     over safe starts. A reading that scores the lost game as nothing left covered
//     answers 0 on every board whose answer is above 0; and with a single safe cell every
//     other start is a mine, so a start loop that mishandles mines has nothing else to
//     stand on.
var dataminingRulings = []Ruling{
	{"R-D1", "counting flags as covered too, or leaving them out of rule 2, changes the answer"},
	{"R-D2", "the answer is above 0, or the board has a single safe cell"},
}

const (
	rD1 rulingSet = 1 << iota
	rD2
)

// DataminingRulings lists the rulings of datamining a solution can read differently, in
// the spec's order, each with the situation Datamining.Rulings looks for.
func DataminingRulings() []Ruling { return slices.Clone(dataminingRulings) }

// Rulings takes ref's answer to each board (ref.DataminingTrace), plays the misreadings of
// R-D1 from every safe start, and returns the ids of the rulings whose situation some
// board reaches (see DataminingRulings), in the spec's order. It costs ref's answers.
func (c Datamining) Rulings() []string {
	var seen rulingSet
	for _, s := range c.rulings() {
		seen |= s
	}
	return seen.ids(dataminingRulings)
}

// dataminingGuess is the rulings gen's own play finds board reaches, which are likely
// those ref's answer gives (Datamining.Rulings): to aim, not to decide.
func dataminingGuess(board []string) rulingSet {
	best, _ := dataminingPlays(board)
	return dataminingMisreadings(board, best)
}

// rulings are the rulings each board reaches, with ref's answers.
func (c Datamining) rulings() []rulingSet {
	var out []rulingSet
	ref.DataminingTrace(c.Encode(), func(s *ref.DataminingStep) { // a valid case: no input error
		out = append(out, dataminingMisreadings(c.Boards[s.Board-1], s.Answer()))
	})
	return out
}

// dataminingMisreadings are the rulings a board whose answer is answer reaches: the
// misreadings of R-D1 played from every safe start against it, and R-D2's.
func dataminingMisreadings(board []string, answer int) rulingSet {
	b := newDataminingBits(board)
	var seen rulingSet
	if answer > 0 || b.safe == 1 {
		seen |= rD2
	}
	twice, noF := b.safe, b.safe
	b.eachOpening(func(opened uint64) {
		twice = min(twice, b.play(opened, dataminingFlagsTwice))
		noF = min(noF, b.play(opened, dataminingRule2NoF))
	})
	if twice != answer || noF != answer {
		seen |= rD1
	}
	return seen
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

// ShrinkDatamining is the gopter.Shrinker of datamining cases. Its cuts, biggest first
// across all of them (shrinkCuts): boards (never all of them), and in each board rows,
// columns (never below 3) and mines cleared (never the last one). Every candidate is
// valid (cuts that would leave a board without an 'M' or a '.' are skipped) and smaller
// in the order (boards, Σ r·c, mines). A datamining case has no other numbers: r and c
// shrink by the cuts.
func ShrinkDatamining(v any) gopter.Shrink { return shrinkDatamining(v.(Datamining), skipTwins) }

func shrinkDatamining(c Datamining, twins twinCuts) gopter.Shrink {
	lists := []cutList{
		sized(len(c.Boards), func(lo, hi int) (any, bool) {
			if hi-lo == len(c.Boards) {
				return nil, false
			}
			boards := slices.Concat(c.Boards[:lo], c.Boards[hi:])
			return Datamining{Boards: boards}, true
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Boards[a:a+n], c.Boards[b:b+n], slices.Equal)
		}),
	}
	with := func(i int, board []string) (any, bool) {
		if !dataminingHasBoth(board) {
			return nil, false
		}
		boards := slices.Clone(c.Boards)
		boards[i] = board
		return Datamining{Boards: boards}, true
	}
	for i, board := range c.Boards {
		rows, cols := len(board), len(board[0])
		lists = append(lists,
			sized(rows, func(lo, hi int) (any, bool) {
				if rows-(hi-lo) < DataminingMinSide {
					return nil, false
				}
				return with(i, slices.Concat(board[:lo], board[hi:]))
			}).withTwins(func(a, b, n int) bool { return sameRows(board, a, b, n) }),
			sized(cols, func(lo, hi int) (any, bool) {
				if cols-(hi-lo) < DataminingMinSide {
					return nil, false
				}
				return with(i, withoutColumns(board, lo, hi))
			}).withTwins(func(a, b, n int) bool { return sameColumns(board, a, b, n) }),
			cellCuts(board, "M", func(mines []int, lo, hi int) (any, bool) {
				if hi-lo == len(mines) {
					return nil, false
				}
				return with(i, withCells(board, mines[lo:hi], '.'))
			}),
		)
	}
	return shrinkCuts(twins, lists...)
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
// The first byte asks for a number of boards (1 to 8 usually, more when it is the
// escape); then each board takes a byte for its shape (any legal r×c), a density byte,
// and a byte per cell, 'M' when below the density. Boards stop when the bytes run out,
// after the first; missing bytes are 0. A board without a mine gets one in its first
// cell, and one without an empty cell has its last cell emptied, so that every board is
// valid. Datamining.Bytes writes the bytes of a given case.
func DataminingFromBytes(data []byte) Datamining {
	t := &tape{data: data}
	want := t.size(1, 8, 1<<16)
	var c Datamining
	for len(c.Boards) == 0 || (len(c.Boards) < want && !t.exhausted()) {
		side := dataminingSides[t.intn(len(dataminingSides))]
		rows, cols := side[0], side[1]
		board := t.board(rows, cols, '.', 'M')
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

// Bytes is the inverse of DataminingFromBytes for a valid case:
// DataminingFromBytes(c.Bytes()) encodes to exactly c.Encode(). Fuzz seeds made with it
// keep a fuzzer's small changes near the boards: a changed byte changes one cell, almost
// always.
func (c Datamining) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Boards), 1, 8, 1<<16)
	for _, board := range c.Boards {
		w.intn(slices.Index(dataminingSides, [2]int{len(board), len(board[0])}), len(dataminingSides))
		w.board(board, 'M')
	}
	return w.data
}
