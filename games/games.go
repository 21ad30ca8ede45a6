// Package games is the one place that wires each game: its reference and optimized
// judges (ref, fast), its typed cases and validator (testcase), generator and shrinker
// (gen), and what the engine, the command line, the fuzz targets and the test sets need of
// it. It adapts gen's gopter generators to the engine, which knows no gopter type.
package games

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"math/rand"
	"sort"
	"strings"
	"time"

	"github.com/leanovate/gopter"

	"gamediff/coverage"
	"gamediff/engine"
	"gamediff/gen"
	"gamediff/outcome"
	"gamediff/picture"
	"gamediff/ruling"
	"gamediff/scale"
	"gamediff/testcase"
)

// Game is a registered game: the engine's view of it, and what the rest of the project
// needs in the game's own terms.
type Game interface {
	engine.Game
	engine.Explainer
	engine.Cataloguer
	engine.Steerer
	// FromBytes decodes arbitrary bytes into a valid case (the structured decoding of a
	// Diff fuzz target); FuzzBytes is its inverse, the seeds' format.
	FromBytes(data []byte) engine.Case
	FuzzBytes(c engine.Case) []byte
	// Plan is the game's test set, from the statement's test table (diff gen).
	Plan() []gen.PlanTest
	// Bounds lists a case's constrained quantities; Features what a test set should
	// exercise (nil for the games that list none).
	Bounds(c engine.Case) []testcase.Bound
	Features(c engine.Case) []testcase.Feature
	// Validate checks input against every limit of the statement, as Decode does,
	// without keeping the case when the game can (an input of any number of boards).
	Validate(input []byte) error
	// Picture is how the pictures draw the game (reports, show).
	Picture() *picture.Drawing
	// Doc is where the game's rules and rulings are restated: docs/<name>.md.
	Doc() string
	// HandMade is the game's hand-made cases (NAME.in, NAME.ans, NAME.err): its sample,
	// its ruling cases and its input-error cases, carried in the binary.
	HandMade() fs.FS
	// ParserSeeds are inputs that aim at the parsers' limits, input errors all: the seeds
	// of the game's Parse fuzz target, beside its corpus and generated cases.
	ParserSeeds() []string
	// KnownRulings lists the rulings a solution can read differently, each with the
	// situation a case must reach (docs/<game>.md).
	KnownRulings() []ruling.Ruling
	// Skipped counts, for each ruling the game's generated cases leave out (SkipRulings),
	// the games, datasets or boards its generators changed or drew again to leave it out
	// so far; nil for a game that leaves none out. It is safe for concurrent use.
	Skipped() map[string]int64
	// Skips names a ruling the game's cases leave out that input reaches ("" for none):
	// the minimizer takes no candidate that does.
	Skips(input []byte) string
	// skipping is the game whose generators leave out the rulings of skip (nil: none).
	skipping(skip *gen.Skip) Game
}

var (
	_ engine.Skipper = Game(nil)
	_ engine.Steerer = Game(nil)
)

var registry = map[string]Game{}

// register adds a game; each game's file calls it from init.
func register(g Game) {
	if _, dup := registry[g.Name()]; dup {
		panic("games: " + g.Name() + " registered twice")
	}
	letters, err := rulingLetters(g)
	if err != nil {
		panic(err)
	}
	if other, taken := ownerOf(letters); taken {
		panic(fmt.Sprintf("games: %s's rulings carry R-%s, as %s's do", g.Name(), letters, other.Name()))
	}
	if d := g.Picture(); d.Name() != g.Name() {
		panic(fmt.Sprintf("games: %s's drawing is %q's", g.Name(), d.Name()))
	}
	registry[g.Name()] = g.skipping(nil)
}

// All returns every registered game, by name.
func All() []Game {
	all := make([]Game, 0, len(registry))
	for _, g := range registry {
		all = append(all, g)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name() < all[j].Name() })
	return all
}

// Names lists the registered games, by name.
func Names() []string {
	var names []string
	for _, g := range All() {
		names = append(names, g.Name())
	}
	return names
}

