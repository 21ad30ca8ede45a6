// Package hostile_test runs the gamediff binary, as a user does, on programs that attack or
// misbehave under it (cmd/diff/testdata/hostile, the zoo's -misbehave modes), and checks
// the verdicts and the process table afterwards. It is a test binary of its own so that
// these hunts do not crowd cmd/diff's tests past go test's per-package timeout on a loaded
// machine.
package hostile_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"gamediff/testutil/clitest"
	"gamediff/testutil/cpuclock"
	"gamediff/testutil/proctable"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// sideBySide is how many of the tests that compute (computes) run at once: most of them
// wait too (on wall-clock backstops, on programs that stop a while), and each checks only
// the processes of its own copies of the binaries (clitest.Own), so they can run together.
const sideBySide = 8

// computing holds a place for each test that computes, sideBySide at most. The tests that
// only wait (on a program stopped until its cap, on a hunt's duration) take none: go test
// is told to start every test at once (-parallel, unless given), so that they wait beside
// the others' work rather than after it, in whatever order go test starts them.
var computing = make(chan struct{}, sideBySide)

// computes marks t, a test without subtests, as one that runs in parallel and computes:
// it starts once one of the sideBySide places is free, and frees it when done.
func computes(t *testing.T) {
	t.Helper()
	t.Parallel()
	computing <- struct{}{}
	t.Cleanup(func() { <-computing })
}

// allAtOnce is the -parallel TestMain sets: more than the package has tests.
const allAtOnce = 64

