package main

import (
	"flag"
	"strings"
)

// closest is the one of names a mistyped word most likely meant: the nearest by edit
// distance, within a third of its length (at least one edit), or the only name it
// begins; "" when none is near enough or two are as near.
func closest(word string, names []string) string {
	best, bestDist, tie := "", len(word)/3+1, false
	for _, n := range names {
		d := editDistance(strings.ToLower(word), strings.ToLower(n))
		switch {
		case d < bestDist:
			best, bestDist, tie = n, d, false
		case d == bestDist && n != best:
			tie = true
		}
	}
	if best != "" && !tie {
		return best
	}
	var prefixed []string
	for _, n := range names {
		if len(word) >= 2 && strings.HasPrefix(n, word) {
			prefixed = append(prefixed, n)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return ""
}

// editDistance is the optimal string alignment distance of a and b, in bytes: insertions,
// deletions, substitutions and swaps of neighbours ("mien" for "mine") count one each.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// didYouMean is ", did you mean -NAME?" for a flag fs does not define, or "".
func didYouMean(fs *flag.FlagSet, msg string) string {
	const undefined = "flag provided but not defined: -"
	if !strings.HasPrefix(msg, undefined) {
		return ""
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if n := closest(strings.TrimPrefix(msg, undefined), names); n != "" {
		return "; did you mean -" + n + "?"
	}
	return ""
}
