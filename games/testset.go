package games

import (
	"gamediff/corpus"
	"gamediff/coverage"
	"gamediff/outcome"

	"gamediff/report"

	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"gamediff/engine"
	"gamediff/gen"
	"gamediff/sandbox"
	"gamediff/testcase"
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
	Aim         string // what the test is there for (gen.PlanTest.Aim)
	Seed        uint64
	InputBytes  int
	AnswerBytes int
	// Reaches sums up the case's constrained quantities: each one's value, or the range
	// of its values ("x 1..1000").
	Reaches []string
	// Facts are what ref's play of the case does, measured (testcase's PlayFacts), for the
	// games that tell.
	Facts []string
	// Situations is what the case reaches of the game's catalogue; Fails the held
	// programs the test fails (gen.PlanTest.Fails).
	Situations coverage.Set
	Fails      []string
}

// SituationCoverage is what a whole set reaches of its game's catalogue of situations:
// for each entry, the first test that reaches it (0: none does).
type SituationCoverage struct {
	Catalogue []coverage.Situation
	FirstAt   []int
}

// Reached counts the entries some test reaches.
func (c SituationCoverage) Reached() int {
	n := 0
	for _, at := range c.FirstAt {
		if at != 0 {
			n++
		}
	}
	return n
}

// Never lists the ids of the entries no test reaches.
func (c SituationCoverage) Never() []string {
	var out []string
	for i, at := range c.FirstAt {
		if at == 0 {
			out = append(out, c.Catalogue[i].ID)
		}
	}
	return out
}

// FirstIn lists the ids of the entries that test number reaches first.
func (c SituationCoverage) FirstIn(number int) []string {
	var out []string
	for i, at := range c.FirstAt {
		if at == number {
			out = append(out, c.Catalogue[i].ID)
		}
	}
	return out
}

// situationCoverage folds what each test reaches, in test order.
func situationCoverage(catalogue []coverage.Situation, tests []WrittenTest) *SituationCoverage {
	c := &SituationCoverage{Catalogue: catalogue, FirstAt: make([]int, len(catalogue))}
	sorted := slices.Clone(tests)
	slices.SortFunc(sorted, func(a, b WrittenTest) int { return a.Number - b.Number })
	for _, t := range sorted {
		for i := range catalogue {
			if c.FirstAt[i] == 0 && t.Situations.Has(i) {
				c.FirstAt[i] = t.Number
			}
		}
	}
	return c
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
	Game  string
	Seed  int64
	Only  int // the one test written (-test N), 0 for the whole set
	Tests []WrittenTest
	// Coverage, Features and Situations are the whole set's; nil when one test alone was
	// written.
	Coverage   []BoundCoverage
	Features   []FeatureCoverage
	Situations *SituationCoverage
}

// PlanFile is the name of the file that records a test set's generator calls.
const PlanFile = "plan.txt"

// planHeader starts every plan file gen writes: what tells a folder of gen's; oneTest
// ends its first line when it wrote one test alone.
const (
	planHeader = "gamediff test set of "
	oneTest    = " alone, byte for byte the set's"
)

// TestSetConfig says which set WriteTestSet writes, where.
type TestSetConfig struct {
	Seed    int64
	Dir     string
	Test    int // 0: every test of the plan; N: test N alone, byte for byte the set's
	Workers int // tests generated in parallel; 0: GOMAXPROCS
}

// FolderError is a folder WriteTestSet will not write into: not a folder, or one holding
// files gen did not write. Nothing was changed in it.
type FolderError struct {
	Dir string
	Msg string
}

func (e *FolderError) Error() string { return e.Dir + ": " + e.Msg }

