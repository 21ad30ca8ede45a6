package gen

import (
	"slices"
	"strings"

	"github.com/leanovate/gopter"
)

// A shrinker's candidates come in two phases: the cuts (shrinkCuts), spans of items
// dropped from each list a case is made of, biggest first across all the lists; then the
// numbers (shrinkNumbers), each moved toward its smallest valid value, so that a minimized
// case reads like a hand-made one. Every candidate is smaller than its case in an order
// each shrinker states (counts compared lexicographically, well-founded), so that the
// minimizer, which starts again from every candidate it keeps, always ends.

// cutList is one list a shrinker cuts spans out of: its length, counted on first use (a
// list the minimizer never reaches costs nothing), and the case without the items
// [lo, hi), or false when that cut would break a limit.
type cutList struct {
	size func() int
	cut  func(lo, hi int) (any, bool)
	// twins, if set, reports whether cutting [a, a+n) gives the same case as cutting
	// [b, b+n); a stage skips a span that is the twin of the one before it, which would
	// make the same candidate again (a board's blank columns, all one case).
	twins func(a, b, n int) bool
}

// twinCuts says whether a shrinker skips a span that is the twin of the one before it, as
// the shrinkers do; the tests of the skipping compare with keepTwins.
type twinCuts bool

const (
	skipTwins twinCuts = true
	keepTwins twinCuts = false
)

// sized is a cutList whose length is known.
func sized(n int, cut func(lo, hi int) (any, bool)) cutList {
	return cutList{size: func() int { return n }, cut: cut}
}

// spanStage walks the spans of one list the way delta debugging does: the two halves,
// then the quarters, and so on down to single items; a stage is one size.
type spanStage struct{ n, size, lo, last int }

func newSpanStage(n int) spanStage {
	size := n / 2
	if size == 0 {
		size = n
	}
	return spanStage{n: n, size: size, last: -1}
}

// next returns the next span of the stage, or false at its end.
func (s *spanStage) next() (lo, hi int, ok bool) {
	if s.size == 0 || s.lo >= s.n {
		return 0, 0, false
	}
	lo = s.lo
	s.lo += s.size
	return lo, min(lo+s.size, s.n), true
}

// advance moves to the next stage, spans half as long, or reports false after the stage
// of single items.
func (s *spanStage) advance() bool {
	if s.size <= 1 {
		s.size = 0
		return false
	}
	s.size, s.lo, s.last = (s.size+1)/2, 0, -1
	return true
}

// shrinkCuts is the gopter.Shrink that cuts spans out of every list: the halves of each
// list in turn, then the quarters of each, down to single items. Big cuts of every kind
// come first because each accepted cut restarts the search from a smaller case: a
// 1000x1000 case loses half its operations, rows or columns per step. Single items come
// last: a case none of whose candidates reproduces has no single item that can go.
func shrinkCuts(twins twinCuts, lists ...cutList) gopter.Shrink {
	stages := make([]spanStage, len(lists))
	started := make([]bool, len(lists))
	i, more := 0, false // more: some list has a stage left after this level
	return func() (any, bool) {
		for {
			if i == len(lists) {
				if !more {
					return nil, false
				}
				i, more = 0, false
			}
			st := &stages[i]
			if !started[i] {
				*st, started[i] = newSpanStage(lists[i].size()), true
			}
			for {
				lo, hi, ok := st.next()
				if !ok {
					break
				}
				before := st.last
				st.last = lo
				if twins == skipTwins && lists[i].twins != nil && before >= 0 && hi-lo == st.size && lists[i].twins(before, lo, st.size) {
					continue // the case the span before made
				}
				if v, ok := lists[i].cut(lo, hi); ok {
					return v, true
				}
			}
			if st.advance() {
				more = true
			}
			i++
		}
	}
}

// shrinkNumbers is the gopter.Shrink that moves each of count numbers in turn to each of
// its targets(i), with(i, v) being the case with number i set to v.
func shrinkNumbers(count int, targets func(i int) []int, with func(i, v int) any) gopter.Shrink {
	i := 0
	var pending []int
	return func() (any, bool) {
		for len(pending) == 0 {
			if i == count {
				return nil, false
			}
			pending = targets(i)
			i++
		}
		v := pending[0]
		pending = pending[1:]
		return with(i-1, v), true
	}
}

