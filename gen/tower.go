package gen

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"
	pgen "github.com/leanovate/gopter/gen"
)

// Limits of the game tower (seed 001, Constraints: 3 ≤ m, n ≤ 50).
const (
	TowerMinSide = 3
	TowerMaxSide = 50
)

// towerAlphabet is every character a tower may hold (seed 001, the marks).
const towerAlphabet = ".#IGCB123S"

// Tower is one input of the game tower: datasets, then "0 0".
type Tower struct {
	Datasets []TowerDataset
}

// TowerDataset is one tower and its commands.
type TowerDataset struct {
	Rows []string // n rows of m characters, the top level (n) first, as in the input
	Cmds []TowerCmd
}

// TowerCmd is one command line. Col is MOVETO's column, any int32: one outside 1..m makes
// an invalid command (R-T6), not a malformed input.
type TowerCmd struct {
	Kind TowerKind
	Col  int
}

// TowerKind is a command with its direction.
type TowerKind uint8

// The commands of the statement.
const (
	TowerMoveTo TowerKind = iota
	TowerPushRight
	TowerPushLeft
	TowerPullRight
	TowerPullLeft
	TowerGetDownRight
	TowerGetDownLeft
	TowerClimbRight
	TowerClimbLeft
	towerKinds
)

var towerKindNames = [towerKinds]string{"MOVETO", "PUSH RIGHT", "PUSH LEFT", "PULL RIGHT", "PULL LEFT",
	"GETDOWN RIGHT", "GETDOWN LEFT", "CLIMB RIGHT", "CLIMB LEFT"}

func (k TowerKind) String() string { return towerKindNames[k] }

// dir is +1 for a RIGHT command, -1 for a LEFT one, 0 for MOVETO.
func (k TowerKind) dir() int {
	switch {
	case k == TowerMoveTo:
		return 0
	case (k-TowerPushRight)%2 == 0:
		return 1
	}
	return -1
}

// Encode renders the case as judge input.
func (c Tower) Encode() []byte {
	var b []byte
	for _, d := range c.Datasets {
		m := len(d.Rows[0])
		b = strconv.AppendInt(b, int64(len(d.Rows)), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(m), 10)
		b = append(b, '\n')
		for _, row := range d.Rows {
			b = append(b, row...)
			b = append(b, '\n')
		}
		b = strconv.AppendInt(b, int64(len(d.Cmds)), 10)
		b = append(b, '\n')
		for _, cmd := range d.Cmds {
			b = append(b, towerKindNames[cmd.Kind]...)
			if cmd.Kind == TowerMoveTo {
				b = append(b, ' ')
				b = strconv.AppendInt(b, int64(cmd.Col), 10)
			}
			b = append(b, '\n')
		}
	}
	return append(b, "0 0\n"...)
}

// DecodeTower is the validator of tower (R-IN3): it parses input in the exact format of
// the statement — single spaces, one row per line, every line ended by '\n', canonical
// integers — and checks every limit: 3 ≤ n, m ≤ 50, rows of m characters of the
// alphabet, S and G exactly once per tower, T and MOVETO's column as C ints (%d; the
// statement caps neither), exactly T commands, "0 0" last. It returns the first
// violation as a *LimitError.
func DecodeTower(input []byte) (Tower, error) { return decodeTower(input, true) }

// ValidateTower checks input as DecodeTower does but keeps no dataset, so that
// validating any number of commands takes the memory of one tower.
func ValidateTower(input []byte) error {
	_, err := decodeTower(input, false)
	return err
}

// decodeTower is DecodeTower, keeping the datasets only when keep is set.
func decodeTower(input []byte, keep bool) (Tower, error) {
	s := newInStream(input)
	var c Tower
	for {
		n, err := s.number("n", 0, TowerMaxSide)
		if err != nil {
			return c, err
		}
		if err := s.space(); err != nil {
			return c, err
		}
		if n == 0 {
			if _, err := s.number("m after n = 0", 0, 0); err != nil {
				return c, err
			}
			if err := s.eoln(); err != nil {
				return c, err
			}
			if !s.atEOF() {
				return c, s.fail("expected end of input after the final 0 0, found %s", s.found())
			}
			return c, nil
		}
		if n < TowerMinSide {
			return c, s.fail("n = %d outside %d..%d", n, TowerMinSide, TowerMaxSide)
		}
		m, err := s.number("m", TowerMinSide, TowerMaxSide)
		if err != nil {
			return c, err
		}
		if err := s.eoln(); err != nil {
			return c, err
		}
		d := TowerDataset{Rows: make([]string, n)}
		players, goals := 0, 0
		for i := range d.Rows {
			line := s.line
			what := "level " + strconv.Itoa(n-i)
			if d.Rows[i], err = s.row(what, m, towerAlphabet); err != nil {
				return c, err
			}
			players += strings.Count(d.Rows[i], "S")
			goals += strings.Count(d.Rows[i], "G")
			if players > 1 || goals > 1 {
				return c, &LimitError{Line: line, Constraint: what + ": S and G must appear exactly once in a tower, found a second one"}
			}
		}
		if players == 0 || goals == 0 {
			return c, &LimitError{Line: s.line - 1, Constraint: "S and G must appear exactly once in a tower, one is missing"}
		}
		t, err := s.number("T", 0, math.MaxInt32)
		if err != nil {
			return c, err
		}
		if err := s.eoln(); err != nil {
			return c, err
		}
		// A command takes at least 9 bytes ("MOVETO 1\n"): the commands are allocated
		// once, at their number, but never beyond what the input can hold.
		if keep {
			d.Cmds = make([]TowerCmd, 0, min(t, (len(s.in)-s.pos)/len("MOVETO 1\n")))
		}
		for range t {
			cmd, err := decodeTowerCmd(s)
			if err != nil {
				return c, err
			}
			if keep {
				d.Cmds = append(d.Cmds, cmd)
			}
		}
		if keep {
			c.Datasets = append(c.Datasets, d)
		}
	}
}

func decodeTowerCmd(s *inStream) (TowerCmd, error) {
	w, err := s.word("a command")
	if err != nil {
		return TowerCmd{}, err
	}
	cmd := TowerCmd{Kind: TowerMoveTo}
	if w == "MOVETO" {
		if err := s.space(); err != nil {
			return cmd, err
		}
		if cmd.Col, err = s.number("MOVETO's column", math.MinInt32, math.MaxInt32); err != nil {
			return cmd, err
		}
		return cmd, s.eoln()
	}
	if w != "PUSH" && w != "PULL" && w != "GETDOWN" && w != "CLIMB" {
		return cmd, s.fail("unknown command %s, expected MOVETO, PUSH, PULL, GETDOWN or CLIMB", s.quotedWord())
	}
	if err := s.space(); err != nil {
		return cmd, err
	}
	d, err := s.word("RIGHT or LEFT")
	if err != nil {
		return cmd, err
	}
	if d != "RIGHT" && d != "LEFT" {
		return cmd, s.fail("%s: expected RIGHT or LEFT, found %s", w, s.quotedWord())
	}
	for k := TowerPushRight; k < towerKinds; k++ {
		if towerKindNames[k] == w+" "+d {
			cmd.Kind = k
		}
	}
	return cmd, s.eoln()
}

// TowerShape bounds the cases of one generator: closed ranges for the number of
// datasets, n, m and the number of commands per dataset. Careful players, when set, all
// play so that their games last (the wanderer of genTowerCmds).
type TowerShape struct {
	Datasets, N, M, Cmds [2]int
	Careful              bool
}

// TowerGen generates tower cases: most small enough to read at a glance, some with many
// datasets, some at the limits. Every case carries ShrinkTower.
func TowerGen() gopter.Gen { return towerGen(false) }

// TowerUnitGen generates tower cases to be packed into one input, for a hunt of a
// program: the towers of TowerGen one per case, and the cases at the limits whole but
// unitWeight times rarer, since a packed hunt runs that many more cases a second.
func TowerUnitGen() gopter.Gen { return towerGen(true) }

