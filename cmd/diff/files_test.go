package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamediff/testutil/clitest"
)

// callWithin runs a subcommand in-process as call does, and fails the test if it has not
// returned within a bound far past what the command takes: a command blocked on a file
// never returns at all.
func callWithin(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code      int
		out, errs string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errs := call(t, "", args...)
		done <- result{code, out, errs}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.errs
	case <-time.After(5 * time.Minute):
		t.Fatalf("%v: no end after 5 minutes: it blocks", args)
	}
	panic("unreachable")
}

// writeFiles writes each file of files (path under dir → content), making its folders.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// mkfifo makes a FIFO at path, its folders first.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}

// sample is a hand-made case of mine's corpus: its input and answer.
func sample(t *testing.T, name string) (string, string) {
	t.Helper()
	in, err := os.ReadFile(clitest.Path("corpus", "mine", name+".in"))
	if err != nil {
		t.Fatal(err)
	}
	ans, err := os.ReadFile(clitest.Path("corpus", "mine", name+".ans"))
	if err != nil {
		t.Fatal(err)
	}
	return string(in), string(ans)
}

// TestAFIFOIsAnErrorNamingIt: a FIFO where a test, a saved case, a corpus case or a plan
// is read (no writer ever opens it) ends judge, replay, a program's hunt, the ref-against-
// fast hunt and gen with exit status 2 and one line naming it; none of them blocks.
func TestAFIFOIsAnErrorNamingIt(t *testing.T) {
	right := filepath.Join(clitest.Zoo(t), "mine")
	in, ans := sample(t, "sample-1")
	tests, found, corpusRoot, set := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	writeFiles(t, tests, map[string]string{"1.in": in, "1.ans": ans, "x.ans": ans})
	mkfifo(t, filepath.Join(tests, "x.in"))
	writeFiles(t, found, map[string]string{"mine/1.in": in, "mine/1.ans": ans, "mine/x.in": in})
	mkfifo(t, filepath.Join(found, "mine", "x.ans"))
	writeFiles(t, corpusRoot, map[string]string{"mine/1.in": in, "mine/1.ans": ans, "mine/found/x.in": in, "mine/found/x.ans": ans})
	mkfifo(t, filepath.Join(corpusRoot, "mine", "found", "x.err"))
	writeFiles(t, set, map[string]string{"1.in": in})
	mkfifo(t, filepath.Join(set, "plan.txt"))
	for _, c := range []struct {
		args []string
		fifo string
	}{
		{[]string{"judge", "-game", "mine", tests}, filepath.Join(tests, "x.in")},
		{[]string{"judge", "-game", "mine", "-cmd", right, tests}, filepath.Join(tests, "x.in")},
		{[]string{"replay", "-game", "mine", tests}, filepath.Join(tests, "x.in")},
		{[]string{"hunt", "-game", "mine", "-cmd", right, "-o", found, "-cases", "5"}, filepath.Join(found, "mine", "x.ans")},
		{[]string{"hunt", "-game", "mine", "-corpus", corpusRoot, "-cases", "5"}, filepath.Join(corpusRoot, "mine", "found", "x.err")},
		{[]string{"replay", "-game", "mine", "-corpus", corpusRoot}, filepath.Join(corpusRoot, "mine", "found", "x.err")},
		{[]string{"gen", "-game", "paint", "-o", set, "-timing=false"}, "plan.txt is a FIFO"},
	} {
		code, _, errs := callWithin(t, c.args...)
		last := firstLineOf(errs[strings.LastIndex(strings.TrimSuffix(errs, "\n"), "\n")+1:])
		if code != exitUsage || !strings.Contains(last, c.fifo) || !strings.Contains(last, "FIFO") {
			t.Errorf("%v: exit %d, last line %q; want %d naming the FIFO %s\n%s", c.args, code, last, exitUsage, c.fifo, errs)
		}
	}
}

