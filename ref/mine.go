package ref

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"

	"gamediff/internal/quote"
)

// Mine judges the game mine (seeds 000 and 002, docs/mine.md): it reads a board and
// operations from input and writes the judge's answers to w. An *InputError reports
// input that breaks the format, after the answers to the operations before it.
func Mine(input []byte, w io.Writer) error {
	out := bufio.NewWriter(w)
	err := playMine(newTokens(input), out, nil)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// MineGame is one game of mine, the judge's own state, played one operation at a time
// (Play). Mine and MineTrace play the game they read this way; gen's player drives one
// directly, with no output, and reads it through the views below.
type MineGame struct {
	n, m    int
	mine    [][]bool
	swept   [][]bool
	flagged [][]bool
	safe    int      // cells without a mine
	opened  int      // safe cells swept so far
	newly   [][2]int // cells swept by the current operation
	steps   int
	out     *bufio.Writer // nil: the answers go nowhere
	boomAt  [2]int        // the mine whose sweep ended the game; 0, 0 if none
	result  string        // "finish", "game over" or "give up" once the game is over
}

// NewMineGame starts a game on board: n rows of m bytes, '*' a mine and '.' a safe cell,
// as the input gives them (1 ≤ n, m ≤ 1000). Its answers are not written.
func NewMineGame(board []string) *MineGame { return newMineGame(board, nil) }

func newMineGame(board []string, out *bufio.Writer) *MineGame {
	n, m := len(board), len(board[0])
	g := &MineGame{n: n, m: m, out: out, mine: boolGrid(n, m), swept: boolGrid(n, m), flagged: boolGrid(n, m)}
	for x := 1; x <= n; x++ {
		for y := 1; y <= m; y++ {
			if board[x-1][y-1] == '*' {
				g.mine[x][y] = true
			} else {
				g.safe++
			}
		}
	}
	return g
}

func playMine(in *tokens, out *bufio.Writer, observe func(*MineStep)) error {
	// "第一行用空格隔开的两个整数 n,m" with 1 ≤ n, m ≤ 1000.
	n, nLine, err := in.number("n", 1, 1000)
	if err != nil {
		return err
	}
	m, _, err := in.number("m", 1, 1000)
	if err != nil {
		return err
	}
	// "接下来 n 行，每行一个长为 m 的字符串 … 为 * 表示方块里有一个地雷，为 . 表示方块是安全的。"
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
			if c := row.text[y-1]; c != '*' && c != '.' {
				return &InputError{Line: row.line, Msg: fmt.Sprintf("row %d, column %d: %q is neither '*' nor '.'", x, y, c)}
			}
		}
		board[x-1] = row.text
	}
	g := newMineGame(board, out)
	trace(observe, g, "", 0, 0, nLine)
	// Operations to the end of the game; nothing after its end is read (R-M4, R-IN2).
	for {
		cmd, err := in.next("an operation (Flag, Sweep, DSweep or Quit)")
		if err != nil {
			return err // R-M4: the input ended before the game did
		}
		x, y := 0, 0
		switch cmd.text {
		case "Quit":
		case "Flag", "Sweep", "DSweep":
			if x, _, err = in.number(cmd.text+": row", 1, n); err != nil {
				return err
			}
			if y, _, err = in.number(cmd.text+": column", 1, m); err != nil {
				return err
			}
		default:
			return &InputError{Line: cmd.line, Msg: fmt.Sprintf("unknown operation %s, expected Flag, Sweep, DSweep or Quit", quote.Token(cmd.text))}
		}
		g.Play(cmd.text, x, y)
		trace(observe, g, cmd.text, x, y, cmd.line)
		if g.result != "" {
			return nil
		}
	}
}

// Play plays one operation of a game that is not over: "Flag", "Sweep" or "DSweep" on
// the cell (x, y), or "Quit" (x and y unused). It returns how the operation ended the
// game, "finish", "game over" or "give up", or "" when the game goes on.
func (g *MineGame) Play(op string, x, y int) string {
	g.newly = g.newly[:0]
	if op == "Quit" {
		// "若读入了 Quit，忽略之后的所有输入，结束本局游戏" — Quit is not a step.
		g.end("give up")
		return g.result
	}
	// "每次成功／不成功的 Flag, Sweep, DSweep 均视为一次行动" — the one that booms too.
	g.steps++
	switch op {
	case "Flag":
		g.flag(x, y)
		return "" // R-M1: never a finish check after Flag
	case "Sweep":
		if !g.sweepOp(x, y) {
			return g.result
		}
	case "DSweep":
		if !g.dsweepOp(x, y) {
			return g.result
		}
	}
	// R-M1: after every Sweep or DSweep that did not boom, whatever it answered.
	if g.opened == g.safe {
		g.end("finish")
	}
	return g.result
}

