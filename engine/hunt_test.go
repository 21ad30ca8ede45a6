package engine_test

import (
	"gamediff/corpus"
	"gamediff/outcome"

	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/report"
	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

func hunt(t *testing.T, ctx context.Context, cfg engine.HuntConfig) outcome.Summary {
	t.Helper()
	sum, err := engine.Hunt(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func TestHuntFindsMinimizesAndSaves(t *testing.T) {
	dir := t.TempDir()
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: game(t, "wrong-on-7"), Seed: 5, Cases: 10000, Workers: 2, FoundDir: dir})
	if len(sum.Findings) != 1 {
		t.Fatalf("findings = %d, want 1", len(sum.Findings))
	}
	f := sum.Findings[0]
	// The smallest input on which the bug shows is the single number 7.
	if got := string(f.Input); got != "1\n7\n" {
		t.Errorf("minimized input %q, want %q", got, "1\n7\n")
	}
	if f.Verdict != outcome.WA || !f.Minimize.Complete || f.Signature != `WA: want "N", got "N"` {
		t.Errorf("finding %+v: want a complete minimization of a WA", f)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 2 {
		t.Fatalf("found dir holds %v, want exactly the minimized NAME.in and NAME.ans", files)
	}
	e, err := corpus.ReadEntry(os.DirFS(dir), filepath.Base(f.Path))
	if err != nil {
		t.Fatal(err)
	}
	if string(e.Input) != "1\n7\n" || string(e.Answer) != "14\n" {
		t.Errorf("saved %q with answer %q, want the minimized input with ref's answer 14", e.Input, e.Answer)
	}
	checkNothingLeft(t, "")
}

func TestHuntDistinctFindingsOfLowestIndexWhateverTheWorkers(t *testing.T) {
	// Three bugs of three signatures: a wrong number, a panic, a word for a number.
	g := game(t, "three-bugs")
	var indices string
	for _, workers := range []int{1, 2, 4} {
		sum := hunt(t, context.Background(), engine.HuntConfig{Game: g, Seed: 11, Cases: 3000, Workers: workers, MaxFindings: 3, MinimizeTime: -1})
		var got []string
		sigs := map[string]bool{}
		for _, f := range sum.Findings {
			got = append(got, strconv.FormatInt(f.Index, 10))
			sigs[f.Signature] = true
		}
		if len(sum.Findings) != 3 || len(sigs) != 3 {
			t.Fatalf("workers %d: findings %+v, want 3 of distinct signatures", workers, sum.Findings)
		}
		for _, u := range sum.Unreported {
			if !sigs[u.Signature] && u.Index < sum.Findings[2].Index {
				t.Errorf("workers %d: unreported case %d (%s) is below the last finding", workers, u.Index, u.Signature)
			}
		}
		if indices == "" {
			indices = strings.Join(got, " ")
		} else if strings.Join(got, " ") != indices {
			t.Fatalf("workers %d found cases %v, workers 1 found %v", workers, got, indices)
		}
	}
	checkNothingLeft(t, "")
}

func TestHuntCleanRunCountsEveryCaseAndShardsSplitThem(t *testing.T) {
	g := game(t, "toy")
	whole := hunt(t, context.Background(), engine.HuntConfig{Game: g, Seed: 1, Cases: 777, Workers: 3})
	if whole.Cases != 777 || whole.Divergences != 0 || len(whole.Findings) != 0 || whole.Interrupted {
		t.Fatalf("summary %+v, want 777 clean cases", whole)
	}
	var cases int64
	var digest uint64
	for shard := 1; shard <= 3; shard++ {
		s := hunt(t, context.Background(), engine.HuntConfig{Game: g, Seed: 1, Cases: 777, Workers: 2, Shard: shard, Shards: 3})
		cases += s.Cases
		d, _ := strconv.ParseUint(s.Digest, 16, 64)
		digest ^= d
	}
	if want, _ := strconv.ParseUint(whole.Digest, 16, 64); cases != 777 || digest != want {
		t.Fatalf("three shards ran %d cases with digest %x; the whole hunt ran 777 with %s", cases, digest, whole.Digest)
	}
}

// TestHuntStopsAtDuration: a hunt with no bound but its duration ends, having run cases.
// How close to its duration it ends is logged, not bounded (a loaded machine stretches it).
func TestHuntStopsAtDuration(t *testing.T) {
	start := time.Now()
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: game(t, "toy"), Seed: 1, Duration: 300 * time.Millisecond})
	if sum.Cases == 0 || sum.Interrupted {
		t.Fatalf("ran %d cases (interrupted %v)", sum.Cases, sum.Interrupted)
	}
	t.Logf("a 300ms hunt: %d cases, hunting for %.2fs, %.2fs in all", sum.Cases, sum.HuntSeconds, time.Since(start).Seconds())
}

