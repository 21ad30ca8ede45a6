package corpus_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamediff/corpus"
)

// noHang runs read and fails the test if it has not returned long after any read of a
// small file ends: a reader blocked on a FIFO never returns at all.
func noHang[T any](t *testing.T, what string, read func() (T, error)) (T, error) {
	t.Helper()
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := read()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-time.After(time.Minute):
		t.Fatalf("%s: still reading after a minute: it blocks", what)
	}
	panic("unreachable")
}

// TestReadFileRefusesWhatIsNotARegularFile: a FIFO (no writer), a socket, a device and a
// folder are each refused at once with a *NotRegularError naming the path and what it is.
func TestReadFileRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "x.in")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "s.in")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	folder := filepath.Join(dir, "d.in")
	os.Mkdir(folder, 0o755)
	for _, c := range []struct{ path, kind string }{
		{fifo, "a FIFO"},
		{sock, "a socket"},
		{"/dev/zero", "a character device"},
		{folder, "a folder"},
	} {
		_, err := noHang(t, c.path, func() ([]byte, error) { return corpus.ReadFile(c.path) })
		var nr *corpus.NotRegularError
		if !errors.As(err, &nr) || nr.Path != c.path || !strings.HasPrefix(err.Error(), c.path+": "+c.kind) {
			t.Errorf("ReadFile(%s) = %v, want a *NotRegularError naming it %s", c.path, err, c.kind)
		}
	}
}

// TestReadFileBoundsTheSize: a file over MaxFileBytes is refused by its size, before any
// of it is read (a sparse file: its size costs no disk).
func TestReadFileBoundsTheSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.ans")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(corpus.MaxFileBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var tl *corpus.TooLargeError
	if _, err := corpus.ReadFile(path); !errors.As(err, &tl) || tl.Path != path {
		t.Errorf("ReadFile of %d bytes = %v, want a *TooLargeError naming it", int64(corpus.MaxFileBytes+1), err)
	}
	os.WriteFile(path, []byte("6 cell(s) detected\n"), 0o644)
	if b, err := corpus.ReadFile(path); err != nil || string(b) != "6 cell(s) detected\n" {
		t.Errorf("ReadFile of a small file = %q, %v", b, err)
	}
}

// TestReadCaseNamesTheFileThatIsNoRegularFile: a FIFO standing for a case's answer or
// its .err, or for a case found in a folder, is an error naming that file.
func TestReadCaseNamesTheFileThatIsNoRegularFile(t *testing.T) {
	for _, fifo := range []string{"a.in", "a.ans", "a.err"} {
		t.Run(fifo, func(t *testing.T) {
			dir := t.TempDir()
			for _, name := range []string{"a.in", "a.ans", "a.err"} {
				path := filepath.Join(dir, name)
				if name == fifo {
					if err := syscall.Mkfifo(path, 0o644); err != nil {
						t.Fatal(err)
					}
				} else {
					os.WriteFile(path, []byte("line 1: x\n"), 0o644)
				}
			}
			want := filepath.Join(dir, fifo) + ": a FIFO"
			for name, read := range map[string]func() ([]corpus.Entry, error){
				"ReadCase": func() ([]corpus.Entry, error) {
					e, err := corpus.ReadCase(filepath.Join(dir, "a.in"))
					return []corpus.Entry{e}, err
				},
				"ReadFolder": func() ([]corpus.Entry, error) { return corpus.ReadFolder(context.Background(), dir) },
			} {
				if _, err := noHang(t, name, read); err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%s: %v, want an error with %q", name, err, want)
				}
			}
		})
	}
}

// TestReadFolderFollowsSymlinks: a symlinked root and a symlinked subfolder are read as
// their targets, under the links' paths; a link back to an enclosing folder is not
// followed round again.
func TestReadFolderFollowsSymlinks(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "real")
	other := filepath.Join(base, "other")
	for path, text := range map[string]string{
		filepath.Join(real, "a.in"):       "1",
		filepath.Join(real, "a.ans"):      "2",
		filepath.Join(real, "d", "b.in"):  "3",
		filepath.Join(real, "d", "b.ans"): "4",
		filepath.Join(other, "c.in"):      "5",
		filepath.Join(other, "c.ans"):     "6",
	} {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(base, "link")
	for old, name := range map[string]string{real: link, other: filepath.Join(real, "sub"), base: filepath.Join(real, "d", "loop")} {
		if err := os.Symlink(old, name); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := noHang(t, "ReadFolder", func() ([]corpus.Entry, error) { return corpus.ReadFolder(context.Background(), link) })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, strings.TrimPrefix(e.Path, link+"/")+"="+string(e.Input)+"/"+string(e.Answer))
	}
	// The loop leads back to base, which holds real (being read, as link, and through
	// link itself) and other (read as sub): through it, other is read once more, under its
	// own name, and real not again.
	want := []string{"a.in=1/2", "d/b.in=3/4", "d/loop/other/c.in=5/6", "sub/c.in=5/6"}
	if !slices.Equal(got, want) {
		t.Errorf("read %v, want %v", got, want)
	}
}

// TestReadFolderStopsWithItsContext: a done context ends the reading with its error.
func TestReadFolderStopsWithItsContext(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.in"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "a.ans"), nil, 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := corpus.ReadFolder(ctx, dir); !errors.Is(err, context.Canceled) {
		t.Errorf("ReadFolder with a done context = %v, want context.Canceled", err)
	}
}