// flag is statement rule 2.
func (g *MineGame) flag(x, y int) {
	switch {
	case g.swept[x][y]:
		g.line("swept")
	case g.flagged[x][y]:
		g.flagged[x][y] = false
		g.line("cancelled")
	default:
		g.flagged[x][y] = true
		g.line("success")
	}
}

// sweepOp is statement rule 3. It reports false when the game ended with a boom.
func (g *MineGame) sweepOp(x, y int) bool {
	switch {
	case g.swept[x][y]:
		g.line("swept")
	case g.flagged[x][y]:
		g.line("flagged")
	default:
		g.newly = g.newly[:0]
		if !g.sweep(x, y) {
			g.boom()
			return false
		}
		g.feedback()
	}
	return true
}

// dsweepOp is statement rule 4. It reports false when the game ended with a boom.
func (g *MineGame) dsweepOp(x, y int) bool {
	if !g.swept[x][y] {
		g.line("not swept")
		return true
	}
	number := g.number(x, y)
	if number == 0 || g.flagsAround(x, y) != number {
		g.line("failed")
		return true
	}
	// "对方块八连通的每个空白方块进行扫雷过程，所有扫雷过程结束之后 … 输出反馈信息"
	g.newly = g.newly[:0]
	for nx := x - 1; nx <= x+1; nx++ {
		for ny := y - 1; ny <= y+1; ny++ {
			if !g.inside(nx, ny) || g.swept[nx][ny] || g.flagged[nx][ny] {
				continue // only blank neighbours; one swept by an earlier cascade is no longer blank
			}
			if !g.sweep(nx, ny) {
				g.boom() // R-M2: only boom, no feedback for cells opened before
				return false
			}
		}
	}
	g.feedback()
	return true
}

// sweep is the sweep process of statement rule 5. It reports false on a mine.
func (g *MineGame) sweep(x, y int) bool {
	if g.mine[x][y] {
		// Kept for the trace, which draws it: a DSweep's is any of its blank neighbours.
		g.boomAt = [2]int{x, y}
		return false // "如果 (x,y) 为地雷，扫雷失败"
	}
	// The process marks the cell swept, and runs again on the neighbours of a 0. The
	// cells it has still to run on are the last ones it swept, which wait in the list of
	// the operation's newly swept cells rather than on the call stack, which a cascade
	// over a million cells would make a million calls deep.
	g.swept[x][y] = true
	g.newly = append(g.newly, [2]int{x, y})
	for i := len(g.newly) - 1; i < len(g.newly); i++ {
		c := g.newly[i]
		g.opened++
		if g.number(c[0], c[1]) != 0 {
			continue
		}
		// "自动对它相邻的没有探明的方块进行扫雷（此时，清除它的相邻方块上的旗帜信息）" (R-M3)
		for nx := c[0] - 1; nx <= c[0]+1; nx++ {
			for ny := c[1] - 1; ny <= c[1]+1; ny++ {
				if g.inside(nx, ny) && !g.swept[nx][ny] {
					g.flagged[nx][ny] = false
					g.swept[nx][ny] = true // a neighbour of a 0 is never a mine
					g.newly = append(g.newly, [2]int{nx, ny})
				}
			}
		}
	}
	return true
}

// feedback is statement rule 6: the cells newly swept, by row then column.
func (g *MineGame) feedback() {
	if g.out == nil {
		return // nothing to print: no need to sort
	}
	if len(g.newly) == 0 {
		g.line("no cell detected")
		return
	}
	slices.SortFunc(g.newly, byRowThenColumn)
	fmt.Fprintf(g.out, "%d cell(s) detected\n", len(g.newly))
	// "%d %d %d\n" a cell, appended to the writer's free buffer: a cascade prints up to a
	// million lines.
	for _, c := range g.newly {
		line := strconv.AppendInt(g.out.AvailableBuffer(), int64(c[0]), 10)
		line = append(line, ' ')
		line = strconv.AppendInt(line, int64(c[1]), 10)
		line = append(line, ' ')
		line = strconv.AppendInt(line, int64(g.number(c[0], c[1])), 10)
		g.out.Write(append(line, '\n'))
	}
}

