package fast

import (
	"encoding/binary"
	"io"
	"slices"
	"strconv"
)

// flushAt is the buffered size at which the writer hands its bytes on: large enough that
// writes are rare, small enough that a solver's output is not held whole in memory.
const flushAt = 1 << 16

// writer is the one batched writer every fast solver prints through: appends into a
// buffer, numbers from a table built with strconv.AppendInt, and a write to the
// destination per 64 KiB.
type writer struct {
	buf []byte
	dst io.Writer
	err error
}

func newWriter(dst io.Writer) *writer {
	return &writer{buf: make([]byte, 0, flushAt+4096), dst: dst}
}

func (w *writer) str(s string) { w.buf = append(w.buf, s...); w.maybeFlush() }

func (w *writer) line(s string) {
	w.buf = append(w.buf, s...)
	w.buf = append(w.buf, '\n')
	w.maybeFlush()
}

// smallInts is the decimal text of 0..9999, built once with strconv.AppendInt and packed
// four bytes to a word, so that writing a coordinate is one store instead of a division
// loop. Larger numbers go through strconv.AppendInt.
var smallInts, smallLens = func() (text [10000]uint32, lens [10000]uint8) {
	for v := range text {
		var b [4]byte
		d := strconv.AppendInt(b[:0], int64(v), 10)
		text[v] = binary.LittleEndian.Uint32(b[:])
		lens[v] = uint8(len(d))
	}
	return
}()

func (w *writer) int(v int) {
	if uint(v) >= uint(len(smallInts)) {
		w.buf = strconv.AppendInt(w.buf, int64(v), 10)
		return
	}
	if cap(w.buf)-len(w.buf) < 4 {
		w.buf = slices.Grow(w.buf, 4)
	}
	w.buf = appendSmall(w.buf, v)
}

// appendSmall appends the text of v, 0 ≤ v < 10000, to b, which must have room for 4
// more bytes: one 4-byte store, then the length set.
func appendSmall(b []byte, v int) []byte {
	n := len(b)
	binary.LittleEndian.PutUint32(b[n:n+4], smallInts[v])
	return b[:n+int(smallLens[v])]
}

// room makes sure n more bytes fit without growing: a hot loop checks once per line and
// then writes with appendSmall and plain appends.
func (w *writer) room(n int) {
	if cap(w.buf)-len(w.buf) < n {
		w.flush()
		if cap(w.buf) < n {
			w.buf = slices.Grow(w.buf, n)
		}
	}
}

func (w *writer) bytes(b []byte) { w.buf = append(w.buf, b...); w.maybeFlush() }

// endLine finishes a line and flushes if the buffer is full; hot loops call it per line.
func (w *writer) endLine() {
	w.buf = append(w.buf, '\n')
	w.maybeFlush()
}

func (w *writer) maybeFlush() {
	if len(w.buf) >= flushAt {
		w.flush()
	}
}

// flush writes out what is buffered. The first write error sticks and is returned by
// every later flush, so a solver checks it once at the end.
func (w *writer) flush() error {
	if w.err == nil && len(w.buf) > 0 {
		_, w.err = w.dst.Write(w.buf)
	}
	w.buf = w.buf[:0]
	return w.err
}