// WriteTestSet generates the game's planned tests into cfg.Dir as 1.in, 1.ans, 2.in, …
// (or test cfg.Test alone) and a plan file recording, per test, the command that writes
// it alone, its generator call and seed, what it aims at and what it reaches. Test i is
// made from CaseSeed(seed, i) alone, so the same seed rewrites every file bit for bit,
// whether the set is written whole or a test alone.
//
// The folder must be new, empty, or hold what an earlier gen wrote: its plan file and the
// tests that plan lists, which are removed first. Any other file in it, and a path that is
// no folder, is a *FolderError, and nothing is touched: gen cleans up its own files only.
//
// Each input must pass the validator, each answer is ref's output, and fast must print
// the same bytes: otherwise the files this call wrote are removed, and the error says why.
// fast runs in worker processes (engine.JudgeTests), never in this one, so that a fast
// that crashes, hangs or eats the memory is the error of the test it fails on: the
// process must serve as a worker (engine.ServeWorker first in main, or in TestMain).
func WriteTestSet(ctx context.Context, g Game, cfg TestSetConfig) (TestSet, error) {
	set := TestSet{Game: g.Name(), Seed: cfg.Seed, Only: cfg.Test}
	plan := g.Plan()
	numbers := make([]int, 0, len(plan))
	switch {
	case cfg.Test == 0:
		for i := range plan {
			numbers = append(numbers, i+1)
		}
	case cfg.Test >= 1 && cfg.Test <= len(plan):
		numbers = append(numbers, cfg.Test)
	default:
		return set, fmt.Errorf("no test %d: the plan of %s has tests 1 to %d", cfg.Test, g.Name(), len(plan))
	}
	if err := claimFolder(cfg.Dir, cfg.Test != 0); err != nil {
		return set, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	set.Tests = make([]WrittenTest, len(numbers))
	made := make([]madeTest, len(numbers))
	eg, ectx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	for i, number := range numbers {
		p := plan[number-1]
		eg.Go(func() error {
			var err error
			made[i], err = makeTest(ectx, g, p, engine.CaseSeed(cfg.Seed, int64(number)), number)
			set.Tests[i] = made[i].WrittenTest
			if err != nil {
				return fmt.Errorf("test %d (%s): %w", number, p.Call, err)
			}
			return nil
		})
	}
	err := eg.Wait()
	if err == nil {
		err = judgeFast(ctx, g, made, cfg.Workers)
	}
	bounds := make([][]testcase.Bound, len(numbers))
	features := make([][]testcase.Feature, len(numbers))
	for i := 0; err == nil && i < len(made); i++ {
		m := &made[i]
		bounds[i], features[i] = m.bounds, g.Features(m.c)
		if err = m.write(cfg.Dir); err != nil {
			err = fmt.Errorf("test %d (%s): %w", m.Number, m.Call, err)
		}
		m.input, m.answer = nil, nil // written: what is left of the set holds no more of it
	}
	if err == nil {
		if cfg.Test == 0 {
			set.Coverage = boundCoverage(bounds)
			set.Features = featureCoverage(features)
			set.Situations = situationCoverage(g.Situations(), set.Tests)
		}
		err = corpus.WriteAtomic(filepath.Join(cfg.Dir, PlanFile), planText(set))
	}
	if err != nil {
		// Nothing half written stays: a folder of gen's holds a plan and its tests.
		for _, n := range numbers {
			os.Remove(filepath.Join(cfg.Dir, strconv.Itoa(n)+".in"))
			os.Remove(filepath.Join(cfg.Dir, strconv.Itoa(n)+".ans"))
		}
		return set, err
	}
	return set, nil
}

// claimFolder readies dir for a set, or for one test of it: creates it, or removes from
// it an earlier set's files (its plan, and the tests that plan lists). A folder that
// holds anything else is refused before anything is removed, as is a path that is not a
// folder, and, for one test, a folder that holds a whole set.
func claimFolder(dir string, one bool) error {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("creating the folder: %w", err)
		}
		return nil
	case err != nil:
		return &FolderError{dir, err.Error()}
	case !info.IsDir():
		return &FolderError{dir, "not a folder: gen writes a set's files into a folder"}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return &FolderError{dir, err.Error()}
	}
	if len(entries) == 0 {
		return nil
	}
	ours, whole, err := earlierSet(filepath.Join(dir, PlanFile))
	switch {
	case err != nil:
		return &FolderError{dir, "not empty, and holds no test set of gen's (" + err.Error() + "): give a new or empty folder"}
	case whole && one:
		// A test alone does not replace a whole set: that would delete the others.
		return &FolderError{dir, "holds a whole test set, which -test would replace by one test: give a new or empty folder"}
	}
	var strangers, irregular []string
	for _, e := range entries {
		switch {
		case !ours[e.Name()]:
			strangers = append(strangers, e.Name())
		case !e.Type().IsRegular():
			// Not a file gen wrote, though the plan names it: removing the others first
			// would leave a set half gone when this one cannot go.
			irregular = append(irregular, fmt.Sprintf("%s (%s)", e.Name(), corpus.Kind(e.Type())))
		}
	}
	if len(irregular) > 0 {
		return &FolderError{dir, fmt.Sprintf("holds %s where the earlier set's plan names a file gen wrote: gen removes only the regular files it wrote; give a new or empty folder",
			strings.Join(irregular, ", "))}
	}
	if len(strangers) > 0 {
		shown := strangers[:min(len(strangers), 5)]
		more := ""
		if len(strangers) > len(shown) {
			more = fmt.Sprintf(" and %d more", len(strangers)-len(shown))
		}
		return &FolderError{dir, fmt.Sprintf("holds files gen did not write (%s%s): gen removes only an earlier set's own files; give a new or empty folder",
			strings.Join(shown, ", "), more)}
	}
	for _, e := range entries {
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("removing the earlier set's %s: %w", e.Name(), err)
		}
	}
	return nil
}