func TestHuntInterruptKeepsWhatWasFound(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	// Cancel as soon as the finding is reported, before it is even saved.
	sum := hunt(t, ctx, engine.HuntConfig{Game: game(t, "wrong-on-7"), Seed: 5, Cases: 10000, FoundDir: dir,
		Found: func(outcome.Finding) { cancel() }})
	if !sum.Interrupted || len(sum.Findings) != 1 {
		t.Fatalf("summary %+v: want an interrupted hunt with its finding", sum)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.in"))
	if len(files) != 1 || sum.Findings[0].Path != files[0] {
		t.Fatalf("saved %v, finding at %q: want the unminimized case kept", files, sum.Findings[0].Path)
	}
	checkNothingLeft(t, "")
}

// TestHuntMisbehavingJudges runs the zoo: judges that panic, loop, sleep, flood their
// output, exit, overflow their stack, panic in another goroutine, eat memory, or flood
// stderr while answering right. Each is a finding of its kind (or none), minimized to the
// one number that triggers it; the hunt lives, and no process is left.
func TestHuntMisbehavingJudges(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every misbehaving judge, its finding is proved by the full suite")
	}
	tests := []struct {
		toy     string
		limits  sandbox.Limits
		verdict string // empty: no finding
		sig     string // part of the signature
		input   string
		report  string // part of the culprit's stderr or stack
	}{
		{toy: "panic-on-13", verdict: "RE", sig: "RE in fast: panic: thirteen is unlucky", input: "1\n13\n", report: "thirteen is unlucky"},
		// A spin never ends, whatever the limit: a short one makes each of its runs cheap.
		{toy: "loop-on-42", limits: sandbox.Limits{Time: cpuclock.Limit(100 * time.Millisecond)}, verdict: "TLE", sig: "TLE in fast", input: "1\n42\n", report: "goroutine"},
		{toy: "sleep-on-42", limits: sandbox.Limits{Wall: 500 * time.Millisecond}, verdict: "TLE", sig: "TLE in fast", input: "1\n42\n", report: "wall time"},
		{toy: "flood-on-99", limits: sandbox.Limits{Output: 1 << 16}, verdict: "OLE", sig: "OLE in fast", input: "1\n99\n"},
		{toy: "exit-on-7", verdict: "crash", sig: "crash in fast: exit status N", input: "1\n7\n", report: "exit status 3"},
		{toy: "overflow-on-7", limits: sandbox.Limits{Time: cpuclock.Limit(20 * time.Second)}, verdict: "crash", sig: "crash in fast: fatal error: stack overflow", input: "1\n7\n", report: "stack overflow"},
		{toy: "goroutine-on-7", verdict: "crash", sig: "crash in fast: panic: in another goroutine", input: "1\n7\n", report: "in another goroutine"},
		{toy: "alloc-on-7", limits: sandbox.Limits{Time: cpuclock.Limit(20 * time.Second), Memory: 512 << 20}, verdict: "MLE", sig: "MLE in fast", input: "1\n7\n", report: "memory"},
		{toy: "stderr-flood"},
	}
	for _, tt := range tests {
		t.Run(tt.toy, func(t *testing.T) {
			start := time.Now()
			sum := hunt(t, context.Background(), engine.HuntConfig{Game: game(t, tt.toy), Seed: 3, Cases: 300, Workers: 2,
				Limits: tt.limits, FoundDir: t.TempDir()})
			took := time.Since(start)
			if tt.verdict == "" {
				if len(sum.Findings) != 0 || sum.Cases != 300 {
					t.Fatalf("%d cases, findings %+v: want 300 clean cases", sum.Cases, sum.Findings)
				}
				checkNothingLeft(t, "")
				return
			}
			if len(sum.Findings) != 1 {
				t.Fatalf("findings %+v, want one", sum.Findings)
			}
			f := sum.Findings[0]
			culprit := f.Divergence.Got
			if f.Verdict.String() != tt.verdict || !strings.HasPrefix(f.Signature, tt.sig) {
				t.Errorf("verdict %s, signature %q; want %s, %q", f.Verdict, f.Signature, tt.verdict, tt.sig)
			}
			if string(f.Input) != tt.input || f.Path == "" {
				t.Errorf("minimized to %q (saved at %q), want %q", f.Input, f.Path, tt.input)
			}
			if !strings.Contains(culprit.Stderr+culprit.Stack, tt.report) {
				t.Errorf("the report lacks %q: stderr %q, stack %.300q", tt.report, culprit.Stderr, culprit.Stack)
			}
			t.Logf("%s: %s in %.1fs (found after %.2fs, %d minimization runs)", tt.toy, f.Signature, took.Seconds(), f.FoundAfter, f.Minimize.Runs)
			checkNothingLeft(t, "")
		})
	}
}

