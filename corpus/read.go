package corpus

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// MaxFileBytes bounds a file read as a case's input, its answer or a test set's plan: the
// most output a run may print (-output-limit at most), so that no answer a program could
// match is longer, and far past any input of the games' statements. A longer file is
// refused with its size, not read into memory.
const MaxFileBytes = 1 << 30

// NotRegularError is a path read as an input, an answer or a plan that is no regular
// file: a FIFO would block its reader until a writer came, and a device could feed it
// without end.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s: %s, not a regular file: only regular files are read as cases, answers and plans", e.Path, Kind(e.Mode))
}

// Kind names the type of a file that is not regular ("a FIFO"), for a
// message.
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m.IsDir():
		return "a folder"
	}
	return "a file of no regular type"
}

// TooLargeError is a file longer than MaxFileBytes.
type TooLargeError struct {
	Path string
	Size int64 // as much of it as was seen: at least MaxFileBytes+1
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: over %d bytes (%d seen), more than any input or answer may have", e.Path, int64(MaxFileBytes), e.Size)
}

// ReadFile reads the regular file at path (a symlink is followed), whole. It opens the
// file without blocking and checks what it opened before it reads, so that a FIFO or a
// device at path is a *NotRegularError at once rather than a reader stalled for ever; a
// file over MaxFileBytes is a *TooLargeError.
func ReadFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		// A socket cannot be opened at all (ENXIO): say what it is rather than that.
		if st, serr := os.Stat(path); serr == nil && !st.Mode().IsRegular() {
			return nil, &NotRegularError{path, st.Mode()}
		}
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{path, st.Mode()}
	}
	if st.Size() > MaxFileBytes {
		return nil, &TooLargeError{path, st.Size()}
	}
	// O_NONBLOCK does not change how a regular file reads. The file may grow while it is
	// read: the bound holds all the same.
	buf := make([]byte, 0, st.Size()+1)
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > MaxFileBytes {
			return nil, &TooLargeError{path, int64(len(buf))}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // it grew after the stat: let append size it
		}
	}
}

// ReadCase reads the case NAME.in at path on disk, with NAME.ans (required) and NAME.err
// (optional), each with ReadFile: only regular files are read, and the errors name the
// files by their paths as given.
func ReadCase(path string) (Entry, error) {
	if !strings.HasSuffix(path, ".in") {
		return Entry{Path: path}, fmt.Errorf("%s: a corpus case is a NAME.in file, with its answer in NAME.ans", path)
	}
	return readEntry(path, ReadFile)
}

// ReadFolder reads every NAME.in under root, recursively, as ReadCase does, sorted by
// path. A symlinked root or subfolder is read as its target, under the link's path; a
// link back to a folder that holds it is not followed again. It stops, with ctx's error,
// once ctx is done.
func ReadFolder(ctx context.Context, root string) ([]Entry, error) {
	var entries []Entry
	var ancestors []fs.FileInfo
	var walk func(dir string, info fs.FileInfo) error
	walk = func(dir string, info fs.FileInfo) error {
		for _, a := range ancestors {
			if os.SameFile(a, info) {
				return nil // a cycle: this folder's cases are read where it is first met
			}
		}
		ancestors = append(ancestors, info)
		defer func() { ancestors = ancestors[:len(ancestors)-1] }()
		list, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, d := range list {
			if err := ctx.Err(); err != nil {
				return err
			}
			path := filepath.Join(dir, d.Name())
			isIn := strings.HasSuffix(d.Name(), ".in")
			if d.Type()&fs.ModeSymlink == 0 && !d.IsDir() {
				if isIn {
					e, err := ReadCase(path)
					if err != nil {
						return err
					}
					entries = append(entries, e)
				}
				continue
			}
			st, err := os.Stat(path) // a folder, or a symlink: what it leads to
			switch {
			case err == nil && st.IsDir():
				if err := walk(path, st); err != nil {
					return err
				}
			case isIn: // a file, or a dangling link: ReadCase says what is wrong with it
				e, err := ReadCase(path)
				if err != nil {
					return err
				}
				entries = append(entries, e)
			}
		}
		return nil
	}
	st, err := os.Stat(root)
	switch {
	case err != nil:
		return nil, err
	case !st.IsDir():
		return nil, fmt.Errorf("%s: not a folder", root)
	}
	err = walk(root, st)
	sort.Slice(entries, func(i, j int) bool { return entries[i].Path < entries[j].Path })
	return entries, err
}

// readEntry reads the case at path with read: NAME.in, NAME.ans, and NAME.err if it
// exists. Its errors name the files by the paths read takes.
func readEntry(path string, read func(string) ([]byte, error)) (Entry, error) {
	e := Entry{Path: path}
	var err error
	if e.Input, err = read(path); err != nil {
		return e, named(err)
	}
	base := strings.TrimSuffix(path, ".in")
	if e.Answer, err = read(base + ".ans"); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return e, fmt.Errorf("%s has no answer: %s is missing", path, base+".ans")
		}
		return e, fmt.Errorf("%s has no answer: %w", path, named(err))
	}
	errText, err := read(base + ".err")
	if errors.Is(err, fs.ErrNotExist) {
		return e, nil
	}
	if err != nil {
		return e, named(err)
	}
	return e, e.setErr(base+".err", errText)
}

// named is err with a *fs.PathError's operation left out: "PATH: what is wrong", as the
// user reads it.
func named(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}
