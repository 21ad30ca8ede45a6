package fast

import (
	"fmt"
	"io"
	"math"
	"math/bits"
	"sync"

	"gamediff/internal/quote"
)

// Cell codes of the tower. Every code at or above twBlock is a block, so "holds a block"
// is one comparison; the frame around the tower holds twOut (outside: empty, and a block
// moved there vanishes), and the row below level 1 holds twFloor, which supports like a
// block for ice (R-T2) but is not one.
const (
	twEmpty byte = iota
	twOut
	twFloor
	twNormal // the first block code
	twIce
	twGoal
	twFixed
	twDim
	twFrag1 // twFrag1..twFrag3 are consecutive: a countdown is a decrement
	twFrag2
	twFrag3

	twBlock = twNormal // every code at or above it is a block

	// Codes only in towerCodes, for the characters that load must look at one by one.
	twSpecial = 0xfa // the first of them
	twBlank   = 0xfa // a blank between cells (R-T1)
	twGoalIn  = 0xfb // G: its cell is remembered, and it must appear once
	twDimIn   = 0xfc // B: noted in the level's mask of B
	twPlayer  = 0xfe // S, which holds no block
	twBad     = 0xff // a character outside the alphabet
)

// towerCodes maps an input character to its cell code.
var towerCodes = func() (t [256]byte) {
	for i := range t {
		t[i] = twBad
	}
	t['.'], t['#'], t['I'], t['G'], t['C'], t['B'] = twEmpty, twNormal, twIce, twGoalIn, twFixed, twDimIn
	t['1'], t['2'], t['3'], t['S'] = twFrag1, twFrag2, twFrag3, twPlayer
	for c := range isSpace {
		if isSpace[c] {
			t[c] = twBlank
		}
	}
	return
}()

// The result lines of R-T18.
const (
	twCleared = "Game Over : Cleared"
	twHole    = "Game Over : Death by Hole"
	twCrushed = "Game Over : Death by Block"
	twWalking = "Game Over : Death by Walking Goal"
	twGaveUp  = "Game Over : Gave Up"
)

// Largest tower with its frame: 50 levels plus the floor row and a row above the top, 50
// columns plus one outside on each side.
const (
	twMaxCells = 52 * 52
	twWords    = twMaxCells/64 + 1
)

// towerBoard is one dataset on a flat grid: cell p = level*w + column, level 0 the floor
// and level n+1 outside, columns 0 and m+1 outside. Ascending p is the scan order of
// R-T16 (bottom to top, left to right).
//
// The automatic steps never rescan the grid. A block can start to fall only when one of
// its three lower cells loses its block, or when it arrives somewhere; it can vanish
// (R-T14) only when it arrives on a B or a B arrives under it. Every change goes through
// clear, land and place, which record exactly those cells: fall for R-T16, a bitset
// walked in ascending order, and vanish for R-T14. A falling block adds only cells above its old
// place, later in the scan, so one ascending walk visits them in the rulebook's order.
type towerBoard struct {
	n, m, w int
	cell    [twMaxCells]byte
	pp      int // the player's cell
	goal    int // the goal's initial cell (R-T18 (D))

	fall           [twWords]uint64 // cells to examine in the next R-T16 step
	fallLo, fallHi int             // the words of fall that may be non-zero
	vanish         []int32         // cells to examine in the next R-T14 step
	doomed         []int32         // scratch of R-T14: found first, removed together
}

var towerBoards = sync.Pool{New: func() any { return &towerBoard{} }}

// Tower judges the game tower (docs/tower.md) with the same input and output as ref.Tower.
func Tower(input []byte, w io.Writer) error {
	out := newWriter(w)
	b := towerBoards.Get().(*towerBoard)
	err := playTower(newScanner(input), out, b)
	towerBoards.Put(b)
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	return err
}

