package testcase

// tape reads fuzzer bytes as a stream of small decisions, for the FromBytes decoders; past
// the end it reads zeros, so every byte string decodes. tapeWriter writes the decisions of
// a given case, in the same order, so that FromBytes(c.Bytes()) is c.
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
func intWidth(n int) (w int) {
	for w = 1; w < 4 && n > 1<<(8*w); w++ {
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

// size returns a dimension in lo..hi: up to lo+small-1 from one byte, or, after
// sizeEscape, anywhere in the range: the fuzzer reaches the limits, most runs stay fast.
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

// size writes v as tape.size(lo, small, hi) reads it.
func (w *tapeWriter) size(v, lo, small, hi int) {
	if v-lo < small {
		w.byte(byte(v - lo))
		return
	}
	w.byte(sizeEscape)
	w.intn(v-lo, hi-lo+1)
}

// Cell bytes: a cell is mined when its byte is below the board's density byte, so fuzzer
// bytes make every density. An encoder writes cellDensity and each cell as cellMine or
// cellSafe, which read back the same under any density but 0: a changed byte changes one
// cell at most, almost always.
const (
	cellDensity = 128
	cellMine    = 0
	cellSafe    = 255
)

// board reads an n×m board: a density byte, then a byte per cell.
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

// board writes board, its cells holding mine mined, as tape.board reads it.
func (w *tapeWriter) board(board []string, mine byte) {
	w.byte(cellDensity)
	for _, row := range board {
		for y := 0; y < len(row); y++ {
			w.byte(pick(row[y] == mine, byte(cellMine), cellSafe))
		}
	}
}
