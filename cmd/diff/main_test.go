package main

import (
	"gamediff/corpus"
	"gamediff/sandbox"

	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/testutil/clitest"
	"gamediff/testutil/cpuclock"
)

// TestMain makes the test binary a hunt's worker when a hunt starts it as one, and
// removes what the tests built when the tests end.
func TestMain(m *testing.M) {
	engine.ServeWorker(games.Worker)
	code := m.Run()
	clitest.Cleanup()
	sandbox.Release() // the in-process hunts started workers: no cgroup of this process's is left
	os.Exit(code)
}

// readEntry reads a saved corpus case.
func readEntry(t *testing.T, path string) corpus.Entry {
	t.Helper()
	e, err := corpus.ReadEntry(os.DirFS(filepath.Dir(path)), filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// call runs a subcommand in-process and returns its exit status, stdout and stderr.
func call(t testing.TB, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	code := dispatch(context.Background(), args, &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errs})
	return code, out.String(), errs.String()
}

func TestRunAnswersAsAJudge(t *testing.T) {
	in, _ := os.ReadFile("../../corpus/mine/sample-1.in")
	ans, _ := os.ReadFile("../../corpus/mine/sample-1.ans")
	for _, impl := range []string{"ref", "fast"} {
		code, out, _ := call(t, string(in), "run", "-game", "mine", "-impl", impl)
		if code != 0 || out != string(ans) {
			t.Errorf("%s: exit %d, output %q", impl, code, out)
		}
	}
}

func TestRunInputErrorExits2NamingTheLine(t *testing.T) {
	in := "2 3\n...\n..*\nSweep 2 1\nDSweep 2 12\nQuit\n"
	for _, impl := range []string{"ref", "fast"} {
		code, out, errs := call(t, in, "run", "-game", "mine", "-impl", impl)
		if code != 2 || !strings.HasPrefix(errs, "line 5: ") || !strings.HasPrefix(out, "4 cell(s) detected\n") {
			t.Errorf("%s: exit %d, stderr %q, stdout %q", impl, code, errs, out)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"frobnicate"},
		{"run", "-game", "nosuch"},
		{"run", "-game", "mine", "-impl", "slow"},
		{"hunt", "-bogus-flag"},
		{"hunt", "-workers", "-1"},
		{"hunt", "-timeout", "-1s"},
		{"hunt", "-cases", "-5"},
		{"hunt", "-output-limit", "-1"},
		{"hunt", "-max-findings", "0"},
		{"hunt", "-case", "7"}, // without the -seed that printed it
		{"hunt", "-shard", "3/2"},
		{"hunt", "-shard", "1/2"},                       // without -seed, each shard would pick its own
		{"hunt", "-game", "mine", "-skip-rule", "R-X1"}, // no game's ruling
		{"hunt", "-output-limit", "100000000000"},
		{"hunt", "-output-limit", "9223372036854775807"},
		{"hunt", "-memory-limit", "9223372036854775807"},
		{"hunt", "-memory-limit", "0"},
		{"hunt", "-timeout", "2000000h"},
		{"hunt", "-timeout", "0s"},
		{"hunt", "-minimize-time", "-1s"},
		{"hunt", "-cause-runs", "-1"},
		{"hunt", "-duration", "5"},
		{"hunt", "-game", "mine", "-cmd", ""},
		{"hunt", "-game", "mine", "-pack=false"},
		{"hunt", "-game", "mine", "-compare", "tokens"},
		{"judge", "-game", "mine", "-timeout", "2h"},
		{"replay", "/tmp/not-a-corpus-path.in"},
		{},
	} {
		code, _, errs := call(t, "", args...)
		if code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d (%q), want %d with a message", args, code, errs, exitUsage)
		}
		// A flag error is one line that says what is wrong and where the usage is.
		if len(args) > 1 && args[0] == "hunt" && (strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "gamediff hunt -h")) {
			t.Errorf("%v: %q, want one line pointing at 'gamediff hunt -h'", args, errs)
		}
	}
}

