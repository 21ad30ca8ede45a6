package games

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEListsEveryRuling keeps the README's table of rulings and the games' ruling
// predicates in step: every known ruling has its row, with its game and situation.
func TestREADMEListsEveryRuling(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| (R-[A-Z]+[0-9]+) \| ([a-z]+) \| (.*) \|$`)
	rows := map[string][]string{}
	for _, m := range row.FindAllStringSubmatch(string(readme), -1) {
		rows[m[1]] = m[2:]
	}
	known := 0
	for _, g := range All() {
		for _, r := range g.KnownRulings() {
			known++
			got, ok := rows[r.ID]
			// The README quotes characters as code (`?`) where the predicates write '?'.
			if !ok || got[0] != g.Name() || strings.ReplaceAll(got[1], "`", "'") != r.Situation {
				t.Errorf("README's row of %s is %q, want | %s | %s | %s |", r.ID, got, r.ID, g.Name(), r.Situation)
			}
			delete(rows, r.ID)
		}
	}
	for id := range rows {
		t.Errorf("README lists %s, which no game's predicates know", id)
	}
	if known == 0 {
		t.Fatal("no game knows any ruling")
	}
}