// planTest matches the line that starts a test's entry in a plan file.
var planTest = regexp.MustCompile(`(?m)^test (\d+): `)

// earlierSet reads the plan file of an earlier set and returns the names of the files it
// wrote, the plan and the input and answer of every test it lists, and whether it was a
// whole set.
func earlierSet(path string) (ours map[string]bool, whole bool, err error) {
	text, err := corpus.ReadFile(path)
	var notRegular *corpus.NotRegularError
	switch {
	case errors.As(err, &notRegular):
		return nil, false, fmt.Errorf("%s is %s, not a file gen wrote", filepath.Base(path), corpus.Kind(notRegular.Mode.Type()))
	case err != nil:
		return nil, false, fmt.Errorf("no readable %s", filepath.Base(path))
	}
	first, _, _ := bytes.Cut(text, []byte("\n"))
	if !bytes.HasPrefix(first, []byte(planHeader)) {
		return nil, false, fmt.Errorf("%s is not one gen wrote", filepath.Base(path))
	}
	ours = map[string]bool{PlanFile: true}
	for _, m := range planTest.FindAllSubmatch(text, -1) {
		ours[string(m[1])+".in"], ours[string(m[1])+".ans"] = true, true
	}
	return ours, !bytes.HasSuffix(first, []byte(oneTest)), nil
}

// madeTest is a test made in this process: its case, its input and ref's answer, and
// what the plan says of them.
type madeTest struct {
	WrittenTest
	c             engine.Case
	bounds        []testcase.Bound
	input, answer []byte
}

// makeTest generates one test and ref's answer to it, in this process: ref is the
// oracle, not the code under test.
func makeTest(ctx context.Context, g Game, p gen.PlanTest, seed uint64, number int) (madeTest, error) {
	t := madeTest{WrittenTest: WrittenTest{Number: number, Call: p.Call, Aim: p.Aim, Seed: seed, Fails: p.Fails}}
	c := Generate[engine.Case](p.Gen, seed)
	input := c.Encode()
	if err := g.Validate(input); err != nil {
		return t, fmt.Errorf("the generated input is invalid: %w", err)
	}
	// Generous time limits: a test set may hold the largest inputs, and ref is naive.
	want, err := engine.InProcess{Solver: outcome.Ref, Judge: g.Ref, Limits: sandbox.Limits{Time: 10 * time.Minute, Output: 1 << 30}}.Run(ctx, input)
	switch {
	case err != nil:
		return t, err
	case want.Status != sandbox.Exited:
		return t, fmt.Errorf("ref failed on the generated input: %s %s", want.Status, want.Stderr)
	case want.Exit != 0:
		return t, fmt.Errorf("ref rejects the generated input: %s", want.Stderr)
	}
	t.c, t.input, t.answer = c, input, want.Stdout
	t.InputBytes, t.AnswerBytes = len(input), len(want.Stdout)
	t.bounds = g.Bounds(c)
	t.Reaches = reaches(t.bounds)
	t.Situations = g.Reach(input)
	if f, ok := c.(playFacts); ok {
		t.Facts = f.PlayFacts()
	}
	return t, nil
}

