package picture

import (
	"regexp"

	"gamediff/ref"
)

// Datamining is how the pictures draw datamining: its board, its answers' grammar, its words.
var Datamining = &Drawing{
	name: "datamining",
	legend: legend{
		glyphs: "0-8 cleared (its number)   F flagged   _ a safe cell left covered (the answer counts these)   M a covered mine",
		keys: []key{{"0", "cleared, no mine beside it"}, {"12345678", "1-8 cleared: how many mines are beside it"}, {"F", "flagged"},
			{"_", "a safe cell left covered (the answer counts these)"}, {"M", "a covered mine"}},
		step:   "the best start: the first cell from which the casual player leaves the fewest safe cells covered",
		differ: "a safe cell left covered from the best start: the cells the answer counts",
	},
	words: words{dataset: "board", step: "operation", board: "board",
		oneStep: "as the casual player leaves it from the best start"},
	trace:   traceDatamining,
	takes:   func(_ string, index int, _ []byte) bool { return index == 0 },
	known:   dataminingKnown,
	sign:    dataminingSign,
	onBoard: coveredSafe,
	style:   dataminingStyle,
}

func traceDatamining(input []byte, visit func(*moment)) ([]byte, error) {
	return ref.DataminingTrace(input, func(s *ref.DataminingStep) {
		r, c := s.Size()
		mo := &moment{dataset: s.Board, line: s.Line, outLen: len(s.Output), out: s.Output, rows: r, cols: c, kind: "board"}
		mo.shoot = func(r0, r1, c0, c1 int) *Board {
			var best [][2]int
			if x, y := s.Best(); x > 0 {
				best = [][2]int{{x, y}}
			}
			return grab(r0, r1, c0, c1, r, c, false, s.Cell, best)
		}
		visit(mo)
	})
}

var dataminingNumber = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

func dataminingKnown(text []byte) (string, bool) {
	if dataminingNumber.Match(text) {
		return "N", true
	}
	return "", false
}

// dataminingSign says how the numbers compare: `want N, got more`.
func dataminingSign(_ string, want, got side, _ string) Sign {
	s := Sign{Want: want.form, Got: got.form}
	if want.form == `"N"` && got.form == `"N"` {
		s.Detail = "fewer"
		if longer(got.text, want.text) {
			s.Detail = "more"
		}
		s.Words = "want N, got " + s.Detail
		return s
	}
	s.Words = "want " + bare(want.form) + ", got " + bare(got.form)
	return s
}

// bare writes a datamining form as the signature does: N unquoted.
func bare(form string) string {
	if form == `"N"` {
		return "N"
	}
	return form
}

// longer compares two canonical decimal numbers: a > b.
func longer(a, b []byte) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return string(a) > string(b)
}

// coveredSafe marks MarkDiffer the safe cells left covered from the best start.
func coveredSafe(b *Board) []Mark {
	var marks []Mark
	for i, row := range b.Cells {
		for j, g := range row {
			if g == '_' {
				marks = append(marks, Mark{Row: b.row(i), Col: b.Left + j, Kind: MarkDiffer})
			}
		}
	}
	return marks
}

// dataminingStyle draws a board as the casual player leaves it: cleared cells light,
// covered safe cells yellow (the answer counts them), covered mines and flags grey.
func dataminingStyle(g byte) cellStyle {
	switch {
	case g == '_':
		return cellStyle{fill: "#fff8c5", ink: "#7d4e00", show: "_", ansi: "1;33"}
	case g == 'M':
		return cellStyle{fill: "#c9ced6", ink: "#57606a", show: "M"}
	case g == 'F':
		return cellStyle{fill: "#c9ced6", ink: "#cf222e", show: "F", ansi: "1;35"}
	}
	return sweeperStyle(g)
}
