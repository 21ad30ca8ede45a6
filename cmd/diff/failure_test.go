package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/sandbox"
	"gamediff/testutil/golden"
)

// Inputs of the failure reports: small real cases of each game, and one mine board big
// enough that the report shows its input in part, around the Sweep that fails.
var failureInputs = map[string]string{
	"mine":       "3 3\n...\n..*\n...\nSweep 1 1\nDSweep 1 2\nQuit\n",
	"boom":       "1\n3 3\n*__\n___\n__*\n1 1 3\n2 1 1\n1 3 1\n0\n",
	"tower":      "3 3\n...\nS..\n#.G\n0\n3 4\n....\n.S..\nG#B#\n1\nMOVETO 3\n0 0\n",
	"datamining": "3 3\n...\n...\nMM.\n3 4\nM.M.\n.M.M\nM.M.\n7 5\n.....\n.....\nMMM..\nM.M..\nMMM..\n.....\n.....\n4 4\n...M\n....\n....\nM...\n0 0\n",
	"mine-big":   "50 60\n" + strings.Repeat(strings.Repeat(".", 60)+"\n", 50) + "Sweep 1 1\nQuit\n",
}

// goRecursion is the stderr of a Go program whose recursion overflows an 8 MB stack, as
// the zoo's mine -bug recursive-fill writes it (its frames fewer).
func goRecursion() string {
	var b strings.Builder
	b.WriteString("runtime: goroutine stack exceeds 8388608-byte limit\nruntime: sp=0x1d1300f60398 stack=[0x1d1300f60000, 0x1d1301760000]\nfatal error: stack overflow\n\n")
	b.WriteString("runtime stack:\nruntime.throw({0x507ba9?, 0x200000008?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48\nruntime.newstack()\n\t/usr/local/go/src/runtime/stack.go:1207 +0x5fd\nruntime.morestack()\n\t/usr/local/go/src/runtime/asm_amd64.s:681 +0x7d\n\n")
	b.WriteString("goroutine 1 gp=0x1d130062c1e0 m=0 mp=0x5f3900 [running]:\nmain.fill(0x12172?)\n\t/src/sol/main.go:232 +0x1b5\n")
	for range 40 {
		b.WriteString("main.fill(0x0?)\n\t/src/sol/main.go:241 +0x176\n")
	}
	b.WriteString("...74789 frames elided...\nmain.sweep(0x1, 0x1)\n\t/src/sol/main.go:260 +0x9d\nmain.main()\n\t/src/sol/main.go:98 +0x3c5\n\n")
	b.WriteString("goroutine 2 gp=0x1d130062c780 m=nil [force gc (idle)]:\nruntime.gopark(0x0?, 0x0?, 0x0?, 0x0?, 0x0?)\n\t/usr/local/go/src/runtime/proc.go:462 +0xce\n")
	return b.String()
}

// fastOverflow is the goroutine dump of a worker whose fast judge overflowed Go's stack.
func fastOverflow(frame string) string {
	var b strings.Builder
	b.WriteString("runtime: goroutine stack exceeds 1000000000-byte limit\nruntime: sp=0xc0200e0390 stack=[0xc0200e0000, 0xc0400e0000]\nfatal error: stack overflow\n\n")
	b.WriteString("goroutine 18 gp=0xc000602a80 m=4 mp=0xc000100008 [running]:\n")
	for range 30 {
		fmt.Fprintf(&b, "%s(0xc0001a6000, 0x3, 0x7)\n\t/work/main/fast/file.go:201 +0x1a5\n", frame)
	}
	b.WriteString("...1312 frames elided...\ngamediff/engine.runJudge({0x7a3c1e, 0x4}, 0xc00012e0f0, {0xc000400000, 0x2f, 0x30}, 0xc0001c2000)\n\t/work/main/engine/run.go:171 +0x9c\n")
	return b.String()
}

