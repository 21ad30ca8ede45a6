package fast

import "math/bits"

// bitset is a set of flat cell indices, one bit per cell.
type bitset []uint64

func newBitset(cells int) bitset { return make(bitset, cells/64+1) }

// fewCells is the count up to which sortCells uses insertion sort: a DSweep opens at most
// 8 cells before cascades, in ascending order already, and reading back the marks of
// two rows would cost more than the few comparisons.
const fewCells = 24

// sortCells orders distinct cell indices ascending. Beyond a few cells it does not
// compare them: it marks them in marks, which must be all zero, and reads the marks back
// word by word, leaving marks all zero again. The cost is linear in the number of cells
// plus their span / 64, and a cascade's many cells cover their span densely.
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
		marks[p>>6] |= 1 << (p & 63)
		lo, hi = min(lo, p), max(hi, p)
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
