package fast

import (
	"math/bits"
	"slices"
)

// bitset is a set of flat cell indices, one bit per cell.
type bitset []uint64

func newBitset(cells int) bitset { return make(bitset, cells/64+1) }

// fewCells is the count up to which sortCells uses insertion sort: a DSweep opens at most
// 8 cells before cascades, in ascending order already, and reading back the marks of
// two rows would cost more than the few comparisons.
const fewCells = 24

// sortCells orders distinct cell indices ascending, by the cheapest means for their
// number and spread. Beyond a few cells, and when they are dense enough that reading
// their span costs less than comparing them (a cascade covers its span densely), it does
// not compare them: it marks them in marks, which must be all zero, and reads the marks
// back word by word, leaving marks all zero again, in time linear in the number of cells
// plus their span / 64. Cells spread thin over many rows go to a comparison sort.
func sortCells(cells []int32, marks bitset) {
	if len(cells) <= fewCells {
		for i := 1; i < len(cells); i++ {
			v, j := cells[i], i
			for ; j > 0 && cells[j-1] > v; j-- {
				cells[j] = cells[j-1]
			}
			cells[j] = v
		}
		return
	}
	lo, hi := cells[0], cells[0]
	for _, p := range cells {
		lo, hi = min(lo, p), max(hi, p)
	}
	if int(hi-lo)/64 > 4*len(cells) {
		slices.Sort(cells)
		return
	}
	for _, p := range cells {
		marks[p>>6] |= 1 << (p & 63)
	}
	k := 0
	for w := lo >> 6; w <= hi>>6; w++ {
		word := marks[w]
		if word == 0 {
			continue
		}
		marks[w] = 0
		for ; word != 0; word &= word - 1 {
			cells[k] = w<<6 + int32(bits.TrailingZeros64(word))
			k++
		}
	}
}
