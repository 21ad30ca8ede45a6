// Package scale scales a time-out's case along its dimensions (operations, rows and
// columns; games, boards, datasets): engine.Scaler, through each game's registration in
// games. A case the code under test times out on is narrowed by scaling it, not by
// shrinking it, and its report tells how the code's time grows along each dimension.
//
// A scaled case plays the game its case plays, on less of it: each game's file replays
// the case on ref's own game (ref's steppable games, as gen's players drive them) to keep
// a cropped board's game going as long as the case's. One file per game; this file holds
// the machinery they share.
package scale

import (
	"math"
	"slices"
)

// Scaling is how a game's cases are scaled along their dimensions, for a time-out
// (engine.Scaler): a case the code under test times out on is narrowed by scaling it, not
// by shrinking it, and its report tells how the code's time grows along each dimension.
//
// Scale returns c with dimension dim scaled by f (0 < f < 1): a valid case that plays the
// game c plays, on less of it, for about as long where the dimension is not the length of
// the game (a cropped board's game is not cut short by a mine or a finish the cropped
// game would meet first), so that the time a program spends goes with the dimension
// alone. It also returns the share of the dimension the scaled case keeps, which rounding
// sets near f but seldom at it (13 of 50 rows for a quarter), so that a growth is fitted to
// the sizes measured; 0 when c cannot be scaled so: the dimension is as small as it goes,
// or the nearest size it can take is too far from f of it (scaleSlack).
type Scaling[C any] struct {
	Dimensions []string
	Scale      func(c C, dim string, f float64) (C, float64)
}

// scaleSlack bounds how far above f of its size a scaled dimension may land: a probe
// measured as 1/8 of a case that is really 1/4 of it would bend the fitted exponent, so a
// dimension that cannot come near f of its size (three rows scaled by 1/8) is not scaled.
const scaleSlack = 1.5

// scaledSize is n scaled by f, rounded, at least least (and n, when n is smaller).
func scaledSize(n, least int, f float64) int {
	return min(n, max(int(math.Round(f*float64(n))), least))
}

// kept is the share of a dimension whose total was before (a sum over the games or boards
// of a case) that after keeps, when that scales it by f: smaller, and not too far above f
// of it; else 0.
func kept(before, after int, f float64) float64 {
	if after < before && float64(after) <= scaleSlack*f*float64(before) {
		return float64(after) / float64(before)
	}
	return 0
}

// window is the start of the run of size positions among len(weight) that holds the most
// weight, the first such, among those that hold the anchors, each in turn as long as
// some run holds it with those before. A board is cropped to the window where its game is
// played: a window of the top-left rows would often be a corner nobody clicks in.
func window(weight []int, size int, anchors ...int) int {
	lo, hi := 0, len(weight)-size
	for _, a := range anchors {
		if l, h := max(lo, a-size+1), min(hi, a); l <= h {
			lo, hi = l, h
		}
	}
	best, at := -1, lo
	for start := lo; start <= hi; start++ {
		sum := 0
		for _, w := range weight[start : start+size] {
			sum += w
		}
		if sum > best {
			best, at = sum, start
		}
	}
	return at
}

// evenly picks k of the indices 0..n-1, spread evenly and in order: the games or boards a
// case keeps when their number is scaled, so that the kept ones are a sample of all of
// them (a generator may order them, small ones first).
func evenly(n, k int) []int {
	out := make([]int, k)
	for j := range out {
		out[j] = j * n / k
	}
	return out
}

// bySize picks k of the items whose sizes are size, a sample whose total size tracks k/n of
// theirs: the items ranked by size are cut into k runs of ranks, and from each run the one
// that brings the sample's total nearest to the runs' so far, each counted at its mean
// size, is taken; they are returned in their own order. Games of very unequal lengths
// picked evenly by position may be all short ones at one scale and all long ones at the
// next, which bends the time a program spends on them away from the share of the games
// kept.
func bySize(size []int, k int) []int {
	n := len(size)
	rank := make([]int, n)
	for i := range rank {
		rank[i] = i
	}
	slices.SortStableFunc(rank, func(a, b int) int { return size[a] - size[b] })
	out := make([]int, 0, k)
	want, got := 0.0, 0.0
	for j := range k {
		run := rank[j*n/k : (j+1)*n/k]
		sum := 0
		for _, i := range run {
			sum += size[i]
		}
		want += float64(sum) / float64(len(run))
		best := run[0]
		for _, i := range run {
			if math.Abs(got+float64(size[i])-want) < math.Abs(got+float64(size[best])-want) {
				best = i
			}
		}
		got += float64(size[best])
		out = append(out, best)
	}
	slices.Sort(out)
	return out
}

