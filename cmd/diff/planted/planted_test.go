// Package planted_test holds the command to a judge under test that misbehaves: the
// command built with -tags gamediffplant, whose fast makes every DSweep of mine overflow
// its stack, hang, allocate without end or panic, as GAMEDIFF_PLANT says
// (fast/plant_gamediffplant.go). Each misbehaviour must be a finding of fast's, saved and
// minimized, in a hunt that ends on time, or fast's failure clearly reported by gen and
// replay; never the end of the command's own process, and never a process or a cgroup
// left behind. It is a test binary of its own, so that go test's timeout, which is per
// package, holds its hunts apart from the command's other tests.
package planted_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gamediff/testutil/clitest"
	"gamediff/testutil/cpuclock"
)

// sideBySide is how many tests run at once when go test is not told (-parallel): each
// watches and checks only the processes of its own copy of the planted command
// (clitest.Own), and most of their time is spent on wall-clock limits and their hunts'
// durations.
const sideBySide = 8

// TestMain runs the tests side by side unless -parallel says otherwise, and removes what
// they built.
func TestMain(m *testing.M) {
	flag.Parse()
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet {
		flag.Set("test.parallel", strconv.Itoa(sideBySide))
	}
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// plantEnv is the variable the planted build reads (fast/plant_gamediffplant.go).
const plantEnv = "GAMEDIFF_PLANT"

// plantedSign is what the planted panic says: the mark of a run that reached a DSweep.
const plantedSign = "planted in fast's DSweep"

// plantedGamediff builds the command with fast's plant, once, and returns t's own copy of
// it (clitest.Own): the tests run side by side, and each checks the process table for the
// processes of its copy alone.
func plantedGamediff(t *testing.T) string {
	t.Helper()
	return clitest.Own(t, clitest.BuildWith(t, "gamediff-planted", func(out string) *exec.Cmd {
		cmd := exec.Command("go", "build", "-tags", "gamediffplant", "-o", out, ".")
		cmd.Dir = clitest.Path("cmd", "diff")
		return cmd
	}))
}

// run is one run of the planted command, and what the process table showed of it.
type run struct {
	code      int
	out, errs string
	took      time.Duration
	pids      []int // every process of the binary seen while it ran: itself and its workers
}

// runPlanted runs the planted binary with args, its fast misbehaving as plant says ("":
// not at all), and watches the process table meanwhile for the processes of the binary.
func runPlanted(t *testing.T, bin, plant string, args ...string) run {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), plantEnv+"="+plant)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{cmd.Process.Pid: true}
	done := make(chan struct{})
	var watching sync.WaitGroup
	watching.Add(1)
	go func() {
		defer watching.Done()
		for {
			for _, pid := range processesOf(bin) {
				seen[pid] = true
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	err := cmd.Wait()
	r := run{took: time.Since(start), out: out.String(), errs: errs.String()}
	close(done)
	watching.Wait()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s %s: %v", bin, strings.Join(args, " "), err)
	}
	for pid := range seen {
		r.pids = append(r.pids, pid)
	}
	return r
}

// processesOf lists the processes whose executable is bin. It reads only their
// executables' links, not the whole table as proctable.List does: runPlanted looks often,
// beside other tests that look too.
func processesOf(bin string) []int {
	var pids []int
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if exe, _ := os.Readlink("/proc/" + d.Name() + "/exe"); exe == bin {
			pids = append(pids, pid)
		}
	}
	return pids
}

// checkNothingLeft fails the test if a process of the binary still runs, or a cgroup
// folder of one of the processes it ran (gamediff-PID, sandbox/cgroup_linux.go) is left
// under /sys/fs/cgroup.
func checkNothingLeft(t *testing.T, bin string, r run) {
	t.Helper()
	clitest.WaitGone(t, bin, "")
	names := map[string]bool{}
	for _, pid := range r.pids {
		names["gamediff-"+strconv.Itoa(pid)] = true
	}
	filepath.WalkDir("/sys/fs/cgroup", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if names[d.Name()] {
			t.Errorf("cgroup folder %s is left", path)
		}
		if strings.Count(strings.TrimPrefix(path, "/sys/fs/cgroup"), "/") >= 5 {
			return filepath.SkipDir
		}
		return nil
	})
}