// damage writes a copy of a sample case into dir twice: with an empty answer, and with its
// answer changed by hand; and returns the two inputs' paths.
func damage(t *testing.T, dir string) []string {
	t.Helper()
	in, ans := sample(t, "sample-1")
	edited := strings.Replace(ans, "detected", "detectde", 1)
	if edited == ans {
		t.Fatalf("sample-1.ans holds no %q to edit: %q", "detected", ans)
	}
	writeFiles(t, dir, map[string]string{"empty.in": in, "empty.ans": "", "edited.in": in, "edited.ans": edited})
	return []string{filepath.Join(dir, "edited.in"), filepath.Join(dir, "empty.in")}
}

// TestADamagedSavedCaseIsNoFailure: a saved case whose answer was emptied or edited by
// hand, which ref does not reproduce, is reported as a damaged saved case, named, with
// what ref prints, and never as a failure of the right program under test, or of fast:
// the hunts exit 0. replay names it DAMAGED and holds nothing against fast.
func TestADamagedSavedCaseIsNoFailure(t *testing.T) {
	right := filepath.Join(clitest.Zoo(t), "mine")
	found, corpusRoot := t.TempDir(), t.TempDir()
	damagedFound := damage(t, filepath.Join(found, "mine"))
	damagedCorpus := damage(t, filepath.Join(corpusRoot, "mine", "found"))
	for _, c := range []struct {
		args    []string
		damaged []string
	}{
		{[]string{"hunt", "-game", "mine", "-cmd", right, "-o", found}, damagedFound},
		{[]string{"hunt", "-game", "mine", "-corpus", corpusRoot}, damagedCorpus},
	} {
		code, out, errs := callWithin(t, append(c.args, "-cases", "3", "-seed", "1", "-json")...)
		var sum struct {
			Replayed *struct {
				Cases        int
				StillFailing []struct{ Test string } `json:"still_failing"`
				Damaged      []struct{ Test, Ref string }
			}
		}
		if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Replayed == nil {
			t.Fatalf("%v: exit %d, stdout %q (%v): want the summary with its replay\n%s", c.args, code, out, err, errs)
		}
		r := sum.Replayed
		var damaged []string
		for _, d := range r.Damaged {
			damaged = append(damaged, d.Test)
			if !strings.Contains(d.Ref, "ref prints") {
				t.Errorf("%v: %s: %q does not say what ref prints", c.args, d.Test, d.Ref)
			}
		}
		if code != exitOK || len(r.StillFailing) != 0 || !slices.Equal(damaged, c.damaged) {
			t.Errorf("%v: exit %d, still failing %v, damaged %v; want exit 0, none failing, damaged %v\n%s",
				c.args, code, r.StillFailing, damaged, c.damaged, errs)
		}
		for _, path := range c.damaged {
			if !strings.Contains(errs, path+": a damaged saved case: ref does not reproduce its saved answer (at line ") {
				t.Errorf("%v: stderr does not name %s as a damaged saved case:\n%s", c.args, path, errs)
			}
		}
	}
	code, out, errs := callWithin(t, "replay", "-game", "mine", filepath.Join(corpusRoot, "mine"))
	for _, path := range damagedCorpus {
		if !strings.Contains(out, "DAMAGED "+path+": ref does not reproduce its saved answer") {
			t.Errorf("replay does not name %s DAMAGED:\n%s", path, out)
		}
	}
	if code != exitFound || strings.Contains(out, "FAIL") || !strings.Contains(errs, "2 damaged cases") {
		t.Errorf("replay: exit %d, stdout %q, stderr %q; want %d, the damaged cases counted, nothing held against fast", code, out, errs, exitFound)
	}
}

