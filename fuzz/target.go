package fuzz

import (
	"gamediff/corpus"

	"fmt"
	"io"
	"sync"

	"gamediff/games"
)

// target is one game as the fuzz targets see it. Everything they need of the game is in it,
// and lookup alone fills it in: a change to how games are wired changes lookup and nothing
// else here.
type target struct {
	game      string
	ref, fast func(input []byte, w io.Writer) error // the oracle and the judge under test
	validate  func(input []byte) error              // the strict validator (R-IN3)
	// fuzzInput is the valid input a Diff target plays for the fuzzer's bytes: the bytes
	// themselves when they are one, else the game's structured decoding of them (the same
	// decoding `diff import` applies to a crasher), which decoded reports.
	fuzzInput func(data []byte) (input []byte, decoded bool)
	// corpus is the inputs of the game's corpus, read from ../corpus/<game> (where `go test`
	// runs a target); none where there is no such folder (a libFuzzer binary).
	corpus func() ([][]byte, error)
	// generated is the game's generated case i, as judge input.
	generated func(i int64) []byte
	// fuzzBytes is the data that fuzzInput decodes to input, in the decoding's own format,
	// or nil when input is not valid or the game's cases cannot say (the Bytes method of package testcase).
	fuzzBytes func(input []byte) []byte
	// parserSeeds are inputs that aim at the parsers' limits (games.Game.ParserSeeds).
	parserSeeds func() []string

	seedOnce sync.Once
	seeds    []seedCase
	seedErr  error
}

// lookup builds the target of the game called name from its wiring in package games.
func lookup(name string) (*target, error) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, err
	}
	return &target{
		game:        g.Name(),
		ref:         g.Ref,
		fast:        g.Fast,
		validate:    g.Validate,
		fuzzInput:   func(data []byte) ([]byte, bool) { return games.FuzzInput(g, data) },
		parserSeeds: g.ParserSeeds,
		corpus: func() ([][]byte, error) {
			entries, err := corpus.Read(g.HandMade())
			if err != nil {
				return nil, err
			}
			inputs := make([][]byte, len(entries))
			for i, e := range entries {
				inputs[i] = e.Input
			}
			return inputs, nil
		},
		generated: func(i int64) []byte { return g.Generate(uint64(i) + 1).Encode() },
		fuzzBytes: func(input []byte) []byte {
			c, err := g.Decode(input)
			if err != nil {
				return nil
			}
			return g.FuzzBytes(c)
		},
	}, nil
}

// targets keeps one target per game for the life of the process. Under libFuzzer the
// whole Fuzz function runs again for every input, so a target and its seeds must not be
// rebuilt each time.
var targets sync.Map // game name → *target

// targetOf returns the process's target for game.
func targetOf(game string) (*target, error) {
	if g, ok := targets.Load(game); ok {
		return g.(*target), nil
	}
	g, err := lookup(game)
	if err != nil {
		return nil, fmt.Errorf("fuzz target for %s: %w", game, err)
	}
	kept, _ := targets.LoadOrStore(game, g)
	return kept.(*target), nil
}

// fataler is what targetFor needs of a fuzz test. Go's *testing.F satisfies it, and so does
// go-118-fuzz-build's, which libFuzzer builds compile a target against.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

// targetFor returns the target for game, or fails f.
func targetFor(f fataler, game string) *target {
	f.Helper()
	g, err := targetOf(game)
	if err != nil {
		f.Fatal(err)
		panic(err) // go-118-fuzz-build's F.Fatal returns: stop anyway
	}
	return g
}
