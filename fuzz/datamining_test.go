package fuzz

import "testing"

// FuzzDataminingParse feeds arbitrary bytes to both datamining judges as input: see checkParse.
func FuzzDataminingParse(f *testing.F) {
	g := targetFor(f, "datamining")
	g.addSeeds(f, g.parseSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkParse(t, data) })
}

// FuzzDataminingDiff decodes the bytes into a valid datamining game and compares the judges on it:
// see checkDiff.
func FuzzDataminingDiff(f *testing.F) {
	g := targetFor(f, "datamining")
	g.addSeeds(f, g.diffSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkDiff(t, data) })
}
