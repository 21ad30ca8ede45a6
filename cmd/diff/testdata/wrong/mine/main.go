// Command mine is a contestant's solution of mine (seeds 000 and 002), right as written.
// Its flags turn it into the wrong solutions and misbehaving programs that the tests of
// diff hunt -cmd must catch:
//
//	mine                       a right answer, within the limits
//	mine -bug NAME             one realistic bug (see bugs)
//	mine -misbehave MODE       right, except on inputs that meet the trigger (misbehave.go)
//
// It runs as under a judge with an 8 MB stack (debug.SetMaxStack), so that deep recursion
// crashes as it would there instead of growing to Go's 1 GB.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"gamediff/testutil/cpuclock"
)

// bugs are the slips -bug can plant, each the kind a contestant makes.
var bugs = map[string]string{
	"column-first":           "the detected cells sorted by column first",
	"dsweep-more-flags":      "DSweep also runs when there are more flags than its number",
	"quit-counted":           "Quit counted as a step",
	"cascade-keeps-flags":    "a cascade passes over flagged cells, which keep their flags",
	"no-finish-after-dsweep": "the finish check only after Sweep, not after DSweep",
	"recursive-fill":         "a recursive flood fill: a big cascade overflows the 8 MB stack",
	"rescan":                 "the whole board rescanned after every operation: right, but too slow",
	"finish-needs-a-sweep":   "R-M1 read otherwise: finish only once some cell was swept, so a board with no safe cell never finishes",
	// The slips below are wrong in one rare situation alone (ruling/mine_situations.go).
	"eight-flags-wrap":  "the flags around a cell counted in three bits: eight wrap to 0, so a DSweep on an 8 with its eight flags fails",
	"finish-after-flag": "the finish check after every operation, Flag included: on a board with no safe cell a Flag finishes",
	"rows-array-short":  "the board kept in an array of 1000 rows indexed from 1: a board of 1000 rows overflows it",
	"wiped-flag-counts": "a cascade sweeps a flagged cell but leaves its flag set, which a later DSweep next to it counts",
}

// judgeStack is the stack a typical judge gives a solution.
const judgeStack = 8 << 20

const (
	blank   = 0
	flagged = 1
	swept   = 2
)

// The game, as globals, the way contestants write it.
var (
	bug        string
	n, m       int
	isMine     []bool
	number     []int8
	state      []byte
	wiped      []bool // -bug wiped-flag-counts: the flags a cascade swept, still set
	safe, left int    // safe cells, and those not swept yet
	opened     []int32
	stack      []int32
	out        *bufio.Writer
	outBuf     []byte
	steps      int
	// meter charges -bug rescan its scans in CPU time (cpuclock), cellNS a cell. Its
	// default makes the rescan what the statement's subtasks make an O(n·m·q) solution:
	// within the limit on the subtasks of n, m ≤ 300, q ≤ 8000 (the default set's tests
	// 13-19), and far over it on n, m ≤ 1000, q ≤ 60000 (tests 20-22), its
	// complexity's failure rather than its constant's. A hunt, whose opening tests grow,
	// thus meets its time-out far over the limit, a case a narrowing can cut.
	meter  cpuclock.Meter
	cellNS *float64
)

func main() {
	bugName := flag.String("bug", "", "plant this bug: "+names(bugs))
	mode := flag.String("misbehave", "", "misbehave this way on triggering inputs: "+names(modes))
	linger := flag.Duration("linger", 0, "only sleep this long (the child of -misbehave background-child)")
	cellNS = flag.Float64("cell-ns", 1, "with -bug rescan: the CPU nanoseconds a cell of a scan costs")
	flag.Parse()
	if *linger > 0 {
		time.Sleep(*linger)
		return
	}
	if _, ok := bugs[*bugName]; *bugName != "" && !ok {
		fmt.Fprintf(os.Stderr, "mine: unknown -bug %q\n", *bugName)
		os.Exit(2)
	}
	if _, ok := modes[*mode]; *mode != "" && !ok {
		fmt.Fprintf(os.Stderr, "mine: unknown -misbehave %q (modes: %s)\n", *mode, names(modes))
		os.Exit(2)
	}
	bug = *bugName
	debug.SetMaxStack(judgeStack)

	in := &reader{r: bufio.NewReaderSize(os.Stdin, 1<<16)}
	out = bufio.NewWriterSize(os.Stdout, 1<<16)
	defer out.Flush()
	defer meter.Settle()
	play(in, *mode)
}