// Lookup returns the game called name.
func Lookup(name string) (Game, error) {
	if g, ok := registry[name]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(Names(), ", "))
}

// Worker serves a hunt's worker processes: pass it to engine.ServeWorker.
func Worker(name string) (engine.Game, bool) {
	g, ok := registry[name]
	return g, ok
}

// packedBytes bounds a packed input of the games whose statement sets no count of
// datasets: small enough to keep a run short, big enough to hold dozens of cases.
const packedBytes = 64 << 10

// FuzzInput is the input a Diff fuzz target tests for the fuzzer's bytes: the bytes
// themselves when they already are a valid input (so seeds from the corpus are played as
// they are), else the game's structured decoding of them. decoded reports the latter: only
// then is the input not known to be valid yet.
func FuzzInput(g Game, data []byte) (input []byte, decoded bool) {
	if g.Validate(data) == nil {
		return data, false
	}
	return g.FromBytes(data).Encode(), true
}

// CaseModel is what a game's typed case provides (testcase.Mine, …).
type CaseModel interface {
	engine.Case
	Bounds() []testcase.Bound
	// Bytes is the case in its structured fuzz decoding's own format (FromBytes's inverse).
	Bytes() []byte
}

// Parts are what a game gives its registration: every part a game must have, as
// golang.org/x/tools/go/analysis's Analyzer is a struct of what an analyzer is. The games
// of this package (games/<game>.go) give them in an unkeyed literal, so that a game that
// leaves a part out, or a part added here that a game does not give, does not compile; a
// game registered from elsewhere (Register) is checked when it registers. A game that can
// do more (pack several cases into an input, scale its cases) says so with the named
// interfaces of engine, checked where it registers (var _ engine.Batcher = …).
type Parts[C CaseModel] struct {
	Name      string        // as -game takes it
	Doc       string        // its rules and rulings in the repository: docs/<name>.md
	HandMade  fs.FS         // its hand-made cases: corpus.Game(name) for the project's games
	TimeLimit time.Duration // the statement's, for the code under test
	Ref, Fast engine.Judge  // the naive reference and the optimized judge
	Decode    func([]byte) (C, error)
	Validate  func([]byte) error // the validator without building the case; nil: Decode
	Gen       func(skip *gen.Skip) gopter.Gen
	Shrink    gopter.Shrinker
	FromBytes func([]byte) C        // a Diff fuzz target's structured decoding
	Plan      func() []gen.PlanTest // its test set (gamediff gen)
	// Rulings are the rulings of its docs page a solution can read differently, their
	// ids of one prefix no other game's carry (R-M…); Reached, those a valid input
	// reaches, as ref plays it.
	Rulings func() []ruling.Ruling
	Reached func(input []byte) ruling.Set
	// Situations is its catalogue of situations (package ruling: the rulebook made
	// executable), Reach what an input reaches of it; Aim a generator whose cases reach
	// situation id far more often than the game's own (nil: its own is the aim), so that a
	// hunt steers toward what it has not reached (engine.Steerer). A hunt opens with the
	// tests of Plan.
	Situations func() []coverage.Situation
	Reach      func(input []byte) coverage.Set
	Aim        func(skip *gen.Skip, id string) gopter.Gen
	Drawing    *picture.Drawing // how the pictures draw it (reports, show)
	// ParserSeeds are inputs that aim at the parsers' limits (Game.ParserSeeds).
	ParserSeeds []string
	// Scale scales its cases along their dimensions, so that a time-out is narrowed by
	// scaling and reports how the code's time grows (engine.Scaler); nil: a time-out is
	// shrunk as any finding.
	Scale *scale.Scaling[C]
}