func playTower(sc *scanner, out *writer, b *towerBoard) error {
	for {
		t, err := sc.token("n (the height, or 0 to end)")
		if err != nil {
			return err
		}
		n, ok, overflow := parseInt(t)
		if !ok {
			return &InputError{Line: sc.tok, Msg: fmt.Sprintf("expected n (the height, or 0 to end) (an integer), found %s", quote.Token(t))}
		}
		if n == 0 && !overflow {
			_, err := sc.number("m after n = 0 (0 0 ends the input)", 0, 0)
			return err
		}
		if overflow || n < 3 || n > 50 {
			return &InputError{Line: sc.tok, Msg: fmt.Sprintf("n %s outside 3..50", quote.Token(t))}
		}
		m, err := sc.number("m (the width)", 3, 50)
		if err != nil {
			return err
		}
		if err := b.load(sc, int(n), m); err != nil {
			return err
		}
		result := b.check() // R-T3
		if result != "" {
			out.line(result)
		}
		count, err := sc.number("T (the number of commands)", 0, math.MaxInt)
		if err != nil {
			return err
		}
		for k := 1; k <= count; k++ {
			op, arg, err := readTowerCommand(sc, k)
			if err != nil {
				return err
			}
			if result != "" {
				continue // R-T5: read, and ignored
			}
			if result = b.command(op, arg); result != "" {
				out.line(result)
			}
		}
		if result == "" {
			out.line(twGaveUp) // R-T5
		}
	}
}

// The commands; the direction is in the argument for all but MOVETO.
const (
	twMoveTo = iota
	twPush
	twPull
	twGetDown
	twClimb
)

// readTowerCommand reads command k (from 1): its kind and its argument, the column of
// MOVETO (0 when it is outside every int, which is outside 1..m too) or the direction, +1
// for RIGHT and -1 for LEFT. Its errors are ref's, word for word; their words are made
// only on the way out, so that a command read costs no allocation.
func readTowerCommand(sc *scanner, k int) (op, arg int, err error) {
	t := sc.next()
	if t == nil {
		return 0, 0, &InputError{Line: sc.eofLine(), Msg: fmt.Sprintf("expected command %d, found end of input", k)}
	}
	switch string(t) {
	case "MOVETO":
		a, err := sc.token("MOVETO's column")
		if err != nil {
			return 0, 0, err
		}
		v, ok, overflow := parseInt(a)
		if !ok {
			return 0, 0, &InputError{Line: sc.tok, Msg: fmt.Sprintf("expected MOVETO's column (an integer), found %s", quote.Token(a))}
		}
		if overflow || v < -1<<20 || v > 1<<20 {
			v = 0 // far outside 1..m either way (R-T6)
		}
		return twMoveTo, int(v), nil
	case "PUSH":
		op = twPush
	case "PULL":
		op = twPull
	case "GETDOWN":
		op = twGetDown
	case "CLIMB":
		op = twClimb
	default:
		return 0, 0, &InputError{Line: sc.tok, Msg: fmt.Sprintf("unknown command %s, expected MOVETO, PUSH, PULL, GETDOWN or CLIMB", quote.Token(t))}
	}
	d := sc.next()
	if d == nil {
		return 0, 0, &InputError{Line: sc.eofLine(), Msg: fmt.Sprintf("expected %s's direction (RIGHT or LEFT), found end of input", t)}
	}
	switch string(d) {
	case "RIGHT":
		return op, 1, nil
	case "LEFT":
		return op, -1, nil
	}
	return 0, 0, &InputError{Line: sc.tok, Msg: fmt.Sprintf("%s: expected RIGHT or LEFT, found %s", t, quote.Token(d))}
}

