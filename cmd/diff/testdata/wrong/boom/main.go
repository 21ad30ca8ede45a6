// Command boom is a contestant's solution of boom (seed 003), the minesweeper interactor
// with 3-state flags, right as written. -bug NAME plants one realistic bug, so that the
// tests of diff hunt -cmd can prove each kind of wrong solution is caught.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"gamediff/testutil/cpuclock"
)

// bugs are the slips -bug can plant, each the kind a contestant makes.
var bugs = map[string]string{
	"question-stops-cascade": "a cascade opens only _ cells: a ? stops it",
	"win-after-change-only":  "WIN checked only after an operation that changed the map",
	"middle-skips-zero":      "a middle click on a 0 does nothing",
	"no-reset":               "the player map not reset between games (the statement's memset warning)",
	"rescan":                 "the map copied and compared whole on every click: right, but too slow",
	// The rare situations of the catalogue (ruling/boom_situations.go), one slip each.
	"middle-on-flag-opened":       "a middle click on a closed cell marked P taken for an opened one (a public solution's bug: middle-on-flag-matched)",
	"middle-question-not-checked": "a middle click's mine check looks at its _ targets only: a ? over a mine is opened (middle-lose-question-mine)",
	"short-queue":                 "the flood fill's queue holds 20000 cells, half the largest board: a larger cascade overruns it (cascade-large)",
	"cr-not-blank":                "the reader's blanks are space, \\t, \\n, \\v and \\f, not \\r: a \\r\\n line end sticks to its token (form-crlf)",
}

// side is the largest board side; the arrays are global and sized for it, rows of side cells.
const side = 200

var (
	bug      string
	n, m     int
	isMine   [side * side]bool
	number   [side * side]int8
	opened   [side * side]bool
	view     [side * side]byte // the player map: _ P ? or the digit of an opened cell
	unopened int
	changed  []int32
	stack    []int32
	queue    [side * side / 2]int32 // -bug short-queue's
	out      *bufio.Writer
	// meter charges -bug rescan its scans in CPU time (cpuclock), cellNS a cell. Its
	// default makes the rescan fail by its complexity, not its constant: far over the
	// limit on the games at the statement's limits (30 games of 200x200, 10000 clicks
	// each: the default set's tests 8, 12, 16 and 20), and within it on the tests before
	// the first of them. A hunt, whose opening tests grow, thus meets its time-out far over
	// the limit, a case a narrowing can cut. The games of five (tests 7, 11, 15, 19) come
	// near the limit on either side: no test claims them.
	meter  cpuclock.Meter
	cellNS *float64
)

func main() {
	bugName := flag.String("bug", "", "plant this bug: "+names(bugs))
	cellNS = flag.Float64("cell-ns", 1.5, "with -bug rescan: the CPU nanoseconds a cell of a scan costs")
	flag.Parse()
	defer meter.Settle()
	if _, ok := bugs[*bugName]; *bugName != "" && !ok {
		fmt.Fprintf(os.Stderr, "boom: unknown -bug %q\n", *bugName)
		os.Exit(2)
	}
	bug = *bugName
	in := &reader{r: bufio.NewReaderSize(os.Stdin, 1<<16)}
	out = bufio.NewWriterSize(os.Stdout, 1<<16)
	defer out.Flush()
	t := in.int()
	for g := 0; g < t; g++ {
		if g > 0 {
			out.WriteString("==========\n")
		}
		game(in)
	}
}

func game(in *reader) {
	n, m = in.int(), in.int()
	k := 0
	for x := 0; x < n; x++ {
		row := in.word()
		for y := 0; y < m; y++ {
			p := x*side + y
			isMine[p] = y < len(row) && row[y] == '*'
			if isMine[p] {
				k++
			}
			if bug != "no-reset" {
				opened[p], view[p] = false, '_'
			} else if view[p] == 0 {
				view[p] = '_'
			}
		}
	}
	for x := 0; x < n; x++ {
		for y := 0; y < m; y++ {
			c := int8(0)
			eachNeighbour(x*side+y, func(q int) {
				if isMine[q] {
					c++
				}
			})
			number[x*side+y] = c
		}
	}
	unopened = n * m
	over := false
	for {
		op := in.int()
		if op == 0 {
			break
		}
		x, y := in.int(), in.int()
		p := (x-1)*side + y - 1
		if over {
			out.WriteString("INVALID\n")
			continue
		}
		if bug == "rescan" {
			// The map copied before the click and compared after it, whole: its cost
			// is charged, so that the program's time is this cost on any machine; the
			// answer is the right program's.
			meter.Charge(time.Duration(float64(n*m) * *cellNS))
		}
		changed = changed[:0]
		lost := false
		switch op {
		case 1:
			if !opened[p] && view[p] != 'P' {
				if isMine[p] {
					lost = true
				} else {
					open(p)
				}
			}
		case 2:
			if !opened[p] {
				switch view[p] {
				case '_':
					view[p] = 'P'
				case 'P':
					view[p] = '?'
				default:
					view[p] = '_'
				}
				changed = append(changed, int32(p))
			}
		case 3:
			lost = middle(p)
		}
		if lost {
			out.WriteString("LOSE\n")
			over = true
			continue
		}
		report()
		if unopened == k && (bug != "win-after-change-only" || len(changed) > 0) {
			out.WriteString("WIN\n")
			over = true
		}
	}
	if !over {
		out.WriteString("QUIT\n")
	}
}

