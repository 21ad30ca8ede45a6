package gen

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"
	pgen "github.com/leanovate/gopter/gen"
)

// A call names a generator the way a line of a testlib generation script does, and as a
// test set lists it: the game, then flags, each a number, a range lo..hi or a name:
// "mine -n 10 -m 1..10 -q 60 -ops A -scenario careful". The same call and seed make the
// same case. Each game's file adds its flags (callFlags) from init.
var calls = map[string]callFlags{}

// callFlags declares a game's generator flags on fs and returns the generator they set.
type callFlags func(fs *flag.FlagSet) func(skip *Skip) gopter.Gen

// Gen is the generator a call names, its cases leaving out the rulings of skip (nil:
// none).
func Gen(call string, skip *Skip) (gopter.Gen, error) {
	game, args, _ := strings.Cut(call, " ")
	flags, ok := calls[game]
	if !ok {
		return nil, fmt.Errorf("gen: %q: no game %q", call, game)
	}
	fs := flag.NewFlagSet(game, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gen := flags(fs)
	if err := fs.Parse(strings.Fields(args)); err != nil || fs.NArg() > 0 {
		return nil, fmt.Errorf("gen: %q: %v", call, cmp.Or(err, fmt.Errorf("%q is no flag", fs.Args())))
	}
	return gen(skip), nil
}

// mustGen is Gen of a call written in the code.
func mustGen(call string, skip *Skip) gopter.Gen {
	g, err := Gen(call, skip)
	if err != nil {
		panic(err)
	}
	return g
}

// aimed is a test of a plan: its call, and what it is there for.
type aimed struct {
	call, aim string
	fails     []string // PlanTest.Fails
}

// plan is the test set of the tests' calls.
func plan(tests ...aimed) []PlanTest {
	out := make([]PlanTest, len(tests))
	for i, t := range tests {
		out[i] = PlanTest{Call: t.call, Aim: t.aim, Fails: t.fails, Gen: mustGen(t.call, nil)}
	}
	return out
}

// weighted is a call and its weight in a mix.
type weighted struct {
	weight int
	call   string
}

// mix draws from the calls' generators, each as often as its weight says.
func mix(skip *Skip, calls ...weighted) gopter.Gen {
	gens := make([]pgen.WeightedGen, len(calls))
	for i, c := range calls {
		gens[i] = pgen.WeightedGen{Weight: c.weight, Gen: mustGen(c.call, skip)}
	}
	return pgen.Weighted(gens)
}

// unitOr is how a mix of whole cases or of units (packed: one dataset each) reads its
// calls' counts of datasets and weights; the weights it leaves alone (the cases at the
// limits, whole) are unitWeight times rarer among units.
func unitOr(unit bool) (count func(span string) string, weight func(w int) int) {
	if unit {
		return func(string) string { return "1" }, func(w int) int { return w * unitWeight }
	}
	return func(s string) string { return s }, func(w int) int { return w }
}

// unitWeight is how much rarer the cases at the limits are among units than among whole
// cases: a packed hunt runs about that many more cases a second, so it still meets one
// every few seconds.
const unitWeight = 40

// span is a flag of a closed range: "5", or "3..6".
type span [2]int

func (s *span) String() string { return fmt.Sprintf("%d..%d", s[0], s[1]) }

func (s *span) Set(v string) error {
	lo, hi, ok := strings.Cut(v, "..")
	if !ok {
		hi = lo
	}
	a, err := strconv.Atoi(lo)
	b, err2 := strconv.Atoi(hi)
	if err != nil || err2 != nil || a > b {
		return fmt.Errorf("%q is not a range lo..hi", v)
	}
	*s = span{a, b}
	return nil
}

// choice is a flag of one of names, kept as its index.
type choice struct {
	names []string
	v     *uint8
}

func (c choice) String() string { return "" }

func (c choice) Set(v string) error {
	i := slices.Index(c.names, v)
	if i < 0 {
		return fmt.Errorf("%q is not one of %s", v, strings.Join(c.names, ", "))
	}
	*c.v = uint8(i)
	return nil
}

// pickEdge draws from [lo, hi], favouring both ends: the limits are where bugs hide.
func pickEdge(r *rand.Rand, s span) int {
	switch v := r.Intn(8); {
	case v == 0:
		return s[0]
	case v <= 2:
		return s[1]
	}
	return s[0] + r.Intn(s[1]-s[0]+1)
}

// pick is yes if cond, else no.
func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}

// PlanTest is one test of a game's test set, identified by its generator call as in a
// testlib generation script: the same call and seed make the same file.
type PlanTest struct {
	Call string // the generator and its parameters, e.g. "mine -n 10 -m 10 -q 60 -ops A"
	// Aim says what the test is there for: the wrong or slow strategies it fails, the
	// rulings and limits it aims at. What its case reaches is measured, not claimed: its
	// Bounds, and its PlayFacts where the game has them.
	Aim string
	// Fails names the programs the project holds that the test fails, each proven by
	// the test sets' own test (games/testsets): "bug:NAME", the game's program of the
	// wrong-solution zoo run with -bug NAME (cmd/diff/testdata/wrong), or
	// "misreading:NAME", its misreading program reading NAME otherwise
	// (cmd/diff/testdata/rulings). A strategy the project holds no program of is an aim,
	// said in Aim, never a claim.
	Fails []string
	Gen   gopter.Gen // makes the case from a seeded random source
}
