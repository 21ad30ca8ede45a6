package fuzz

import "testing"

func FuzzTowerParse(f *testing.F) {
	g := lookup(f, "tower")
	seed(f, g)
	f.Add([]byte("3 3\n. . .\nS . G\n###2\nMOVETO +3\nPUSH\nLEFT\n0 0\n"))
	f.Add([]byte("3 3\n...\nS.G\n###\n9223372036854775807\nMOVETO 99999999999999999999x\n"))
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, g, data) })
}

func FuzzTowerDiff(f *testing.F) {
	g := lookup(f, "tower")
	seed(f, g)
	f.Fuzz(func(t *testing.T, data []byte) { checkDiff(t, g, data) })
}
