package corpus_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamediff/corpus"
	"gamediff/engine"
)

func TestSaveAndReadCase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "found")
	path, err := corpus.Save(dir, []byte("1\n7\n"), []byte("14\n"), "line 2: bad")
	if err != nil {
		t.Fatal(err)
	}
	e, err := corpus.ReadEntry(os.DirFS(dir), filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	if string(e.Input) != "1\n7\n" || string(e.Answer) != "14\n" || e.ErrLine != 2 {
		t.Fatalf("read back %+v", e)
	}
	if w := engine.TestOf(e).Want; w.Exit != 2 || w.ErrLine != 2 {
		t.Fatalf("want %+v: an .err case expects exit 2 on its line", w)
	}
	// Saving the same input again is the same case.
	again, err := corpus.Save(dir, []byte("1\n7\n"), []byte("14\n"), "")
	if err != nil || again != path {
		t.Fatalf("second save: %s, %v", again, err)
	}
	entries, _ := os.ReadDir(dir)
	for _, d := range entries {
		if d.Name()[0] == '.' {
			t.Errorf("temporary file %s left behind", d.Name())
		}
	}
}

// TestSaveCaseIsWholeOrNothing: a case whose input cannot be written leaves no answer
// behind, and a case saved before is never removed by a failed save.
func TestSaveCaseIsWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	input := []byte("1\n7\n")
	path, err := corpus.Save(dir, input, []byte("14\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	os.Remove(strings.TrimSuffix(path, ".in") + ".ans")
	// NAME.in cannot be written: a folder stands in its place.
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(path, "x"), nil, 0o644)
	if _, err := corpus.Save(dir, input, []byte("14\n"), "line 2: bad"); err == nil {
		t.Fatal("saving over a folder succeeded")
	}
	base := strings.TrimSuffix(path, ".in")
	for _, ext := range []string{".ans", ".err"} {
		if _, err := os.Stat(base + ext); err == nil {
			t.Errorf("%s left behind by a save that failed", base+ext)
		}
	}
}

func TestReadCorpusNeedsAnswersAndWellFormedErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.in", "x")
	write("a.ans", "y")
	if entries, err := corpus.Read(os.DirFS(dir)); err != nil || len(entries) != 1 {
		t.Fatalf("ReadCorpus = %v, %v", entries, err)
	}
	write("b.in", "x")
	if _, err := corpus.Read(os.DirFS(dir)); err == nil {
		t.Fatal("a case without .ans was accepted")
	}
	write("b.ans", "")
	for _, errText := range []string{"oops\n", "line 0: nothing there\n", "line -3: below\n"} {
		write("b.err", errText)
		if _, err := corpus.Read(os.DirFS(dir)); err == nil {
			t.Fatalf("an .err reading %q was accepted", errText)
		}
	}
}

func TestWriteFileAtomicReplaces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	for _, content := range []string{"first", "second, longer"} {
		if err := corpus.WriteAtomic(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); string(b) != content {
			t.Fatalf("read %q, want %q", b, content)
		}
	}
}