// failureCases are realistic runs that did not end normally, one of each verdict for each
// game, modelled on real ones (the zoo's programs, C++ solutions, fast in its worker).
func failureCases(t *testing.T) []struct {
	name, game, input string
	flags             huntFlags
	verdict           engine.Verdict
	sig               string
	got               func(want []byte) engine.Result
} {
	program := func(cmd string) huntFlags {
		return huntFlags{seed: 1, program: cmd, memory: 1024 << 20, outputLimit: 64 << 20}
	}
	fast := huntFlags{seed: 1, memory: 1024 << 20, outputLimit: 64 << 20}
	lines := func(b []byte, n int) []byte { // the first n lines
		l := strings.SplitAfter(string(b), "\n")
		return []byte(strings.Join(l[:min(n, len(l))], ""))
	}
	return []struct {
		name, game, input string
		flags             huntFlags
		verdict           engine.Verdict
		sig               string
		got               func(want []byte) engine.Result
	}{
		// RE: a Go stack overflow (exit 2), a C++ segmentation fault, a C++ abort, a panic of fast.
		{"re-mine", "mine-big", failureInputs["mine-big"], program("./sol"), engine.RE, "RE: exit 2 where ref exits 0",
			func([]byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Exit: 2, Stderr: goRecursion(), CPU: 412 * time.Millisecond, Memory: 14 << 20}}
			}},
		{"re-boom", "boom", failureInputs["boom"], program("./boom"), engine.RE, "RE in program: killed by segmentation fault",
			func(want []byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled, Stdout: lines(want, 1), Stderr: "killed by segmentation fault\n",
					CPU: 31 * time.Millisecond, Memory: 3 << 20}}
			}},
		{"re-tower", "tower", failureInputs["tower"], program("./tower"), engine.RE, "RE in program: killed by aborted",
			func(want []byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled, Stdout: lines(want, 1),
					Stderr: "killed by aborted\nterminate called after throwing an instance of 'std::out_of_range'\n  what():  vector::_M_range_check: __n (which is 4) >= this->size() (which is 4)\n",
					CPU:    4 * time.Millisecond, Memory: 3 << 20}}
			}},
		{"re-datamining", "datamining", failureInputs["datamining"], fast, engine.RE, "RE in fast: panic: runtime error: index out of range [N] with length N",
			func(want []byte) engine.Result {
				return engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.Panicked, Stdout: lines(want, 1),
					Stderr: "runtime error: index out of range [5] with length 5", CPU: 2 * time.Millisecond},
					Stack: "goroutine 7 [running]:\nruntime/debug.Stack()\n\t/usr/local/go/src/runtime/debug/stack.go:26 +0x5e\ngamediff/engine.runJudge.func1()\n\t/work/main/engine/run.go:161 +0x13a\npanic({0x6e2b40?, 0xc000016120?})\n\t/usr/local/go/src/runtime/panic.go:783 +0x132\ngamediff/fast.(*dmBoard).reveal(0xc0000b6000, 0x3, 0x1)\n\t/work/main/fast/datamining.go:188 +0x2f4\ngamediff/fast.Datamining({0xc000122000, 0x5d, 0x60}, {0x7f0f20, 0xc0000a2080})\n\t/work/main/fast/datamining.go:74 +0x1c5"}
			}},
		// TLE: a program with no output (buffered), one with part of its answer, fast
		// (its dump from SIGQUIT), a program that sleeps.
		{"tle-mine", "mine", failureInputs["mine"], program("./sol --fast"), engine.TLE, "TLE in program",
			func([]byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.TimedOut, Stderr: "used 1.013s of CPU time, limit 1s\n", CPU: 1013 * time.Millisecond, Memory: 9 << 20}}
			}},
		{"tle-boom", "boom", failureInputs["boom"], program("python3 boom.py"), engine.TLE, "TLE in program",
			func(want []byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.TimedOut, Stdout: lines(want, 2), Stderr: "used 2.004s of CPU time, limit 2s\n", CPU: 2004 * time.Millisecond, Memory: 11 << 20}}
			}},
		{"tle-tower", "tower", failureInputs["tower"], fast, engine.TLE, "TLE in fast",
			func([]byte) engine.Result {
				return engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.TimedOut, Stderr: "used more than 1s of CPU time", CPU: 1002 * time.Millisecond, Memory: 5 << 20},
					Stack: "SIGQUIT: quit\nPC=0x4a3f1c m=0 sigcode=0\n\ngoroutine 7 gp=0xc000102a80 m=0 mp=0x8a1e40 [running]:\ngamediff/fast.(*tower).settle(0xc0001a4000)\n\t/work/main/fast/tower.go:412 +0x5c\ngamediff/fast.(*tower).command(0xc0001a4000, {0xc0000140f0, 0x8})\n\t/work/main/fast/tower.go:233 +0x2a1\ngamediff/fast.Tower({0xc000122000, 0x3a, 0x40}, {0x7f0f20, 0xc0000a2080})\n\t/work/main/fast/tower.go:81 +0x3e5"}
			}},
		{"tle-datamining", "datamining", failureInputs["datamining"], program("./dm"), engine.TLE, "TLE in program",
			func([]byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Idle, Stderr: "idle past the wall-clock limit of 3s\n", CPU: 3 * time.Millisecond, Memory: 2 << 20}}
			}},
		// MLE: programs and fast over the memory limit.
		{"mle-mine", "mine", failureInputs["mine"], program("./sol"), engine.MLE, "MLE in program",
			func([]byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.MemoryLimit, Stderr: "used 1.1 GiB of memory, limit 1 GiB\n", CPU: 640 * time.Millisecond, Memory: 1126 << 20}}
			}},
		{"mle-boom", "boom", failureInputs["boom"], program("./boom"), engine.MLE, "MLE in program",
			func(want []byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.MemoryLimit, Stdout: lines(want, 1), Stderr: "used 1 GiB of memory, limit 1 GiB\n", CPU: 380 * time.Millisecond, Memory: 1025 << 20}}
			}},
		{"mle-tower", "tower", failureInputs["tower"], fast, engine.MLE, "MLE in fast",
			func([]byte) engine.Result {
				return engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.MemoryLimit, Stderr: "used more than 1 GiB of memory", CPU: 290 * time.Millisecond, Memory: 1031 << 20}}
			}},
		{"mle-datamining", "datamining", failureInputs["datamining"], program("java Main"), engine.MLE, "MLE in program",
			func([]byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.MemoryLimit, Stderr: "used 1.2 GiB of memory, limit 1 GiB\n", CPU: 910 * time.Millisecond, Memory: 1240 << 20}}
			}},
		// OLE: a program that loops printing, fast past the limit.
		{"ole-mine", "mine", failureInputs["mine"], program("./sol"), engine.OLE, "OLE in program",
			func(want []byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.OutputLimit, Stdout: append(lines(want, 3), strings.Repeat("1 2 0\n", 400)...),
					Stderr: "more than 64 MiB of output\n", CPU: 233 * time.Millisecond, Memory: 4 << 20}}
			}},
		{"ole-boom", "boom", failureInputs["boom"], fast, engine.OLE, "OLE in fast",
			func(want []byte) engine.Result {
				return engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.OutputLimit, Stdout: append(lines(want, 1), strings.Repeat("RUNNING: []\n", 300)...), CPU: 150 * time.Millisecond}}
			}},
		{"ole-tower", "tower", failureInputs["tower"], program("./tower"), engine.OLE, "OLE in program",
			func(want []byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.OutputLimit, Stdout: append(append([]byte{}, want...), strings.Repeat("Game Over : Gave Up\n", 300)...),
					Stderr: "more than 64 MiB of output\n", CPU: 95 * time.Millisecond, Memory: 3 << 20}}
			}},
		{"ole-datamining", "datamining", failureInputs["datamining"], program("./dm"), engine.OLE, "OLE in program",
			func([]byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.OutputLimit, Stdout: []byte(strings.Repeat("0\n", 500)),
					Stderr: "more than 64 MiB of output\n", CPU: 120 * time.Millisecond, Memory: 2 << 20}}
			}},
		// crash: fast takes its worker down, its output lost with it.
		{"crash-mine", "mine-big", failureInputs["mine-big"], fast, engine.Crash, "crash in fast: fatal error: stack overflow (exit status N)",
			func([]byte) engine.Result {
				return engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "fatal error: stack overflow (exit status 2)",
					CPU: 880 * time.Millisecond, Memory: 1010 << 20}, Stack: fastOverflow("gamediff/fast.(*mineBoard).open")}
			}},
		{"crash-boom", "boom", failureInputs["boom"], fast, engine.Crash, "crash in fast: fatal error: stack overflow (exit status N)",
			func([]byte) engine.Result {
				return engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "fatal error: stack overflow (exit status 2)"},
					Stack: fastOverflow("gamediff/fast.(*boomGame).cascade")}
			}},
		{"crash-tower", "tower", failureInputs["tower"], fast, engine.Crash, "crash in fast: panic: assignment to entry in nil map (exit status N)",
			func([]byte) engine.Result {
				return engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "panic: assignment to entry in nil map (exit status 2)"},
					Stack: "panic: assignment to entry in nil map\n\ngoroutine 23 [running]:\ngamediff/fast.(*tower).fallAll.func1()\n\t/work/main/fast/tower.go:377 +0x4c\ncreated by gamediff/fast.(*tower).fallAll in goroutine 7\n\t/work/main/fast/tower.go:371 +0x9e\nexit status 2"}
			}},
		{"crash-datamining", "datamining", failureInputs["datamining"], fast, engine.Crash, "crash in fast: exit status N",
			func([]byte) engine.Result {
				return engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "exit status 3"}}
			}},
		// The other hints: a program's SIGKILL at its memory limit, a segfault reported by
		// sh -c as exit status 139.
		{"re-sigkill-boom", "boom", failureInputs["boom"], program("./boom"), engine.RE, "RE in program: killed by killed",
			func([]byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by killed\n", CPU: 420 * time.Millisecond, Memory: 1019 << 20}}
			}},
		{"re-shell-mine", "mine-big", failureInputs["mine-big"], program("ulimit -s 8192 && ./sol"), engine.RE, "RE: exit 139 where ref exits 0",
			func([]byte) engine.Result {
				return engine.Result{Solver: "program", Result: sandbox.Result{Exit: 139, Stderr: "sh: line 1:  4242 Segmentation fault      ./sol\n", CPU: 95 * time.Millisecond, Memory: 9 << 20}}
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
			f := failureFinding(game, c.input, want, c.got(want), c.verdict, c.sig, c.flags)
			if v := f.Divergence.Verdict(); v != c.verdict {
				t.Fatalf("the run's verdict is %s, want %s", v, c.verdict)
			}
			var b strings.Builder
			reportFinding(&b, g, c.flags, f, partingOf(g, f), false)
			report := b.String()
			golden.Check(t, "report/"+c.name+".golden", []byte(report))
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
			path, err := writePage(dir, g, c.flags, f, partingOf(g, f))
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
func failureFinding(game, input string, want []byte, got engine.Result, v engine.Verdict, sig string, h huntFlags) engine.Finding {
	path := "found/" + game + "/0123456789abcdef.in"
	if h.program == "" {
		path = "corpus/" + game + "/found/0123456789abcdef.in"
	}
	return engine.Finding{Index: 41, Verdict: v, Signature: sig, Path: path, Shown: 3, Runs: 3, FoundAfter: 2.5,
		InputBytes: len(input), Original: 200000, Minimize: engine.MinimizeStats{Runs: 57, Accepted: 12, Complete: true, Seconds: 4.2},
		Input: []byte(input), Divergence: engine.Compare(engine.Result{Solver: "ref", Result: sandbox.Result{Stdout: want}}, got, nil)}
}

// TestFailureHints: what each way a run ends suggests, and nothing where it suggests
// nothing.
func TestFailureHints(t *testing.T) {
	lim := sandbox.Limits{Time: time.Second, Memory: 1 << 30, Output: 64 << 20}
	prog := huntFlags{program: "./sol"}
	for _, c := range []struct {
		name string
		h    huntFlags
		r    engine.Result
		want string // in the hint; "" for none
	}{
		{"segfault", prog, engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by segmentation fault\n"}},
			"try -cmd 'ulimit -s unlimited && ./sol'"},
		{"segfault, stack already unlimited", huntFlags{program: "ulimit -s unlimited && ./sol"},
			engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by segmentation fault\n"}}, "likely an access out of bounds"},
		{"exit 139 from a wrapper", huntFlags{program: "python3 run.py"}, engine.Result{Solver: "program", Result: sandbox.Result{Exit: 139}},
			"try -cmd 'ulimit -s unlimited && python3 run.py'"},
		{"a stack limit of its own", huntFlags{program: "ulimit -s 8192; ./sol"}, engine.Result{Solver: "program", Result: sandbox.Result{Exit: 139}},
			"try -cmd 'ulimit -s unlimited && ./sol'"},
		{"Go's stack overflow", prog, engine.Result{Solver: "program", Result: sandbox.Result{Exit: 2, Stderr: goRecursion()}}, "main.fill calls itself"},
		{"fast's stack overflow", huntFlags{}, engine.Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "fatal error: stack overflow (exit status 2)"},
			Stack: fastOverflow("gamediff/fast.fill")}, "make that recursion a loop"},
		{"SIGKILL at the memory limit", prog, engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by killed\n", Memory: 1000 << 20}},
			"likely over the memory limit (MLE)"},
		{"exit 137 at the memory limit", prog, engine.Result{Solver: "program", Result: sandbox.Result{Exit: 137, Memory: 1020 << 20}}, "likely over the memory limit (MLE)"},
		{"SIGKILL far from it", prog, engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by killed\n", Memory: 10 << 20}},
			"SIGKILL comes from outside the program"},
		{"bad_alloc", prog, engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled,
			Stderr: "killed by aborted\nterminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n"}}, "ran out of memory"},
		{"an abort", prog, engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by aborted\nassertion failed\n"}}, ""},
		{"a plain exit", prog, engine.Result{Solver: "program", Result: sandbox.Result{Exit: 3}}, ""},
		{"a time-out", prog, engine.Result{Solver: "program", Result: sandbox.Result{Status: sandbox.TimedOut, CPU: 2 * time.Second}}, ""},
	} {
		got := hintOf(c.r, c.h, lim)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: hint %q, want one with %q", c.name, got, c.want)
		}
	}
}
