package fuzz

import (
	"testing"

	"gamediff/games"
	"gamediff/testutil/paint"
)

// The fifth game, which lives only in tests, registered here as in cmd/diff's tests: its
// targets are its only mention in this package, and the seed corpus, the layout checks
// and the targets' machinery take it as they take the four games.
func init() { games.Register(paint.Parts()) }

// FuzzPaintParse feeds arbitrary bytes to both paint judges as input: see checkParse.
func FuzzPaintParse(f *testing.F) {
	g := targetFor(f, "paint")
	g.addSeeds(f, g.parseSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkParse(t, data) })
}

// FuzzPaintDiff decodes the bytes into a valid paint game and compares the judges on it:
// see checkDiff.
func FuzzPaintDiff(f *testing.F) {
	g := targetFor(f, "paint")
	g.addSeeds(f, g.diffSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkDiff(t, data) })
}
