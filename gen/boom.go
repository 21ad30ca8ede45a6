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
	var c Boom
	games, err := s.number("T", 1, BoomMaxGames)
	if err != nil {
		return c, err
	}
	if err := s.eoln(); err != nil {
		return c, err
	}
	c.Games = make([]BoomGame, 0, games)
	for t := 1; t <= games; t++ {
		g, err := decodeBoomGame(s, "game "+strconv.Itoa(t)+": ")
		c.Games = append(c.Games, g)
		if err != nil {
			return c, err
		}
	}
	if !s.atEOF() {
		return c, s.fail("expected end of input after the last game, found %s", s.found())
	}
	return c, nil
}

func decodeBoomGame(s *inStream, game string) (BoomGame, error) {
	var g BoomGame
	n, err := s.number(game+"n", BoomMinSide, BoomMaxSide)
	if err != nil {
		return g, err
	}
	if err := s.space(); err != nil {
		return g, err
	}
	m, err := s.number(game+"m", BoomMinSide, BoomMaxSide)
	if err != nil {
		return g, err
	}
	if err := s.eoln(); err != nil {
		return g, err
	}
	g.Board = make([]string, n)
	for i := range g.Board {
		if g.Board[i], err = s.row(game+"row "+strconv.Itoa(i+1), m, "_*"); err != nil {
			return g, err
		}
	}
	for {
		kind, err := s.number(game+"op", 0, 3)
		if err != nil {
			return g, err
		}
		if kind == 0 {
			return g, s.eoln()
		}
		if len(g.Ops) == BoomMaxOps {
			return g, s.fail("%smore than %d operations (q ≤ %d)", game, BoomMaxOps, BoomMaxOps)
		}
		op := BoomOp{Kind: BoomKind(kind)}
		if err := s.space(); err != nil {
			return g, err
		}
		if op.X, err = s.number(game+"x", 1, n); err != nil {
			return g, err
		}
		if err := s.space(); err != nil {
			return g, err
		}
		if op.Y, err = s.number(game+"y", 1, m); err != nil {
			return g, err
		}
		if err := s.eoln(); err != nil {
			return g, err
		}
		g.Ops = append(g.Ops, op)
	}
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
func BoomGen() gopter.Gen { return boomGen(false) }

// BoomUnitGen generates boom cases to be packed into one input, for a hunt of a program:
// the games of BoomGen one per case, and the cases at the limits whole but unitWeight
// times rarer, since a packed hunt runs that many more cases a second.
func BoomUnitGen() gopter.Gen { return boomGen(true) }

func boomGen(unit bool) gopter.Gen {
	side := func(lo, hi int) [2]int { return [2]int{lo, hi} }
	games, w := unitOr(unit)
	big := w
	if unit {
		// Big boards are ten times rarer among units still: a unit of 200x200 costs ref
		// as much as a few hundred small ones, and the cases at the limits bring them.
		big = func(weight int) int { return weight * unitWeight / 10 }
	}
	return pgen.Weighted([]pgen.WeightedGen{
		{Weight: w(450), Gen: BoomCase(BoomShape{Games: games(1, 3), N: side(3, 6), M: side(3, 6), Ops: side(0, 25)})},
		{Weight: w(170), Gen: BoomCase(BoomShape{Games: games(1, 4), N: side(3, 12), M: side(3, 12), Ops: side(0, 80)})},
		{Weight: w(150), Gen: BoomCase(BoomShape{Games: games(1, 3), Ops: side(0, 300), Layout: BoomReal})},
		{Weight: w(80), Gen: BoomCase(BoomShape{Games: games(1, 2), N: side(3, 50), M: side(3, 50), Ops: side(0, 600)})},
		{Weight: w(60), Gen: BoomCase(BoomShape{Games: games(20, BoomMaxGames), N: side(3, 5), M: side(3, 5), Ops: side(0, 12)})},
		{Weight: big(20), Gen: BoomCase(BoomShape{Games: games(1, 2), N: side(3, BoomMaxSide), M: side(3, BoomMaxSide), Ops: side(0, 3000)})},
		{Weight: big(6), Gen: BoomCase(BoomShape{Games: games(1, 2), N: side(150, BoomMaxSide), M: side(150, BoomMaxSide), Ops: side(3000, BoomMaxOps), Layout: BoomDense, Player: BoomCareful})},
		// At the limits, 5 cases in 941 (see boomLimitWeight): 30 games of 200x200 with
		// 10000 operations each, about 4 MB of input. Long careful games on dense boards
		// (most clicks read while the game runs), and giant cascades on sparse ones.
		{Weight: boomLimitWeight - 1, Gen: BoomCase(BoomShape{Games: side(BoomMaxGames, BoomMaxGames), N: side(BoomMaxSide, BoomMaxSide), M: side(BoomMaxSide, BoomMaxSide),
			Ops: side(BoomMaxOps, BoomMaxOps), Layout: BoomDense, Player: BoomCareful})},
		{Weight: 1, Gen: BoomCase(BoomShape{Games: side(BoomMaxGames, BoomMaxGames), N: side(BoomMaxSide, BoomMaxSide), M: side(BoomMaxSide, BoomMaxSide),
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
func BoomCase(shape BoomShape) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(genBoom(p.Rng, shape), ShrinkBoom)
	}
}

func genBoom(r *rand.Rand, shape BoomShape) Boom {
	kinds := shape.Kinds
	if kinds == BoomAnyKinds {
		// Half the cases play every click, the rest one mix of the test table each.
		kinds = BoomAllKinds
		if r.Intn(2) == 0 {
			kinds = BoomKinds(1 + r.Intn(4))
		}
	}
	games := make([]BoomGame, pickEdge(r, shape.Games[0], shape.Games[1]))
	for i := range games {
		games[i] = genBoomGame(r, shape, kinds)
	}
	return Boom{Games: games}
}

// boomRealLayouts are the boards of the test table's real-game tests: n, m, k.
var boomRealLayouts = [...][3]int{{9, 9, 10}, {16, 16, 40}, {16, 30, 99}}

func genBoomGame(r *rand.Rand, shape BoomShape, kinds BoomKinds) BoomGame {
	var n, m int
	var board []string
	first := -1 // the real game's first click
	switch shape.Layout {
	case BoomReal:
		var k int
		if shape.N[1] > 0 {
			n, m = pickEdge(r, shape.N[0], shape.N[1]), pickEdge(r, shape.M[0], shape.M[1])
			k = pickEdge(r, min(shape.Mines[0], n*m-9), min(shape.Mines[1], n*m-9))
		} else if v := r.Intn(4); v < 3 {
			n, m, k = boomRealLayouts[v][0], boomRealLayouts[v][1], boomRealLayouts[v][2]
		} else {
			n, m = pickEdge(r, BoomMinSide, 40), pickEdge(r, BoomMinSide, 40)
			k = pickEdge(r, 0, min(320, n*m-9))
		}
		first = r.Intn(n * m)
		board = realBoomBoard(r, n, m, k, first)
	default:
		n = pickEdge(r, shape.N[0], shape.N[1])
		m = pickEdge(r, shape.M[0], shape.M[1])
		density := pickDensity(r)
		switch shape.Layout {
		case BoomDense:
			density = 0.1 + 0.1*r.Float64()
		case BoomSparse:
			density = 0.001 + 0.009*r.Float64()
		}
		cells := make([]byte, n*m)
		var mines []int
		for p := range cells {
			cells[p] = '_'
			if r.Float64() < density {
				cells[p] = '*'
				mines = append(mines, p)
			}
		}
		// Over the cap, clear mines drawn at random until it holds.
		for shape.MaxMines > 0 && len(mines) > shape.MaxMines {
			i := r.Intn(len(mines))
			cells[mines[i]] = '_'
			mines[i] = mines[len(mines)-1]
			mines = mines[:len(mines)-1]
		}
		board = make([]string, n)
		for i := range board {
			board[i] = string(cells[i*m : (i+1)*m])
		}
	}
	s := newBoomModel(board, r, kinds, shape.Player)
	q := pickEdge(r, shape.Ops[0], shape.Ops[1])
	if first >= 0 && q > 0 {
		s.add(BoomOp{Kind: BoomLeft, X: first/m + 1, Y: first%m + 1}, q)
	}
	s.play(q, shape.Ops[0])
	return BoomGame{Board: board, Ops: s.ops}
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

// The marks of the player map on a cell that is not opened, in the order a right click
// cycles them.
const (
	boomBlank uint8 = iota // '_'
	boomFlag               // 'P'
	boomAsk                // '?'
)

// boomModel plays the game while operations are generated, so that they can aim at what
// makes it hard: cascades through '?' cells and up to 'P' cells, middle clicks whose
// flags are exactly right (or wrong), the full right-click cycle, clicks after the end.
// It also counts those events, for the generator's tests. It is a model for choosing
// moves, not a judge.
type boomModel struct {
	n, m     int
	mine     []bool
	number   []uint8
	opened   []bool
	mark     []uint8
	k        int
	unopened int
	over     bool
	won      bool
	// track keeps openedAt, which only the generator samples: a model that only replays a
	// game (Rulings) leaves it off.
	track    bool
	openedAt []int // opened cells in the order they opened, to sample the opened region
	ops      []BoomOp
	r        *rand.Rand
	kinds    BoomKinds
	weights  [boomMoves]int
	events   boomEvents
	// afterEnd is how many operations a finished game still gets; -1 until it ends.
	afterEnd int
}

// boomEvents counts what the operations played on a model did.
type boomEvents struct {
	lose, loseMiddle, win              int
	invalidAfterLose, invalidAfterWin  int
	askByCascade, askByMiddle          int // '?' cells opened by a cascade, by a middle click
	askLeft                            int // left clicks on a '?' cell
	askTargeted                        int // middle clicks (flags matching) with a '?' among the cells to open
	cycles                             int // right clicks turning '?' back into '_'
	middleZeroOpens                    int // R-B3: a middle click on a 0 that opened something
	middleOpens                        int // middle clicks that opened something
	flagStops                          int // cascades that left a 'P' next to an opened 0
	nothing                            int // valid operations that changed nothing
	biggestCascade                     int
	winNoChange, winAllMines, winFirst int
}

const (
	boomMoveLeftSafe = iota
	boomMoveLeftAny
	boomMoveFlagMine
	boomMoveFlagWrong
	boomMoveAsk
	boomMoveCycle
	boomMoveMiddleRight
	boomMoveMiddleWrong
	boomMoveMiddleZero
	boomMoveMiddleAny
	boomMoveRepeat
	boomMoves
)

// newBoomGame is the model of a fresh game on board, with no player: enough to replay
// operations with apply.
func newBoomGame(board []string) *boomModel {
	n, m := len(board), len(board[0])
	s := &boomModel{n: n, m: m, unopened: n * m, afterEnd: -1, kinds: BoomAllKinds,
		mine: make([]bool, n*m), number: make([]uint8, n*m), opened: make([]bool, n*m), mark: make([]uint8, n*m)}
	for x := 0; x < n; x++ {
		for y := 0; y < m; y++ {
			if board[x][y] == '*' {
				s.mine[x*m+y] = true
				s.k++
				s.each(x*m+y, func(q int) { s.number[q]++ })
			}
		}
	}
	return s
}

func newBoomModel(board []string, r *rand.Rand, kinds BoomKinds, player BoomPlayer) *boomModel {
	s := newBoomGame(board)
	s.r, s.kinds, s.track = r, kinds, true
	for i := range s.weights {
		s.weights[i] = 1 + r.Intn(10)
	}
	if player == BoomCareful || r.Intn(2) == 0 {
		// Careful: flags right, middle clicks that open, few blind clicks.
		s.weights[boomMoveLeftAny], s.weights[boomMoveMiddleWrong], s.weights[boomMoveFlagWrong] = 0, 0, r.Intn(2)
		s.weights[boomMoveMiddleRight] += 10
		s.weights[boomMoveLeftSafe] += 5
	}
	if player == BoomCareful {
		s.weights[boomMoveCycle], s.weights[boomMoveRepeat], s.weights[boomMoveMiddleAny] = 0, 0, 1
	}
	if !s.allowed(BoomRight) {
		for _, mv := range []int{boomMoveFlagMine, boomMoveFlagWrong, boomMoveAsk, boomMoveCycle, boomMoveMiddleWrong} {
			s.weights[mv] = 0
		}
	}
	if !s.allowed(BoomMiddle) {
		for _, mv := range []int{boomMoveMiddleRight, boomMoveMiddleWrong, boomMoveMiddleZero, boomMoveMiddleAny} {
			s.weights[mv] = 0
		}
	}
	s.weights[boomMoveLeftSafe]++ // at least one move is always possible
	return s
}

func (s *boomModel) allowed(k BoomKind) bool {
	switch s.kinds {
	case BoomLeftOnly:
		return k == BoomLeft
	case BoomLeftRight:
		return k != BoomMiddle
	case BoomLeftMiddle:
		return k != BoomRight
	}
	return true
}

func (s *boomModel) each(p int, f func(q int)) {
	x, y := p/s.m, p%s.m
	for nx := max(x-1, 0); nx <= min(x+1, s.n-1); nx++ {
		for ny := max(y-1, 0); ny <= min(y+1, s.m-1); ny++ {
			if nx != x || ny != y {
				f(nx*s.m + ny)
			}
		}
	}
}

func (s *boomModel) op(k BoomKind, p int) BoomOp { return BoomOp{Kind: k, X: p/s.m + 1, Y: p%s.m + 1} }

// play appends operations until there are target of them, or fewer (but at least least)
// when the game ended: a finished game mostly gets only a few clicks more (answered
// INVALID).
func (s *boomModel) play(target, least int) {
	total := 0
	for _, w := range s.weights {
		total += w
	}
	for len(s.ops) < target {
		if s.over {
			if s.afterEnd < 0 {
				s.afterEnd = target - len(s.ops)
				if s.r.Intn(4) > 0 {
					s.afterEnd = min(s.afterEnd, max(s.r.Intn(4), least-len(s.ops)))
				}
				target = len(s.ops) + s.afterEnd
				continue
			}
			s.add(s.randomOp(), target)
			continue
		}
		v := s.r.Intn(total)
		move := 0
		for v >= s.weights[move] {
			v -= s.weights[move]
			move++
		}
		s.move(move, target)
	}
}

func (s *boomModel) randomOp() BoomOp {
	for {
		k := BoomKind(1 + s.r.Intn(3))
		if s.allowed(k) {
			return s.op(k, s.r.Intn(s.n*s.m))
		}
	}
}

// sample returns a random cell satisfying ok, trying a bounded number of draws from the
// opened cells or from the whole board.
func (s *boomModel) sample(fromOpened bool, ok func(p int) bool) (int, bool) {
	for try := 0; try < 40; try++ {
		var p int
		if fromOpened && len(s.openedAt) > 0 {
			p = s.openedAt[s.r.Intn(len(s.openedAt))]
		} else {
			p = s.r.Intn(s.n * s.m)
		}
		if ok(p) {
			return p, true
		}
	}
	return 0, false
}

// neighbourWith returns a random neighbour of p satisfying ok.
func (s *boomModel) neighbourWith(p int, ok func(q int) bool) (int, bool) {
	var found []int
	s.each(p, func(q int) {
		if ok(q) {
			found = append(found, q)
		}
	})
	if len(found) == 0 {
		return 0, false
	}
	return found[s.r.Intn(len(found))], true
}

// markTo right-clicks p until its mark is want.
func (s *boomModel) markTo(p int, want uint8, target int) {
	for i := 0; i < 2 && !s.over && !s.opened[p] && s.mark[p] != want; i++ {
		s.add(s.op(BoomRight, p), target)
	}
}

func (s *boomModel) closed(p int) bool { return !s.opened[p] }

func (s *boomModel) move(move, target int) {
	switch move {
	case boomMoveLeftSafe:
		// Prefer a 0-cell: it cascades.
		if p, ok := s.sample(false, func(p int) bool { return s.closed(p) && s.mark[p] != boomFlag && !s.mine[p] && s.number[p] == 0 }); ok && s.r.Intn(3) > 0 {
			s.add(s.op(BoomLeft, p), target)
		} else if p, ok := s.sample(false, func(p int) bool { return s.closed(p) && s.mark[p] != boomFlag && !s.mine[p] }); ok {
			s.add(s.op(BoomLeft, p), target)
		} else {
			s.add(s.randomOp(), target)
		}
	case boomMoveLeftAny:
		s.add(s.op(BoomLeft, s.r.Intn(s.n*s.m)), target)
	case boomMoveFlagMine:
		// A mine next to the opened region, or anywhere.
		if p, ok := s.sample(true, func(p int) bool { return s.opened[p] && s.number[p] > 0 }); ok {
			if q, ok := s.neighbourWith(p, func(q int) bool { return s.mine[q] && s.mark[q] != boomFlag }); ok {
				s.markTo(q, boomFlag, target)
				return
			}
		}
		s.add(s.op(BoomRight, s.r.Intn(s.n*s.m)), target)
	case boomMoveFlagWrong:
		// A P on a safe cell: cascades stop at it, and middle clicks count it.
		if p, ok := s.sample(false, func(p int) bool { return s.closed(p) && !s.mine[p] }); ok {
			s.markTo(p, boomFlag, target)
		}
	case boomMoveAsk:
		// A '?' where a cascade will pass: a safe closed cell next to a closed 0, or a P
		// that stopped a cascade.
		if p, ok := s.sample(false, func(p int) bool {
			if !s.closed(p) || s.mine[p] {
				return false
			}
			_, near := s.neighbourWith(p, func(q int) bool { return s.closed(q) && !s.mine[q] && s.number[q] == 0 })
			return near
		}); ok {
			s.markTo(p, boomAsk, target)
		} else if p, ok := s.sample(false, func(p int) bool { return s.closed(p) && s.mark[p] == boomFlag }); ok {
			s.markTo(p, boomAsk, target)
		}
	case boomMoveCycle:
		p := s.r.Intn(s.n * s.m)
		for i := 0; i < 3; i++ {
			s.add(s.op(BoomRight, p), target)
		}
	case boomMoveMiddleRight:
		// Marks exactly right around an opened number: P on its mines, '_' or '?' on its
		// safe closed cells; then the middle click opens them.
		p, ok := s.sample(true, func(p int) bool {
			if !s.opened[p] {
				return false
			}
			_, closed := s.neighbourWith(p, func(q int) bool { return s.closed(q) && !s.mine[q] })
			return closed
		})
		if !ok {
			s.add(s.op(BoomMiddle, s.r.Intn(s.n*s.m)), target)
			return
		}
		if s.allowed(BoomRight) {
			s.each(p, func(q int) {
				want := boomFlag
				if !s.mine[q] {
					want = boomBlank
					if s.r.Intn(3) == 0 {
						want = boomAsk
					}
				}
				s.markTo(q, want, target)
			})
		}
		s.add(s.op(BoomMiddle, p), target)
	case boomMoveMiddleWrong:
		// As many P as the number, but one on a safe cell and a mine left bare: LOSE.
		p, ok := s.sample(true, func(p int) bool { return s.opened[p] && s.number[p] > 0 })
		if !ok {
			return
		}
		safe, ok1 := s.neighbourWith(p, func(q int) bool { return s.closed(q) && !s.mine[q] })
		bare, ok2 := s.neighbourWith(p, func(q int) bool { return s.mine[q] })
		if !ok1 || !ok2 {
			return
		}
		s.each(p, func(q int) {
			want := boomBlank
			if (s.mine[q] && q != bare) || q == safe {
				want = boomFlag
			}
			s.markTo(q, want, target)
		})
		s.add(s.op(BoomMiddle, p), target)
	case boomMoveMiddleZero:
		// R-B3: a middle click on an opened 0, after turning a P next to it into '?'.
		p, ok := s.sample(true, func(p int) bool { return s.opened[p] && s.number[p] == 0 })
		if !ok {
			return
		}
		if q, ok := s.neighbourWith(p, func(q int) bool { return s.closed(q) && s.mark[q] == boomFlag }); ok && s.allowed(BoomRight) {
			s.markTo(q, boomAsk, target)
		}
		s.add(s.op(BoomMiddle, p), target)
	case boomMoveMiddleAny:
		if p, ok := s.sample(true, func(int) bool { return true }); ok && s.r.Intn(4) > 0 {
			s.add(s.op(BoomMiddle, p), target)
		} else {
			s.add(s.op(BoomMiddle, s.r.Intn(s.n*s.m)), target)
		}
	case boomMoveRepeat:
		if len(s.ops) > 0 {
			s.add(s.ops[s.r.Intn(len(s.ops))], target)
		} else {
			s.add(s.randomOp(), target)
		}
	}
}

// add appends op if there is room before target and its click is allowed, and plays it.
func (s *boomModel) add(op BoomOp, target int) {
	if len(s.ops) >= target || !s.allowed(op.Kind) {
		return
	}
	s.ops = append(s.ops, op)
	s.apply(op)
}

// apply plays op on the model and counts what it did.
func (s *boomModel) apply(op BoomOp) {
	ev := &s.events
	if s.over {
		if s.won {
			ev.invalidAfterWin++
		} else {
			ev.invalidAfterLose++
		}
		return
	}
	p := (op.X-1)*s.m + op.Y - 1
	before, changed := s.unopened, false
	switch op.Kind {
	case BoomLeft:
		if s.opened[p] || s.mark[p] == boomFlag {
			break
		}
		if s.mark[p] == boomAsk {
			ev.askLeft++
		}
		if s.mine[p] {
			ev.lose++
			s.over = true
			return
		}
		s.open(p, false)
	case BoomRight:
		if s.opened[p] {
			break
		}
		s.mark[p] = (s.mark[p] + 1) % 3
		changed = true
		if s.mark[p] == boomBlank {
			ev.cycles++
		}
	case BoomMiddle:
		if !s.opened[p] {
			break
		}
		flags := 0
		s.each(p, func(q int) {
			if s.closed(q) && s.mark[q] == boomFlag {
				flags++
			}
		})
		if flags != int(s.number[p]) {
			break
		}
		var targets []int
		lost, ask := false, false
		s.each(p, func(q int) {
			if s.closed(q) && s.mark[q] != boomFlag {
				targets = append(targets, q)
				lost = lost || s.mine[q]
				ask = ask || s.mark[q] == boomAsk
			}
		})
		if ask {
			ev.askTargeted++
		}
		if lost {
			ev.lose++
			ev.loseMiddle++
			s.over = true
			return
		}
		for _, q := range targets {
			if s.closed(q) {
				s.open(q, true)
			}
		}
		if len(targets) > 0 {
			ev.middleOpens++
			if s.number[p] == 0 {
				ev.middleZeroOpens++
			}
		}
	}
	if s.unopened != before {
		changed = true
	}
	if !changed {
		ev.nothing++
	}
	if s.unopened == s.k {
		ev.win++
		if !changed {
			ev.winNoChange++
		}
		if s.k == s.n*s.m {
			ev.winAllMines++
		}
		if len(s.ops) == 1 {
			ev.winFirst++
		}
		s.over, s.won = true, true
	}
}

// open opens the safe closed cell p and cascades through 0-cells up to P cells.
func (s *boomModel) open(p int, byMiddle bool) {
	ev := &s.events
	if s.mark[p] == boomAsk && byMiddle {
		ev.askByMiddle++
	}
	stack := []int{p}
	s.opened[p], s.mark[p] = true, boomBlank
	opened := 0
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		opened++
		s.unopened--
		if s.track {
			s.openedAt = append(s.openedAt, q)
		}
		if s.number[q] != 0 {
			continue
		}
		s.each(q, func(r int) {
			switch {
			case s.opened[r]:
			case s.mark[r] == boomFlag:
				ev.flagStops++
			default:
				if s.mark[r] == boomAsk {
					ev.askByCascade++
				}
				s.opened[r], s.mark[r] = true, boomBlank
				stack = append(stack, r)
			}
		})
	}
	ev.biggestCascade = max(ev.biggestCascade, opened)
}

// boomRulings are the rulings of docs/boom.md a boom solution can read differently, each with
// the situation that lets a misreading show, and the misreading in mind:
//   - R-B1: WIN is checked after every operation that did not lose, one that changed
//     nothing included, and never before the first. On a board that is not all mines the
//     last safe cell is always opened by a click that changes something, so only a board
//     of all mines tells: no operation (QUIT, not WIN before the first), a right click
//     (RUNNING then WIN), a click that changes nothing (WIN all the same), a left click
//     (LOSE).
//   - R-B2: a game with no operations prints just QUIT (not RUNNING, not nothing).
//   - R-B3: a middle click on a 0 cell follows the rule as written, and only P stops an
//     opening: a middle click on an opened 0 with an unopened cell around that is not P
//     (it opens it; a solution skipping 0 cells does not), and any click or cascade that
//     reaches a '?' (a left click on one, a cascade into one, a middle click with one
//     among the cells it opens: a solution that lets '?' stop them differs).
var boomRulings = []Ruling{
	{"R-B1", "a board of all mines"},
	{"R-B2", "a game with no operations"},
	{"R-B3", "a middle click on an opened 0 that opens something, or a left click, cascade or middle click that reaches a '?'"},
}

// BoomRulings lists the rulings of boom a solution can read differently, in the spec's
// order, each with the situation Boom.Rulings looks for.
func BoomRulings() []Ruling { return slices.Clone(boomRulings) }

// Rulings replays each game on the generator's model and returns the ids of the rulings
// whose situation some game reaches (see BoomRulings), in the spec's order. It costs one
// replay per game, less than generating the case; a case of one game is asked the same
// way.
func (c Boom) Rulings() []string {
	const b1, b2, b3 = 0, 1, 2
	var set rulingSet
	for _, g := range c.Games {
		if len(g.Ops) == 0 {
			set |= bit(b2)
		}
		s := newBoomGame(g.Board)
		if s.k == s.n*s.m {
			set |= bit(b1)
		}
		for _, op := range g.Ops {
			if s.over {
				break
			}
			s.apply(op)
		}
		if ev := s.events; ev.middleZeroOpens+ev.askByCascade+ev.askLeft+ev.askTargeted > 0 {
			set |= bit(b3)
		}
	}
	return set.ids(boomRulings)
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
