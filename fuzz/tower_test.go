package fuzz

import "testing"

// FuzzTowerParse feeds arbitrary bytes to both tower judges as input: see checkParse.
func FuzzTowerParse(f *testing.F) {
	g := targetFor(f, "tower")
	g.addSeeds(f, g.parseSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkParse(t, data) })
}

// FuzzTowerDiff decodes the bytes into a valid tower game and compares the judges on it:
// see checkDiff.
func FuzzTowerDiff(f *testing.F) {
	g := targetFor(f, "tower")
	g.addSeeds(f, g.diffSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkDiff(t, data) })
}
