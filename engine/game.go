// Package engine differential-tests judge programs over any game: a hunt generates cases,
// runs a reference and a judge under test on each in worker processes it can kill and
// replace, compares what they print, minimizes each distinct divergence and saves it. It
// sees a game only through the Game interface, so adding a game never touches it.
//
// The shape is the Go toolchain's fuzzer (internal/fuzz): one coordinator goroutine owns
// the hunt's state; each worker is this very binary re-executed (see ServeWorker), which
// runs the in-process judges on inputs sent over a pipe, or starts the program under test.
// A judge that hangs, crashes the process, floods its output or eats memory costs a
// worker, never the hunt.
//
// What a hunt or a judging finds (verdicts, findings, summaries, judgements) is package
// outcome's: engine makes those values, report and -json present them, so that engine
// exports only what a caller drives it with and what a game implements.
package engine

import (
	"io"
	"iter"
	"time"

	"gamediff/coverage"
	"gamediff/outcome"
)

// Judge is a judge run in-process: it reads the whole input and writes the judge's stdout
// to w. An input error (docs/rules.md R-IN1) is returned after the output before it, as an
// error with an InputLine() int method naming the line.
type Judge func(input []byte, w io.Writer) error

// Case is one input in the typed form a game's generator and shrinker work on.
type Case interface {
	// Encode renders the case as the judge's input bytes.
	Encode() []byte
}

// Game is what the engine knows of one game.
type Game interface {
	Name() string
	// Ref is the naive reference judge, the oracle; Fast the optimized judge under test.
	Ref(input []byte, w io.Writer) error
	Fast(input []byte, w io.Writer) error
	// TimeLimit is the statement's time limit per input, for the code under test.
	TimeLimit() time.Duration
	// Generate makes the case of one seed: the same seed, the same case.
	Generate(seed uint64) Case
	// Shrink yields smaller variants of c, biggest cuts first. A variant may be invalid;
	// the minimizer checks each with Decode.
	Shrink(c Case) iter.Seq[Case]
	// Decode is the strict validator (docs/rules.md R-IN3): it accepts exactly the inputs
	// the statement allows and returns them typed.
	Decode(input []byte) (Case, error)
}

// Explainer is implemented by a game that can name a divergence in its own terms.
type Explainer interface {
	// Classify names, in the game's terms, where want and got (two answers to input)
	// first differ: the identity's Step, Want, Got and Detail (the kind of operation, the
	// form of both answers, with coordinates and counts left out, so that two inputs
	// showing the same bug get the same identity; the engine sets the Verdict), and the
	// words that say it to a user; "" words when it cannot say.
	Classify(input, want, got []byte) (id outcome.Identity, words string)
	// Rulings lists the ids of the rulings whose situation c reaches (R-M1, R-T6, …).
	Rulings(c Case) []string
}

// Batcher is implemented by a game whose input holds several games (datasets, boards):
// a hunt against an external program packs several generated cases into one input, so
// that one start of the program tests many of them.
type Batcher interface {
	// Unit makes the case of one seed for packing: mostly one dataset, so that a packed
	// input holds many and a finding shrinks to one; sometimes a whole input at the
	// limits, which goes alone.
	Unit(seed uint64) Case
	// Join packs cases into one, in order, or reports false when they do not fit in one
	// input within the statement's limits.
	Join(cases []Case) (Case, bool)
	// Split cuts an answer to Join(cases) into each case's answer, as if it had run
	// alone; it reports false when the answer is not shaped like one to those cases.
	Split(answer []byte, cases []Case) ([][]byte, bool)
}

// ByteBound is implemented by a Batcher whose packed input is bounded by its bytes alone,
// no more than the sum of its cases' inputs: the cases whose inputs fit in PackBytes
// together always fit in one input, so a hunt packs them with one Join.
type ByteBound interface {
	PackBytes() int
}

// Skipper is implemented by a game whose cases leave out the situations of some rulings
// (hunt -skip-rule), to hunt a program that reads them its own way for everything else:
// the minimizer takes no candidate that reaches one, and the summary counts what the
// generators left out.
type Skipper interface {
	// Skips names a ruling left out that input, a valid input, reaches; "" for none.
	Skips(input []byte) string
	// Skipped counts, for each ruling left out, the games (datasets, boards) the
	// generators changed or drew again to leave it out so far.
	Skipped() map[string]int64
}

// Validator is implemented by a game that can check an input against every limit of the
// statement without building its case (an input of any number of boards): the minimizer
// checks its candidates with it, else with Decode.
type Validator interface {
	Validate(input []byte) error
}

// Cataloguer is implemented by a game with a catalogue of situations (package coverage):
// the branches of its rules, the boundaries of its limits, the input forms its rules
// allow. A hunt reports which its cases reached and which they never did.
type Cataloguer interface {
	// Situations is the catalogue, in the order of a coverage.Set's entries.
	Situations() []coverage.Situation
	// Reach is the set of situations a valid input reaches; an invalid one reaches none.
	Reach(input []byte) coverage.Set
}

// Steerer is implemented by a Cataloguer whose generator can aim at situations: a hunt
// begins with its opening cases, then steers part of its cases toward the situations it
// has not reached yet (steer.go).
type Steerer interface {
	// Openers is how many cases a hunt begins with, indices 0 to Openers()-1: the cases
	// at the statement's limits, as a test set's hardest tests are.
	Openers() int
	// Opener makes opening case k of a case seed; for a Batcher, a whole input, which a
	// hunt runs alone.
	Opener(k int, seed uint64) Case
	// Toward makes the case of a case seed aimed at one of the situations of want (a
	// unit, for a Batcher): the same seed and want, the same case.
	Toward(seed uint64, want coverage.Set) Case
}