func TestHuntReferenceFailureIsNotAFinding(t *testing.T) {
	dir := t.TempDir()
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: game(t, "ref-loops-on-42"), Seed: 3, Cases: 300,
		RefLimits: sandbox.Limits{Time: cpuclock.Limit(300 * time.Millisecond)}, FoundDir: dir})
	var rf *outcome.RefFailure
	if !errors.As(err, &rf) || rf.Divergence.Want.Status != sandbox.TimedOut || !holds(rf.Input, 42) {
		t.Fatalf("error %v: want the reference's time-out on a case holding 42", err)
	}
	if len(sum.Findings) != 0 {
		t.Errorf("findings %+v: a failure of the reference is not a finding", sum.Findings)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("saved %v to the found folder", files)
	}
	if b, err := os.ReadFile(rf.Path); err != nil || string(b) != string(rf.Input) {
		t.Errorf("the input is not kept at %q: %v", rf.Path, err)
	}
	checkNothingLeft(t, "")
}

func TestHuntProgressAndEventsFromOneGoroutine(t *testing.T) {
	// Run under -race: the callbacks share these variables without a lock, which is
	// right only if the hunt calls them from one goroutine.
	var ticks, found, notes int
	var last outcome.Progress
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: game(t, "three-bugs"), Seed: 2, Cases: 4000, Workers: 3, MaxFindings: 3,
		FoundDir: t.TempDir(),
		Progress: func(p outcome.Progress) { ticks++; last = p },
		Found:    func(outcome.Finding) { found++ },
		Note:     func(string) { notes++ }})
	if found < 3 || notes == 0 || ticks == 0 || last.Cases > sum.Cases {
		t.Fatalf("%d progress calls (last %+v), %d found, %d notes for %+v", ticks, last, found, notes, sum)
	}
}

func TestMinimizeGivesTheSameCaseWithOneOrTwoWorkers(t *testing.T) {
	var inputs []string
	for _, workers := range []int{1, 2} {
		sum := hunt(t, context.Background(), engine.HuntConfig{Game: game(t, "three-bugs"), Seed: 7, Cases: 3000, Workers: workers, MaxFindings: 3})
		var b strings.Builder
		for _, f := range sum.Findings {
			fmt.Fprintf(&b, "%d %q %v|", f.Index, f.Input, f.Minimize.Complete)
		}
		inputs = append(inputs, b.String())
	}
	if inputs[0] != inputs[1] {
		t.Fatalf("1 worker: %s\n2 workers: %s", inputs[0], inputs[1])
	}
}

