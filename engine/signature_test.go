package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"gamediff/engine"
	"gamediff/outcome"
)

// namedToy is three-bugs with a classifier that writes the line where the answers part
// into its words, as a game's words may hold a cell's coordinates, and leaves it out of
// the identity; with forms, the identity tells a wrong number from a word.
type namedToy struct {
	engine.Game
	forms bool
}

func (n namedToy) Classify(input, want, got []byte) (outcome.Identity, string) {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	line := 0
	for line < len(w) && line < len(g) && w[line] == g[line] {
		line++
	}
	if line >= len(w) || line >= len(g) {
		return outcome.Identity{}, ""
	}
	id := outcome.Identity{Step: "number"}
	if n.forms {
		id.Got = "N"
		if strings.Trim(g[line], "0123456789") != "" {
			id.Got = "word"
		}
	}
	return id, fmt.Sprintf("number on line %d: want %s, got %s", line+1, w[line], g[line])
}

func (namedToy) Rulings(engine.Case) []string { return nil }

// TestOneFindingPerIdentityWhateverItsWords: divergences of one identity are one finding,
// and their minimization takes smaller cases whose words differ; divergences of two
// identities are two findings.
func TestOneFindingPerIdentityWhateverItsWords(t *testing.T) {
	tests := []struct {
		name  string
		forms bool
		wrong int // WA findings: 7 answered 15 and 21 answered "x"
	}{
		{"one identity, words naming the line", false, 1},
		{"identities of two forms", true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := namedToy{Game: game(t, "three-bugs"), forms: tt.forms}
			sum := hunt(t, context.Background(), engine.HuntConfig{Game: g, Seed: 11, Cases: 3000, Workers: 2, MaxFindings: 3, FoundDir: t.TempDir()})
			var wrong []outcome.Finding
			for _, f := range sum.Findings {
				if f.Verdict == outcome.WA {
					wrong = append(wrong, f)
				}
			}
			if len(wrong) != tt.wrong || len(sum.Findings) != tt.wrong+1 {
				t.Fatalf("findings %+v: want %d WA and the panic", sum.Findings, tt.wrong)
			}
			seen := map[outcome.Identity]bool{}
			for _, f := range wrong {
				// Its case minimized to one number: dropping the numbers before it moves the
				// line its words name, and keeps its identity.
				if seen[f.Identity] || f.Identity.Step != "number" || !bytes.HasPrefix(f.Input, []byte("1\n")) ||
					!strings.HasPrefix(f.Signature, "WA number on line 1: ") {
					t.Errorf("finding %q (%+v) on %q: want a distinct identity of a case of one number, named in its words", f.Signature, f.Identity, f.Input)
				}
				seen[f.Identity] = true
			}
			otherWords := false
			for _, u := range sum.Unreported {
				otherWords = otherWords || strings.HasPrefix(u.Signature, "WA ") && u.Signature != wrong[0].Signature
			}
			if !tt.forms && !otherWords {
				t.Errorf("unreported %v: want a case of the finding's identity in other words", sum.Unreported)
			}
		})
	}
	checkNothingLeft(t, "")
}