func towerGen(unit bool) gopter.Gen {
	sets, w := unitOr(unit)
	return pgen.Weighted([]pgen.WeightedGen{
		{Weight: w(450), Gen: TowerCase(TowerShape{Datasets: sets(1, 3), N: [2]int{3, 6}, M: [2]int{3, 7}, Cmds: [2]int{0, 14}})},
		{Weight: w(250), Gen: TowerCase(TowerShape{Datasets: sets(1, 5), N: [2]int{3, 12}, M: [2]int{3, 14}, Cmds: [2]int{0, 40}})},
		{Weight: w(120), Gen: TowerCase(TowerShape{Datasets: sets(20, 80), N: [2]int{3, 8}, M: [2]int{3, 8}, Cmds: [2]int{0, 25}})},
		{Weight: w(100), Gen: TowerCase(TowerShape{Datasets: sets(1, 8), N: [2]int{3, 25}, M: [2]int{3, 25}, Cmds: [2]int{0, 120}})},
		{Weight: w(30), Gen: TowerCase(TowerShape{Datasets: sets(1, 4), N: [2]int{3, 6}, M: [2]int{30, TowerMaxSide}, Cmds: [2]int{0, 80}})},
		{Weight: w(30), Gen: TowerCase(TowerShape{Datasets: sets(1, 4), N: [2]int{30, TowerMaxSide}, M: [2]int{3, 6}, Cmds: [2]int{0, 80}})},
		{Weight: w(8), Gen: TowerCase(TowerShape{Datasets: sets(1, 6), N: [2]int{45, TowerMaxSide}, M: [2]int{45, TowerMaxSide}, Cmds: [2]int{100, 300}})},
		// At the limits, 2 cases in 990 (see towerLimitWeight): hundreds of 50x50 towers,
		// each a long game of a patient player.
		{Weight: towerLimitWeight, Gen: TowerCase(TowerShape{Datasets: [2]int{100, 400}, N: [2]int{TowerMaxSide, TowerMaxSide}, M: [2]int{TowerMaxSide, TowerMaxSide},
			Cmds: [2]int{250, 500}, Careful: true})},
	})
}

// towerLimitWeight is how many cases in TowerGen's 990 are at the limits. The statement
// caps neither the datasets nor T; the limit case is the README benchmark's size (100-400
// towers of 50x50, 250-500 commands each, games that last), where a solution that does
// more than O(n·m) work per command, or settles the whole tower again and again, runs
// out of time. As for mine (mineLimitWeight), a hunt meets one every T = ((1-p)/R + p·C)
// / (p·W) seconds. Measured here, under load (2026-11-23): a limit case takes 0.14 s of
// CPU to generate and 0.89 s in ref, C ≈ 1 s; the other cases run at R ≈ 800/s per
// worker in process (1600 cases/s for the hunt before this change) and R ≈ 100/s with
// -cmd. With p = 2/990 = 0.2%: in process T = (0.00125 + 0.002) / 0.004 ≈ 0.8 s; with
// -cmd T = (0.00998 + 0.0022) / 0.004 ≈ 3 s, about 6 limit cases in 20 s.
const towerLimitWeight = 2

// TowerCase generates cases within one shape.
func TowerCase(shape TowerShape) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(genTower(p.Rng, shape), ShrinkTower)
	}
}

func genTower(r *rand.Rand, shape TowerShape) Tower {
	var c Tower
	count := pickEdge(r, shape.Datasets[0], shape.Datasets[1])
	for range count {
		n := pickEdge(r, shape.N[0], shape.N[1])
		m := pickEdge(r, shape.M[0], shape.M[1])
		rows := genTowerLayout(r, n, m)
		t := pickEdge(r, shape.Cmds[0], shape.Cmds[1]) // T = 0 one time in 8 when the shape allows it
		c.Datasets = append(c.Datasets, TowerDataset{Rows: rows, Cmds: genTowerCmds(r, rows, t, shape.Careful)})
	}
	return c
}

// towerLayout is a tower under construction: lv[y][x] for level y in 1..n (bottom up) and
// column x in 1..m, with h[x] the height of the stack that stands in column x.
type towerLayout struct {
	n, m int
	lv   [][]byte
	h    []int
	r    *rand.Rand
}

func (t *towerLayout) in(y, x int) bool { return y >= 1 && y <= t.n && x >= 1 && x <= t.m }

func (t *towerLayout) blockAt(y, x int) bool { return t.in(y, x) && t.lv[y][x] != '.' }

// supported: on level 1, or a block among the three lower cells (R-T16).
func (t *towerLayout) supported(y, x int) bool {
	return y == 1 || t.blockAt(y-1, x-1) || t.blockAt(y-1, x) || t.blockAt(y-1, x+1)
}

// top is the level of the highest block of column x, 0 when none.
func (t *towerLayout) top(x int) int {
	for y := t.n; y >= 1; y-- {
		if t.lv[y][x] != '.' {
			return y
		}
	}
	return 0
}

// genTowerLayout builds a tower the way the statement draws one: stacks that make pillars
// and stairs, overhangs leaning out from them, then block kinds put where they matter —
// ice runs with blocks to push over them, push chains with and without C, B under blocks
// and under other B, fragile stairs, a goal to climb onto or to push — and a player on
// the surface. A few layouts are unstable at the start (R-T3, R-T4.3).
func genTowerLayout(r *rand.Rand, n, m int) []string {
	t := &towerLayout{n: n, m: m, lv: make([][]byte, n+2), h: make([]int, m+2), r: r}
	for y := range t.lv {
		t.lv[y] = []byte(strings.Repeat(".", m+2))
	}
	maxH := max(n-2, 0) // room above the highest stack for the player and a climb
	// Stacks: a random walk of heights, with stairs (±1), pillars (jumps) and gaps.
	flat := r.Intn(4) == 0
	h := r.Intn(maxH/2 + 1)
	for x := 1; x <= m; x++ {
		switch v := r.Intn(10); {
		case flat:
		case v < 4:
			h += r.Intn(3) - 1 // stairs
		case v < 6:
			h = r.Intn(maxH + 1) // a pillar or a drop
		case v < 7:
			h = 0 // a gap
		}
		h = max(0, min(h, maxH))
		t.h[x] = h
		for y := 1; y <= h; y++ {
			t.lv[y][x] = '#'
		}
	}
	// Overhangs: from the top of a stack, blocks leaning out diagonally, each held by the
	// one below-beside it.
	for range r.Intn(m/4 + 2) {
		x := 1 + r.Intn(m)
		dir := 1 - 2*r.Intn(2)
		y := t.top(x)
		for k := 0; k < 1+r.Intn(3); k++ {
			x, y = x+dir, y+1
			if !t.in(y, x) || y > maxH+1 || t.lv[y][x] != '.' || !t.supported(y, x) {
				break
			}
			t.lv[y][x] = '#'
		}
	}
	features := r.Perm(8)[:2+r.Intn(5)]
	for _, f := range features {
		switch f {
		case 0:
			t.iceRun()
		case 1:
			t.pushChain(r.Intn(3) == 0)
		case 2:
			t.dimensionBlocks()
		case 3:
			t.fragileStairs()
		case 4:
			t.sprinkle()
		case 5:
			t.iceRun()
			t.pushChain(false)
		case 6:
			t.pushChain(true)
		case 7:
			t.fragileStairs()
			t.sprinkle()
		}
	}
	t.placeGoal()
	if r.Intn(10) == 0 {
		t.unsettle()
	}
	t.placePlayer()
	rows := make([]string, n)
	for i := range rows {
		rows[i] = string(t.lv[n-i][1 : m+1])
	}
	return rows
}

// surface returns a random empty cell standing on a block or on level 1, for
// something that must be stable where it is put.
func (t *towerLayout) surface() (y, x int, ok bool) {
	for range 30 {
		x = 1 + t.r.Intn(t.m)
		y = t.top(x) + 1
		if y <= t.n && t.lv[y][x] == '.' {
			return y, x, true
		}
	}
	return 0, 0, false
}

