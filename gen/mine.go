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

// Limits of the game mine (seed 000, 子任务).
const (
	MineMaxSide = 1000  // 1 ≤ n, m ≤ 1000
	MineMaxOps  = 60000 // operations in the input, Quit included
)

// Mine is one input of the game mine: a board and the operations read after it.
type Mine struct {
	Board []string // n rows of m bytes: '*' a mine, '.' safe
	Ops   []MineOp
}

// MineOp is one operation line. X and Y are unused for Quit.
type MineOp struct {
	Kind MineKind
	X, Y int
}

// MineKind is the command of an operation.
type MineKind uint8

// The operations of the statement.
const (
	MineFlag MineKind = iota
	MineSweep
	MineDSweep
	MineQuit
)

var mineKindNames = [...]string{"Flag", "Sweep", "DSweep", "Quit"}

func (k MineKind) String() string { return mineKindNames[k] }

// Encode renders the case as judge input.
func (c Mine) Encode() []byte {
	m := 0
	if len(c.Board) > 0 {
		m = len(c.Board[0])
	}
	b := make([]byte, 0, 16+len(c.Board)*(m+1)+len(c.Ops)*16)
	b = strconv.AppendInt(b, int64(len(c.Board)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(m), 10)
	b = append(b, '\n')
	for _, row := range c.Board {
		b = append(b, row...)
		b = append(b, '\n')
	}
	for _, op := range c.Ops {
		b = append(b, mineKindNames[op.Kind]...)
		if op.Kind != MineQuit {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(op.X), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(op.Y), 10)
		}
		b = append(b, '\n')
	}
	return b
}

// DecodeMine is the validator of mine (R-IN3): it parses input in the exact format of the
// statement and checks every limit, including exactly one Quit and at most 60000
// operations, returning the first violation as a *LimitError.
func DecodeMine(input []byte) (Mine, error) {
	s := newInStream(input)
	n := s.number("n", 1, MineMaxSide)
	s.space()
	m := s.number("m", 1, MineMaxSide)
	s.eoln()
	c := Mine{Board: make([]string, n)}
	for i := range c.Board {
		c.Board[i] = s.row("row "+strconv.Itoa(i+1), m, "*.")
	}
	quits := 0
	for !s.atEOF() {
		if len(c.Ops) == MineMaxOps {
			s.fail("more than %d operations", MineMaxOps)
			break
		}
		op := MineOp{Kind: MineQuit}
		switch w := s.word("an operation"); w {
		case "Quit":
			if quits++; quits > 1 {
				s.fail("a second Quit: exactly one is allowed")
			}
		case "Flag", "Sweep", "DSweep":
			op.Kind = MineKind(slices.Index(mineKindNames[:], w))
			s.space()
			op.X = s.number("x", 1, n)
			s.space()
			op.Y = s.number("y", 1, m)
		default:
			s.fail("unknown operation %s, expected Flag, Sweep, DSweep or Quit", s.quotedWord())
		}
		s.eoln()
		c.Ops = append(c.Ops, op)
	}
	if quits == 0 {
		s.fail("no Quit: exactly one is required")
	}
	return c, s.err
}

// MineKinds restricts the operations of generated cases, as the statement's subtasks do.
type MineKinds uint8

// The properties of the subtask table.
const (
	MineAnyOps    MineKinds = iota // no restriction
	MineSweepOnly                  // property A: only Sweep and Quit
	MineNoDSweep                   // property B: no DSweep
)

// MineScenario is the kind of game a generator plays.
type MineScenario uint8

