package gen

import (
	"math/rand"
	"strings"

	"gamediff/ruling"
)

// towerLayout is a tower under construction: lv[y][x] for level y in 1..n (bottom up) and
// column x in 1..m, with a frame of '.' around.
type towerLayout struct {
	n, m int
	lv   [][]byte
	r    *rand.Rand
	// layout is the tower call's -layout, which placePlayer follows
	layout uint8
}

func (t *towerLayout) in(y, x int) bool { return y >= 1 && y <= t.n && x >= 1 && x <= t.m }

func (t *towerLayout) blockAt(y, x int) bool { return t.in(y, x) && t.lv[y][x] != '.' }

// supported: on level 1, or a block among the three lower cells (R-T16).
func (t *towerLayout) supported(y, x int) bool {
	return y == 1 || t.blockAt(y-1, x-1) || t.blockAt(y-1, x) || t.blockAt(y-1, x+1)
}

// top is the level of the highest block of column x, 0 when none.
func (t *towerLayout) top(x int) int {
	y := t.n
	for y >= 1 && t.lv[y][x] == '.' {
		y--
	}
	return y
}

// cell is a random cell of the tower.
func (t *towerLayout) cell() (y, x int) { return 1 + t.r.Intn(t.n), 1 + t.r.Intn(t.m) }

// genTowerLayout builds a tower the way the statement draws one: stacks (pillars, stairs),
// overhangs, then block kinds where they matter — ice runs with blocks to push, push
// chains with and without C, B under blocks and under B, fragile stairs, a goal to climb
// onto or to push — and a player on the surface; a few unstable at the start (R-T3). It
// leaves out what reaches a skipped ruling where it can: no unstable start and no player
// on G or B (R-T3, R-T15, R-T16), no fragile block (R-T12), no B (R-T14), and returns the
// rulings it changed blocks for. The shape's layout may ask for stacks up to the top level,
// where the player climbs no more (high), for a player who floats (floating), for
// overhangs everywhere (overhangs); its recolor for blocks of some kinds more often.
func genTowerLayout(r *rand.Rand, n, m int, sh towerShape, avoid ruling.Set) (rows []string, left ruling.Set) {
	layout := sh.layout
	t := &towerLayout{n: n, m: m, lv: make([][]byte, n+2), r: r, layout: layout}
	for y := range t.lv {
		t.lv[y] = []byte(strings.Repeat(".", m+2))
	}
	maxH := max(n-2, 0) // room above the highest stack for the player and a climb
	if layout == towerHighLayout {
		maxH = n - 1 + r.Intn(2) // stacks up to the top level, or one below it
	}
	// Stacks: a random walk of heights, with stairs (±1), pillars (jumps) and gaps.
	flat, h := r.Intn(4) == 0, r.Intn(maxH/2+1)
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
		for y := 1; y <= h; y++ {
			t.lv[y][x] = '#'
		}
	}
	// Overhangs: from the top of a stack, blocks leaning out diagonally, each held by the
	// one below-beside it.
	overhangs := r.Intn(m/4 + 2)
	if layout == towerOverhangLayout {
		overhangs = m/2 + 2 + r.Intn(m)
	}
	for range overhangs {
		x, dir := 1+r.Intn(m), 1-2*r.Intn(2)
		for y, k := t.top(x), r.Intn(3); k >= 0; k-- {
			if x, y = x+dir, y+1; !t.in(y, x) || y > maxH+1 || t.lv[y][x] != '.' || !t.supported(y, x) {
				break
			}
			t.lv[y][x] = '#'
		}
	}
	for _, f := range r.Perm(8)[:2+r.Intn(5)] {
		switch f {
		case 0, 5:
			t.iceRun()
		case 2:
			t.dimensionBlocks()
		case 3, 7:
			t.fragileStairs()
		}
		switch f {
		case 1:
			t.pushChain(r.Intn(3) == 0)
		case 4, 7:
			t.sprinkle()
		case 5, 6:
			t.pushChain(f == 6)
		}
	}
	if sh.recolor != "" {
		t.recolor(string(sh.recolor))
	}
	t.placeGoal()
	steady := avoid&(ruling.T3|ruling.T15|ruling.T16) != 0
	if (r.Intn(10) == 0 || layout == towerFloatingLayout) && !steady {
		t.unsettle()
	}
	t.placePlayer(!steady)
	rows = make([]string, n)
	for i := range rows {
		row := t.lv[n-i][1 : m+1]
		for x, c := range row {
			switch {
			case avoid&ruling.T12 != 0 && strings.IndexByte("123", c) >= 0:
				row[x], left = '#', left|ruling.T12
			case avoid&ruling.T14 != 0 && c == 'B':
				row[x], left = '#', left|ruling.T14
			}
		}
		rows[i] = string(row)
	}
	return rows, left
}

