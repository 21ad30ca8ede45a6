package engine_test

import (
	"gamediff/corpus"
	"gamediff/outcome"

	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

// fullFolder mounts a small tmpfs (it needs the rights to mount, which CI, as root, has)
// and returns its folder and a function that uses up its inodes, so that no file can be
// made in it afterwards: a filesystem out of inodes, as a full disk refuses a new file.
func fullFolder(t *testing.T) (string, func()) {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=1m,nr_inodes=64"); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (%v): a full filesystem cannot be made here", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	fill := func() {
		for i := 0; ; i++ {
			f, err := os.Create(filepath.Join(dir, fmt.Sprintf(".filler-%d", i)))
			if errors.Is(err, syscall.ENOSPC) {
				return
			}
			if err != nil {
				t.Errorf("filling %s: %v", dir, err)
				return
			}
			f.Close()
		}
	}
	return dir, fill
}

// TestFullFoundFolderKeepsTheCaseAsFound: when the found folder runs out of inodes after
// the case as found was saved there, the minimized case goes to the temporary folder, and
// the case as found stays whole in the found folder, named beside it (Also): it is not
// removed for a case saved elsewhere.
func TestFullFoundFolderKeepsTheCaseAsFound(t *testing.T) {
	found, fill := fullFolder(t)
	t.Setenv("TMPDIR", t.TempDir())
	start := toyCase{3, 9, 12, 7, 30, 8}
	sum := hunt(t, context.Background(), engine.HuntConfig{Game: fixedCase{game(t, "wrong-on-7"), start}, Seed: 1, Cases: 1, Workers: 2,
		FoundDir: found, Note: func(line string) {
			if strings.Contains(line, ": minimizing (") {
				fill() // the case as found is saved: nothing more fits
			}
		}})
	if len(sum.Findings) != 1 {
		t.Fatalf("findings %+v, want one", sum.Findings)
	}
	f := sum.Findings[0]
	if string(f.Input) != "1\n7\n" || !f.Minimize.Complete {
		t.Fatalf("minimized to %q (complete %v), want %q", f.Input, f.Minimize.Complete, "1\n7\n")
	}
	if !strings.HasPrefix(f.Path, filepath.Join(os.Getenv("TMPDIR"), "gamediff-kept-")) {
		t.Errorf("the minimized case is at %q, want it in the temporary folder", f.Path)
	}
	if e, err := corpus.ReadEntry(os.DirFS(filepath.Dir(f.Path)), filepath.Base(f.Path)); err != nil || string(e.Input) != "1\n7\n" || string(e.Answer) != "14\n" {
		t.Errorf("the minimized case at %s: %+v, %v", f.Path, e, err)
	}
	if len(f.Also) != 1 || filepath.Dir(f.Also[0]) != found {
		t.Fatalf("also saved %v, want the case as found, in %s", f.Also, found)
	}
	e, err := corpus.ReadEntry(os.DirFS(found), filepath.Base(f.Also[0]))
	if err != nil || string(e.Input) != string(start.Encode()) {
		t.Errorf("the case as found is not kept whole at %s: %+v, %v", f.Also[0], e, err)
	}
	if !strings.Contains(f.Note, f.Also[0]) {
		t.Errorf("note %q: want it to say where each case is", f.Note)
	}
}

// TestUnwritableEverywhereCarriesTheCase: when neither the found folder nor the temporary
// one can be written (a folder under a regular file: unwritable even for root), the
// finding carries its whole input, in -json too, with why it is not saved, and no path.
func TestUnwritableEverywhereCarriesTheCase(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", filepath.Join(file, "tmp"))
	for _, tt := range []struct {
		name     string
		minimize bool
		want     string
	}{
		{"minimized", true, "1\n7\n"},
		{"as found", false, string(toyCase{3, 9, 12, 7, 30, 8}.Encode())},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := engine.HuntConfig{Game: fixedCase{game(t, "wrong-on-7"), toyCase{3, 9, 12, 7, 30, 8}}, Seed: 1, Cases: 1, Workers: 2,
				FoundDir: filepath.Join(file, "found")}
			if !tt.minimize {
				cfg.MinimizeTime = -1
			}
			sum := hunt(t, context.Background(), cfg)
			if len(sum.Findings) != 1 {
				t.Fatalf("findings %+v, want one", sum.Findings)
			}
			f := sum.Findings[0]
			if f.Path != "" || len(f.Also) != 0 || string(f.Input) != tt.want {
				t.Errorf("path %q, also %v, input %q: want no file, and the input %q", f.Path, f.Also, f.Input, tt.want)
			}
			if !strings.Contains(f.Unsaved, "not a directory") {
				t.Errorf("unsaved %q: want why", f.Unsaved)
			}
			b, _ := json.Marshal(f)
			var back struct{ Input, Unsaved string }
			if err := json.Unmarshal(b, &back); err != nil || back.Input != tt.want || back.Unsaved != f.Unsaved {
				t.Errorf("-json carries %s, want the input %q and why", b, tt.want)
			}
		})
	}
}

// TestUnwritableEverywhereSaysSoOfWhatIsNoFinding: a reference's failure whose input no
// folder takes says it is kept nowhere (its report prints it whole), never "kept in" an
// empty path.
func TestUnwritableEverywhereSaysSoOfWhatIsNoFinding(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", filepath.Join(file, "tmp"))
	_, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: fixedCase{game(t, "ref-loops-on-42"), toyCase{3, 42}}, Seed: 1, Cases: 1,
		RefLimits: sandbox.Limits{Time: cpuclock.Limit(300 * time.Millisecond)}, FoundDir: filepath.Join(file, "found")})
	var rf *outcome.RefFailure
	if !errors.As(err, &rf) || rf.Path != "" || !strings.Contains(rf.Error(), "kept nowhere") || string(rf.Input) != string(toyCase{3, 42}.Encode()) {
		t.Fatalf("error %v: want the reference's failure, its input carried whole and said kept nowhere", err)
	}
}