// The scenarios.
const (
	// MineMixed: any density, and a temperament drawn per case, from careful (long DSweep
	// chains, often a finish) to reckless (wrong flags, booms).
	MineMixed MineScenario = iota
	// MineGiantCascade: a few scattered mines and a wall of mines near the right edge; the
	// first Sweep opens almost all of the board left of the wall, and the game goes on right
	// of it.
	MineGiantCascade
	// MineDenseDSweep: 15-20% mines and a careful player: flags exactly right, then DSweep,
	// again and again.
	MineDenseDSweep
	// MineWrongFlagBoom: a careful game, until a flag on a safe cell makes a DSweep boom;
	// the operations after it are never read.
	MineWrongFlagBoom
	// MineQuitMiddle: a careful game with the Quit halfway; the rest is never read.
	MineQuitMiddle
	// MineCareful: a careful game (no blind Sweep, flags on mines), often to the finish.
	MineCareful
	// MineNoSafeCell: every cell a mine; flags, then a Sweep on a flag finishes (R-M1).
	MineNoSafeCell
	// MineFree: no mine at all; the first Sweep opens everything and finishes.
	MineFree
	// MineCascadeLongGame: the stress test of both costs a solution can get wrong. A few
	// scattered mines left of a wall of mines, 15-20% mines in the tenth of the board right
	// of it: the first Sweep opens nine tenths of the board in one cascade (a flood fill
	// that recurses overflows a judge's stack), and a careful game goes on right of the
	// wall for the rest of the operations (a solution doing O(n·m) work per operation
	// times out).
	MineCascadeLongGame
)

var mineScenarioNames = [...]string{"mixed", "cascade", "dense-dsweep", "wrong-flag-boom", "quit-middle", "careful", "no-safe-cell", "mine-free", "cascade-long-game"}

func (s MineScenario) String() string { return mineScenarioNames[s] }

var mineKindsNames = [...]string{"any", "A", "B"}

func (k MineKinds) String() string { return mineKindsNames[k] }

// MineShape bounds the cases of one generator: closed ranges for n, m and the number of
// operations (Quit included), the kinds of operations allowed and the scenario.
type MineShape struct {
	N, M, Ops [2]int
	Kinds     MineKinds
	Scenario  MineScenario
}

// MineGen generates mine cases, most small enough to read at a glance, some at the
// limits of the statement, none reaching a ruling of skip (nil: none skipped). Every case
// carries ShrinkMine.
func MineGen(skip *Skip) gopter.Gen {
	c := func(shape MineShape) gopter.Gen { return mineCase(shape, skip) }
	return pgen.Weighted([]pgen.WeightedGen{
		{Weight: 500, Gen: c(MineShape{N: [2]int{1, 6}, M: [2]int{1, 6}, Ops: [2]int{1, 30}})},
		{Weight: 300, Gen: c(MineShape{N: [2]int{1, 30}, M: [2]int{1, 30}, Ops: [2]int{1, 200}})},
		{Weight: 120, Gen: c(MineShape{N: [2]int{1, 200}, M: [2]int{1, 200}, Ops: [2]int{1, 3000}})},
		{Weight: 40, Gen: c(MineShape{N: [2]int{1, 1}, M: [2]int{1, MineMaxSide}, Ops: [2]int{1, 1000}})},
		{Weight: 37, Gen: c(MineShape{N: [2]int{1, MineMaxSide}, M: [2]int{1, 1}, Ops: [2]int{1, 1000}})},
		// At the limits, 3 cases in 1000 (see mineLimitWeight): mostly the stress test, a
		// giant cascade and then 60000 operations read, some mixed games near the limits.
		{Weight: mineLimitWeight - 1, Gen: c(MineShape{N: [2]int{MineMaxSide, MineMaxSide}, M: [2]int{MineMaxSide, MineMaxSide},
			Ops: [2]int{MineMaxOps, MineMaxOps}, Scenario: MineCascadeLongGame})},
		{Weight: 1, Gen: c(MineShape{N: [2]int{900, MineMaxSide}, M: [2]int{900, MineMaxSide}, Ops: [2]int{30000, MineMaxOps}})},
	})
}