// load reads the n levels of the tower (R-T1: each the next m non-blank characters, top
// level first), checks S and G, and records the cells the first automatic round must
// examine: blocks already without support, and blocks on a B (R-T3 runs no step before
// the first command). A row written as one string goes through a tight loop; blanks, S,
// G, B and bad characters take the slow way, one at a time.
func (b *towerBoard) load(sc *scanner, n, m int) error {
	w := m + 2
	b.n, b.m, b.w = n, m, w
	cell := b.cell[:(n+2)*w]
	for x := 0; x < w; x++ { // only the frame: load writes every cell inside
		cell[x], cell[(n+1)*w+x] = twFloor, twOut
	}
	for y := 1; y <= n; y++ {
		cell[y*w], cell[y*w+m+1] = twOut, twOut
	}
	b.fall = [twWords]uint64{}
	b.fallLo, b.fallHi = twWords, -1
	b.vanish = b.vanish[:0]

	// Per level, a bit per column: the blocks, and the B among them.
	var blocks, dims [52]uint64
	in, pos, line := sc.in, sc.pos, sc.line
	player, goal := -1, -1
	for level := n; level >= 1; level-- {
		row, blk, dim := level*w, uint64(0), uint64(0)
		for x := 1; x <= m; {
			for ; x <= m && pos < len(in); x, pos = x+1, pos+1 {
				c := towerCodes[in[pos]]
				if c >= twSpecial {
					break
				}
				cell[row+x] = c
				if c >= twBlock {
					blk |= 1 << x
				}
			}
			if x > m {
				break
			}
			if pos == len(in) {
				sc.pos, sc.line = pos, line
				return &InputError{Line: sc.eofLine(), Msg: fmt.Sprintf("level %d, column %d of the tower: expected a cell, found end of input", level, x)}
			}
			ch := in[pos]
			switch code := towerCodes[ch]; code {
			case twBlank:
				if ch == '\n' {
					line++
				}
				pos++
				continue
			case twBad:
				return &InputError{Line: line, Msg: fmt.Sprintf("level %d, column %d of the tower: %q is not one of .#IGCB123S", level, x, ch)}
			case twPlayer:
				if player >= 0 {
					return &InputError{Line: line, Msg: fmt.Sprintf("level %d, column %d of the tower: a second S", level, x)}
				}
				player, cell[row+x] = row+x, twEmpty
			case twGoalIn:
				if goal >= 0 {
					return &InputError{Line: line, Msg: fmt.Sprintf("level %d, column %d of the tower: a second G", level, x)}
				}
				goal, cell[row+x] = row+x, twGoal
				blk |= 1 << x
			case twDimIn:
				cell[row+x] = twDim
				blk |= 1 << x
				dim |= 1 << x
			}
			x, pos = x+1, pos+1
		}
		blocks[level], dims[level] = blk, dim
	}
	sc.pos, sc.line = pos, line
	// The last cell was on line: nothing after it has been read.
	if player < 0 {
		return &InputError{Line: line, Msg: "the tower has no S"}
	}
	if goal < 0 {
		return &InputError{Line: line, Msg: "the tower has no G"}
	}
	b.pp, b.goal = player, goal
	for y := 2; y <= n; y++ {
		below := blocks[y-1]
		loose := blocks[y] &^ (below | below<<1 | below>>1)
		for ; loose != 0; loose &= loose - 1 {
			b.addFall(y*w + bits.TrailingZeros64(loose))
		}
		for onDim := blocks[y] & dims[y-1]; onDim != 0; onDim &= onDim - 1 {
			b.vanish = append(b.vanish, int32(y*w+bits.TrailingZeros64(onDim)))
		}
	}
	return nil
}

// lowerEmpty reports whether the three lower cells of p hold no block (R-T16).
func (b *towerBoard) lowerEmpty(p int) bool {
	c := &b.cell
	return c[p-b.w-1] < twBlock && c[p-b.w] < twBlock && c[p-b.w+1] < twBlock
}

func (b *towerBoard) addFall(p int) {
	i := p >> 6
	b.fall[i] |= 1 << (p & 63)
	b.fallLo, b.fallHi = min(b.fallLo, i), max(b.fallHi, i)
}

