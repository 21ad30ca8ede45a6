package gen

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"

	"gamediff/ruling"
)

// Limits of the game datamining (seed 004): "r and c will always be at least 3. The total
// number of cells in any board will never be greater than 40."
const (
	dataminingMinSide  = 3
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
		case r < dataminingMinSide:
			s.fail("r = %d, but r ≥ %d (0 only in the final line 0 0)", r, dataminingMinSide)
		case cols < dataminingMinSide:
			s.fail("c = %d, but c ≥ %d", cols, dataminingMinSide)
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
	for r := dataminingMinSide; r*dataminingMinSide <= dataminingMaxCells; r++ {
		for c := dataminingMinSide; r*c <= dataminingMaxCells; c++ {
			sides = append(sides, [2]int{r, c})
		}
	}
	return sides
}()

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
			return Datamining{slices.Concat(c.Boards[:lo], c.Boards[hi:])}, hi-lo < len(c.Boards)
		}).withTwins(func(a, b, n int) bool { return slices.EqualFunc(c.Boards[a:a+n], c.Boards[b:b+n], slices.Equal) }),
	}
	for i, board := range c.Boards {
		lists = append(lists, boardCuts(board, dataminingMinSide, "", "M", '.', []int(nil), func(*int, int) *int { return nil },
			func(board []string, _ []int) (any, bool) {
				boards := slices.Clone(c.Boards)
				boards[i] = board
				return Datamining{boards}, dataminingHasBoth(board)
			})...)
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

// Bounds lists the constrained quantities of the case with their limits: per board r,
// c, r·c and the mines (at least one, and at least one empty cell). The number of boards
// has no limit beyond "one or more".
func (c Datamining) Bounds() []Bound {
	var b []Bound
	for _, board := range c.Boards {
		rows, cols := len(board), len(board[0])
		b = append(b, Bound{"r", rows, dataminingMinSide, dataminingMaxCells / dataminingMinSide},
			Bound{"c", cols, dataminingMinSide, dataminingMaxCells / dataminingMinSide},
			Bound{"r·c", rows * cols, dataminingMinSide * dataminingMinSide, dataminingMaxCells},
			Bound{"mines", strings.Count(strings.Join(board, ""), "M"), 1, rows*cols - 1})
	}
	return b
}

// dataminingKinds are the kinds of boards a generator aims at (-kind): mixed draws each
// board's kind (mostly random, a fifth stuck, a fifth won from some start only); random
// any number of mines, from one to all cells but one; stuck: the casual player is stuck
// with safe cells covered from every start, so the answer is above 0; some-start: some
// start clears every safe cell and some other does not; a single mine; a single empty
// cell. A stuck or some-start board is aimed at by rejection: up to a few dozen random
// boards are played out, and then a board built to have the property is taken.
var dataminingKinds = []string{"mixed", "random", "stuck", "some-start", "one-mine", "one-safe"}

const (
	dataminingMixed uint8 = iota
	dataminingRandom
	dataminingStuck
	dataminingSomeStart
	dataminingOneMine
	dataminingOneSafe
)

// dataminingShape bounds the cases of one generator: closed ranges for the number of
// boards and for the cells r·c of each board, and the kind of boards. With everyShape,
// boards is ignored: the case has one board of each legal r×c within cells, by r then c.
type dataminingShape struct {
	boards, cells      span
	kind               uint8
	everyShape, sample bool
}

func dataminingCall(fs *flag.FlagSet) func(*Skip) gopter.Gen {
	sh := dataminingShape{boards: span{1, 1}, cells: span{dataminingMinSide * dataminingMinSide, dataminingMaxCells}}
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

// DataminingGen generates datamining cases: most with a few boards small enough to read
// at a glance, some with hundreds or thousands of boards, some with every board at 36 to
// 40 cells. Every case carries ShrinkDatamining. 3 cases in 1000 are at the limits
// (README, "Cases at the limits"): 3000 boards of 36 to 40 cells, where a solution that
// replays every start naively runs out of time.
func DataminingGen(skip *Skip) gopter.Gen { return dataminingGen(false, skip) }

// DataminingUnitGen generates datamining cases to be packed into one input, for a hunt of
// a program: the boards of DataminingGen one per case, and the cases of many boards
// whole but unitWeight times rarer, since a packed hunt runs that many more cases a
// second.
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

// DataminingPlan is a test set for datamining. The statement has no test table, so the
// plan is the one a setter would write: the sample; every legal shape with random boards,
// boards stuck from every start, boards won from some start only, a single mine and a
// single empty cell; then many boards, up to 3000 of 36 to 40 cells, for the time limit.
func DataminingPlan() []PlanTest {
	calls := []string{"datamining -sample"}
	for _, k := range dataminingKinds[1:] {
		calls = append(calls, "datamining -every-shape -kind "+k)
	}
	return plan(append(calls, "datamining -boards 300", "datamining -boards 3000", "datamining -boards 3000 -cells 36..40",
		"datamining -boards 3000 -cells 36..40 -kind stuck")...)
}

// Features lists every kind of board by how the casual player fares, and every legal
// shape (r x c with r, c ≥ 3 and r·c ≤ 40), each with whether the case holds one.
func (c Datamining) Features() []Feature {
	has := map[string]bool{}
	for _, b := range c.Boards {
		best, worst := ruling.CasualPlays(b)
		mines := strings.Count(strings.Join(b, ""), "M")
		has[fmt.Sprintf("shape %dx%d", len(b), len(b[0]))] = true
		has[pick(best > 0, "stuck from every start", pick(worst > 0, "won from some starts only", "won from every start"))] = true
		has["a single mine"] = has["a single mine"] || mines == 1
		has["a single safe cell"] = has["a single safe cell"] || mines == len(b)*len(b[0])-1
	}
	names := []string{"stuck from every start", "won from some starts only", "won from every start", "a single mine", "a single safe cell"}
	for _, s := range dataminingSides {
		names = append(names, fmt.Sprintf("shape %dx%d", s[0], s[1]))
	}
	out := make([]Feature, len(names))
	for i, name := range names {
		out[i] = Feature{Name: name, Seen: has[name]}
	}
	return out
}
