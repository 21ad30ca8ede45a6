package games

import "testing"

// BenchmarkBoom: floor, fast and ref on the statement's largest input, 30 games of 200x200
// with 10000 operations each. In "careful", a careful player on 10-20% mines keeps most
// games running for long: flags, middle clicks that open, cascades, and INVALID after the
// games that end. "mixed" draws layouts (mine-free and all-mine boards included) and
// players per game, so many games end early and answer INVALID.
func BenchmarkBoom(b *testing.B) {
	g, _ := Lookup("boom")
	b.Run("careful", func(b *testing.B) {
		benchJudges(b, g, benchCase(b, "boom -T 30 -n 200 -m 200 -q 10000 -ops 1,2,3 -layout dense -player careful", 1).Encode())
	})
	b.Run("mixed", func(b *testing.B) {
		benchJudges(b, g, benchCase(b, "boom -T 30 -n 200 -m 200 -q 10000 -ops 1,2,3", 1).Encode())
	})
}