// clear empties the block cell p: the blocks above it may have lost their support.
func (b *towerBoard) clear(p int) {
	b.cell[p] = twEmpty
	for q := p + b.w - 1; q <= p+b.w+1; q++ {
		if b.cell[q] >= twBlock {
			b.addFall(q)
		}
	}
}

// land puts a block of kind in the empty cell p, and notes whether it now stands on a B
// or, being a B, under a block (R-T14).
func (b *towerBoard) land(p int, kind byte) {
	b.cell[p] = kind
	if b.cell[p-b.w] == twDim {
		b.vanish = append(b.vanish, int32(p))
	}
	if kind == twDim && b.cell[p+b.w] >= twBlock {
		b.vanish = append(b.vanish, int32(p+b.w))
	}
}

// place is land for a block moved by a command: it may also have lost its support.
func (b *towerBoard) place(p int, kind byte) {
	b.land(p, kind)
	b.addFall(p)
}

// command handles one command (R-T4) and returns the result if the game is over.
func (b *towerBoard) command(op, arg int) string {
	switch op { // R-T4.1
	case twMoveTo:
		b.moveTo(arg)
	case twPush:
		b.push(arg)
	case twPull:
		b.pull(arg)
	case twGetDown:
		b.getDown(arg)
	case twClimb:
		b.climb(arg)
	}
	if r := b.check(); r != "" { // R-T4.2
		return r
	}
	b.automatic()    // R-T4.3
	return b.check() // R-T4.4
}

// moveTo is R-T6.
func (b *towerBoard) moveTo(s int) {
	if !b.canMoveTo(s) {
		return
	}
	old := b.pp
	b.pp += s - old%b.w
	b.countdown(old)
}

// canMoveTo is R-T6's conditions.
func (b *towerBoard) canMoveTo(s int) bool {
	w := b.w
	px := b.pp % w
	if s < 1 || s > b.m || s == px {
		return false
	}
	dest := b.pp - px + s
	if b.cell[dest] >= twBlock {
		return false
	}
	if b.pp >= 2*w { // above level 1: every cell below the way holds a block
		lo, hi := min(b.pp, dest)-w, max(b.pp, dest)-w
		for q := lo; q <= hi; q++ {
			if b.cell[q] < twBlock {
				return false
			}
		}
	}
	return true
}

// climb is R-T7.
func (b *towerBoard) climb(d int) {
	if !b.canClimb(d) {
		return
	}
	p := b.pp
	b.pp = p + b.w + d
	b.countdown(p)
}

// canClimb is R-T7's conditions.
func (b *towerBoard) canClimb(d int) bool {
	p, w := b.pp, b.w
	return p < b.n*w && b.cell[p+d] >= twBlock && b.cell[p+w] < twBlock && b.cell[p+w+d] < twBlock
}

// getDown is R-T8.
func (b *towerBoard) getDown(d int) {
	if !b.canGetDown(d) {
		return
	}
	p := b.pp
	b.pp = p + d - b.w
	b.countdown(p)
}

// canGetDown is R-T8's conditions.
func (b *towerBoard) canGetDown(d int) bool {
	p, w := b.pp, b.w
	return p >= 2*w && b.cell[p+d] == twEmpty && b.cell[p+d-w] < twBlock
}

// chain is R-T9's chain of blocks beside the player toward d: the cell after its last
// block, and whether a push moves it (it is not empty and holds no C).
func (b *towerBoard) chain(d int) (end int, ok bool) {
	end = b.pp + d
	for ; b.cell[end] >= twBlock; end += d {
		if b.cell[end] == twFixed {
			return end, false
		}
	}
	return end, end != b.pp+d
}

