package fuzz

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// TestDiffSeedsInDecodingFormat: a Diff target is seeded with a game's bytes in the
// structured decoding's format where the game has one, and with judge input where not;
// corpus inputs past maxSeedBytes are left out.
func TestDiffSeedsInDecodingFormat(t *testing.T) {
	big := bytes.Repeat([]byte("x"), maxSeedBytes+1)
	g := &target{
		game:        "toy",
		parserSeeds: func() []string { return nil },
		corpus:      func() ([][]byte, error) { return [][]byte{big, []byte("case 7\n")}, nil },
		generated:   func(i int64) []byte { return fmt.Appendf(nil, "case %d\n", i) },
		fuzzBytes: func(input []byte) []byte {
			if bytes.HasSuffix(input, []byte("7\n")) {
				return nil // a case the decoding's format cannot hold
			}
			return append([]byte("bytes of "), input...)
		},
	}
	diff, err := g.diffSeeds()
	if err != nil {
		t.Fatal(err)
	}
	parse, err := g.parseSeeds()
	if err != nil {
		t.Fatal(err)
	}
	// The corpus's small input, then the generated cases (toy has no parser limits).
	if len(diff) != 1+generatedSeeds || len(parse) != 1+generatedSeeds {
		t.Fatalf("%d Diff seeds and %d Parse seeds, want %d each", len(diff), len(parse), 1+generatedSeeds)
	}
	for i := range 1 + generatedSeeds {
		input := fmt.Appendf(nil, "case %d\n", i-1)
		if i == 0 {
			input = []byte("case 7\n")
		}
		want := append([]byte("bytes of "), input...)
		if bytes.HasSuffix(input, []byte("7\n")) {
			want = input
		}
		if !bytes.Equal(diff[i], want) || !bytes.Equal(parse[i], input) {
			t.Errorf("case %d: Diff seed %q, Parse seed %q; want %q and %q", i, diff[i], parse[i], want, input)
		}
	}
}

// TestSeedsPlayTheirGames: every game's Diff seed, decoded as the target decodes it, is
// the game it was made from, token for token; and the seeds include the game's corpus.
func TestSeedsPlayTheirGames(t *testing.T) {
	for _, game := range fuzzedGames() {
		g, err := targetOf(game)
		if err != nil {
			t.Fatal(err)
		}
		cases, err := g.seedCases()
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) <= generatedSeeds {
			t.Errorf("%s: %d seeds, so none from the corpus", game, len(cases))
		}
		diff, err := g.diffSeeds()
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			if g.validate(c.input) != nil {
				continue // an input-error case of the corpus: no game to play
			}
			// The same game: the same characters but for whitespace. A hand-made case laid
			// out in a form of its own (tabs, runs of blanks, a tower row spread out) is
			// played in the nearest form a case carries.
			if got, _ := g.fuzzInput(diff[i]); !bytes.Equal(nonBlank(got), nonBlank(c.input)) {
				t.Errorf("%s: a Diff seed plays\n%s\nnot its game\n%s", game, got, c.input)
			}
		}
		if parse, err := g.parseSeeds(); err != nil || !slices.ContainsFunc(parse, func(s []byte) bool {
			return bytes.Equal(s, []byte(g.parserSeeds()[0]))
		}) {
			t.Errorf("%s: the Parse seeds lack the parser limits (%v)", game, err)
		}
	}
}

// nonBlank is b without its whitespace.
func nonBlank(b []byte) []byte { return bytes.Join(bytes.Fields(b), nil) }

// adds is a seeder that counts what it is given.
type adds struct{ n int }

func (a *adds) Helper()           {}
func (a *adds) Fatal(args ...any) { panic(args) }
func (a *adds) Add(args ...any)   { a.n++ }

// TestAddSeedsNotInLibFuzzer: Go's fuzzing gets every seed through F.Add; a libFuzzer
// build, whose seeds are the zip, builds none.
func TestAddSeedsNotInLibFuzzer(t *testing.T) {
	defer func(was bool) { seedsFromZip = was }(seedsFromZip)
	built := 0
	seeds := func() ([][]byte, error) { built++; return [][]byte{[]byte("a"), []byte("b")}, nil }
	g := &target{game: "toy"}
	for _, tc := range []struct {
		zip                  bool
		wantAdded, wantBuilt int
	}{{false, 2, 1}, {true, 0, 0}} {
		seedsFromZip = tc.zip
		f := &adds{}
		built = 0
		g.addSeeds(f, seeds)
		if f.n != tc.wantAdded || built != tc.wantBuilt {
			t.Errorf("libFuzzer build %v: %d seeds added, built %d times; want %d, %d", tc.zip, f.n, built, tc.wantAdded, tc.wantBuilt)
		}
	}
}