// mineLimitWeight is how many cases in MineGen's 1000 are at the limits. A hunt must
// meet one often enough to catch, within 20 s, a solution that does O(n·m) work per
// operation (it needs thousands of operations read on a big board) and one whose flood
// fill recurses (it needs a cascade of most of a 1000x1000 board); the stress test
// (MineCascadeLongGame) has both. Let p be the weight's share, R the rate of the other
// cases per worker, C the cost of a limit case, W = 2 workers: the hunt meets a limit
// case every T = ((1-p)/R + p·C) / (p·W) seconds. Measured on this 2-core machine, under
// load (2026-11-23): a limit case takes 0.18 s of CPU to generate, 0.58 s in ref and
// 0.02 s in fast, C ≈ 0.8 s; the other cases run at R ≈ 390/s per worker in process (787
// cases/s for the hunt before this change), and at R ≈ 100/s with -cmd, where the
// program's own run adds about 0.1 s to C (a second when it times out). With p = 0.3%:
// in process T = (0.00253 + 0.0024) / 0.006 ≈ 0.8 s; with -cmd T = (0.00997 + 0.0027) /
// 0.006 ≈ 2.1 s, about 10 limit cases in 20 s, 6 or 7 of them the stress test.
const mineLimitWeight = 3

// MineCase generates cases within one shape.
func MineCase(shape MineShape) gopter.Gen { return mineCase(shape, nil) }

func mineCase(shape MineShape, skip *Skip) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(genMine(p.Rng, shape, skip), ShrinkMine)
	}
}

// pickEdge draws from [lo, hi], favouring both ends: the limits are where bugs hide.
func pickEdge(r *rand.Rand, lo, hi int) int {
	switch v := r.Intn(8); {
	case v == 0:
		return lo
	case v <= 2:
		return hi
	default:
		return lo + r.Intn(hi-lo+1)
	}
}

// pickDensity draws a mine density: mine-free and all-mine boards, sparse boards with
// wide cascades, and everything between.
func pickDensity(r *rand.Rand) float64 {
	switch v := r.Intn(20); {
	case v == 0:
		return 0
	case v == 1:
		return 1
	case v < 8:
		return []float64{0.01, 0.03, 0.06, 0.1}[r.Intn(4)]
	case v < 14:
		return []float64{0.12, 0.15, 0.2, 0.25}[r.Intn(4)]
	default:
		return r.Float64()
	}
}

// MineFromBytes decodes arbitrary bytes into a valid mine case, for fuzzing: the bytes
// choose n and m (small unless a byte asks for more), a density, each cell (a byte each),
// and then operations, each a kind byte and its coordinates, Quit's included (and
// ignored), until the bytes run out. The single Quit goes where the bytes first ask for
// one (a later one is a Sweep), or last. Mine.Bytes writes the bytes of a given case.
func MineFromBytes(data []byte) Mine {
	t := &tape{data: data}
	n := t.size(1, 8, MineMaxSide)
	m := t.size(1, 8, MineMaxSide)
	board := t.board(n, m, '.', '*')
	var ops []MineOp
	quit := false
	for !t.exhausted() {
		if room := MineMaxOps - 1; len(ops) == room && !quit || len(ops) == room+1 {
			break // the last place is the Quit's
		}
		op := MineOp{Kind: MineKind(t.byte() % 4), X: 1 + t.intn(n), Y: 1 + t.intn(m)}
		if op.Kind == MineQuit {
			if !quit {
				quit = true
				ops = append(ops, MineOp{Kind: MineQuit})
				continue
			}
			op.Kind = MineSweep
		}
		ops = append(ops, op)
	}
	if !quit {
		ops = append(ops, MineOp{Kind: MineQuit})
	}
	return Mine{Board: board, Ops: ops}
}