// toward lists the values v ≥ lo shrinks to: lo, halfway and one less, below v, distinct.
func toward(v, lo int) []int {
	var out []int
	for _, t := range []int{lo, lo + (v-lo)/2, v - 1} {
		if t >= lo && t < v && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// cutCoordinate drops the operations whose coordinate (coord, nil for none: they stay)
// lies in the cut lines lo+1..hi and moves later ones back by the cut.
func cutCoordinate[O any](ops []O, lo, hi int, coord func(*O) *int) []O {
	out := make([]O, 0, len(ops))
	for _, op := range ops {
		if v := coord(&op); v != nil {
			if *v > lo && *v <= hi {
				continue
			}
			if *v > hi {
				*v -= hi - lo
			}
		}
		out = append(out, op)
	}
	return out
}

// boardCuts are the cut lists of a board and the ops on it: its rows and its columns (at
// least least of each stay, and every line holding a byte of fixed; the ops on cut lines
// go, later ones move), and its cells holding a byte of cells made blank. coord(op, 0) is
// an op's row, coord(op, 1) its column (nil: none); with makes the case, or says false.
func boardCuts[O comparable](board []string, least int, fixed, cells string, blank byte, ops []O,
	coord func(*O, int) *int, with func([]string, []O) (any, bool)) []cutList {
	n, m := len(board), len(board[0])
	x, y := func(op *O) *int { return coord(op, 0) }, func(op *O) *int { return coord(op, 1) }
	holds := func(rows []string, lo, hi int) bool { // a byte of fixed in the rows' [lo, hi)
		return slices.ContainsFunc(rows, func(row string) bool { return strings.ContainsAny(row[lo:hi], fixed) })
	}
	return []cutList{
		sized(n, func(lo, hi int) (any, bool) {
			if n-(hi-lo) < least || holds(board[lo:hi], 0, m) {
				return nil, false
			}
			return with(slices.Concat(board[:lo], board[hi:]), cutCoordinate(ops, lo, hi, x))
		}).withTwins(func(a, b, n int) bool {
			return slices.Equal(board[a:a+n], board[b:b+n]) && noCoordinateIn(ops, a, b+n, x)
		}),
		sized(m, func(lo, hi int) (any, bool) {
			if m-(hi-lo) < least || holds(board, lo, hi) {
				return nil, false
			}
			return with(withoutColumns(board, lo, hi), cutCoordinate(ops, lo, hi, y))
		}).withTwins(func(a, b, n int) bool { return sameColumns(board, a, b, n) && noCoordinateIn(ops, a, b+n, y) }),
		cellCuts(board, cells, func(cells []int, lo, hi int) (any, bool) {
			return with(withCells(board, cells[lo:hi], blank), ops)
		}),
	}
}

// withTwins returns l, whose spans [a, a+n) and [b, b+n) are twins when same says so.
func (l cutList) withTwins(same func(a, b, n int) bool) cutList {
	l.twins = same
	return l
}

// sameColumns reports whether columns [a, a+n) and [b, b+n) of board are equal.
func sameColumns(board []string, a, b, n int) bool {
	for _, row := range board {
		if row[a:a+n] != row[b:b+n] {
			return false
		}
	}
	return true
}

// noCoordinateIn reports whether no operation's coordinate (1-based) falls in the 0-based
// items [lo, hi).
func noCoordinateIn[O any](ops []O, lo, hi int, coord func(*O) *int) bool {
	for i := range ops {
		if v := coord(&ops[i]); v != nil && *v > lo && *v <= hi {
			return false
		}
	}
	return true
}

// withoutColumns returns a copy of board without its columns [lo, hi).
func withoutColumns(board []string, lo, hi int) []string {
	out := make([]string, len(board))
	for i, row := range board {
		out[i] = row[:lo] + row[hi:]
	}
	return out
}

// cellsHolding lists, as flat indices, the cells of board that hold a byte of set.
func cellsHolding(board []string, set string) []int {
	var cells []int
	for x, row := range board {
		for y := 0; y < len(row); y++ {
			if strings.IndexByte(set, row[y]) >= 0 {
				cells = append(cells, x*len(row)+y)
			}
		}
	}
	return cells
}

// cellCuts is the cutList of the cells of board holding a byte of set, listed on first use
// (the minimizer reaches few boards); cut gets them all and the span [lo, hi) to cut.
func cellCuts(board []string, set string, cut func(cells []int, lo, hi int) (any, bool)) cutList {
	var cells []int
	return cutList{
		size: func() int { cells = cellsHolding(board, set); return len(cells) },
		cut:  func(lo, hi int) (any, bool) { return cut(cells, lo, hi) },
	}
}

// inARow numbers the items of several lists in a row, count(l) for list l: total items,
// and locate(i) the list of item i and its index there.
func inARow[L any](lists []L, count func(l L) int) (total int, locate func(i int) (list, k int)) {
	first := make([]int, len(lists)) // first[l]: the number of list l's first item
	for l, list := range lists {
		first[l] = total
		total += count(list)
	}
	return total, func(i int) (int, int) {
		l, _ := slices.BinarySearch(first, i+1)
		return l - 1, i - first[l-1]
	}
}

// withCells returns a copy of board whose cells at the given flat indices hold c.
func withCells(board []string, cells []int, c byte) []string {
	flat := []byte(strings.Join(board, ""))
	for _, p := range cells {
		flat[p] = c
	}
	return rowsOf(flat, len(board[0]))
}

// rowsOf cuts cells into rows of m.
func rowsOf(cells []byte, m int) []string {
	rows := make([]string, len(cells)/m)
	for i := range rows {
		rows[i] = string(cells[i*m : (i+1)*m])
	}
	return rows
}