// iceRun turns a stretch of one level into ice: on level 1 often, since the floor keeps
// ice sliding there (R-T10), or on top of the stacks, and puts blocks on it to push.
func (t *towerLayout) iceRun() {
	x0 := 1 + t.r.Intn(t.m)
	x1 := min(t.m, x0+1+t.r.Intn(6))
	if t.r.Intn(3) == 0 {
		for x := x0; x <= x1; x++ { // level 1: ice on the floor, some gaps
			if t.r.Intn(5) > 0 {
				t.lv[1][x] = 'I'
			}
		}
		return
	}
	for x := x0; x <= x1; x++ { // a layer on top of the stacks
		y := t.top(x) + 1
		if y <= t.n-1 && t.supported(y, x) {
			t.lv[y][x] = 'I'
			if t.r.Intn(4) == 0 && y+1 <= t.n-1 {
				t.lv[y+1][x] = "#I2G"[t.r.Intn(4)] // a block riding on the ice, the goal now and then
			}
		}
	}
}

// pushChain lays a run of touching blocks on one level, each supported, with a C in it
// when withC; the player will stand beside it.
func (t *towerLayout) pushChain(withC bool) {
	y, x, ok := t.surface()
	if !ok {
		return
	}
	dir := 1 - 2*t.r.Intn(2)
	length := 1 + t.r.Intn(5)
	placed := 0
	for k := 0; k < length; k++ {
		if !t.in(y, x) || t.lv[y][x] != '.' || !t.supported(y, x) {
			break
		}
		t.lv[y][x] = "##I#3G"[t.r.Intn(6)]
		placed++
		x += dir
	}
	if withC && placed > 0 {
		x -= dir * (1 + t.r.Intn(placed))
		t.lv[y][x] = 'C'
	}
}

// dimensionBlocks turns blocks into B: under another block (which vanishes, R-T14), under
// another B (a stack of B), or on the surface where the player may step (Death by Hole).
func (t *towerLayout) dimensionBlocks() {
	for range 1 + t.r.Intn(3) {
		x := 1 + t.r.Intn(t.m)
		y := t.top(x)
		switch v := t.r.Intn(3); {
		case y >= 2 && v == 0:
			t.lv[y-1][x] = 'B' // under a block
		case y >= 3 && v == 1:
			t.lv[y-1][x], t.lv[y-2][x] = 'B', 'B' // B under B, a block on top
		case y >= 1:
			t.lv[y][x] = 'B' // on the surface
		}
	}
}

// fragileStairs turns the tops of a stretch of stacks into fragile blocks that the player
// must cross or climb.
func (t *towerLayout) fragileStairs() {
	x0 := 1 + t.r.Intn(t.m)
	for x := x0; x <= min(t.m, x0+t.r.Intn(5)); x++ {
		if y := t.top(x); y >= 1 {
			t.lv[y][x] = "123"[t.r.Intn(3)]
		}
	}
}

// sprinkle turns a few blocks into random kinds.
func (t *towerLayout) sprinkle() {
	for range 1 + t.r.Intn(t.m/2+1) {
		y, x := 1+t.r.Intn(t.n), 1+t.r.Intn(t.m)
		if t.lv[y][x] != '.' {
			t.lv[y][x] = "#ICB123"[t.r.Intn(7)]
		}
	}
}

// placeGoal leaves exactly one G: the first one a feature put (a block riding on ice or
// in a push chain, to be pushed), or a new one — the top of a stack to climb onto, on the
// surface beside where a player may stand, or any block.
func (t *towerLayout) placeGoal() {
	found := false
	for y := 1; y <= t.n; y++ {
		for x := 1; x <= t.m; x++ {
			if t.lv[y][x] == 'G' {
				if found {
					t.lv[y][x] = '#'
				}
				found = true
			}
		}
	}
	if found {
		return
	}
	switch v := t.r.Intn(3); {
	case v == 0:
		x := 1 + t.r.Intn(t.m)
		if y := t.top(x); y >= 1 {
			t.lv[y][x] = 'G'
			return
		}
	case v == 1:
		if y, x, ok := t.surface(); ok {
			t.lv[y][x] = 'G'
			return
		}
	}
	for range 40 {
		y, x := 1+t.r.Intn(t.n), 1+t.r.Intn(t.m)
		if t.lv[y][x] != '.' {
			t.lv[y][x] = 'G'
			return
		}
	}
	t.lv[1][1+t.r.Intn(t.m)] = 'G' // no block found: one on level 1
}

// unsettle makes the layout unstable at the start: a floating block (or G, or B), or a
// block put on a B.
func (t *towerLayout) unsettle() {
	for range 1 + t.r.Intn(3) {
		y, x := 2+t.r.Intn(t.n-1), 1+t.r.Intn(t.m)
		if t.lv[y][x] == '.' {
			t.lv[y][x] = "###IBC1"[t.r.Intn(7)]
		}
	}
}

// placePlayer puts S on an empty cell: mostly on the surface, sometimes floating
// (unstable), rarely right on G or on B (R-T3). The goal's cell is never overwritten.
func (t *towerLayout) placePlayer() {
	switch v := t.r.Intn(40); {
	case v == 0 || v == 1:
		for y := 1; y < t.n; y++ {
			for x := 1; x <= t.m; x++ {
				want := byte('G')
				if v == 1 {
					want = 'B'
				}
				if t.lv[y][x] == want && t.lv[y+1][x] == '.' {
					t.lv[y+1][x] = 'S'
					return
				}
			}
		}
	case v < 5:
		for range 30 {
			y, x := 1+t.r.Intn(t.n), 1+t.r.Intn(t.m)
			if t.lv[y][x] == '.' {
				t.lv[y][x] = 'S'
				return
			}
		}
	}
	for range 30 { // on the surface, but not already on G or B
		if y, x, ok := t.surface(); ok && (y == 1 || strings.IndexByte("GB", t.lv[y-1][x]) < 0) {
			t.lv[y][x] = 'S'
			return
		}
	}
	for y := t.n; y >= 1; y-- { // the grid is nearly full: any empty cell, else a block
		for x := 1; x <= t.m; x++ {
			if t.lv[y][x] == '.' {
				t.lv[y][x] = 'S'
				return
			}
		}
	}
	for x := 1; x <= t.m; x++ {
		if t.lv[t.n][x] != 'G' {
			t.lv[t.n][x] = 'S'
			return
		}
	}
}

// towerResult is the outcome of a dataset in the model (R-T18); towerLive while it runs.
type towerResult uint8

const (
	towerLive towerResult = iota
	towerCleared
	towerHole
	towerCrushed
	towerWalking
	towerGaveUp
)

// towerFeature is something that happened while the model played: the generator's tests
// count them to show that generated cases reach the hard parts of the rulebook.
type towerFeature uint64

const (
	featT0            towerFeature = 1 << iota // a dataset with T = 0
	featStartOver                              // over before the first command (R-T3)
	featUnstableStart                          // something to fall or vanish at the start
	featCleared                                // the results of R-T18
	featHole                                   //
	featCrushed                                //
	featWalking                                //
	featGaveUp                                 //
	featInvalid                                // an invalid command in a live game
	featMoveOutside                            // MOVETO outside 1..m
	featMoveFar                                // a valid MOVETO over 3 or more columns
	featClimb                                  //
	featGetDown                                //
	featPush                                   // a valid push
	featPushChain                              // a valid push of 2 or more blocks
	featPushC                                  // a push refused because of a C
	featPushOut                                // a block pushed or slid out of the tower
	featIceFloor                               // an ice block sliding on level 1
	featOnIce                                  // a block sliding on ice
	featIceStops                               // an ice block that stops with nothing under it
	featPushGoal                               // the goal pushed
	featPull                                   // a valid pull
	featPullGoal                               // the goal pulled
	featCountdown                              // a fragile block counting down
	featFragileGone                            // a fragile 1 vanishing
	featVanish                                 // a block vanishing on a B
	featVanishB                                // a B vanishing on a B
	featVanishGoal                             // the goal vanishing on a B
	featBlockFall                              // a block falling
	featFallOnPlayer                           // a block falling into or through the player's cell
	featPlayerFall                             // the player falling
	featClimbClear                             // Cleared right after a CLIMB
	featIgnored                                // commands after game over
)

