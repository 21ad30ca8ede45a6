package picture

import (
	"fmt"
	"regexp"

	"gamediff/ref"
)

// Mine is how the pictures draw mine: its board, its answers' grammar, its words.
var Mine = &Drawing{
	name: "mine",
	legend: legend{
		glyphs: "_ covered   F flag   0-8 swept (its number)   * the mine that ended the game",
		keys: []key{{"_", "covered"}, {"F", "flag"}, {"0", "swept, no mine beside it"},
			{"12345678", "1-8 swept: how many mines are beside it"}, {"*", "the mine that ended the game"}},
		step:   "the cell the operation is on",
		differ: "a cell the two answers disagree about",
	},
	// Mine is one game: no dataset is named.
	words:    words{dataset: "part", step: "operation", board: "board"},
	trace:    traceMine,
	takes:    mineTakes,
	known:    mineKnown,
	cells:    mineCells,
	differ:   mineDiffer,
	sign:     signByKind,
	upcoming: true,
	style:    sweeperStyle,
}

func traceMine(input []byte, visit func(*moment)) ([]byte, error) {
	step := 0
	return ref.MineTrace(input, func(s *ref.MineStep) {
		n, m := s.Size()
		mo := &moment{line: s.Line, outLen: len(s.Output), out: s.Output, result: s.Result, rows: n, cols: m, kind: "start"}
		if s.Op != "" {
			step++
			mo.step, mo.kind, mo.op = step, s.Op, s.Op
			if s.Op != "Quit" {
				mo.op = fmt.Sprintf("%s %d %d", s.Op, s.X, s.Y)
				mo.focus = [][2]int{{s.X, s.Y}}
			}
		}
		mo.shoot = func(r0, r1, c0, c1 int) *Board { return grab(r0, r1, c0, c1, n, m, false, s.Cell, mo.focus) }
		visit(mo)
	})
}

// The lines of mine's answers (statement, 输出格式).
var (
	mineWords    = map[string]bool{"swept": true, "success": true, "cancelled": true, "flagged": true, "not swept": true, "failed": true, "no cell detected": true, "boom": true, "finish": true, "game over": true, "give up": true}
	mineDetected = regexp.MustCompile(`^[0-9]+ cell\(s\) detected$`)
	mineCell     = regexp.MustCompile(`^([0-9]+) ([0-9]+) ([0-9]+)$`)
	mineTotal    = regexp.MustCompile(`^total step [0-9]+$`)
)

func mineKnown(text []byte) (string, bool) {
	switch {
	case mineWords[string(text)]:
		return string(text), true
	case mineDetected.Match(text):
		return "K cell(s) detected", true
	case mineCell.Match(text):
		return "X Y C", true
	case mineTotal.Match(text):
		return "total step N", true
	}
	return "", false
}

// mineTakes: an answer is its first line, then the lines that only continue one: the
// cells of a feedback, and the end message (finish, game over, total step).
func mineTakes(_ string, index int, line []byte) bool {
	if index == 0 {
		return true
	}
	text, _ := lineEnd(line)
	f, _ := mineKnown(text)
	return f == "X Y C" || f == "finish" || f == "game over" || f == "total step N"
}

// mineCells reads the cells an answer lists, as "x y c" lines.
func mineCells(answer [][]byte) []listing {
	var cells []listing
	for _, l := range answer {
		text, _ := lineEnd(l)
		if m := mineCell.FindSubmatch(text); m != nil {
			if at, ok := cellAt(m[1], m[2]); ok {
				cells = append(cells, listing{at: at, value: string(m[3])})
			}
		}
	}
	return cells
}

// mineDiffer compares two answers whose first differing lines have one form.
func mineDiffer(text []byte, lists func() (want, got []listing)) string {
	switch f, _ := mineKnown(text); f {
	case "K cell(s) detected", "X Y C":
		want, got := lists()
		if d := compareListings(want, got, "number"); d != "" {
			return d
		}
		return "another count of the same cells"
	case "total step N":
		return "another step count"
	}
	return ""
}
