// Command datamining is a right solution of datamining whose time grows as known: for
// every board, an exhaustive search over every set of its mines (the flags a player might
// have placed), each set checked at every cell, so its time goes as boards × cells ×
// mines × 2^mines: exponential in the size of the boards (rows, columns), linear in the
// number of boards.
// Its answers are ref's: its only failing is the time (BenchmarkGrowthOfKnownPrograms).
package main

import (
	"fmt"
	"io"
	"os"

	"gamediff/ref"
)

func main() {
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	consistent := 0
	out, err := ref.DataminingTrace(input, func(s *ref.DataminingStep) {
		r, c := s.Size()
		var mines [][2]int
		for x := 1; x <= r; x++ {
			for y := 1; y <= c; y++ {
				if s.Mine(x, y) {
					mines = append(mines, [2]int{x, y})
				}
			}
		}
		// Every set of flags: is each cell's count of flagged neighbours at most its mines?
		for set := 0; set < 1<<len(mines); set++ {
			ok := true
			for x := 1; x <= r && ok; x++ {
				for y := 1; y <= c; y++ {
					flags := 0
					for i, p := range mines {
						if set>>i&1 == 1 && max(p[0]-x, x-p[0]) <= 1 && max(p[1]-y, y-p[1]) <= 1 {
							flags++
						}
					}
					if flags > 8 {
						ok = false
						break
					}
				}
			}
			if ok {
				consistent++
			}
		}
	})
	os.Stdout.Write(out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if consistent < 0 {
		panic("unreachable: keeps the search")
	}
}
