package fuzz

import "testing"

// FuzzTowerParse feeds arbitrary bytes to both tower judges as input: see checkParse.
func FuzzTowerParse(f *testing.F) {
	g := targetFor(f, "tower")
	g.addParseSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkParse(t, data) })
}

// FuzzTowerDiff decodes the bytes into a valid tower game and compares the judges on it:
// see checkDiff.
func FuzzTowerDiff(f *testing.F) {
	g := targetFor(f, "tower")
	g.addDiffSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkDiff(t, data) })
}
