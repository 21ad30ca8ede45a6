package picture

import (
	"bytes"
	"fmt"
	"regexp"

	"gamediff/ref"
)

// Boom is how the pictures draw boom: its board, its answers' grammar, its words.
var Boom = &Drawing{
	name: "boom",
	legend: legend{
		glyphs: "_ unknown   P flag   ? question mark   0-8 opened (its number)   * a mine that lost the game",
		keys: []key{{"_", "unknown"}, {"P", "flag"}, {"?", "question mark"}, {"0", "opened, no mine beside it"},
			{"12345678", "1-8 opened: how many mines are beside it"}, {"*", "a mine that lost the game"}},
		step:   "the cell clicked",
		differ: "a cell the two answers disagree about",
	},
	words:    words{dataset: "game", step: "operation", board: "board", kindNamed: true},
	trace:    traceBoom,
	takes:    boomTakes,
	known:    boomKnown,
	cells:    boomCells,
	differ:   boomDiffer,
	sign:     signByKind,
	upcoming: true,
	style:    sweeperStyle,
}

// boomClicks names the operations.
var boomClicks = map[int]string{1: "left click", 2: "right click", 3: "middle click"}

func traceBoom(input []byte, visit func(*moment)) ([]byte, error) {
	step := 0
	return ref.BoomTrace(input, func(s *ref.BoomStep) {
		n, m := s.Size()
		mo := &moment{dataset: s.Game, line: s.Line, outLen: len(s.Output), out: s.Output, rows: n, cols: m}
		switch s.Op {
		case -1:
			step = 0
			mo.kind = "game start"
		case 0:
			step++
			mo.step, mo.kind, mo.op = step, "end of operations", "0"
		default:
			step++
			mo.step, mo.kind = step, boomClicks[s.Op]
			mo.op = fmt.Sprintf("%d %d %d", s.Op, s.X, s.Y)
			mo.focus = [][2]int{{s.X, s.Y}}
		}
		if s.Over() {
			if len(s.Lost) > 0 {
				mo.result = "LOSE"
			} else {
				mo.result = "WIN"
			}
		}
		mo.shoot = func(r0, r1, c0, c1 int) *Board { return grab(r0, r1, c0, c1, n, m, false, s.Cell, mo.focus) }
		visit(mo)
	})
}

// The lines of boom's answers (statement, 在每一次操作后 … 返回结果).
var (
	boomWords   = map[string]bool{"WIN": true, "LOSE": true, "INVALID": true, "QUIT": true, "==========": true}
	boomRunning = regexp.MustCompile(`^RUNNING: \[(<[0-9]+, [0-9]+, [0-8P?_]>(, <[0-9]+, [0-9]+, [0-8P?_]>)*)?\]$`)
	boomItem    = regexp.MustCompile(`<([0-9]+), ([0-9]+), ([0-8P?_])>`)
)

func boomKnown(text []byte) (string, bool) {
	switch {
	case boomWords[string(text)]:
		return string(text), true
	case string(text) == "RUNNING: []":
		return "RUNNING: []", true
	case boomRunning.Match(text):
		return "RUNNING: [...]", true
	}
	return "", false
}

// boomTakes: the answer to a click or to the final "0" is one line and, after a RUNNING
// line, WIN; a game's start writes the separator, if anything.
func boomTakes(kind string, index int, line []byte) bool {
	text, _ := lineEnd(line)
	if kind == "game start" {
		return string(text) == "=========="
	}
	return index == 0 || string(text) == "WIN"
}

// boomCells reads the cells the RUNNING lines of an answer list.
func boomCells(answer [][]byte) []listing {
	var cells []listing
	for _, l := range answer {
		text, _ := lineEnd(l)
		if len(text) > 1<<22 || !bytes.HasPrefix(text, []byte("RUNNING: [")) {
			continue
		}
		for _, m := range boomItem.FindAllSubmatch(text, -1) {
			if at, ok := cellAt(m[1], m[2]); ok {
				cells = append(cells, listing{at: at, value: string(m[3])})
			}
		}
	}
	return cells
}

// boomDiffer compares two answers whose first differing lines have one form.
func boomDiffer(text []byte, lists func() (want, got []listing)) string {
	if f, _ := boomKnown(text); f == "RUNNING: [...]" {
		want, got := lists()
		return compareListings(want, got, "value")
	}
	return ""
}

// sweeperStyle draws mine's and boom's boards: covered cells grey, numbers in the
// classic colours, flags, question marks and mines that ended the game in red.
func sweeperStyle(g byte) cellStyle {
	const covered, open = "#c9ced6", "#f6f8fa"
	switch {
	case g == '_':
		return cellStyle{fill: covered}
	case g == 'F' || g == 'P':
		return cellStyle{fill: covered, ink: "#cf222e", show: string(g), ansi: "1;35"}
	case g == '?':
		return cellStyle{fill: covered, ink: "#9a6700", show: "?", ansi: "33"}
	case g == '*':
		return cellStyle{fill: "#ff8182", ink: "#000000", show: "*", ansi: "1;31"}
	case g == '0':
		return cellStyle{fill: open}
	case g >= '1' && g <= '8':
		inks := []string{"#0550ae", "#1a7f37", "#cf222e", "#6639ba", "#953800", "#1b7c83", "#24292f", "#6e7781"}
		return cellStyle{fill: open, ink: inks[g-'1'], show: string(g), ansi: "34"}
	}
	return cellStyle{fill: "#ffffff", ink: "#000000", show: string(g)}
}
