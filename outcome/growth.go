package outcome

import (
	"fmt"
	"math"
	"strconv"
)

// Growth is how the CPU time of the code under test grows along one dimension of a
// time-out's case, beside fast's on the same inputs: measured on the case scaled along
// that dimension alone, at each of Scales of it: the share of the dimension each probe
// kept, nominally 1/8, 1/4, 1/2 and 1 (and smaller, 1/16, 1/32, …, where even 1/8 is
// over the limit), which rounding sets near them (13 of 50 rows).
type Growth struct {
	Dimension string    `json:"dimension"`
	Scales    []float64 `json:"scales"`
	// Code and Fast are the CPU seconds at each scale; a run over the time limit is
	// recorded as -1, not waited for; 0 where the case could not be scaled so.
	Code []float64 `json:"code_seconds"`
	Fast []float64 `json:"fast_seconds"`
	// CodeExponent and FastExponent are fitted so that the time goes as scale^exponent
	// (doubling the dimension multiplies the time by 2^exponent); NaN when too few runs
	// were long enough to tell (shown as "?", null in JSON).
	CodeExponent Exponent `json:"code_exponent"`
	FastExponent Exponent `json:"fast_exponent"`
	// BaseScale is the case's share at the smallest probe (1/64, or more where the
	// dimension cannot be cut so far; 0: none), and CodeBase and FastBase the CPU seconds
	// there: what does not grow with the dimension (the program's start, its work along
	// the other dimensions), which the exponents are fitted past.
	BaseScale float64 `json:"base_scale"`
	CodeBase  float64 `json:"code_base_seconds"`
	FastBase  float64 `json:"fast_base_seconds"`
}

// Exponent is a growth's fitted exponent: time goes as scale^Exponent. NaN says too few
// runs were long enough to tell; JSON writes it as null, and any other value to two
// decimals, which is all a fit of a few probes tells.
type Exponent float64

// MarshalJSON writes the number, or null for NaN.
func (f Exponent) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return []byte("null"), nil
	}
	return []byte(fmt.Sprintf("%.2f", float64(f))), nil
}

// UnmarshalJSON reads the number, or NaN for null: a growth read back from a report's JSON
// is the growth written.
func (f *Exponent) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*f = Exponent(math.NaN())
		return nil
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("an exponent: %w", err)
	}
	*f = Exponent(v)
	return nil
}
