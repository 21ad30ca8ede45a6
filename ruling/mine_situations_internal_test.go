package ruling

import (
	"gamediff/coverage"
	"testing"
)

// TestMineCatalogue: every constant of mine's catalogue names an entry, and the catalogue
// is well formed (checkCatalogue). It lives in the package, as the tests of what inputs
// reach need testcase's validator, and testcase imports ruling.
func TestMineCatalogue(t *testing.T) {
	for i, s := range mineSituations {
		if s.ID == "" {
			t.Fatalf("constant %d names no entry", i)
		}
	}
	if err := coverage.Check(mineSituations[:]); err != nil {
		t.Fatal(err)
	}
}