// check names the first part p leaves out: a game registered from outside this package
// gives its parts by name, and the compiler cannot tell it forgot one.
func (p Parts[C]) check() error {
	missing := func(part string) error { return fmt.Errorf("games: game %q leaves out its %s", p.Name, part) }
	switch {
	case p.Name == "":
		return fmt.Errorf("games: a game without a name")
	case p.Doc == "":
		return missing("Doc")
	case p.HandMade == nil:
		return missing("HandMade")
	case p.TimeLimit <= 0:
		return missing("TimeLimit")
	case p.Ref == nil || p.Fast == nil:
		return missing("Ref or Fast judge")
	case p.Decode == nil:
		return missing("Decode")
	case p.Gen == nil || p.Shrink == nil || p.FromBytes == nil || p.Plan == nil:
		return missing("Gen, Shrink, FromBytes or Plan")
	case p.Rulings == nil || p.Reached == nil || len(p.Rulings()) == 0:
		return missing("Rulings (a game has at least one) or Reached")
	case p.Situations == nil || p.Reach == nil || p.Aim == nil:
		return missing("Situations, Reach or Aim")
	case p.Drawing == nil:
		return missing("Drawing")
	}
	return nil
}

// Register adds a game given by its parts, from outside this package (a test's game): it
// panics, as the registration of a database driver does, when a part is missing or the
// name or ruling prefix is taken.
func Register[C CaseModel](p Parts[C]) {
	if err := p.check(); err != nil {
		panic(err)
	}
	register(typed[C]{p: p})
}

// typed is a game as package gen types it; its methods are the adapters the engine,
// which knows cases only as engine.Case, needs.
type typed[C CaseModel] struct {
	p    Parts[C]
	draw gopter.Gen // p.Gen(skip)
	skip *gen.Skip
}

func (t typed[C]) Name() string                          { return t.p.Name }
func (t typed[C]) Doc() string                           { return t.p.Doc }
func (t typed[C]) HandMade() fs.FS                       { return t.p.HandMade }
func (t typed[C]) Picture() *picture.Drawing             { return t.p.Drawing }
func (t typed[C]) ParserSeeds() []string                 { return t.p.ParserSeeds }
func (t typed[C]) Ref(input []byte, w io.Writer) error   { return t.p.Ref(input, w) }
func (t typed[C]) Fast(input []byte, w io.Writer) error  { return t.p.Fast(input, w) }
func (t typed[C]) TimeLimit() time.Duration              { return t.p.TimeLimit }
func (t typed[C]) Plan() []gen.PlanTest                  { return t.p.Plan() }
func (t typed[C]) KnownRulings() []ruling.Ruling         { return t.p.Rulings() }
func (t typed[C]) FromBytes(data []byte) engine.Case     { return t.p.FromBytes(data) }
func (t typed[C]) Bounds(c engine.Case) []testcase.Bound { return c.(C).Bounds() }

// Dimensions names the dimensions the game's cases scale along (engine.Scaler); none when
// the game gives no Scale.
func (t typed[C]) Dimensions() []string {
	if t.p.Scale == nil {
		return nil
	}
	return t.p.Scale.Dimensions
}

// Scale is c scaled along dim by f, and the share of the dimension it keeps (engine.Scaler).
func (t typed[C]) Scale(c engine.Case, dim string, f float64) (engine.Case, float64) {
	if t.p.Scale == nil {
		return nil, 0
	}
	scaled, share := t.p.Scale.Scale(c.(C), dim, f)
	if share == 0 {
		return nil, 0
	}
	return scaled, share
}

// Generate makes the case of a seed with a generator source that seeds with one store,
// where math/rand's own fills a table.
func (t typed[C]) Generate(seed uint64) engine.Case {
	return Generate[C](t.draw, seed)
}

func (t typed[C]) skipping(skip *gen.Skip) Game {
	t.draw, t.skip = t.p.Gen(skip), skip
	return t
}

// Skips names a ruling the game's cases leave out that input reaches, as ref plays it.
func (t typed[C]) Skips(input []byte) string {
	if t.skip == nil {
		return ""
	}
	for _, id := range t.p.Reached(input).IDs(t.p.Rulings()) {
		if t.skip.Contains(id) {
			return id
		}
	}
	return ""
}

func (t typed[C]) Skipped() map[string]int64 {
	if t.skip == nil {
		return nil
	}
	return t.skip.Counts()
}

