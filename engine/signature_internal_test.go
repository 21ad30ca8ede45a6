package engine

import (
	"testing"

	"gamediff/outcome"
	"gamediff/sandbox"
)

// TestSignatureWordsAndIdentity pins the engine's own signatures: the words reports have
// always shown, and the identity beside them, which holds no number of the input's (an
// index in a panic, an output's values): two divergences of one identity have one words.
func TestSignatureWordsAndIdentity(t *testing.T) {
	ref := func(out string) outcome.Result {
		return outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: []byte(out)}}
	}
	got := func(r outcome.Result) outcome.Result { r.Solver = outcome.Program; return r }
	tests := []struct {
		name   string
		d      *outcome.Divergence
		oracle bool
		words  string
		id     outcome.Identity
	}{
		{"panic", Compare(ref("1\n"), got(outcome.Result{Result: sandbox.Result{Status: sandbox.Panicked, Stderr: "index 7 out of range\nmore"}}), Exact), false,
			"RE in program: panic: index N out of range", outcome.Identity{Verdict: outcome.RE, In: outcome.Program, Detail: "panic: index N out of range"}},
		{"time-out", Compare(ref("1\n"), got(outcome.Result{Result: sandbox.Result{Status: sandbox.TimedOut}}), Exact), false,
			"TLE in program", outcome.Identity{Verdict: outcome.TLE, In: outcome.Program}},
		{"exit status", Compare(ref("1\n"), got(outcome.Result{Result: sandbox.Result{Exit: 3}}), Exact), false,
			"RE: exit 3 where ref exits 0", outcome.Identity{Verdict: outcome.RE, Step: "exit status", Want: "0", Got: "3"}},
		{"input error line", Compare(outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Exit: 1}, ErrLine: 2}, got(outcome.Result{Result: sandbox.Result{Exit: 1}, ErrLine: 3}), Exact), false,
			"WA: input error named on another line", outcome.Identity{Verdict: outcome.WA, Step: "input error"}},
		{"format", Compare(ref("1\n2\n"), got(outcome.Result{Result: sandbox.Result{Stdout: []byte("1\n2")}}), Exact), false,
			"WA format: the last line has no newline", outcome.Identity{Verdict: outcome.WA, Step: "format", Detail: "the last line has no newline"}},
		{"output", Compare(ref("14\n"), got(outcome.Result{Result: sandbox.Result{Stdout: []byte("15\n")}}), Exact), false,
			`WA: want "N", got "N"`, outcome.Identity{Verdict: outcome.WA, Step: "output", Want: `"N"`, Got: `"N"`}},
		{"another output", Compare(ref("1\n2\n"), got(outcome.Result{Result: sandbox.Result{Stdout: []byte("1\n30\n")}}), Exact), false,
			`WA: want "N", got "N"`, outcome.Identity{Verdict: outcome.WA, Step: "output", Want: `"N"`, Got: `"N"`}},
		{"the oracle's", Compare(ref("14\n"), outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Stdout: []byte("15\n")}}, Exact), true,
			`fast: WA: want "N", got "N"`, outcome.Identity{Verdict: outcome.WA, Oracle: true, Step: "output", Want: `"N"`, Got: `"N"`}},
	}
	words := map[outcome.Identity]string{}
	for _, tt := range tests {
		s := signatureOf(tt.d, nil)
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
