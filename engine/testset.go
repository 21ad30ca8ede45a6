package engine

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/leanovate/gopter"
	"golang.org/x/sync/errgroup"
)

// PlannedTest is one test of a game's test set, identified by its generator call.
type PlannedTest struct {
	Call string     // the generator and its parameters, as in a testlib generation script
	Gen  gopter.Gen // makes the case from a seeded random source
}

// Bound is one constrained quantity of a case with the limits the statement sets for it.
type Bound struct {
	Name   string
	Value  int
	Lo, Hi int
}

// Feature is one thing a test set should exercise (a rule, a board shape), and whether a
// case does.
type Feature struct {
	Name string
	Seen bool
}

// FeatureCoverage names the first test that exercises a feature, 0 if none does.
type FeatureCoverage struct {
	Name      string
	FirstTest int
}

// WrittenTest describes one file pair of a test set.
type WrittenTest struct {
	Number      int
	Call        string
	Seed        int64
	InputBytes  int
	AnswerBytes int
	Ref, Fast   time.Duration
}

// BoundCoverage says whether a test set reaches a limit's minimum and maximum: the first
// test where some value equals its lower (upper) limit, 0 if none does.
type BoundCoverage struct {
	Name         string
	Lo, Hi       int // the widest limits seen
	MinAt, MaxAt int
}

// TestSet is what WriteTestSet wrote.
type TestSet struct {
	Game     string
	Seed     int64
	Tests    []WrittenTest
	Coverage []BoundCoverage
	Features []FeatureCoverage
}

// PlanFile is the name of the file that records a test set's generator calls.
const PlanFile = "plan.txt"

// WriteTestSet generates the game's planned tests into dir as 1.in, 1.ans, 2.in, … and a
// plan file recording each test's generator call and seed. Test i is made from
// CaseSeed(seed, i) alone, so the same seed rewrites every file bit for bit. Each input
// must pass the validator, each answer is ref's output, and fast must print the same
// bytes: otherwise nothing more is written and the error says why.
func WriteTestSet(ctx context.Context, g *Game, seed int64, dir string, workers int) (TestSet, error) {
	set := TestSet{Game: g.Name, Seed: seed}
	if g.Plan == nil {
		return set, fmt.Errorf("%s has no test plan", g.Name)
	}
	plan := g.Plan()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return set, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	set.Tests = make([]WrittenTest, len(plan))
	bounds := make([][]Bound, len(plan))
	features := make([][]Feature, len(plan))
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	for i, p := range plan {
		number := i + 1
		eg.Go(func() error {
			t, c, err := writeTest(ctx, g, p, CaseSeed(seed, int64(number)), number, dir)
			set.Tests[i] = t
			if c != nil && g.Bounds != nil {
				bounds[i] = g.Bounds(c)
			}
			if c != nil && g.Features != nil {
				features[i] = g.Features(c)
			}
			if err != nil {
				return fmt.Errorf("test %d (%s): %w", number, p.Call, err)
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return set, err
	}
	set.Coverage = coverage(bounds)
	set.Features = featureCoverage(features)
	return set, WriteFileAtomic(filepath.Join(dir, PlanFile), planText(set))
}

// writeTest makes and writes one test and returns its case (nil on error).
func writeTest(ctx context.Context, g *Game, p PlannedTest, seed int64, number int, dir string) (WrittenTest, Case, error) {
	t := WrittenTest{Number: number, Call: p.Call, Seed: seed}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(seed))
	v, ok := p.Gen(params).Retrieve()
	if !ok {
		return t, nil, fmt.Errorf("the generator gave no case")
	}
	c := v.(Case)
	input := c.Encode()
	if err := g.Validate(input); err != nil {
		return t, nil, fmt.Errorf("the generated input is invalid: %w", err)
	}
	// Generous time limits: a test set may hold the largest inputs, and ref is naive.
	ref := InProcess{Label: "ref", F: g.Ref, Timeout: 10 * time.Minute}
	fast := InProcess{Label: "fast", F: g.Fast, Timeout: 10 * time.Minute}
	want, err := ref.Run(ctx, input)
	if err != nil {
		return t, nil, err
	}
	got, err := fast.Run(ctx, input)
	if err != nil {
		return t, nil, err
	}
	if d := Compare(want, got, nil); d != nil {
		var b strings.Builder
		d.Report(&b)
		return t, nil, fmt.Errorf("ref and fast differ, no answer written:\n%s", b.String())
	}
	if want.Exit != 0 {
		return t, nil, fmt.Errorf("ref rejects the generated input: %s", want.Stderr)
	}
	base := filepath.Join(dir, fmt.Sprint(number))
	if err := WriteFileAtomic(base+".in", input); err != nil {
		return t, nil, err
	}
	if err := WriteFileAtomic(base+".ans", want.Stdout); err != nil {
		return t, nil, err
	}
	t.InputBytes, t.AnswerBytes, t.Ref, t.Fast = len(input), len(want.Stdout), want.Elapsed, got.Elapsed
	return t, c, nil
}

// featureCoverage folds the features of every test, in test order.
func featureCoverage(perTest [][]Feature) []FeatureCoverage {
	var out []FeatureCoverage
	index := map[string]int{}
	for i, fs := range perTest {
		for _, f := range fs {
			k, ok := index[f.Name]
			if !ok {
				k = len(out)
				index[f.Name] = k
				out = append(out, FeatureCoverage{Name: f.Name})
			}
			if f.Seen && out[k].FirstTest == 0 {
				out[k].FirstTest = i + 1
			}
		}
	}
	return out
}

// coverage folds the bounds of every test, in test order, into one line per name.
func coverage(perTest [][]Bound) []BoundCoverage {
	byName := map[string]*BoundCoverage{}
	var names []string
	for i, bounds := range perTest {
		for _, b := range bounds {
			c := byName[b.Name]
			if c == nil {
				c = &BoundCoverage{Name: b.Name, Lo: b.Lo, Hi: b.Hi}
				byName[b.Name] = c
				names = append(names, b.Name)
			}
			c.Lo, c.Hi = min(c.Lo, b.Lo), max(c.Hi, b.Hi)
			if b.Value == b.Lo && c.MinAt == 0 {
				c.MinAt = i + 1
			}
			if b.Value == b.Hi && c.MaxAt == 0 {
				c.MaxAt = i + 1
			}
		}
	}
	out := make([]BoundCoverage, len(names))
	for i, n := range names {
		out[i] = *byName[n]
	}
	return out
}

func planText(set TestSet) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# gamediff test set of %s, seed %d: %d tests.\n", set.Game, set.Seed, len(set.Tests))
	fmt.Fprintf(&b, "# `go run ./cmd/diff gen -game %s -o DIR -seed %d` rewrites every file bit for bit.\n", set.Game, set.Seed)
	fmt.Fprintln(&b, "# test  seed                  generator call")
	tests := append([]WrittenTest{}, set.Tests...)
	sort.Slice(tests, func(i, j int) bool { return tests[i].Number < tests[j].Number })
	for _, t := range tests {
		fmt.Fprintf(&b, "%-6d  %-20d  %s\n", t.Number, t.Seed, t.Call)
	}
	return []byte(b.String())
}
