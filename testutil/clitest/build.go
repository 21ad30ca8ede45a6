package clitest

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// The programs the tests run are built once per test process into a folder of the
// process's own, which Cleanup removes: a check of the process table by executable then
// sees the programs of one test process only, whatever the other packages' tests run
// beside it. The building itself is shared by every test process of the checkout: each
// program is built first into a folder of the user's cache (sharedBuilds), and the process
// takes a hard link of it (a copy across file systems). Every package of the command's
// tests builds the command, most build the zoo, and several the same C++ solutions; go
// build relinks a program in the shared folder only when its sources changed (it compares
// the build ID of the file in place), and a C++ program is kept under a hash of its source
// and compiler, so that a build already made by another package, or by an earlier run, is
// not made again.

var (
	buildDirOnce sync.Once
	buildDir     string // the folder Build builds into, shared by every test of the process
	buildDirErr  error
	builds       sync.Map // name -> *buildResult
)

type buildResult struct {
	once sync.Once
	path string
	err  error
}

// Build runs go build on pkg (a path relative to the test's folder, or an import path)
// once per test process, into name in a temporary folder that Cleanup removes, and returns
// name's path. A pkg ending in /... builds each of its commands into the folder name.
func Build(t testing.TB, name, pkg string) string {
	t.Helper()
	dir := ""
	if rest, ok := strings.CutPrefix(pkg, Command+"/"); ok {
		// go's patterns skip testdata folders unless they start in one: the command's
		// test programs are built from its own folder, by relative path.
		dir, pkg = commandDir(), "./"+rest
	} else if !strings.HasPrefix(pkg, ".") {
		// An import path builds the same from anywhere in the module: from its root, so
		// that every package's tests share the build.
		dir = Path()
	}
	return BuildWith(t, name, func(out string) *exec.Cmd {
		if strings.HasSuffix(pkg, "/...") {
			out += string(filepath.Separator)
		}
		cmd := exec.Command("go", "build", "-o", out, pkg)
		cmd.Dir = dir
		return cmd
	})
}

// commandDir is the command's source folder.
func commandDir() string { return Path("cmd", "diff") }

// Path is a path of the repository's, from its root (found from this file's).
func Path(elem ...string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(append([]string{filepath.Dir(file), "..", ".."}, elem...)...)
}

// BuildWith runs the build command made for the output path once per test process (by
// name), and returns the path of the process's own copy of what it built, name in the
// temporary folder that Cleanup removes. The command builds into the shared folder: it
// must replace its output as a whole (a rename) and leave it alone when it is up to date,
// as go build does.
func BuildWith(t testing.TB, name string, command func(out string) *exec.Cmd) string {
	t.Helper()
	return build(t, name, "", command)
}

// CXX compiles a C++ solution with g++ -O2, as a judge would, once per test process, into
// name, and returns its path. The tests install nothing: without g++ they fail, saying how
// to get it.
func CXX(t testing.TB, name, src string) string {
	t.Helper()
	compiler, err := exec.LookPath("g++")
	if err != nil {
		t.Fatalf("no g++ on PATH to build %s: .ci/run installs it (on Debian, as root: apt-get install -y g++)", src)
	}
	key, err := cxxKey(compiler, src)
	if err != nil {
		t.Fatalf("building %s: %v", name, err)
	}
	return build(t, name, key, func(out string) *exec.Cmd { return exec.Command(compiler, "-O2", "-o", out, src) })
}

// cxxKey names a C++ build by what makes it: the source's bytes, the flags, and the
// compiler (its file, its size and time: an upgrade changes them).
func cxxKey(compiler, src string) (string, error) {
	source, err := os.ReadFile(src)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(compiler)
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00-O2\x00", real, fi.Size(), fi.ModTime().UnixNano())
	h.Write(source)
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}

// build makes name once per test process, through the shared folder, and returns the
// process's own copy of it. A key names a build by its content (cxxKey): one in the shared
// folder under it is taken as it is, and a new one is made beside it and renamed into
// place. Without a key, the command itself decides what is up to date (go build).
func build(t testing.TB, name, key string, command func(out string) *exec.Cmd) string {
	t.Helper()
	v, _ := builds.LoadOrStore(name, new(buildResult))
	b := v.(*buildResult)
	b.once.Do(func() {
		buildDirOnce.Do(func() { buildDir, buildDirErr = os.MkdirTemp("", "gamediff-test-") })
		if b.err = buildDirErr; b.err != nil {
			return
		}
		b.path = filepath.Join(buildDir, name)
		b.err = buildThroughShared(name, key, command, b.path)
	})
	if b.err != nil {
		t.Fatalf("building %s: %v", name, b.err)
	}
	return b.path
}