// towerModel plays a dataset while its commands are generated, so that they can be chosen
// for the state. It follows docs/tower.md, and the tests compare its results with ref's,
// but it is a model for choosing moves, not a judge.
type towerModel struct {
	n, m   int
	g      [][]byte // g[y][x] with a frame of '.': levels 0..n+1, columns 0..m+1
	py, px int
	gy, gx int // the goal's initial cell
	result towerResult
	dirty  bool // the grid changed since the automatic steps last found nothing to do
	feat   towerFeature
	rule   rulingSet // the rulings whose situation the play reached (towerRulings)
	// goalGone: the goal was pushed out of the tower or vanished on a B.
	goalGone bool
}

func newTowerModel(rows []string) *towerModel {
	n, m := len(rows), len(rows[0])
	s := &towerModel{n: n, m: m, g: make([][]byte, n+2), dirty: true}
	for y := range s.g {
		s.g[y] = []byte(strings.Repeat(".", m+2))
	}
	for i, row := range rows {
		y := n - i
		for x := 1; x <= m; x++ {
			switch c := row[x-1]; c {
			case 'S':
				s.py, s.px = y, x
			case 'G':
				s.gy, s.gx = y, x
				s.g[y][x] = c
			default:
				s.g[y][x] = c
			}
		}
	}
	for y := 2; y <= n; y++ {
		for x := 1; x <= m; x++ {
			if s.blk(y, x) && (s.g[y-1][x] == 'B' || !s.held(y, x)) {
				s.feat |= featUnstableStart
			}
		}
	}
	if s.py > 1 && !s.blk(s.py-1, s.px) {
		s.feat |= featUnstableStart
	}
	if s.feat&featUnstableStart != 0 {
		s.rule |= rT3
	}
	if s.judge() {
		s.feat |= featStartOver
		s.rule |= rT3
	}
	return s
}

func (s *towerModel) blk(y, x int) bool {
	return y >= 1 && y <= s.n && x >= 1 && x <= s.m && s.g[y][x] != '.'
}

// held: a block among the three lower cells (level 1 is held by the floor).
func (s *towerModel) held(y, x int) bool {
	return y == 1 || s.blk(y-1, x-1) || s.blk(y-1, x) || s.blk(y-1, x+1)
}

