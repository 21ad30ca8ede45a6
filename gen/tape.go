package gen

// tape reads fuzzer bytes as a stream of small decisions, for the FromBytes decoders
// that turn arbitrary bytes into valid cases. Past the end it reads zeros, so every byte
// string decodes, and a short one to a small case.
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

// intn returns a number in 0..n-1 from one byte, or two when n > 256.
func (t *tape) intn(n int) int {
	if n <= 256 {
		return int(t.byte()) % n
	}
	return (int(t.byte())<<8 | int(t.byte())) % n
}

// size returns a dimension in lo..hi: usually up to lo+small-1, and anywhere up to hi
// when the byte that decides says so, so that the fuzzer can reach the limits but most
// executions stay fast.
func (t *tape) size(lo, small, hi int) int {
	if t.byte() == 255 {
		return lo + t.intn(hi-lo+1)
	}
	return lo + t.intn(min(small, hi-lo+1))
}
