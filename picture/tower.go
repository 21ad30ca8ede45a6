package picture

import (
	"strings"

	"gamediff/ref"
)

// Tower is how the pictures draw tower: its board, its answers' grammar, its words.
var Tower = &Drawing{
	name: "tower",
	legend: legend{
		glyphs: ". empty   # block   I ice   G goal   C fixed   B dimension block   1-3 fragile (its count)   S the player",
		keys: []key{{".", "empty"}, {"#", "block"}, {"I", "ice"}, {"G", "goal"}, {"C", "fixed"},
			{"B", "dimension block"}, {"123", "1-3 fragile (its count)"}, {"S", "the player"}},
		step:   "the player: S, or the block that fell into his cell",
		differ: "the player's cell, where the result is decided",
	},
	words:   words{dataset: "dataset", step: "command", board: "tower"},
	trace:   traceTower,
	takes:   func(_ string, index int, _ []byte) bool { return index == 0 },
	known:   towerKnown,
	sign:    signByForms,
	onBoard: stepMarksDiffer,
	style:   towerStyle,
}

func traceTower(input []byte, visit func(*moment)) ([]byte, error) {
	last := 0 // the last command seen in the dataset, to number the end after it
	return ref.TowerTrace(input, func(s *ref.TowerStep) {
		n, m := s.Size()
		py, px := s.Player()
		mo := &moment{dataset: s.Dataset, step: s.Command, phase: s.Phase, line: s.Line, op: s.Op, outLen: len(s.Output), out: s.Output,
			result: s.Result, rows: n, cols: m, focus: [][2]int{{py, px}}}
		switch s.Phase {
		case ref.TowerStart:
			last = 0
			mo.kind, mo.phase = "start", ""
		case ref.TowerEnd:
			mo.step, mo.kind, mo.op = last+1, "end of commands", ""
		default:
			last = s.Command
			mo.kind, _, _ = strings.Cut(s.Op, " ")
		}
		cell := func(y, x int) byte {
			if c := s.Cell(y, x); c != '.' || y != py || x != px {
				return c
			}
			return 'S'
		}
		mo.shoot = func(r0, r1, c0, c1 int) *Board { return grab(r0, r1, c0, c1, n, m, true, cell, mo.focus) }
		visit(mo)
	})
}

// The five results of R-T18.
var towerResults = map[string]bool{
	"Game Over : Cleared": true, "Game Over : Death by Hole": true, "Game Over : Death by Block": true,
	"Game Over : Death by Walking Goal": true, "Game Over : Gave Up": true,
}

func towerKnown(text []byte) (string, bool) {
	return string(text), towerResults[string(text)]
}

// stepMarksDiffer marks MarkDiffer the cells the board marks MarkStep: for tower, the
// player's cell, where the result is decided.
func stepMarksDiffer(b *Board) []Mark {
	var marks []Mark
	for _, m := range b.Marks {
		if m.Kind == MarkStep {
			marks = append(marks, Mark{Row: m.Row, Col: m.Col, Kind: MarkDiffer})
		}
	}
	return marks
}

// towerStyle draws the tower: blocks dark, ice blue, the goal gold, fixed blocks brown,
// dimension blocks black, fragile blocks orange, the player blue on white.
func towerStyle(g byte) cellStyle {
	switch g {
	case '.':
		return cellStyle{fill: "#f6f8fa"}
	case '#':
		return cellStyle{fill: "#57606a", ink: "#ffffff", show: "#"}
	case 'I':
		return cellStyle{fill: "#a5d6ff", ink: "#0a3069", show: "I", ansi: "36"}
	case 'G':
		return cellStyle{fill: "#f2cc60", ink: "#4d2d00", show: "G", ansi: "1;33"}
	case 'C':
		return cellStyle{fill: "#8c5a2b", ink: "#ffffff", show: "C"}
	case 'B':
		return cellStyle{fill: "#1f2328", ink: "#ffffff", show: "B", ansi: "1;35"}
	case '1', '2', '3':
		return cellStyle{fill: "#fb8f44", ink: "#3d1300", show: string(g), ansi: "33"}
	case 'S':
		return cellStyle{fill: "#ffffff", ink: "#0969da", show: "S", ansi: "1;34"}
	}
	return cellStyle{fill: "#ffffff", ink: "#000000", show: string(g)}
}
