package fuzz

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var seedCorpusDir = flag.String("seedcorpus", "", "also write every target's libFuzzer seed corpus under `dir`/<target>/ (.clusterfuzzlite/build.sh zips them)")

func TestWriteSeedCorpus(t *testing.T) {
	dir := *seedCorpusDir
	if dir == "" {
		dir = t.TempDir()
	}
	if err := writeSeedCorpus(dir); err != nil {
		t.Fatal(err)
	}
	seeds, err := targetSeeds()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range seeds {
		files, err := os.ReadDir(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var got [][]byte
		for _, file := range files {
			input, err := os.ReadFile(filepath.Join(dir, name, file.Name()))
			if err != nil {
				t.Fatal(err)
			}
			arg, ok := LibFuzzerArgument(input)
			if !ok {
				t.Fatalf("%s/%s: %d bytes hold no []byte argument", name, file.Name(), len(input))
			}
			got = append(got, arg)
		}
		// Seeds can repeat (a corpus case equal to a generated one): compare the sets.
		want = slices.Clone(want)
		for _, list := range []*[][]byte{&got, &want} {
			slices.SortFunc(*list, bytes.Compare)
			*list = slices.CompactFunc(*list, bytes.Equal)
			*list = slices.DeleteFunc(*list, func(b []byte) bool { return len(b) == 0 })
		}
		if !slices.EqualFunc(got, want, bytes.Equal) {
			t.Errorf("%s: the corpus files carry %d distinct seeds, the target has %d (or they differ)", name, len(got), len(want))
		}
		if len(got) < generatedSeeds/2 {
			t.Errorf("%s: only %d seeds", name, len(got))
		}
	}
}

func TestLibFuzzerArgument(t *testing.T) {
	for _, tc := range []struct {
		input []byte
		want  string
		ok    bool
	}{
		{libFuzzerInput([]byte("3 4\n")), "3 4\n", true},
		{[]byte{0, 0, 0, 9, 'a', 'b', 'c'}, "", true}, // 9 mod 3 = 0 bytes
		{[]byte{0, 0, 0, 2, 'a', 'b', 'c'}, "ab", true},
		{[]byte{0, 0, 0, 1}, "", false},
	} {
		got, ok := LibFuzzerArgument(tc.input)
		if ok != tc.ok || string(got) != tc.want {
			t.Errorf("LibFuzzerArgument(%q) = %q, %v; want %q, %v", tc.input, got, ok, tc.want, tc.ok)
		}
	}
}
