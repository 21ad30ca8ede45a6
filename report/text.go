package report

import (
	"bytes"
	"fmt"
	"strings"
)

// lines splits out into lines, each with its line end; at most limit of them.
func lines(out []byte, limit int) [][]byte {
	var ls [][]byte
	for len(out) > 0 && len(ls) < limit {
		l := firstLine(out)
		ls = append(ls, l)
		out = out[len(l):]
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

// countLines counts the lines of out, a last one without its line end included.
func countLines(out []byte) int {
	n := bytes.Count(out, []byte("\n"))
	if len(out) > 0 && out[len(out)-1] != '\n' {
		n++
	}
	return n
}

// Size writes a size as people read it: 512 B, 64 KiB, 1.5 MiB, 1 GiB.
func Size(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<10)), ".0") + " KiB"
	case n < 1<<30:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<20)), ".0") + " MiB"
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<30)), ".0") + " GiB"
}

// Plural writes "1 run", "2 runs".
func Plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
