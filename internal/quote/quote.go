// Package quote quotes untrusted bytes for a person, bounded: the parsers of ref, fast and
// testcase's validators name what they found in an error message, and a report or a
// picture shows a program's output, and each must stay a line long whatever the bytes (a
// token quoted whole by %q costs memory in proportion to the token). It is the only code the judges share,
// and it decides nothing about the input.
package quote

import (
	"strconv"
	"strings"
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

// Malformed output is shown, never trusted: a line goes into a report or a picture as it is
// only when it is valid, printable text of at most plainMax bytes; otherwise as an escaped
// quote of at most its first Max bytes, with its length (Line).
const plainMax = 160

// Line is a line of a program's output or input (without its line end) for a person: as
// it is when it is plain text of at most plainMax bytes, else Bytes of it.
func Line(line []byte) string {
	if len(line) <= plainMax && Plain(line) {
		return string(line)
	}
	return Bytes(line)
}

// Bytes is an escaped, quoted piece of b of at most Max bytes, with b's length when it is
// cut: Token for output shown in a report.
func Bytes(b []byte) string { return Token(b) }

// Cut is b's first n bytes at most, not splitting a UTF-8 character.
func Cut(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	i := n
	for i > 0 && i > n-utf8.UTFMax && !utf8.RuneStart(b[i]) {
		i--
	}
	return b[:i]
}

// Plain reports whether b is valid UTF-8 without control characters.
func Plain(b []byte) bool {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 || r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' {
			return false
		}
		b = b[size:]
	}
	return true
}

// LineEnd splits a line as an output holds it into its text and a note on how it ends: ""
// for "\n", " (\r\n)" for a Windows line end, " (no line end)" for the last line of an
// output that lacks its final "\n".
func LineEnd(line []byte) (text []byte, note string) {
	n := len(line)
	switch {
	case n >= 2 && line[n-2] == '\r' && line[n-1] == '\n':
		return line[:n-2], ` (\r\n)`
	case n >= 1 && line[n-1] == '\n':
		return line[:n-1], ""
	}
	return line, " (no line end)"
}

// Shell quotes s as one word for a POSIX shell, when it holds anything but plain word
// characters: the commands a report prints run as printed.
func Shell(s string) string {
	for _, r := range s {
		if !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// HeadTail shortens s to about n bytes, keeping its head and its tail: a program's stderr
// or stack, whose first and last lines say the most.
func HeadTail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n/2] + "\n… (" + strconv.Itoa(len(s)-n) + " bytes left out) …\n" + s[len(s)-n/2:]
}