// judge runs the check of R-T18 and reports whether the game is over.
func (s *towerModel) judge() bool {
	below := byte('_')
	if s.py > 1 {
		below = s.g[s.py-1][s.px]
	} else if s.rule&rT17 == 0 && s.floorLookalike() {
		s.rule |= rT17
	}
	cleared, hole, crushed, walking := below == 'G', below == 'B', s.blk(s.py, s.px), s.g[s.gy][s.gx] != 'G'
	if held := btoi(cleared) + btoi(hole) + btoi(crushed) + btoi(walking); held >= 2 || walking && s.goalGone {
		s.rule |= rT18
	}
	switch {
	case cleared:
		s.result = towerCleared
	case hole:
		s.result = towerHole
	case crushed:
		s.result = towerCrushed
	case walking:
		s.result = towerWalking
	default:
		return false
	}
	s.feat |= [...]towerFeature{towerCleared: featCleared, towerHole: featHole, towerCrushed: featCrushed, towerWalking: featWalking}[s.result]
	return true
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// floorLookalike reports, for a player on level 1, whether a G or B stands where a
// misread floor would be looked up: on level 1 itself, or on the top level of his
// column (where an index below level 1 wraps to).
func (s *towerModel) floorLookalike() bool {
	if c := s.g[s.n][s.px]; c == 'G' || c == 'B' {
		return true
	}
	for x := 1; x <= s.m; x++ {
		if c := s.g[1][x]; c == 'G' || c == 'B' {
			return true
		}
	}
	return false
}

// valid reports whether c would be carried out (R-T6..R-T11).
func (s *towerModel) valid(c TowerCmd) bool {
	d := c.Kind.dir()
	y, x := s.py, s.px
	switch c.Kind {
	case TowerMoveTo:
		if c.Col < 1 || c.Col > s.m || c.Col == x || s.blk(y, c.Col) {
			return false
		}
		for k := min(x, c.Col); y > 1 && k <= max(x, c.Col); k++ {
			if !s.blk(y-1, k) {
				return false
			}
		}
		return true
	case TowerClimbRight, TowerClimbLeft:
		return y < s.n && s.blk(y, x+d) && !s.blk(y+1, x) && !s.blk(y+1, x+d)
	case TowerGetDownRight, TowerGetDownLeft:
		return y > 1 && x+d >= 1 && x+d <= s.m && !s.blk(y, x+d) && !s.blk(y-1, x+d)
	case TowerPushRight, TowerPushLeft:
		k := x + d
		for ; s.blk(y, k); k += d {
			if s.g[y][k] == 'C' {
				return false
			}
		}
		return k != x+d
	default: // PULL
		return s.blk(y, x-d) && s.g[y][x-d] != 'C' && x+d >= 1 && x+d <= s.m && !s.blk(y, x+d)
	}
}

// play handles one command as R-T4 says.
func (s *towerModel) play(c TowerCmd) {
	if s.result != towerLive {
		s.feat |= featIgnored
		s.rule |= rT5
		return
	}
	if c.Kind == TowerMoveTo && (c.Col < 1 || c.Col > s.m) {
		s.feat |= featMoveOutside
	}
	if s.py > 1 && strings.IndexByte("123", s.g[s.py-1][s.px]) >= 0 {
		s.rule |= rT12
	}
	valid := s.valid(c)
	s.rule |= s.commandRulings(c, valid)
	climbed := false
	if !valid {
		s.feat |= featInvalid
		if (c.Kind == TowerPushRight || c.Kind == TowerPushLeft) && s.blk(s.py, s.px+c.Kind.dir()) {
			s.feat |= featPushC
		}
	} else {
		d := c.Kind.dir()
		oy, ox := s.py, s.px
		switch c.Kind {
		case TowerMoveTo:
			if c.Col-ox >= 3 || ox-c.Col >= 3 {
				s.feat |= featMoveFar
			}
			s.px = c.Col
		case TowerClimbRight, TowerClimbLeft:
			s.py, s.px = oy+1, ox+d
			s.feat |= featClimb
			climbed = true
		case TowerGetDownRight, TowerGetDownLeft:
			s.py, s.px = oy-1, ox+d
			s.feat |= featGetDown
		case TowerPushRight, TowerPushLeft:
			s.push(d)
		default:
			s.feat |= featPull
			if s.g[oy][ox-d] == 'G' {
				s.feat |= featPullGoal
			}
			s.g[oy][ox], s.g[oy][ox-d] = s.g[oy][ox-d], '.'
			s.px = ox + d
			s.dirty = true
		}
		if c.Kind != TowerPushRight && c.Kind != TowerPushLeft && oy > 1 { // R-T12
			if k := strings.IndexByte("123", s.g[oy-1][ox]); k >= 0 {
				s.g[oy-1][ox] = ".12"[k]
				s.feat |= featCountdown
				if k == 0 {
					s.feat |= featFragileGone
				}
				s.dirty = true
			}
		}
	}
	if s.judge() {
		if s.settledResult() != s.result {
			s.rule |= rT4
		}
	} else {
		if s.settle() && !valid {
			s.rule |= rT4
		}
		s.judge()
	}
	if climbed && s.result == towerCleared {
		s.feat |= featClimbClear
	}
}

// settledResult is the result a check would give if the automatic steps ran first: a
// game over right after an action that it changes is R-T4.2's situation. It plays on a
// copy; towerLive means the game would go on.
func (s *towerModel) settledResult() towerResult {
	t := *s
	t.g = make([][]byte, len(s.g))
	for y := range s.g {
		t.g[y] = slices.Clone(s.g[y])
	}
	t.result = towerLive
	t.settle()
	t.judge()
	return t.result
}

// commandRulings are the rulings whose situation the command c reaches in the state
// before it is handled, valid telling whether it will be carried out: for each command
// the cases its ruling decides beyond the statement's words (see towerRulings).
func (s *towerModel) commandRulings(c TowerCmd, valid bool) rulingSet {
	y, x, d := s.py, s.px, c.Kind.dir()
	switch c.Kind {
	case TowerMoveTo:
		if !valid || y == 1 {
			return rT6
		}
		for k := min(x, c.Col); k <= max(x, c.Col); k++ {
			if k != x && k != c.Col && s.blk(y, k) || k != c.Col && s.g[y-1][k] == 'B' {
				return rT6
			}
		}
	case TowerClimbRight, TowerClimbLeft:
		if !valid || s.g[y][x+d] != '#' || y > 1 && !s.blk(y-1, x) {
			return rT7
		}
	case TowerGetDownRight, TowerGetDownLeft:
		if !valid || y-1 == 1 || !s.blk(y-2, x+d) {
			return rT8
		}
	case TowerPushRight, TowerPushLeft:
		if valid || s.blk(y, x+d) { // carried out, or refused for a C in the chain
			return rT9
		}
	default:
		if s.blk(y, x-1) || s.blk(y, x+1) {
			return rT11
		}
	}
	return 0
}

// push moves the chain beside the player, farthest block first, each sliding (R-T9, R-T10).
func (s *towerModel) push(d int) {
	y := s.py
	var chain []int
	for k := s.px + d; s.blk(y, k); k += d {
		chain = append(chain, k)
	}
	s.feat |= featPush
	if len(chain) >= 2 {
		s.feat |= featPushChain
	}
	s.dirty = true
	for i := len(chain) - 1; i >= 0; i-- {
		x := chain[i]
		kind := s.g[y][x]
		if kind == 'G' {
			s.feat |= featPushGoal
		}
		s.g[y][x] = '.'
		x += d
		for {
			if x < 1 || x > s.m {
				s.feat |= featPushOut
				s.goalGone = s.goalGone || kind == 'G'
				break
			}
			s.g[y][x] = kind
			onFloor := y == 1
			below := s.g[y-1][x]
			if (kind == 'I' || onFloor || below == 'I') && !s.blk(y, x+d) {
				s.rule |= rT10
			}
			iceOn := kind == 'I' && (onFloor || below != '.')
			if !iceOn && !(below == 'I' && !onFloor) {
				if kind == 'I' && below == '.' && x != chain[i]+d {
					s.feat |= featIceStops
				}
				break
			}
			if s.blk(y, x+d) {
				break
			}
			if kind == 'I' && onFloor {
				s.feat |= featIceFloor
			}
			if below == 'I' && !onFloor {
				s.feat |= featOnIce
			}
			s.g[y][x] = '.'
			x += d
		}
	}
}

// settle runs the automatic rounds (R-T13..R-T16) and reports whether they changed
// anything. A grid that has not changed since they last found nothing to do can only let
// the player fall, which saves the scans.
func (s *towerModel) settle() bool {
	for rounds := 0; ; rounds++ {
		changed, fell, moved := false, false, false
		if s.dirty {
			var doomed [][2]int
			for y := 2; y <= s.n; y++ {
				for x := 1; x <= s.m; x++ {
					switch {
					case !s.blk(y, x):
					case s.g[y-1][x] == 'B':
						doomed = append(doomed, [2]int{y, x})
					case s.g[y-1][x-1] == 'B' || s.g[y-1][x+1] == 'B':
						s.rule |= rT14 // held diagonally by a B: it stays
					}
				}
			}
			for _, c := range doomed {
				switch s.g[c[0]][c[1]] {
				case 'B':
					s.feat |= featVanishB
				case 'G':
					s.feat |= featVanishGoal
					s.goalGone = true
				}
				s.g[c[0]][c[1]] = '.'
				s.feat |= featVanish
				s.rule |= rT14
				changed, moved = true, true
			}
		}
		for s.py > 1 && !s.blk(s.py-1, s.px) {
			s.py--
			s.feat |= featPlayerFall
			s.rule |= rT15
			changed, fell = true, true
		}
		if s.dirty {
			for y := 2; y <= s.n; y++ {
				for x := 1; x <= s.m; x++ {
					if !s.blk(y, x) || s.held(y, x) {
						continue
					}
					kind := s.g[y][x]
					s.g[y][x] = '.'
					to := y - 1
					for !s.held(to, x) {
						to--
					}
					if x == s.px && to <= s.py && s.py < y {
						s.feat |= featFallOnPlayer
						s.rule |= rT18
					}
					s.g[to][x] = kind
					s.feat |= featBlockFall
					s.rule |= rT16
					changed, moved = true, true
				}
			}
		}
		if !changed {
			s.dirty = false
			return rounds > 0
		}
		if rounds > 0 || fell && moved {
			s.rule |= rT13
		}
	}
}

// towerTemper is how a generated player plays: weights of choosing an invalid command, a
// move towards the goal, a push or pull, and any valid command. A careful player never
// pushes or pulls and never steps above a B: his games last. A patient one does not step
// above G either, so that they last longer still.
type towerTemper struct {
	invalid, seek, shove, any int
	careful, patient          bool
}

func genTowerCmds(r *rand.Rand, rows []string, t int, careful bool) []TowerCmd {
	s := newTowerModel(rows)
	tm := towerTemper{invalid: r.Intn(4), seek: r.Intn(8), shove: r.Intn(5), any: 1 + r.Intn(6)}
	switch r.Intn(4) {
	case 0:
		tm.seek += 10 // a player who wants the goal
	case 1:
		tm = towerTemper{invalid: r.Intn(2), any: 1, careful: true} // a wanderer
	}
	if careful {
		tm = towerTemper{invalid: r.Intn(2), any: 1, careful: true, patient: true}
	}
	cmds := make([]TowerCmd, 0, t)
	for len(cmds) < t {
		var c TowerCmd
		if s.result != towerLive {
			c = s.randomCmd(r)
		} else {
			c = s.choose(r, tm)
		}
		cmds = append(cmds, c)
		s.play(c)
	}
	return cmds
}

// randomCmd is any command, most likely invalid: MOVETO's column is also drawn from the
// odd values (0, m+1, negative, the player's own, the int32 limits).
func (s *towerModel) randomCmd(r *rand.Rand) TowerCmd {
	c := TowerCmd{Kind: TowerKind(r.Intn(int(towerKinds)))}
	if c.Kind == TowerMoveTo {
		c.Col = []int{1 + r.Intn(s.m), 1 + r.Intn(s.m), s.px, 0, s.m + 1, -1 - r.Intn(3), s.m + 1 + r.Intn(100),
			math.MaxInt32, math.MinInt32}[r.Intn(9)]
	}
	return c
}

// choose picks a command for the state, per the temperament.
func (s *towerModel) choose(r *rand.Rand, tm towerTemper) TowerCmd {
	v := r.Intn(tm.invalid + tm.seek + tm.shove + tm.any)
	if v < tm.invalid {
		return s.randomCmd(r)
	}
	var valid []TowerCmd
	for k := TowerPushRight; k < towerKinds; k++ {
		if c := (TowerCmd{Kind: k}); s.valid(c) {
			valid = append(valid, c)
		}
	}
	for x := 1; x <= s.m; x++ {
		if c := (TowerCmd{Kind: TowerMoveTo, Col: x}); s.valid(c) {
			valid = append(valid, c)
		}
	}
	if tm.careful {
		safe := valid[:0]
		for _, c := range valid {
			if y, x := s.dest(c); c.Kind < TowerPushRight || c.Kind > TowerPullLeft {
				if y == 1 || s.g[y-1][x] != 'B' && !(tm.patient && s.g[y-1][x] == 'G') {
					safe = append(safe, c)
				}
			}
		}
		valid = safe
	}
	if len(valid) == 0 {
		return s.randomCmd(r)
	}
	v -= tm.invalid
	switch {
	case v < tm.seek:
		return s.seek(r, valid)
	case v < tm.seek+tm.shove:
		var shoves []TowerCmd
		for _, c := range valid {
			if c.Kind >= TowerPushRight && c.Kind <= TowerPullLeft {
				shoves = append(shoves, c)
			}
		}
		if len(shoves) > 0 {
			return shoves[r.Intn(len(shoves))]
		}
	}
	return valid[r.Intn(len(valid))]
}

// seek picks the valid command that brings the player nearest to standing on the goal,
// counting a level as three columns; ties at random.
func (s *towerModel) seek(r *rand.Rand, valid []TowerCmd) TowerCmd {
	gy, gx := s.gy, s.gx
	best, bestScore, ties := valid[0], math.MaxInt, 0
	for _, c := range valid {
		y, x := s.dest(c)
		score := 3*abs(y-(gy+1)) + abs(x-gx)
		if s.blk(y-1, x) && s.g[y-1][x] == 'B' {
			score += 5
		}
		switch {
		case score < bestScore:
			best, bestScore, ties = c, score, 1
		case score == bestScore:
			if ties++; r.Intn(ties) == 0 {
				best = c
			}
		}
	}
	return best
}

// dest is where the valid command c puts the player, before any fall.
func (s *towerModel) dest(c TowerCmd) (y, x int) {
	y, x, d := s.py, s.px, c.Kind.dir()
	switch c.Kind {
	case TowerMoveTo:
		x = c.Col
	case TowerClimbRight, TowerClimbLeft:
		y, x = y+1, x+d
	case TowerGetDownRight, TowerGetDownLeft:
		y, x = y-1, x+d
	case TowerPullRight, TowerPullLeft:
		x += d
	}
	return y, x
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// towerFeatures plays every dataset of c on the model and returns what happened, and the
// result of each dataset.
func towerFeatures(c Tower) (towerFeature, []towerResult) {
	var f towerFeature
	var results []towerResult
	for _, d := range c.Datasets {
		s := newTowerModel(d.Rows)
		if len(d.Cmds) == 0 {
			f |= featT0
		}
		for _, cmd := range d.Cmds {
			s.play(cmd)
		}
		if s.result == towerLive {
			s.result = towerGaveUp
			s.feat |= featGaveUp
		}
		f |= s.feat
		results = append(results, s.result)
	}
	return f, results
}

// ShrinkTower is the gopter.Shrinker of tower cases. Its cuts, biggest first across all
// of them (shrinkCuts): datasets, and in each dataset commands, levels and columns (never
// the one holding S or G, never below 3; MOVETO columns follow their column, and those
// aimed at a cropped one go), blocks turned into '.', and blocks turned into '#'. Then
// its numbers: each MOVETO column toward the smallest that keeps its meaning — one
// outside 1..m to m+1 or 0, one inside toward 1 (to 1, halfway, one less). Every
// candidate passes DecodeTower and is smaller in the order (datasets, commands, Σ n·m,
// blocks, blocks other than '#', Σ |column|). (T is the number of commands, so the
// command cuts shrink it.)
func ShrinkTower(v any) gopter.Shrink { return shrinkTower(v.(Tower), skipTwins) }

func shrinkTower(c Tower, twins twinCuts) gopter.Shrink {
	with := func(i int, d TowerDataset) Tower {
		ds := slices.Clone(c.Datasets)
		ds[i] = d
		return Tower{Datasets: ds}
	}
	lists := []cutList{
		sized(len(c.Datasets), func(lo, hi int) (any, bool) {
			if hi-lo == len(c.Datasets) {
				return nil, false
			}
			return Tower{Datasets: slices.Concat(c.Datasets[:lo], c.Datasets[hi:])}, true
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Datasets[a:a+n], c.Datasets[b:b+n], func(d, e TowerDataset) bool {
				return slices.Equal(d.Rows, e.Rows) && slices.Equal(d.Cmds, e.Cmds)
			})
		}),
	}
	for i, d := range c.Datasets {
		lists = append(lists, sized(len(d.Cmds), func(lo, hi int) (any, bool) {
			cmds := slices.Concat(d.Cmds[:lo], d.Cmds[hi:])
			return with(i, TowerDataset{Rows: d.Rows, Cmds: cmds}), true
		}).withTwins(func(a, b, n int) bool { return slices.Equal(d.Cmds[a:a+n], d.Cmds[b:b+n]) }))
	}
	moveTo := func(cmd *TowerCmd) *int {
		if cmd.Kind != TowerMoveTo {
			return nil
		}
		return &cmd.Col
	}
	for i, d := range c.Datasets {
		n, m := len(d.Rows), len(d.Rows[0])
		lists = append(lists,
			sized(n, func(lo, hi int) (any, bool) {
				if n-(hi-lo) < TowerMinSide {
					return nil, false
				}
				for _, row := range d.Rows[lo:hi] {
					if strings.ContainsAny(row, "SG") {
						return nil, false
					}
				}
				rows := slices.Concat(d.Rows[:lo], d.Rows[hi:])
				return with(i, TowerDataset{Rows: rows, Cmds: d.Cmds}), true
			}).withTwins(func(a, b, n int) bool { return sameRows(d.Rows, a, b, n) }),
			sized(m, func(lo, hi int) (any, bool) {
				if m-(hi-lo) < TowerMinSide {
					return nil, false
				}
				for _, row := range d.Rows {
					if strings.ContainsAny(row[lo:hi], "SG") {
						return nil, false
					}
				}
				cmds := cutCoordinate(d.Cmds, lo, hi, moveTo)
				return with(i, TowerDataset{Rows: withoutColumns(d.Rows, lo, hi), Cmds: cmds}), true
			}).withTwins(func(a, b, n int) bool {
				return sameColumns(d.Rows, a, b, n) && noCoordinateIn(d.Cmds, a, b+n, moveTo)
			}))
	}
	for i, d := range c.Datasets {
		lists = append(lists,
			cellCuts(d.Rows, "#ICB123", func(blocks []int, lo, hi int) (any, bool) {
				return with(i, TowerDataset{Rows: withCells(d.Rows, blocks[lo:hi], '.'), Cmds: d.Cmds}), true
			}),
			cellCuts(d.Rows, "ICB123", func(odd []int, lo, hi int) (any, bool) {
				return with(i, TowerDataset{Rows: withCells(d.Rows, odd[lo:hi], '#'), Cmds: d.Cmds}), true
			}))
	}
	// The numbers: one per command of every dataset in a row; only MOVETO's count.
	total, locate := inARow(c.Datasets, func(d TowerDataset) int { return len(d.Cmds) })
	numbers := shrinkNumbers(total, func(i int) []int {
		set, k := locate(i)
		cmd, m := c.Datasets[set].Cmds[k], len(c.Datasets[set].Rows[0])
		switch {
		case cmd.Kind != TowerMoveTo:
			return nil
		case cmd.Col > m+1:
			return []int{m + 1}
		case cmd.Col < 0:
			return []int{0}
		case cmd.Col <= m:
			return toward(cmd.Col, 1)
		}
		return nil
	}, func(i, v int) any {
		set, k := locate(i)
		d := c.Datasets[set]
		cmds := slices.Clone(d.Cmds)
		cmds[k].Col = v
		return with(set, TowerDataset{Rows: d.Rows, Cmds: cmds})
	})
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), numbers)
}