// reachesThePlant checks that the input at path makes the planted fast misbehave: its
// planted panic, at the same DSweep as every plant's.
func reachesThePlant(t *testing.T, bin, path string) {
	t.Helper()
	planted := runPlanted(t, bin, "panic", "run", "-game", "mine", "-impl", "fast", path)
	if planted.code == 0 || !strings.Contains(planted.errs, plantedSign) {
		t.Errorf("%s: the planted fast exits %d on it (stderr %.300q): want the input to reach a DSweep", path, planted.code, planted.errs)
	}
}

// answersRight checks that fast without its plant answers the input at path as its saved
// answer says: the plant, not the case, is what fails.
func answersRight(t *testing.T, bin, path string) {
	t.Helper()
	answer, err := os.ReadFile(strings.TrimSuffix(path, ".in") + ".ans")
	if err != nil {
		t.Errorf("no answer saved beside the case: %v", err)
		return
	}
	clean := runPlanted(t, bin, "", "run", "-game", "mine", "-impl", "fast", path)
	if clean.code != 0 || clean.out != string(answer) {
		t.Errorf("%s: fast without its plant exits %d, printing %d bytes where the saved answer has %d: want it right", path, clean.code, len(clean.out), len(answer))
	}
}

// TestHuntPlantedFast: a hunt of mine whose fast overflows its stack, hangs, allocates
// without end or panics at every DSweep makes that a finding of fast's, of its verdict,
// saved and minimized to a case that reaches a DSweep; the hunt exits 1 within its
// minimization budget and a generous margin, and leaves no process or cgroup behind. It
// hunts a count of cases, not a duration: how many cases a duration draws depends on the
// machine, and a loaded one may draw only the openers, the hang's runs still starved. The players draw the cases in the hunt's own process: were they to play
// them on fast, the overflow would end the hunt with a Go fatal error and nothing saved,
// and the hang would leave it stuck.
func TestHuntPlantedFast(t *testing.T) {
	clitest.Long(t, "that a fast that overflows, hangs, allocates without end or panics is a finding of a hunt that ends on time")
	t.Parallel()
	const cases, minimize = 40, 10 * time.Second
	for _, tt := range []struct {
		plant, verdict, sig string // sig: a prefix of the finding's signature
		args                []string
	}{
		// An overflow grows and copies its stack to its cap (64 MiB): a limit far past
		// what that takes keeps its verdict the crash on a loaded machine.
		{"overflow", "crash", "crash in fast: fatal error: stack overflow", []string{"-timeout", cpuclock.Limit(10 * time.Second).String()}},
		// Any limit is past a loop without end: a short one makes each of its runs cheap.
		{"hang", "TLE", "TLE in fast", []string{"-timeout", cpuclock.Limit(200 * time.Millisecond).String()}},
		{"alloc", "MLE", "MLE in fast", []string{"-memory-limit", "128"}},
		{"panic", "RE", "RE in fast: panic: " + plantedSign, nil},
	} {
		t.Run(tt.plant, func(t *testing.T) {
			t.Parallel()
			bin := plantedGamediff(t)
			dir := t.TempDir()
			args := append([]string{"hunt", "-game", "mine", "-cases", strconv.Itoa(cases), "-duration", "0", "-seed", "1", "-o", dir, "-json",
				"-workers", "2", "-minimize-time", minimize.String()}, tt.args...)
			r := runPlanted(t, bin, tt.plant, args...)
			var sum struct {
				Findings []struct {
					Verdict    string
					Signature  string
					Path       string
					InputBytes int `json:"input_bytes"`
					Original   int `json:"original_bytes"`
				}
			}
			if err := json.Unmarshal([]byte(r.out), &sum); err != nil {
				t.Fatalf("exit %d, stdout is not JSON: %v\n%.3000s", r.code, err, r.errs)
			}
			if r.code != clitest.ExitFound || len(sum.Findings) == 0 {
				t.Fatalf("exit %d, findings %+v: want fast's misbehaviour found (exit 1)\n%.3000s", r.code, sum.Findings, r.errs)
			}
			f := sum.Findings[0]
			if f.Verdict != tt.verdict || !strings.HasPrefix(f.Signature, tt.sig) {
				t.Errorf("verdict %s, signature %q; want %s, %q", f.Verdict, f.Signature, tt.verdict, tt.sig)
			}
			if rel, err := filepath.Rel(dir, f.Path); err != nil || strings.HasPrefix(rel, "..") || f.InputBytes >= f.Original {
				t.Errorf("saved %q, %d bytes of %d: want a smaller case saved under %s", f.Path, f.InputBytes, f.Original, dir)
			}
			reachesThePlant(t, bin, f.Path)
			answersRight(t, bin, f.Path)
			if bound := minimize + 100*time.Second; r.took > bound {
				t.Errorf("the hunt took %v: want it ended within %v", r.took.Round(time.Millisecond), bound)
			}
			t.Logf("%s: %s %q in %.1fs, %d of %d bytes", tt.plant, f.Verdict, f.Signature, r.took.Seconds(), f.InputBytes, f.Original)
			checkNothingLeft(t, bin, r)
		})
	}
}

