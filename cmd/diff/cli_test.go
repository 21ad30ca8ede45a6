package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayNamesTheFiles: every error of replay names the file or folder at fault as
// the user gave it or can find it, in one line, with exit status 2.
func TestReplayNamesTheFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("noans/mine/a.in", "1 1\n.\nQuit\n")
	write("noans/mine/a.ans", "finish\ntotal step 0\n")
	write("noans/mine/deep/b.in", "1 1\n.\nQuit\n") // no b.ans
	write("badErr/mine/c.in", "1 1\n.\nQuit\n")
	write("badErr/mine/c.ans", "")
	write("badErr/mine/c.err", "no line here\n")
	missing := filepath.Join(dir, "nowhere", "x.in")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "-game", "mine", missing}, missing + ": no such file or folder"},
		{[]string{"replay", "-game", "mine", "-corpus", filepath.Join(dir, "nowhere")},
			"no corpus folder " + filepath.Join(dir, "nowhere", "mine") + " for mine (-corpus " + filepath.Join(dir, "nowhere") + ")"},
		{[]string{"replay", "-game", "mine", filepath.Join(dir, "noans")},
			filepath.Join(dir, "noans/mine/deep/b.in") + " has no answer: " + filepath.Join(dir, "noans/mine/deep/b.ans") + " is missing"},
		{[]string{"replay", "-game", "mine", "-corpus", filepath.Join(dir, "noans")},
			filepath.Join(dir, "noans/mine/deep/b.in") + " has no answer"},
		{[]string{"replay", "-game", "mine", filepath.Join(dir, "badErr/mine/c.in")},
			filepath.Join(dir, "badErr/mine/c.err") + `: first line must start with "line N:"`},
		{[]string{"replay", "-game", "mine", filepath.Join(dir, "noans/mine/a.ans")}, "a.ans: a corpus case is a NAME.in file"},
	} {
		code, _, errs := call(t, "", c.args...)
		if code != exitUsage || !strings.HasPrefix(errs, "gamediff replay: ") || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and one line with %q", c.args[1:], code, errs, exitUsage, c.want)
		}
	}
}

// TestImportRefusesWhatIsNotTheGames: import takes a file only when it is an input of one
// of the game's fuzz targets (a Go corpus file in the target's folder, or any fuzz file
// with -target), or bytes that are a valid input of the game as they are; anything else is
// refused with a message naming the file and why, and nothing is saved.
func TestImportRefusesWhatIsNotTheGames(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	mineDiff := write("FuzzMineDiff/0badc0de", []byte("go test fuzz v1\n[]byte(\"\\x05\\x03\\x01\\x02 mine bytes\")\n"))
	mineLoose := write("loose/0badc0de", []byte("go test fuzz v1\n[]byte(\"\\x05\\x03\\x01\\x02 mine bytes\")\n"))
	random := write("loose/notes.txt", []byte("Some random notes about the fuzzing run, nothing a target reads.\n"))
	short := write("loose/tiny", []byte("ab"))
	odd := write("loose/int", []byte("go test fuzz v1\nint(7)\n"))
	boomValid := write("loose/boom.bin", append([]byte{0, 0, 0, 38}, "1\n3 3\n*__\n___\n__*\n1 1 3\n2 1 1\n1 3 1\n0\n"...))
	corpus := filepath.Join(dir, "corpus")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{mineDiff}, mineDiff + ": a Go fuzz corpus file of FuzzMineDiff, a target of mine, not of boom: import it with -game mine"},
		{[]string{mineLoose}, mineLoose + ": a Go fuzz corpus file outside a target's folder"},
		{[]string{random}, random + ": neither a Go fuzz corpus file (its first line is not \"go test fuzz v1\") nor, read as a libFuzzer input, a valid boom input (line 1: "},
		{[]string{short}, short + ": neither a Go fuzz corpus file (its first line is not \"go test fuzz v1\") nor a libFuzzer input (2 bytes: too short)"},
		{[]string{odd}, odd + ": a Go fuzz corpus file, but not of a target of gamediff: expected one []byte(...) value"},
		{[]string{"-target", "FuzzMineParse", boomValid}, boomValid + ": a libFuzzer input of FuzzMineParse, a target of mine, not of boom"},
		{[]string{"-target", "FuzzChessDiff", random}, "a libFuzzer input of FuzzChessDiff, which is no game's target"},
		{[]string{"-target", "Chess", random}, "-target Chess: not a fuzz target: the targets are Fuzz<Game>Diff and Fuzz<Game>Parse, such as FuzzBoomDiff"},
		{[]string{boomValid, random}, random + ": neither a Go fuzz corpus file"}, // the first is the game's: nothing is saved all the same
		{[]string{filepath.Join(dir, "none")}, filepath.Join(dir, "none") + ": no such file"},
	} {
		args := append([]string{"import", "-game", "boom", "-corpus", corpus}, c.args...)
		code, out, errs := call(t, "", args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, "gamediff import: ") || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and one line with %q", c.args, code, out, errs, exitUsage, c.want)
		}
		if _, err := os.Stat(corpus); err == nil {
			t.Fatalf("%v: a refused import wrote %s", c.args, corpus)
		}
	}
	// What is the game's is taken: a libFuzzer input whose bytes are a boom case, and
	// random bytes that the user says are a crash of boom's Diff target.
	for _, args := range [][]string{{boomValid}, {"-target", "FuzzBoomDiff", random}} {
		code, out, errs := call(t, "", append([]string{"import", "-game", "boom", "-corpus", corpus}, args...)...)
		if code != exitOK || !strings.Contains(out, " -> "+filepath.Join(corpus, "boom", "found")) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want the case saved", args, code, out, errs)
		}
	}
}