// TestMinimizeRunsEachCandidateOnce: the minimizer runs what a plain greedy walk that
// remembers the candidates it ran runs, no more — a shrinker that repeats itself, as
// dropping one of nine equal numbers does, costs one run — and reaches the same case with
// two workers.
func TestMinimizeRunsEachCandidateOnce(t *testing.T) {
	g := game(t, "wrong-on-7-of-ten")
	start := toyCase{7, 3, 3, 3, 3, 3, 3, 3, 3, 3}
	diverges := func(c toyCase) bool { return len(c) >= 10 && slices.Contains(c, 7) }
	cur, runs, ran := start, 0, map[string]bool{}
	for taken := true; taken; {
		taken = false
		for v := range g.Shrink(cur) {
			c := v.(toyCase)
			if key := string(c.Encode()); !ran[key] {
				ran[key] = true
				runs++
				if diverges(c) {
					cur, taken = c, true
					break
				}
			}
		}
	}
	for _, workers := range []int{1, 2} {
		sum := hunt(t, context.Background(), engine.HuntConfig{Game: fixedCase{g, start}, Seed: 1, Cases: 1, Workers: workers})
		if len(sum.Findings) != 1 {
			t.Fatalf("%d workers: %d findings, want 1", workers, len(sum.Findings))
		}
		f := sum.Findings[0]
		if string(f.Input) != string(cur.Encode()) || !f.Minimize.Complete {
			t.Errorf("%d workers: minimized to %q (complete %v), want %q", workers, f.Input, f.Minimize.Complete, cur.Encode())
		}
		if workers == 1 && f.Minimize.Runs != runs {
			t.Errorf("1 worker: %d runs, want the %d distinct candidates of the walk", f.Minimize.Runs, runs)
		}
	}
}

// evenToy is a toy whose statement allows an even count of numbers only. Its judges take
// any count: only its validator keeps a minimization from taking an odd one.
type evenToy struct{ fixedCase }

func (evenToy) Validate(input []byte) error {
	c, err := decodeToy(input)
	if err == nil && len(c)%2 == 1 {
		return errors.New("an odd count of numbers")
	}
	return err
}

// TestMinimizeTakesOnlyValidCandidates: a candidate that keeps the signature but that the
// validator rejects is not taken, and is counted; the walk reaches the case a greedy walk
// over the valid candidates reaches, with one worker or two.
func TestMinimizeTakesOnlyValidCandidates(t *testing.T) {
	g := game(t, "wrong-on-7")
	start := toyCase{5, 7, 8, 2}
	cur, invalid, seen := start, 0, map[string]bool{}
	for taken := true; taken; {
		taken = false
		for v := range g.Shrink(cur) {
			c := v.(toyCase)
			if !slices.Contains(c, 7) {
				continue
			}
			if len(c)%2 == 1 {
				if key := string(c.Encode()); !seen[key] {
					seen[key] = true
					invalid++
				}
				continue
			}
			cur, taken = c, true
			break
		}
	}
	if invalid == 0 || len(cur)%2 == 1 {
		t.Fatalf("the test's walk met no invalid candidate, or took one (%v)", cur)
	}
	for _, workers := range []int{1, 2} {
		sum := hunt(t, context.Background(), engine.HuntConfig{Game: evenToy{fixedCase{g, start}}, Seed: 1, Cases: 1, Workers: workers})
		if len(sum.Findings) != 1 {
			t.Fatalf("%d workers: %d findings, want 1", workers, len(sum.Findings))
		}
		f := sum.Findings[0]
		if string(f.Input) != string(cur.Encode()) || !f.Minimize.Complete || f.Minimize.Invalid != invalid {
			t.Errorf("%d workers: minimized to %q (complete %v, %d invalid), want %q and %d invalid",
				workers, f.Input, f.Minimize.Complete, f.Minimize.Invalid, cur.Encode(), invalid)
		}
	}
}