// push is R-T9 and R-T10.
func (b *towerBoard) push(d int) {
	end, ok := b.chain(d)
	if !ok {
		return
	}
	for q := end - d; q != b.pp; q -= d { // farthest first
		kind := b.cell[q]
		b.clear(q)
		t := q + d
		if b.cell[t] == twOut {
			continue // pushed out of the tower
		}
		// R-T10: (a) ice on a block or the floor, or anything on ice; (b) the next cell
		// empty, outside counting as empty.
		for {
			below := b.cell[t-b.w]
			if below != twIce && (kind != twIce || below < twFloor) {
				break
			}
			next := b.cell[t+d]
			if next >= twBlock {
				break
			}
			t += d
			if next == twOut {
				break // slid out of the tower
			}
		}
		if b.cell[t] != twOut {
			b.place(t, kind)
		}
	}
}

// pull is R-T11.
func (b *towerBoard) pull(d int) {
	if !b.canPull(d) {
		return
	}
	p := b.pp
	kind := b.cell[p-d]
	b.clear(p - d)
	b.place(p, kind) // never slides
	b.pp = p + d
	b.countdown(p)
}

// canPull is R-T11's conditions.
func (b *towerBoard) canPull(d int) bool {
	p := b.pp
	kind := b.cell[p-d]
	return kind >= twBlock && kind != twFixed && b.cell[p+d] == twEmpty
}

// countdown is R-T12: the player left cell p by a valid MOVETO, CLIMB, GETDOWN or PULL.
func (b *towerBoard) countdown(p int) {
	q := p - b.w
	switch b.cell[q] {
	case twFrag2, twFrag3:
		b.cell[q]-- // still a block, still not a B: nothing else to note
	case twFrag1:
		b.clear(q)
	}
}

// automatic is R-T13: rounds until one changes nothing.
func (b *towerBoard) automatic() {
	w := b.w
	for {
		changed := len(b.vanish) > 0 && b.vanishOnB() // R-T14
		for b.pp >= 2*w && b.cell[b.pp-w] < twBlock { // R-T15
			b.pp -= w
			changed = true
		}
		if b.fallHi >= 0 && b.blocksFall() { // R-T16
			changed = true
		}
		if !changed {
			return
		}
	}
}

// vanishOnB is R-T14 on the recorded cells: those still on a B are found first, then
// removed together.
func (b *towerBoard) vanishOnB() bool {
	doomed := b.doomed[:0]
	for _, p := range b.vanish {
		if b.cell[p] >= twBlock && b.cell[int(p)-b.w] == twDim {
			doomed = append(doomed, p)
		}
	}
	b.vanish = b.vanish[:0]
	for _, p := range doomed {
		if b.cell[p] >= twBlock { // a cell may be recorded twice
			b.clear(int(p))
		}
	}
	b.doomed = doomed
	return len(doomed) > 0
}

// blocksFall is R-T16 on the recorded cells, in ascending order. A block that falls
// records only the cells above its old place, which come later in the same walk; where
// it lands it has support, and it keeps it for the rest of the step because nothing
// below the walk's position empties until the next step.
func (b *towerBoard) blocksFall() bool {
	w, changed := b.w, false
	for i := b.fallLo; i <= b.fallHi; i++ { // fallHi may grow during the walk
		for b.fall[i] != 0 {
			bit := bits.TrailingZeros64(b.fall[i])
			b.fall[i] &^= 1 << bit
			p := i<<6 + bit
			if p < 2*w || b.cell[p] < twBlock || !b.lowerEmpty(p) {
				continue
			}
			to := p - w
			for to >= 2*w && b.lowerEmpty(to) {
				to -= w
			}
			kind := b.cell[p]
			b.clear(p)
			b.land(to, kind)
			changed = true
		}
	}
	b.fallLo, b.fallHi = twWords, -1
	return changed
}

// check is R-T18 (R-T17: below level 1 is the floor, neither G nor B).
func (b *towerBoard) check() string {
	switch below := b.cell[b.pp-b.w]; {
	case below == twGoal:
		return twCleared
	case below == twDim:
		return twHole
	case b.cell[b.pp] >= twBlock:
		return twCrushed
	case b.cell[b.goal] != twGoal:
		return twWalking
	}
	return ""
}