// A mistyped command, flag or game is answered with the name it most likely meant.
func TestDidYouMean(t *testing.T) {
	for _, tt := range []struct {
		args []string
		hint string
	}{
		{[]string{"hnut"}, `did you mean hunt?`},
		{[]string{"hunt", "-seeed", "3"}, `did you mean -seed?`},
		{[]string{"judge", "-cmmd", "x"}, `did you mean -cmd?`},
		{[]string{"hunt", "-game", "mien"}, `did you mean mine?`},
		{[]string{"gen", "-game", "towr"}, `did you mean tower?`},
	} {
		code, _, errs := call(t, "", tt.args...)
		if code != exitUsage || !strings.Contains(errs, tt.hint) {
			t.Errorf("%v: exit %d, %q: want %d and %q", tt.args, code, errs, exitUsage, tt.hint)
		}
	}
}

// hunt -h and docs/hunt.md say alike how -cmd is run: plain words directly, the rest by sh.
func TestHuntHelpSaysHowCmdRunsAsTheDocsDo(t *testing.T) {
	_, help, _ := call(t, "", "hunt", "-h")
	docs, err := os.ReadFile(clitest.Path("docs", "hunt.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(docs)), " ")
	for _, want := range []struct{ where, text, says string }{
		{"hunt -h", help, "are started directly, anything else by sh"},
		{"docs/hunt.md", doc, "is started directly when it is plain words"},
	} {
		if !strings.Contains(want.text, want.says) {
			t.Errorf("%s does not say %q", want.where, want.says)
		}
	}
	if strings.Contains(help, "(run by sh)") {
		t.Errorf("hunt -h still says every -cmd is run by sh")
	}
}

// A script without its execute bit cannot be started: the error says how to run it.
func TestNonExecutableScriptGetsAHint(t *testing.T) {
	script := filepath.Join(t.TempDir(), "sol.py")
	if err := os.WriteFile(script, []byte("print(1)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"hunt", "-game", "mine", "-cmd", script, "-cases", "1"},
		{"judge", "-game", "mine", "-cmd", script, clitest.Path("corpus", "mine", "sample-1.in")},
	} {
		code, _, errs := call(t, "", args...)
		if want := `-cmd "python3 ` + script + `"`; code != exitUsage || !strings.Contains(errs, want) {
			t.Errorf("%v: exit %d, %q: want %d and the hint %s", args[0], code, errs, exitUsage, want)
		}
	}
}

// TestHuntSkipRuleOfNoGameFailsAtOnce: without -game, a ruling no game has is a usage
// error before any game is hunted, not after the games before it. (A ruling of one game
// is left out of that game's cases and ignored by the others.)
func TestHuntSkipRuleOfNoGameFailsAtOnce(t *testing.T) {
	code, _, errs := call(t, "", "hunt", "-skip-rule", "R-B9", "-cases", "5", "-corpus", t.TempDir())
	if code != exitUsage || !strings.Contains(errs, "-skip-rule: R-B9 has no situation a case can reach") || strings.Contains(errs, " cases in ") {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
}

func TestHelp(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--help"}, "usage: gamediff <command>"},
		{[]string{"-h"}, "usage: gamediff <command>"},
		{[]string{"help"}, "usage: gamediff <command>"},
		{[]string{"help", "hunt"}, "-max-findings"},
		{[]string{"hunt", "--help"}, "-max-findings"},
		{[]string{"show", "-h"}, "-step"},
	} {
		args := tt.args
		code, out, errs := call(t, "", args...)
		if code != exitOK || !strings.Contains(out+errs, tt.want) {
			t.Errorf("%v: exit %d, output %q", args, code, out+errs)
		}
	}
}

func TestReplayInfersTheGameFromThePath(t *testing.T) {
	code, _, errs := call(t, "", "replay", "../../corpus/tower/sample-1.in", "../../corpus/tower/rt6-moveto-outside.in")
	if code != exitOK || !strings.Contains(errs, "tower: 2 cases, 0 runs failed") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

func TestSummaryWording(t *testing.T) {
	code, out, errs := call(t, "", "hunt", "-game", "mine", "-seed", "1", "-case", "3", "-json", "-o", t.TempDir())
	if code != exitOK || !strings.Contains(errs, "mine: 1 case in ") || !strings.Contains(out, `"findings":[]`) ||
		!strings.Contains(out, `"unreported_cases":[]`) {
		t.Fatalf("exit %d, stdout %s, stderr %s", code, out, errs)
	}
}

// TestInterruptedHuntSaysSo: a hunt of every game interrupted in its first game exits
// 130, says it was interrupted, and names the games it did not reach.
func TestInterruptedHuntSaysSo(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	var out, errs bytes.Buffer
	code := dispatch(ctx, []string{"hunt", "-duration", "2m", "-seed", "2", "-o", t.TempDir()}, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errs})
	rest := strings.Join(games.Names()[1:], ", ") + " not hunted"
	if code != exitInterrupted || !strings.Contains(errs.String(), "(interrupted)") || !strings.Contains(errs.String(), rest) {
		t.Fatalf("exit %d, stderr:\n%s", code, errs.String())
	}
}

// TestInterruptDuringMinimizationExits130: Ctrl-C while a finding is minimized keeps the
// case as found and exits 130.
func TestInterruptDuringMinimizationExits130(t *testing.T) {
	prog := clitest.Program(t, "hostile") + " -mode spin-if-big -then " + filepath.Join(clitest.Zoo(t), "mine")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	errs := &notifyingWriter{on: "minimizing", f: cancel}
	dir := t.TempDir()
	code := dispatch(ctx, []string{"hunt", "-game", "mine", "-cmd", prog, "-seed", "2", "-cases", "100", "-timeout", cpuclock.Limit(200 * time.Millisecond).String(), "-json", "-o", dir},
		&env{stdin: strings.NewReader(""), stdout: &out, stderr: errs})
	var sum huntSummary
	json.Unmarshal(out.Bytes(), &sum)
	if code != exitInterrupted || len(sum.Findings) != 1 {
		t.Fatalf("exit %d, findings %+v:\n%s", code, sum.Findings, errs.String())
	}
	if _, err := os.Stat(sum.Findings[0].Path); err != nil {
		t.Errorf("the case as found is not kept: %v", err)
	}
}

// notifyingWriter calls f once when what is written holds on.
type notifyingWriter struct {
	bytes.Buffer
	on   string
	f    func()
	done bool
}

func (w *notifyingWriter) Write(p []byte) (int, error) {
	if !w.done && strings.Contains(string(p), w.on) {
		w.done = true
		w.f()
	}
	return w.Buffer.Write(p)
}

func TestValidate(t *testing.T) {
	code, out, _ := call(t, "1 1\n.\nQuit\n", "validate", "-game", "mine")
	if code != 0 || !strings.Contains(out, "valid mine input") {
		t.Errorf("valid input: exit %d, %q", code, out)
	}
	code, _, errs := call(t, "1 1\n.\nQuit\nQuit\n", "validate", "-game", "mine")
	if code != exitFound || !strings.Contains(errs, "line 4: a second Quit") {
		t.Errorf("invalid input: exit %d, %q", code, errs)
	}
}

func TestHuntJSONSummary(t *testing.T) {
	code, out, errs := call(t, "", "hunt", "-game", "mine", "-cases", "300", "-seed", "7", "-json", "-corpus", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum map[string]any
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
	}
	for _, key := range []string{"game", "cases", "divergences", "seconds", "cases_per_sec", "seed"} {
		if _, ok := sum[key]; !ok {
			t.Errorf("summary lacks %q: %s", key, out)
		}
	}
	if sum["game"] != "mine" || sum["cases"] != 300.0 || sum["seed"] != 7.0 || sum["divergences"] != 0.0 {
		t.Errorf("summary %v", sum)
	}
	if !strings.Contains(errs, "seed 7") {
		t.Errorf("stderr does not print the seed: %q", errs)
	}
}

func TestHuntEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a hunt of every game is proved by the full suite")
	}
	// Four cases a game, its first opening tests: that a hunt without -game hunts each game
	// and sums them up is what is checked here; that ref and fast agree on every game's
	// tests, up to the statement's limits, is games' TestHuntEveryGame's.
	code, out, errs := call(t, "", "hunt", "-cases", "4", "-seed", "3", "-json", "-corpus", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum struct {
		Game  string
		Cases int
		Games []struct {
			Game  string
			Cases int
		}
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if len(games.All()) > 1 && sum.Game != "all" {
		t.Errorf("game %q, want all", sum.Game)
	}
	if len(sum.Games) != len(games.All()) && len(games.All()) > 1 {
		t.Errorf("%d games in the summary, %d registered", len(sum.Games), len(games.All()))
	}
	if sum.Cases != 4*len(games.All()) {
		t.Errorf("cases %d, want 4 per game", sum.Cases)
	}
	for _, g := range sum.Games {
		if g.Cases != 4 {
			t.Errorf("%s: %d cases, want 4", g.Game, g.Cases)
		}
	}
}

func TestHuntSingleCase(t *testing.T) {
	code, out, errs := call(t, "", "hunt", "-game", "mine", "-seed", "1", "-case", "1234", "-json", "-corpus", t.TempDir())
	if code != 0 || !strings.Contains(out, `"cases":1,`) {
		t.Fatalf("exit %d, %s %s", code, out, errs)
	}
}

func TestReplayCorpus(t *testing.T) {
	code, _, errs := call(t, "", "replay", "-game", "mine", "-corpus", "../../corpus")
	if code != 0 || !strings.Contains(errs, "0 runs failed") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	dir := t.TempDir()
	os.WriteFile(dir+"/x.in", []byte("1 1\n.\nQuit\n"), 0o644)
	os.WriteFile(dir+"/x.ans", []byte("wrong\n"), 0o644)
	// An answer ref does not give is the case's fault: named, with what ref prints, and
	// not held against fast.
	code, out, _ := call(t, "", "replay", "-game", "mine", dir+"/x.in")
	if code != exitFound || !strings.Contains(out, "DAMAGED "+dir+"/x.in") || !strings.Contains(out, `ref prints "give up"`) || strings.Contains(out, "FAIL") {
		t.Fatalf("a wrong answer replayed: exit %d, %s", code, out)
	}
}

type huntSummary struct {
	Cases    int
	Findings []struct {
		Verdict    string
		Path       string
		InputBytes int `json:"input_bytes"`
		Minimize   struct{ Complete bool }
	}
}

func huntProgram(t *testing.T, program string, args ...string) (int, huntSummary, string) {
	t.Helper()
	corpus := t.TempDir()
	args = append([]string{"hunt", "-game", "mine", "-cmd", program, "-seed", "1", "-json", "-o", corpus}, args...)
	code, out, errs := call(t, "", args...)
	var sum huntSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("exit %d, stdout is not JSON: %v\n%s\n%s", code, err, out, errs)
	}
	return code, sum, errs
}

func TestHuntProgramOffByOneIsCaughtAndMinimized(t *testing.T) {
	// The minimization must reach a 1-minimal case, bounded by its count of candidates: the
	// time budget, which a loaded machine could reach, only bounds one gone wrong.
	code, sum, errs := huntProgram(t, clitest.Program(t, "offbyone"), "-cases", "2000", "-minimize-time", "5m")
	if code != exitFound || len(sum.Findings) != 1 {
		t.Fatalf("exit %d, %d findings:\n%s", code, len(sum.Findings), errs)
	}
	f := sum.Findings[0]
	if f.Verdict != "WA" || !f.Minimize.Complete || f.InputBytes > 64 {
		t.Fatalf("finding %+v: want a WA minimized to a few lines\n%s", f, errs)
	}
	e := readEntry(t, f.Path)
	var want bytes.Buffer
	g, _ := games.Lookup("mine")
	g.Ref(e.Input, &want)
	if !bytes.Equal(e.Answer, want.Bytes()) {
		t.Fatalf("saved answer is not ref's output")
	}
	if !strings.Contains(errs, "(-ref +program)") || !strings.Contains(errs, "-cmd ") {
		t.Errorf("report lacks the diff header or the rerun command:\n%s", errs)
	}
}

func TestHuntProgramVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every verdict of a program's hunt is proved by the full suite")
	}
	tests := []struct {
		program, verdict string
		args             []string
	}{
		{"sleeper", "TLE", []string{"-timeout", cpuclock.Limit(300 * time.Millisecond).String(), "-minimize-time", "1s"}},
		{"panicker", "RE", nil},
		{"flooder", "OLE", []string{"-output-limit", "100000"}},
	}
	for _, tt := range tests {
		t.Run(tt.program, func(t *testing.T) {
			args := append([]string{"-cases", "5"}, tt.args...)
			code, sum, errs := huntProgram(t, clitest.Program(t, tt.program), args...)
			if code != exitFound || len(sum.Findings) != 1 || sum.Findings[0].Verdict != tt.verdict {
				t.Fatalf("exit %d, findings %+v, want one %s\n%s", code, sum.Findings, tt.verdict, errs)
			}
			if _, err := os.Stat(sum.Findings[0].Path); err != nil {
				t.Errorf("the finding was not saved: %v", err)
			}
		})
	}
}

