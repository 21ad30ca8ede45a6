package engine

import (
	"testing"

	"gamediff/sandbox"
)

// TestSignatureWordsAndIdentity pins the engine's own signatures: the words reports have
// always shown, and the identity beside them, which holds no number of the input's (an
// index in a panic, an output's values): two divergences of one identity have one words.
func TestSignatureWordsAndIdentity(t *testing.T) {
	ref := func(out string) Result { return Result{Solver: Ref, Result: sandbox.Result{Stdout: []byte(out)}} }
	got := func(r Result) Result { r.Solver = Program; return r }
	tests := []struct {
		name   string
		d      *Divergence
		oracle bool
		words  string
		id     Identity
	}{
		{"panic", Compare(ref("1\n"), got(Result{Result: sandbox.Result{Status: sandbox.Panicked, Stderr: "index 7 out of range\nmore"}}), Exact), false,
			"RE in program: panic: index N out of range", Identity{Verdict: RE, In: Program, Detail: "panic: index N out of range"}},
		{"time-out", Compare(ref("1\n"), got(Result{Result: sandbox.Result{Status: sandbox.TimedOut}}), Exact), false,
			"TLE in program", Identity{Verdict: TLE, In: Program}},
		{"exit status", Compare(ref("1\n"), got(Result{Result: sandbox.Result{Exit: 3}}), Exact), false,
			"RE: exit 3 where ref exits 0", Identity{Verdict: RE, Step: "exit status", Want: "0", Got: "3"}},
		{"input error line", Compare(Result{Solver: Ref, Result: sandbox.Result{Exit: 1}, ErrLine: 2}, got(Result{Result: sandbox.Result{Exit: 1}, ErrLine: 3}), Exact), false,
			"WA: input error named on another line", Identity{Verdict: WA, Step: "input error"}},
		{"format", Compare(ref("1\n2\n"), got(Result{Result: sandbox.Result{Stdout: []byte("1\n2")}}), Exact), false,
			"WA format: the last line has no newline", Identity{Verdict: WA, Step: "format", Detail: "the last line has no newline"}},
		{"output", Compare(ref("14\n"), got(Result{Result: sandbox.Result{Stdout: []byte("15\n")}}), Exact), false,
			`WA: want "N", got "N"`, Identity{Verdict: WA, Step: "output", Want: `"N"`, Got: `"N"`}},
		{"another output", Compare(ref("1\n2\n"), got(Result{Result: sandbox.Result{Stdout: []byte("1\n30\n")}}), Exact), false,
			`WA: want "N", got "N"`, Identity{Verdict: WA, Step: "output", Want: `"N"`, Got: `"N"`}},
		{"the oracle's", Compare(ref("14\n"), Result{Solver: Fast, Result: sandbox.Result{Stdout: []byte("15\n")}}, Exact), true,
			`fast: WA: want "N", got "N"`, Identity{Verdict: WA, Oracle: true, Step: "output", Want: `"N"`, Got: `"N"`}},
	}
	words := map[Identity]string{}
	for _, tt := range tests {
		s := tt.d.signature(nil)
		if tt.oracle {
			s = s.ofOracle()
		}
		if s.words != tt.words || s.Identity != tt.id {
			t.Errorf("%s: %q %+v, want %q %+v", tt.name, s.words, s.Identity, tt.words, tt.id)
		}
		if w, ok := words[s.Identity]; ok && w != s.words {
			t.Errorf("%s: identity %+v in words %q and %q", tt.name, s.Identity, w, s.words)
		}
		words[s.Identity] = s.words
	}
}