// Generate runs a gopter generator on a source seeded with seed.
func Generate[C any](g gopter.Gen, seed uint64) C {
	params := &gopter.GenParameters{MaxSize: 100, MaxShrinkCount: 1000, Rng: rand.New(&engine.SplitMixSource{State: seed})}
	v, ok := g(params).Retrieve()
	if !ok {
		panic(fmt.Sprintf("the generator gave no case for seed %d", seed))
	}
	return v.(C)
}

func (t typed[C]) Shrink(c engine.Case) iter.Seq[engine.Case] {
	return func(yield func(engine.Case) bool) {
		next := t.p.Shrink(c)
		for {
			v, ok := next()
			if !ok || !yield(v.(C)) {
				return
			}
		}
	}
}

func (t typed[C]) Decode(input []byte) (engine.Case, error) {
	c, err := t.p.Decode(input)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Classify names a wrong answer in the game's terms, as its drawing signs it: the kind of
// step where the answers part (when the game tells bugs apart by it) and the forms of
// both make the identity; picture.Explain's signature is the words.
func (t typed[C]) Classify(input, want, got []byte) (outcome.Identity, string) {
	s, err := t.p.Drawing.Signature(input, want, got)
	if err != nil {
		return outcome.Identity{}, ""
	}
	return outcome.Identity{Step: s.Kind, Want: s.Want, Got: s.Got, Detail: s.Detail}, s.Words
}

func (t typed[C]) Validate(input []byte) error {
	if t.p.Validate != nil {
		return t.p.Validate(input)
	}
	_, err := t.p.Decode(input)
	return err
}

// Situations is the game's catalogue of situations (engine.Cataloguer).
func (t typed[C]) Situations() []coverage.Situation { return t.p.Situations() }

// Reach is what input reaches of the catalogue, as ref plays it.
func (t typed[C]) Reach(input []byte) coverage.Set { return t.p.Reach(input) }

// Openers is how many cases a hunt opens with: the tests of the game's plan, the set gen
// writes, whose hardest are at the statement's limits (engine.Steerer).
func (t typed[C]) Openers() int { return len(t.p.Plan()) }

// Opener is test k+1 of the plan for a case seed; one that reaches a ruling the hunt
// leaves out (-skip-rule) gives way to the generator's own case.
func (t typed[C]) Opener(k int, seed uint64) engine.Case {
	c := Generate[C](t.p.Plan()[k].Gen, seed)
	if t.skip != nil && t.Skips(c.Encode()) != "" {
		return t.Generate(seed)
	}
	return c
}

// Toward makes the case of a seed aimed at one of the situations of want, chosen by the
// seed: the game's Aim for it, or its own generator (engine.Steerer).
func (t typed[C]) Toward(seed uint64, want coverage.Set) engine.Case {
	if g := t.aim(seed, want); g != nil {
		return Generate[C](g, seed)
	}
	return t.Generate(seed)
}

// aim is the generator of the situation of want a seed picks, nil when the game's own is.
func (t typed[C]) aim(seed uint64, want coverage.Set) gopter.Gen {
	ids := want.IDs(t.p.Situations())
	if len(ids) == 0 {
		return nil
	}
	// The pick takes bits of the seed that the generator's source does not start from.
	id := ids[int((seed*0x9e3779b97f4a7c15)>>33)%len(ids)]
	return t.p.Aim(t.skip, id)
}

// Rulings lists the rulings whose situation c reaches, as ref plays it.
func (t typed[C]) Rulings(c engine.Case) []string { return t.p.Reached(c.Encode()).IDs(t.p.Rulings()) }

// featured is a case that tells what of its game's rules it exercises (tower's rulebook,
// datamining's board shapes), for a test set's overview.
type featured interface {
	Features() []testcase.Feature
}

func (t typed[C]) Features(c engine.Case) []testcase.Feature {
	if f, ok := c.(featured); ok {
		return f.Features()
	}
	return nil
}

// FuzzBytes is c in its game's structured fuzz decoding's own format (FromBytes's inverse).
func (t typed[C]) FuzzBytes(c engine.Case) []byte { return c.(C).Bytes() }

// batched is a game whose input holds several datasets: a hunt against a program packs
// several generated cases into one input (engine.Batcher).
type batched[C CaseModel] struct {
	typed[C]
	unit     func(skip *gen.Skip) gopter.Gen // cases of mostly one dataset, for packing
	drawUnit gopter.Gen                      // unit(skip)
	// concat puts the datasets of cases in one case, in order, however many there are;
	// fits says whether c, the concatenation of n cases, is an input Join may pack.
	concat func(cases []C) C
	fits   func(c C, n int) bool
	split  func(answer []byte, cases []C) ([][]byte, bool)
}

// fitsPacked is the fits of a game whose statement sets no count of datasets: a case
// alone always goes, since it was generated valid, and a packed one within packedBytes.
func fitsPacked[C CaseModel](c C, n int) bool {
	return n == 1 || len(c.Encode()) <= packedBytes
}

// bytePacked is a game whose statement sets no count of datasets (fitsPacked): its packed
// inputs are bounded by bytes alone, and a packed input is no longer than its cases'
// inputs together (they share one terminator), so a hunt packs them by their sizes
// (engine.ByteBound).
type bytePacked[C CaseModel] struct{ batched[C] }

// PackBytes bounds a packed input.
func (bytePacked[C]) PackBytes() int { return packedBytes }

func (b bytePacked[C]) skipping(skip *gen.Skip) Game {
	b.batched = b.batched.skipping(skip).(batched[C])
	return b
}

// Unit makes the case of a seed for packing.
func (b batched[C]) Unit(seed uint64) engine.Case { return Generate[C](b.drawUnit, seed) }

// Toward makes the unit of a seed aimed at one of the situations of want: the game's Aim
// for it, or its own unit.
func (b batched[C]) Toward(seed uint64, want coverage.Set) engine.Case {
	if g := b.aim(seed, want); g != nil {
		return Generate[C](g, seed)
	}
	return b.Unit(seed)
}

func (b batched[C]) skipping(skip *gen.Skip) Game {
	b.typed = b.typed.skipping(skip).(typed[C])
	b.drawUnit = b.unit(skip)
	return b
}

func (b batched[C]) Join(cases []engine.Case) (engine.Case, bool) {
	c := b.concat(typedCases[C](cases))
	return c, b.fits(c, len(cases))
}

func (b batched[C]) Split(answer []byte, cases []engine.Case) ([][]byte, bool) {
	return b.split(answer, typedCases[C](cases))
}

func typedCases[C engine.Case](cases []engine.Case) []C {
	cs := make([]C, len(cases))
	for i, c := range cases {
		cs[i] = c.(C)
	}
	return cs
}

// oneLineEach fills in concat and split of b for a game whose case is a list of
// datasets (towers, boards), each answered on one line: datasets reads them, of makes a
// case of them.
func oneLineEach[C CaseModel, D any](b batched[C], datasets func(C) []D, of func([]D) C) batched[C] {
	b.concat = func(cases []C) C {
		var all []D
		for _, c := range cases {
			all = append(all, datasets(c)...)
		}
		return of(all)
	}
	b.split = func(answer []byte, cases []C) ([][]byte, bool) {
		return splitLines(answer, cases, func(c C) int { return len(datasets(c)) })
	}
	return b
}

// splitLines cuts an answer of one line per dataset into each case's lines; count is a
// case's number of datasets.
func splitLines[C any](answer []byte, cases []C, count func(C) int) ([][]byte, bool) {
	out := make([][]byte, len(cases))
	for k, c := range cases {
		start := 0
		for n := count(c); n > 0; n-- {
			i := bytes.IndexByte(answer[start:], '\n')
			if i < 0 {
				return nil, false
			}
			start += i + 1
		}
		out[k], answer = answer[:start], answer[start:]
	}
	return out, len(answer) == 0
}
