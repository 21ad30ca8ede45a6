package picture

import (
	"bytes"
	"strconv"

	"gamediff/internal/quote"
)

// formMax is the most bytes of an unknown line a form keeps.
const formMax = 24

// clip, quote and cut are quote's Line, Bytes and Cut: malformed output is shown, never
// trusted.
var (
	clip  = quote.Line
	cut   = quote.Cut
	plain = quote.Plain
)

// lineEnd splits a line into its text and a note on how it ends (quote.LineEnd).
func lineEnd(line []byte) ([]byte, string) { return quote.LineEnd(line) }

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
