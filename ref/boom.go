package ref

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
)

// Boom judges the game boom (seed 003, docs/boom.md): it reads T games, each a board
// and the player's clicks, and writes the interactor's answers to w. An *InputError
// reports input that breaks the format, after the answers to everything before it.
func Boom(input []byte, w io.Writer) error {
	out := bufio.NewWriter(w)
	err := playBoom(newTokens(input), out, nil)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// The limits of the statement's 限制 section.
const (
	boomMinSide = 3   // 3 ≤ n, m
	boomMaxSide = 200 // n, m ≤ 200
)

func playBoom(in *tokens, out *bufio.Writer, observe func(*BoomStep)) error {
	// "第一行一个正整数 T 表示数据组数": a positive integer. Its limit T ≤ 30 is the
	// validator's to check (R-IN3): counts of games are not capped by the judges (R-IN1).
	games, _, err := in.number("T", 1, math.MaxInt)
	if err != nil {
		return err
	}
	for t := 1; t <= games; t++ {
		// "相邻的两组数据之间使用一行 ========== 隔开": written when the next game starts,
		// before any of it is read, as a judge looping over the games does.
		if t > 1 && out != nil {
			fmt.Fprintln(out, "==========")
		}
		if err := playBoomGame(in, out, t, observe); err != nil {
			return err
		}
	}
	// Nothing after the last game is read (R-IN2).
	return nil
}

// BoomGame is one game of boom, the interactor's own state, played one operation at a
// time (Play, then End for the closing 0). Boom and BoomTrace play the games they read
// this way; gen's player drives one directly, with no output, and reads it through the
// views below.
type BoomGame struct {
	n, m     int
	mine     [][]bool
	opened   [][]bool
	view     [][]byte // the 玩家地图: '_', 'P', '?' or the digit of an opened cell
	k        int      // the number of mines
	unopened int      // cells not opened, for the WIN test
	over     bool     // 游戏结束: lost or won
	changed  [][2]int // the cells whose value the current operation changed
	answer   string   // the current operation's last answer: INVALID, LOSE, RUNNING or WIN
	out      *bufio.Writer
	lost     [][2]int // the mines that lost the game, for the trace to draw
}

// NewBoomGame starts a game on board: n rows of m bytes, '*' a mine and '_' empty, as the
// input gives them (3 ≤ n, m ≤ 200). Its answers are not written.
func NewBoomGame(board []string) *BoomGame { return newBoomGame(board, nil) }

func newBoomGame(board []string, out *bufio.Writer) *BoomGame {
	n, m := len(board), len(board[0])
	g := &BoomGame{n: n, m: m, out: out, unopened: n * m, mine: boolGrid(n, m), opened: boolGrid(n, m)}
	g.view = make([][]byte, n+2)
	for x := range g.view {
		g.view[x] = make([]byte, m+2)
		for y := range g.view[x] {
			g.view[x][y] = '_' // "初始时矩阵中所有元素为 _"
		}
	}
	for x := 1; x <= n; x++ {
		for y := 1; y <= m; y++ {
			if board[x-1][y-1] == '*' {
				g.mine[x][y] = true
				g.k++
			}
		}
	}
	return g
}

func playBoomGame(in *tokens, out *bufio.Writer, index int, observe func(*BoomStep)) error {
	// "每组数据第一行两个正整数 n, m" with 3 ≤ n, m ≤ 200.
	n, first, err := in.number("n", boomMinSide, boomMaxSide) // first: the game's line, for the observer
	if err != nil {
		return err
	}
	m, _, err := in.number("m", boomMinSide, boomMaxSide)
	if err != nil {
		return err
	}
	// "第 i 行一个长度为 m 的字符串, 仅包含 _ 和 * 两种字符. 如果第 j 个字符为 * , 则表示第 i 行
	// 第 j 列为地雷, 否则为空地."
	board := make([]string, n)
	for x := 1; x <= n; x++ {
		row, err := in.next(fmt.Sprintf("row %d of the board", x))
		if err != nil {
			return err
		}
		if len(row.text) != m {
			return &InputError{Line: row.line, Msg: fmt.Sprintf("row %d has %d characters, expected %d", x, len(row.text), m)}
		}
		for y := 1; y <= m; y++ {
			if c := row.text[y-1]; c != '*' && c != '_' {
				return &InputError{Line: row.line, Msg: fmt.Sprintf("row %d, column %d: %q is neither '_' nor '*'", x, y, c)}
			}
		}
		board[x-1] = row.text
	}
	g := newBoomGame(board, out)
	traceBoom(observe, g, index, first, -1, 0, 0)
	// "每行三个正整数 op, x, y 表示玩家的一次操作 … 最后一行一个数 0 , 表示玩家操作结束."
	for {
		op, at, err := in.number("op", 0, 3) // at: the operation's line, for the observer
		if err != nil {
			return err
		}
		if op == 0 {
			g.End()
			traceBoom(observe, g, index, at, 0, 0, 0)
			return nil
		}
		// Operations after the end are still read whole and checked: only their answer
		// differs.
		x, _, err := in.number(fmt.Sprintf("op %d: x", op), 1, n)
		if err != nil {
			return err
		}
		y, _, err := in.number(fmt.Sprintf("op %d: y", op), 1, m)
		if err != nil {
			return err
		}
		g.Play(op, x, y)
		traceBoom(observe, g, index, at, op, x, y)
	}
}

// End is the game's closing 0: "若玩家操作结束, 但上述两种情况均未出现, 则视作玩家退出游戏" →
// QUIT; R-B2: with no operation at all this is the only line.
func (g *BoomGame) End() {
	if !g.over {
		g.println("QUIT")
	}
}

// Play answers one operation: op 1, 2 or 3 (a left, right or middle click) on (x, y).
// It returns the answer's last line: INVALID, LOSE, RUNNING or WIN (which follows a
// RUNNING line).
func (g *BoomGame) Play(op, x, y int) string {
	g.changed = g.changed[:0]
	// "若游戏结束, 你应该忽略游戏结束后的所有玩家操作, 即判定这些操作为无效操作" → INVALID.
	if g.over {
		g.answer = "INVALID"
		g.println(g.answer)
		return g.answer
	}
	lost := false
	switch op {
	case 1:
		lost = g.left(x, y)
	case 2:
		g.right(x, y)
	case 3:
		lost = g.middle(x, y)
	}
	if lost {
		// "若此次操作后游戏失败, 返回 LOSE": no RUNNING line, whatever was opened before.
		g.answer = "LOSE"
		g.println(g.answer)
		g.over = true
		return g.answer
	}
	g.answer = "RUNNING"
	g.running()
	// "若某一次操作结束后, 未被打开的位置个数恰好为 k , 则此次操作后游戏胜利" — after every
	// operation that did not lose, even one that changed nothing (R-B1).
	if g.unopened == g.k {
		g.answer = "WIN"
		g.println(g.answer)
		g.over = true
	}
	return g.answer
}

// left is 左键点击. It reports whether the game is lost.
func (g *BoomGame) left(x, y int) bool {
	// "若 <x, y> 已经被打开或玩家地图中这个位置为 P, 则不进行任何操作"
	if g.opened[x][y] || g.view[x][y] == 'P' {
		return false
	}
	// "否则若 <x, y> 为地雷, 则游戏失败"
	if g.mine[x][y] {
		g.lost = [][2]int{{x, y}}
		return true
	}
	// "否则对 <x, y> 进行打开操作" — a '?' is opened like '_' (R-B3).
	g.open(x, y)
	return false
}

// right is 右键点击: the mark cycles _ → P → ? → _ on a cell not opened.
func (g *BoomGame) right(x, y int) {
	if g.opened[x][y] {
		return // "若 <x, y> 已经被打开, 则不进行任何操作"
	}
	switch g.view[x][y] {
	case '_':
		g.set(x, y, 'P')
	case 'P':
		g.set(x, y, '?')
	case '?':
		g.set(x, y, '_')
	}
}

// middle is 中键点击. It reports whether the game is lost.
func (g *BoomGame) middle(x, y int) bool {
	// "若 <x, y> 未被打开, 或 … 周围相邻的 8 个位置的 P 的个数不等于玩家地图中该位置的数值,
	// 则不进行任何操作" — a 0 cell is not special (R-B3).
	if !g.opened[x][y] || g.flagsAround(x, y) != int(g.view[x][y]-'0') {
		return false
	}
	// "对于 <x, y> 周围相邻 8 个未被打开且在玩家地图中不是 P 的位置, 如果存在至少一个位置是
	// 地雷, 则游戏失败" — checked over all of them before anything is opened.
	var targets [][2]int
	for nx := x - 1; nx <= x+1; nx++ {
		for ny := y - 1; ny <= y+1; ny++ {
			if (nx != x || ny != y) && g.inside(nx, ny) && !g.opened[nx][ny] && g.view[nx][ny] != 'P' {
				targets = append(targets, [2]int{nx, ny})
			}
		}
	}
	for _, c := range targets {
		if g.mine[c[0]][c[1]] {
			g.lost = append(g.lost, c)
		}
	}
	if len(g.lost) > 0 {
		return true
	}
	// "否则对这些位置进行打开操作". One opened by an earlier one's cascade is opened again,
	// which changes nothing: its number is shown already, and its own cascade ran.
	for _, c := range targets {
		g.open(c[0], c[1])
	}
	return false
}

// open is 打开操作, recursive as the statement describes it.
func (g *BoomGame) open(x, y int) {
	// "1. 将 <x, y> 标记为被打开."
	if !g.opened[x][y] {
		g.opened[x][y] = true
		g.unopened--
	}
	// "2. 在玩家地图中位置 <x, y> 改为 c, 表示这个位置周围相邻的 8 个位置的地雷数量."
	c := g.number(x, y)
	g.set(x, y, byte('0'+c))
	// "3. 如果 c = 0 , 则对其周围相邻的 8 个未被打开且在玩家地图中不是 P 的位置进行打开操作."
	if c == 0 {
		for nx := x - 1; nx <= x+1; nx++ {
			for ny := y - 1; ny <= y+1; ny++ {
				if g.inside(nx, ny) && !g.opened[nx][ny] && g.view[nx][ny] != 'P' {
					g.open(nx, ny) // a neighbour of a 0 is never a mine
				}
			}
		}
	}
}

// set changes the player map, noting the cell for the RUNNING line. A cell changes at
// most once in an operation (a click marks it, or an opening shows its number), and
// setting the value it has already is no change: an opened cell opened again.
func (g *BoomGame) set(x, y int, v byte) {
	if g.view[x][y] != v {
		g.view[x][y] = v
		g.changed = append(g.changed, [2]int{x, y})
	}
}

// running prints "RUNNING: [<x, y, val>, …]": every cell whose value in the player map
// the operation changed, with the new value, by x then y.
func (g *BoomGame) running() {
	if g.out == nil {
		return // nothing to print: no need to sort
	}
	changed := slices.Clone(g.changed)
	slices.SortFunc(changed, byRowThenColumn)
	// "<%d, %d, %c>" a cell, appended to the writer's free buffer: an opening prints up to
	// 40,000 of them.
	g.out.WriteString("RUNNING: [")
	for i, c := range changed {
		cell := g.out.AvailableBuffer()
		if i > 0 {
			cell = append(cell, ", "...)
		}
		cell = append(cell, '<')
		cell = strconv.AppendInt(cell, int64(c[0]), 10)
		cell = append(cell, ", "...)
		cell = strconv.AppendInt(cell, int64(c[1]), 10)
		cell = append(cell, ", "...)
		g.out.Write(append(cell, g.view[c[0]][c[1]], '>'))
	}
	g.out.WriteString("]\n")
}

func (g *BoomGame) println(s string) {
	if g.out != nil {
		fmt.Fprintln(g.out, s)
	}
}

// number is the count of mines among the 8 neighbours.
func (g *BoomGame) number(x, y int) int { return countAround(g.mine, x, y) }

// flagsAround is the count of P among the 8 neighbours in the player map.
func (g *BoomGame) flagsAround(x, y int) int {
	count := 0
	for nx := x - 1; nx <= x+1; nx++ {
		for ny := y - 1; ny <= y+1; ny++ {
			if (nx != x || ny != y) && g.inside(nx, ny) && g.view[nx][ny] == 'P' {
				count++
			}
		}
	}
	return count
}

func (g *BoomGame) inside(x, y int) bool { return x >= 1 && x <= g.n && y >= 1 && y <= g.m }

// Views: the player map, and what gen's player and rulings read of the game.

// Size is the board's n rows and m columns.
func (g *BoomGame) Size() (n, m int) { return g.n, g.m }

// Mine reports whether <x, y> is a mine.
func (g *BoomGame) Mine(x, y int) bool { return g.mine[x][y] }

// Opened reports whether <x, y> is opened.
func (g *BoomGame) Opened(x, y int) bool { return g.opened[x][y] }

// View is <x, y> on the player map: '_', 'P', '?', or '0'-'8' opened.
func (g *BoomGame) View(x, y int) byte { return g.view[x][y] }

// Number is the number <x, y> shows once opened: the mines among its 8 neighbours.
func (g *BoomGame) Number(x, y int) int { return g.number(x, y) }

// Changed lists the cells whose value on the player map the last operation changed, in
// the order it changed them.
func (g *BoomGame) Changed() [][2]int { return g.changed }

// Over reports whether the game is over, lost or won.
func (g *BoomGame) Over() bool { return g.over }

// Answer is the last operation's last line: INVALID, LOSE, RUNNING or WIN.
func (g *BoomGame) Answer() string { return g.answer }

// Mines is k, the number of mines; Unopened the cells not opened.
func (g *BoomGame) Mines() int    { return g.k }
func (g *BoomGame) Unopened() int { return g.unopened }

// Tracing. A traced game (BoomTrace) reports each moment of every game to an observer, so
// that the games can be pictured step by step; Boom is untraced and pays one nil check
// per operation.

// BoomStep is one moment of a traced boom input: the start of a game, once its board is
// read, or the end of one operation. It reads the game as it is at that moment (the
// views of BoomGame, and Cell), so a BoomStep is valid only during the call that reports
// it.
type BoomStep struct {
	Game   int      // the game's number in the input, from 1
	Op     int      // 1, 2, 3 (left, right, middle click); 0 the "0" ending the operations; -1 the start
	X, Y   int      // the operation's cell; 0, 0 at the start and for the "0"
	Line   int      // the input line of the operation; at the start, the line of n
	Output []byte   // everything written so far, the games before included
	Lost   [][2]int // the mines that lost the game, once it is lost
	*BoomGame
}

// BoomTrace plays input as Boom does and calls observe at the start of every game and
// after every operation and every "0". It returns what Boom writes and the error Boom
// returns.
func BoomTrace(input []byte, observe func(*BoomStep)) ([]byte, error) {
	return traced(func(out *bufio.Writer, see func(*BoomStep)) error {
		return playBoom(newTokens(input), out, see)
	}, observe)
}

// BoomSteps is BoomTrace without the output: the steps alone, each with no Output, for
// who reads what the play reaches and not what it writes. It returns BoomTrace's error.
func BoomSteps(input []byte, observe func(*BoomStep)) error {
	return playBoom(newTokens(input), nil, observe) // no writer: the play neither sorts nor prints
}

func (s *BoomStep) setOutput(written []byte) { s.Output = written }

// Cell is <x, y> on the player map (玩家地图): '_', 'P', '?', or '0'-'8' opened; '*' marks a
// mine that lost the game.
func (s *BoomStep) Cell(x, y int) byte {
	for _, c := range s.Lost {
		if c == [2]int{x, y} {
			return '*'
		}
	}
	return s.view[x][y]
}

// traceBoom reports a moment of a traced game (observe is nil when not traced): the
// operation on the given line (op -1 is the start of the game).
func traceBoom(observe func(*BoomStep), g *BoomGame, index, line, op, x, y int) {
	if observe != nil {
		observe(&BoomStep{Game: index, Op: op, X: x, Y: y, Line: line, Lost: g.lost, BoomGame: g})
	}
}
