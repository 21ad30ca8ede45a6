package report

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestFirstDifferenceWindowEdges checks that the windowed diff of a report shows only
// what the outputs change: a line inserted, deleted or changed, at the first line of the
// output, in the middle, and at the last line the window shows or just past it, never a
// line invented where one side's window is cut.
func TestFirstDifferenceWindowEdges(t *testing.T) {
	const context, span = 3, 12
	var ref []string
	for i := 1; i <= 40; i++ {
		ref = append(ref, fmt.Sprintf("%d 2 0", i))
	}
	// edit returns ref with the lines from..to (1-based, to exclusive) replaced by with.
	edit := func(lines []string, from, to int, with ...string) []string {
		return slices.Concat(lines[:from-1], with, lines[to-1:])
	}
	text := func(lines []string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }
	tests := []struct {
		name        string
		got         []string
		first       int
		minus, plus []string
		more        bool // the diff ends with "…": more follows
	}{
		{"inserted", edit(ref, 6, 6, "X"), 6, nil, []string{"X"}, true},
		{"deleted", edit(ref, 6, 7), 6, []string{"6 2 0"}, nil, true},
		{"changed", edit(ref, 6, 7, "X"), 6, []string{"6 2 0"}, []string{"X"}, true},
		{"inserted first", edit(ref, 1, 1, "X"), 1, nil, []string{"X"}, true},
		{"deleted first", edit(ref, 1, 2), 1, []string{"1 2 0"}, nil, true},
		{"changed first", edit(ref, 1, 2, "X"), 1, []string{"1 2 0"}, []string{"X"}, true},
		// The window shows context lines before the first difference and span lines from
		// it: lines 3-17 for a first difference at line 6. A second change on line 17 shows.
		// A change that starts in the window is shown whole: with X inserted, got's line
		// 17 is want's 16; Y replaces want's 17, got's 18.
		{"inserted, then changed at the window's last line", edit(edit(ref, 17, 18, "Y"), 6, 6, "X"), 6,
			[]string{"17 2 0"}, []string{"X", "Y"}, true},
		{"changed, then changed at the window's last line", edit(edit(ref, 17, 18, "Y"), 6, 7, "X"), 6,
			[]string{"6 2 0", "17 2 0"}, []string{"X", "Y"}, true},
		{"changed, then changed just past the window", edit(edit(ref, 18, 19, "Y"), 6, 7, "X"), 6,
			[]string{"6 2 0"}, []string{"X"}, true},
		{"deleted, then inserted at the window's last line", edit(edit(ref, 17, 17, "Y"), 6, 7), 6,
			[]string{"6 2 0"}, []string{"Y"}, true},
		{"many inserted", edit(ref, 6, 6, "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O"), 6,
			nil, []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"}, true},
		{"many deleted", edit(ref, 6, 26), 6,
			[]string{"6 2 0", "7 2 0", "8 2 0", "9 2 0", "10 2 0", "11 2 0", "12 2 0", "13 2 0", "14 2 0", "15 2 0", "16 2 0", "17 2 0"}, nil, true},
		{"got ends", ref[:8], 9, []string{"9 2 0", "10 2 0", "11 2 0", "12 2 0", "13 2 0", "14 2 0", "15 2 0", "16 2 0", "17 2 0", "18 2 0", "19 2 0", "20 2 0"}, nil, true},
		{"changed last", edit(ref, 40, 41, "X"), 40, []string{"40 2 0"}, []string{"X"}, false},
		// The lines before the first difference stay context, even where got repeats one.
		{"changed to repeats of the line before", edit(ref, 6, 41, slices.Repeat([]string{"5 2 0"}, 100)...), 6,
			[]string{"6 2 0", "7 2 0", "8 2 0", "9 2 0", "10 2 0", "11 2 0", "12 2 0", "13 2 0", "14 2 0", "15 2 0", "16 2 0", "17 2 0"},
			slices.Repeat([]string{"5 2 0"}, 12), true},
		{"inserted last", append(slices.Clone(ref), "X"), 41, nil, []string{"X"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first, diff := firstDifference(text(ref), text(tt.got), context, span)
			var minus, plus []string
			lines := strings.Split(strings.TrimSuffix(diff, "\n"), "\n")
			for _, l := range lines {
				switch {
				case strings.HasPrefix(l, "-"):
					minus = append(minus, l[1:])
				case strings.HasPrefix(l, "+"):
					plus = append(plus, l[1:])
				}
			}
			more := lines[len(lines)-1] == "…"
			// The diff opens on the lines before the first difference, as context.
			var opening []string
			for _, l := range lines[1:] {
				if !strings.HasPrefix(l, " ") {
					break
				}
				opening = append(opening, l[1:])
			}
			if from := max(1, tt.first-context); !slices.Equal(opening, ref[from-1:tt.first-1]) || lines[0] != fmt.Sprintf("@@ output line %d @@", from) {
				t.Errorf("the diff opens %q with %q; want the lines %d-%d as context\n%s", lines[0], opening, from, tt.first-1, diff)
			}
			if first != tt.first || !slices.Equal(minus, tt.minus) || !slices.Equal(plus, tt.plus) || more != tt.more {
				t.Errorf("line %d, -%q +%q, more %v; want line %d, -%q +%q, more %v\n%s",
					first, minus, plus, more, tt.first, tt.minus, tt.plus, tt.more, diff)
			}
		})
	}
	// Changes longer than the windows first diffed: they grow until the change ends
	// within them, or reach maxDiffLines, where what follows in the outputs tells an
	// insertion or a deletion from a change of both.
	t.Run("long changes", func(t *testing.T) {
		var long []string
		for i := 1; i <= 10000; i++ {
			long = append(long, fmt.Sprintf("%d 2 0", i))
		}
		lines := func(prefix string, n int) []string {
			var l []string
			for i := range n {
				l = append(l, fmt.Sprintf("%s%d", prefix, i))
			}
			return l
		}
		for _, n := range []int{40, 100, 6000} {
			for _, c := range []struct {
				name        string
				got         []string
				minus, plus int
			}{
				{"inserted", edit(long, 6, 6, lines("x", n)...), 0, span},
				{"deleted", edit(long, 6, 6+n), span, 0},
				{"changed", edit(long, 6, 6+n, lines("x", n)...), span, span},
			} {
				_, diff := firstDifference(text(long), text(c.got), context, span)
				if strings.Count(diff, "\n-") != c.minus || strings.Count(diff, "\n+") != c.plus || !strings.HasSuffix(diff, "…\n") {
					t.Errorf("%d lines %s: want %d deleted and %d inserted lines shown, and more:\n%s", n, c.name, c.minus, c.plus, diff)
				}
			}
		}
	})
}
