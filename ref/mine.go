package ref

import (
	"bufio"
	"fmt"
	"io"
	"sort"
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

// mineGame is the state of one game: the board and the player's marks on it.
type mineGame struct {
	n, m    int
	mine    [][]bool
	swept   [][]bool
	flagged [][]bool
	safe    int      // cells without a mine
	opened  int      // safe cells swept so far
	newly   [][2]int // cells swept by the current operation
	steps   int
	out     *bufio.Writer
	boomAt  [2]int // the mine whose sweep ended the game; 0, 0 if none

	observe func(*MineStep) // the observer of a traced game (MineTrace); nil when not traced
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
	g := &mineGame{n: n, m: m, out: out, observe: observe}
	g.mine = boolGrid(n, m)
	g.swept = boolGrid(n, m)
	g.flagged = boolGrid(n, m)
	// "接下来 n 行，每行一个长为 m 的字符串 … 为 * 表示方块里有一个地雷，为 . 表示方块是安全的。"
	for x := 1; x <= n; x++ {
		row, err := in.next(fmt.Sprintf("row %d of the board", x))
		if err != nil {
			return err
		}
		if len(row.text) != m {
			return &InputError{Line: row.line, Msg: fmt.Sprintf("row %d has %d characters, expected %d", x, len(row.text), m)}
		}
		for y := 1; y <= m; y++ {
			switch c := row.text[y-1]; c {
			case '*':
				g.mine[x][y] = true
			case '.':
				g.safe++
			default:
				return &InputError{Line: row.line, Msg: fmt.Sprintf("row %d, column %d: %q is neither '*' nor '.'", x, y, c)}
			}
		}
	}
	g.trace("", 0, 0, nLine, "")
	// Operations to the end of the game; nothing after its end is read (R-M4, R-IN2).
	for {
		cmd, err := in.next("an operation (Flag, Sweep, DSweep or Quit)")
		if err != nil {
			return err // R-M4: the input ended before the game did
		}
		if cmd.text == "Quit" {
			// "若读入了 Quit，忽略之后的所有输入，结束本局游戏" — Quit is not a step.
			g.end("give up")
			g.trace(cmd.text, 0, 0, cmd.line, "give up")
			return nil
		}
		if cmd.text != "Flag" && cmd.text != "Sweep" && cmd.text != "DSweep" {
			return &InputError{Line: cmd.line, Msg: fmt.Sprintf("unknown operation %s, expected Flag, Sweep, DSweep or Quit", quote(cmd.text))}
		}
		x, _, err := in.number(cmd.text+": row", 1, n)
		if err != nil {
			return err
		}
		y, _, err := in.number(cmd.text+": column", 1, m)
		if err != nil {
			return err
		}
		// "每次成功／不成功的 Flag, Sweep, DSweep 均视为一次行动" — the one that booms too.
		g.steps++
		switch cmd.text {
		case "Flag":
			g.flag(x, y)
			g.trace(cmd.text, x, y, cmd.line, "")
			continue // R-M1: never a finish check after Flag
		case "Sweep":
			if !g.sweepOp(x, y) {
				g.trace(cmd.text, x, y, cmd.line, "game over")
				return nil
			}
		case "DSweep":
			if !g.dsweepOp(x, y) {
				g.trace(cmd.text, x, y, cmd.line, "game over")
				return nil
			}
		}
		// R-M1: after every Sweep or DSweep that did not boom, whatever it answered.
		if g.opened == g.safe {
			g.end("finish")
			g.trace(cmd.text, x, y, cmd.line, "finish")
			return nil
		}
		g.trace(cmd.text, x, y, cmd.line, "")
	}
}

// flag is statement rule 2.
func (g *mineGame) flag(x, y int) {
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
func (g *mineGame) sweepOp(x, y int) bool {
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
func (g *mineGame) dsweepOp(x, y int) bool {
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
func (g *mineGame) sweep(x, y int) bool {
	if g.mine[x][y] {
		// Kept for the trace, which draws it: a DSweep's is any of its blank neighbours.
		g.boomAt = [2]int{x, y}
		return false // "如果 (x,y) 为地雷，扫雷失败"
	}
	g.swept[x][y] = true
	g.opened++
	g.newly = append(g.newly, [2]int{x, y})
	if g.number(x, y) == 0 {
		// "自动对它相邻的没有探明的方块进行扫雷（此时，清除它的相邻方块上的旗帜信息）" (R-M3)
		for nx := x - 1; nx <= x+1; nx++ {
			for ny := y - 1; ny <= y+1; ny++ {
				if g.inside(nx, ny) && !g.swept[nx][ny] {
					g.flagged[nx][ny] = false
					g.sweep(nx, ny) // a neighbour of a 0 is never a mine
				}
			}
		}
	}
	return true
}

// feedback is statement rule 6: the cells newly swept, by row then column.
func (g *mineGame) feedback() {
	if len(g.newly) == 0 {
		g.line("no cell detected")
		return
	}
	sort.Slice(g.newly, func(i, j int) bool {
		a, b := g.newly[i], g.newly[j]
		return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1])
	})
	fmt.Fprintf(g.out, "%d cell(s) detected\n", len(g.newly))
	for _, c := range g.newly {
		fmt.Fprintf(g.out, "%d %d %d\n", c[0], c[1], g.number(c[0], c[1]))
	}
}

func (g *mineGame) boom() {
	g.line("boom")
	g.end("game over")
}

// end is statement rule 8: the result, then the steps taken.
func (g *mineGame) end(result string) {
	g.line(result)
	fmt.Fprintf(g.out, "total step %d\n", g.steps)
}

// number is the count of mines among the 8 neighbours.
func (g *mineGame) number(x, y int) int { return countAround(g.mine, x, y) }

// flagsAround is the count of flags among the 8 neighbours.
func (g *mineGame) flagsAround(x, y int) int { return countAround(g.flagged, x, y) }

func (g *mineGame) inside(x, y int) bool { return x >= 1 && x <= g.n && y >= 1 && y <= g.m }

func (g *mineGame) line(s string) { fmt.Fprintln(g.out, s) }

// Tracing. A traced game (MineTrace) reports each moment of the game to an observer, so
// that the game can be pictured step by step; Mine is untraced and pays one nil check
// per operation.

// MineStep is one moment of a traced mine game: its start, once the board is read, or
// the end of one operation. Its methods read the game as it is at that moment, so a
// MineStep is valid only during the call that reports it.
type MineStep struct {
	Op     string // "Flag", "Sweep", "DSweep" or "Quit"; "" at the start
	X, Y   int    // the operation's cell; 0, 0 for Quit and at the start
	Line   int    // the input line of the operation; at the start, the line of n
	Output []byte // everything written so far
	Result string // "finish", "game over" or "give up" once the game has ended, else ""
	Boom   [2]int // the mine whose sweep ended the game; 0, 0 if none
	g      *mineGame
}

// MineTrace plays input as Mine does and calls observe at the start of the game and after
// every operation. It returns what Mine writes and the error Mine returns.
func MineTrace(input []byte, observe func(*MineStep)) ([]byte, error) {
	return traced(func(out *bufio.Writer, see func(*MineStep)) error {
		return playMine(newTokens(input), out, see)
	}, observe)
}

func (s *MineStep) setOutput(written []byte) { s.Output = written }

// Size is the board's n rows and m columns.
func (s *MineStep) Size() (n, m int) { return s.g.n, s.g.m }

// Cell is (x, y) on the player's board: '_' covered, 'F' flagged, '0'-'8' swept (its
// number), '*' the mine that ended the game.
func (s *MineStep) Cell(x, y int) byte {
	g := s.g
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

// trace reports a moment of a traced game; result is how the operation ended the game,
// "" if it goes on.
func (g *mineGame) trace(op string, x, y, line int, result string) {
	if g.observe != nil {
		g.report(op, x, y, line, result)
	}
}

func (g *mineGame) report(op string, x, y, line int, result string) {
	g.observe(&MineStep{Op: op, X: x, Y: y, Line: line, Result: result, Boom: g.boomAt, g: g})
}
