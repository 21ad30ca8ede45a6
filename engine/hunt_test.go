package engine_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
)

// wrongOn7 doubles 7 into 15: a wrong answer.
var wrongOn7 = toyWith(7, func(w io.Writer) { fmt.Fprintln(w, 15) })

func TestHuntFindsMinimizesAndSaves(t *testing.T) {
	dir := t.TempDir()
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{
		Game: toyGame(wrongOn7), Seed: 5, Cases: 10000, Workers: 2, FoundDir: dir,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) != 1 {
		t.Fatalf("findings = %d, want 1", len(sum.Findings))
	}
	f := sum.Findings[0]
	// The smallest input on which the bug shows is the single number 7.
	if got := string(f.Input); got != "1\n7\n" {
		t.Errorf("minimized input %q, want %q", got, "1\n7\n")
	}
	if f.Kind != engine.KindStdout || f.Verdict != "WA" || !f.Minimize.Complete {
		t.Errorf("finding %+v: want a complete minimization of a WA", f)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 2 {
		t.Fatalf("found dir holds %v, want exactly the minimized NAME.in and NAME.ans", files)
	}
	e, err := engine.ReadEntry(f.Path)
	if err != nil {
		t.Fatal(err)
	}
	if string(e.Input) != "1\n7\n" || string(e.Answer) != "14\n" {
		t.Errorf("saved %q with answer %q, want the minimized input with ref's answer 14", e.Input, e.Answer)
	}
	if filepath.Base(f.Path) != engine.ContentName(e.Input)+".in" {
		t.Errorf("saved as %s, want the content hash", f.Path)
	}
}

func TestHuntReportsLowestIndexWhateverTheWorkers(t *testing.T) {
	var indices []int64
	for _, workers := range []int{1, 2, 4, 7} {
		sum, err := engine.Hunt(context.Background(), engine.HuntConfig{
			Game: toyGame(wrongOn7), Seed: 11, Cases: 5000, Workers: workers, MaxFindings: 3, MinimizeTime: -1,
		})
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, f := range sum.Findings {
			got = append(got, f.Index)
		}
		if len(got) != 3 {
			t.Fatalf("workers %d: %d findings, want 3", workers, len(got))
		}
		if indices == nil {
			indices = got
		} else if fmt.Sprint(got) != fmt.Sprint(indices) {
			t.Fatalf("workers %d found cases %v, workers 1 found %v", workers, got, indices)
		}
	}
	// The findings are the first divergent indices of the stream: regenerate and check.
	g := toyGame(wrongOn7)
	var first []int64
	for i := int64(0); len(first) < 3; i++ {
		c, err := engine.Generate(g, 11, i)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range c.(toyCase) {
			if v == 7 {
				first = append(first, i)
				break
			}
		}
	}
	if fmt.Sprint(first) != fmt.Sprint(indices) {
		t.Fatalf("findings %v, first cases holding a 7: %v", indices, first)
	}
}

func TestHuntCleanRunCountsEveryCase(t *testing.T) {
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: toyGame(toyJudge), Seed: 1, Cases: 777, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Cases != 777 || sum.Divergences != 0 || len(sum.Findings) != 0 || sum.Interrupted {
		t.Fatalf("summary %+v, want 777 clean cases", sum)
	}
}

func TestHuntStopsAtDuration(t *testing.T) {
	start := time.Now()
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: toyGame(toyJudge), Seed: 1, Duration: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Cases == 0 || time.Since(start) > 5*time.Second {
		t.Fatalf("ran %d cases in %v", sum.Cases, time.Since(start))
	}
}

func TestHuntInterruptKeepsWhatWasFound(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	// Cancel as soon as the finding is saved, before minimization.
	cfg := engine.HuntConfig{Game: toyGame(wrongOn7), Seed: 5, Cases: 10000, FoundDir: dir,
		Event: func(string) { cancel() }}
	sum, err := engine.Hunt(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted || len(sum.Findings) != 1 {
		t.Fatalf("summary %+v: want an interrupted hunt with its finding", sum)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.in"))
	if len(files) != 1 {
		t.Fatalf("saved %v, want the unminimized case kept", files)
	}
}

func TestHuntPanicIsAFindingWithItsStack(t *testing.T) {
	panicky := toyWith(13, func(io.Writer) { panic("thirteen is unlucky") })
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: toyGame(panicky), Seed: 3, Cases: 10000})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) != 1 {
		t.Fatalf("findings %d, want 1", len(sum.Findings))
	}
	f := sum.Findings[0]
	d := f.Divergence
	if d.Kind != engine.KindPanic || d.Culprit != "fast" || d.Verdict() != "RE" {
		t.Fatalf("divergence %s (%s), want a panic in fast", d.Signature(), d.Verdict())
	}
	if string(f.Input) != "1\n13\n" {
		t.Errorf("minimized to %q, want the single 13", f.Input)
	}
	var report strings.Builder
	d.Report(&report)
	for _, want := range []string{"thirteen is unlucky", "engine_test.TestHuntPanicIsAFindingWithItsStack"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, report.String())
		}
	}
}