// towerCellBytes are the cells a byte of TowerFromBytes stands for, by weight (the byte
// modulo its length); S and G are placed after.
const towerCellBytes = "..........####IICB123"

// towerColumnEscape is the column byte after which a MOVETO column is four bytes, an
// int32; other column bytes are the column as an int8.
const towerColumnEscape = 0x80

// TowerFromBytes decodes arbitrary fuzzer bytes into a valid tower case, deterministically,
// on the shared tape: the number of datasets (1..3 usually, more when asked; they stop
// when the bytes run out, after the first), per dataset n and m (3..10, up to 50 when
// asked), a byte per cell (mostly '.' and '#', every block kind possible), where S and G
// go, T (0..31, more when asked; the commands stop when the bytes run out), then per
// command a kind byte and a column byte, read for MOVETO alone as an int8 (outside 1..m
// at times), or, after the escape byte, as an int32 from four more. Tower.Bytes writes
// the bytes of a given case.
func TowerFromBytes(data []byte) Tower {
	t := &tape{data: data}
	var c Tower
	count := t.size(1, 3, 1<<16)
	for len(c.Datasets) < count && (len(c.Datasets) == 0 || !t.exhausted()) {
		n, m := t.size(TowerMinSide, 8, TowerMaxSide), t.size(TowerMinSide, 8, TowerMaxSide)
		grid := make([][]byte, n)
		for y := range grid {
			grid[y] = make([]byte, m)
			for x := range grid[y] {
				grid[y][x] = towerCellBytes[t.intn(len(towerCellBytes))]
			}
		}
		sy, sx := t.intn(n), t.intn(m)
		gy, gx := t.intn(n), t.intn(m)
		if gy == sy && gx == sx {
			gx = (gx + 1) % m
		}
		grid[sy][sx], grid[gy][gx] = 'S', 'G'
		rows := make([]string, n)
		for y := range grid {
			rows[y] = string(grid[y])
		}
		d := TowerDataset{Rows: rows}
		for range t.size(0, 32, math.MaxInt32) {
			if t.exhausted() {
				break
			}
			cmd := TowerCmd{Kind: TowerKind(t.intn(int(towerKinds)))}
			b := t.byte()
			if cmd.Kind == TowerMoveTo {
				cmd.Col = int(int8(b))
				if b == towerColumnEscape {
					cmd.Col = int(int32(uint32(t.intn(1 << 32))))
				}
			}
			d.Cmds = append(d.Cmds, cmd)
		}
		c.Datasets = append(c.Datasets, d)
	}
	return c
}