// Bytes is the inverse of MineFromBytes for a valid case: MineFromBytes(c.Bytes())
// encodes to exactly c.Encode(). Fuzz seeds made with it keep a fuzzer's small changes
// near the game: a changed byte changes one cell or one operation, almost always.
func (c Mine) Bytes() []byte {
	n, m := len(c.Board), len(c.Board[0])
	w := &tapeWriter{data: make([]byte, 0, 8+n*m+3*len(c.Ops))}
	w.size(n, 1, 8, MineMaxSide)
	w.size(m, 1, 8, MineMaxSide)
	w.board(c.Board, '*')
	for _, op := range c.Ops {
		w.byte(byte(op.Kind))
		if op.Kind == MineQuit {
			w.intn(0, n)
			w.intn(0, m)
			continue
		}
		w.intn(op.X-1, n)
		w.intn(op.Y-1, m)
	}
	return w.data
}

// MinePlan is the test set of the statement's subtask table (seed 000, 子任务): 20 tests,
// each at the sizes of its row, and between them a giant cascade, dense correct DSweeps,
// booms by a wrong flag and a Quit in the middle. Property A allows only Sweep and Quit,
// B no DSweep.
func MinePlan() []PlanTest {
	type test struct {
		n, m, q  int
		kinds    MineKinds
		scenario MineScenario
	}
	tests := []test{
		{10, 10, 60, MineSweepOnly, MineGiantCascade}, // 1-2: n, m ≤ 10, q ≤ 60, A
		{10, 1, 1, MineSweepOnly, MineFree},           // the smallest: m = 1, no mine, Quit alone
		{10, 10, 60, MineNoDSweep, MineCareful},       // 3-4: B
		{10, 10, 60, MineNoDSweep, MineNoSafeCell},
		{10, 10, 60, MineAnyOps, MineDenseDSweep}, // 5-6
		{10, 10, 60, MineAnyOps, MineWrongFlagBoom},
		{1, 1000, 1000, MineSweepOnly, MineGiantCascade}, // 7-8: n = 1, m ≤ 1000, q ≤ 1000, A
		{1, 1000, 1000, MineSweepOnly, MineCareful},
		{1, 1000, 1000, MineNoDSweep, MineCareful}, // 9-10: B
		{1, 1000, 1000, MineNoDSweep, MineQuitMiddle},
		{1, 1000, 1000, MineAnyOps, MineDenseDSweep}, // 11-12
		{1, 1000, 1000, MineAnyOps, MineWrongFlagBoom},
		{300, 300, 8000, MineSweepOnly, MineGiantCascade}, // 13-14: n, m ≤ 300, q ≤ 8000, A
		{300, 300, 8000, MineSweepOnly, MineCareful},
		{300, 300, 8000, MineNoDSweep, MineCareful}, // 15-16: B
		{300, 300, 8000, MineNoDSweep, MineQuitMiddle},
		{300, 300, 8000, MineAnyOps, MineGiantCascade}, // 17-19
		{300, 300, 8000, MineAnyOps, MineDenseDSweep},
		{300, 300, 8000, MineAnyOps, MineWrongFlagBoom},
		{1000, 1000, 60000, MineAnyOps, MineGiantCascade}, // 20: everything at the limits
	}
	plan := make([]PlanTest, len(tests))
	for i, t := range tests {
		shape := MineShape{N: [2]int{t.n, t.n}, M: [2]int{t.m, t.m}, Ops: [2]int{t.q, t.q}, Kinds: t.kinds, Scenario: t.scenario}
		plan[i] = PlanTest{
			Call: fmt.Sprintf("mine -n %d -m %d -q %d -ops %s -scenario %s", t.n, t.m, t.q, t.kinds, t.scenario),
			Gen:  MineCase(shape),
		}
	}
	return plan
}

// Bounds lists the constrained quantities of the case with their limits.
func (c Mine) Bounds() []Bound {
	n, m := len(c.Board), len(c.Board[0])
	mines := 0
	for _, row := range c.Board {
		mines += strings.Count(row, "*")
	}
	b := []Bound{
		{"n", n, 1, MineMaxSide},
		{"m", m, 1, MineMaxSide},
		{"operations", len(c.Ops), 1, MineMaxOps},
		{"mines", mines, 0, n * m},
	}
	for _, op := range c.Ops {
		if op.Kind != MineQuit {
			b = append(b, Bound{"x", op.X, 1, n}, Bound{"y", op.Y, 1, m})
		}
	}
	return b
}

