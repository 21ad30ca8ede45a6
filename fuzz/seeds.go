package fuzz

import "fmt"

// maxSeedBytes keeps seeds small: a fuzzer mutates small inputs faster and better. libFuzzer
// also caps the length of the inputs it makes at first by its largest seed's, and grows the
// cap when coverage stalls, so that most executions stay as small as the seeds and the big
// ones come later: the binaries execute more inputs a second, and cover as much
// (docs/fuzzing.md).
const maxSeedBytes = 1 << 10

// generatedSeeds is how many generated cases seed each target.
const generatedSeeds = 30

// seedCase is one real game that seeds the targets.
type seedCase struct {
	input []byte // judge input
	bytes []byte // the Diff decoding's own format of it; nil when there is none
}

// seedCases returns the game's corpus inputs and its first generated cases, each at most
// maxSeedBytes, computed once per process: under libFuzzer the Fuzz function runs again
// for every input. A libFuzzer binary has no corpus folder: its seeds are the zip that
// writeSeedCorpus's files become.
func (g *target) seedCases() ([]seedCase, error) {
	g.seedOnce.Do(func() { g.seeds, g.seedErr = g.makeSeeds() })
	return g.seeds, g.seedErr
}

func (g *target) makeSeeds() ([]seedCase, error) {
	inputs, err := g.corpus()
	if err != nil {
		return nil, fmt.Errorf("seeds of %s: %w", g.game, err)
	}
	for i := int64(0); i < generatedSeeds; i++ {
		inputs = append(inputs, g.generated(i))
	}
	var seeds []seedCase
	for _, input := range inputs {
		if len(input) <= maxSeedBytes {
			seeds = append(seeds, seedCase{input: input, bytes: g.fuzzBytes(input)})
		}
	}
	return seeds, nil
}

// parseSeeds are the seeds of the game's Parse target: its real games as judge input, and
// the inputs at its parser's limits.
func (g *target) parseSeeds() ([][]byte, error) {
	cases, err := g.seedCases()
	if err != nil {
		return nil, err
	}
	limits := g.parserSeeds()
	seeds := make([][]byte, 0, len(cases)+len(limits))
	for _, c := range cases {
		seeds = append(seeds, c.input)
	}
	for _, s := range limits {
		seeds = append(seeds, []byte(s))
	}
	return seeds, nil
}

// diffSeeds are the seeds of the game's Diff target: its real games in the structured
// decoding's own format where the game has one, so that a small mutation stays near a real
// game, else as judge input (played as is while it stays valid).
func (g *target) diffSeeds() ([][]byte, error) {
	cases, err := g.seedCases()
	if err != nil {
		return nil, err
	}
	seeds := make([][]byte, 0, len(cases))
	for _, c := range cases {
		if c.bytes != nil {
			seeds = append(seeds, c.bytes)
		} else {
			seeds = append(seeds, c.input)
		}
	}
	return seeds, nil
}

// seeder is what seeding needs of a fuzz test: Go's *testing.F, or go-118-fuzz-build's,
// whose Add does nothing (a libFuzzer binary takes its seeds from a corpus zip instead).
type seeder interface {
	fataler
	Add(args ...any)
}

// seedsFromZip is set in a libFuzzer build (libfuzzer.go), whose seeds are the seed corpus
// zip: there addSeeds builds none.
var seedsFromZip bool

// addSeeds seeds f, one of the game's targets, with what seeds returns (parseSeeds or
// diffSeeds).
func (g *target) addSeeds(f seeder, seeds func() ([][]byte, error)) {
	f.Helper()
	if seedsFromZip {
		return
	}
	list, err := seeds()
	if err != nil {
		f.Fatal(err)
		return
	}
	for _, s := range list {
		f.Add(s)
	}
}
