package fuzz

import "testing"

func FuzzDataminingParse(f *testing.F) {
	g := lookup(f, "datamining")
	seed(f, g)
	f.Add([]byte("13 4\n"))
	f.Add([]byte("3 3\n...\n...\nMM.\n-0 99999999999999999999\n"))
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, g, data) })
}

func FuzzDataminingDiff(f *testing.F) {
	g := lookup(f, "datamining")
	seed(f, g)
	f.Fuzz(func(t *testing.T, data []byte) { checkDiff(t, g, data) })
}
