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

// Limits of the game boom (seed 003, 限制).
const (
	BoomMaxGames = 30    // 1 ≤ T ≤ 30
	BoomMinSide  = 3     // 3 ≤ n, m
	BoomMaxSide  = 200   // n, m ≤ 200
	BoomMaxOps   = 10000 // 0 ≤ q ≤ 10000 per game, the closing 0 not counted
)

// Boom is one input of the game boom: T games played one after the other.
type Boom struct {
	Games []BoomGame
}

// BoomGame is one game: a board and the operations read before its closing 0.
type BoomGame struct {
	Board []string // n rows of m bytes: '*' a mine, '_' empty
	Ops   []BoomOp
}

// BoomOp is one operation line "op x y".
type BoomOp struct {
	Kind BoomKind
	X, Y int
}

// BoomKind is the click of an operation, numbered as in the statement.
type BoomKind uint8

// The clicks of the statement.
const (
	BoomLeft   BoomKind = 1
	BoomRight  BoomKind = 2
	BoomMiddle BoomKind = 3
)

// Encode renders the case as judge input.
func (c Boom) Encode() []byte {
	size := 4
	for _, g := range c.Games {
		if len(g.Board) > 0 {
			size += 10 + len(g.Board)*(len(g.Board[0])+1)
		}
		size += 2 + len(g.Ops)*10
	}
	b := make([]byte, 0, size)
	b = strconv.AppendInt(b, int64(len(c.Games)), 10)
	b = append(b, '\n')
	for _, g := range c.Games {
		m := 0
		if len(g.Board) > 0 {
			m = len(g.Board[0])
		}
		b = strconv.AppendInt(b, int64(len(g.Board)), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(m), 10)
		b = append(b, '\n')
		for _, row := range g.Board {
			b = append(b, row...)
			b = append(b, '\n')
		}
		for _, op := range g.Ops {
			b = append(b, '0'+byte(op.Kind), ' ')
			b = strconv.AppendInt(b, int64(op.X), 10)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(op.Y), 10)
			b = append(b, '\n')
		}
		b = append(b, '0', '\n')
	}
	return b
}

// DecodeBoom is the validator of boom (R-IN3): it parses input in the exact format of
// the statement and checks every limit — 1 ≤ T ≤ 30, 3 ≤ n, m ≤ 200, rows of exactly m
// characters from {_, *}, op ∈ {1, 2, 3} with 1 ≤ x ≤ n and 1 ≤ y ≤ m, at most 10000
// operations per game, each game closed by 0, and nothing after the last — returning the
// first violation as a *LimitError.
func DecodeBoom(input []byte) (Boom, error) {
	s := newInStream(input)
	games := s.number("T", 1, BoomMaxGames)
	s.eoln()
	var c Boom
	for t := 1; t <= games && s.err == nil; t++ {
		c.Games = append(c.Games, decodeBoomGame(s, "game "+strconv.Itoa(t)+": "))
	}
	s.end("the last game")
	return c, s.err
}

func decodeBoomGame(s *inStream, game string) BoomGame {
	n := s.number(game+"n", BoomMinSide, BoomMaxSide)
	s.space()
	m := s.number(game+"m", BoomMinSide, BoomMaxSide)
	s.eoln()
	g := BoomGame{Board: make([]string, n)}
	for i := range g.Board {
		g.Board[i] = s.row(game+"row "+strconv.Itoa(i+1), m, "_*")
	}
	for kind := s.number(game+"op", 0, 3); kind != 0; kind = s.number(game+"op", 0, 3) {
		if len(g.Ops) == BoomMaxOps {
			s.fail("%smore than %d operations (q ≤ %d)", game, BoomMaxOps, BoomMaxOps)
			break
		}
		op := BoomOp{Kind: BoomKind(kind)}
		s.space()
		op.X = s.number(game+"x", 1, n)
		s.space()
		op.Y = s.number(game+"y", 1, m)
		s.eoln()
		g.Ops = append(g.Ops, op)
	}
	s.eoln()
	return g
}