// buildThroughShared builds name in the shared folder and links it to own: a file, or a
// folder of files (a /... build). Without a shared folder it builds into own.
//
// In the shared folder a build with a key is named by it (and its name): one there is
// taken as it is, and a new one is made beside it and renamed into place. One without is
// named by a hash of its command (its folder and its arguments), so that two packages'
// builds of one name from different sources never take each other's program.
func buildThroughShared(name, key string, command func(out string) *exec.Cmd, own string) error {
	shared, err := sharedBuilds()
	if err != nil {
		return runBuild(command(own))
	}
	if key != "" {
		target := filepath.Join(shared, name+"-"+key)
		if _, err := os.Stat(target); errors.Is(err, os.ErrNotExist) {
			made := fmt.Sprintf("%s.%d.part", target, os.Getpid())
			if err := runBuild(command(made)); err != nil {
				os.Remove(made)
				return err
			}
			if err := os.Rename(made, target); err != nil {
				return err
			}
		}
		return linkTree(target, own)
	}
	recipe, err := recipeHash(command)
	if err != nil {
		return err
	}
	target := filepath.Join(shared, name+"-"+recipe)
	cmd := command(target)
	// go build links in its work folder and renames the program into place: with the
	// work folder beside it, the rename is atomic, and a test process running the program
	// meanwhile runs a whole file, the old or the new.
	cmd.Env = append(cmd.Environ(), "GOTMPDIR="+filepath.Join(shared, "work"))
	if err := runBuild(cmd); err != nil {
		return err
	}
	return linkTree(target, own)
}

// recipeHash is a hash of the command a build runs, its output path left out: its
// folder, made absolute, and its arguments.
func recipeHash(command func(out string) *exec.Cmd) (string, error) {
	const out = "\x00out"
	cmd := command(out)
	dir, err := filepath.Abs(cmd.Dir)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s", dir, strings.Join(cmd.Args, "\x00"))
	return hex.EncodeToString(h.Sum(nil)[:6]), nil
}

// runBuild runs a build command, its output in the error when it fails.
func runBuild(cmd *exec.Cmd) error {
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v\n%s", err, msg)
	}
	return nil
}

var (
	sharedOnce sync.Once
	sharedDir  string
	sharedErr  error
)

// sharedBuilds is the folder the test processes of this checkout build into:
// gamediff-tests/<a hash of the checkout's path> in the user's cache (as go's build cache,
// ~/.cache on Linux). Each checkout has its own, so that two checkouts tested side by
// side do not relink each other's programs in turn.
func sharedBuilds() (string, error) {
	sharedOnce.Do(func() {
		cache, err := os.UserCacheDir()
		if err != nil {
			sharedErr = err
			return
		}
		root, err := filepath.Abs(Path())
		if err != nil {
			sharedErr = err
			return
		}
		sum := sha256.Sum256([]byte(root))
		dir := filepath.Join(cache, "gamediff-tests", hex.EncodeToString(sum[:6]))
		if err := os.MkdirAll(filepath.Join(dir, "work"), 0o755); err != nil {
			sharedErr = err
			return
		}
		sharedDir = dir
	})
	return sharedDir, sharedErr
}

// linkTree gives own the file at from, or each file of the folder at from: a hard link
// where the file system allows one, else a copy.
func linkTree(from, own string) error {
	fi, err := os.Stat(from)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return linkOrCopy(from, own)
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	if err := os.Mkdir(own, 0o755); err != nil {
		return err
	}
	for _, e := range entries {
		if e.Type().IsRegular() {
			if err := linkOrCopy(filepath.Join(from, e.Name()), filepath.Join(own, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// linkOrCopy makes to the file at from: a hard link, or a copy where none can be made.
func linkOrCopy(from, to string) error {
	if err := os.Link(from, to); err == nil {
		return nil
	}
	return copyExecutable(from, to)
}

// Cleanup removes the process's copies of what Build built; a TestMain calls it once the
// tests have run (or a package's only test, with t.Cleanup). A Build after it builds (and
// links) again.
func Cleanup() {
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	buildDirOnce, buildDir, buildDirErr = sync.Once{}, "", nil
	builds.Clear()
}

// copyExecutable copies the executable file from to a new file to.
func copyExecutable(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return fmt.Errorf("writing %s: %w", to, err)
	}
	return dst.Close()
}
