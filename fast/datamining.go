package fast

import (
	"fmt"
	"io"
	"math/bits"
)

// Limits of datamining: r, c ≥ 3 and r·c ≤ 40, so a board fits in one uint64, bit
// x·c + y for the cell of row x and column y (0-based), and r ≤ 13.
const (
	dmMinSide  = 3
	dmMaxCells = 40
	dmMaxRows  = dmMaxCells / dmMinSide
)

// dmShape is what depends on the dimensions of a board only, computed once per shape.
type dmShape struct {
	nb       [dmMaxCells]uint64 // the (up to 8) neighbours of each cell
	all      uint64             // every cell of the board
	notFirst uint64             // cells outside column 0
	notLast  uint64             // cells outside column c-1
	c        uint
}

// dmShapes holds every legal shape, indexed [r][c]; the others stay zero and are never
// used, since the parser rejects them first.
var dmShapes = func() (t [dmMaxRows + 1][dmMaxRows + 1]dmShape) {
	for r := dmMinSide; r <= dmMaxRows; r++ {
		for c := dmMinSide; r*c <= dmMaxCells; c++ {
			s := &t[r][c]
			s.c = uint(c)
			for x := range r {
				for y := range c {
					bit := uint64(1) << (x*c + y)
					s.all |= bit
					if y > 0 {
						s.notFirst |= bit
					}
					if y < c-1 {
						s.notLast |= bit
					}
					for nx := max(x-1, 0); nx <= min(x+1, r-1); nx++ {
						for ny := max(y-1, 0); ny <= min(y+1, c-1); ny++ {
							if nx != x || ny != y {
								s.nb[x*c+y] |= uint64(1) << (nx*c + ny)
							}
						}
					}
				}
			}
		}
	}
	return t
}()

// dmColumnWhat names c in errors, per r, so that no string is built per board.
var dmColumnWhat = func() (w [dmMaxRows + 1]string) {
	for r := dmMinSide; r <= dmMaxRows; r++ {
		w[r] = fmt.Sprintf("c (r·c ≤ %d with r = %d)", dmMaxCells, r)
	}
	return w
}()

// dilate is d with every neighbour of its cells: a cell outside d is in the result
// exactly when one of its neighbours is in d. Shifts by one move along a row, and the
// column masks stop them from wrapping into the next row; shifts by c move along a
// column, and the mask of the board drops what falls off the bottom.
func (s *dmShape) dilate(d uint64) uint64 {
	h := d | (d<<1)&s.notFirst | (d>>1)&s.notLast
	return (h | h<<s.c | h>>s.c) & s.all
}

// Datamining judges the game datamining (docs/datamining.md) with the same input and
// output as ref.Datamining.
func Datamining(input []byte, w io.Writer) error {
	out := newWriter(w)
	err := playDatamining(newScanner(input), out)
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	return err
}

func playDatamining(sc *scanner, out *writer) error {
	for {
		r, err := sc.number("r", 0, dmMaxRows)
		if err != nil {
			return err
		}
		if r == 0 {
			// The final "0 0"; nothing after it is read (R-IN2).
			_, err := sc.number("c of the final 0 0", 0, 0)
			return err
		}
		if r < dmMinSide {
			return &InputError{Line: sc.tok, Msg: fmt.Sprintf("r %d outside %d..%d", r, dmMinSide, dmMaxRows)}
		}
		c, err := sc.number(dmColumnWhat[r], dmMinSide, dmMaxCells/r)
		if err != nil {
			return err
		}
		var mines uint64
		for x := range r {
			row, err := sc.token("row of the board")
			if err != nil {
				return err
			}
			if len(row) != c {
				return &InputError{Line: sc.tok, Msg: fmt.Sprintf("row %d has %d characters, expected %d", x+1, len(row), c)}
			}
			base := x * c
			for y, ch := range row {
				switch ch {
				case 'M':
					mines |= uint64(1) << (base + y)
				case '.':
				default:
					return &InputError{Line: sc.tok, Msg: fmt.Sprintf("row %d, column %d: %q is neither 'M' nor '.'", x+1, y+1, ch)}
				}
			}
		}
		out.int(dmShapes[r][c].minCovered(mines))
		out.endLine()
	}
}

// minCovered is the smallest number of covered safe cells the casual player leaves.
//
// The rules only ever flag mines and clear safe cells (R-D1), and each can only become
// applicable, never stop being so, as cells get cleared and flagged: f = m stays true once
// every mine around is flagged, and f + c = m once every non-mine around is cleared. So
// the play from a start is the least fixpoint above {start cleared}, and it is monotone:
// from a bigger state the fixpoint is bigger. Hence the one shortcut: a start s cleared
// by the play from an earlier start t never does better than t, since the play from s
// stays inside the fixpoint of t; such starts are not played. (Merging t's fixpoint into
// a later play that clears t was tried too and dropped: every cell is still looked at
// once, so it saved nothing measurable.)
//
// Safe cells with no mine around are played first: their play clears every neighbour and
// spreads over the zero's region, so most other starts are covered by a few plays. And
// once a play clears every safe cell, no start can do better than 0.
func (s *dmShape) minCovered(mines uint64) int {
	safe := s.all &^ mines
	safeCount := bits.OnesCount64(safe)
	// R-D2: a mine start leaves every safe cell covered; it is also the answer, 0, for a
	// board without a safe cell, which the statement excludes (see the corpus README).
	best := safeCount
	zeros := safe &^ s.dilate(mines) // safe cells with no mine around
	reached := uint64(0)             // cells cleared by some play: starts that cannot do better
	for _, group := range [2]uint64{zeros, safe &^ zeros} {
		for todo := group; todo != 0; todo = group &^ reached {
			cl := s.play(bits.TrailingZeros64(todo), mines)
			reached |= cl
			if cl == safe {
				return 0 // nothing can beat clearing every safe cell
			}
			best = min(best, safeCount-bits.OnesCount64(cl))
		}
	}
	return best
}

// play returns the cells cleared when the player is stuck after clearing start first.
// pending is the worklist: the cleared cells whose neighbourhood changed since they were
// last looked at (or that were never looked at), the only ones where a rule can newly
// apply, since a rule reads nothing but the neighbourhood.
func (s *dmShape) play(start int, mines uint64) uint64 {
	cl, fl := uint64(1)<<start, uint64(0)
	for pending := cl; pending != 0; {
		x := bits.TrailingZeros64(pending)
		pending &= pending - 1
		around, known := s.nb[x], cl|fl
		cov := around &^ known
		if cov == 0 {
			continue
		}
		f := bits.OnesCount64(around & fl)
		switch m := bits.OnesCount64(around & mines); {
		case f == m: // rule 1: clear all covered neighbours
			cl |= cov
		case f+bits.OnesCount64(cov) == m: // rule 2: flag all covered neighbours
			fl |= cov
		default:
			continue
		}
		// Every cell that changed and every cell next to one: their cleared cells are
		// looked at again (x too, harmlessly: it has nothing covered left).
		pending |= cl & s.dilate((cl|fl)&^known)
	}
	return cl
}
