package games

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestRulingsDocListsEveryRuling keeps the table of docs/rulings.md and the games' ruling
// predicates in step: every known ruling has its row, | R-X1 | game | situation |, with its
// game and situation, and the table lists no ruling the predicates do not know.
func TestRulingsDocListsEveryRuling(t *testing.T) {
	const doc = "../docs/rulings.md"
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| (R-[A-Z]+[0-9]+) \| ([a-z]+) \| (.*) \|$`)
	rows := map[string][]string{}
	for _, m := range row.FindAllStringSubmatch(string(text), -1) {
		rows[m[1]] = m[2:]
	}
	known := 0
	for _, g := range All() {
		for _, r := range g.KnownRulings() {
			known++
			got, ok := rows[r.ID]
			// The page quotes characters as code (`?`) where the predicates write '?'.
			if !ok || got[0] != g.Name() || strings.ReplaceAll(got[1], "`", "'") != r.Situation {
				t.Errorf("%s's row of %s is %q, want | %s | %s | %s |", doc, r.ID, got, r.ID, g.Name(), r.Situation)
			}
			delete(rows, r.ID)
		}
	}
	for id := range rows {
		t.Errorf("%s lists %s, which no game's predicates know", doc, id)
	}
	if known == 0 {
		t.Fatal("no game knows any ruling")
	}
}
