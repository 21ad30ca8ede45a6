package ruling

import (
	"gamediff/coverage"
	"testing"
)

// TestTowerCatalogue: every constant of tower's catalogue names an entry, and the
// catalogue is well formed (checkCatalogue).
func TestTowerCatalogue(t *testing.T) {
	if len(towerSituations) != towerSituationCount {
		t.Fatalf("%d entries for %d constants", len(towerSituations), towerSituationCount)
	}
	if err := coverage.Check(towerSituations[:]); err != nil {
		t.Fatal(err)
	}
}
