package clitest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The known wrong programs of the command's testdata say what they get wrong in their own
// sources, so that the tests that use them read the lists there rather than copy them.

// zooBug is a key of the bugs map of a zoo program (testdata/wrong/GAME/main.go).
var zooBug = regexp.MustCompile(`(?m)^\t"([a-z0-9-]+)": +"`)

// misreadingLine is a line of a misreading program's header (testdata/rulings/GAME/
// solution.cpp): its argument and the ruling it reads otherwise.
var misreadingLine = regexp.MustCompile(`(?m)^//   ([a-z0-9-]+) +(R-[A-Z]+[0-9]+) `)

// ZooBugs lists the -bug values of the game's zoo program, from its bugs map.
func ZooBugs(t testing.TB, game string) []string {
	t.Helper()
	src := readTestdata(t, "wrong", game, "main.go")
	start := strings.Index(src, "var bugs = map[string]string{")
	if start < 0 {
		t.Fatalf("testdata/wrong/%s/main.go has no bugs map", game)
	}
	block, _, _ := strings.Cut(src[start:], "\n}\n")
	var bugs []string
	for _, m := range zooBug.FindAllStringSubmatch(block, -1) {
		bugs = append(bugs, m[1])
	}
	return bugs
}

// Misreading is one reading of a ruling taken otherwise by the game's misreading program:
// the argument that turns it on, and the ruling.
type Misreading struct {
	Reading, Ruling string
}

// Misreadings lists the readings of the game's misreading program, from its header.
func Misreadings(t testing.TB, game string) []Misreading {
	t.Helper()
	var out []Misreading
	for _, m := range misreadingLine.FindAllStringSubmatch(readTestdata(t, "rulings", game, "solution.cpp"), -1) {
		out = append(out, Misreading{m[1], m[2]})
	}
	return out
}

// readTestdata reads a file of the command's testdata.
func readTestdata(t testing.TB, path ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{commandDir(), "testdata"}, path...)...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
