// Command paintsolution is a contestant's solution of paint, the fifth game that lives
// only in tests (testutil/paint): right, or with -bug outside-zero, reading R-P1 its own
// way (a count of a row outside the grid is 0, not "outside").
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	bug := flag.String("bug", "", "outside-zero: count a row outside the grid as 0")
	flag.Parse()
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var rows, cols, q int
	fmt.Fscan(in, &rows, &cols, &q)
	painted := make(map[[2]int]bool)
	for range q {
		var op string
		var r, c int
		fmt.Fscan(in, &op, &r)
		if op == "P" {
			fmt.Fscan(in, &c)
		}
		switch {
		case op == "C" && r >= 1 && r <= rows:
			n := 0
			for col := 1; col <= cols; col++ {
				if painted[[2]int{r, col}] {
					n++
				}
			}
			fmt.Fprintln(out, n)
		case op == "C" && *bug == "outside-zero":
			fmt.Fprintln(out, 0)
		case op == "P" && r >= 1 && r <= rows && c >= 1 && c <= cols:
			painted[[2]int{r, c}] = !painted[[2]int{r, c}]
			if painted[[2]int{r, c}] {
				fmt.Fprintln(out, "on")
			} else {
				fmt.Fprintln(out, "off")
			}
		default:
			fmt.Fprintln(out, "outside")
		}
	}
}
