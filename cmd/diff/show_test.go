package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamediff/testutil/golden"
)

func corpusFile(t *testing.T, game, name string) string {
	t.Helper()
	path := filepath.Join("..", "..", "corpus", game, name)
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestShowPicturesSteps: diff show on each statement's sample, whole or one step, from a
// FILE or stdin; the pictures are golden files (their content is tested in package
// picture), and the steps chosen are checked here.
func TestShowPicturesSteps(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		stdin  string // a corpus file to send on stdin instead of naming it
		frames int    // the pictures the output holds
		first  string // the first picture's title
	}{
		{name: "mine-sample", args: []string{"-game", "mine", "mine/sample-1.in"}, frames: 13, first: "the start (input line 1)"},
		{name: "mine-step-10", args: []string{"-game", "mine", "-step", "10", "mine/sample-1.in"}, frames: 1,
			first: "operation 10: DSweep 1 2 (input line 14)"},
		{name: "boom-game-5", args: []string{"-game", "boom", "-dataset", "5"}, stdin: "boom/sample-1.in", frames: 5,
			first: "game 5 at its start (input line 30)"},
		{name: "boom-step-1", args: []string{"-game", "boom", "-step", "1", "boom/sample-1.in"}, frames: 1,
			first: "game 1, operation 1: 1 3 1, a left click (input line 6)"},
		{name: "tower-command", args: []string{"-game", "tower", "-dataset", "2", "-step", "3", "tower/sample-1.in"}, frames: 2,
			first: "dataset 2, command 3: CLIMB RIGHT, after the action (input line 30)"},
		{name: "datamining-board-3", args: []string{"-game", "datamining", "-step", "3"}, stdin: "datamining/sample-1.in", frames: 1,
			first: "board 3 (input line 9)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"show"}, c.args...)
			stdin := ""
			if c.stdin != "" {
				b, err := os.ReadFile(corpusFile(t, strings.Split(c.stdin, "/")[0], strings.Split(c.stdin, "/")[1]))
				if err != nil {
					t.Fatal(err)
				}
				stdin = string(b)
			} else {
				last := args[len(args)-1]
				args[len(args)-1] = corpusFile(t, filepath.Dir(last), filepath.Base(last))
			}
			code, out, errs := call(t, stdin, args...)
			if code != exitOK || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			pictures := strings.Split(strings.TrimSuffix(out, "\n"), "\n\n")[1:] // after the legend
			if len(pictures) != c.frames || !strings.HasPrefix(pictures[0], c.first+"\n") {
				t.Errorf("%d pictures, the first %q; want %d, the first %q", len(pictures), strings.SplitN(pictures[0], "\n", 2)[0], c.frames, c.first)
			}
			if strings.Contains(out, "\x1b") {
				t.Errorf("colour codes in output that is not a terminal")
			}
			golden.Check(t, "show/"+c.name+".txt", []byte(out))
		})
	}
}

func TestShowInputErrorPrintsTheStepsBefore(t *testing.T) {
	code, out, errs := call(t, "2 3\n...\n..*\nSweep 2 1\nDSweep 2 12\nQuit\n", "show", "-game", "mine")
	if code != 2 || !strings.HasPrefix(errs, "line 5: ") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("exit %d, stderr %q; want 2 and the error naming line 5", code, errs)
	}
	if !strings.Contains(out, "operation 1: Sweep 2 1 (input line 4)\n  → 4 cell(s) detected\n") || strings.Contains(out, "operation 2") {
		t.Errorf("stdout does not hold exactly the step before the error:\n%s", out)
	}
	golden.Check(t, "show/mine-input-error.txt", []byte(out))
}

func TestShowColourOnATerminal(t *testing.T) {
	in, err := os.ReadFile(corpusFile(t, "mine", "sample-1.in"))
	if err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	e := &env{stdin: bytes.NewReader(in), stdout: &out, stderr: &errs, stdoutIsTerm: true}
	if code := dispatch(context.Background(), []string{"show", "-game", "mine", "-step", "1"}, e); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	// The Sweep's cell, marked: black on yellow, the brackets kept.
	if !strings.Contains(out.String(), "\x1b[30;43m(0)\x1b[0m") {
		t.Errorf("no colour on a terminal:\n%q", out.String())
	}
}

func TestShowUsageErrors(t *testing.T) {
	sample := corpusFile(t, "mine", "sample-1.in")
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"show"}, "-game is required"},
		{[]string{"show", "-game", "chess"}, "unknown game"},
		{[]string{"show", "-game", "mine", sample, sample}, "one FILE at most"},
		{[]string{"show", "-game", "mine", filepath.Join(t.TempDir(), "none.in")}, "no such file"},
		{[]string{"show", "-game", "mine", "-step", "99", sample}, "no such step"},
		{[]string{"show", "-game", "boom", "-dataset", "9", corpusFile(t, "boom", "sample-1.in")}, "no such step"},
		{[]string{"show", "-game", "mine", "-step", "-5", sample}, "-step -5: a step is 0 (the start) or more"},
		{[]string{"show", "-game", "mine", "-dataset", "3", sample}, "-dataset: mine is one game, with no datasets"},
		{[]string{"show", "-game", "tower", "-dataset", "0", sample}, "-dataset 0: the datasets are numbered from 1"},
	} {
		code, out, errs := call(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errs, c.stderr) || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, no stdout and one line with %q", c.args, code, out, errs, exitUsage, c.stderr)
		}
	}
}

// TestShowBadInputPrintsNoLegend: an input rejected before any step prints its error
// alone, not the legend of pictures that never come.
func TestShowBadInputPrintsNoLegend(t *testing.T) {
	for _, c := range []struct{ game, input, stderr string }{
		{"mine", "x 3\n", "line 1: "},
		{"boom", "", "line 1: "},
		{"tower", "3 3\n..\n", "line 3: "},
		{"datamining", "3 3\n...\n...\nM?.\n", "line 4: "},
	} {
		code, out, errs := call(t, c.input, "show", "-game", c.game)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, c.stderr) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s %q: exit %d, stdout %q, stderr %q; want %d, no stdout and one line %q…", c.game, c.input, code, out, errs, exitUsage, c.stderr)
		}
	}
}
