package report_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/outcome"
	"gamediff/report"
	"gamediff/sandbox"
	"gamediff/testutil/golden"
)

// self is how the reports' commands run gamediff: as a test of cmd/diff named it.
const self = "go run ./cmd/diff"

// Inputs of the failure reports: small real cases of each game, and one mine board big
// enough that the report shows its input in part, around the Sweep that fails.
var failureInputs = map[string]string{
	"mine":       "3 3\n...\n..*\n...\nSweep 1 1\nDSweep 1 2\nQuit\n",
	"boom":       "1\n3 3\n*__\n___\n__*\n1 1 3\n2 1 1\n1 3 1\n0\n",
	"tower":      "3 3\n...\nS..\n#.G\n0\n3 4\n....\n.S..\nG#B#\n1\nMOVETO 3\n0 0\n",
	"datamining": "3 3\n...\n...\nMM.\n3 4\nM.M.\n.M.M\nM.M.\n7 5\n.....\n.....\nMMM..\nM.M..\nMMM..\n.....\n.....\n4 4\n...M\n....\n....\nM...\n0 0\n",
	"mine-big":   "50 60\n" + strings.Repeat(strings.Repeat(".", 60)+"\n", 50) + "Sweep 1 1\nQuit\n",
}

// failureCases are realistic runs that did not end normally, one of each verdict for each
// game, modelled on real ones (the zoo's programs, C++ solutions, fast in its worker).
func failureCases(t *testing.T) []struct {
	name, game, input string
	flags             report.Hunt
	verdict           outcome.Verdict
	sig               string
	got               func(want []byte) outcome.Result
} {
	program := func(cmd string) report.Hunt {
		return report.Hunt{Seed: 1, Program: cmd, Argv: []string{cmd}, Limits: sandbox.Limits{Memory: 1024 << 20, Output: 64 << 20}, Self: self}
	}
	fast := report.Hunt{Seed: 1, Limits: sandbox.Limits{Memory: 1024 << 20, Output: 64 << 20}, Self: self}
	lines := func(b []byte, n int) []byte { // the first n lines
		l := strings.SplitAfter(string(b), "\n")
		return []byte(strings.Join(l[:min(n, len(l))], ""))
	}
	return []struct {
		name, game, input string
		flags             report.Hunt
		verdict           outcome.Verdict
		sig               string
		got               func(want []byte) outcome.Result
	}{
		// RE: a Go stack overflow (exit 2), a C++ segmentation fault, a C++ abort, a panic of fast.
		{"re-mine", "mine-big", failureInputs["mine-big"], program("./sol"), outcome.RE, "RE: exit 2 where ref exits 0",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Exit: 2, Stderr: report.GoRecursion(), CPU: 412 * time.Millisecond, Memory: 14 << 20}}
			}},
		{"re-boom", "boom", failureInputs["boom"], program("./boom"), outcome.RE, "RE in program: killed by segmentation fault",
			func(want []byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled, Stdout: lines(want, 1), Stderr: "killed by segmentation fault\n",
					CPU: 31 * time.Millisecond, Memory: 3 << 20}}
			}},
		{"re-tower", "tower", failureInputs["tower"], program("./tower"), outcome.RE, "RE in program: killed by aborted",
			func(want []byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled, Stdout: lines(want, 1),
					Stderr: "killed by aborted\nterminate called after throwing an instance of 'std::out_of_range'\n  what():  vector::_M_range_check: __n (which is 4) >= this->size() (which is 4)\n",
					CPU:    4 * time.Millisecond, Memory: 3 << 20}}
			}},
		{"re-datamining", "datamining", failureInputs["datamining"], fast, outcome.RE, "RE in fast: panic: runtime error: index out of range [N] with length N",
			func(want []byte) outcome.Result {
				return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Panicked, Stdout: lines(want, 1),
					Stderr: "runtime error: index out of range [5] with length 5", CPU: 2 * time.Millisecond},
					Stack: "goroutine 7 [running]:\nruntime/debug.Stack()\n\t/usr/local/go/src/runtime/debug/stack.go:26 +0x5e\ngamediff/engine.runJudge.func1()\n\t/work/main/engine/run.go:161 +0x13a\npanic({0x6e2b40?, 0xc000016120?})\n\t/usr/local/go/src/runtime/panic.go:783 +0x132\ngamediff/fast.(*dmBoard).reveal(0xc0000b6000, 0x3, 0x1)\n\t/work/main/fast/datamining.go:188 +0x2f4\ngamediff/fast.Datamining({0xc000122000, 0x5d, 0x60}, {0x7f0f20, 0xc0000a2080})\n\t/work/main/fast/datamining.go:74 +0x1c5"}
			}},
		// TLE: a program with no output (buffered), one with part of its answer, fast
		// (its dump from SIGQUIT), a program that sleeps.
		{"tle-mine", "mine", failureInputs["mine"], program("./sol --fast"), outcome.TLE, "TLE in program",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.TimedOut, Stderr: "used 1.013s of CPU time, limit 1s\n", CPU: 1013 * time.Millisecond, Memory: 9 << 20}}
			}},
		{"tle-boom", "boom", failureInputs["boom"], program("python3 boom.py"), outcome.TLE, "TLE in program",
			func(want []byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.TimedOut, Stdout: lines(want, 2), Stderr: "used 2.004s of CPU time, limit 2s\n", CPU: 2004 * time.Millisecond, Memory: 11 << 20}}
			}},
		{"tle-tower", "tower", failureInputs["tower"], fast, outcome.TLE, "TLE in fast",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.TimedOut, Stderr: "used more than 1s of CPU time", CPU: 1002 * time.Millisecond, Memory: 5 << 20},
					Stack: "SIGQUIT: quit\nPC=0x4a3f1c m=0 sigcode=0\n\ngoroutine 7 gp=0xc000102a80 m=0 mp=0x8a1e40 [running]:\ngamediff/fast.(*tower).settle(0xc0001a4000)\n\t/work/main/fast/tower.go:412 +0x5c\ngamediff/fast.(*tower).command(0xc0001a4000, {0xc0000140f0, 0x8})\n\t/work/main/fast/tower.go:233 +0x2a1\ngamediff/fast.Tower({0xc000122000, 0x3a, 0x40}, {0x7f0f20, 0xc0000a2080})\n\t/work/main/fast/tower.go:81 +0x3e5"}
			}},
		{"tle-datamining", "datamining", failureInputs["datamining"], program("./dm"), outcome.TLE, "TLE in program",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Idle, Stderr: "idle past the wall-clock limit of 3s\n", CPU: 3 * time.Millisecond, Memory: 2 << 20}}
			}},
		// MLE: programs and fast over the memory limit.
		{"mle-mine", "mine", failureInputs["mine"], program("./sol"), outcome.MLE, "MLE in program",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.MemoryLimit, Stderr: "used 1.1 GiB of memory, limit 1 GiB\n", CPU: 640 * time.Millisecond, Memory: 1126 << 20}}
			}},
		{"mle-boom", "boom", failureInputs["boom"], program("./boom"), outcome.MLE, "MLE in program",
			func(want []byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.MemoryLimit, Stdout: lines(want, 1), Stderr: "used 1 GiB of memory, limit 1 GiB\n", CPU: 380 * time.Millisecond, Memory: 1025 << 20}}
			}},
		{"mle-tower", "tower", failureInputs["tower"], fast, outcome.MLE, "MLE in fast",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.MemoryLimit, Stderr: "used more than 1 GiB of memory", CPU: 290 * time.Millisecond, Memory: 1031 << 20}}
			}},
		{"mle-datamining", "datamining", failureInputs["datamining"], program("java Main"), outcome.MLE, "MLE in program",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.MemoryLimit, Stderr: "used 1.2 GiB of memory, limit 1 GiB\n", CPU: 910 * time.Millisecond, Memory: 1240 << 20}}
			}},
		// OLE: a program that loops printing, fast past the limit.
		{"ole-mine", "mine", failureInputs["mine"], program("./sol"), outcome.OLE, "OLE in program",
			func(want []byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.OutputLimit, Stdout: append(lines(want, 3), strings.Repeat("1 2 0\n", 400)...),
					Stderr: "more than 64 MiB of output\n", CPU: 233 * time.Millisecond, Memory: 4 << 20}}
			}},
		{"ole-boom", "boom", failureInputs["boom"], fast, outcome.OLE, "OLE in fast",
			func(want []byte) outcome.Result {
				return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.OutputLimit, Stdout: append(lines(want, 1), strings.Repeat("RUNNING: []\n", 300)...), CPU: 150 * time.Millisecond}}
			}},
		{"ole-tower", "tower", failureInputs["tower"], program("./tower"), outcome.OLE, "OLE in program",
			func(want []byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.OutputLimit, Stdout: append(append([]byte{}, want...), strings.Repeat("Game Over : Gave Up\n", 300)...),
					Stderr: "more than 64 MiB of output\n", CPU: 95 * time.Millisecond, Memory: 3 << 20}}
			}},
		{"ole-datamining", "datamining", failureInputs["datamining"], program("./dm"), outcome.OLE, "OLE in program",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.OutputLimit, Stdout: []byte(strings.Repeat("0\n", 500)),
					Stderr: "more than 64 MiB of output\n", CPU: 120 * time.Millisecond, Memory: 2 << 20}}
			}},
		// crash: fast takes its worker down, its output lost with it.
		{"crash-mine", "mine-big", failureInputs["mine-big"], fast, outcome.Crash, "crash in fast: fatal error: stack overflow (exit status N)",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "fatal error: stack overflow (exit status 2)",
					CPU: 880 * time.Millisecond, Memory: 1010 << 20}, Stack: report.FastOverflow("gamediff/fast.(*mineBoard).open")}
			}},
		{"crash-boom", "boom", failureInputs["boom"], fast, outcome.Crash, "crash in fast: fatal error: stack overflow (exit status N)",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "fatal error: stack overflow (exit status 2)"},
					Stack: report.FastOverflow("gamediff/fast.(*boomGame).cascade")}
			}},
		{"crash-tower", "tower", failureInputs["tower"], fast, outcome.Crash, "crash in fast: panic: assignment to entry in nil map (exit status N)",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "panic: assignment to entry in nil map (exit status 2)"},
					Stack: "panic: assignment to entry in nil map\n\ngoroutine 23 [running]:\ngamediff/fast.(*tower).fallAll.func1()\n\t/work/main/fast/tower.go:377 +0x4c\ncreated by gamediff/fast.(*tower).fallAll in goroutine 7\n\t/work/main/fast/tower.go:371 +0x9e\nexit status 2"}
			}},
		{"crash-datamining", "datamining", failureInputs["datamining"], fast, outcome.Crash, "crash in fast: exit status N",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "exit status 3"}}
			}},
		// The other hints: a program's SIGKILL at its memory limit, a segfault reported by
		// sh -c as exit status 139.
		{"re-sigkill-boom", "boom", failureInputs["boom"], program("./boom"), outcome.RE, "RE in program: killed by killed",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by killed\n", CPU: 420 * time.Millisecond, Memory: 1019 << 20}}
			}},
		{"re-shell-mine", "mine-big", failureInputs["mine-big"], program("ulimit -s 8192 && ./sol"), outcome.RE, "RE: exit 139 where ref exits 0",
			func([]byte) outcome.Result {
				return outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Exit: 139, Stderr: "sh: line 1:  4242 Segmentation fault      ./sol\n", CPU: 95 * time.Millisecond, Memory: 9 << 20}}
			}},
	}
}

