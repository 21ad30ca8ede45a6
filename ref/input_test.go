package ref

import (
	"errors"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// scanfInteger is scanf's %d as the statements take it, the slow way: the syntax by a
// regular expression, the value by strconv on the sign and the digits without their
// leading zeros.
var scanfInteger = regexp.MustCompile(`^[+-]?[0-9]+$`)

func slowParseInteger(text string) (v int, fits, ok bool) {
	if !scanfInteger.MatchString(text) {
		return 0, false, false
	}
	sign, digits := "", text
	if text[0] == '+' || text[0] == '-' {
		sign, digits = text[:1], text[1:]
	}
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return 0, true, true
	}
	if len(digits) > 19 {
		return 0, false, true
	}
	v, err := strconv.Atoi(sign + digits)
	if errors.Is(err, strconv.ErrRange) {
		return 0, false, true
	}
	return v, true, true
}

func TestParseInteger(t *testing.T) {
	for _, c := range []struct {
		text     string
		v        int
		fits, ok bool
	}{
		{"0", 0, true, true},
		{"-0", 0, true, true},
		{"+7", 7, true, true},
		{"-12", -12, true, true},
		{"0007", 7, true, true},
		{"9223372036854775807", math.MaxInt64, true, true},
		{"-9223372036854775808", math.MinInt64, true, true},
		{"9223372036854775808", 0, false, true},
		{"-9223372036854775809", 0, false, true},
		{"000000000000000000000000000042", 42, true, true},
		{"99999999999999999999999", 0, false, true},
		{"99999999999999999999x", 0, false, false}, // too large, and no integer at all
		{"", 0, false, false},
		{"-", 0, false, false},
		{"+-5", 0, false, false},
		{"--5", 0, false, false},
		{"5-", 0, false, false},
		{"1e3", 0, false, false},
		{"0x10", 0, false, false},
		{" 5", 0, false, false},
		{"٣", 0, false, false}, // a digit, not an ASCII one
	} {
		v, fits, ok := parseInteger(c.text)
		if v != c.v || fits != c.fits || ok != c.ok {
			t.Errorf("parseInteger(%q) = %d, %v, %v; want %d, %v, %v", c.text, v, fits, ok, c.v, c.fits, c.ok)
		}
	}
}

// TestParseIntegerAsScanf holds the one-pass parse to the slow one on random words made of
// the characters that matter: signs, digits, zeros, and a letter now and then.
func TestParseIntegerAsScanf(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := "+-0000123456789x"
	for range 200000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if rng.IntN(4) == 0 && len(b) > 0 {
			b[0] = "+-9"[rng.IntN(3)] // long values near the edges of an int
		}
		text := string(b)
		v, fits, ok := parseInteger(text)
		wv, wfits, wok := slowParseInteger(text)
		if v != wv || fits != wfits || ok != wok {
			t.Fatalf("parseInteger(%q) = %d, %v, %v; scanf reads %d, %v, %v", text, v, fits, ok, wv, wfits, wok)
		}
	}
}