func play(in *reader, mode string) {
	n, m = in.int(), in.int()
	isMine = make([]bool, n*m)
	number = make([]int8, n*m)
	state = make([]byte, n*m)
	wiped = make([]bool, n*m)
	for i := 0; i < n; i++ {
		row := in.word()
		if bug == "rows-array-short" {
			copy(grid[i+1][1:], row)
		}
		for j := 0; j < m && j < len(row); j++ {
			if row[j] == '*' {
				isMine[i*m+j] = true
			} else {
				safe++
			}
		}
	}
	left = safe
	for p := range isMine {
		if isMine[p] {
			eachNeighbour(p, func(q int) { number[q]++ })
		}
	}
	for {
		word := in.word()
		if word == nil {
			return // no Quit: the statement promises one
		}
		op := string(word) // the next read reuses word's bytes
		if op == "Quit" {
			if bug == "quit-counted" {
				steps++
			}
			fmt.Fprintf(out, "give up\ntotal step %d\n", steps)
			return
		}
		x, y := in.int(), in.int()
		p := (x-1)*m + (y - 1)
		steps++
		switch op {
		case "Flag":
			switch state[p] {
			case swept:
				out.WriteString("swept\n")
			case flagged:
				state[p] = blank
				out.WriteString("cancelled\n")
			default:
				state[p] = flagged
				out.WriteString("success\n")
			}
		case "Sweep":
			switch state[p] {
			case swept:
				out.WriteString("swept\n")
			case flagged:
				out.WriteString("flagged\n")
			default:
				opened = opened[:0]
				if !sweep(p) {
					boom()
					return
				}
				feedback()
			}
		case "DSweep":
			if mode != "" && state[p] == swept && number[p] >= triggerNumber {
				misbehave(mode)
			}
			if !dsweep(p) {
				boom()
				return
			}
		}
		if bug == "rescan" {
			// The board scanned whole to count the cells swept: its cost is charged, so
			// that the program's time is this cost on any machine; the count is the
			// right program's.
			meter.Charge(time.Duration(float64(n*m) * *cellNS))
		}
		if op == "Flag" && bug != "finish-after-flag" || op == "DSweep" && bug == "no-finish-after-dsweep" {
			continue
		}
		if left == 0 && bug == "finish-needs-a-sweep" && safe == 0 {
			continue
		}
		if left == 0 { // R-M1: after every Sweep and DSweep that did not boom
			fmt.Fprintf(out, "finish\ntotal step %d\n", steps)
			return
		}
	}
}

// dsweep handles DSweep on p; false means it boomed.
func dsweep(p int) bool {
	if state[p] != swept {
		out.WriteString("not swept\n")
		return true
	}
	flags := 0
	eachNeighbour(p, func(q int) {
		if state[q] == flagged || wiped[q] {
			flags++
		}
	})
	if bug == "eight-flags-wrap" {
		flags &= 7
	}
	if number[p] == 0 || flags != int(number[p]) && !(bug == "dsweep-more-flags" && flags > int(number[p])) {
		out.WriteString("failed\n")
		return true
	}
	opened = opened[:0]
	ok := true
	eachNeighbour(p, func(q int) {
		if ok && state[q] == blank {
			ok = sweep(q)
		}
	})
	if ok {
		feedback()
	}
	return ok
}

// sweep is the sweep process on a cell that is not swept; false means a mine.
func sweep(p int) bool {
	if isMine[p] {
		return false
	}
	if bug == "recursive-fill" {
		fill(p)
		return true
	}
	open(p)
	stack = append(stack[:0], int32(p))
	for len(stack) > 0 {
		q := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if number[q] != 0 {
			continue
		}
		eachNeighbour(q, func(r int) {
			if state[r] == blank || state[r] == flagged && bug != "cascade-keeps-flags" {
				wiped[r] = state[r] == flagged && bug == "wiped-flag-counts"
				open(r) // a flag there is cleared (R-M3)
				stack = append(stack, int32(r))
			}
		})
	}
	return true
}

// fill is the recursive flood fill of -bug recursive-fill.
func fill(p int) {
	open(p)
	if number[p] != 0 {
		return
	}
	x, y := p/m, p%m
	for i := x - 1; i <= x+1; i++ {
		for j := y - 1; j <= y+1; j++ {
			if i >= 0 && i < n && j >= 0 && j < m && state[i*m+j] != swept {
				fill(i*m + j)
			}
		}
	}
}

func open(p int) {
	state[p] = swept
	left--
	opened = append(opened, int32(p))
}

func boom() {
	fmt.Fprintf(out, "boom\ngame over\ntotal step %d\n", steps)
}

func feedback() {
	if len(opened) == 0 {
		out.WriteString("no cell detected\n")
		return
	}
	if bug == "column-first" {
		slices.SortFunc(opened, func(a, b int32) int {
			if ca, cb := a%int32(m), b%int32(m); ca != cb {
				return int(ca - cb)
			}
			return int(a - b)
		})
	} else {
		slices.Sort(opened) // row-major indices: by row, then column
	}
	fmt.Fprintf(out, "%d cell(s) detected\n", len(opened))
	for _, p := range opened {
		b := strconv.AppendInt(outBuf[:0], int64(p)/int64(m)+1, 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(p)%int64(m)+1, 10)
		b = append(b, ' ', byte('0'+number[p]), '\n')
		outBuf = b
		out.Write(b)
	}
}

func eachNeighbour(p int, f func(q int)) {
	x, y := p/m, p%m
	for i := max(x-1, 0); i <= min(x+1, n-1); i++ {
		for j := max(y-1, 0); j <= min(y+1, m-1); j++ {
			if i != x || j != y {
				f(i*m + j)
			}
		}
	}
}

// grid is the board of -bug rows-array-short, as a contestant's char g[1000][1002] holds
// it, from row 1: one row short of n = 1000.
var grid [1000][1002]byte

// reader reads whitespace-separated tokens, as scanf does.
type reader struct {
	r   *bufio.Reader
	buf []byte
}

// word returns the next token, or nil at the end of the input; it is valid until the next call.
func (in *reader) word() []byte {
	c, err := in.r.ReadByte()
	for err == nil && c <= ' ' {
		c, err = in.r.ReadByte()
	}
	in.buf = in.buf[:0]
	for err == nil && c > ' ' {
		in.buf = append(in.buf, c)
		c, err = in.r.ReadByte()
	}
	if len(in.buf) == 0 {
		return nil
	}
	return in.buf
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