// TestGenPlantedFast: gen, which makes a set's answers with ref and holds fast to them,
// reports a fast that overflows its stack or panics as fast's failure on the first test
// it fails, exit 1, its own process alive to say so, and writes no test.
func TestGenPlantedFast(t *testing.T) {
	clitest.Long(t, "that gen reports a crashing fast as its failure on a test")
	t.Parallel()
	for _, tt := range []struct{ plant, sig string }{
		{"overflow", "crash in fast: fatal error: stack overflow"},
		{"panic", "RE in fast: panic: " + plantedSign},
	} {
		t.Run(tt.plant, func(t *testing.T) {
			t.Parallel()
			bin := plantedGamediff(t)
			dir := filepath.Join(t.TempDir(), "set")
			r := runPlanted(t, bin, tt.plant, "gen", "-game", "mine", "-o", dir, "-seed", "1", "-timing=false")
			if r.code != clitest.ExitFound || !strings.HasPrefix(r.errs, "gamediff gen: mine: test ") ||
				!strings.Contains(r.errs, "fast fails it ("+tt.sig) {
				t.Fatalf("exit %d, stderr:\n%.3000s\nwant exit 1 and gen naming the test fast fails, with %q", r.code, r.errs, tt.sig)
			}
			for _, line := range strings.Split(r.errs, "\n") {
				if strings.HasPrefix(line, "fatal error:") || strings.HasPrefix(line, "panic:") || strings.HasPrefix(line, "goroutine ") {
					t.Errorf("gen's own process failed: %q", line)
				}
			}
			if written, _ := filepath.Glob(filepath.Join(dir, "*.in")); len(written) > 0 {
				t.Errorf("%d tests written (%v): a set fast fails is not written", len(written), written)
			}
			checkNothingLeft(t, bin, r)
		})
	}
}

// TestReplayPlantedFast: replay runs the mine corpus with a fast that overflows its stack
// at every DSweep: each case that reaches one fails as fast's crash, ref's runs pass, and
// the replay lives to count them, exit 1; without the plant every case passes.
func TestReplayPlantedFast(t *testing.T) {
	clitest.Long(t, "that replay reports a crashing fast case by case")
	t.Parallel()
	bin := plantedGamediff(t)
	corpus := clitest.Path("corpus", "mine")
	if clean := runPlanted(t, bin, "", "replay", "-game", "mine", corpus); clean.code != clitest.ExitOK {
		t.Fatalf("the corpus without the plant: exit %d\n%.3000s%.3000s", clean.code, clean.out, clean.errs)
	}
	r := runPlanted(t, bin, "overflow", "replay", "-game", "mine", corpus)
	failed := map[string]bool{}
	for _, line := range strings.Split(r.out, "\n") {
		if rest, ok := strings.CutPrefix(line, "FAIL "); ok {
			path, who, _ := strings.Cut(rest, " ")
			if who != "(fast)" {
				t.Errorf("%s: want fast's runs alone to fail", line)
			}
			failed[path] = true
		}
	}
	if r.code != clitest.ExitFound || len(failed) == 0 || !strings.Contains(r.out, "stack overflow") ||
		!strings.Contains(r.errs, fmt.Sprintf(", %d run", len(failed))) {
		t.Fatalf("exit %d, %d cases failed: want fast's crashes counted, exit 1\nstdout:\n%.3000s\nstderr:\n%.3000s", r.code, len(failed), r.out, r.errs)
	}
	for path := range failed {
		reachesThePlant(t, bin, path)
	}
	t.Logf("%d cases of the corpus fail on the overflow, each reaching a DSweep", len(failed))
	checkNothingLeft(t, bin, r)
}