// BoomKinds restricts the clicks of generated games, as the statement's test table does.
type BoomKinds uint8

// The operation mixes of the test table.
const (
	BoomAnyKinds   BoomKinds = iota // one of the mixes below, drawn per case
	BoomLeftOnly                    // op = 1 (tests 5-8)
	BoomLeftRight                   // op ∈ {1, 2} (tests 9-12)
	BoomLeftMiddle                  // op ∈ {1, 3} (tests 13-16)
	BoomAllKinds                    // no restriction (tests 1-4, 17-20)
)

var boomKindsNames = [...]string{"any", "1", "1,2", "1,3", "1,2,3"}

func (k BoomKinds) String() string { return boomKindsNames[k] }

// BoomLayout is how generated boards place their mines.
type BoomLayout uint8

// The layouts.
const (
	// BoomRandom: any density, mine-free (k = 0) and all-mine (k = n·m) boards included.
	BoomRandom BoomLayout = iota
	// BoomReal: as a real game generates them (tests 1-4): the mines placed away from the
	// first click, which opens a cascade. The shape's N, M and Mines when set, else one of
	// 9x9 with 10 mines, 16x16 with 40, 16x30 with 99, or up to 40x40 with up to 320.
	BoomReal
	// BoomDense: 10-20% mines, so that games last and most of the board gets played.
	BoomDense
	// BoomSparse: 0.1-1% mines: giant cascades, thousands of cells in one line.
	BoomSparse
)

var boomLayoutNames = [...]string{"random", "real", "dense", "sparse"}

func (l BoomLayout) String() string { return boomLayoutNames[l] }

// BoomPlayer is the temperament of the generated player.
type BoomPlayer uint8

// The temperaments.
const (
	BoomAnyPlayer BoomPlayer = iota // drawn per game, from careful to reckless
	BoomCareful                     // flags right, never clicks a mine on purpose
)

var boomPlayerNames = [...]string{"any", "careful"}

func (p BoomPlayer) String() string { return boomPlayerNames[p] }

// BoomShape bounds the cases of one generator: closed ranges for the number of games,
// n, m and the operations of each game, the mix of clicks, the layout and the player.
// Mines, for BoomReal only, is the range of the number of mines (capped at n·m - 9).
type BoomShape struct {
	Games, N, M, Ops, Mines [2]int
	Kinds                   BoomKinds
	Layout                  BoomLayout
	Player                  BoomPlayer
	// MaxMines caps the mines of a board that is not a real-game layout (the test
	// table's k ≤ 10000 for tests 5-20); 0 leaves n·m as the only cap.
	MaxMines int
}

// BoomGen generates boom cases, most small enough to read at a glance, some at the
// limits of the statement. Every case carries ShrinkBoom.
func BoomGen(skip *Skip) gopter.Gen { return boomGen(false, skip) }

// BoomUnitGen generates boom cases to be packed into one input, for a hunt of a program:
// the games of BoomGen one per case, and the cases at the limits whole but unitWeight
// times rarer, since a packed hunt runs that many more cases a second.
func BoomUnitGen(skip *Skip) gopter.Gen { return boomGen(true, skip) }

