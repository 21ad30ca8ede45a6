// Command datamining is a contestant's solution of "Data Mining?" (seed 004), right as
// written: for each safe first cell it plays the casual player's two rules until nothing
// changes, and prints the fewest covered safe cells left. -bug NAME plants one realistic
// bug, so that the tests of diff hunt -cmd can prove each kind of wrong solution is caught.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// bugs are the slips -bug can plant, each the kind a contestant makes.
var bugs = map[string]string{
	"one-pass":         "one pass of the rules over the board instead of repeating until nothing changes",
	"four-neighbours":  "adjacent means the 4 orthogonal cells, not the 3x3 square",
	"cells-39":         "the board kept in an array of 39 cells, r·c < 40 read for r·c ≤ 40: a board of 40 cells overruns it",
	"skips-last-start": "the start loop stops one cell short (start < r·c-1): wrong where the last cell is the only best start",
	"header-line":      "a board's r c read from a line of its own (blank lines skipped): wrong where r and c lie on different lines",
}

// maxCells is the size of the board's array under -bug cells-39.
const maxCells = 39

const (
	covered = iota
	cleared
	flagged
)

func main() {
	bug := flag.String("bug", "", "plant this bug: "+names(bugs))
	flag.Parse()
	if _, ok := bugs[*bug]; *bug != "" && !ok {
		fmt.Fprintf(os.Stderr, "datamining: unknown -bug %q\n", *bug)
		os.Exit(2)
	}
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for {
		var r, c int
		if *bug == "header-line" {
			if !headerLine(in, &r, &c) {
				return
			}
		} else if _, err := fmt.Fscan(in, &r, &c); err != nil || r == 0 && c == 0 {
			return
		}
		mine := make([]bool, r*c)
		if *bug == "cells-39" {
			var cells [maxCells]bool
			mine = cells[:min(r*c, maxCells)]
			mine = mine[:r*c] // past its capacity on a board of 40 cells: a runtime error
		}
		for i := 0; i < r; i++ {
			var row string
			fmt.Fscan(in, &row)
			for j := 0; j < c && j < len(row); j++ {
				mine[i*c+j] = row[j] == 'M'
			}
		}
		out.WriteString(strconv.Itoa(solve(r, c, mine, *bug)) + "\n")
	}
}

// solve returns the fewest covered safe cells a casual player leaves on the board.
func solve(r, c int, mine []bool, bug string) int {
	adj := make([][]int, r*c)
	mines := make([]int, r*c)
	safe := 0
	for p := range adj {
		x, y := p/c, p%c
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				if dx == 0 && dy == 0 || bug == "four-neighbours" && dx != 0 && dy != 0 {
					continue
				}
				if nx, ny := x+dx, y+dy; nx >= 0 && nx < r && ny >= 0 && ny < c {
					adj[p] = append(adj[p], nx*c+ny)
					if mine[nx*c+ny] {
						mines[p]++
					}
				}
			}
		}
		if !mine[p] {
			safe++
		}
	}
	best := safe // a mine as first cell leaves every safe cell covered
	state := make([]int, r*c)
	for start := range state {
		if mine[start] || bug == "skips-last-start" && start == r*c-1 {
			continue
		}
		clear(state)
		state[start] = cleared
		for changed := true; changed; {
			changed = false
			for p := range state {
				if state[p] != cleared {
					continue
				}
				f, cov := 0, 0
				for _, q := range adj[p] {
					switch state[q] {
					case flagged:
						f++
					case covered:
						cov++
					}
				}
				if cov == 0 {
					continue
				}
				var to int
				switch {
				case f == mines[p]:
					to = cleared
				case f+cov == mines[p]:
					to = flagged
				default:
					continue
				}
				for _, q := range adj[p] {
					if state[q] == covered {
						state[q] = to
					}
				}
				changed = true
			}
			if bug == "one-pass" {
				break
			}
		}
		left := 0
		for p, s := range state {
			if s == covered && !mine[p] {
				left++
			}
		}
		best = min(best, left)
	}
	return best
}

// headerLine reads a board's "r c" as -bug header-line does: from the next line that is not
// blank, the rest of the line after the last row read first; false at the end (0 0, or
// no line).
func headerLine(in *bufio.Reader, r, c *int) bool {
	for {
		line, err := in.ReadString('\n')
		if strings.TrimSpace(line) == "" {
			if err != nil {
				return false
			}
			continue
		}
		fmt.Sscan(line, r, c)
		return *r != 0 || *c != 0
	}
}

// names lists the keys of m, sorted, for the usage message.
func names(m map[string]string) string {
	list := make([]string, 0, len(m))
	for name := range m {
		list = append(list, name)
	}
	slices.Sort(list)
	return strings.Join(list, ", ")
}