// surface returns a random empty cell standing on a block or on level 1, for something
// that must be stable where it is put.
func (t *towerLayout) surface() (y, x int, ok bool) {
	for range 30 {
		x = 1 + t.r.Intn(t.m)
		if y = t.top(x) + 1; y <= t.n && t.lv[y][x] == '.' {
			return y, x, true
		}
	}
	return 0, 0, false
}

// iceRun turns a stretch of one level into ice: on level 1 often, since the floor keeps
// ice sliding there (R-T10), or on top of the stacks, and puts blocks on it to push.
func (t *towerLayout) iceRun() {
	x0 := 1 + t.r.Intn(t.m)
	floor := t.r.Intn(3) == 0
	for x := x0; x <= min(t.m, x0+1+t.r.Intn(6)); x++ {
		if floor { // level 1: ice on the floor, some gaps
			t.lv[1][x] = pick(t.r.Intn(5) > 0, byte('I'), t.lv[1][x])
		} else if y := t.top(x) + 1; y <= t.n-1 && t.supported(y, x) { // a layer on top of the stacks
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
	dir, placed := 1-2*t.r.Intn(2), 0
	for k := 1 + t.r.Intn(5); ok && k > 0 && t.in(y, x) && t.lv[y][x] == '.' && t.supported(y, x); k-- {
		t.lv[y][x] = "##I#3G"[t.r.Intn(6)]
		placed++
		x += dir
	}
	if withC && placed > 0 {
		t.lv[y][x-dir*(1+t.r.Intn(placed))] = 'C'
	}
}

// dimensionBlocks turns blocks into B: under another block (which vanishes, R-T14), under
// another B (a stack of B), or on the surface where the player may step (Death by Hole).
func (t *towerLayout) dimensionBlocks() {
	for range 1 + t.r.Intn(3) {
		x := 1 + t.r.Intn(t.m)
		switch y, v := t.top(x), t.r.Intn(3); {
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

// recolor makes each block of the tower, one in two, a block of one of kinds.
func (t *towerLayout) recolor(kinds string) {
	for y := 1; y <= t.n; y++ {
		for x := 1; x <= t.m; x++ {
			if t.lv[y][x] != '.' && t.r.Intn(2) == 0 {
				t.lv[y][x] = kinds[t.r.Intn(len(kinds))]
			}
		}
	}
}

// sprinkle turns a few blocks into random kinds.
func (t *towerLayout) sprinkle() {
	for range 1 + t.r.Intn(t.m/2+1) {
		if y, x := t.cell(); t.lv[y][x] != '.' {
			t.lv[y][x] = "#ICB123"[t.r.Intn(7)]
		}
	}
}

// placeGoal leaves exactly one G: the first a feature put (to be pushed), or a new one on
// top of a stack, on the surface, or any block.
func (t *towerLayout) placeGoal() {
	found := false
	for y := 1; y <= t.n; y++ {
		for x := 1; x <= t.m; x++ {
			if t.lv[y][x] == 'G' {
				t.lv[y][x] = pick(found, byte('#'), 'G')
				found = true
			}
		}
	}
	if found {
		return
	}
	x := 1 + t.r.Intn(t.m)
	y := t.top(x)
	switch v := t.r.Intn(3); {
	case v == 1:
		if sy, sx, ok := t.surface(); ok {
			y, x = sy, sx
		}
	case v == 2 || y < 1:
		for try := range 40 {
			if y, x = t.cell(); t.lv[y][x] != '.' {
				break
			}
			if try == 39 {
				y = 1 // no block found: one on level 1
			}
		}
	}
	t.lv[y][x] = 'G'
}

// unsettle makes the layout unstable at the start: a floating block (or G, or B), or a
// block put on a B.
func (t *towerLayout) unsettle() {
	for range 1 + t.r.Intn(3) {
		if y, x := 2+t.r.Intn(t.n-1), 1+t.r.Intn(t.m); t.lv[y][x] == '.' {
			t.lv[y][x] = "###IBC1"[t.r.Intn(7)]
		}
	}
}

// placePlayer puts S on an empty cell: mostly on the surface, when loose sometimes
// floating, rarely right on G or on B (R-T3). The layouts ask for one of these always,
// when loose (floating, start-on-g, start-on-b), or for a surface cell under a block or
// beside a block with nothing under it (overhangs).
func (t *towerLayout) placePlayer(loose bool) {
	put := func(y, x int) bool {
		ok := t.lv[y][x] == '.'
		if ok {
			t.lv[y][x] = 'S'
		}
		return ok
	}
	v := t.r.Intn(40)
	switch t.layout {
	case towerStartOnGLayout:
		v = 0
	case towerStartOnBLayout:
		v = 1
	}
	float := t.layout == towerFloatingLayout
	switch {
	case v < 2 && loose && !float: // on G, or on B
		for y := 1; y < t.n; y++ {
			for x := 1; x <= t.m; x++ {
				if t.lv[y][x] == "GB"[v] && put(y+1, x) {
					return
				}
			}
		}
	case (v < 5 || float) && loose:
		// Floating, beside a block he could climb with nothing under him, if one is found.
		for try := range 60 {
			y, x := t.cell()
			if (try >= 30 || y > 1 && !t.blockAt(y-1, x) && (t.blockAt(y, x-1) || t.blockAt(y, x+1))) && put(y, x) {
				return
			}
		}
	}
	if t.layout == towerOverhangLayout && t.sheltered(put) {
		return
	}
	for range 30 { // on the surface, but not already on G or B
		if y, x, ok := t.surface(); ok && (y == 1 || strings.IndexByte("GB", t.lv[y-1][x]) < 0) && put(y, x) {
			return
		}
	}
	for y := t.n; y >= 1; y-- { // the grid is nearly full: any empty cell, else a block
		for x := 1; x <= t.m; x++ {
			if put(y, x) {
				return
			}
		}
	}
	x := 1
	for t.lv[t.n][x] == 'G' {
		x++
	}
	t.lv[t.n][x] = 'S'
}

// towerBStacks builds a tower whose first command's automatic steps take the most rounds
// (R-T13): stacks of '#' on B blocks of level 1, the first as high as the tower, the
// others at least half as high. Each round every B swallows the block on it (R-T14) and
// the stack above falls by one (R-T16), so one command costs a judge that scans the
// tower each round n-2 scans of it. Level 1 is '#' elsewhere, the player stands on it
// between two stacks and the goal is on level 1 away from him, so that the game goes on
// after. m ≥ 5 and n ≥ 3.
func towerBStacks(r *rand.Rand, n, m int) []string {
	t := &towerLayout{n: n, m: m, lv: make([][]byte, n+2), r: r}
	for y := range t.lv {
		t.lv[y] = []byte(strings.Repeat(".", m+2))
	}
	var between []int // level 1 columns with no stack beside: for the player and the goal
	for x := 1; x <= m; x++ {
		t.lv[1][x] = '#'
		switch {
		case x%4 == 2 && x < m: // a stack, with empty columns beside it, so that it falls straight
			t.lv[1][x] = 'B'
			h := n
			if x > 2 {
				h = n/2 + r.Intn(n-n/2+1)
			}
			for y := 2; y <= h; y++ {
				t.lv[y][x] = '#'
			}
		case x%4 == 0:
			between = append(between, x)
		}
	}
	if len(between) < 2 {
		between = append(between, m) // m = 5: column 5, besides column 4
	}
	r.Shuffle(len(between), func(i, j int) { between[i], between[j] = between[j], between[i] })
	t.lv[2][between[0]] = 'S'
	t.lv[1][between[1]] = 'G'
	rows := make([]string, n)
	for i := range rows {
		rows[i] = string(t.lv[n-i][1 : m+1])
	}
	return rows
}

// sheltered puts the player on a cell where he stands, under a block or beside a block
// with nothing under it (by a coin when both are found): where a CLIMB or a GETDOWN is
// refused for one condition alone (R-T7, R-T8). It reports whether it found one.
func (t *towerLayout) sheltered(put func(y, x int) bool) bool {
	var roofed, beside [][2]int
	for y := 1; y <= t.n; y++ {
		for x := 1; x <= t.m; x++ {
			if t.lv[y][x] != '.' || y > 1 && !t.blockAt(y-1, x) {
				continue
			}
			hanging := func(x int) bool { return t.blockAt(y, x) && y > 1 && !t.blockAt(y-1, x) }
			if t.blockAt(y+1, x) {
				roofed = append(roofed, [2]int{y, x})
			}
			if hanging(x-1) || hanging(x+1) {
				beside = append(beside, [2]int{y, x})
			}
		}
	}
	cells := roofed
	if len(cells) == 0 || len(beside) > 0 && t.r.Intn(2) == 0 {
		cells = beside
	}
	if len(cells) == 0 {
		return false
	}
	c := cells[t.r.Intn(len(cells))]
	return put(c[0], c[1])
}

// towerColumnScene builds a tower around one column whose automatic steps, after any
// first command, reach a rare moment of R-T16 and R-T18: a block that falls through the
// player's cell and stops below him (fall-through), a block that stops in his cell before
// he falls away from it (fall-away), or a goal that falls under a falling player, who
// lands on it where it no longer started (fall-onto-goal). Level 1 is all blocks (no B, no
// G under the column), the columns beside the scene's column are empty above it, the
// others hold stable stacks, and G stands where no fall reaches it unless the scene
// drops it. The scene needs n ≥ 5: below that, the statement's kind of tower is built.
func towerColumnScene(r *rand.Rand, n, m int, scene uint8) []string {
	if n < 5 {
		rows, _ := genTowerLayout(r, n, m, towerShape{}, 0)
		return rows
	}
	t := &towerLayout{n: n, m: m, lv: make([][]byte, n+2), r: r}
	for y := range t.lv {
		t.lv[y] = []byte(strings.Repeat(".", m+2))
	}
	kind := func() byte { return "####I3C"[r.Intn(7)] }
	for x := 1; x <= m; x++ {
		t.lv[1][x] = kind()
	}
	c, d := 1+r.Intn(m), 1-2*r.Intn(2) // the column, and the side of fall-away's ledge
	if c+2*d < 1 || c+2*d > m {
		d = -d
	}
	if c+2*d < 1 || c+2*d > m { // m = 3, c = 2: the scene's column moves to a side
		c = 1 + 2*r.Intn(2)
		d = pick(c == 1, 1, -1)
	}
	ledge := c + 2*d
	for x := 1; x <= m; x++ { // stable stacks away from the scene
		if x < c-1 || x > c+1 {
			for y := 2; y <= 1+r.Intn(n-3) && !(scene == towerAwayLayout && x == ledge); y++ {
				t.lv[y][x] = kind()
			}
		}
	}
	goalAt := func(y, x int) { t.lv[y][x] = 'G' }
	switch scene {
	case towerThroughLayout:
		// X under the player falls first (the lowest), then the blocks above him fall
		// through his cell onto X.
		y0 := 3 + r.Intn(n-4) // X's level: the player above it, a block above him
		t.lv[y0][c] = kind()
		t.lv[y0+1][c] = 'S'
		ya := y0 + 2 + r.Intn(n-y0-1)
		t.lv[ya][c] = kind()
		if ya < n && r.Intn(2) == 0 { // another above it, which falls after it
			t.lv[ya+1+r.Intn(n-ya)][c] = kind()
		}
		goalAt(1, pick(c == 1, 2, c-1))
	case towerAwayLayout:
		// X under the player falls; the ledge beside X's level, held by a stack two
		// columns off, stops the block above him in his cell; then he falls onto X.
		py := 4 + r.Intn(n-4)
		t.lv[py][c], t.lv[py-1][c], t.lv[py-1][c+d] = 'S', kind(), kind()
		for y := 2; y <= py-2; y++ {
			t.lv[y][ledge] = kind()
		}
		t.lv[py+1+r.Intn(n-py)][c] = kind()
		goalAt(1, c)
	default: // towerOntoGoalLayout
		// The player floats above G, which floats: he falls onto it, it falls, he falls
		// onto it again, and the check finds him on a goal that moved.
		yg := 3 + r.Intn(n-4)
		t.lv[yg][c] = 'G'
		t.lv[yg+2+r.Intn(n-yg-1)][c] = 'S'
	}
	rows := make([]string, n)
	for i := range rows {
		rows[i] = string(t.lv[n-i][1 : m+1])
	}
	return rows
}
