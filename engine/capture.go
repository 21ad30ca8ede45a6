package engine

import (
	"fmt"
	"io"
	"sync"
)

// stderrKept bounds what is kept of a run's stderr: enough for a message and a stack.
const stderrKept = 64 << 10

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
	const tailKept = stderrKept - headKept
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

// clipText shortens s to about n bytes, keeping its head and its tail.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n/2] + fmt.Sprintf("\n… (%d bytes left out) …\n", len(s)-n) + s[len(s)-n/2:]
}

// cappedStdout keeps a run's stdout up to a limit. The first write past it calls over,
// once, before returning, so that the reason for the kill is fixed before the kill; the
// rest is drained.
type cappedStdout struct {
	mu    sync.Mutex
	buf   []byte
	limit int
	over  func()
	hit   bool
}

func (c *cappedStdout) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hit {
		return len(p), nil
	}
	if room := c.limit - len(c.buf); len(p) > room {
		c.buf = appendWithin(c.buf, p[:room], c.limit)
		c.hit = true
		c.over()
		return len(p), nil
	}
	c.buf = appendWithin(c.buf, p, c.limit)
	return len(p), nil
}

// appendWithin appends p to buf, growing buf as append does until it holds a megabyte,
// and fourfold from there, never past limit: a run that writes up to its limit holds at
// most a quarter more than that as its buffer grows, not the two buffers of a doubling.
// Not to the whole limit at once: the pages would only be resident once written, but Go
// counts the whole allocation as heap, and a 10 MB answer under the reference's 1 GiB limit
// made its worker hold more than workerHeldCap, to be replaced every few runs.
func appendWithin(buf, p []byte, limit int) []byte {
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

// stdoutKept bounds the stdout a run that did not end normally sends back: it is shown,
// never compared, and a program that prints for ever would otherwise cost a hunt its
// output limit per case.
const stdoutKept = 64 << 10

// clipStdout keeps the head of the stdout of a run that did not end normally.
func clipStdout(r Result) Result {
	if r.Status != Exited && len(r.Stdout) > stdoutKept {
		r.Stdout = append([]byte(nil), r.Stdout[:stdoutKept]...)
	}
	return r
}

func (c *cappedStdout) bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf
}

var _ io.Writer = (*cappedStdout)(nil)

// answerBuffers holds the buffers of answers a worker has sent, for the answers of its next
// runs: an answer of megabytes (mine's, boom's) otherwise cost a fresh buffer, which Go
// clears, per run and per side. Only a worker hands them back (recycleAnswer), once it has
// sent them: nothing else holds them then.
var answerBuffers sync.Pool

// answerBuffer is an empty buffer for an answer, with room from an earlier one, or nil.
func answerBuffer() []byte {
	if b, ok := answerBuffers.Get().(*[]byte); ok {
		return (*b)[:0]
	}
	return nil
}

// recycleAnswer hands back the buffer of an answer sent, if it is worth keeping: not a
// small one, and not one of a run that wrote hundreds of megabytes.
func recycleAnswer(b []byte) {
	if cap(b) >= 64<<10 && cap(b) <= 64<<20 {
		answerBuffers.Put(&b)
	}
}
