package sandbox

import (
	"fmt"
	"io"
	"strconv"
	"sync"
)

// StderrKept bounds what is kept of a run's stderr: enough for a message and a stack.
const StderrKept = 64 << 10

// headTail keeps the head and the tail of a stream, where a crash's message and its end
// are, and drains the rest: a program that floods stderr costs no memory and never
// blocks on a full pipe.
type headTail struct {
	mu    sync.Mutex
	head  []byte
	tail  []byte // a ring once full
	next  int    // where the ring writes next
	full  bool
	total int64
}

const headKept = 8 << 10

func (h *headTail) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := len(p)
	h.total += int64(n)
	if room := headKept - len(h.head); room > 0 {
		k := min(room, len(p))
		h.head = append(h.head, p[:k]...)
		p = p[k:]
	}
	const tailKept = StderrKept - headKept
	for len(p) > 0 {
		if !h.full {
			k := min(tailKept-len(h.tail), len(p))
			h.tail = append(h.tail, p[:k]...)
			p = p[k:]
			if len(h.tail) == tailKept {
				h.full = true
			}
			continue
		}
		k := copy(h.tail[h.next:], p)
		h.next = (h.next + k) % tailKept
		p = p[k:]
	}
	return n, nil
}

// String returns what was kept, marking what was left out.
func (h *headTail) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	kept := int64(len(h.head) + len(h.tail))
	s := string(h.head)
	if h.total > kept {
		s += fmt.Sprintf("\n… (%d bytes left out) …\n", h.total-kept)
	}
	if h.full {
		return s + string(h.tail[h.next:]) + string(h.tail[:h.next])
	}
	return s + string(h.tail)
}

// reset forgets what was kept, so that String tells of what comes next (a worker's
// stderr during one request).
func (h *headTail) reset() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.head, h.tail, h.next, h.full, h.total = h.head[:0], h.tail[:0], 0, false, 0
}

// cappedStdout takes a run's stdout: it keeps the first keep bytes of it, hands every byte
// up to the limit to tee, if any, and counts what was written past the limit. The first
// write past it calls over, once, before returning, so that the run is stopped at once;
// the rest is drained. Whether the run went over is read from the count once the pipe is
// drained (exceeded), never from which of the kill and the exit came first: a program that
// writes past its limit and exits at once is over its limit however its writes are cut and
// whenever its exit is noticed.
type cappedStdout struct {
	mu      sync.Mutex
	buf     []byte
	keep    int // at most limit
	limit   int
	tee     io.Writer
	written int // bytes taken, up to limit
	over    func()
	hit     bool
}

func (c *cappedStdout) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(p)
	if c.hit {
		return n, nil
	}
	if room := c.limit - c.written; len(p) > room {
		p, c.hit = p[:room], true
	}
	c.written += len(p)
	if c.tee != nil {
		c.tee.Write(p)
	}
	if room := c.keep - len(c.buf); room > 0 {
		c.buf = AppendOutput(c.buf, p[:min(room, len(p))], c.keep)
	}
	if c.hit {
		c.over()
	}
	return n, nil
}

func (c *cappedStdout) bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf
}

// exceeded reports whether more than the limit was written.
func (c *cappedStdout) exceeded() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hit
}

var _ io.Writer = (*cappedStdout)(nil)

// AppendOutput appends p to buf, a run's output kept up to limit, growing buf as append
// does until it holds a megabyte, and fourfold from there, never past limit: a run that
// writes up to its limit holds at most a quarter more than that as its buffer grows, not
// the two buffers of a doubling. Not to the whole limit at once: the pages would only be
// resident once written, but Go counts the whole allocation as heap, and an answer far
// below a generous limit would make the process that keeps it hold the limit. The engine's
// in-process judges keep their output with it too.
func AppendOutput(buf, p []byte, limit int) []byte {
	if n := len(buf) + len(p); n > cap(buf) {
		size := max(2*cap(buf), n, 512)
		if size > 1<<20 {
			size = max(4*cap(buf), n)
		}
		grown := make([]byte, len(buf), min(size, max(limit, n)))
		copy(grown, buf)
		buf = grown
	}
	return append(buf, p...)
}

// ByteSize prints a size as people read it, as the verdicts' messages do: 512 B, 64 KiB,
// 1.5 MiB.
func ByteSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return trimZero(float64(n)/(1<<10)) + " KiB"
	case n < 1<<30:
		return trimZero(float64(n)/(1<<20)) + " MiB"
	}
	return trimZero(float64(n)/(1<<30)) + " GiB"
}

func trimZero(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}
