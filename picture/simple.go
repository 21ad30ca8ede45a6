package picture

import "strings"

// Step is one moment of a game as a tracer outside this package reports it: the start
// of the game (Op ""), or the end of one step. Cell is valid only during the call that
// reports it, as the states of ref's tracers are.
type Step struct {
	Line       int                 // the input line of the step
	Op         string              // the step as written ("P 2 3"); "" at the start
	Kind       string              // the step in the game's terms ("paint")
	Output     []byte              // everything written so far
	Result     string              // how the game ended, once it has
	Rows, Cols int                 // the grid
	Cell       func(r, c int) byte // the state's glyph at row r, column c, from 1
	Focus      [][2]int            // the cells the step is about
}

// Glyph is one glyph of a board and what it means, for the legends.
type Glyph struct {
	Char  byte
	Means string
}

// Simple is the drawing of a game whose rules live outside this package (a game a test
// registers), called name: one game per input, played step by step on one grid, each step answered by
// one line. trace plays an input as the game's reference does, reporting every Step;
// known names the lines the game's grammar knows by their form, as a signature writes
// them ("on", "N"); glyphs is its legend. The games of this project each have a drawing
// of their own here (Mine, Boom, …), which knows more of their answers.
func Simple(name string, trace func(input []byte, visit func(*Step)) ([]byte, error), known func(text []byte) (string, bool), glyphs []Glyph) *Drawing {
	var texts []string
	var keys []key
	for _, g := range glyphs {
		texts = append(texts, string(g.Char)+" "+g.Means)
		keys = append(keys, key{glyphs: string(g.Char), text: g.Means})
	}
	return &Drawing{
		name:   name,
		legend: legend{glyphs: strings.Join(texts, "   "), keys: keys, step: "the cell the step is about", differ: "a cell the answers disagree about"},
		words:  plainWords,
		trace: func(input []byte, visit func(*moment)) ([]byte, error) {
			step := 0
			return trace(input, func(s *Step) {
				mo := &moment{line: s.Line, outLen: len(s.Output), out: s.Output, result: s.Result, rows: s.Rows, cols: s.Cols, kind: "start", focus: s.Focus}
				if s.Op != "" {
					step++
					mo.step, mo.op, mo.kind = step, s.Op, s.Kind
				}
				mo.shoot = func(r0, r1, c0, c1 int) *Board { return grab(r0, r1, c0, c1, s.Rows, s.Cols, false, s.Cell, s.Focus) }
				visit(mo)
			})
		},
		takes:    func(_ string, index int, _ []byte) bool { return index == 0 },
		known:    known,
		sign:     signByKind,
		upcoming: true,
		style:    func(g byte) cellStyle { return cellStyle{fill: "#ffffff", ink: "#000000", show: string(g)} },
	}
}
