package fuzz

import "testing"

// FuzzBoomParse feeds arbitrary bytes to both boom judges as input: see checkParse.
func FuzzBoomParse(f *testing.F) {
	g := targetFor(f, "boom")
	g.addSeeds(f, g.parseSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkParse(t, data) })
}

// FuzzBoomDiff decodes the bytes into a valid boom game and compares the judges on it:
// see checkDiff.
func FuzzBoomDiff(f *testing.F) {
	g := targetFor(f, "boom")
	g.addSeeds(f, g.diffSeeds)
	f.Fuzz(func(t *testing.T, data []byte) { g.checkDiff(t, data) })
}