// TestMain starts every test at once unless -parallel says otherwise (computes bounds the
// tests that compute), and removes what they built.
func TestMain(m *testing.M) {
	flag.Parse()
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet {
		flag.Set("test.parallel", strconv.Itoa(allAtOnce))
	}
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// ownBinaries are a test's own copies of the command and of the test programs (clitest.Own),
// so that its check of the process table sees only what it started.
type ownBinaries struct {
	gamediff, hostile, mine, tower string
}

// own copies the command and the test programs for t.
func own(t *testing.T) ownBinaries {
	t.Helper()
	zoo := clitest.Zoo(t)
	return ownBinaries{
		gamediff: clitest.Own(t, clitest.Gamediff(t)),
		hostile:  clitest.Own(t, clitest.Program(t, "hostile")),
		mine:     clitest.Own(t, filepath.Join(zoo, "mine")),
		tower:    clitest.Own(t, filepath.Join(zoo, "tower")),
	}
}

// waitGone waits for every process of the copies to end (clitest.WaitGone, by executable
// and by command line), and fails t if some are left.
func (b ownBinaries) waitGone(t *testing.T) {
	t.Helper()
	for _, bin := range []string{b.gamediff, b.hostile, b.mine, b.tower} {
		clitest.WaitGone(t, bin, bin)
	}
}

// The hostile-program zoo: programs under test that attack the sandbox (testdata/hostile),
// each then run as the right mine solution of testdata/wrong, so that a sandbox that holds
// turns each attack into a clean hunt, and those that cannot be right (a spinner, an
// allocator run under sh) into their verdict. Each row logs the hunt's wall time; none
// fails on it (a loaded machine stretches any time), and after each no process of the row
// is left (checked in /proc).

type hostileRow struct {
	name    string
	command string   // the -cmd; HOSTILE and MINE are replaced by the programs' paths
	args    []string // more flags
	verdict string   // "": a clean hunt
	stderr  string   // part of the finding's report, for a verdict
}

// hostileRows are the attacks of the zoo, each run by runHostileRow.
var hostileRows = []hostileRow{
	{name: "inspect", command: "HOSTILE -mode inspect -then MINE", args: []string{"-cases", "40"}},
	{name: "fd writer", command: "HOSTILE -mode fds -then MINE", args: []string{"-cases", "100"}},
	{name: "fd writer under sh", command: "echo garbage >&4; echo garbage >&3; exec MINE", args: []string{"-cases", "100"}},
	{name: "parent killer", command: "HOSTILE -mode kill-parent -then MINE", args: []string{"-cases", "100"}},
	{name: "parent killer under sh", command: "kill -9 $PPID; exec MINE", args: []string{"-cases", "100"}},
	{name: "setsid escaper", command: "HOSTILE -mode setsid -then MINE", args: []string{"-cases", "40"}},
	{name: "double-forker holding stdout", command: "HOSTILE -mode double-fork -then MINE", args: []string{"-cases", "40"}},
	{name: "tty writer", command: "HOSTILE -mode tty -then MINE", args: []string{"-cases", "20"}},
	{name: "ulimit -n 4", command: "ulimit -n 4; exec MINE", args: []string{"-cases", "100"}},
	{name: "compound spinner", command: "true && HOSTILE -mode spin", args: []string{"-cases", "2", "-timeout", cpuclock.Limit(300 * time.Millisecond).String(), "-minimize-time", "0"},
		verdict: "TLE", stderr: "CPU time"},
	{name: "compound allocator", command: "ulimit -s unlimited && HOSTILE -mode alloc", args: []string{"-cases", "2", "-memory-limit", "128", "-minimize-time", "0"},
		verdict: "MLE", stderr: "memory"},
}

func TestHuntHostilePrograms(t *testing.T) {
	clitest.Long(t, "that hostile programs are contained")
	t.Parallel()
	for _, row := range hostileRows {
		t.Run(row.name, func(t *testing.T) {
			computes(t)
			runHostileRow(t, row, "")
		})
	}
}

// TestHuntPortableSandbox runs the attacks that the portable fallback must still stop (no
// PID namespace, no cgroup: a process group, this process a child subreaper sweeping the
// orphans, CPU and memory summed over the tree from /proc), as on a machine that has
// neither: GAMEDIFF_SANDBOX=portable.
func TestHuntPortableSandbox(t *testing.T) {
	clitest.Long(t, "that the portable sandbox contains them too")
	t.Parallel()
	for _, row := range hostileRows {
		switch row.name {
		case "setsid escaper", "double-forker holding stdout", "compound spinner", "compound allocator":
			t.Run(row.name, func(t *testing.T) {
				computes(t)
				runHostileRow(t, row, "portable")
			})
		}
	}
}

// runHostileRow hunts the row's program in the sandbox named ("": the machine's): a clean
// hunt, or its one finding, and no process of it left afterwards. It logs the hunt's wall
// time and the sandbox it ran in.
func runHostileRow(t *testing.T, row hostileRow, sandbox string) {
	bins := own(t)
	report := t.TempDir()
	env := []string{"HOSTILE_REPORT=" + report,
		// Go's runtime keeps two cgroup files of its own open from its start (to size
		// GOMAXPROCS): the inspecting program would count them as inherited.
		"GODEBUG=containermaxprocs=0"}
	if sandbox != "" {
		env = append(env, "GAMEDIFF_SANDBOX="+sandbox)
	}
	command := strings.NewReplacer("HOSTILE", bins.hostile, "MINE", bins.mine).Replace(row.command)
	start := time.Now()
	args := append([]string{"hunt", "-game", "mine", "-cmd", command, "-seed", "4", "-json", "-o", t.TempDir()}, row.args...)
	code, out, errs := clitest.RunEnv(t, bins.gamediff, "", env, args...)
	took := time.Since(start)
	var sum struct {
		Cases    int
		Sandbox  string
		Findings []struct {
			Verdict string
			Path    string
		}
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("exit %d, stdout is not JSON: %v\n%s", code, err, errs)
	}
	switch {
	case row.verdict == "" && (code != clitest.ExitOK || len(sum.Findings) != 0):
		t.Errorf("exit %d, findings %+v: the attack changed a verdict\n%s", code, sum.Findings, errs)
	case row.verdict != "" && (code != clitest.ExitFound || len(sum.Findings) != 1 || sum.Findings[0].Verdict != row.verdict):
		t.Errorf("exit %d, findings %+v, want one %s\n%s", code, sum.Findings, row.verdict, errs)
	case row.verdict != "" && !strings.Contains(errs, row.stderr):
		t.Errorf("the report does not say %q:\n%s", row.stderr, errs)
	}
	t.Logf("%s: exit %d, %d cases, %d findings, %.1fs (sandbox: %s)", row.name, code, sum.Cases, len(sum.Findings), took.Seconds(), sum.Sandbox)
	if row.name == "inspect" {
		checkInspections(t, report)
	}
	bins.waitGone(t)
}

// checkInspections reads what the inspecting program wrote of each of its runs: exactly
// fds 0, 1 and 2, a session of its own, no terminal, no variable of the harness.
func checkInspections(t *testing.T, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatal("the program wrote no inspection: it did not run")
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		var in struct {
			FDs         []int
			OwnSession  bool
			TTYError    string
			HarnessVars []string
		}
		if err := json.Unmarshal(b, &in); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		slices.Sort(in.FDs)
		if !slices.Equal(in.FDs, []int{0, 1, 2}) || !in.OwnSession || in.TTYError == "" || len(in.HarnessVars) != 0 {
			t.Fatalf("the program inherited %+v: want fds 0 1 2 only, a session of its own, no terminal, no GAMEDIFF_ variable", in)
		}
	}
	t.Logf("%d runs inspected: fds 0 1 2, own session, no terminal, no harness variable", len(files))
}

