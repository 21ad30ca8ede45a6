// Command offbyone is a contestant's solution of mine with one bug: its cascade never
// opens the last column. The tests hunt it down with diff hunt -cmd.
package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var n, m int
	fmt.Fscan(in, &n, &m)
	mine := make([][]bool, n+2)
	swept := make([][]bool, n+2)
	flag := make([][]bool, n+2)
	for i := range mine {
		mine[i], swept[i], flag[i] = make([]bool, m+2), make([]bool, m+2), make([]bool, m+2)
	}
	safe := 0
	for i := 1; i <= n; i++ {
		var row string
		fmt.Fscan(in, &row)
		for j := 1; j <= m; j++ {
			mine[i][j] = row[j-1] == '*'
			if !mine[i][j] {
				safe++
			}
		}
	}
	count := func(x, y int, grid [][]bool) int {
		c := 0
		for i := x - 1; i <= x+1; i++ {
			for j := y - 1; j <= y+1; j++ {
				if (i != x || j != y) && grid[i][j] {
					c++
				}
			}
		}
		return c
	}
	var opened [][2]int
	done := 0 // the safe cells swept: counted as they open, not by a scan of the board after each step
	var sweep func(x, y int) bool
	sweep = func(x, y int) bool {
		if mine[x][y] {
			return false
		}
		swept[x][y] = true
		done++
		opened = append(opened, [2]int{x, y})
		if count(x, y, mine) == 0 {
			for i := max(1, x-1); i <= min(n, x+1); i++ {
				for j := max(1, y-1); j <= min(m-1, y+1); j++ { // the bug: m-1, not m
					if !swept[i][j] {
						flag[i][j] = false
						sweep(i, j)
					}
				}
			}
		}
		return true
	}
	feedback := func() {
		if len(opened) == 0 {
			fmt.Fprintln(out, "no cell detected")
			return
		}
		sort.Slice(opened, func(a, b int) bool {
			return opened[a][0] < opened[b][0] || opened[a][0] == opened[b][0] && opened[a][1] < opened[b][1]
		})
		fmt.Fprintf(out, "%d cell(s) detected\n", len(opened))
		for _, c := range opened {
			fmt.Fprintf(out, "%d %d %d\n", c[0], c[1], count(c[0], c[1], mine))
		}
	}
	steps := 0
	for {
		var op string
		var x, y int
		if _, err := fmt.Fscan(in, &op); err != nil {
			return
		}
		if op == "Quit" {
			fmt.Fprintf(out, "give up\ntotal step %d\n", steps)
			return
		}
		fmt.Fscan(in, &x, &y)
		steps++
		opened = opened[:0]
		switch {
		case op == "Flag" && swept[x][y]:
			fmt.Fprintln(out, "swept")
		case op == "Flag":
			flag[x][y] = !flag[x][y]
			if flag[x][y] {
				fmt.Fprintln(out, "success")
			} else {
				fmt.Fprintln(out, "cancelled")
			}
			continue
		case op == "Sweep" && swept[x][y]:
			fmt.Fprintln(out, "swept")
		case op == "Sweep" && flag[x][y]:
			fmt.Fprintln(out, "flagged")
		case op == "Sweep":
			if !sweep(x, y) {
				fmt.Fprintf(out, "boom\ngame over\ntotal step %d\n", steps)
				return
			}
			feedback()
		case !swept[x][y]:
			fmt.Fprintln(out, "not swept")
		case count(x, y, mine) == 0 || count(x, y, flag) != count(x, y, mine):
			fmt.Fprintln(out, "failed")
		default:
			for i := x - 1; i <= x+1; i++ {
				for j := y - 1; j <= y+1; j++ {
					if i >= 1 && i <= n && j >= 1 && j <= m && !swept[i][j] && !flag[i][j] && !sweep(i, j) {
						fmt.Fprintf(out, "boom\ngame over\ntotal step %d\n", steps)
						return
					}
				}
			}
			feedback()
		}
		if done == safe {
			fmt.Fprintf(out, "finish\ntotal step %d\n", steps)
			return
		}
	}
}
