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
		b = appendInt(b, x)
	}
	return append(b, '\n')
}

// appendInt appends x in decimal: the numbers below 1000 (coordinates, sizes, counts,
// nearly every number of every game) digit by digit, the rest by strconv. A hunt encodes
// thousands of cases a second, each twice when packed.
func appendInt(b []byte, x int) []byte {
	switch {
	case x >= 0 && x < 10:
		return append(b, byte('0'+x))
	case x >= 10 && x < 100:
		return append(b, byte('0'+x/10), byte('0'+x%10))
	case x >= 100 && x < 1000:
		return append(b, byte('0'+x/100), byte('0'+x/10%10), byte('0'+x%10))
	}
	return strconv.AppendInt(b, int64(x), 10)
}

// pick is yes if cond, else no.
func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}
