package fast

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// The minesweeper games (mine, boom) keep their board as a framed grid of state bytes
// whose bit 0 marks a mine. These two functions fill it and count neighbour mines, eight
// cells at a time.

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

// countNeighbourMines sets mines[p], for every cell of rows 1..n of a framed grid of the
// given width, to the number of its 8 neighbours whose state has bit 0 set: sums over
// three rows into scratch, then over three columns. Per byte the sums stay below 10, so
// no carry crosses cells. Frame columns get meaningless counts that nothing reads.
func countNeighbourMines(state, mines, scratch []byte, width, n int) {
	w, st, col := width, state, scratch
	lo, hi := w, (n+1)*w
	p := lo
	for ; p+8 <= hi; p += 8 {
		up := binary.LittleEndian.Uint64(st[p-w:]) & ones
		mid := binary.LittleEndian.Uint64(st[p:]) & ones
		down := binary.LittleEndian.Uint64(st[p+w:]) & ones
		binary.LittleEndian.PutUint64(col[p:], up+mid+down)
	}
	for ; p < hi; p++ {
		col[p] = st[p-w]&1 + st[p]&1 + st[p+w]&1
	}
	p = lo + 1
	for ; p+8 <= hi-1; p += 8 {
		left := binary.LittleEndian.Uint64(col[p-1:])
		mid := binary.LittleEndian.Uint64(col[p:])
		right := binary.LittleEndian.Uint64(col[p+1:])
		self := binary.LittleEndian.Uint64(st[p:]) & ones
		binary.LittleEndian.PutUint64(mines[p:], left+mid+right-self)
	}
	for ; p < hi-1; p++ {
		mines[p] = col[p-1] + col[p] + col[p+1] - st[p]&1
	}
}
