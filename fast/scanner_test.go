package fast

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestParseInt(t *testing.T) {
	tests := []struct {
		in           string
		v            int64
		ok, overflow bool
	}{
		{"0", 0, true, false},
		{"-0", 0, true, false},
		{"+3", 3, true, false},
		{"003", 3, true, false},
		{"-2147483648", -2147483648, true, false},
		{"4611686018427387904", 1 << 62, true, false}, // past 62 bits
		{"9223372036854775807", 1<<63 - 1, true, false},
		{"-9223372036854775808", -1 << 63, true, false},
		{"9223372036854775808", 0, true, true},
		{"-9223372036854775809", 0, true, true},
		{"18446744073709551616", 0, true, true},
		{"99999999999999999999999", 0, true, true},
		{"99999999999999999999x", 0, false, false}, // not an integer, however long
		{"", 0, false, false},
		{"+", 0, false, false},
		{"--1", 0, false, false},
		{"1x", 0, false, false},
	}
	for _, tt := range tests {
		v, ok, overflow := parseInt([]byte(tt.in))
		if ok != tt.ok || overflow != tt.overflow || (ok && !overflow && v != tt.v) {
			t.Errorf("parseInt(%q) = %d, %v, %v; want %d, %v, %v", tt.in, v, ok, overflow, tt.v, tt.ok, tt.overflow)
		}
	}
}

func TestSmallNumber(t *testing.T) {
	tests := []struct {
		in    string // padded to 8 bytes with 'x'
		value int
		n     int
	}{
		{"0 ", 0, 1},
		{"7\n", 7, 1},
		{"42\t", 42, 2},
		{"200\r", 200, 3},
		{"1000 ", 1000, 4},
		{"9999\v", 9999, 4},
		{"0007\f", 7, 4}, // leading zeros, as %d reads them
		{"12345 ", 0, 0}, // five digits: the general path's
		{"12345678", 0, 0},
		{"12x ", 0, 0}, // not followed by a blank
		{"1234\x00", 0, 0},
		{" 1 ", 0, 0}, // starts with a blank: no digit
		{"+1 ", 0, 0},
		{"-1 ", 0, 0},
		{"/ ", 0, 0}, // the bytes just below and above the digits
		{": ", 0, 0},
		{"\xfa1 ", 0, 0}, // a carry out of a non-digit byte must not make a digit
		{"\xff\xff ", 0, 0},
		{"9\xfa ", 0, 0},
	}
	for _, tt := range tests {
		in := []byte(tt.in + "xxxxxxxx")[:8]
		value, n := smallNumber(binary.LittleEndian.Uint64(in))
		if value != tt.value || n != tt.n {
			t.Errorf("smallNumber(%q) = %d, %d; want %d, %d", in, value, n, tt.value, tt.n)
		}
	}
}

// FuzzScannerNumber checks, on any bytes and any range, that reading numbers with
// scanner.number (whose fast path parses 8 bytes at once) gives the same values, errors,
// lines and positions as reading them token by token.
func FuzzScannerNumber(f *testing.F) {
	for _, seed := range []string{
		"3 1000\n1 2 3\n0\n", "12345 1 +2 -3 007 9999\n", "1\t2\r\n3\v4\f5", "42", "1x 2", "\xfa1 1 2 3 4 5",
		"99999999999999999999 1", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21\n",
	} {
		f.Add([]byte(seed), int16(0), int16(1000))
		f.Add([]byte(seed), int16(-5), int16(9))
	}
	f.Fuzz(func(t *testing.T, input []byte, lo, hi int16) {
		fastScan, slowScan := newScanner(input), newScanner(input)
		for i := 0; ; i++ {
			got, gotErr := fastScan.number("n", int(lo), int(hi))
			want, wantErr := slowScan.generalNumber("n", int(lo), int(hi))
			if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("number %d of %q in %d..%d: got %d, %v; want %d, %v", i, input, lo, hi, got, gotErr, want, wantErr)
			}
			if fastScan.pos != slowScan.pos || fastScan.line != slowScan.line || fastScan.tok != slowScan.tok {
				t.Fatalf("number %d of %q: scanner at %d (line %d, token line %d), want %d (%d, %d)",
					i, input, fastScan.pos, fastScan.line, fastScan.tok, slowScan.pos, slowScan.line, slowScan.tok)
			}
			if gotErr != nil {
				return
			}
		}
	})
}

// TestErrorsQuoteAtMost64Bytes runs every judge on inputs whose offending token is 1 MB
// long, at each place where an error quotes a token, and checks that the message stays
// short and names the token's length.
func TestErrorsQuoteAtMost64Bytes(t *testing.T) {
	huge := strings.Repeat("\x00", 1<<20)
	tests := []struct {
		name  string
		judge func([]byte, io.Writer) error
		input string
	}{
		{"mine n", Mine, huge},
		{"mine coordinate", Mine, "1 1\n.\nFlag 1 " + strings.Repeat("9", 1<<20) + "\n"},
		{"mine operation", Mine, "1 1\n.\n" + huge},
		{"boom T", Boom, huge},
		{"boom op", Boom, "1\n3 3\n___\n___\n___\n" + huge},
		{"tower n", Tower, huge},
		{"tower n outside", Tower, strings.Repeat("7", 1<<20)},
		{"tower command", Tower, "3 3\n...\nS.G\n###\n1\n" + huge},
		{"tower column", Tower, "3 3\n...\nS.G\n###\n1\nMOVETO " + huge},
		{"tower direction", Tower, "3 3\n...\nS.G\n###\n1\nPUSH " + huge},
		{"datamining r", Datamining, huge},
	}
	for _, tt := range tests {
		err := tt.judge([]byte(tt.input), io.Discard)
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%s: error %v, want an input error", tt.name, err)
			continue
		}
		if len(ie.Msg) > 400 || !strings.Contains(ie.Msg, "…\" (1048576 bytes)") {
			t.Errorf("%s: message of %d bytes %.200q…, want a cut quote with the length", tt.name, len(ie.Msg), ie.Msg)
		}
	}
}
