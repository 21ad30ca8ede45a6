package fuzz

import (
	"bytes"
	"encoding/binary"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var seedCorpusDir = flag.String("seedcorpus", "", "also write every target's libFuzzer seed corpus under `dir`/<target>/ (.clusterfuzzlite/build.sh zips them)")

// builderArgument decodes a libFuzzer input into the []byte argument as go-118-fuzz-build
// hands it to a target (go-fuzz-headers' GetBytes): a 4-byte big-endian length n, then n
// bytes; a length of 0 reads as 30, and any length but the exact rest is taken modulo it.
func builderArgument(input []byte) ([]byte, bool) {
	if len(input) < 4 || len(input) == 4 {
		return nil, false
	}
	n, rest := binary.BigEndian.Uint32(input), input[4:]
	if n == 0 {
		n = 30
	}
	if n != uint32(len(rest)) {
		n %= uint32(len(rest))
	}
	return rest[:n], true
}

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
			arg, ok := builderArgument(input)
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

func TestBuilderArgument(t *testing.T) {
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
		got, ok := builderArgument(tc.input)
		if ok != tc.ok || string(got) != tc.want {
			t.Errorf("builderArgument(%q) = %q, %v; want %q, %v", tc.input, got, ok, tc.want, tc.ok)
		}
	}
}
