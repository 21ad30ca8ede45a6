package scale

import (
	"strings"

	"gamediff/testcase"
)

// Datamining scales datamining cases along their boards (a sample of them, spread
// evenly), rows and columns (every board cropped to a window of them).
var Datamining = Scaling[testcase.Datamining]{Dimensions: []string{"boards", "rows", "columns"}, Scale: scaleDatamining}

func scaleDatamining(c testcase.Datamining, dim string, f float64) (testcase.Datamining, float64) {
	out := testcase.Datamining{Form: c.Form} // laid out as the case was
	if dim == "boards" {
		k := scaledSize(len(c.Boards), 1, f)
		for _, i := range evenly(len(c.Boards), k) {
			out.Boards = append(out.Boards, c.Boards[i])
		}
		return out, kept(len(c.Boards), k, f)
	}
	if dim != "rows" && dim != "columns" {
		return out, 0
	}
	axis, before, after := pick(dim == "rows", 0, 1), 0, 0
	for _, board := range c.Boards {
		size := pick(axis == 0, len(board), len(board[0]))
		board = cropDatamining(board, axis, scaledSize(size, testcase.DataminingMinSide, f))
		out.Boards = append(out.Boards, board)
		before, after = before+size, after+pick(axis == 0, len(board), len(board[0]))
	}
	return out, kept(before, after, f)
}

// cropDatamining crops board along axis (0 rows, 1 columns) to k of it: the window whose
// share of mines is nearest the board's, with an 'M' and a '.' (the first such), so that
// the cropped board is as dense as the board, which an exhaustive search's time goes by;
// the board whole when no window has both.
func cropDatamining(board []string, axis, k int) []string {
	size := pick(axis == 0, len(board), len(board[0]))
	mines := strings.Count(strings.Join(board, ""), "M")
	best, bestGap := board, -1
	for from := 0; from+k <= size && k < size; from++ {
		w := crop(board, axis, from, k)
		gap := strings.Count(strings.Join(w, ""), "M")*size - mines*k
		gap = max(gap, -gap)
		if testcase.DataminingHasBoth(w) && (bestGap < 0 || gap < bestGap) {
			best, bestGap = w, gap
		}
	}
	return best
}
