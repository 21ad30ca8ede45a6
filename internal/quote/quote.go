// Package quote quotes a piece of input in an error message, bounded: the parsers of
// ref, fast and testcase's validators name what they found, and a message must stay a line
// long whatever the input (a 50 MB token quoted whole by %q took a gigabyte). It is the
// only code the judges share, and it decides nothing about the input.
package quote

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most bytes of a token a message quotes.
const Max = 64

// Token quotes t as %q does: whole when it is at most Max bytes, else its first Max bytes
// (cut before a character they would split), an ellipsis and its length:
// "\x00\x00…" (52428800 bytes).
func Token[T ~string | ~[]byte](t T) string {
	if len(t) <= Max {
		return strconv.Quote(string(t))
	}
	cut := Max
	for cut > Max-utf8.UTFMax && !utf8.RuneStart(t[cut]) {
		cut--
	}
	q := strconv.Quote(string(t[:cut]))
	return q[:len(q)-1] + "…\" (" + strconv.Itoa(len(t)) + " bytes)"
}
