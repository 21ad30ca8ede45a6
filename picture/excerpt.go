package picture

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Malformed output is shown, never trusted: a line goes into a picture as it is only when
// it is valid, printable text of at most plainMax bytes; otherwise as an escaped quote of
// at most its first quoteMax bytes, with its length.
const (
	quoteMax = 64
	plainMax = 160 // a plain line longer than this is quoted, cut
	formMax  = 24  // a form keeps at most this many bytes of an unknown line
)

// clip is a line (without its line end) for a picture.
func clip(line []byte) string {
	if len(line) <= plainMax && plain(line) {
		return string(line)
	}
	return quote(line)
}

// quote is an escaped, quoted piece of b of at most quoteMax bytes, with b's length when
// it is cut.
func quote(b []byte) string {
	if len(b) <= quoteMax {
		return strconv.Quote(string(b))
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(string(cut(b, quoteMax))), len(b))
}

// cut is b's first n bytes at most, not splitting a UTF-8 character.
func cut(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	i := n
	for i > 0 && i > n-utf8.UTFMax && !utf8.RuneStart(b[i]) {
		i--
	}
	return b[:i]
}

// plain reports whether b is valid UTF-8 without control characters.
func plain(b []byte) bool {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 || r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' {
			return false
		}
		b = b[size:]
	}
	return true
}

// lineEnd splits a line as the output holds it into its text and a note on how it ends:
// "" for "\n", " (\\r\\n)" for a Windows line end, " (no line end)" for the last line of
// an output that lacks its final "\n".
func lineEnd(line []byte) (text []byte, note string) {
	switch {
	case bytes.HasSuffix(line, []byte("\r\n")):
		return line[:len(line)-2], ` (\r\n)`
	case bytes.HasSuffix(line, []byte("\n")):
		return line[:len(line)-1], ""
	}
	return line, " (no line end)"
}

// unknownForm is the form of a line no game's grammar knows: its first bytes with every
// run of digits written N, quoted, so that two judges with one bug write one form.
func unknownForm(text []byte) string {
	var b []byte
	for i := 0; i < len(text) && len(b) < formMax; i++ {
		if c := text[i]; c >= '0' && c <= '9' {
			for i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9' {
				i++
			}
			b = append(b, 'N')
			continue
		}
		b = append(b, text[i])
	}
	q := strconv.Quote(string(cut(b, formMax)))
	if len(b) > formMax || len(text) > formMax*4 {
		q += "…"
	}
	return q
}

// lines splits out into lines, each with its line end; at most limit of them.
func lines(out []byte, limit int) [][]byte {
	var ls [][]byte
	for len(out) > 0 && len(ls) < limit {
		i := bytes.IndexByte(out, '\n')
		if i < 0 {
			ls = append(ls, out)
			break
		}
		ls = append(ls, out[:i+1])
		out = out[i+1:]
	}
	return ls
}

// firstLine is out's first line with its line end.
func firstLine(out []byte) []byte {
	if i := bytes.IndexByte(out, '\n'); i >= 0 {
		return out[:i+1]
	}
	return out
}

// excerptLines shows at most max lines of out for a picture, clipped, and how many more
// there are.
func excerptLines(out []byte, limit int) (shown []string, more int) {
	for len(out) > 0 {
		l := firstLine(out)
		out = out[len(l):]
		if len(shown) == limit {
			more = 1 + countLines(out)
			break
		}
		text, note := lineEnd(l)
		shown = append(shown, clip(text)+note)
	}
	return shown, more
}

// countLines counts the lines of out, a last one without its line end included.
func countLines(out []byte) int {
	n := bytes.Count(out, []byte("\n"))
	if len(out) > 0 && out[len(out)-1] != '\n' {
		n++
	}
	return n
}
