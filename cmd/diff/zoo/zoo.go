// Package zoo hunts the wrong-solution zoo (cmd/diff/testdata/wrong) with the gamediff
// binary, as a contestant would. Each game's zoo is a test package of its own (the folders
// under this one, whose tests call Test), and each time-out another (mine/tle, boom/tle,
// whose tests call Caught): go test runs packages side by side, and a time-out's every run
// costs the time limit.
package zoo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gamediff/games"
	"gamediff/testutil/clitest"
)

// The zoo: realistic wrong solutions, one contestant-style program per game under
// testdata/wrong/ whose -bug flag plants one slip, and the proof that hunt -cmd catches
// every one of them, with the right verdict, confirmed, and minimized. Without -bug each
// program is right: Test holds them to the corpus and to a clean hunt first, so that a
// finding means the bug, not a slip elsewhere. How long catching and minimizing take is
// logged as a table, never bounded: a loaded machine stretches any time.

// zooCases bounds each hunt by cases, not time, well past the case at which seed 1 catches
// the deepest bug of the zoo (docs/benchmarks.md, "The zoo"): a slow or loaded machine,
// which runs fewer cases a second, catches the same bugs at the same cases. A hunt stops
// at its first finding.
const zooCases = "12000"

// crashRuns bounds the candidates a crash's or a time-out's minimization decides: the
// zoo asks it for a smaller case that still shows the verdict, which the first candidates
// give, not for a 1-minimal one; a count, so that the case reached is the same on any
// machine.
const crashRuns = "60"

// zooWABudget is a wrong answer's minimization budget: it must reach a 1-minimal case,
// which the count of candidates bounds (-minimize-runs); the budget only bounds a
// minimization gone wrong, and leaves a loaded machine room.
const zooWABudget = "5m"

// narrowedShare: a time-out of the zoo is found far over the limit, on a test at the
// statement's limits (the rescans' charge, testdata/wrong), so its narrowing must keep at
// most 1/narrowedShare of the bytes it was found on, and still time out.
const narrowedShare = 4

// Bug is one wrong solution of a game's zoo: the -bug value that plants the slip, and the
// verdict a judge gives it. A game's test lists its own. SameOnAnyMachine asks that the
// same seed give the same saved case, byte for byte and by name, with one worker beside
// two busy loops that load the machine as with two workers on their own
// (sameOnAnyMachine).
type Bug struct {
	Name, Verdict    string
	SameOnAnyMachine bool
	// Grows are a time-out's dimensions along which its time grows fastest, alike: the
	// ones its growth table must name (timeoutGrowth).
	Grows []string
}

// timeoutShare is the share of the statement's time limit a time-out of the zoo is hunted
// under, with the charge of -bug rescan scaled alike (clitest.RescanUnder): every run's
// verdict and every growth measured are those of the statement's limit, while each run
// that times out costs the shorter limit.
const timeoutShare = 4

// timeoutOf is the time limit the time-outs of game are hunted under, and the -cell-ns
// that charges -bug rescan alike.
func timeoutOf(t *testing.T, game string) (limit time.Duration, cellNS string) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatalf("the time limit of %s: %v", game, err)
	}
	return clitest.RescanUnder(t, game, g.TimeLimit(), timeoutShare)
}

// buildZoo compiles the four programs of testdata/wrong, once, into a directory, one
// binary per game named after it, and returns the directory.
func buildZoo(t testing.TB, game string) string {
	t.Helper()
	dir := clitest.Zoo(t)
	if _, err := os.Stat(filepath.Join(dir, game)); err != nil {
		t.Fatalf("building testdata/wrong: no %s program: %v", game, err)
	}
	return dir
}

// zooFinding is what the zoo reads of a finding in hunt -json: FoundAfter is the time from
// the start of the hunt to the divergent case.
type zooFinding struct {
	Index      int64
	Verdict    string
	Signature  string
	Origin     string
	Path       string
	Shown      int
	Runs       int
	InputBytes int     `json:"input_bytes"`
	Original   int     `json:"original_bytes"`
	FoundAfter float64 `json:"found_after_seconds"`
	Minimize   struct {
		Runs     int
		Complete bool
		Seconds  float64
	}
	Growth []struct {
		Dimension    string
		CodeExponent *float64 `json:"code_exponent"` // nil: too few runs to tell
	}
}

