package testcase

import "strconv"

// Bound is one constrained quantity of a case and its limits in that case, for a test
// set's overview of the limits it reaches (as a testlib validator's).
type Bound struct {
	Name   string
	Value  int
	Lo, Hi int
}

// Feature is one thing a test set should exercise (a rule of the rulebook, a board
// shape), and whether a case does.
type Feature struct {
	Name string
	Seen bool
}

// appendInts appends the numbers separated by spaces, and a line end.
func appendInts(b []byte, v ...int) []byte {
	for i, x := range v {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, '\n')
}

// pick is yes if cond, else no.
func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}