// workersOf lists the pids of the workers of a hunt process: its children running its binary.
func workersOf(hunt int, bin string) []int {
	var pids []int
	for _, p := range proctable.List(func(p proctable.Process) bool { return p.PPID == hunt && p.Exe == bin }) {
		pids = append(pids, p.PID)
	}
	return pids
}

// startHunt starts the gamediff binary bin as a hunt and returns it with its stderr, read
// line by line into lines as it comes.
func startHunt(t *testing.T, bin string, args ...string) (*exec.Cmd, *bytes.Buffer, <-chan string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1000)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return cmd, &stdout, lines
}

// TestHuntSurvivesItsWorkersKilledAndStopped: a worker killed with SIGKILL in the middle of
// a run, and another stopped with SIGSTOP past its backstop, are the machine's trouble,
// not the program's: the hunt notices, runs the run again in a new worker, goes on, reports
// nothing, and blames neither the reference nor the program. The program is right, and
// stops itself a while on every run (judged on its CPU time,
// TestStoppedProgramIsJudgedOnItsCPUTime): a worker is then in the middle of a run
// whenever it is hit, and the hunt around it waits rather than computes.
func TestHuntSurvivesItsWorkersKilledAndStopped(t *testing.T) {
	clitest.Long(t, "that a hunt survives its workers killed and stopped")
	t.Parallel()
	for _, how := range []syscall.Signal{syscall.SIGKILL, syscall.SIGSTOP} {
		t.Run(unix.SignalName(how), func(t *testing.T) {
			t.Parallel() // waits (a hunt of -duration 20s, its program stopping a while on each run): no place among the computing
			bins := own(t)
			program := bins.hostile + " -mode stop-self -above 0 -stop-for 100ms -then " + bins.mine
			start := time.Now()
			cmd, stdout, lines := startHunt(t, bins.gamediff, "hunt", "-game", "mine", "-cmd", program, "-seed", "3", "-duration", "20s",
				"-workers", "2", "-json", "-o", t.TempDir())
			// Its first progress line says the hunt is under way: the workers that judged
			// the program on the corpus's tests before it are done. A worker is hit again at
			// each progress line, until the hunt says that it ran a run again (once the
			// run's block of cases is done); a worker stopped stays stopped until then.
			var log strings.Builder
			noticed, ended := awaitNotice(lines, &log)
			hits := 0
			if noticed || ended {
				t.Fatalf("the hunt said nothing of its progress before a worker was hit:\n%s", log.String())
			}
			for !noticed && !ended {
				// A worker being replaced is not there to hit: the next progress line brings
				// another look.
				if workers := workersOf(cmd.Process.Pid, bins.gamediff); len(workers) > 0 {
					syscall.Kill(workers[0], how)
					hits++
					noticed, ended = awaitNotice(lines, &log)
					syscall.Kill(workers[0], syscall.SIGCONT)
				} else {
					noticed, ended = awaitNotice(lines, &log)
				}
			}
			if hits == 0 {
				cmd.Wait()
				t.Fatalf("no worker found while the hunt ran:\n%s", log.String())
			}
			for line := range lines {
				log.WriteString(line + "\n")
			}
			err := cmd.Wait()
			var sum struct {
				Cases    int
				Rerun    int `json:"rerun_runs"`
				Findings []json.RawMessage
			}
			json.Unmarshal(stdout.Bytes(), &sum)
			if err != nil || len(sum.Findings) != 0 || strings.Contains(log.String(), "REFERENCE") || !noticed || sum.Rerun == 0 {
				t.Errorf("%v of a worker: %v, findings %s, %d runs made again (want some): \n%s", how, err, sum.Findings, sum.Rerun, log.String())
			}
			t.Logf("%v of %d workers: %d cases, %d run again, no finding, %.1fs for a 20s hunt", how, hits, sum.Cases, sum.Rerun, time.Since(start).Seconds())
			bins.waitGone(t)
		})
	}
}

// awaitNotice reads the hunt's stderr lines into log until the hunt says it ran a run
// again, disturbed from outside (noticed), or its stderr ends (ended), or a progress line
// comes first (neither: the worker hit was between runs, or done with them).
func awaitNotice(lines <-chan string, log *strings.Builder) (noticed, ended bool) {
	for line := range lines {
		log.WriteString(line + "\n")
		switch {
		case strings.Contains(line, "disturbed from outside"):
			return true, false
		case strings.Contains(line, "elapsed"):
			return false, false
		}
	}
	return false, true
}

