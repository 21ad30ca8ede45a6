package report

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gamediff/outcome"
	"gamediff/sandbox"
)

// GoRecursion and FastOverflow are the stacks of the failure reports' tests, for the tests
// of package report_test too.
var (
	GoRecursion  = goRecursion
	FastOverflow = fastOverflow
)

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

// TestFailureHints: what each way a run ends suggests, and nothing where it suggests
// nothing.
func TestFailureHints(t *testing.T) {
	lim := sandbox.Limits{Time: time.Second, Memory: 1 << 30, Output: 64 << 20}
	prog := Hunt{Program: "./sol"}
	for _, c := range []struct {
		name string
		h    Hunt
		r    outcome.Result
		want string // in the hint; "" for none
	}{
		{"segfault", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by segmentation fault\n"}},
			"try -cmd 'ulimit -s unlimited && ./sol'"},
		{"segfault, stack already unlimited", Hunt{Program: "ulimit -s unlimited && ./sol"},
			outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by segmentation fault\n"}}, "likely an access out of bounds"},
		{"exit 139 from a wrapper", Hunt{Program: "python3 run.py"}, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Exit: 139}},
			"try -cmd 'ulimit -s unlimited && python3 run.py'"},
		{"a stack limit of its own", Hunt{Program: "ulimit -s 8192; ./sol"}, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Exit: 139}},
			"try -cmd 'ulimit -s unlimited && ./sol'"},
		{"Go's stack overflow", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Exit: 2, Stderr: goRecursion()}}, "main.fill calls itself"},
		{"fast's stack overflow", Hunt{}, outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Crashed, Stderr: "fatal error: stack overflow (exit status 2)"},
			Stack: fastOverflow("gamediff/fast.fill")}, "make that recursion a loop"},
		{"SIGKILL at the memory limit", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by killed\n", Memory: 1000 << 20}},
			"likely over the memory limit (MLE)"},
		{"exit 137 at the memory limit", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Exit: 137, Memory: 1020 << 20}}, "likely over the memory limit (MLE)"},
		{"SIGKILL far from it", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by killed\n", Memory: 10 << 20}},
			"SIGKILL comes from outside the program"},
		{"bad_alloc", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled,
			Stderr: "killed by aborted\nterminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n"}}, "ran out of memory"},
		{"an abort", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled, Stderr: "killed by aborted\nassertion failed\n"}}, ""},
		{"a plain exit", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Exit: 3}}, ""},
		{"a time-out", prog, outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.TimedOut, CPU: 2 * time.Second}}, ""},
	} {
		got := hintOf(c.r, c.h, lim)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: hint %q, want one with %q", c.name, got, c.want)
		}
	}
}
