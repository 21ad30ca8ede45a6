package ref

import "cmp"

// boolGrid makes an n x m grid of booleans indexed from 1, with a frame of unused false
// cells around it, so that neighbour loops need no bounds checks.
func boolGrid(n, m int) [][]bool {
	g := make([][]bool, n+2)
	for i := range g {
		g[i] = make([]bool, m+2)
	}
	return g
}

// countAround counts the true cells of a framed grid among the 8 neighbours of (x, y).
func countAround(grid [][]bool, x, y int) int {
	count := 0
	for nx := x - 1; nx <= x+1; nx++ {
		for ny := y - 1; ny <= y+1; ny++ {
			if (nx != x || ny != y) && grid[nx][ny] {
				count++
			}
		}
	}
	return count
}

// byRowThenColumn orders cells (x, y) by x, then y: the order the statements print the
// cells an operation changed in.
func byRowThenColumn(a, b [2]int) int {
	return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
}
