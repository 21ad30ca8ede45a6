// Package cgroupleft runs a command in cgroups made for it alone, one in each hierarchy
// gamediff makes its own in (the unified one, v1 memory, v1 cpuacct), and lists the
// cgroups found in them once it has ended: every cgroup the command and its workers made
// lies below their own, so what is there afterwards is what they left, whatever else runs
// on the machine.
package cgroupleft

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Run runs bin with args and stdin in cgroups of its own, and returns its exit status,
// stdout and stderr, and the cgroups left below its own once it ended. It skips the test
// where no cgroup can be made (no cgroup hierarchy mounted, no rights), and removes the
// cgroups it made, and what was left in them, at the test's end.
func Run(t testing.TB, bin, stdin string, args ...string) (code int, stdout, stderr string, left []string) {
	t.Helper()
	homes := makeHomes(t)
	script := ""
	for _, h := range homes {
		script += fmt.Sprintf("echo $$ > '%s' || exit 97; ", filepath.Join(h, "cgroup.procs"))
	}
	cmd := exec.Command("sh", append([]string{"-c", script + `exec "$@"`, "sh", bin}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 97:
		t.Fatalf("could not move the command into its cgroups %v: %s", homes, errs.String())
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s %s: %v", bin, strings.Join(args, " "), err)
	}
	for _, h := range homes {
		left = append(left, below(h)...)
	}
	return code, out.String(), errs.String(), left
}

// makeHomes makes a cgroup for the command in each hierarchy, below this process's own.
func makeHomes(t testing.TB) []string {
	t.Helper()
	var homes []string
	for _, parent := range ownCgroups() {
		home := filepath.Join(parent, fmt.Sprintf("cgroupleft-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-")))
		if err := os.Mkdir(home, 0o755); err != nil {
			t.Skipf("cannot make a cgroup to run the command in (%v): the cgroups it leaves cannot be told here", err)
		}
		t.Cleanup(func() { remove(home) })
		homes = append(homes, home)
	}
	if len(homes) == 0 {
		t.Skip("no cgroup hierarchy is mounted: the cgroups a command leaves cannot be told here")
	}
	return homes
}

// below lists the cgroups below home, each once.
func below(home string) []string {
	var found []string
	filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && path != home {
			found = append(found, path)
			return filepath.SkipDir
		}
		return nil
	})
	return found
}

// remove removes a cgroup and those below it, deepest first (a cgroup is removed with
// rmdir, which refuses one that holds another).
func remove(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() {
			remove(filepath.Join(dir, e.Name()))
		}
	}
	os.Remove(dir)
}

// ownCgroups are the folders of this process's cgroups in the unified hierarchy and in v1
// memory's and cpuacct's, where mounted (one folder for a mount that holds both).
func ownCgroups() []string {
	own := map[string]string{}
	if b, err := os.ReadFile("/proc/self/cgroup"); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			parts := strings.SplitN(line, ":", 3)
			if len(parts) != 3 {
				continue
			}
			for _, c := range strings.Split(parts[1], ",") {
				own[c] = parts[2]
			}
		}
	}
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	defer f.Close()
	var dirs []string
	seen := map[string]bool{}
	add := func(point, root, path string) {
		if rest, ok := strings.CutPrefix(path, root); ok && root != "/" {
			path = rest
		}
		if dir := filepath.Join(point, path); !seen[dir] {
			seen[dir] = true
			dirs = append(dirs, dir)
		}
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		fields, tail := strings.Fields(pre), strings.Fields(post)
		if !ok || len(fields) < 5 || len(tail) < 3 {
			continue
		}
		switch tail[0] {
		case "cgroup2":
			add(fields[4], fields[3], own[""])
		case "cgroup":
			for _, opt := range strings.Split(tail[2], ",") {
				if opt == "memory" || opt == "cpuacct" {
					add(fields[4], fields[3], own[opt])
					break
				}
			}
		}
	}
	return dirs
}