// fastCheckFactor is how many times the statement's time limit fast may take on a test
// while the set is made: the check is of its answers, and gen's timing measures its time
// against the limit itself; a fast that runs past this hangs.
const fastCheckFactor = 10

// judgeFast judges fast on every made test against ref's answer, as judge does: in worker
// processes, a failure confirmed by its reruns. The error names the first test fast
// fails, and how.
func judgeFast(ctx context.Context, g Game, made []madeTest, workers int) error {
	tests := make([]engine.Test, len(made))
	for i, m := range made {
		tests[i] = engine.Test{Name: "test " + strconv.Itoa(m.Number), Input: m.input,
			Want: outcome.Result{Solver: outcome.Expected, Result: sandbox.Result{Stdout: m.answer}}}
	}
	judged, err := engine.JudgeTests(ctx, engine.JudgeConfig{Game: g, Workers: workers,
		Limits: sandbox.Limits{Time: fastCheckFactor * g.TimeLimit(), Output: 1 << 30}}, tests)
	if err != nil {
		return fmt.Errorf("judging fast on the tests: %w", err)
	}
	for i, j := range judged {
		m := made[i]
		switch {
		case j.Unjudged:
			return fmt.Errorf("test %d (%s): fast could not be judged on it: %s", m.Number, m.Call, j.Note)
		case j.Verdict != outcome.OK:
			var b strings.Builder
			if j.Divergence != nil {
				report.Divergence(&b, j.Divergence)
			}
			return fmt.Errorf("test %d (%s): fast fails it (%s), no answer written:\n%s", m.Number, m.Call, j.Signature, b.String())
		}
	}
	return nil
}

// write writes the test's input and answer into dir, as NUMBER.in and NUMBER.ans.
func (t madeTest) write(dir string) error {
	base := filepath.Join(dir, strconv.Itoa(t.Number))
	if err := corpus.WriteAtomic(base+".in", t.input); err != nil {
		return fmt.Errorf("writing the input: %w", err)
	}
	if err := corpus.WriteAtomic(base+".ans", t.answer); err != nil {
		return fmt.Errorf("writing the answer: %w", err)
	}
	return nil
}

// playFacts is a case that tells what ref's play of it does (testcase's PlayFacts), for the
// plan.
type playFacts interface {
	PlayFacts() []string
}

var (
	_ playFacts = testcase.Mine{}
	_ playFacts = testcase.Boom{}
	_ playFacts = testcase.Tower{}
	_ playFacts = testcase.Datamining{}
)

// reaches sums up a case's bounds: per name, in order of first appearance, its value or
// the range of its values.
func reaches(bounds []testcase.Bound) []string {
	type span struct{ lo, hi int }
	var names []string
	spans := map[string]*span{}
	for _, b := range bounds {
		s := spans[b.Name]
		if s == nil {
			s = &span{b.Value, b.Value}
			spans[b.Name] = s
			names = append(names, b.Name)
		}
		s.lo, s.hi = min(s.lo, b.Value), max(s.hi, b.Value)
	}
	out := make([]string, len(names))
	for i, n := range names {
		s := spans[n]
		out[i] = fmt.Sprintf("%s %d", n, s.lo)
		if s.hi != s.lo {
			out[i] = fmt.Sprintf("%s %d..%d", n, s.lo, s.hi)
		}
	}
	return out
}

