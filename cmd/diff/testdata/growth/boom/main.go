// Command boom is a right solution of boom whose time grows as known: after every click
// of a game not over, it scans the whole board (the player's map, as if to tell what
// changed), so its time goes as games × operations × rows × columns: an exponent of 1 along
// the games and the operations, 2 along the side of the boards (rows and columns
// together). Its answers are ref's: its only failing is the time
// (BenchmarkGrowthOfKnownPrograms).
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
	sum := 0
	out, err := ref.BoomTrace(input, func(s *ref.BoomStep) {
		if s.Op <= 0 || s.Answer() == "INVALID" {
			return
		}
		// The map, cell by cell, summed: a scan whose cost is the same whatever it reads.
		n, m := s.Size()
		sum = 0
		for x := 1; x <= n; x++ {
			for y := 1; y <= m; y++ {
				sum += int(s.View(x, y))
			}
		}
	})
	os.Stdout.Write(out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if sum < 0 {
		panic("unreachable: keeps the scan")
	}
}
