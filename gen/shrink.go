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
