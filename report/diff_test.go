package report_test

import (
	"fmt"
	"strings"
	"testing"

	"gamediff/engine"
	"gamediff/outcome"
	"gamediff/report"
	"gamediff/sandbox"
	"gamediff/testutil/golden"
)

// TestDivergences pins the text of each kind of divergence (golden files, -update).
func TestDivergences(t *testing.T) {
	var long1, long2 strings.Builder
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&long1, "line %d\n", i)
		if i == 1234 {
			fmt.Fprintf(&long2, "LINE %d\n", i)
		} else {
			fmt.Fprintf(&long2, "line %d\n", i)
		}
	}
	cells := strings.Repeat("<1, 2, 3>, ", 5000)
	tests := []struct {
		name      string
		want, got outcome.Result
	}{
		{"window", ref(long1.String()), ok(long2.String())},
		{"missing-newline", ref("a\nb\n"), ok("a\nb")},
		{"long-line", ref("RUNNING: [" + cells + "<9, 9, 1>, " + cells + "]\n"), ok("RUNNING: [" + cells + "<9, 9, 2>, " + cells + "]\n")},
		{"control-bytes", ref("finish\ntotal step 3\n"), ok("finish\r\ntotal\x00step \xff3\n")},
		{"exit", ref("a\n"), outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Stdout: []byte("a\n"), Exit: 3, Stderr: "Segmentation fault?\nmore"}}},
		{"timeout", ref("a\n"), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.TimedOut, Stderr: "used more than 1s of CPU time"},
			Stack: "goroutine 1 [running]:\nmain.loop()\n\t/src/main.go:12 +0x1d"}},
		{"crash", ref("a\n"), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Crashed, Stdout: []byte("a\n"),
			Stderr: "fatal error: stack overflow (exit status 2)"}, Stack: "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			report.Divergence(&b, engine.Compare(tt.want, tt.got, engine.Exact))
			if b.Len() > 4000 {
				t.Errorf("report of %d bytes: reports must stay short whatever the outputs", b.Len())
			}
			golden.Check(t, "divergence/"+tt.name+".golden", []byte(b.String()))
		})
	}
}

func ref(out string) outcome.Result {
	return outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: []byte(out)}}
}

func ok(out string) outcome.Result {
	return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Stdout: []byte(out)}}
}