func boomGen(unit bool, skip *Skip) gopter.Gen {
	side := func(lo, hi int) [2]int { return [2]int{lo, hi} }
	c := func(shape BoomShape) gopter.Gen { return boomCase(shape, skip) }
	games, w := unitOr(unit)
	big := w
	if unit {
		// Big boards are ten times rarer among units still: a unit of 200x200 costs ref
		// as much as a few hundred small ones, and the cases at the limits bring them.
		big = func(weight int) int { return weight * unitWeight / 10 }
	}
	return pgen.Weighted([]pgen.WeightedGen{
		{Weight: w(450), Gen: c(BoomShape{Games: games(1, 3), N: side(3, 6), M: side(3, 6), Ops: side(0, 25)})},
		{Weight: w(170), Gen: c(BoomShape{Games: games(1, 4), N: side(3, 12), M: side(3, 12), Ops: side(0, 80)})},
		{Weight: w(150), Gen: c(BoomShape{Games: games(1, 3), Ops: side(0, 300), Layout: BoomReal})},
		{Weight: w(80), Gen: c(BoomShape{Games: games(1, 2), N: side(3, 50), M: side(3, 50), Ops: side(0, 600)})},
		{Weight: w(60), Gen: c(BoomShape{Games: games(20, BoomMaxGames), N: side(3, 5), M: side(3, 5), Ops: side(0, 12)})},
		{Weight: big(20), Gen: c(BoomShape{Games: games(1, 2), N: side(3, BoomMaxSide), M: side(3, BoomMaxSide), Ops: side(0, 3000)})},
		{Weight: big(6), Gen: c(BoomShape{Games: games(1, 2), N: side(150, BoomMaxSide), M: side(150, BoomMaxSide), Ops: side(3000, BoomMaxOps), Layout: BoomDense, Player: BoomCareful})},
		// At the limits, 5 cases in 941 (see boomLimitWeight): 30 games of 200x200 with
		// 10000 operations each, about 4 MB of input. Long careful games on dense boards
		// (most clicks read while the game runs), and giant cascades on sparse ones.
		{Weight: boomLimitWeight - 1, Gen: c(BoomShape{Games: side(BoomMaxGames, BoomMaxGames), N: side(BoomMaxSide, BoomMaxSide), M: side(BoomMaxSide, BoomMaxSide),
			Ops: side(BoomMaxOps, BoomMaxOps), Layout: BoomDense, Player: BoomCareful})},
		{Weight: 1, Gen: c(BoomShape{Games: side(BoomMaxGames, BoomMaxGames), N: side(BoomMaxSide, BoomMaxSide), M: side(BoomMaxSide, BoomMaxSide),
			Ops: side(BoomMaxOps, BoomMaxOps), Layout: BoomSparse})},
	})
}

// boomLimitWeight is how many cases in BoomGen's 941 are at the limits: all 30 games
// big, since a solution doing O(n·m) work per click needs them all to exceed 2 s. As for
// mine (mineLimitWeight), a hunt meets one every T = ((1-p)/R + p·C) / (p·W) seconds.
// Measured here, under load (2026-11-23): a limit case takes 0.16 s of CPU to generate,
// 0.72 s in ref and 0.03 s in fast, C ≈ 0.9 s; the other cases run at R ≈ 125/s per
// worker in process (250 cases/s for the hunt before this change) and R ≈ 50/s with
// -cmd, where the program's run adds about 0.1 s to C. With p = 5/941 = 0.53%: in
// process T = (0.00796 + 0.0048) / 0.0106 ≈ 1.2 s; with -cmd T = (0.0199 + 0.0053) /
// 0.0106 ≈ 2.4 s, about 8 limit cases in 20 s, 6 of them long games.
const boomLimitWeight = 5

// BoomCase generates cases within one shape.
func BoomCase(shape BoomShape) gopter.Gen { return boomCase(shape, nil) }

func boomCase(shape BoomShape, skip *Skip) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(genBoom(p.Rng, shape, skip), ShrinkBoom)
	}
}

// realBoomBoard places k mines uniformly outside the 3x3 square around first, as a real
// game does after the first click; k ≤ n·m - 9.
func realBoomBoard(r *rand.Rand, n, m, k, first int) []string {
	fx, fy := first/m, first%m
	var free []int
	for p := 0; p < n*m; p++ {
		if dx, dy := p/m-fx, p%m-fy; dx < -1 || dx > 1 || dy < -1 || dy > 1 {
			free = append(free, p)
		}
	}
	r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	cells := make([]byte, n*m)
	for i := range cells {
		cells[i] = '_'
	}
	for _, p := range free[:k] {
		cells[p] = '*'
	}
	board := make([]string, n)
	for i := range board {
		board[i] = string(cells[i*m : (i+1)*m])
	}
	return board
}

