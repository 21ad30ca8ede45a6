package games

import (
	"testing"

	"gamediff/gen"
)

// BenchmarkDatamining: 3000 boards of up to 40 cells each, the largest input of the test set. "mixed" is
// the generator's own mix of shapes (9 to 40 cells) and kinds; "large" has every board at
// 36 to 40 cells; "stuck" has every board stuck from every start, where fast's shortcuts
// help least (most starts are played, each on its own).
func BenchmarkDatamining(b *testing.B) {
	g, _ := Lookup("datamining")
	all := [2]int{gen.DataminingMinSide * gen.DataminingMinSide, gen.DataminingMaxCells}
	for _, bc := range []struct {
		name  string
		shape gen.DataminingShape
	}{
		{"mixed", gen.DataminingShape{Boards: [2]int{3000, 3000}, Cells: all}},
		{"large", gen.DataminingShape{Boards: [2]int{3000, 3000}, Cells: [2]int{36, gen.DataminingMaxCells}}},
		{"stuck", gen.DataminingShape{Boards: [2]int{3000, 3000}, Cells: [2]int{36, gen.DataminingMaxCells}, Kind: gen.DataminingStuck}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			benchJudges(b, g, benchCase(b, gen.DataminingCase(bc.shape), 1).Encode())
		})
	}
}
