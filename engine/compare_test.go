package engine_test

import (
	"testing"

	"gamediff/engine"
	"gamediff/outcome"
	"gamediff/sandbox"
)

func ok(out string) outcome.Result {
	return outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Stdout: []byte(out)}}
}

func ref(out string) outcome.Result {
	return outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: []byte(out)}}
}

func TestCompare(t *testing.T) {
	inputErr := func(out string, line int) outcome.Result {
		return outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: []byte(out), Exit: 2}, ErrLine: line}
	}
	tests := []struct {
		name      string
		want, got outcome.Result
		eq        engine.Comparison
		verdict   string // empty: no divergence
		refFailed bool
	}{
		{"same", ref("a\n"), ok("a\n"), engine.Exact, "", false},
		{"stdout", ref("a\n"), ok("b\n"), engine.Exact, "WA", false},
		{"missing final newline", ref("a\n"), ok("a"), engine.Exact, "WA", false},
		{"tokens ignore spacing", ref("1 2\n3\n"), ok("1  2 3"), engine.Tokens, "", false},
		{"tokens still compare words", ref("1 2\n"), ok("1 3\n"), engine.Tokens, "WA", false},
		{"exit", ref(""), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Exit: 1}}, engine.Exact, "RE", false},
		{"exit where ref rejects", inputErr("", 3), ok(""), engine.Exact, "WA", false},
		{"error line", inputErr("a\n", 3), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Stdout: []byte("a\n"), Exit: 2}, ErrLine: 4}, engine.Exact, "WA", false},
		{"same input error", inputErr("a\n", 3), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Stdout: []byte("a\n"), Exit: 2}, ErrLine: 3}, engine.Exact, "", false},
		{"panic", ref(""), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Panicked}}, engine.Exact, "RE", false},
		{"crash", ref(""), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Crashed}}, engine.Exact, "crash", false},
		{"signal", ref(""), outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Signaled}}, engine.Exact, "RE", false},
		{"timeout beats equal stdout", ref(""), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.TimedOut}}, engine.Exact, "TLE", false},
		{"output limit", ref(""), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.OutputLimit}}, engine.Exact, "OLE", false},
		{"memory limit", ref(""), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.MemoryLimit}}, engine.Exact, "MLE", false},
		{"reference crashes", outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Status: sandbox.Panicked}}, ok(""), engine.Exact, "RE", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := engine.Compare(tt.want, tt.got, tt.eq)
			if tt.verdict == "" {
				if d != nil {
					t.Fatalf("divergence %+v, want none", d)
				}
				return
			}
			if d == nil || d.Verdict().String() != tt.verdict || d.RefFailed() != tt.refFailed {
				t.Fatalf("got %+v, want %s (reference failed: %v)", d, tt.verdict, tt.refFailed)
			}
		})
	}
}