func TestHuntCorrectProgramTokensCompare(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a right program's clean hunt, compared by tokens is proved by the full suite")
	}
	// ref itself, run as an external program, with spaces doubled: exact comparison sees
	// a WA, token comparison sees none.
	self := clitest.Gamediff(t)
	spaced := self + " run -game mine -impl ref | sed 's/ /  /g'"
	if code, sum, errs := huntProgram(t, spaced, "-cases", "30", "-compare", "tokens"); code != 0 || sum.Cases != 30 {
		t.Fatalf("tokens: exit %d, %+v\n%s", code, sum, errs)
	}
	if code, sum, _ := huntProgram(t, spaced, "-cases", "30", "-minimize-time", "0"); code != exitFound || sum.Findings[0].Verdict != "WA" {
		t.Fatalf("exact: exit %d, %+v", code, sum)
	}
}

// TestGenWritesAReproducibleValidTestSet writes mine's whole set once, as a user does, and
// some of its tests again alone (gen -test N, the same seed): a set written twice costs as
// much again (a minute on a loaded machine), and a test written alone is the set's byte for
// byte only if generation is a function of the seed and the test's number.
func TestGenWritesAReproducibleValidTestSet(t *testing.T) {
	clitest.Long(t, "that a set written whole and its tests written alone are the same bytes")
	a := t.TempDir()
	if code, _, errs := call(t, "", "gen", "-game", "mine", "-o", a, "-seed", "4"); code != 0 {
		t.Fatalf("gen: exit %d\n%s", code, errs)
	}
	plan, err := os.ReadFile(filepath.Join(a, "plan.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup("mine")
	for i := 1; i <= 20; i++ {
		in, err := os.ReadFile(filepath.Join(a, fmt.Sprint(i)+".in"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Decode(in); err != nil {
			t.Errorf("test %d is invalid: %v", i, err)
		}
		if !strings.Contains(string(plan), fmt.Sprintf("\ntest %d: ", i)) {
			t.Errorf("plan does not list test %d:\n%s", i, plan)
		}
	}
	for _, i := range []int{1, 7, 20} {
		b := t.TempDir()
		if code, _, errs := call(t, "", "gen", "-game", "mine", "-o", b, "-seed", "4", "-test", fmt.Sprint(i), "-timing=false"); code != 0 {
			t.Fatalf("gen -test %d: exit %d\n%s", i, code, errs)
		}
		for _, ext := range []string{".in", ".ans"} {
			name := fmt.Sprint(i) + ext
			x, errA := os.ReadFile(filepath.Join(a, name))
			y, errB := os.ReadFile(filepath.Join(b, name))
			if errA != nil || errB != nil || !bytes.Equal(x, y) {
				t.Fatalf("%s differs between the set and the test written alone with the same seed (%v, %v)", name, errA, errB)
			}
		}
	}
}

func TestImportLibFuzzerCrash(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "FuzzMineParse")
	os.MkdirAll(dir, 0o755)
	input := "1 2\n.*\nFlag 1 2\nSweep 7 1\n"
	crash := filepath.Join(dir, "crash-0123")
	raw := append([]byte{0, 0, 0, byte(len(input))}, input...)
	os.WriteFile(crash, raw, 0o644)
	code, out, errs := call(t, "", "import", "-game", "mine", "-corpus", t.TempDir(), crash)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	e := readEntry(t, strings.TrimSpace(strings.SplitN(out, "-> ", 2)[1]))
	if string(e.Input) != input || string(e.Answer) != "success\n" || e.ErrLine != 4 {
		t.Fatalf("imported %+v", e)
	}
}

func TestImportFuzzCrasher(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "FuzzMineParse")
	os.MkdirAll(dir, 0o755)
	crasher := filepath.Join(dir, "c0ffee")
	os.WriteFile(crasher, []byte("go test fuzz v1\n[]byte(\"1 2\\n.*\\nFlag 1 2\\nSweep 7 1\\n\")\n"), 0o644)
	corpus := t.TempDir()
	code, out, errs := call(t, "", "import", "-game", "mine", "-corpus", corpus, crasher)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	saved := strings.TrimSpace(strings.SplitN(out, "-> ", 2)[1])
	e := readEntry(t, saved)
	// Flag (1,2) answers success; then row 7 is outside 1..1, on line 4.
	if string(e.Answer) != "success\n" || e.ErrLine != 4 {
		t.Fatalf("imported %+v", e)
	}
}

// A second hunt into the same -o replays the first's finding first: with -report, the case
// that still fails gets its page too.
func TestHuntReportWritesThePageOfAReplayedFinding(t *testing.T) {
	found := t.TempDir()
	program := clitest.Program(t, "offbyone")
	code, sum, errs := huntProgram(t, program, "-cases", "2000", "-o", found)
	if code != exitFound || len(sum.Findings) != 1 {
		t.Fatalf("first hunt: exit %d, %d findings\n%s", code, len(sum.Findings), errs)
	}
	name := strings.TrimSuffix(filepath.Base(sum.Findings[0].Path), ".in")
	reports := t.TempDir()
	code, _, errs = huntProgram(t, program, "-cases", "1", "-o", found, "-report", reports)
	page := filepath.Join(reports, "mine-"+name+".html")
	if code != exitFound || !strings.Contains(errs, "1 still fail") {
		t.Fatalf("second hunt: exit %d, want the saved case replayed, still failing\n%s", code, errs)
	}
	if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), "<svg") {
		t.Fatalf("no page of the replayed finding at %s (%v)\n%s", page, err, errs)
	}
}