// TestSymlinkedFoldersAreTheirTargets: a symlink to a folder of tests, a corpus's game
// folder that is a symlink, and a -o whose game folder is a symlink are read as their
// targets: the same cases, judged and replayed; a link to a game's folder is of its game.
func TestSymlinkedFoldersAreTheirTargets(t *testing.T) {
	right := filepath.Join(clitest.Zoo(t), "mine")
	in, ans := sample(t, "sample-1")
	base := t.TempDir()
	writeFiles(t, base, map[string]string{"tests/1.in": in, "tests/1.ans": ans, "elsewhere/1.in": in, "elsewhere/1.ans": ans,
		"mine/1.in": in, "mine/1.ans": ans})
	symlink := func(target, link string) string {
		t.Helper()
		os.MkdirAll(filepath.Dir(link), 0o755)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		return link
	}
	tests := symlink(filepath.Join(base, "tests"), filepath.Join(base, "tests-link"))
	out := filepath.Join(base, "out")
	symlink(filepath.Join(base, "elsewhere"), filepath.Join(out, "mine"))
	corpusRoot := filepath.Join(base, "corpus")
	symlink(filepath.Join(base, "tests"), filepath.Join(corpusRoot, "mine"))
	gameLink := symlink(filepath.Join(base, "mine"), filepath.Join(base, "cases"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"judge", "-game", "mine", tests}, "1/1 passed"},
		{[]string{"judge", "-game", "mine", "-cmd", right, tests}, "1/1 passed"},
		{[]string{"replay", "-game", "mine", tests}, "mine: 1 case, 0 runs failed"},
		{[]string{"replay", "-game", "mine", "-corpus", corpusRoot}, "mine: 1 case, 0 runs failed"},
		{[]string{"replay", gameLink}, "mine: 1 case, 0 runs failed"}, // the game of the folder it leads to
		{[]string{"hunt", "-game", "mine", "-cmd", right, "-o", out, "-cases", "3"},
			"replayed 1 saved case of " + filepath.Join(out, "mine") + " on the program first: 0 still fail"},
		{[]string{"hunt", "-game", "mine", "-corpus", corpusRoot, "-cases", "3"},
			"replayed 1 saved case of " + filepath.Join(corpusRoot, "mine") + " on fast first: 0 still fail"},
	} {
		code, _, errs := callWithin(t, c.args...)
		if code != exitOK || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want 0 and %q:\n%s", c.args, code, c.want, errs)
		}
	}
}

// listSet returns the names in dir, each with its type and, for a file, its content.
func listSet(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		item := e.Name() + " " + e.Type().String()
		if e.Type().IsRegular() {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			item += " " + string(b)
		}
		out = append(out, item)
	}
	return out
}

// TestGenChecksTheWholeFolderFirst: an earlier set whose plan names a file that is now a
// folder, a FIFO or a symlink is refused, naming it, before any file is removed; a
// symlink to an earlier set's folder is that folder.
func TestGenChecksTheWholeFolderFirst(t *testing.T) {
	base := t.TempDir()
	set := filepath.Join(base, "set")
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", set, "-seed", "1", "-timing=false"); code != exitOK {
		t.Fatalf("gen: exit %d\n%s", code, errs)
	}
	plan, err := os.ReadFile(filepath.Join(set, "plan.txt"))
	if err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(base, "outside")
	os.WriteFile(outside, []byte("the user's\n"), 0o644)
	for _, c := range []struct {
		what    string
		replace func(path string) error
		kind    string
	}{
		{"a folder", func(path string) error {
			if err := os.Mkdir(path, 0o755); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(path, "keep"), nil, 0o644)
		}, "a folder"},
		{"a FIFO", func(path string) error { return syscall.Mkfifo(path, 0o644) }, "a FIFO"},
		{"a symlink", func(path string) error { return os.Symlink(outside, path) }, "a symlink"},
	} {
		t.Run(c.what, func(t *testing.T) {
			dir := t.TempDir()
			code, _, errs := call(t, "", "gen", "-game", "paint", "-o", dir, "-seed", "1", "-timing=false")
			if code != exitOK {
				t.Fatalf("gen: exit %d\n%s", code, errs)
			}
			// The last test's input: gen lists (and would remove) every other file first.
			last := filepath.Join(dir, "2.in")
			os.Remove(last)
			if err := c.replace(last); err != nil {
				t.Fatal(err)
			}
			before := listSet(t, dir)
			code, _, errs = callWithin(t, "gen", "-game", "paint", "-o", dir, "-seed", "2", "-timing=false")
			if code != exitUsage || !strings.Contains(errs, "2.in ("+c.kind) {
				t.Errorf("gen over a set holding 2.in as %s: exit %d, stderr %q; want %d naming it", c.what, code, errs, exitUsage)
			}
			if after := listSet(t, dir); !slices.Equal(after, before) {
				t.Errorf("a refused gen changed the folder:\nbefore %q\nafter  %q", before, after)
			}
		})
	}
	if b, _ := os.ReadFile(outside); string(b) != "the user's\n" {
		t.Errorf("the file a symlink led to was changed: %q", b)
	}
	link := filepath.Join(base, "set-link")
	os.Symlink(set, link)
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", link, "-seed", "3", "-timing=false"); code != exitOK {
		t.Fatalf("gen through a symlink to an earlier set: exit %d\n%s", code, errs)
	}
	if now, _ := os.ReadFile(filepath.Join(set, "plan.txt")); string(now) == string(plan) || !strings.Contains(string(now), "seed 3") {
		t.Errorf("gen through the symlink did not rewrite the set it leads to")
	}
}

