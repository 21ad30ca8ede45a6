package ruling

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"gamediff/coverage"
	"gamediff/ref"
)

// TestDataminingCatalogue: every constant of datamining's catalogue names an entry, and
// the catalogue is well formed (checkCatalogue).
func TestDataminingCatalogue(t *testing.T) {
	if len(dataminingSituations) != dataminingSituationCount {
		t.Fatalf("%d entries for %d constants", len(dataminingSituations), dataminingSituationCount)
	}
	if err := coverage.Check(dataminingSituations[:]); err != nil {
		t.Fatal(err)
	}
}

// TestDataminingWatchPlaysAsRef: the plays DataminingReach watches leave, at best, what
// ref answers, on random boards of every legal shape and of every density of mines: the
// situations of the rules are taken from plays that are ref's.
func TestDataminingWatchPlaysAsRef(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var input strings.Builder
	boards := 0
	for rows := minSide; rows*minSide <= maxCells; rows++ {
		for cols := minSide; rows*cols <= maxCells; cols++ {
			for range 40 {
				density := rng.Float64()
				input.WriteString(strconv.Itoa(rows) + " " + strconv.Itoa(cols) + "\n")
				for range rows {
					for range cols {
						input.WriteByte(pick(rng.Float64() < density, byte('M'), '.'))
					}
					input.WriteByte('\n')
				}
				boards++
			}
		}
	}
	input.WriteString("0 0\n")
	seen := 0
	_, err := ref.DataminingTrace([]byte(input.String()), func(s *ref.DataminingStep) {
		seen++
		b, ok := dataminingCasual(s)
		if !ok {
			t.Fatalf("board %d: a legal shape refused", s.Board)
		}
		var r coverage.Set
		best := 0 // a board without a safe cell: R-D2
		if b.safe > 0 {
			best = b.safe
		}
		for p := range b.cells {
			if b.mines>>p&1 == 0 {
				left, onePass, progressed := b.watch(&r, p)
				if onePass < left || left < b.safe-1 && !progressed {
					t.Fatalf("board %d, start %d: %d left after one pass, %d in all, progress %v", s.Board, p, onePass, left, progressed)
				}
				best = min(best, left)
			}
		}
		if best != s.Answer() {
			t.Errorf("board %d (line %d): the watched plays leave %d at best, ref answers %d", s.Board, s.Line, best, s.Answer())
		}
	})
	if err != nil || seen != boards {
		t.Fatalf("ref played %d boards of %d: %v", seen, boards, err)
	}
}
