package games

import "testing"

// BenchmarkDatamining: 3000 boards of up to 40 cells each, the largest input of the test set. "mixed" is
// the generator's own mix of shapes (9 to 40 cells) and kinds; "large" has every board at
// 36 to 40 cells; "stuck" has every board stuck from every start, where fast's shortcuts
// help least (most starts are played, each on its own).
func BenchmarkDatamining(b *testing.B) {
	g, _ := Lookup("datamining")
	for _, bc := range []struct{ name, call string }{
		{"mixed", "datamining -boards 3000"},
		{"large", "datamining -boards 3000 -cells 36..40"},
		{"stuck", "datamining -boards 3000 -cells 36..40 -kind stuck"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			benchJudges(b, g, benchCase(b, bc.call, 1).Encode())
		})
	}
}