// ShrinkBoom is the gopter.Shrinker of boom cases. Its cuts, biggest first across all
// of them (shrinkCuts): games, and in each game operations, rows and columns (keeping n,
// m ≥ 3; operations on dropped lines go, later ones move) and mines cleared. Then its
// numbers: each operation's x and y toward 1, and its click toward 1 (a left click).
// Every candidate is smaller in the order (games, operations, Σ n·m, mines, Σ x + y, Σ
// op). A case none of whose candidates reproduces has no game, operation, row, column or
// mine that can be removed, and no number that can move toward 1 alone.
func ShrinkBoom(v any) gopter.Shrink { return shrinkBoom(v.(Boom), skipTwins) }

func shrinkBoom(c Boom, twins twinCuts) gopter.Shrink {
	lists := []cutList{
		sized(len(c.Games), func(lo, hi int) (any, bool) {
			if hi-lo == len(c.Games) {
				return nil, false
			}
			return Boom{Games: slices.Concat(c.Games[:lo], c.Games[hi:])}, true
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Games[a:a+n], c.Games[b:b+n], func(g, h BoomGame) bool {
				return slices.Equal(g.Board, h.Board) && slices.Equal(g.Ops, h.Ops)
			})
		}),
	}
	with := func(i int, g BoomGame) Boom {
		games := slices.Clone(c.Games)
		games[i] = g
		return Boom{Games: games}
	}
	x, y := func(op *BoomOp) *int { return &op.X }, func(op *BoomOp) *int { return &op.Y }
	for i, g := range c.Games {
		n, m := len(g.Board), len(g.Board[0])
		lists = append(lists,
			sized(len(g.Ops), func(lo, hi int) (any, bool) {
				ops := slices.Concat(g.Ops[:lo], g.Ops[hi:])
				return with(i, BoomGame{Board: g.Board, Ops: ops}), true
			}).withTwins(func(a, b, n int) bool { return slices.Equal(g.Ops[a:a+n], g.Ops[b:b+n]) }),
			sized(n, func(lo, hi int) (any, bool) {
				if n-(hi-lo) < BoomMinSide {
					return nil, false
				}
				board := slices.Concat(g.Board[:lo], g.Board[hi:])
				return with(i, BoomGame{Board: board, Ops: cutCoordinate(g.Ops, lo, hi, x)}), true
			}).withTwins(func(a, b, n int) bool {
				return sameRows(g.Board, a, b, n) && noCoordinateIn(g.Ops, a, b+n, x)
			}),
			sized(m, func(lo, hi int) (any, bool) {
				if m-(hi-lo) < BoomMinSide {
					return nil, false
				}
				board := withoutColumns(g.Board, lo, hi)
				return with(i, BoomGame{Board: board, Ops: cutCoordinate(g.Ops, lo, hi, y)}), true
			}).withTwins(func(a, b, n int) bool {
				return sameColumns(g.Board, a, b, n) && noCoordinateIn(g.Ops, a, b+n, y)
			}),
			cellCuts(g.Board, "*", func(mines []int, lo, hi int) (any, bool) {
				return with(i, BoomGame{Board: withCells(g.Board, mines[lo:hi], '_'), Ops: g.Ops}), true
			}),
		)
	}
	// The numbers of all games in a row: three per operation, x, y and the click.
	total, number := inARow(c.Games, func(g BoomGame) int { return 3 * len(g.Ops) })
	locate := func(i int) (game, op, which int) {
		game, k := number(i)
		return game, k / 3, k % 3
	}
	numbers := shrinkNumbers(total, func(i int) []int {
		game, op, which := locate(i)
		o := c.Games[game].Ops[op]
		return toward([]int{o.X, o.Y, int(o.Kind)}[which], 1)
	}, func(i, v int) any {
		game, op, which := locate(i)
		g := c.Games[game]
		ops := slices.Clone(g.Ops)
		switch which {
		case 0:
			ops[op].X = v
		case 1:
			ops[op].Y = v
		default:
			ops[op].Kind = BoomKind(v)
		}
		return with(game, BoomGame{Board: g.Board, Ops: ops})
	})
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), numbers)
}