func (g *MineGame) boom() {
	g.line("boom")
	g.end("game over")
}

// end is statement rule 8: the result, then the steps taken.
func (g *MineGame) end(result string) {
	g.result = result
	g.line(result)
	if g.out != nil {
		fmt.Fprintf(g.out, "total step %d\n", g.steps)
	}
}

// number is the count of mines among the 8 neighbours.
func (g *MineGame) number(x, y int) int { return countAround(g.mine, x, y) }

// flagsAround is the count of flags among the 8 neighbours.
func (g *MineGame) flagsAround(x, y int) int { return countAround(g.flagged, x, y) }

func (g *MineGame) inside(x, y int) bool { return x >= 1 && x <= g.n && y >= 1 && y <= g.m }

func (g *MineGame) line(s string) {
	if g.out != nil {
		fmt.Fprintln(g.out, s)
	}
}

// Views: what the player sees of the game, and what gen's player and rulings read.

// Size is the board's n rows and m columns.
func (g *MineGame) Size() (n, m int) { return g.n, g.m }

// Mine reports whether (x, y) holds a mine.
func (g *MineGame) Mine(x, y int) bool { return g.mine[x][y] }

// Swept reports whether (x, y) is swept.
func (g *MineGame) Swept(x, y int) bool { return g.swept[x][y] }

// Flagged reports whether (x, y) carries a flag.
func (g *MineGame) Flagged(x, y int) bool { return g.flagged[x][y] }

// Number is the number (x, y) shows once swept: the mines among its 8 neighbours.
func (g *MineGame) Number(x, y int) int { return g.number(x, y) }

// Newly lists the cells the last operation swept, in the order it swept them.
func (g *MineGame) Newly() [][2]int { return g.newly }

// SafeLeft is how many safe cells are not swept yet.
func (g *MineGame) SafeLeft() int { return g.safe - g.opened }

// Outcome is how the game ended: "finish", "game over" or "give up"; "" while it goes on.
func (g *MineGame) Outcome() string { return g.result }

// Tracing. A traced game (MineTrace) reports each moment of the game to an observer, so
// that the game can be pictured step by step; Mine is untraced and pays one nil check
// per operation.

// MineStep is one moment of a traced mine game: its start, once the board is read, or
// the end of one operation. It reads the game as it is at that moment (the views of
// MineGame, and Cell), so a MineStep is valid only during the call that reports it.
type MineStep struct {
	Op     string // "Flag", "Sweep", "DSweep" or "Quit"; "" at the start
	X, Y   int    // the operation's cell; 0, 0 for Quit and at the start
	Line   int    // the input line of the operation; at the start, the line of n
	Output []byte // everything written so far
	Result string // "finish", "game over" or "give up" once the game has ended, else ""
	Boom   [2]int // the mine whose sweep ended the game; 0, 0 if none
	*MineGame
}

// MineTrace plays input as Mine does and calls observe at the start of the game and after
// every operation. It returns what Mine writes and the error Mine returns.
func MineTrace(input []byte, observe func(*MineStep)) ([]byte, error) {
	return traced(func(out *bufio.Writer, see func(*MineStep)) error {
		return playMine(newTokens(input), out, see)
	}, observe)
}

// MineSteps is MineTrace without the output: the steps alone, each with no Output, for
// who reads what the play reaches and not what it writes. It returns MineTrace's error.
func MineSteps(input []byte, observe func(*MineStep)) error {
	return playMine(newTokens(input), nil, observe) // no writer: the play neither sorts nor prints
}

func (s *MineStep) setOutput(written []byte) { s.Output = written }

// Cell is (x, y) on the player's board: '_' covered, 'F' flagged, '0'-'8' swept (its
// number), '*' the mine that ended the game.
func (s *MineStep) Cell(x, y int) byte {
	g := s.MineGame
	switch {
	case s.Boom == [2]int{x, y}:
		return '*'
	case g.swept[x][y]:
		return byte('0' + g.number(x, y))
	case g.flagged[x][y]:
		return 'F'
	}
	return '_'
}

// trace reports a moment of a traced game (observe is nil when not traced).
func trace(observe func(*MineStep), g *MineGame, op string, x, y, line int) {
	if observe != nil {
		observe(&MineStep{Op: op, X: x, Y: y, Line: line, Result: g.result, Boom: g.boomAt, MineGame: g})
	}
}