// TestMinimizeRespectsItsBudget: a minimization whose every candidate hangs stops at its
// budget, before the case is 1-minimal, and the case as found stays the finding's. How
// long past its budget it ended is logged (the toy's limit is 0.3 s of CPU, its wall-clock
// backstop 1.6 s; a loaded machine stretches both). The budget is scaled with the toy's
// limit (cpuclock.Limit), so that a hanging candidate costs it alike.
func TestMinimizeRespectsItsBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a minimization stopped at its budget is proved by the full suite")
	}
	budget := cpuclock.Limit(500 * time.Millisecond) // scaled with the toy's limit
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: game(t, "loop-on-42"), Seed: 3, Cases: 300, Workers: 1,
		MinimizeTime: budget})
	if len(sum.Findings) != 1 || sum.Findings[0].Minimize.Complete {
		t.Fatalf("findings %+v: the budget should have stopped the minimization early", sum.Findings)
	}
	t.Logf("a %v budget: minimized for %.2fs (%d runs)", budget, sum.Findings[0].Minimize.Seconds, sum.Findings[0].Minimize.Runs)
}

// TestHuntReferenceFailureOnceIsNotBlamed: a reference that fails once on a case, and not
// on its rerun, ends no hunt, and is no finding: the note says so.
func TestHuntReferenceFailureOnceIsNotBlamed(t *testing.T) {
	t.Setenv(markerEnv, t.TempDir())
	var notes []string
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: game(t, "ref-fails-once-on-42"), Seed: 3, Cases: 300,
		FoundDir: t.TempDir(), Note: func(s string) { notes = append(notes, s) }})
	if err != nil || len(sum.Findings) != 0 {
		t.Fatalf("error %v, findings %+v: a failure that does not show again is nobody's", err, sum.Findings)
	}
	if !slices.ContainsFunc(notes, func(s string) bool { return strings.Contains(s, "not on its rerun") }) {
		t.Errorf("notes %q: want the failure told and dismissed", notes)
	}
	checkNothingLeft(t, "")
}

