package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Entry is one corpus case: NAME.in, the expected stdout NAME.ans, and, for an input that
// is an input error (R-IN1), NAME.err whose first line starts with "line N:".
type Entry struct {
	Path    string // NAME.in
	Input   []byte
	Answer  []byte
	ErrLine int    // the line NAME.err names; 0 when the input must be accepted
	ErrText string // NAME.err's first line, for reports
}

var errLinePattern = regexp.MustCompile(`^line (\d+):`)

// Read reads every NAME.in of fsys, recursively, with its NAME.ans (required) and
// NAME.err (optional), sorted by path. Paths are fsys's: the corpus carried in the binary
// (Game); a folder on disk is read with ReadFolder, which follows its symlinks and never
// blocks on what it opens.
func Read(fsys fs.FS) ([]Entry, error) {
	var entries []Entry
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".in") {
			return err
		}
		e, err := ReadEntry(fsys, path)
		if err != nil {
			return err
		}
		entries = append(entries, e)
		return nil
	})
	sort.Slice(entries, func(i, j int) bool { return entries[i].Path < entries[j].Path })
	return entries, err
}

// ReadEntry reads NAME.in at path of fsys, NAME.ans and NAME.err if present. Only regular
// files are read (a *NotRegularError otherwise); a case on disk is read with ReadCase,
// which never blocks on what it opens.
func ReadEntry(fsys fs.FS, path string) (Entry, error) {
	return readEntry(path, func(name string) ([]byte, error) {
		st, err := fs.Stat(fsys, name)
		switch {
		case err != nil:
			return nil, err
		case !st.Mode().IsRegular():
			return nil, &NotRegularError{name, st.Mode()}
		case st.Size() > MaxFileBytes:
			return nil, &TooLargeError{name, st.Size()}
		}
		return fs.ReadFile(fsys, name)
	})
}

// setErr takes NAME.err's text, read from errPath: its first line must name the line of
// the input error.
func (e *Entry) setErr(errPath string, text []byte) error {
	e.ErrText, _, _ = strings.Cut(string(text), "\n")
	m := errLinePattern.FindStringSubmatch(e.ErrText)
	if m == nil {
		return fmt.Errorf("%s: first line must start with \"line N:\", found %q", errPath, e.ErrText)
	}
	e.ErrLine, _ = strconv.Atoi(m[1])
	if e.ErrLine < 1 {
		return fmt.Errorf("%s: names line %d: lines are numbered from 1", errPath, e.ErrLine)
	}
	return nil
}

// Name is the name a found case is saved under: a prefix of its input's SHA-256,
// so that the same case found twice is saved once.
func Name(input []byte) string {
	sum := sha256.Sum256(input)
	return hex.EncodeToString(sum[:8])
}

// Save writes dir/NAME.in and dir/NAME.ans (and dir/NAME.err when errText is not
// empty), NAME being Name(input), and returns the path of NAME.in. Each file is
// written atomically, and NAME.in last, so that a reader that sees NAME.in sees a whole
// case even if the process dies midway; if a file cannot be written, those written before
// it are removed, so that no half case is left. A case already saved is written again
// whole (its answer may have changed), and is never removed for a failure.
func Save(dir string, input, answer []byte, errText string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := filepath.Join(dir, Name(input))
	files := []struct {
		ext  string
		data []byte
	}{{".ans", answer}, {".err", []byte(errText + "\n")}, {".in", input}}
	if errText == "" {
		files = slices.Delete(files, 1, 2)
		os.Remove(base + ".err") // of an earlier answer that was an input error
	}
	st, statErr := os.Stat(base + ".in")
	existed := statErr == nil && st.Mode().IsRegular()
	for i, f := range files {
		if err := WriteAtomic(base+f.ext, f.data); err != nil {
			for _, done := range files[:i] {
				if !existed { // a case saved before stays as it was, whole
					os.Remove(base + done.ext)
				}
			}
			return "", err
		}
	}
	return base + ".in", nil
}

// Remove removes NAME.in first, then the files beside it, the reverse of SaveCase.
func Remove(path string) error {
	base := strings.TrimSuffix(path, ".in")
	err := os.Remove(base + ".in")
	for _, ext := range []string{".ans", ".err"} {
		if e := os.Remove(base + ext); e != nil && !os.IsNotExist(e) && err == nil {
			err = e
		}
	}
	return err
}

// WriteAtomic writes data to a temporary file beside path, syncs it and renames it
// over path, so that path holds either its old content or all of data.
func WriteAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