// TestHuntFlagErrorsBeforeTheHunt: a -case past the hunt's last case index, a ruling of
// another game than -game's in -skip-rule and a -report folder that cannot be written are
// usage errors, each one line naming the flag and the value, given before anything runs.
func TestHuntFlagErrorsBeforeTheHunt(t *testing.T) {
	base := t.TempDir()
	file := filepath.Join(base, "file")
	os.WriteFile(file, nil, 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-seed", "1", "-case", "9223372036854775807"},
			"gamediff hunt: -case 9223372036854775807: a hunt's case indices are 0 to 9223372036854775806"},
		{[]string{"-skip-rule", "R-M1,R-B1"}, "gamediff hunt: -skip-rule R-B1 is a ruling of boom, not of mine (-game mine)"},
		{[]string{"-skip-rule", "r-d1"}, "gamediff hunt: -skip-rule R-D1 is a ruling of datamining, not of mine (-game mine)"},
		{[]string{"-report", filepath.Join(file, "pages")}, "gamediff hunt: -report " + filepath.Join(file, "pages") + ": " + file + " is not a folder"},
		{[]string{"-report", filepath.Join(file, "a", "b")}, "gamediff hunt: -report " + filepath.Join(file, "a", "b") + ": " + file + " is not a folder"},
		{[]string{"-report", file}, "gamediff hunt: -report " + file + ": not a folder"},
	}
	if os.Geteuid() != 0 { // root writes in a folder whatever its mode
		locked := filepath.Join(base, "locked")
		os.Mkdir(locked, 0o555)
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{"-report", locked}, "gamediff hunt: -report " + locked + ": no file can be written in " + locked + ": permission denied"})
	}
	for _, c := range cases {
		code, out, errs := call(t, "", append([]string{"hunt", "-game", "mine", "-cases", "1"}, c.args...)...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and one line starting %q", c.args, code, errs, exitUsage, c.want)
		}
	}
}

// TestHuntRunsItsLastCaseIndex: the last index -case accepts runs its case.
func TestHuntRunsItsLastCaseIndex(t *testing.T) {
	clitest.Long(t, "that the last case index -case accepts runs")
	code, out, errs := call(t, "", "hunt", "-game", "mine", "-seed", "1", "-case", "9223372036854775806", "-workers", "1", "-json")
	var sum struct{ Cases int64 }
	if err := json.Unmarshal([]byte(out), &sum); err != nil || code != exitOK || sum.Cases != 1 {
		t.Errorf("-case 9223372036854775806: exit %d, %+v (%v); want its one case run\n%s", code, sum, err, errs)
	}
}

// TestReportFolderCheck: -report's folder passes when it is a folder a file can be written
// in, or when the nearest folder that exists on its path is (the first page makes the
// rest), and nothing is left there by the check.
func TestReportFolderCheck(t *testing.T) {
	base := t.TempDir()
	file := filepath.Join(base, "file")
	os.WriteFile(file, nil, 0o644)
	for _, c := range []struct {
		dir, err string
	}{
		{base, ""},
		{filepath.Join(base, "new", "deeper"), ""},
		{file, file + ": not a folder"},
		{filepath.Join(file, "x"), filepath.Join(file, "x") + ": " + file + " is not a folder"},
	} {
		err := checkReportFolder(c.dir)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)) {
			t.Errorf("checkReportFolder(%s) = %v, want %q", c.dir, err, c.err)
		}
	}
	if names := listSet(t, base); len(names) != 1 {
		t.Errorf("the check left %q in %s", names, base)
	}
}