// TestHuntKeepsACaseSavedBefore: a hunt that finds again a case saved by an earlier one
// (here, one that did not minimize) keeps it when it saves the minimized case.
func TestHuntKeepsACaseSavedBefore(t *testing.T) {
	dir := t.TempDir()
	cfg := engine.HuntConfig{Game: game(t, "wrong-on-7"), Seed: 5, Cases: 10000, Workers: 2, FoundDir: dir, MinimizeTime: -1}
	first := hunt(t, context.Background(), cfg)
	if len(first.Findings) != 1 {
		t.Fatalf("first hunt: %+v", first.Findings)
	}
	asFound := first.Findings[0].Path
	cfg.MinimizeTime = 0
	second := hunt(t, context.Background(), cfg)
	if len(second.Findings) != 1 || string(second.Findings[0].Input) != "1\n7\n" {
		t.Fatalf("second hunt: %+v", second.Findings)
	}
	for _, path := range []string{asFound, second.Findings[0].Path} {
		if _, err := corpus.ReadEntry(os.DirFS(dir), filepath.Base(path)); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// TestInterruptedMinimizationKeepsTheCaseAsFoundAndAddsTheSmallestConfirmed: Ctrl-C in the
// middle of a minimization keeps the case as found, whole, and saves beside it the
// smallest case reached, once its reruns confirm it, with the reference's answer on it.
func TestInterruptedMinimizationKeepsTheCaseAsFoundAndAddsTheSmallestConfirmed(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: an interrupted minimization's cases are proved by the full suite")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := toyCase{}
	for v := 1; v <= 24; v++ {
		start = append(start, v)
	}
	start = append(start, 42)
	dir := t.TempDir()
	sum := hunt(t, ctx, engine.HuntConfig{Game: fixedCase{game(t, "loop-on-42"), start}, Seed: 1, Cases: 1, Workers: 2, FoundDir: dir,
		Progress: func(p outcome.Progress) {
			if p.Finishing && p.Taken >= 2 {
				cancel()
			}
		}})
	if !sum.Interrupted || len(sum.Findings) != 1 {
		t.Fatalf("interrupted %v, findings %+v", sum.Interrupted, sum.Findings)
	}
	f := sum.Findings[0]
	if len(f.Also) != 1 {
		t.Fatalf("also saved %v, want the case as found beside the smallest confirmed: %s", f.Also, f.Note)
	}
	asFound, err := corpus.ReadEntry(os.DirFS(dir), filepath.Base(f.Also[0]))
	if err != nil || string(asFound.Input) != string(start.Encode()) {
		t.Fatalf("the case as found is not kept whole at %s: %v", f.Also[0], err)
	}
	smaller, err := corpus.ReadEntry(os.DirFS(dir), filepath.Base(f.Path))
	var want strings.Builder
	toyJudge(smaller.Input, &want)
	if err != nil || len(smaller.Input) >= len(asFound.Input) || !holds(smaller.Input, 42) || string(smaller.Answer) != want.String() ||
		string(smaller.Input) != string(f.Input) || f.InputBytes != len(f.Input) {
		t.Errorf("the smaller case %q with answer %q (%v), finding's input %q: want a smaller case holding 42, with ref's answer, the finding's",
			smaller.Input, smaller.Answer, err, f.Input)
	}
	checkNothingLeft(t, "")
}

// TestProgramHuntAgainstFast: a program's hunt compares it with fast, not ref, and confirms
// every divergence against ref. With a fast that is wrong on 7, a right program is never
// reported (fast's mistake is, as a finding against fast); a program that makes fast's
// very mistake is still found, on the cases checked against ref (1 in 64).
func TestProgramHuntAgainstFast(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a program hunted against fast, thousands of cases is proved by the full suite")
	}
	exe, _ := os.Executable()
	g := game(t, "wrong-on-7")
	t.Run("right program", func(t *testing.T) {
		t.Setenv(programEnv, "toy")
		sum := hunt(t, context.Background(), engine.HuntConfig{Game: g, Program: []string{exe}, Seed: 5, Cases: 400, Workers: 2,
			MaxFindings: 2, MinimizeTime: -1})
		if len(sum.Findings) != 1 || !strings.HasPrefix(sum.Findings[0].Signature, "fast: ") {
			t.Fatalf("findings %+v: want fast's mistake alone, as a finding against fast", sum.Findings)
		}
		if !strings.HasPrefix(sum.Oracle, "fast") {
			t.Errorf("oracle %q", sum.Oracle)
		}
		// Where the CPU went: every case ran the program once at least (the toy packs
		// none), and the program's share is a share.
		if u := sum.CPU; u.ProgramRuns < sum.Cases || u.Program <= 0 || u.Workers <= 0 || u.CodeShare <= 0 || u.CodeShare >= 1 {
			t.Errorf("cpu %+v for %d cases: want a run of the program per case at least, and its time a share of the whole", u, sum.Cases)
		}
	})
	t.Run("program sharing fast's mistake", func(t *testing.T) {
		t.Setenv(programEnv, "wrong-on-7")
		// Seed 33: its first case checked against ref that holds a 7 comes after dozens of
		// cases, several of them holding a 7 that fast, the program's oracle, gets wrong
		// alike; the bound on cases leaves any seed room to reach one.
		sum := hunt(t, context.Background(), engine.HuntConfig{Game: g, Program: []string{exe}, Seed: 33, Cases: 5000, Workers: 2, MinimizeTime: -1})
		if len(sum.Findings) != 1 || sum.Findings[0].Divergence.Got.Solver != outcome.Program {
			t.Fatalf("findings %+v: want the program's mistake, found against ref", sum.Findings)
		}
		t.Logf("found on case %d, one of those checked against ref", sum.Findings[0].Index)
	})
	checkNothingLeft(t, "")
}

// TestTimeOutIsConfirmedAlone: the rerun that confirms a time-out runs with no other run
// beside it, as a judge rejudges one (confirm.go): the program, which spins on 42, notes a
// run of it that another run of it had company. Every case holds a 42, and both lanes
// hunt: the rerun waits for the runs under way.
func TestTimeOutIsConfirmedAlone(t *testing.T) {
	exe, _ := os.Executable()
	lock := filepath.Join(t.TempDir(), "alone")
	t.Setenv(programEnv, "loop-on-42")
	t.Setenv(aloneLockEnv, lock)
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: fixedCase{game(t, "toy"), toyCase{1, 42, 3}}, Program: []string{exe},
		Seed: 1, Cases: 16, Workers: 2, MinimizeTime: -1})
	// The run that found it and its rerun alone with the margin (confirm.go).
	if len(sum.Findings) != 1 || sum.Findings[0].Verdict != outcome.TLE || sum.Findings[0].Runs < 2 || sum.Findings[0].Index != 0 {
		t.Fatalf("findings %+v: want a time-out of case 0, confirmed", sum.Findings)
	}
	// The runs, by when they started: the last is the rerun.
	b, err := os.ReadFile(lock + ".runs")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(b))
	last, company := int64(0), ""
	accompanied := 0
	for i := 0; i+1 < len(lines); i += 2 {
		at, _ := strconv.ParseInt(lines[i], 10, 64)
		if lines[i+1] == "1" {
			accompanied++
		}
		if at > last {
			last, company = at, lines[i+1]
		}
	}
	if company != "0" {
		t.Errorf("the rerun that confirmed the time-out ran beside another run")
	}
	if accompanied == 0 {
		t.Errorf("no two runs of the hunt ever ran at once (%d runs): the test tells nothing", len(lines)/2)
	}
	checkNothingLeft(t, "")
}

