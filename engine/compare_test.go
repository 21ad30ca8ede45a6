package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"gamediff/engine"
)

func TestCompare(t *testing.T) {
	ok := func(out string) engine.Result { return engine.Result{Solver: "x", Stdout: []byte(out)} }
	inputErr := func(out string, line int) engine.Result {
		return engine.Result{Solver: "x", Stdout: []byte(out), Exit: 2, ErrLine: line}
	}
	tests := []struct {
		name      string
		want, got engine.Result
		eq        engine.Equal
		kind      engine.Kind // empty: no divergence
		verdict   string
	}{
		{"same", ok("a\n"), ok("a\n"), nil, "", ""},
		{"stdout", ok("a\n"), ok("b\n"), nil, engine.KindStdout, "WA"},
		{"missing final newline", ok("a\n"), ok("a"), nil, engine.KindStdout, "WA"},
		{"tokens ignore spacing", ok("1 2\n3\n"), ok("1  2 3"), engine.Tokens, "", ""},
		{"tokens still compare words", ok("1 2\n"), ok("1 3\n"), engine.Tokens, engine.KindStdout, "WA"},
		{"exit", ok(""), engine.Result{Solver: "x", Exit: 1}, nil, engine.KindExit, "RE"},
		{"exit where ref fails", inputErr("", 3), ok(""), nil, engine.KindExit, "WA"},
		{"error line", inputErr("a\n", 3), inputErr("a\n", 4), nil, engine.KindErrorLine, "WA"},
		{"same input error", inputErr("a\n", 3), inputErr("a\n", 3), nil, "", ""},
		{"panic", ok(""), engine.Result{Solver: "x", Status: engine.Panicked}, nil, engine.KindPanic, "RE"},
		{"timeout beats equal stdout", ok(""), engine.Result{Solver: "x", Status: engine.TimedOut}, nil, engine.KindTimeout, "TLE"},
		{"output limit", ok(""), engine.Result{Solver: "x", Status: engine.OutputLimit}, nil, engine.KindOutputLimit, "OLE"},
		{"reference crashes", engine.Result{Solver: "ref", Status: engine.Panicked}, ok(""), nil, engine.KindPanic, "RE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := engine.Compare(tt.want, tt.got, tt.eq)
			if tt.kind == "" {
				if d != nil {
					t.Fatalf("divergence %s, want none", d.Kind)
				}
				return
			}
			if d == nil || d.Kind != tt.kind || d.Verdict() != tt.verdict {
				t.Fatalf("got %+v, want %s (%s)", d, tt.kind, tt.verdict)
			}
		})
	}
}

func TestFirstDifferenceShowsRealLineNumbersAndOnlyAWindow(t *testing.T) {
	var want, got strings.Builder
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&want, "line %d\n", i)
		if i == 1234 {
			fmt.Fprintf(&got, "LINE %d\n", i)
		} else {
			fmt.Fprintf(&got, "line %d\n", i)
		}
	}
	diff := engine.FirstDifference([]byte(want.String()), []byte(got.String()), 2, 5)
	for _, s := range []string{"@@ output line 1232 @@", " line 1232\n", "-line 1234\n", "+LINE 1234\n", "…"} {
		if !strings.Contains(diff, s) {
			t.Errorf("diff lacks %q:\n%s", s, diff)
		}
	}
	if strings.Contains(diff, "line 1231\n") || strings.Contains(diff, "line 1240\n") {
		t.Errorf("diff shows lines outside its window:\n%s", diff)
	}
}

func TestFirstDifferenceShowsAMissingNewline(t *testing.T) {
	diff := engine.FirstDifference([]byte("a\nb\n"), []byte("a\nb"), 3, 10)
	if !strings.Contains(diff, "no newline at end") {
		t.Errorf("diff does not show the missing final newline:\n%s", diff)
	}
}

func TestFirstDifferenceClipsLongLinesAroundTheDifference(t *testing.T) {
	long := strings.Repeat("<1, 2, 3>, ", 5000)
	want := "RUNNING: [" + long + "<9, 9, 1>, " + long + "]\n"
	got := "RUNNING: [" + long + "<9, 9, 2>, " + long + "]\n"
	diff := engine.FirstDifference([]byte(want), []byte(got), 3, 10)
	if len(diff) > 1000 {
		t.Fatalf("diff of two 110 KB lines is %d bytes long", len(diff))
	}
	if !strings.Contains(diff, "-…") || !strings.Contains(diff, "<9, 9, 1>") || !strings.Contains(diff, "<9, 9, 2>") {
		t.Fatalf("the clipped lines do not show the differing cell:\n%s", diff)
	}
}
