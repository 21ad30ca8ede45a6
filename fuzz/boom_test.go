package fuzz

import "testing"

func FuzzBoomParse(f *testing.F) {
	g := lookup(f, "boom")
	seed(f, g)
	f.Add([]byte("30\n200 200\n"))
	f.Add([]byte("1000000000\n"))
	f.Add([]byte("1\n3 3\n___\n_*_\n___\n1 1 1\n3 1 99999999999999999999\n0\n"))
	f.Add([]byte("2\n3 3\n***\n***\n***\n2 2 2\n1 1 1\n0\n3 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) { checkParse(t, g, data) })
}

func FuzzBoomDiff(f *testing.F) {
	g := lookup(f, "boom")
	seed(f, g)
	f.Fuzz(func(t *testing.T, data []byte) { checkDiff(t, g, data) })
}