// TestTimeOutIsNarrowedByScalingAndTellsItsGrowth: a time-out of a judge whose time is
// quadratic in the count of numbers is narrowed by scaling to a smaller case that still
// times out, and its report tells the growth along "numbers": ×4 when they double (the
// exponent within 0.3 of 2), where ref's does not grow that way.
func TestTimeOutIsNarrowedByScalingAndTellsItsGrowth(t *testing.T) {
	long := toyCase{}
	for v := range 100 {
		long = append(long, v%40)
	}
	// The narrowing is bounded by its rounds and the minimization by its candidates, the
	// same on any machine; the time is only a cap, far past what they take.
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: scaling{fixedCase{game(t, "quadratic"), long}}, Seed: 1, Cases: 1,
		Workers: 2, MinimizeRuns: 100, MinimizeTime: 10 * time.Minute})
	if len(sum.Findings) != 1 || sum.Findings[0].Verdict != outcome.TLE {
		t.Fatalf("findings %+v, want a time-out", sum.Findings)
	}
	f := sum.Findings[0]
	if f.InputBytes >= f.Original || len(f.Growth) != 1 {
		t.Fatalf("%d bytes of %d, growth %+v: want a smaller case and a growth along numbers", f.InputBytes, f.Original, f.Growth)
	}
	g := f.Growth[0]
	// The toy's time is charged in CPU time (cpuclock), quadratic in the numbers on any
	// machine: the exponent is 2, give or take what the toy's real work adds.
	if e := float64(g.CodeExponent); math.IsNaN(e) || math.Abs(e-2) > 0.15 {
		t.Errorf("growth %+v: want fast's exponent 2 (the toy is quadratic)", g)
	}
	// The smallest count of numbers over the limit with the margin: 100·√(1.25/6), 46.
	if c, err := decodeToy(f.Input); err != nil || len(c) < 46 || len(c) > 46*3/2 {
		t.Errorf("narrowed to %q (%v): want 46 to 69 numbers, within narrowWithin of the smallest over the margin", f.Input, err)
	}
	if e := float64(g.FastExponent); !math.IsNaN(e) && e > 1.5 {
		t.Errorf("growth %+v: ref's does not grow quadratically", g)
	}
	t.Logf("%d bytes of %d; %s\n%s", f.InputBytes, f.Original, report.GrowthSentence(f.Growth, "fast", "ref"), report.GrowthTable(f.Growth, "fast", "ref", toy{}.TimeLimit()))
}

