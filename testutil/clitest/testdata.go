package clitest

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamediff/testutil/cpuclock"
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

// cellNSDefault finds the default of a zoo program's -cell-ns in its source: the CPU
// charged a cell of -bug rescan's scans, at which it times out under the statement's limit.
var cellNSDefault = regexp.MustCompile(`flag\.Float64\("cell-ns", ([0-9.]+),`)

// RescanUnder is how the zoo's charged time-out (-bug rescan of game's program) is run under
// a limit share times shorter than the statement's: that limit (scaled as every limit a
// test sets, cpuclock.Limit, and a millisecond at least) and the -cell-ns that charges a
// cell as many times less. A verdict of time and a growth depend only on the charge against
// the limit, so they are the statement's, while each run that times out costs the shorter
// limit.
func RescanUnder(t testing.TB, game string, statement time.Duration, share int) (limit time.Duration, cellNS string) {
	t.Helper()
	m := cellNSDefault.FindStringSubmatch(readTestdata(t, "wrong", game, "main.go"))
	if m == nil {
		t.Fatalf("testdata/wrong/%s/main.go: no -cell-ns flag with a default, which -bug rescan is charged by", game)
	}
	charge, err := strconv.ParseFloat(m[1], 64)
	if err != nil || charge <= 0 {
		t.Fatalf("testdata/wrong/%s/main.go: -cell-ns defaults to %q, want a positive number", game, m[1])
	}
	limit = max(cpuclock.Limit(statement/time.Duration(share)).Round(time.Millisecond), time.Millisecond)
	return limit, strconv.FormatFloat(charge*float64(limit)/float64(statement), 'g', -1, 64)
}
