package fuzz

import "testing"

func FuzzMineParse(f *testing.F) {
	g := lookup(f, "mine")
	seed(f, g)
	f.Add([]byte("1000000000 1000000000\n"))
	f.Add([]byte("2 2\n..\n..\nSweep 99999999999999999999999 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, g, data) })
}

func FuzzMineDiff(f *testing.F) {
	g := lookup(f, "mine")
	seed(f, g)
	f.Fuzz(func(t *testing.T, data []byte) { checkDiff(t, g, data) })
}
