package engine

import "fmt"

// Comparison is how two answers are compared: byte for byte, or token by token.
type Comparison uint8

// The comparisons.
const (
	Exact  Comparison = iota // byte for byte
	Tokens                   // whitespace-separated tokens, however much whitespace lies between them, as most judges' checkers
)

var comparisonNames = [...]string{Exact: "exact", Tokens: "tokens"}

// String is the comparison's name, as -compare takes it.
func (c Comparison) String() string {
	if int(c) < len(comparisonNames) {
		return comparisonNames[c]
	}
	return fmt.Sprintf("Comparison(%d)", uint8(c))
}

// ComparisonNamed is the comparison -compare names.
func ComparisonNamed(name string) (Comparison, bool) {
	for i, n := range comparisonNames {
		if n == name {
			return Comparison(i), true
		}
	}
	return 0, false
}

// equal reports whether two answers match.
func (c Comparison) equal(want, got []byte) bool {
	if c == Tokens {
		return tokensEqual(want, got)
	}
	return string(want) == string(got)
}
