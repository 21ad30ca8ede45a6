// Package engine differential-tests judge programs over any registered game: workers
// generate cases, run a reference and a candidate solver on each, compare their bytes,
// minimize the first divergence and save it to the corpus. It sees a game only through
// the Game value, so adding a game never touches it.
package engine

import (
	"io"
	"time"

	"github.com/leanovate/gopter"
)

// Func is a judge run in-process: it reads the whole input and writes the judge's stdout
// to w. An input error (spec.md R-IN1) is returned after the output before it, as an
// error with an InputLine() int method naming the line.
type Func func(input []byte, w io.Writer) error

// Case is one input in the typed form a game's generator and shrinker work on.
type Case interface {
	// Encode renders the case as the judge's input bytes.
	Encode() []byte
}

// Game is everything the engine knows of one game.
type Game struct {
	Name   string
	Ref    Func                             // the naive reference, the oracle
	Fast   Func                             // the optimized implementation under test
	Gen    gopter.Gen                       // generates Cases, most small, some at the limits
	Shrink gopter.Shrinker                  // smaller variants of a Case, biggest cuts first
	Decode func(input []byte) (Case, error) // the strict validator (R-IN3)
	// FromBytes decodes arbitrary bytes into a valid Case, so that a fuzzer's mutations
	// are games: a structured decoding, not a parse.
	FromBytes func(data []byte) Case
	TimeLimit time.Duration // the statement's time limit per input
	// Plan is the game's test set, from the statement's test table (diff gen).
	Plan func() []PlannedTest
	// Bounds lists a case's constrained quantities, for the limits overview of a test set.
	Bounds func(Case) []Bound
	// Features lists what a test set should exercise (rules, shapes) and whether the
	// case does; optional.
	Features func(Case) []Feature
}

// Validate checks input against every limit of the statement.
func (g *Game) Validate(input []byte) error {
	_, err := g.Decode(input)
	return err
}

// FuzzInput is the input a Diff fuzz target tests for the fuzzer's bytes: the bytes
// themselves when they already are a valid input (so seeds from the corpus are played
// as they are), else the game's structured decoding of them.
func (g *Game) FuzzInput(data []byte) []byte {
	if g.Validate(data) == nil {
		return data
	}
	return g.FromBytes(data).Encode()
}
