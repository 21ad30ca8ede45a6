package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// listFolder returns the names of dir's files, sorted, and their contents.
func listFolder(t *testing.T, dir string) ([]string, map[string][]byte) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	names, files := []string{}, map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		names, files[e.Name()] = append(names, e.Name()), b
	}
	slices.Sort(names)
	return names, files
}

// The fifth game (plugin_test.go) has a plan of two tests, so the folder rules are tried
// on a set that takes a moment; the rules are the same for every game.
func TestGenOneTestIsTheSetsTest(t *testing.T) {
	whole, one := t.TempDir(), filepath.Join(t.TempDir(), "new")
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", whole, "-seed", "7", "-timing=false"); code != exitOK {
		t.Fatalf("gen: exit %d\n%s", code, errs)
	}
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", one, "-seed", "7", "-test", "2", "-timing=false"); code != exitOK {
		t.Fatalf("gen -test 2: exit %d\n%s", code, errs)
	}
	_, set := listFolder(t, whole)
	names, alone := listFolder(t, one)
	if want := []string{"2.ans", "2.in", "plan.txt"}; !slices.Equal(names, want) {
		t.Fatalf("gen -test 2 wrote %v, want %v", names, want)
	}
	for _, name := range []string{"2.in", "2.ans"} {
		if !bytes.Equal(alone[name], set[name]) || len(set[name]) == 0 {
			t.Errorf("%s alone (%d bytes) is not the set's (%d bytes)", name, len(alone[name]), len(set[name]))
		}
	}
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", one, "-seed", "7", "-test", "3", "-timing=false"); code != exitUsage || !strings.Contains(errs, "tests 1 to 2") {
		t.Errorf("gen -test 3 of a plan of 2: exit %d, want %d naming the plan's tests\n%s", code, exitUsage, errs)
	}
}

func TestGenTouchesOnlyItsOwnFiles(t *testing.T) {
	set := t.TempDir()
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", set, "-seed", "1", "-timing=false"); code != exitOK {
		t.Fatalf("gen: exit %d\n%s", code, errs)
	}
	before, files := listFolder(t, set)

	// An earlier set is gen's to rewrite: with another seed, the same files, new tests.
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", set, "-seed", "2", "-timing=false"); code != exitOK {
		t.Fatalf("gen over an earlier set: exit %d\n%s", code, errs)
	}
	after, rewritten := listFolder(t, set)
	if !slices.Equal(before, after) || bytes.Equal(files["2.in"], rewritten["2.in"]) {
		t.Errorf("gen over an earlier set: files %v → %v, 2.in changed: %v", before, after, !bytes.Equal(files["2.in"], rewritten["2.in"]))
	}

	// One test alone would delete the others of a whole set.
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", set, "-test", "1", "-timing=false"); code != exitUsage || !strings.Contains(errs, "whole test set") {
		t.Errorf("gen -test 1 into a whole set: exit %d, want %d\n%s", code, exitUsage, errs)
	}
	if now, again := listFolder(t, set); !slices.Equal(now, after) || !bytes.Equal(again["1.in"], rewritten["1.in"]) {
		t.Errorf("a refused gen changed the folder: %v", now)
	}

	withNotes := map[string]string{"notes.txt": "mine"}
	for name, body := range rewritten {
		withNotes[name] = string(body)
	}
	tests := []struct {
		name  string
		files map[string]string // what the folder holds before gen
		says  string
	}{
		{"an earlier set and a file of the user's", withNotes, "did not write (notes.txt)"},
		{"tests but no plan", map[string]string{"1.in": "3 3\n", "1.ans": "0\n"}, "no readable plan.txt"},
		{"a plan gen did not write", map[string]string{"plan.txt": "my tests\n", "1.in": "3 3\n"}, "not one gen wrote"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, _, errs := call(t, "", "gen", "-game", "paint", "-o", dir, "-timing=false")
			if code != exitUsage || !strings.Contains(errs, tt.says) {
				t.Errorf("exit %d, want %d with %q\n%s", code, exitUsage, tt.says, errs)
			}
			_, now := listFolder(t, dir)
			if len(now) != len(tt.files) {
				t.Errorf("the folder now holds %d files, had %d", len(now), len(tt.files))
			}
			for name, body := range tt.files {
				if string(now[name]) != body {
					t.Errorf("%s was changed: %q", name, now[name])
				}
			}
		})
	}

	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	if code, _, errs := call(t, "", "gen", "-game", "paint", "-o", file, "-timing=false"); code != exitUsage || !strings.Contains(errs, "not a folder") {
		t.Errorf("gen -o FILE: exit %d\n%s", code, errs)
	}
}
