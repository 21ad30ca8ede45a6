package ruling

import (
	"gamediff/coverage"
	"testing"
)

// TestBoomCatalogue: every constant of boom's catalogue names an entry, and the catalogue
// is well formed (checkCatalogue). It lives in the package, as the tests of what inputs
// reach need testcase's validator, and testcase imports ruling.
func TestBoomCatalogue(t *testing.T) {
	for i, s := range boomSituations {
		if s.ID == "" {
			t.Fatalf("constant %d names no entry", i)
		}
	}
	if err := coverage.Check(boomSituations[:]); err != nil {
		t.Fatal(err)
	}
}