// Bytes is the inverse of TowerFromBytes for a valid case: TowerFromBytes(c.Bytes())
// encodes to exactly c.Encode(). Fuzz seeds made with it keep a fuzzer's small changes
// near the towers: a changed byte changes one cell or one command, almost always.
func (c Tower) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Datasets), 1, 3, 1<<16)
	for _, d := range c.Datasets {
		n, m := len(d.Rows), len(d.Rows[0])
		w.size(n, TowerMinSide, 8, TowerMaxSide)
		w.size(m, TowerMinSide, 8, TowerMaxSide)
		var sy, sx, gy, gx int
		for y, row := range d.Rows {
			for x := 0; x < m; x++ {
				switch row[x] {
				case 'S':
					sy, sx = y, x
				case 'G':
					gy, gx = y, x
				}
				w.byte(byte(max(strings.IndexByte(towerCellBytes, row[x]), 0))) // S and G: '.'
			}
		}
		w.intn(sy, n)
		w.intn(sx, m)
		w.intn(gy, n)
		w.intn(gx, m)
		w.size(len(d.Cmds), 0, 32, math.MaxInt32)
		for _, cmd := range d.Cmds {
			w.byte(byte(cmd.Kind))
			switch {
			case cmd.Kind != TowerMoveTo:
				w.byte(0)
			case cmd.Col >= math.MinInt8 && cmd.Col <= math.MaxInt8 && cmd.Col != int(int8(towerColumnEscape-256)):
				w.byte(byte(int8(cmd.Col)))
			default:
				w.byte(towerColumnEscape)
				w.intn(int(uint32(int32(cmd.Col))), 1<<32)
			}
		}
	}
	return w.data
}

// towerSample is the statement's sample input.
const towerSample = `8 8
........
........
....###.
...#.#.G
S#B...##
#ICII.I#
#..#.#.#
.#..#.#.
7
PUSH RIGHT
MOVETO 2
CLIMB RIGHT
CLIMB RIGHT
GETDOWN RIGHT
CLIMB RIGHT
GETDOWN RIGHT
8 8
........
........
........
...G....
S#B.....
#ICIIIII
#..#.#.#
.#..#.#.
4
PUSH RIGHT
MOVETO 2
CLIMB RIGHT
CLIMB RIGHT
8 8
........
....#.#.
.....#.G
...#..#.
S#B....#
#ICIII.#
#..#.#.#
.#..#.#.
8
PUSH RIGHT
MOVETO 2
CLIMB RIGHT
CLIMB RIGHT
CLIMB RIGHT
GETDOWN RIGHT
CLIMB RIGHT
GETDOWN RIGHT
0 0
`

// TowerPlan is a test set for tower. The statement has no test table, so the plan is
// the one a setter would write: the sample; small towers by the hundred; wide and tall
// ones; long games on mid-size towers; towers at 50x50 with a few hundred commands; and
// the benchmark's 400 towers of 50x50 with 250 commands each.
func TowerPlan() []PlanTest {
	sample, err := DecodeTower([]byte(towerSample))
	if err != nil {
		panic("gen: the tower sample is invalid: " + err.Error())
	}
	plan := []PlanTest{{
		Call: "tower -sample",
		Gen: func(*gopter.GenParameters) *gopter.GenResult {
			return gopter.NewGenResult(sample, ShrinkTower)
		},
	}}
	for _, s := range []TowerShape{
		{Datasets: [2]int{200, 200}, N: [2]int{3, 6}, M: [2]int{3, 6}, Cmds: [2]int{0, 20}},
		{Datasets: [2]int{200, 200}, N: [2]int{3, 12}, M: [2]int{3, 12}, Cmds: [2]int{0, 60}},
		{Datasets: [2]int{50, 50}, N: [2]int{3, 5}, M: [2]int{40, TowerMaxSide}, Cmds: [2]int{50, 200}},
		{Datasets: [2]int{50, 50}, N: [2]int{40, TowerMaxSide}, M: [2]int{3, 5}, Cmds: [2]int{50, 200}},
		{Datasets: [2]int{100, 100}, N: [2]int{15, 30}, M: [2]int{15, 30}, Cmds: [2]int{100, 400}},
		{Datasets: [2]int{20, 20}, N: [2]int{TowerMaxSide, TowerMaxSide}, M: [2]int{TowerMaxSide, TowerMaxSide}, Cmds: [2]int{300, 1000}},
		{Datasets: [2]int{400, 400}, N: [2]int{TowerMaxSide, TowerMaxSide}, M: [2]int{TowerMaxSide, TowerMaxSide}, Cmds: [2]int{250, 250}},
	} {
		plan = append(plan, PlanTest{
			Call: fmt.Sprintf("tower -datasets %d -n %d-%d -m %d-%d -cmds %d-%d", s.Datasets[0], s.N[0], s.N[1], s.M[0], s.M[1], s.Cmds[0], s.Cmds[1]),
			Gen:  TowerCase(s),
		})
	}
	return plan
}

// towerRuleFeatures names each feature by the rule of docs/tower.md it exercises, in the
// rulebook's order.
var towerRuleFeatures = []struct {
	name string
	feat towerFeature
}{
	{"R-T3 game over before the first command", featStartOver},
	{"R-T3/R-T13 unstable start", featUnstableStart},
	{"R-T4 invalid command ignored", featInvalid},
	{"R-T5 T = 0", featT0},
	{"R-T5 commands after game over", featIgnored},
	{"R-T6 MOVETO outside 1..m", featMoveOutside},
	{"R-T6 MOVETO over 3+ columns", featMoveFar},
	{"R-T7 CLIMB", featClimb},
	{"R-T8 GETDOWN", featGetDown},
	{"R-T9 PUSH", featPush},
	{"R-T9 PUSH of a chain", featPushChain},
	{"R-T9 PUSH refused by C", featPushC},
	{"R-T9 block pushed out", featPushOut},
	{"R-T9 goal pushed", featPushGoal},
	{"R-T10 ice slides on level 1", featIceFloor},
	{"R-T10 block slides on ice", featOnIce},
	{"R-T10 ice stops over nothing", featIceStops},
	{"R-T11 PULL", featPull},
	{"R-T11 goal pulled", featPullGoal},
	{"R-T12 fragile counts down", featCountdown},
	{"R-T12 fragile 1 vanishes", featFragileGone},
	{"R-T14 block vanishes on B", featVanish},
	{"R-T14 B vanishes on B", featVanishB},
	{"R-T14 goal vanishes on B", featVanishGoal},
	{"R-T15 player falls", featPlayerFall},
	{"R-T16 block falls", featBlockFall},
	{"R-T16 block falls into the player's cell", featFallOnPlayer},
	{"R-T18 (A) Cleared", featCleared},
	{"R-T18 (A) Cleared right after CLIMB", featClimbClear},
	{"R-T18 (B) Death by Hole", featHole},
	{"R-T18 (C) Death by Block", featCrushed},
	{"R-T18 (D) Death by Walking Goal", featWalking},
	{"R-T18 (E) Gave Up", featGaveUp},
}