// BoomFromBytes decodes arbitrary fuzzer bytes into a valid case, deterministically: the
// bytes choose the number of games, each board's size, density and cells (a byte each),
// and the operations (three bytes each) — a count per game, except the last game, which
// takes operations until the bytes run out. Past the end zeros stand in. Sizes stay
// small unless a byte asks for the limits (see tape.size). Boom.Bytes writes the bytes of
// a given case.
func BoomFromBytes(data []byte) Boom {
	t := &tape{data: data}
	games := make([]BoomGame, t.size(1, 3, BoomMaxGames))
	for i := range games {
		n, m := t.size(BoomMinSide, 8, BoomMaxSide), t.size(BoomMinSide, 8, BoomMaxSide)
		board := t.board(n, m, '_', '*')
		last := i == len(games)-1
		q := BoomMaxOps
		if !last {
			q = t.size(0, 40, BoomMaxOps)
		}
		var ops []BoomOp
		for len(ops) < q && !(last && t.exhausted()) {
			ops = append(ops, BoomOp{Kind: BoomKind(1 + t.intn(3)), X: 1 + t.intn(n), Y: 1 + t.intn(m)})
		}
		games[i] = BoomGame{Board: board, Ops: ops}
	}
	return Boom{Games: games}
}

// Bytes is the inverse of BoomFromBytes for a valid case: BoomFromBytes(c.Bytes())
// encodes to exactly c.Encode(). Fuzz seeds made with it keep a fuzzer's small changes
// near the games: a changed byte changes one cell or one operation, almost always.
func (c Boom) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Games), 1, 3, BoomMaxGames)
	for i, g := range c.Games {
		n, m := len(g.Board), len(g.Board[0])
		w.size(n, BoomMinSide, 8, BoomMaxSide)
		w.size(m, BoomMinSide, 8, BoomMaxSide)
		w.board(g.Board, '*')
		if i < len(c.Games)-1 {
			w.size(len(g.Ops), 0, 40, BoomMaxOps)
		}
		for _, op := range g.Ops {
			w.intn(int(op.Kind)-1, 3)
			w.intn(op.X-1, n)
			w.intn(op.Y-1, m)
		}
	}
	return w.data
}

// boomTableMaxMines is the test table's k ≤ 10000 of tests 5-20, tighter than the global
// k ≤ n·m.
const boomTableMaxMines = 10000

