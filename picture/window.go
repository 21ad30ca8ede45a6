package picture

// window picks the part of a rows x cols grid a picture shows: all of it when it fits in
// maxRows x maxCols, else a window of that size around the points (grid coordinates,
// 1-based): around all of them when they fit in one, else around the first.
func window(rows, cols int, points [][2]int) (r0, r1, c0, c1 int) {
	var rs, cs []int
	for _, p := range points {
		rs = append(rs, p[0])
		cs = append(cs, p[1])
	}
	r0, r1 = span1D(rows, maxRows, rs)
	c0, c1 = span1D(cols, maxCols, cs)
	return r0, r1, c0, c1
}

// span1D is window along one axis of length n, showing at most limit positions.
func span1D(n, limit int, at []int) (lo, hi int) {
	if n <= limit {
		return 1, n
	}
	if len(at) == 0 {
		return 1, limit
	}
	first, last := at[0], at[0]
	for _, a := range at {
		first, last = min(first, a), max(last, a)
	}
	if last-first+1 > limit {
		first, last = at[0], at[0]
	}
	// Centre the points, then slide the window back inside the grid.
	lo = (first+last)/2 - limit/2 + 1
	lo = max(1, min(lo, n-limit+1))
	return lo, lo + limit - 1
}

// grab copies the window r0..r1 x c0..c1 of a grid read through cell, marking the focus
// cells MarkStep. up grids count their rows (levels) from the bottom and show the top
// first.
func grab(r0, r1, c0, c1, rows, cols int, up bool, cell func(r, c int) byte, focus [][2]int) *Board {
	b := &Board{Rows: rows, Cols: cols, Top: r0, Left: c0, Up: up}
	if up {
		b.Top = r1
	}
	for i := 0; i <= r1-r0; i++ {
		r := b.row(i)
		line := make([]byte, c1-c0+1)
		for j := range line {
			line[j] = cell(r, c0+j)
		}
		b.Cells = append(b.Cells, line)
	}
	b.Marks = focusMarks(rows, cols, focus)
	return b
}