// crop is the rows (axis 0) or columns (axis 1) [from, from+k) of board.
func crop(board []string, axis, from, k int) []string {
	if axis == 0 {
		return slices.Clone(board[from : from+k])
	}
	out := make([]string, len(board))
	for i, row := range board {
		out[i] = row[from : from+k]
	}
	return out
}

// A stepper is ref's game of a scaled case, played one operation at a time while the case
// is scaled: a scaled game must go on as long as the case's own, since a program's time
// goes with the operations it plays (most skip those after the end of a game).
type stepper[O any] interface {
	// play plays op and reports whether the game is over after it.
	play(op O) bool
	// ends reports whether op would end the game, where the game can tell before playing
	// it (a mine clicked); false where it cannot (a finish).
	ends(op O) bool
	// quiet is an operation in place of op, on its cell where it has one, that changes
	// nothing in the game as it stands.
	quiet(op O) O
}

// maxReplays bounds how many times keepGoing plays a scaled game again: each finds one
// operation that ended the game early, and a game that keeps finishing early (a cropped
// board all swept) is let be.
const maxReplays = 4

// keepGoing plays ops[:last+1] on games start makes, where ops[last] is the operation that
// ended the case's own game (its last, if none did), and returns them as played: those
// marked quiet, and those before last that would end the game, replaced by quiet ones
// (the end of a game found only by playing, as a finish, makes the game played again
// from the start with that operation replaced). It also returns the index of the
// operation that ended the game: last, or an earlier one when replays could not keep it
// going, or -1 when the game goes on after ops[last].
func keepGoing[O any](ops []O, last int, quiet []bool, start func() stepper[O]) ([]O, int) {
	ops, quiet = slices.Clone(ops[:last+1]), slices.Clone(quiet[:last+1])
	for replay := 0; ; replay++ {
		g := start()
		again := false
		for i := range ops {
			if quiet[i] || i < last && g.ends(ops[i]) {
				ops[i], quiet[i] = g.quiet(ops[i]), true
			}
			if !g.play(ops[i]) {
				continue
			}
			if i == last || replay == maxReplays {
				return ops, i
			}
			quiet[i], again = true, true
			break
		}
		if !again {
			return ops, -1
		}
	}
}

// withReserve is board with a reserve: its last cell safe and every neighbour of it a
// mine, so that no cascade reaches it and no click but one on it opens it. A cropped board
// whose game never ended in a win gets one (and clicks on it are made quiet): a crop is
// all swept sooner than its board, and a win there would end its game early.
func withReserve(board []string, safe, mine byte) []string {
	n, m := len(board), len(board[0])
	if n*m < 2 {
		return board
	}
	rows := make([][]byte, n)
	for i, row := range board {
		rows[i] = []byte(row)
	}
	rows[n-1][m-1] = safe
	neighbours(n, m, n, m, func(x, y int) { rows[x-1][y-1] = mine })
	out := make([]string, n)
	for i, row := range rows {
		out[i] = string(row)
	}
	return out
}

// clampTo is p moved into [0, n).
func clampTo(p, n int) int { return min(max(p, 0), n-1) }

// around counts the neighbours of (x, y) on an n×m board, cells numbered from 1, for
// which is holds.
func around(x, y, n, m int, is func(x, y int) bool) int {
	k := 0
	neighbours(x, y, n, m, func(x, y int) {
		if is(x, y) {
			k++
		}
	})
	return k
}

// neighbours calls visit on each of the 8 neighbours of (x, y) on an n×m board, cells
// numbered from 1.
func neighbours(x, y, n, m int, visit func(x, y int)) {
	for nx := max(x-1, 1); nx <= min(x+1, n); nx++ {
		for ny := max(y-1, 1); ny <= min(y+1, m); ny++ {
			if nx != x || ny != y {
				visit(nx, ny)
			}
		}
	}
}

// pick is yes if cond, else no.
func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}
