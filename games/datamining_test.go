package games

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"

	"gamediff/fast"
	"gamediff/ref"
)

// TestDataminingEverySmallBoard runs ref and fast on every board of the smallest shapes,
// all 2^(r·c) - 2 of them (no all-empty or all-mine board), and checks they agree and
// stay within what any play gives: between 0 and the safe cells less the start.
func TestDataminingEverySmallBoard(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	shapes := [][2]int{{3, 3}, {3, 4}, {4, 3}, {3, 5}, {5, 3}, {4, 4}, {3, 6}, {6, 3}}
	if testing.Short() {
		shapes = shapes[:3]
	}
	for _, s := range shapes {
		r, c := s[0], s[1]
		t.Run(fmt.Sprintf("%dx%d", r, c), func(t *testing.T) {
			var in bytes.Buffer
			var safeCounts []int
			for mask := 1; mask < 1<<(r*c)-1; mask++ {
				fmt.Fprintf(&in, "%d %d\n", r, c)
				safe := 0
				for p := range r * c {
					if mask>>p&1 == 1 {
						in.WriteByte('M')
					} else {
						in.WriteByte('.')
						safe++
					}
					if p%c == c-1 {
						in.WriteByte('\n')
					}
				}
				safeCounts = append(safeCounts, safe)
			}
			in.WriteString("0 0\n")
			var want, got bytes.Buffer
			if err := ref.Datamining(in.Bytes(), &want); err != nil {
				t.Fatal(err)
			}
			if err := fast.Datamining(in.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			wl, gl := bytes.Split(want.Bytes(), []byte("\n")), bytes.Split(got.Bytes(), []byte("\n"))
			if len(wl) != len(safeCounts)+1 || len(gl) != len(wl) {
				t.Fatalf("%d boards, ref printed %d lines, fast %d", len(safeCounts), len(wl)-1, len(gl)-1)
			}
			for i, safe := range safeCounts {
				if !bytes.Equal(wl[i], gl[i]) {
					t.Fatalf("board %d (mask %b): ref %s, fast %s", i, i+1, wl[i], gl[i])
				}
				if v, err := strconv.Atoi(string(wl[i])); err != nil || v < 0 || v > safe-1 {
					t.Fatalf("board %d (mask %b): answer %s outside 0..%d", i, i+1, wl[i], safe-1)
				}
			}
		})
	}
}
