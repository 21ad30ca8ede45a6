package gen

import "github.com/leanovate/gopter"

// spans yields the ranges [lo, hi) of a list of n items that a shrinker tries to drop:
// the two halves first, then quarters, and so on down to single items, the order of
// delta debugging. Big cuts come first because each accepted cut restarts the search
// from a smaller case; single items come last so that a case where no candidate
// reproduces is 1-minimal.
func spans(n int) func() (lo, hi int, ok bool) {
	size, lo := n/2, 0
	if size == 0 {
		size = n
	}
	return func() (int, int, bool) {
		for size > 0 {
			if lo < n {
				l, h := lo, min(lo+size, n)
				lo += size
				return l, h, true
			}
			if size == 1 {
				size = 0
				break
			}
			size, lo = (size+1)/2, 0
		}
		return 0, 0, false
	}
}

// shrinkSpans is the gopter.Shrink that drops each span of spans(n) in turn: cut builds
// the smaller case without [lo, hi), or reports false when that cut is not allowed.
func shrinkSpans(n int, cut func(lo, hi int) (any, bool)) gopter.Shrink {
	next := spans(n)
	return func() (any, bool) {
		for {
			lo, hi, ok := next()
			if !ok {
				return nil, false
			}
			if v, ok := cut(lo, hi); ok {
				return v, true
			}
		}
	}
}

// cutCoordinate drops the operations whose coordinate lies in the cut rows (or columns)
// lo+1..hi and moves later ones back by the cut. coord picks the coordinate of an
// operation, or returns nil for one that has none (mine's Quit, tower's commands other
// than MOVETO), which always stays.
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

// withoutColumns returns a copy of board without its columns [lo, hi).
func withoutColumns(board []string, lo, hi int) []string {
	out := make([]string, len(board))
	for i, row := range board {
		out[i] = row[:lo] + row[hi:]
	}
	return out
}

// cellsHolding lists, as flat indices, the cells of board that hold c.
func cellsHolding(board []string, c byte) []int {
	var cells []int
	for x, row := range board {
		for y := 0; y < len(row); y++ {
			if row[y] == c {
				cells = append(cells, x*len(row)+y)
			}
		}
	}
	return cells
}

// withCells returns a copy of board whose cells at the given flat indices hold c.
func withCells(board []string, cells []int, c byte) []string {
	rows := make([][]byte, len(board))
	for i, row := range board {
		rows[i] = []byte(row)
	}
	for _, p := range cells {
		m := len(board[0])
		rows[p/m][p%m] = c
	}
	out := make([]string, len(rows))
	for i := range rows {
		out[i] = string(rows[i])
	}
	return out
}