// TestFailureReports pins the report of a run that did not end normally, for each verdict
// and each game, as a user reads it in the terminal (golden files, -update): how it ended,
// where in the game, what it used, the hint, the input around the step, its stderr and
// stack. Each report must also hold what the user needs whatever its wording.
func TestFailureReports(t *testing.T) {
	for _, c := range failureCases(t) {
		t.Run(c.name, func(t *testing.T) {
			game := strings.TrimSuffix(c.game, "-big")
			g, err := games.Lookup(game)
			if err != nil {
				t.Fatal(err)
			}
			var answer strings.Builder
			if err := g.Ref([]byte(c.input), &answer); err != nil {
				t.Fatal(err)
			}
			want := []byte(answer.String())
			h := c.flags
			h.Game, h.Limits.Time = g, g.TimeLimit()
			// As the command line runs -cmd: plain words started directly, anything with
			// the shell's syntax through sh -c.
			if h.Argv = strings.Fields(h.Program); strings.ContainsAny(h.Program, "&|;<>()$`") {
				h.Argv = []string{"sh", "-c", h.Program}
			}
			f := failureFinding(game, c.input, want, c.got(want), c.verdict, c.sig, h)
			if v := f.Divergence.Verdict(); v != c.verdict {
				t.Fatalf("the run's verdict is %s, want %s", v, c.verdict)
			}
			var b strings.Builder
			h.Finding(&b, f, h.Parting(f), false)
			report := b.String()
			golden.Check(t, "finding/"+c.name+".golden", []byte(report))
			for _, s := range []string{"what happened: ", "reproduce:"} {
				if !strings.Contains(report, s) {
					t.Errorf("the report has no %q", s)
				}
			}
			for _, bad := range []string{"program program", "fast fast", "picture:", "go run ./cmd/diff diff", "nothing to explain"} {
				if strings.Contains(report, bad) {
					t.Errorf("the report says %q", bad)
				}
			}
			// The page tells the same, with the board where the run stopped.
			dir := t.TempDir()
			path, err := h.WritePage(dir, f, h.Parting(f))
			if err != nil {
				t.Fatal(err)
			}
			page, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []string{"What happened", "the disputed cells marked", "(no output here)", "program program", "fast fast"} {
				if has := strings.Contains(string(page), s); has != (s == "What happened") {
					t.Errorf("the page has %q: %v", s, has)
				}
			}
		})
	}
}

// failureFinding is the finding of a run got against ref's answer want on input.
func failureFinding(game, input string, want []byte, got outcome.Result, v outcome.Verdict, sig string, h report.Hunt) outcome.Finding {
	path := "found/" + game + "/0123456789abcdef.in"
	if h.Program == "" {
		path = "corpus/" + game + "/found/0123456789abcdef.in"
	}
	return outcome.Finding{Index: 41, Verdict: v, Signature: sig, Path: path, Shown: 3, Runs: 3, FoundAfter: 2.5,
		InputBytes: len(input), Original: 200000, Minimize: outcome.MinimizeStats{Runs: 57, Accepted: 12, Complete: true, Seconds: 4.2},
		Input: []byte(input), Divergence: engine.Compare(outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: want}}, got, engine.Exact)}
}