// BoomPlan is the test set of the statement's test table (seed 003, 限制): 20 tests, each
// at the sizes of its row. Tests 1-4 are real games; in each group of four that follows
// (op = 1; op ∈ {1, 2}; op ∈ {1, 3}; any op) come many games of every size and density
// (k = 0, k = n·m on boards of at most 10000 cells, and q = 0 among them), giant
// cascades, long careful games on dense boards, and 30 games of 200x200 with 10000
// operations, always with k ≤ 10000.
func BoomPlan() []PlanTest {
	span := func(lo, hi int) [2]int { return [2]int{lo, hi} }
	one := func(v int) [2]int { return [2]int{v, v} }
	real := func(games, n, m, k [2]int) BoomShape {
		return BoomShape{Games: games, N: n, M: m, Mines: k, Ops: span(1, 400), Kinds: BoomAllKinds, Layout: BoomReal}
	}
	shapes := []BoomShape{
		real(one(10), one(9), one(9), one(10)),                // 1: 9x9, k = 10
		real(one(10), one(16), one(16), one(40)),              // 2: 16x16, k = 40
		real(one(10), one(16), one(30), one(99)),              // 3: 16x30, k = 99
		real(one(30), span(3, 40), span(3, 40), span(0, 320)), // 4: n, m ≤ 40, k ≤ 320
	}
	// Tests 5-20: k ≤ 10000, four tests per operation mix.
	const k = boomTableMaxMines
	for _, kinds := range []BoomKinds{BoomLeftOnly, BoomLeftRight, BoomLeftMiddle, BoomAllKinds} {
		shapes = append(shapes,
			BoomShape{Games: one(BoomMaxGames), N: span(BoomMinSide, BoomMaxSide), M: span(BoomMinSide, BoomMaxSide), Ops: span(0, 2000), Kinds: kinds, MaxMines: k},
			BoomShape{Games: one(1), N: one(BoomMaxSide), M: one(BoomMaxSide), Ops: one(BoomMaxOps), Kinds: kinds, Layout: BoomSparse, MaxMines: k},
			BoomShape{Games: one(5), N: one(BoomMaxSide), M: one(BoomMaxSide), Ops: one(BoomMaxOps), Kinds: kinds, Layout: BoomDense, Player: BoomCareful, MaxMines: k},
			BoomShape{Games: one(BoomMaxGames), N: one(BoomMaxSide), M: one(BoomMaxSide), Ops: one(BoomMaxOps), Kinds: kinds, MaxMines: k},
		)
	}
	plan := make([]PlanTest, len(shapes))
	for i, sh := range shapes {
		call := fmt.Sprintf("boom -T %s -n %s -m %s", boomRange(sh.Games), boomRange(sh.N), boomRange(sh.M))
		if sh.Layout == BoomReal {
			call += " -k " + boomRange(sh.Mines)
		} else if sh.MaxMines > 0 {
			call += fmt.Sprintf(" -k 0..%d", sh.MaxMines)
		}
		call += fmt.Sprintf(" -q %s -ops %s -layout %s -player %s", boomRange(sh.Ops), sh.Kinds, sh.Layout, sh.Player)
		plan[i] = PlanTest{Call: call, Gen: BoomCase(sh)}
	}
	return plan
}

func boomRange(r [2]int) string {
	if r[0] == r[1] {
		return strconv.Itoa(r[0])
	}
	return strconv.Itoa(r[0]) + ".." + strconv.Itoa(r[1])
}

// Bounds lists the constrained quantities of the case with their limits. Per game it
// gives the extremes of op, x and y only: the limits overview asks whether some value
// reaches a limit, and the extremes answer that without a bound per operation.
func (c Boom) Bounds() []Bound {
	b := []Bound{{"T", len(c.Games), 1, BoomMaxGames}}
	for _, g := range c.Games {
		n, m := len(g.Board), len(g.Board[0])
		b = append(b,
			Bound{"n", n, BoomMinSide, BoomMaxSide},
			Bound{"m", m, BoomMinSide, BoomMaxSide},
			Bound{"q", len(g.Ops), 0, BoomMaxOps},
			Bound{"k", strings.Count(strings.Join(g.Board, ""), "*"), 0, n * m},
		)
		if len(g.Ops) == 0 {
			continue
		}
		lo, hi := g.Ops[0], g.Ops[0]
		for _, op := range g.Ops {
			lo.Kind, hi.Kind = min(lo.Kind, op.Kind), max(hi.Kind, op.Kind)
			lo.X, hi.X = min(lo.X, op.X), max(hi.X, op.X)
			lo.Y, hi.Y = min(lo.Y, op.Y), max(hi.Y, op.Y)
		}
		b = append(b,
			Bound{"op", int(lo.Kind), 1, 3}, Bound{"op", int(hi.Kind), 1, 3},
			Bound{"x", lo.X, 1, n}, Bound{"x", hi.X, 1, n},
			Bound{"y", lo.Y, 1, m}, Bound{"y", hi.Y, 1, m},
		)
	}
	return b
}
