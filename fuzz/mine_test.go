package fuzz

import "testing"

// FuzzMineParse feeds arbitrary bytes to both mine judges as input: see checkParse.
func FuzzMineParse(f *testing.F) {
	g := targetFor(f, "mine")
	g.addSeeds(f, g.parseSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkParse(t, data) })
}

// FuzzMineDiff decodes the bytes into a valid mine game and compares the judges on it:
// see checkDiff.
func FuzzMineDiff(f *testing.F) {
	g := targetFor(f, "mine")
	g.addSeeds(f, g.diffSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkDiff(t, data) })
}
