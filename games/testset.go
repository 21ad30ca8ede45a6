package games

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"gamediff/engine"
	"gamediff/gen"
)

// FeatureCoverage names the first test that exercises a feature, 0 if none does.
type FeatureCoverage struct {
	Name      string
	FirstTest int
}

// WrittenTest describes one file pair of a test set.
type WrittenTest struct {
	Number      int
	Call        string
	Seed        uint64
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
func WriteTestSet(ctx context.Context, g Game, seed int64, dir string, workers int) (TestSet, error) {
	set := TestSet{Game: g.Name(), Seed: seed}
	plan := g.Plan()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return set, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	set.Tests = make([]WrittenTest, len(plan))
	bounds := make([][]gen.Bound, len(plan))
	features := make([][]gen.Feature, len(plan))
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	for i, p := range plan {
		number := i + 1
		eg.Go(func() error {
			t, c, err := writeTest(ctx, g, p, engine.CaseSeed(seed, int64(number)), number, dir)
			set.Tests[i] = t
			if c != nil {
				bounds[i], features[i] = g.Bounds(c), g.Features(c)
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
	return set, engine.WriteFileAtomic(filepath.Join(dir, PlanFile), planText(set))
}

// writeTest makes and writes one test and returns its case (nil on error).
func writeTest(ctx context.Context, g Game, p gen.PlanTest, seed uint64, number int, dir string) (WrittenTest, engine.Case, error) {
	t := WrittenTest{Number: number, Call: p.Call, Seed: seed}
	c := Generate[engine.Case](p.Gen, seed)
	input := c.Encode()
	if err := g.Validate(input); err != nil {
		return t, nil, fmt.Errorf("the generated input is invalid: %w", err)
	}
	// Generous time limits: a test set may hold the largest inputs, and ref is naive.
	generous := engine.Limits{Time: 10 * time.Minute, Output: 1 << 30}
	want, got, d, err := engine.Diff(ctx, engine.InProcess{Label: "ref", Judge: g.Ref, Limits: generous},
		engine.InProcess{Label: "fast", Judge: g.Fast, Limits: generous}, input, nil)
	if err != nil {
		return t, nil, err
	}
	if d != nil {
		var b strings.Builder
		d.Report(&b)
		return t, nil, fmt.Errorf("ref and fast differ, no answer written:\n%s", b.String())
	}
	if want.Exit != 0 {
		return t, nil, fmt.Errorf("ref rejects the generated input: %s", want.Stderr)
	}
	base := filepath.Join(dir, fmt.Sprint(number))
	if err := engine.WriteFileAtomic(base+".in", input); err != nil {
		return t, nil, err
	}
	if err := engine.WriteFileAtomic(base+".ans", want.Stdout); err != nil {
		return t, nil, err
	}
	t.InputBytes, t.AnswerBytes, t.Ref, t.Fast = len(input), len(want.Stdout), want.Wall, got.Wall
	return t, c, nil
}

// featureCoverage folds the features of every test, in test order.
func featureCoverage(perTest [][]gen.Feature) []FeatureCoverage {
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

// coverage folds the bounds of every test, in test order, into one line per name: the
// widest limits any test has, and the first test whose value reaches each of them. A
// value at its own case's limit (a column equal to a 10-wide board's m) does not count
// as reaching the statement's maximum of 1000.
func coverage(perTest [][]gen.Bound) []BoundCoverage {
	byName := map[string]*BoundCoverage{}
	var names []string
	for _, bounds := range perTest {
		for _, b := range bounds {
			c := byName[b.Name]
			if c == nil {
				c = &BoundCoverage{Name: b.Name, Lo: b.Lo, Hi: b.Hi}
				byName[b.Name] = c
				names = append(names, b.Name)
			}
			c.Lo, c.Hi = min(c.Lo, b.Lo), max(c.Hi, b.Hi)
		}
	}
	for i, bounds := range perTest {
		for _, b := range bounds {
			c := byName[b.Name]
			if b.Value == c.Lo && c.MinAt == 0 {
				c.MinAt = i + 1
			}
			if b.Value == c.Hi && c.MaxAt == 0 {
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