// zooHunt is what the zoo reads of a hunt: its exit status and stderr, and from the JSON
// summary the cases run, the seconds before minimizing and the findings, raw and decoded.
type zooHunt struct {
	code        int
	stderr      string
	cases       int64
	seconds     float64
	divergences int
	unreported  []string // the signatures of the divergent cases not reported
	raw         []json.RawMessage
	findings    []zooFinding
}

// huntZoo runs hunt -cmd command on the cases of seed 1, with flags more.
func huntZoo(t *testing.T, game, command string, more ...string) zooHunt {
	t.Helper()
	args := append([]string{"hunt", "-game", game, "-cmd", command, "-seed", "1", "-json", "-o", t.TempDir()}, more...)
	code, out, errs := clitest.Exec(t, "", args...)
	var sum struct {
		Cases       int64
		Seconds     float64
		Divergences int
		Unreported  []struct{ Signature string } `json:"unreported_cases"`
		Findings    []json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("exit %d, stdout is not one JSON object: %v\n%s\n%s", code, err, out, errs)
	}
	h := zooHunt{code: code, stderr: errs, cases: sum.Cases, seconds: sum.Seconds, divergences: sum.Divergences,
		raw: sum.Findings, findings: make([]zooFinding, len(sum.Findings))}
	for _, u := range sum.Unreported {
		h.unreported = append(h.unreported, u.Signature)
	}
	for i, raw := range sum.Findings {
		if err := json.Unmarshal(raw, &h.findings[i]); err != nil {
			t.Fatalf("finding %s: %v", raw, err)
		}
	}
	return h
}