func TestHuntReportWritesOnePagePerFinding(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a page per finding of a long hunt is proved by the full suite")
	}
	reports := t.TempDir()
	// Its two findings (a Sweep's and a DSweep's missing cells) as found: what a page shows
	// does not depend on the case's size, and a minimization would only cost time.
	code, sum, errs := huntProgram(t, clitest.Program(t, "offbyone"), "-cases", "2000", "-max-findings", "2", "-minimize-time", "0", "-report", reports)
	pages, _ := filepath.Glob(filepath.Join(reports, "*.html"))
	if code != exitFound || len(sum.Findings) != 2 || len(pages) != len(sum.Findings) {
		t.Fatalf("exit %d, %d findings, pages %v: want a page for each of two findings\n%s", code, len(sum.Findings), pages, errs)
	}
	for _, p := range pages {
		b, _ := os.ReadFile(p)
		page := string(b)
		if !strings.Contains(page, "<svg") || !strings.Contains(page, "-cmd ") || strings.Contains(page, "<script") || strings.Contains(page, "http") {
			t.Errorf("%s: want a self-contained page with boards and the command that reproduces it", p)
		}
	}
}

// TestHuntFormatSlipIsOneFinding: a program right but for its last newline fails every
// case by format alone: one finding, "WA format: …", with the hint to compare tokens; with
// -compare tokens its hunt is clean.
func TestHuntFormatSlipIsOneFinding(t *testing.T) {
	script := filepath.Join(t.TempDir(), "no-final-newline.sh")
	os.WriteFile(script, []byte("#!/bin/sh\n"+filepath.Join(clitest.Zoo(t), "mine")+" | head -c -1\n"), 0o755)
	code, out, errs := call(t, "", "hunt", "-game", "mine", "-cmd", script, "-seed", "1", "-cases", "50", "-json", "-o", t.TempDir())
	var sum struct {
		Findings []struct{ Signature string }
	}
	json.Unmarshal([]byte(out), &sum)
	if code != exitFound || len(sum.Findings) != 1 || sum.Findings[0].Signature != "WA format: the last line has no newline" ||
		!strings.Contains(errs, "-compare tokens") {
		t.Fatalf("exit %d, findings %+v\n%s", code, sum.Findings, errs)
	}
	if code, _, errs := call(t, "", "hunt", "-game", "mine", "-cmd", script, "-seed", "1", "-cases", "50", "-compare", "tokens", "-o", t.TempDir()); code != exitOK {
		t.Errorf("-compare tokens: exit %d\n%s", code, errs)
	}
}
