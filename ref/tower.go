package ref

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"gamediff/internal/quote"
)

// Tower judges the game tower (seed 001, docs/tower.md, rules R-T1..R-T18): it
// reads datasets until "0 0" and writes one result line per dataset to w. An *InputError
// reports input that breaks the format, after the results of the datasets before it.
//
// The code follows the rulebook rule by rule, each block citing its rule, and rescans the
// whole tower whenever a rule speaks of "every block": obviously right beats fast.
func Tower(input []byte, w io.Writer) error {
	out := bufio.NewWriter(w)
	err := playTower(&towerInput{t: newTokens(input)}, out, nil, false)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// The results of R-T18, one line per dataset.
const (
	towerCleared = "Game Over : Cleared"               // (A)
	towerHole    = "Game Over : Death by Hole"         // (B)
	towerBlock   = "Game Over : Death by Block"        // (C)
	towerWalking = "Game Over : Death by Walking Goal" // (D)
	towerGaveUp  = "Game Over : Gave Up"               // (E)
)

// towerInput reads tokens, and single characters for the tower's cells (R-T1: "a row is
// the next m non-blank characters"). Cells are taken from the front of a token; what is
// left of that token is the next token read after the tower.
type towerInput struct {
	t    *tokens
	rest string // the unread end of the token the last cell came from
	line int    // the line of that token
}

// word returns the next token.
func (in *towerInput) word(what string) (token, error) {
	if in.rest != "" {
		tok := token{text: in.rest, line: in.line}
		in.rest = ""
		return tok, nil
	}
	return in.t.next(what)
}

// cell returns the next non-blank character and its line; the error is the end of input.
func (in *towerInput) cell() (byte, int, error) {
	if in.rest == "" {
		tok, err := in.t.next("a cell of the tower")
		if err != nil {
			return 0, 0, err
		}
		in.rest, in.line = tok.text, tok.line
	}
	c := in.rest[0]
	in.rest = in.rest[1:]
	return c, in.line, nil
}

// integer reads an integer token (scanf's %d: an optional sign, then decimal digits).
// inRange is false when the value does not fit in an int: it is then outside every range.
func (in *towerInput) integer(what string) (v int, inRange bool, tok token, err error) {
	tok, err = in.word(what)
	if err != nil {
		return 0, false, tok, err
	}
	v, inRange, ok := parseInteger(tok.text)
	if !ok {
		return 0, false, tok, &InputError{Line: tok.line, Msg: fmt.Sprintf("expected %s (an integer), found %s", what, quote.Token(tok.text))}
	}
	return v, inRange, tok, nil
}

// number reads an integer token that must lie in lo..hi.
func (in *towerInput) number(what string, lo, hi int) (int, token, error) {
	tok, err := in.word(what)
	if err != nil {
		return 0, tok, err
	}
	v, err := checkNumber(tok, what, lo, hi)
	return v, tok, err
}

// TowerGame is one dataset, the judge's own state: the tower and the player, played one
// command at a time (Play). Tower and its traces play the datasets they read this way;
// gen's player drives one directly and reads it through the views below.
type TowerGame struct {
	n, m    int
	grid    [][]byte // grid[level][column], 1-based; '.' empty, else a block's character
	py, px  int      // the player's level and column; his cell holds '.' unless a block fell in
	gy, gx  int      // the goal's initial cell (R-T18 (D))
	result  string   // the game-over line, "" while the game goes on
	out     *bufio.Writer
	printed bool // the result line is written

	// For the observer of a traced game (TowerTrace); observe is nil when not traced.
	observe func(*TowerStep)
	rules   bool   // the observer sees the moments rules act too (TowerRules)
	dataset int    // the dataset's number in the input
	cmdNo   int    // the command handled last, from 1; 0 before the first
	op      string // that command as written
	line    int    // its input line; before the first command, the line of n
	done    bool   // that command was carried out
}

func playTower(in *towerInput, out *bufio.Writer, observe func(*TowerStep), rules bool) error {
	datasets := 0 // for the observer
	for {
		// R-T1: the size line is "n m", height first; "0 0" ends the input.
		n, ok, nTok, err := in.integer("n (the height, or 0 to end)")
		if err != nil {
			return err
		}
		if ok && n == 0 {
			if _, _, err := in.number("m after n = 0 (0 0 ends the input)", 0, 0); err != nil {
				return err
			}
			return nil
		}
		if !ok || n < 3 || n > 50 {
			return &InputError{Line: nTok.line, Msg: fmt.Sprintf("n %s outside 3..50", quote.Token(nTok.text))}
		}
		m, _, err := in.number("m (the width)", 3, 50)
		if err != nil {
			return err
		}
		rows, err := readTower(in, n, m)
		if err != nil {
			return err
		}
		datasets++
		g := &TowerGame{out: out, observe: observe, rules: rules, dataset: datasets, line: nTok.line}
		g.start(rows)
		// R-T1: T, then T commands.
		t, _, err := in.number("T (the number of commands)", 0, math.MaxInt)
		if err != nil {
			return err
		}
		for k := 1; k <= t; k++ {
			c, err := readTowerCommand(in, k)
			if err != nil {
				return err
			}
			g.play(c, k)
		}
		// R-T5: every command handled and the game not over: (E) Gave Up.
		if g.result == "" {
			g.result = towerGaveUp
			g.print()
			g.trace(TowerEnd)
		}
	}
}

// NewTowerGame starts a dataset on rows, n rows of m characters, the top level first, as
// the input gives them, with exactly one S and one G; it does the check before the first
// command (R-T3). Its result is not written; observe, if not nil, is called at every
// moment TowerRules names.
func NewTowerGame(rows []string, observe func(*TowerStep)) *TowerGame {
	g := &TowerGame{observe: observe, rules: true, dataset: 1}
	g.start(rows)
	return g
}

// start sets the tower up from rows and does the check before the first command.
func (g *TowerGame) start(rows []string) {
	g.n, g.m, g.grid = len(rows), len(rows[0]), make([][]byte, len(rows)+1)
	for i, row := range rows {
		level := g.n - i
		g.grid[level] = []byte("." + row)
		if x := strings.IndexByte(row, 'S'); x >= 0 {
			g.py, g.px = level, x+1
			g.grid[level][x+1] = '.' // R-T2: S is the player's cell, and it holds no block
		}
		if x := strings.IndexByte(row, 'G'); x >= 0 {
			g.gy, g.gx = level, x+1
		}
	}
	// R-T3: (A)-(D) on the layout exactly as given, before any command.
	g.check()
	g.print()
	g.trace(TowerStart)
}

// Play handles the next command, as Tower does: name is MOVETO, PUSH, PULL, GETDOWN or
// CLIMB, arg MOVETO's column, or +1 for RIGHT and -1 for LEFT. It returns the result
// line once the game is over, "" while it goes on.
func (g *TowerGame) Play(name string, arg int) string {
	g.play(asCommand(name, arg), g.cmdNo+1)
	return g.result
}

// Valid reports whether the command would be carried out now (R-T6 to R-T11).
func (g *TowerGame) Valid(name string, arg int) bool { return g.valid(asCommand(name, arg)) }

// asCommand is the command Play and Valid are given.
func asCommand(name string, arg int) towerCommand {
	c := towerCommand{name: name, dir: arg, s: arg, inRange: true, arg: "RIGHT"}
	switch {
	case name == "MOVETO":
		c.arg = strconv.Itoa(arg)
	case arg < 0:
		c.arg = "LEFT"
	}
	return c
}

// play handles the k-th command.
func (g *TowerGame) play(c towerCommand, k int) {
	g.enter(c, k)
	// R-T5: commands after game over are read and ignored.
	if g.result != "" {
		g.trace(TowerIgnored)
		return
	}
	g.traceRule(TowerStep{Phase: TowerCommand})
	g.command(c)
	g.print()
	g.trace(TowerAutomatic)
}

// print writes the result line once, as soon as the game is over.
func (g *TowerGame) print() {
	if g.out != nil && g.result != "" && !g.printed {
		fmt.Fprintln(g.out, g.result)
		g.printed = true
	}
}

// readTower reads the n levels of the tower, top level first (R-T1), and checks that S and
// G appear exactly once (the statement's constraint; the game needs both). It returns
// them as rows of m characters.
func readTower(in *towerInput, n, m int) ([]string, error) {
	rows := make([]string, 0, n)
	sSeen, gSeen, lastLine := false, false, 0
	for level := n; level >= 1; level-- {
		row := make([]byte, m)
		for col := 1; col <= m; col++ {
			cellError := func(line int, format string, args ...any) error {
				at := fmt.Sprintf("level %d, column %d of the tower", level, col)
				return &InputError{Line: line, Msg: at + fmt.Sprintf(format, args...)}
			}
			c, line, err := in.cell()
			if err != nil {
				return nil, cellError(in.t.eofLine, ": expected a cell, found end of input")
			}
			lastLine = line
			if strings.IndexByte(".#IGCB123S", c) < 0 {
				return nil, cellError(line, ": %q is not one of .#IGCB123S", c)
			}
			row[col-1] = c
			switch {
			case c == 'S' && sSeen:
				return nil, cellError(line, ": a second S")
			case c == 'G' && gSeen:
				return nil, cellError(line, ": a second G")
			}
			sSeen, gSeen = sSeen || c == 'S', gSeen || c == 'G'
		}
		rows = append(rows, string(row))
	}
	if !sSeen {
		return nil, &InputError{Line: lastLine, Msg: "the tower has no S"}
	}
	if !gSeen {
		return nil, &InputError{Line: lastLine, Msg: "the tower has no G"}
	}
	return rows, nil
}

// towerCommand is one command; dir is +1 for RIGHT and -1 for LEFT.
type towerCommand struct {
	name    string // MOVETO, PUSH, PULL, GETDOWN or CLIMB
	dir     int
	s       int  // MOVETO's column
	inRange bool // false when MOVETO's column does not even fit in an int

	// The command as written, for the observer, which shows it: the tokens' text is
	// there already, so an untraced judge pays nothing for it.
	arg  string // MOVETO's column or the direction
	line int    // the input line of the name
}

func readTowerCommand(in *towerInput, k int) (towerCommand, error) {
	tok, err := in.word(fmt.Sprintf("command %d", k))
	if err != nil {
		return towerCommand{}, err
	}
	c := towerCommand{name: tok.text, line: tok.line}
	switch tok.text {
	case "MOVETO":
		// Any integer is a column: one outside 1..m makes an invalid command (R-T6).
		var s token
		c.s, c.inRange, s, err = in.integer("MOVETO's column")
		c.arg = s.text
		return c, err
	case "PUSH", "PULL", "GETDOWN", "CLIMB":
		d, err := in.word(tok.text + "'s direction (RIGHT or LEFT)")
		if err != nil {
			return c, err
		}
		c.arg = d.text
		switch d.text {
		case "RIGHT":
			c.dir = 1
		case "LEFT":
			c.dir = -1
		default:
			return c, &InputError{Line: d.line, Msg: fmt.Sprintf("%s: expected RIGHT or LEFT, found %s", tok.text, quote.Token(d.text))}
		}
		return c, nil
	}
	return c, &InputError{Line: tok.line, Msg: fmt.Sprintf("unknown command %s, expected MOVETO, PUSH, PULL, GETDOWN or CLIMB", quote.Token(tok.text))}
}

// inside reports whether column x is inside the tower.
func (g *TowerGame) inside(x int) bool { return x >= 1 && x <= g.m }

// block reports whether the cell at level y, column x holds a block. R-T2: everything
// outside the tower is empty, and the player is never a block.
func (g *TowerGame) block(y, x int) bool {
	return y >= 1 && y <= g.n && g.inside(x) && g.grid[y][x] != '.'
}

// command handles one command of a game that is not over (R-T4).
func (g *TowerGame) command(c towerCommand) {
	// R-T4.1: a valid command is carried out, with its fragile countdown; an invalid one
	// changes nothing.
	if g.done = g.valid(c); g.done {
		switch c.name {
		case "MOVETO":
			g.moveTo(c.s)
		case "CLIMB":
			g.climb(c.dir)
		case "GETDOWN":
			g.getDown(c.dir)
		case "PUSH":
			g.push(c.dir)
		case "PULL":
			g.pull(c.dir)
		}
	}
	g.trace(TowerAction)
	// R-T4.2: the check right after the action.
	if g.check() {
		return
	}
	// R-T4.3: the automatic steps, after every command.
	g.automatic()
	// R-T4.4: the check right before the next action.
	g.check()
}

// valid reports whether the command is valid, by the conditions of its rule.
func (g *TowerGame) valid(c towerCommand) bool {
	switch c.name {
	case "MOVETO":
		return g.canMoveTo(c.s, c.inRange)
	case "CLIMB":
		return g.canClimb(c.dir)
	case "GETDOWN":
		return g.canGetDown(c.dir)
	case "PUSH":
		_, ok := g.chain(c.dir)
		return ok
	}
	return g.canPull(c.dir)
}

// moveTo is R-T6, the move of a valid MOVETO.
func (g *TowerGame) moveTo(s int) {
	oldY, oldX := g.py, g.px
	g.px = s
	g.countdown(oldY, oldX) // R-T12
}

// canMoveTo is R-T6's conditions.
func (g *TowerGame) canMoveTo(s int, inRange bool) bool {
	if !inRange || s < 1 || s > g.m { // 1 ≤ s ≤ m
		return false
	}
	if s == g.px { // s is not the player's column
		return false
	}
	if g.block(g.py, s) { // the cell at the player's level in column s is empty
		return false
	}
	// The player is on level 1, or every cell on the level below him from his column to s,
	// both ends included, holds a block. Blocks on his own level do not matter.
	if g.py > 1 {
		for x := min(g.px, s); x <= max(g.px, s); x++ {
			if !g.block(g.py-1, x) {
				return false
			}
		}
	}
	return true
}

// climb is R-T7, the move of a valid CLIMB; dir is +1 for RIGHT, -1 for LEFT.
func (g *TowerGame) climb(dir int) {
	oldY, oldX := g.py, g.px
	g.py, g.px = g.py+1, g.px+dir // he needs nothing under himself
	g.countdown(oldY, oldX)       // R-T12
}

// getDown is R-T8, the move of a valid GETDOWN.
func (g *TowerGame) getDown(dir int) {
	oldY, oldX := g.py, g.px
	g.py, g.px = g.py-1, g.px+dir // he may fall further in the automatic steps
	g.countdown(oldY, oldX)       // R-T12
}

// canClimb is R-T7's conditions.
func (g *TowerGame) canClimb(dir int) bool {
	if g.py >= g.n { // below the top level
		return false
	}
	if !g.inside(g.px+dir) || !g.block(g.py, g.px+dir) { // a block beside him, in the tower
		return false
	}
	return !g.block(g.py+1, g.px) && !g.block(g.py+1, g.px+dir) // above and above-beside empty
}

// canGetDown is R-T8's conditions.
func (g *TowerGame) canGetDown(dir int) bool {
	if g.py < 2 { // level 2 or higher
		return false
	}
	if !g.inside(g.px + dir) { // the cell beside him is inside the tower
		return false
	}
	return !g.block(g.py, g.px+dir) && !g.block(g.py-1, g.px+dir) // it and the cell below it empty
}

// push is R-T9, a valid push.
func (g *TowerGame) push(dir int) {
	end, _ := g.chain(dir)
	// The player does not move. Farthest block first, each finishing its movement,
	// sliding included, before the next one starts.
	for x := end - dir; x != g.px; x -= dir {
		g.pushBlock(g.py, x, dir)
	}
}

// chain is R-T9's chain: the longest run of touching blocks from the cell beside the
// player, ending at the first empty cell or at the side of the tower, whose end is the
// cell after its last block. ok is whether a push can move it.
func (g *TowerGame) chain(dir int) (end int, ok bool) {
	end = g.px + dir
	for g.inside(end) && g.block(g.py, end) {
		end += dir
	}
	if end == g.px+dir { // the chain is empty
		return end, false
	}
	for x := g.px + dir; x != end; x += dir {
		if g.grid[g.py][x] == 'C' { // the chain holds a C
			return end, false
		}
	}
	return end, true
}

// pushBlock moves the block at (y, x) one cell in direction dir (R-T9), then lets it
// slide (R-T10). The two moves are written apart, as the two rules are.
func (g *TowerGame) pushBlock(y, x, dir int) {
	kind, from := g.grid[y][x], x
	defer func() {
		g.traceRule(TowerStep{Phase: TowerPushed, Move: TowerMove{kind, [2]int{y, from}, [2]int{y, from + dir}, [2]int{y, x}}})
	}()
	g.grid[y][x] = '.'
	x += dir
	if !g.inside(x) { // R-T9: moved outside the tower, it vanishes
		return
	}
	g.grid[y][x] = kind
	// R-T10: keep moving while (a) and (b) hold.
	for g.slides(y, x, kind) { // (a)
		next := x + dir
		if g.block(y, next) { // (b) the next cell is not empty (outside counts as empty)
			return
		}
		g.grid[y][x] = '.'
		x = next
		if !g.inside(x) { // slid out of the tower: it vanishes
			return
		}
		g.grid[y][x] = kind
	}
}

// slides is R-T10 (a): an ice block with a block or the floor under it, or any block
// with an ice block under it. The floor below level 1 is not ice (R-T2).
func (g *TowerGame) slides(y, x int, kind byte) bool {
	belowIsFloor := y == 1
	belowIsIce := !belowIsFloor && g.grid[y-1][x] == 'I'
	if kind == 'I' && (belowIsFloor || g.block(y-1, x)) {
		return true
	}
	return belowIsIce
}

// pull is R-T11: PULL RIGHT (dir +1) pulls the block on the player's left to the right.
func (g *TowerGame) pull(dir int) {
	from, to := g.px-dir, g.px+dir // the block pulled, and where the player goes
	oldY, oldX := g.py, g.px
	g.grid[g.py][g.px] = g.grid[g.py][from] // one cell into his old cell; it never slides
	g.grid[g.py][from] = '.'
	g.px = to               // he needs no support, and may fall afterwards
	g.countdown(oldY, oldX) // R-T12
}

// canPull is R-T11's conditions.
func (g *TowerGame) canPull(dir int) bool {
	from, to := g.px-dir, g.px+dir
	// That cell holds a block, and not a C.
	if !g.block(g.py, from) || g.grid[g.py][from] == 'C' {
		return false
	}
	// The cell he moves to is inside the tower and empty.
	return g.inside(to) && !g.block(g.py, to)
}

// countdown is R-T12: the player left the cell (y, x) by a valid MOVETO, CLIMB, GETDOWN or
// PULL; a fragile block directly below that cell counts down, and 1 vanishes.
func (g *TowerGame) countdown(y, x int) {
	if y < 2 {
		return // below level 1 is the floor
	}
	switch g.grid[y-1][x] {
	case '3':
		g.grid[y-1][x] = '2'
	case '2':
		g.grid[y-1][x] = '1'
	case '1':
		g.grid[y-1][x] = '.'
	}
}

// automatic is R-T13: rounds of the three steps until a whole round changes nothing.
func (g *TowerGame) automatic() {
	for round := 1; ; round++ {
		vanished := g.vanishOnB() // 1. R-T14
		fell := g.playerFalls()   // 2. R-T15
		fallen := g.blocksFall()  // 3. R-T16
		g.traceRule(TowerStep{Phase: TowerRound, Round: TowerRoundDone{round, vanished, fell, fallen}})
		if vanished == "" && !fell && !fallen {
			return
		}
	}
}

// vanishOnB is R-T14: every block standing directly on a B vanishes; all are found first,
// then removed together. The player is never removed. It returns the blocks that
// vanished, "" if none.
func (g *TowerGame) vanishOnB() string {
	var doomed [][2]int
	for y := 2; y <= g.n; y++ {
		below, row := g.grid[y-1], g.grid[y]
		if bytes.IndexByte(below[1:g.m+1], 'B') < 0 {
			continue // few levels hold a B: a level without one holds nothing up to vanish
		}
		for x := 1; x <= g.m; x++ {
			if below[x] == 'B' && row[x] != '.' {
				doomed = append(doomed, [2]int{y, x})
			}
		}
	}
	var vanished []byte
	for _, c := range doomed {
		vanished = append(vanished, g.grid[c[0]][c[1]])
		g.grid[c[0]][c[1]] = '.'
	}
	return string(vanished)
}

// playerFalls is R-T15: while he is above level 1 with an empty cell below, he moves
// down, all the way within this step.
func (g *TowerGame) playerFalls() bool {
	moved := false
	for g.py > 1 && !g.block(g.py-1, g.px) {
		g.py--
		moved = true
	}
	return moved
}

// blocksFall is R-T16: levels 2..n bottom to top, each left to right; a block whose three
// lower cells are empty falls all the way before the next block is examined.
func (g *TowerGame) blocksFall() bool {
	changed := false
	for y := 2; y <= g.n; y++ {
		for x := 1; x <= g.m; x++ {
			// Inside the tower, a cell holds a block unless it is '.' (block): most are
			// empty, and are passed over first.
			if g.grid[y][x] == '.' || !g.lowerEmpty(y, x) {
				continue
			}
			kind := g.grid[y][x]
			g.grid[y][x] = '.'
			to := y
			for to > 1 && g.lowerEmpty(to, x) { // stop on a block below, or at level 1
				to--
			}
			g.grid[to][x] = kind // it may stop in the player's cell
			g.traceRule(TowerStep{Phase: TowerFall, Move: TowerMove{kind, [2]int{y, x}, [2]int{y - 1, x}, [2]int{to, x}}})
			changed = true
		}
	}
	return changed
}

// lowerEmpty reports whether the three lower cells of (y, x) — below-left, below and
// below-right — are all empty; outside the tower and the player's cell count as empty.
// (y, x) is a cell of the tower above level 1.
func (g *TowerGame) lowerEmpty(y, x int) bool {
	below := g.grid[y-1] // below first: the most often filled
	return below[x] == '.' && (x == 1 || below[x-1] == '.') && (x == g.m || below[x+1] == '.')
}

// check is R-T18: the conditions in order, the first that holds ends the game. It
// reports whether the game is over.
func (g *TowerGame) check() bool {
	cleared, hole, block, walking := g.Conditions()
	switch {
	case cleared:
		g.result = towerCleared
	case hole:
		g.result = towerHole
	case block:
		g.result = towerBlock
	case walking:
		g.result = towerWalking
	}
	return g.result != ""
}

// Conditions are R-T18's (A) Cleared, (B) Death by Hole, (C) Death by Block and (D)
// Death by Walking Goal on the tower as it is: a check's result is the first that holds.
func (g *TowerGame) Conditions() (cleared, hole, block, walking bool) {
	// R-T17: the cell below the player; on level 1 it is the floor, neither G nor B.
	var below byte = '.'
	if g.py > 1 {
		below = g.grid[g.py-1][g.px]
	}
	cleared = below == 'G'              // (A) wherever the goal is now
	hole = below == 'B'                 // (B)
	block = g.block(g.py, g.px)         // (C) a block fell into his cell and is still there
	walking = g.grid[g.gy][g.gx] != 'G' // (D) the goal's initial cell no longer holds G
	return cleared, hole, block, walking
}

// Tracing. A traced game (TowerTrace) reports each moment of every dataset to an observer,
// so that the games can be pictured step by step; Tower is untraced and pays a nil check
// or two per command.

// The phases of a TowerStep. TowerTrace reports the first five; TowerRules the moments
// rules act too.
const (
	TowerStart     = "start"     // the dataset's tower is read and checked (R-T3)
	TowerAction    = "action"    // a command was carried out or found invalid, before any check (R-T4.1)
	TowerAutomatic = "automatic" // the checks and automatic steps after it are done (R-T4.2-4.4)
	TowerIgnored   = "ignored"   // a command read after game over (R-T5)
	TowerEnd       = "end"       // every command handled without game over: Gave Up (R-T5)
	TowerCommand   = "command"   // a command read in a game not over, before it is handled (R-T4)
	TowerPushed    = "pushed"    // a pushed block finished its movement (R-T9, R-T10): Move
	TowerRound     = "round"     // a round of the automatic steps is done (R-T13): Round
	TowerFall      = "fall"      // a block fell (R-T16): Move
)

// TowerStep is one moment of a traced tower input. Its methods read the game as it is at
// that moment, so a TowerStep is valid only during the call that reports it.
type TowerStep struct {
	Dataset int    // the dataset's number in the input, from 1
	Command int    // the command's number in the dataset, from 1; 0 at the start
	Phase   string // TowerStart, TowerAction, TowerAutomatic, TowerIgnored or TowerEnd
	Op      string // the command as written ("PUSH RIGHT", "MOVETO 3"); "" at the start
	Line    int    // the input line of the command; at the start, the line of n
	Output  []byte // everything written so far, the datasets before included
	Result  string // the game-over line once the game is over (R-T18), else ""
	Valid   bool   // TowerAction (and after it): the command was carried out (R-T6-R-T11)
	Move    TowerMove
	Round   TowerRoundDone
	*TowerGame
}

// TowerMove is a block that moved: pushed (TowerPushed) or fallen (TowerFall). Cells are
// [level, column]: where it was, its first step, where it stopped (a column outside
// 1..m when it left the tower).
type TowerMove struct {
	Kind           byte
	From, Step, To [2]int
}

// TowerRoundDone is a round of the automatic steps (TowerRound): its number from 1, the
// blocks that vanished on a B (their characters, "" if none), whether the player fell and
// whether blocks fell.
type TowerRoundDone struct {
	Number           int
	Vanished         string
	Fell, BlocksFell bool
}

// TowerTrace plays input as Tower does and calls observe at the start of every dataset
// and after every command's action and automatic steps. It returns what Tower writes and
// the error Tower returns.
func TowerTrace(input []byte, observe func(*TowerStep)) ([]byte, error) {
	return traced(func(out *bufio.Writer, see func(*TowerStep)) error {
		return playTower(&towerInput{t: newTokens(input)}, out, see, false)
	}, observe)
}

// TowerRules is TowerTrace that also calls observe at every moment a rule acts: before a
// command, after every pushed block, every fallen block and every automatic round.
func TowerRules(input []byte, observe func(*TowerStep)) ([]byte, error) {
	return traced(func(out *bufio.Writer, see func(*TowerStep)) error {
		return playTower(&towerInput{t: newTokens(input)}, out, see, true)
	}, observe)
}

func (s *TowerStep) setOutput(written []byte) { s.Output = written }

// Size is the tower's n levels and m columns.
func (g *TowerGame) Size() (n, m int) { return g.n, g.m }

// Cell is the cell at level y (1 the bottom) and column x: '.' empty, else the block's
// character. The player is not drawn: his cell is empty unless a block fell into it.
func (g *TowerGame) Cell(y, x int) byte { return g.grid[y][x] }

// Player is the player's level and column.
func (g *TowerGame) Player() (y, x int) { return g.py, g.px }

// Level is level y's cells, columns 1..m: '.' empty, else the block's character. The
// slice is the tower's own, to read during the call that reports the step.
func (g *TowerGame) Level(y int) []byte { return g.grid[y][1:] }

// Goal is the goal's initial cell, which condition (D) watches.
func (g *TowerGame) Goal() (y, x int) { return g.gy, g.gx }

// Settled tells what the automatic steps would make of the tower as it is now, played on
// a copy: whether they would change anything, and the check's result after them ("" if
// the game would go on).
func (g *TowerGame) Settled() (changes bool, result string) {
	c := *g
	c.observe, c.out, c.result = nil, nil, ""
	c.grid = make([][]byte, len(g.grid))
	for y := range c.grid {
		c.grid[y] = slices.Clone(g.grid[y])
	}
	c.automatic()
	for y := range c.grid {
		changes = changes || !slices.Equal(c.grid[y], g.grid[y])
	}
	c.check()
	return changes || c.py != g.py, c.result
}

// Outcome is the game-over line once the game is over (R-T18), "" while it goes on.
func (g *TowerGame) Outcome() string { return g.result }

// enter notes, for the observer, that command k is being handled.
func (g *TowerGame) enter(c towerCommand, k int) {
	if g.observe != nil {
		g.cmdNo, g.line, g.op, g.done = k, c.line, c.name+" "+c.arg, false
	}
}

// trace reports a moment of a traced game.
func (g *TowerGame) trace(phase string) {
	if g.observe != nil {
		g.report(&TowerStep{Phase: phase})
	}
}

// traceRule reports a moment a rule acts, to an observer of them (TowerRules).
func (g *TowerGame) traceRule(s TowerStep) {
	if g.observe != nil && g.rules {
		// A copy: the step then goes to the heap only when it is reported, not at every
		// rule of every untraced game (the generator's players where rulings are skipped,
		// the scaler's replays: thousands a second).
		step := s
		g.report(&step)
	}
}

func (g *TowerGame) report(s *TowerStep) {
	s.Dataset, s.Command, s.Op, s.Line, s.Result, s.Valid, s.TowerGame = g.dataset, g.cmdNo, g.op, g.line, g.result, g.done, g
	if s.Phase == TowerStart {
		s.Op = ""
	}
	g.observe(s)
}
