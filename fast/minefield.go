package fast

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// The minesweeper games (mine, boom) keep their board as a framed grid of state bytes
// whose bit 0 marks a mine. These functions fill it and count neighbour mines, eight
// cells at a time, and help their cascades queue cells without a branch.

// ones has a 1 in every byte: SWAR arithmetic on eight cells at a time.
const ones = 0x0101010101010101

// loadMineRow stores a board row in dst as mine bits, 1 for '*' and 0 for safe, and
// returns its number of mines. When the row holds a byte that is neither, ok is false
// and bad is its 0-based column. Validation is two SIMD counts; the conversion reads the
// one bit that tells safe from '*' ('.' 0x2E and '_' 0x5F against '*' 0x2A).
func loadMineRow(dst, row []byte, safe byte) (mines, bad int, ok bool) {
	mines = bytes.Count(row, []byte{'*'})
	if mines+bytes.Count(row, []byte{safe}) != len(row) {
		for row[bad] == '*' || row[bad] == safe {
			bad++
		}
		return 0, bad, false
	}
	shift := uint(bits.TrailingZeros8(safe &^ '*'))
	y := 0
	for ; y+8 <= len(row); y += 8 {
		v := binary.LittleEndian.Uint64(row[y:])
		binary.LittleEndian.PutUint64(dst[y:], (v>>shift)&ones^ones)
	}
	for ; y < len(row); y++ {
		dst[y] = (row[y]>>shift)&1 ^ 1
	}
	return mines, 0, true
}

// countNeighbourMines stores, for every cell of rows from..to of a framed grid of the
// given width, the number of its 8 neighbours whose state has bit 0 set into dst at bit
// shift, keeping the bits of dst in keep: dst may be the state itself. Eight cells are
// counted at a time from eight shifted loads; per byte the sum stays below 9, so no carry
// crosses cells. Rows from-1..to+1 must be loaded: the judges count each row as soon as
// the row below it is in, while all three are in cache. Frame columns get meaningless
// counts that nothing reads.
func countNeighbourMines(state, dst []byte, width, from, to int, shift uint, keep byte) {
	w, st := width, state
	load := func(p int) uint64 { return binary.LittleEndian.Uint64(st[p:]) & ones }
	keepWord := uint64(keep) * ones
	lo, hi := from*w+1, (to+1)*w-1
	p := lo
	for ; p+8 <= hi; p += 8 {
		sum := load(p-w-1) + load(p-w) + load(p-w+1) + load(p-1) + load(p+1) + load(p+w-1) + load(p+w) + load(p+w+1)
		old := binary.LittleEndian.Uint64(dst[p:])
		binary.LittleEndian.PutUint64(dst[p:], old&keepWord|sum<<shift)
	}
	for ; p < hi; p++ {
		sum := st[p-w-1]&1 + st[p-w]&1 + st[p-w+1]&1 + st[p-1]&1 + st[p+1]&1 + st[p+w-1]&1 + st[p+w]&1 + st[p+w+1]&1
		dst[p] = dst[p]&keep | sum<<shift
	}
}

// isZero is 1 for 0 and 0 for anything else, without a branch: a cascade adds it to the
// length of its queue, having written the cell there anyway, since whether a newly
// opened cell is a 0 follows no pattern a branch predictor can learn.
func isZero(v byte) int { return int((uint(v) - 1) >> (bits.UintSize - 1)) }