// The rulings of docs/tower.md a tower solution can read differently, as bits of a
// rulingSet, in the order of towerRulings.
const (
	rT3 rulingSet = 1 << iota
	rT4
	rT5
	rT6
	rT7
	rT8
	rT9
	rT10
	rT11
	rT12
	rT13
	rT14
	rT15
	rT16
	rT17
	rT18
)

// towerRulings are the rulings R-T3..R-T18 (R-T1 and R-T2 are the input and the field,
// which the validator and every reading share), each with the situation that lets a
// misreading show. The model sets them while it plays (towerModel.rule); the misreading
// each situation has in mind:
//   - R-T3: a check before any automatic step, so a player starting on G or B is over at
//     once (a solution checking only after commands plays on), and an unstable layout
//     stays as given until the first command (a solution settling it first differs).
//   - R-T4: a check right after the action, before the automatic steps (a game over
//     there that a check after the steps would judge otherwise: a push moving G under a
//     block about to fall on the player), and automatic steps after an ignored command
//     too (on an unstable layout they change something; a solution skipping them
//     differs).
//   - R-T5: T = 0 still gives Gave Up, and commands after the end are read and ignored
//     (a solution that stops reading loses its place in the input).
//   - R-T6: MOVETO's clauses: a column outside 1..m or his own is ignored, the target
//     must be empty and the way below all blocks unless on level 1, a floating player
//     cannot move, blocks on his own level and B below the way do not matter. Every
//     invalid MOVETO, and every valid one from level 1, past a block on his level or over
//     a B, is one a misreading decides otherwise.
//   - R-T7: CLIMB onto any kind of block, without support, refused by any occupied cell
//     above or at the top: every invalid CLIMB, one onto a block other than '#', one with
//     nothing under the player.
//   - R-T8: GETDOWN's cells (the side cell inside and empty, the one below it empty) and
//     the fall after it: every invalid GETDOWN, and every valid one onto level 1 (the
//     floor) or onto a cell with nothing under it (he falls), where a solution requiring
//     a block under the target differs.
//   - R-T9: the chain is pushed, the player stays, farthest block first, out of the
//     tower it vanishes, a C stops it: every push carried out (a Sokoban reading moves the
//     player) and every push refused for a C.
//   - R-T10: sliding: ice slides on blocks and on the floor, any block slides on ice, a
//     non-ice block on level 1 does not: a pushed block, after its one-cell move, that is
//     ice, stands on ice or is on level 1, with nothing ahead of it.
//   - R-T11: PULL RIGHT pulls the block on his left (the names invite the opposite), a C
//     is not pulled, the cell he moves to must be inside and empty, the block never
//     slides and he needs no support: every PULL with a block beside him.
//   - R-T12: a fragile block counts down when a valid MOVETO, CLIMB, GETDOWN or PULL moves
//     the player off it, and never otherwise (PUSH, an ignored command, standing): every
//     command handled while he stands on a fragile block.
//   - R-T13: the round's order (vanish, player, blocks) and rounds repeated until nothing
//     changes: automatic steps that change something in a second round, or in which the
//     player falls in the round a block falls or vanishes.
//   - R-T14: every kind of block directly on a B vanishes, all at once; one held
//     diagonally by a B does not: a block directly or diagonally on top of a B when the
//     steps run.
//   - R-T15: the player falls all the way in one step, held only by the cell directly
//     below: the player falls.
//   - R-T16: blocks fall bottom to top, left to right, every kind, through the player:
//     a block falls.
//   - R-T17: below level 1 is the floor, neither G nor B: a check with the player on
//     level 1 while a G or B stands where a misread floor is looked up (on level 1, or at
//     the top of his column, where an index below level 1 wraps).
//   - R-T18: the order (A)-(D), (C) only for a block still in his cell, (D) for a goal
//     gone from the tower: a check where two conditions hold, a block falling into or
//     through his cell, the game lost by a goal that left the tower or vanished.
var towerRulings = []Ruling{
	{"R-T3", "the player starts on G or B, or the layout is unstable at the start"},
	{"R-T4", "a game over right after an action that the automatic steps would change, or an ignored command followed by automatic steps that change something"},
	{"R-T5", "T = 0, or commands after the end of the game"},
	{"R-T6", "a MOVETO that is invalid (outside 1..m, his column, an occupied cell, a gap below, floating), or valid from level 1, past a block on his level or over a B"},
	{"R-T7", "a CLIMB that is invalid, onto a block other than '#', or with nothing under the player"},
	{"R-T8", "a GETDOWN that is invalid, or valid onto level 1 or onto a cell with nothing under it"},
	{"R-T9", "a push carried out, or refused for a C in the chain"},
	{"R-T10", "a pushed block that is ice, stands on ice or is on level 1, with nothing ahead of it"},
	{"R-T11", "a PULL with a block beside the player"},
	{"R-T12", "a command while the player stands on a fragile block"},
	{"R-T13", "automatic steps that change something in a second round, or that move the player and a block in one round"},
	{"R-T14", "a block directly or diagonally on top of a B when the automatic steps run"},
	{"R-T15", "the player falls"},
	{"R-T16", "a block falls"},
	{"R-T17", "a check with the player on level 1 while a G or B is on level 1 or at the top of his column"},
	{"R-T18", "a check where two conditions hold, a block falling into or through the player's cell, or a goal gone from the tower"},
}

// TowerRulings lists the rulings of tower a solution can read differently, in the
// rulebook's order, each with the situation Tower.Rulings looks for.
func TowerRulings() []Ruling { return slices.Clone(towerRulings) }

// Rulings plays each dataset on the generator's model and returns the ids of the rulings
// whose situation some dataset reaches (see TowerRulings), in the rulebook's order. It
// costs one play per dataset, less than generating the case; a case of one dataset is
// asked the same way.
func (c Tower) Rulings() []string {
	var set rulingSet
	for _, d := range c.Datasets {
		if len(d.Cmds) == 0 {
			set |= rT5
		}
		s := newTowerModel(d.Rows)
		for _, cmd := range d.Cmds {
			s.play(cmd)
			if s.result != towerLive && s.rule&rT5 != 0 {
				break // the rest is ignored alike
			}
		}
		set |= s.rule
	}
	return set.ids(towerRulings)
}

// Features plays the case on the generator's model and lists the rules it exercises.
func (c Tower) Features() []Feature {
	seen, _ := towerFeatures(c)
	out := make([]Feature, len(towerRuleFeatures))
	for i, f := range towerRuleFeatures {
		out[i] = Feature{Name: f.name, Seen: seen&f.feat != 0}
	}
	return out
}

// Bounds lists the constrained quantities of the case with their limits: per dataset n,
// m and the S and G counts (exactly one each). The statement caps neither T nor the
// number of datasets.
func (c Tower) Bounds() []Bound {
	b := make([]Bound, 0, 4*len(c.Datasets))
	for _, d := range c.Datasets {
		all := strings.Join(d.Rows, "")
		b = append(b,
			Bound{"n", len(d.Rows), TowerMinSide, TowerMaxSide},
			Bound{"m", len(d.Rows[0]), TowerMinSide, TowerMaxSide},
			Bound{"S", strings.Count(all, "S"), 1, 1},
			Bound{"G", strings.Count(all, "G"), 1, 1},
		)
	}
	return b
}