func TestHuntHangIsAFindingWithItsStack(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	hangs := toyWith(42, func(io.Writer) { <-release })
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{
		Game: toyGame(hangs), Seed: 3, Cases: 10000, Timeout: 200 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) != 1 {
		t.Fatalf("findings %d, want 1", len(sum.Findings))
	}
	f := sum.Findings[0]
	if f.Kind != engine.KindTimeout || f.Verdict != "TLE" {
		t.Fatalf("finding %s, want a timeout", f.Kind)
	}
	if !strings.Contains(f.Divergence.Got.Stack, "TestHuntHangIsAFindingWithItsStack") {
		t.Errorf("stack of the hung run does not show where it hangs:\n%s", f.Divergence.Got.Stack)
	}
	if !strings.Contains(f.Note, "not minimized") {
		t.Errorf("note %q: an in-process hang cannot be minimized without isolation", f.Note)
	}
}

func TestHuntRunawayOutputIsAFinding(t *testing.T) {
	floods := toyWith(99, func(w io.Writer) {
		for {
			io.WriteString(w, "99999999\n")
		}
	})
	got := engine.InProcess{Label: "fast", F: floods, OutputLimit: 1 << 16}
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: toyGame(floods), Got: got, Seed: 3, Cases: 10000})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) != 1 || sum.Findings[0].Kind != engine.KindOutputLimit || sum.Findings[0].Verdict != "OLE" {
		t.Fatalf("findings %+v, want one output-limit finding", sum.Findings)
	}
	if string(sum.Findings[0].Input) != "1\n99\n" {
		t.Errorf("minimized to %q", sum.Findings[0].Input)
	}
}

func TestMinimizeRespectsItsBudget(t *testing.T) {
	g := toyGame(wrongOn7)
	big := toyCase{1, 2, 3, 7, 4, 5, 6, 8, 9, 10}
	runs := 0
	slow := func(ctx context.Context, input []byte) (bool, error) {
		runs++
		time.Sleep(20 * time.Millisecond)
		return strings.Contains(string(input), "7"), nil
	}
	got, st, err := engine.Minimize(context.Background(), g, big, 50*time.Millisecond, slow)
	if err != nil {
		t.Fatal(err)
	}
	if st.Complete || runs > 5 {
		t.Fatalf("stats %+v after %d runs: the budget should have stopped it early", st, runs)
	}
	if !strings.Contains(string(got.Encode()), "7") {
		t.Fatalf("returned %q, which does not reproduce", got.Encode())
	}
}

func TestGenerateIsAFunctionOfSeedAndIndex(t *testing.T) {
	g := toyGame(toyJudge)
	for i := int64(0); i < 50; i++ {
		a, _ := engine.Generate(g, 99, i)
		b, _ := engine.Generate(g, 99, i)
		if string(a.Encode()) != string(b.Encode()) {
			t.Fatalf("case %d differs between two generations", i)
		}
	}
	a, _ := engine.Generate(g, 99, 1)
	b, _ := engine.Generate(g, 100, 1)
	c, _ := engine.Generate(g, 99, 2)
	if string(a.Encode()) == string(b.Encode()) && string(a.Encode()) == string(c.Encode()) {
		t.Fatal("different seeds and indices give the same case")
	}
}

// watchingSolver checks, before each run, that every earlier input holding a 7 (each a
// divergence of wrongOn7) is already saved in dir.
type watchingSolver struct {
	engine.Solver
	t       *testing.T
	dir     string
	earlier [][]byte
	checked int
}

func (s *watchingSolver) Run(ctx context.Context, input []byte) (engine.Result, error) {
	for _, in := range s.earlier {
		if _, err := os.Stat(filepath.Join(s.dir, engine.ContentName(in)+".in")); err != nil {
			s.t.Errorf("a divergent case is not on disk when the next case runs: %v", err)
		}
		s.checked++
	}
	c, _ := decodeToy(input)
	if slices.Contains(c.(toyCase), 7) {
		s.earlier = append(s.earlier, input)
	}
	return s.Solver.Run(ctx, input)
}

func TestHuntSavesAFindingTheMomentItIsFound(t *testing.T) {
	dir := t.TempDir()
	got := &watchingSolver{Solver: engine.InProcess{Label: "fast", F: wrongOn7}, t: t, dir: dir}
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{
		Game: toyGame(wrongOn7), Got: got, Seed: 5, Cases: 10000, Workers: 1, MaxFindings: 3, MinimizeTime: -1, FoundDir: dir,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) != 3 || got.checked == 0 {
		t.Fatalf("%d findings, %d checks: the test did not exercise anything", len(sum.Findings), got.checked)
	}
}