// Test is the zoo of one game: its program without -bug, held to the corpus and to a clean
// hunt first, so that a finding means the bug, not a slip elsewhere; then Caught.
func Test(t *testing.T, game string, bugs []Bug) {
	clitest.Long(t, "that hunt -cmd catches every bug of the zoo")
	t.Cleanup(clitest.Cleanup) // what it built: it is its package's only test
	dir := buildZoo(t, game)
	t.Run("corpus", func(t *testing.T) { zooCorpus(t, dir, game) })
	if t.Failed() {
		t.FailNow() // a program wrong without -bug makes every finding below meaningless
	}
	// Without -bug each program is right on the first cases of the seed, where every bug
	// below is caught (caught checks that each is).
	t.Run("right", func(t *testing.T) {
		h := huntZoo(t, game, filepath.Join(dir, game), "-cases", fmt.Sprint(controlCases), "-duration", "0", "-minimize-time", "0")
		if h.code != clitest.ExitOK || len(h.raw) != 0 || h.cases != controlCases {
			t.Fatalf("the program without -bug: exit %d, %d cases, findings %s\n%s", h.code, h.cases, h.raw, h.stderr)
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	caught(t, game, dir, bugs)
}

// controlCases are the first cases of the seed on which Test holds each program without
// -bug to be right: every bug of the zoo is caught on one of them (caught checks it), so
// that its finding means the bug.
const controlCases = 64

// Caught is the zoo's bugs of a game hunted without Test's checks of the program first: for
// a package of the game's time-outs alone (zoo/mine/tle, …), each of whose runs costs the
// time limit, next to the package of its game, which checks the program. Each bug is
// caught with the right verdict, confirmed, and minimized, its printed judge command run as
// printed; then each finding's HTML report is checked in Chromium.
func Caught(t *testing.T, game string, bugs []Bug) {
	clitest.Long(t, "that hunt -cmd catches, confirms and narrows the zoo's time-outs")
	t.Cleanup(clitest.Cleanup) // what it built: it is its package's only test
	caught(t, game, buildZoo(t, game), bugs)
}

// caught hunts the bugs two at a time (go test's -parallel), in their order: list the
// crashes and time-outs, found late in the seed and confirmed at the limit's cost, first.
func caught(t *testing.T, game, dir string, bugs []Bug) {
	var listed []string
	for _, b := range bugs {
		listed = append(listed, b.Name)
	}
	planted := clitest.ZooBugs(t, game)
	if len(listed) == 0 || slices.ContainsFunc(listed, func(b string) bool { return !slices.Contains(planted, b) }) {
		t.Fatalf("the test lists the bugs %v of %s, its program plants %v", listed, game, planted)
	}
	pages := t.TempDir() // each finding's HTML report, checked in Chromium at the end
	var (
		mu    sync.Mutex
		paged int
		again []huntedAgain // the bugs hunted again for sameness, once the hunts side by side end
		table = []string{fmt.Sprintf("%-34s %-7s %8s %8s %8s", "solution", "verdict", "catch s", "min. s", "bytes")}
	)
	defer func() { t.Log("the zoo:\n" + strings.Join(table, "\n")) }()
	// The bugs are hunted side by side (go test's -parallel, two at a time on two cores).
	t.Run("caught", func(t *testing.T) {
		for _, z := range bugs {
			t.Run(z.Name, func(t *testing.T) {
				t.Parallel()
				solution := game + " -bug " + z.Name
				// A wrong answer minimizes to a 1-minimal case. A TLE or a crash, each of
				// whose candidates costs the time limit or a run at the statement's limits,
				// must reach a smaller case that still shows it, within crashRuns
				// candidates; a crash within 30 s too, a time-out within the wrong answer's
				// budget, which leaves its growth, checked below, room to be measured on a
				// loaded machine. A bug hunted again for sameness minimizes to the end
				// (sameOnAnyMachine): the wrong answer's budget alone.
				// No ruling is tested as a cause: the zoo's bugs are named by what they get
				// wrong, and causes are the misreadings' to prove (cmd/diff/triage).
				budget, capped := zooWABudget, z.Verdict != "WA" && !z.SameOnAnyMachine
				if capped && z.Verdict != "TLE" {
					budget = "30s"
				}
				hunting := []string{"-cases", zooCases, "-duration", "0", "-minimize-time", budget, "-cause-runs", "0"}
				if capped {
					hunting = append(hunting, "-minimize-runs", crashRuns)
				}
				command := filepath.Join(dir, game) + " -bug " + z.Name
				if z.Verdict == "TLE" {
					limit, cellNS := timeoutOf(t, game)
					command += " -cell-ns " + cellNS
					hunting = append(hunting, "-timeout", limit.String())
				}
				h := huntZoo(t, game, command, append(hunting, "-report", filepath.Join(pages, game+"-"+z.Name))...)
				if h.code != clitest.ExitFound || len(h.findings) == 0 {
					mu.Lock()
					table = append(table, fmt.Sprintf("%-34s not caught in %s cases", solution, zooCases))
					mu.Unlock()
					t.Fatalf("not caught in %s cases: exit %d\n%s", zooCases, h.code, h.stderr)
				}
				f := h.findings[0]
				t.Logf("finding as hunt -json prints it: %s", h.raw[0])
				row := fmt.Sprintf("%-34s %-7s %8.2f %8.2f %8d", solution, f.Verdict, f.FoundAfter, f.Minimize.Seconds, f.InputBytes)
				if f.Origin != "" {
					row += "   (fails the sample: the hunt stops there)"
				}
				t.Log(row)
				mu.Lock()
				paged += strings.Count(h.stderr, ": HTML report ")
				table = append(table, row) // logged again by the parent, every row together
				mu.Unlock()
				if f.Verdict != z.Verdict {
					t.Fatalf("verdict %s, want %s\n%s", f.Verdict, z.Verdict, h.stderr)
				}
				// A time-out: the run that found it and its rerun alone with the margin; any
				// other verdict: four reruns besides (engine/confirm.go).
				least := 5
				if z.Verdict == "TLE" {
					least = 2
				}
				if f.Shown != f.Runs || f.Runs < least {
					t.Errorf("confirmed on %d of %d runs, want every one of at least %d", f.Shown, f.Runs, least)
				}
				if f.Index >= controlCases {
					t.Errorf("caught on case %d, past the %d cases on which Test holds the program without -bug to be right", f.Index, controlCases)
				}
				zooReproduce(t, game, f, h.stderr)
				if z.Verdict == "TLE" {
					timeoutGrowth(t, f, z.Grows)
					if f.InputBytes*narrowedShare > f.Original {
						t.Errorf("a time-out found on %d bytes was narrowed to %d, more than 1/%d of them\n%s", f.Original, f.InputBytes, narrowedShare, h.stderr)
					}
				}
				if z.SameOnAnyMachine {
					mu.Lock()
					again = append(again, huntedAgain{z.Name, command, f, savedPair(t, f.Path), hunting})
					mu.Unlock()
				}
				if f.Origin != "" {
					return // the sample is the smallest case there is: nothing to minimize
				}
				if z.Verdict == "WA" && !f.Minimize.Complete {
					t.Errorf("the minimization stopped before the case was 1-minimal (%d bytes)", f.InputBytes)
				}
				if f.InputBytes >= f.Original && !f.Minimize.Complete {
					t.Errorf("not minimized: %d bytes, as found, and the minimization stopped early\n%s", f.InputBytes, h.stderr)
				}
			})
		}
	})
	// Each alone: its two busy loops load the machine as two workers would, not the hunts
	// beside it, which they would only slow.
	for _, a := range again {
		t.Run("same on any machine/"+a.bug, func(t *testing.T) { sameOnAnyMachine(t, game, a) })
	}
	t.Run("pages", func(t *testing.T) { clitest.CheckPages(t, pages, max(paged, 1)) })
}

// huntedAgain is a bug caught, to be hunted again by sameOnAnyMachine: its command, its
// finding, the case it saved (input and answer, read before its hunt's folder is removed)
// and the flags it was hunted with.
type huntedAgain struct {
	bug, command string
	caught       zooFinding
	saved        string
	hunting      []string
}

// zooReproduce runs the judge command a finding's report prints, as printed (through sh,
// with -json added), and checks that it gives the finding's signature.
func zooReproduce(t *testing.T, game string, f zooFinding, report string) {
	t.Helper()
	var line string
	for _, l := range strings.Split(report, "\n") {
		if strings.Contains(l, " judge -game "+game+" -cmd ") && strings.Contains(l, f.Path) {
			line = strings.TrimSpace(l)
			break
		}
	}
	if line == "" {
		t.Errorf("the report prints no judge command for %s:\n%s", f.Path, report)
		return
	}
	command, _, _ := strings.Cut(line, "   (") // the note after the command
	command = strings.Replace(command, " judge ", " judge -json ", 1)
	code, out, errs := clitest.Run(t, "sh", "", "-c", command)
	var judged struct {
		Results []struct{ Verdict, Signature string }
	}
	if err := json.Unmarshal([]byte(out), &judged); err != nil || code != clitest.ExitFound || len(judged.Results) != 1 ||
		judged.Results[0].Signature != f.Signature {
		t.Errorf("the printed judge command %s: exit %d, %+v (%v); want the finding's signature %q\n%s", command, code, judged.Results, err, f.Signature, errs)
	}
}

// growthTie and growthApart are how near the fitted exponents of the dimensions that grow
// alike are, and how far below theirs every other dimension's is: the growth table tells
// them apart, as its sentence names them (report.GrowthSentence).
const (
	growthTie   = 0.25
	growthApart = 0.5
)

// timeoutGrowth checks a time-out's growth table: the dimensions of grows, and they alone,
// grow fastest.
func timeoutGrowth(t *testing.T, f zooFinding, grows []string) {
	t.Helper()
	if len(grows) == 0 {
		t.Fatalf("the test names no dimension along which the time-out's time grows")
	}
	exponent := map[string]float64{}
	for _, g := range f.Growth {
		if g.CodeExponent != nil {
			exponent[g.Dimension] = *g.CodeExponent
		}
	}
	fastest := 0.0
	for _, d := range grows {
		e, ok := exponent[d]
		if !ok {
			t.Errorf("the growth table has no exponent along %s: %+v", d, f.Growth)
			return
		}
		fastest = max(fastest, e)
	}
	for d, e := range exponent {
		switch named := slices.Contains(grows, d); {
		case named && fastest-e > growthTie:
			t.Errorf("the time grows along %s with exponent %.2f, not alike with the fastest (%.2f): %v", d, e, fastest, exponent)
		case !named && e > fastest-growthApart:
			t.Errorf("the time grows along %s with exponent %.2f, near the fastest, %v's (%.2f)", d, e, grows, fastest)
		}
	}
}

// zooCorpus holds the game's program, without -bug, to the hand-checked answers of the
// corpus. Cases with a .err are left out: contestants assume valid input.
func zooCorpus(t *testing.T, dir, game string) {
	inputs, err := filepath.Glob(clitest.Path("corpus", game, "*.in"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no corpus for %s: %v", game, err)
	}
	checked := 0
	for _, in := range inputs {
		base := strings.TrimSuffix(in, ".in")
		if _, err := os.Stat(base + ".err"); err == nil {
			continue
		}
		input, errIn := os.ReadFile(in)
		want, errAns := os.ReadFile(base + ".ans")
		if errIn != nil || errAns != nil {
			t.Fatalf("%s: %v %v", in, errIn, errAns)
		}
		cmd := exec.Command(filepath.Join(dir, game))
		cmd.Stdin = bytes.NewReader(input)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		got, err := cmd.Output()
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %v %s\n got: %q\nwant: %q", filepath.Base(in), err, stderr.Bytes(), zooClip(got), zooClip(want))
		}
		checked++
	}
	if checked == 0 {
		t.Fatalf("every corpus case of %s has a .err: nothing checked", game)
	}
}

// zooClip shortens an output for a failure message.
func zooClip(b []byte) string {
	if len(b) <= 200 {
		return string(b)
	}
	return fmt.Sprintf("%s… (%d bytes)", b[:200], len(b))
}

// sameOnAnyMachine hunts a bug again as caught hunted it (two workers, on their own), with
// one worker beside two busy loops, and checks that both hunts save the same case: the
// same file name (a hash of the input) and the same bytes, input and answer. What a hunt
// decides is counted, not timed (engine/minimize.go), so neither the workers nor the
// machine's load may change it; the one hunt changes both, and one that changed the case
// would show. Both minimizations must be complete: one cut by its budget says nothing.
func sameOnAnyMachine(t *testing.T, game string, a huntedAgain) {
	t.Helper()
	const run = "one worker beside two CPU burners"
	caught, want := a.caught, a.saved
	release := loadCPUs(t)
	h := huntZoo(t, game, a.command, append(slices.Clone(a.hunting), "-workers", "1")...)
	release()
	if len(h.findings) == 0 {
		t.Errorf("%s: no finding (exit %d)\n%s", run, h.code, h.stderr)
		return
	}
	f := h.findings[0]
	if !caught.Minimize.Complete || !f.Minimize.Complete {
		t.Errorf("a minimization stopped early (with two workers: complete %v; %s: complete %v): the cases cannot be compared",
			caught.Minimize.Complete, run, f.Minimize.Complete)
	}
	if got := savedPair(t, f.Path); filepath.Base(f.Path) != filepath.Base(caught.Path) || got != want {
		t.Errorf("%s: case %d saved as %s (%d bytes); with two workers, case %d saved as %s (%d bytes)",
			run, f.Index, filepath.Base(f.Path), f.InputBytes, caught.Index, filepath.Base(caught.Path), caught.InputBytes)
	}
}

// loadCPUs has two busy loops running until release is called, or t ends: a test that
// fails on the way leaves none behind.
func loadCPUs(t *testing.T) (release func()) {
	t.Helper()
	release = sync.OnceFunc(burnCPUs(t, 2))
	t.Cleanup(release)
	return release
}

// savedPair is a saved case's input and answer, together.
func savedPair(t *testing.T, path string) string {
	t.Helper()
	in, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the saved case: %v", err)
	}
	ans, err := os.ReadFile(strings.TrimSuffix(path, ".in") + ".ans")
	if err != nil {
		t.Fatalf("the saved case's answer: %v", err)
	}
	return string(in) + "\x00" + string(ans)
}

// burnCPUs starts n processes that spin on a CPU each, and returns what stops them and
// waits for them to be gone.
func burnCPUs(t *testing.T, n int) (stop func()) {
	t.Helper()
	var burners []*exec.Cmd
	for range n {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		if err := cmd.Start(); err != nil {
			t.Fatalf("a CPU burner: %v", err)
		}
		burners = append(burners, cmd)
	}
	return func() {
		for _, cmd := range burners {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}
}

// OneFinding hunts one bug of the zoo over cases cases, collecting up to five findings of
// distinct identities: a bug whose wrong answers take several forms (printed differently,
// cut at different lengths) is one finding, whatever the form, and leaves no room for a
// second. The hunt must meet the bug in several forms for the test to tell anything.
func OneFinding(t *testing.T, game, bug string, cases int) {
	clitest.Long(t, "that one bug gives one finding")
	t.Cleanup(clitest.Cleanup)
	dir := buildZoo(t, game)
	h := huntZoo(t, game, filepath.Join(dir, game)+" -bug "+bug, "-cases", fmt.Sprint(cases), "-duration", "0",
		"-max-findings", "5", "-minimize-time", "0")
	forms := map[string]bool{}
	for _, sig := range h.unreported {
		forms[sig] = true
	}
	for _, f := range h.findings {
		forms[f.Signature] = true
	}
	t.Logf("%d divergences in %d cases, printed %d ways: %d finding(s)", h.divergences, h.cases, len(forms), len(h.findings))
	if h.code != clitest.ExitFound || len(h.findings) != 1 {
		t.Fatalf("exit %d, %d findings, want exactly one\n%s", h.code, len(h.findings), h.stderr)
	}
	if h.divergences < 3 || len(forms) < 2 {
		t.Fatalf("the hunt met the bug %d times, printed %d ways: want several, in several forms, for the test to tell anything\n%s",
			h.divergences, len(forms), h.stderr)
	}
}