// middle handles a middle click on p; true means the game is lost.
func middle(p int) bool {
	if !opened[p] && (bug != "middle-on-flag-opened" || view[p] != 'P') || bug == "middle-skips-zero" && number[p] == 0 {
		return false
	}
	flags := 0
	eachNeighbour(p, func(q int) {
		if view[q] == 'P' {
			flags++
		}
	})
	if flags != int(number[p]) {
		return false
	}
	lost := false
	eachNeighbour(p, func(q int) {
		if !opened[q] && view[q] != 'P' && isMine[q] && (bug != "middle-question-not-checked" || view[q] == '_') {
			lost = true
		}
	})
	if lost {
		return true
	}
	eachNeighbour(p, func(q int) {
		if !opened[q] && view[q] != 'P' {
			open(q)
		}
	})
	return false
}

// open opens p, an unopened safe cell, and cascades from the zeros.
func open(p int) {
	if bug == "short-queue" {
		openQueued(p)
		return
	}
	mark(p)
	stack = append(stack[:0], int32(p))
	for len(stack) > 0 {
		q := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if number[q] != 0 {
			continue
		}
		eachNeighbour(q, func(r int) {
			if !opened[r] && (view[r] == '_' || view[r] == '?' && bug != "question-stops-cascade") {
				mark(r)
				stack = append(stack, int32(r))
			}
		})
	}
}

// openQueued is open with a queue of fixed size, whose head and tail only grow: each
// cell opened takes a slot.
func openQueued(p int) {
	mark(p)
	head, tail := 0, 0
	queue[tail] = int32(p)
	tail++
	for head < tail {
		q := int(queue[head])
		head++
		if number[q] != 0 {
			continue
		}
		eachNeighbour(q, func(r int) {
			if !opened[r] && view[r] != 'P' {
				mark(r)
				queue[tail] = int32(r)
				tail++
			}
		})
	}
}

func mark(p int) {
	opened[p] = true
	view[p] = byte('0' + number[p])
	unopened--
	changed = append(changed, int32(p))
}

// report writes RUNNING: and the changed cells, sorted by row, then column.
func report() {
	slices.Sort(changed)
	b := append(make([]byte, 0, 16+len(changed)*14), "RUNNING: ["...)
	for i, p := range changed {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '<')
		b = strconv.AppendInt(b, int64(p)/side+1, 10)
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(p)%side+1, 10)
		b = append(b, ", "...)
		b = append(b, view[p], '>')
	}
	out.Write(append(b, "]\n"...))
}

func eachNeighbour(p int, f func(q int)) {
	x, y := p/side, p%side
	for i := max(x-1, 0); i <= min(x+1, n-1); i++ {
		for j := max(y-1, 0); j <= min(y+1, m-1); j++ {
			if i != x || j != y {
				f(i*side + j)
			}
		}
	}
}

// reader reads whitespace-separated tokens, as scanf does.
type reader struct {
	r   *bufio.Reader
	buf []byte
}

// word returns the next token, or nil at the end of the input; it is valid until the next call.
func (in *reader) word() []byte {
	c, err := in.r.ReadByte()
	for err == nil && blank(c) {
		c, err = in.r.ReadByte()
	}
	in.buf = in.buf[:0]
	for err == nil && !blank(c) {
		in.buf = append(in.buf, c)
		c, err = in.r.ReadByte()
	}
	if len(in.buf) == 0 {
		return nil
	}
	return in.buf
}

// blank reports whether c separates tokens: any byte up to the space, as scanf's are.
func blank(c byte) bool {
	if bug == "cr-not-blank" {
		return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'
	}
	return c <= ' '
}

func (in *reader) int() int {
	v, _ := strconv.Atoi(string(in.word()))
	return v
}

// names lists the keys of m, sorted, for the usage message.
func names(m map[string]string) string {
	list := make([]string, 0, len(m))
	for name := range m {
		list = append(list, name)
	}
	slices.Sort(list)
	return strings.Join(list, ", ")
}