// TestTimeOutFoundBarelyOverIsKeptAndSaysSo: a time-out found on a case whose every
// smaller scale runs within the limit cannot be narrowed: the case is kept whole, and its
// report says why, naming the largest smaller scale that ran and its time; its growth is
// still told.
func TestTimeOutFoundBarelyOverIsKeptAndSaysSo(t *testing.T) {
	var cliff toyCase
	for v := range cliffAt {
		cliff = append(cliff, v%40)
	}
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: scaling{fixedCase{game(t, "cliff"), cliff}}, Seed: 1, Cases: 1,
		Workers: 2, MinimizeRuns: 100, MinimizeTime: 10 * time.Minute})
	if len(sum.Findings) != 1 || sum.Findings[0].Verdict != outcome.TLE {
		t.Fatalf("findings %+v, want a time-out", sum.Findings)
	}
	f := sum.Findings[0]
	if c, err := decodeToy(f.Input); err != nil || len(c) != cliffAt || f.InputBytes != f.Original {
		t.Errorf("kept %q (%v), %d bytes of %d: want the case whole, its %d numbers", f.Input, err, f.InputBytes, f.Original, cliffAt)
	}
	if !strings.Contains(f.Note, "not narrowed: no smaller scale of the case times out by the margin") || !strings.Contains(f.Note, "along numbers") {
		t.Errorf("note %q: want it to say the case was not narrowed, and along what it was scaled", f.Note)
	}
	if len(f.Growth) != 1 || f.Growth[0].Dimension != "numbers" {
		t.Errorf("growth %+v: want the growth along numbers", f.Growth)
	}
	t.Logf("note: %s", f.Note)
	checkNothingLeft(t, "")
}

// TestHuntRandomAnswerIsOneFinding: a judge that answers a random word for 7 is wrong on
// every run, in other words each time: one finding (not one per word, nor none for want
// of two runs alike), a WA whose answer changes from run to run, confirmed on every run,
// minimized to the one number that shows it, and saved as a regression case.
func TestHuntRandomAnswerIsOneFinding(t *testing.T) {
	dir := t.TempDir()
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: game(t, "random-on-7"), Seed: 5, Cases: 3000, Workers: 2,
		MaxFindings: 3, FoundDir: dir})
	if len(sum.Findings) != 1 {
		t.Fatalf("%d findings, want 1: %+v\ndismissed: %+v", len(sum.Findings), sum.Findings, sum.Dismissed)
	}
	f := sum.Findings[0]
	if f.Verdict != outcome.WA || !f.Identity.Changing || f.Shown != f.Runs || f.Runs < 2 ||
		f.Signature != "WA, its answer changes from run to run" {
		t.Errorf("finding %s %q (%+v), shown on %d of %d runs: want a WA whose answer changes, shown on every run",
			f.Verdict, f.Signature, f.Identity, f.Shown, f.Runs)
	}
	if !strings.Contains(f.Note, "different ways") {
		t.Errorf("note %q does not say what its runs answered", f.Note)
	}
	if got := string(f.Input); got != "1\n7\n" {
		t.Errorf("minimized input %q, want %q", got, "1\n7\n")
	}
	if len(sum.Dismissed) != 0 {
		t.Errorf("dismissed %+v: a run wrong in other words than the first is no reason to dismiss", sum.Dismissed)
	}
	if saved, _ := filepath.Glob(filepath.Join(dir, "*.in")); len(saved) != 1 {
		t.Errorf("saved %v, want the one regression case", saved)
	}
	checkNothingLeft(t, "")
}

// TestHuntSlowThenWrongIsWrong: a case whose first run is over the limit (by far: it spins)
// and whose reruns answer wrongly is a finding of the wrong answer, confirmed on its
// reruns, never dismissed for the reruns' time.
func TestHuntSlowThenWrongIsWrong(t *testing.T) {
	t.Setenv(markerEnv, t.TempDir())
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: fixedCase{game(t, "slow-once-then-wrong-on-7"), toyCase{3, 7}}, Seed: 1, Cases: 1, Workers: 2,
		Limits: sandbox.Limits{Time: cpuclock.Limit(200 * time.Millisecond)}})
	if len(sum.Findings) != 1 || sum.Findings[0].Verdict != outcome.WA {
		t.Fatalf("findings %+v, dismissed %+v: want one WA", sum.Findings, sum.Dismissed)
	}
}