// featureCoverage folds the features of every test, in test order.
func featureCoverage(perTest [][]testcase.Feature) []FeatureCoverage {
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

// boundCoverage folds the bounds of every test, in test order, into one line per name: the
// widest limits any test has, and the first test whose value reaches each of them. A
// value at its own case's limit (a column equal to a 10-wide board's m) does not count
// as reaching the statement's maximum of 1000.
func boundCoverage(perTest [][]testcase.Bound) []BoundCoverage {
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

// GenCommand is the command that writes test number alone of the set of seed, as the plan
// prints it (DIR: the folder to write into).
func GenCommand(game string, seed int64, number int) string {
	if number == 0 {
		return fmt.Sprintf("gamediff gen -game %s -seed %d -o DIR", game, seed)
	}
	return fmt.Sprintf("gamediff gen -game %s -seed %d -test %d -o DIR", game, seed, number)
}

// planText is the plan file: the set, the limits it reaches and the features it
// exercises, then an entry per test.
func planText(set TestSet) []byte {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	if set.Only == 0 {
		fmt.Fprintf(w, "%s%s, seed %d: %d tests\n", planHeader, set.Game, set.Seed, len(set.Tests))
		fmt.Fprintf(w, "%s rewrites every file bit for bit (DIR new, empty, or an earlier set's);\n", GenCommand(set.Game, set.Seed, 0))
		fmt.Fprintln(w, "each test's command below writes that test alone, byte for byte the same.")
	} else {
		fmt.Fprintf(w, "%s%s, seed %d: test %d%s\n", planHeader, set.Game, set.Seed, set.Only, oneTest)
		fmt.Fprintf(w, "%s writes the whole set, with the limits it reaches.\n", GenCommand(set.Game, set.Seed, 0))
	}
	if len(set.Coverage) > 0 {
		fmt.Fprintln(w, "\nThe limits of the statement, and the first test that reaches each:")
		for _, c := range set.Coverage {
			fmt.Fprintf(w, "  %-12s %-12s min %-18s max %s\n", c.Name, LimitsText(c.Lo, c.Hi), Reached(c.MinAt), MaxReached(c))
		}
	}
	if len(set.Features) > 0 {
		fmt.Fprintln(w, "\nThe rules and features exercised, and the first test that does:")
		for _, f := range set.Features {
			fmt.Fprintf(w, "  %-44s %s\n", f.Name, Reached(f.FirstTest))
		}
	}
	if c := set.Situations; c != nil {
		fmt.Fprintf(w, "\nThe situations of the game's catalogue (its rulebook made executable: every rule's branches,\n"+
			"the limits' boundaries, the input forms), and the first test that reaches each: %d of %d reached\n", c.Reached(), len(c.Catalogue))
		for i, s := range c.Catalogue {
			fmt.Fprintf(w, "  %-8s %-40s %s\n", s.Kind, s.ID, Reached(c.FirstAt[i]))
		}
	}
	tests := slices.Clone(set.Tests)
	slices.SortFunc(tests, func(a, b WrittenTest) int { return a.Number - b.Number })
	for _, t := range tests {
		fmt.Fprintf(w, "\ntest %d: %s\n", t.Number, GenCommand(set.Game, set.Seed, t.Number))
		fmt.Fprintf(w, "  call     %s   (case seed %d)\n", t.Call, t.Seed)
		if t.Aim != "" {
			fmt.Fprintf(w, "  aim      %s\n", t.Aim)
		}
		if len(t.Fails) > 0 {
			fmt.Fprintf(w, "  fails    %s\n", strings.Join(t.Fails, ", "))
		}
		fmt.Fprintf(w, "  reaches  %s\n", strings.Join(t.Reaches, ", "))
		if c := set.Situations; c != nil {
			if first := c.FirstIn(t.Number); len(first) > 0 {
				fmt.Fprintf(w, "  first to reach  %s\n", strings.Join(first, ", "))
			}
		}
		for i, f := range t.Facts {
			fmt.Fprintf(w, "  %-8s %s\n", pick(i == 0, "plays", ""), f)
		}
		fmt.Fprintf(w, "  size     %d bytes in, %d bytes out\n", t.InputBytes, t.AnswerBytes)
	}
	w.Flush()
	return b.Bytes()
}

func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}

// LimitsText prints a range, with a bound that is only the type's ("1..9223372036854775807")
// printed as no bound ("≥ 1").
func LimitsText(lo, hi int) string {
	switch {
	case hi >= math.MaxInt32 && lo <= math.MinInt32:
		return "any"
	case hi >= math.MaxInt32:
		return fmt.Sprintf("≥ %d", lo)
	case lo <= math.MinInt32:
		return fmt.Sprintf("≤ %d", hi)
	}
	return fmt.Sprintf("%d..%d", lo, hi)
}

// Reached says which test first reaches a limit or exercises a feature, or that none does.
func Reached(test int) string {
	if test == 0 {
		return "NOT reached"
	}
	return fmt.Sprintf("yes (test %d)", test)
}

// MaxReached is Reached of a limit's maximum, or that the quantity has none.
func MaxReached(c BoundCoverage) string {
	if c.Hi >= math.MaxInt32 {
		return "(no maximum)"
	}
	return Reached(c.MaxAt)
}