// ShrinkMine is the gopter.Shrinker of mine cases. Its cuts, biggest first across all
// of them (shrinkCuts): operations (never the Quit), rows and columns (operations on them
// go, later ones move), and mines cleared. Then its numbers: each operation's x and y
// toward 1 (to 1, halfway, one less). Every candidate is smaller in the order (operations,
// n·m, mines, sum of coordinates). A case none of whose candidates reproduces has no
// single operation, row, column or mine that can be removed, and no coordinate that can
// move toward 1 alone.
func ShrinkMine(v any) gopter.Shrink { return shrinkMine(v.(Mine), skipTwins) }

func shrinkMine(c Mine, twins twinCuts) gopter.Shrink {
	n, m := len(c.Board), len(c.Board[0])
	noQuit := func(coord func(*MineOp) *int) func(*MineOp) *int {
		return func(op *MineOp) *int {
			if op.Kind == MineQuit {
				return nil
			}
			return coord(op)
		}
	}
	x, y := noQuit(func(op *MineOp) *int { return &op.X }), noQuit(func(op *MineOp) *int { return &op.Y })
	cuts := shrinkCuts(twins,
		sized(len(c.Ops), func(lo, hi int) (any, bool) {
			ops := make([]MineOp, 0, len(c.Ops)-(hi-lo)+1)
			ops = append(ops, c.Ops[:lo]...)
			for _, op := range c.Ops[lo:hi] {
				if op.Kind == MineQuit {
					ops = append(ops, op)
				}
			}
			ops = append(ops, c.Ops[hi:]...)
			return Mine{Board: c.Board, Ops: ops}, len(ops) < len(c.Ops)
		}).withTwins(func(a, b, n int) bool {
			// Equal runs hold no Quit: there is one.
			return slices.Equal(c.Ops[a:a+n], c.Ops[b:b+n])
		}),
		sized(n, func(lo, hi int) (any, bool) {
			if hi-lo == n {
				return nil, false
			}
			board := slices.Concat(c.Board[:lo], c.Board[hi:])
			return Mine{Board: board, Ops: cutCoordinate(c.Ops, lo, hi, x)}, true
		}).withTwins(func(a, b, n int) bool {
			return sameRows(c.Board, a, b, n) && noCoordinateIn(c.Ops, a, b+n, x)
		}),
		sized(m, func(lo, hi int) (any, bool) {
			if hi-lo == m {
				return nil, false
			}
			board := withoutColumns(c.Board, lo, hi)
			return Mine{Board: board, Ops: cutCoordinate(c.Ops, lo, hi, y)}, true
		}).withTwins(func(a, b, n int) bool {
			return sameColumns(c.Board, a, b, n) && noCoordinateIn(c.Ops, a, b+n, y)
		}),
		cellCuts(c.Board, "*", func(mines []int, lo, hi int) (any, bool) {
			return Mine{Board: withCells(c.Board, mines[lo:hi], '.'), Ops: c.Ops}, true
		}),
	)
	// Number 2j is operation j's x, 2j+1 its y; the Quit has none.
	numbers := shrinkNumbers(2*len(c.Ops), func(i int) []int {
		op := c.Ops[i/2]
		if op.Kind == MineQuit {
			return nil
		}
		if i%2 == 0 {
			return toward(op.X, 1)
		}
		return toward(op.Y, 1)
	}, func(i, v int) any {
		ops := slices.Clone(c.Ops)
		if i%2 == 0 {
			ops[i/2].X = v
		} else {
			ops[i/2].Y = v
		}
		return Mine{Board: c.Board, Ops: ops}
	})
	return gopter.ConcatShrinks(cuts, numbers)
}
