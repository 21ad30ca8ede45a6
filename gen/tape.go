package gen

// tape reads fuzzer bytes as a stream of small decisions, for the FromBytes decoders
// that turn arbitrary bytes into valid cases. Past the end it reads zeros, so every byte
// string decodes, and a short one to a small case. tapeWriter writes the decisions that
// make a given case, for the Bytes encoders: each decoder and encoder pair reads and
// writes the same decisions in the same order, so FromBytes(c.Bytes()) is c.
type tape struct {
	data []byte
	pos  int
}

func (t *tape) byte() byte {
	if t.pos >= len(t.data) {
		t.pos++ // so that exhausted() stays true
		return 0
	}
	b := t.data[t.pos]
	t.pos++
	return b
}

// exhausted reports whether every byte has been read.
func (t *tape) exhausted() bool { return t.pos >= len(t.data) }

// intWidth is how many bytes intn reads for a number in 0..n-1: enough for n-1.
func intWidth(n int) int {
	w := 1
	for lim := 256; w < 4 && n > lim; lim <<= 8 {
		w++
	}
	return w
}

// intn returns a number in 0..n-1 (n ≤ 2³²) from intWidth(n) bytes, big-endian.
func (t *tape) intn(n int) int {
	v := 0
	for range intWidth(n) {
		v = v<<8 | int(t.byte())
	}
	return v % n
}

// sizeEscape is the byte that asks size for the whole range.
const sizeEscape = 255

// size returns a dimension in lo..hi: usually up to lo+small-1 (small < 255), from one
// byte, and anywhere up to hi when that byte is sizeEscape, from the bytes after it, so
// that the fuzzer can reach the limits but most executions stay fast.
func (t *tape) size(lo, small, hi int) int {
	b := t.byte()
	if b == sizeEscape {
		return lo + t.intn(hi-lo+1)
	}
	return lo + int(b)%min(small, hi-lo+1)
}

// tapeWriter writes the bytes a tape reads back as the given decisions.
type tapeWriter struct{ data []byte }

func (w *tapeWriter) byte(b byte) { w.data = append(w.data, b) }

// intn writes v (0 ≤ v < n) as tape.intn(n) reads it.
func (w *tapeWriter) intn(v, n int) {
	for i := intWidth(n) - 1; i >= 0; i-- {
		w.data = append(w.data, byte(v>>(8*i)))
	}
}

// size writes v (lo ≤ v ≤ hi) as tape.size(lo, small, hi) reads it: one byte when v is
// below lo+small, else the escape and the whole range.
func (w *tapeWriter) size(v, lo, small, hi int) {
	if v-lo < small {
		w.byte(byte(v - lo))
		return
	}
	w.byte(sizeEscape)
	w.intn(v-lo, hi-lo+1)
}

// Cell bytes: a decoder reads a cell as mined when its byte is below a density byte
// read before the cells, so that fuzzer bytes make boards of every density. An encoder
// writes the density cellDensity and each cell as cellMine or cellSafe, which read back
// the same under any density byte but 0 (then no cell is mined): a fuzzer's change to
// the density byte, or to one cell's byte, changes one cell at most, almost always.
const (
	cellDensity = 128
	cellMine    = 0
	cellSafe    = 255
)

// cellByte is the byte an encoder writes for a cell.
func cellByte(mined bool) byte {
	if mined {
		return cellMine
	}
	return cellSafe
}

// board reads an n×m board as tapeWriter.board writes it: a density byte, then a byte per
// cell, row by row, the cell holding mine when its byte is below the density, else safe.
func (t *tape) board(n, m int, safe, mine byte) []string {
	density := t.byte()
	board := make([]string, n)
	row := make([]byte, m)
	for x := range board {
		for y := range row {
			row[y] = safe
			if t.byte() < density {
				row[y] = mine
			}
		}
		board[x] = string(row)
	}
	return board
}

// board writes board's cells, those holding mine as mined, for tape.board to read back.
func (w *tapeWriter) board(board []string, mine byte) {
	w.byte(cellDensity)
	for _, row := range board {
		for y := 0; y < len(row); y++ {
			w.byte(cellByte(row[y] == mine))
		}
	}
}