// TestHuntKilledInAnyPhaseLeavesNothing: a hunt killed with SIGKILL while it hunts, while
// it minimizes a wrong answer, a time-out or a crash, of a plain or a compound -cmd, leaves
// no process behind: not its workers, not the programs, not what they started.
func TestHuntKilledInAnyPhaseLeavesNothing(t *testing.T) {
	clitest.Long(t, "that a hunt killed in any phase leaves nothing behind")
	t.Parallel()
	tests := []struct {
		name, command, await string
		args                 []string
	}{
		{"hunting, setsid children", "HOSTILE -mode setsid -then MINE", "in fast's place", nil},
		{"minimizing a WA", "MINE -bug quit-counted", "minimizing", nil},
		{"minimizing a WA under sh", "ulimit -s unlimited && MINE -bug quit-counted", "minimizing", nil},
		{"minimizing a TLE under sh", "true && HOSTILE -mode spin-if-big -then MINE", "minimizing", []string{"-timeout", cpuclock.Limit(200 * time.Millisecond).String()}},
		{"minimizing a crash", "MINE -bug recursive-fill", "minimizing", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			computes(t)
			bins := own(t)
			command := strings.NewReplacer("HOSTILE", bins.hostile, "MINE", bins.mine).Replace(tt.command)
			args := append([]string{"hunt", "-game", "mine", "-cmd", command, "-seed", "1", "-duration", "1m", "-o", t.TempDir()}, tt.args...)
			cmd, _, lines := startHunt(t, bins.gamediff, args...)
			var log strings.Builder
			reached := false
			for line := range lines {
				log.WriteString(line + "\n")
				if strings.Contains(line, tt.await) {
					reached = true
					break
				}
			}
			if !reached {
				cmd.Wait()
				t.Fatalf("the hunt ended before %q:\n%s", tt.await, log.String())
			}
			time.Sleep(500 * time.Millisecond)
			cmd.Process.Kill()
			cmd.Wait()
			bins.waitGone(t)
		})
	}
}

// TestHuntFlakyCrashIsReportedApart: a program that crashes on one run in two of the same
// big input (every other run, counted, so that the test does not depend on chance) is
// reported as flaky, with its rate, and not saved as a regression case.
func TestHuntFlakyCrashIsReportedApart(t *testing.T) {
	computes(t)
	hostile := clitest.Program(t, "hostile")
	mine := filepath.Join(clitest.Zoo(t), "mine")
	found := t.TempDir()
	code, out, errs := clitest.Exec(t, "", "hunt", "-game", "mine", "-cmd", hostile+" -mode flaky-crash -state "+t.TempDir()+" -then "+mine, "-seed", "2",
		"-cases", "300", "-duration", "0", "-json", "-o", found)
	var sum struct {
		Findings []struct {
			Verdict     string
			Shown, Runs int
			Path        string
			Note        string
		}
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("exit %d: %v\n%s", code, err, errs)
	}
	if code != clitest.ExitFound || len(sum.Findings) != 1 {
		t.Fatalf("exit %d, findings %+v\n%s", code, sum.Findings, errs)
	}
	f := sum.Findings[0]
	if f.Verdict != "flaky" || f.Shown >= f.Runs || f.Shown < 2 || !strings.Contains(errs, "flaky") {
		t.Errorf("finding %+v: want a flaky one, shown on some runs of its case only\n%s", f, errs)
	}
	// The runs that passed are said: the program, right on them, agreed with ref.
	if other := fmt.Sprintf("the other %d: the answers agreed (%d)", f.Runs-f.Shown, f.Runs-f.Shown); !strings.Contains(f.Note, other) {
		t.Errorf("the flaky finding's note %q does not say what its other runs gave (%q)", f.Note, other)
	}
	if saved, _ := filepath.Glob(filepath.Join(found, "mine", "*")); len(saved) != 0 {
		t.Errorf("a flaky finding was saved as a regression case: %v", saved)
	}
	t.Logf("flaky: shown on %d of %d runs, kept in %s", f.Shown, f.Runs, f.Path)
}

// TestWorkerMarkerInTheUsersEnvironment: GAMEDIFF_WORKER left in a user's environment, with
// fds 3 to 5 open, does not turn gamediff into a worker: the variable must name the
// process's parent, the hunt that started it.
func TestWorkerMarkerInTheUsersEnvironment(t *testing.T) {
	computes(t)
	cmd := exec.Command(clitest.Gamediff(t), "hunt", "-game", "tower", "-cases", "20", "-seed", "1", "-json", "-o", t.TempDir())
	cmd.Env = append(os.Environ(), "GAMEDIFF_WORKER=1")
	r, w, _ := os.Pipe()
	defer r.Close()
	defer w.Close()
	cmd.ExtraFiles = []*os.File{r, w, r}
	out, err := cmd.Output()
	var sum struct{ Cases int }
	json.Unmarshal(out, &sum)
	if err != nil || sum.Cases != 20 {
		t.Fatalf("%v, %d cases: want the hunt to run as asked\n%s", err, sum.Cases, out)
	}
}
