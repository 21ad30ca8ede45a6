// Command mine is a right solution of mine whose time grows as known: after every
// operation it plays, it scans the whole board (as if to count the swept cells, to tell
// a finish), so its time goes as operations × rows × columns, an exponent of 1 along each.
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
	sum := 0
	out, err := ref.MineTrace(input, func(s *ref.MineStep) {
		if s.Op == "" || s.Op == "Quit" {
			return
		}
		// The board summed, not tested: a scan whose cost is the same whatever it reads.
		n, m := s.Size()
		sum = 0
		for x := 1; x <= n; x++ {
			for y := 1; y <= m; y++ {
				sum += oneIf(s.Swept(x, y))
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

// oneIf is 1 if b, else 0: the compiler makes it a conditional move, no branch to
// mispredict, so that the scan costs the same whatever the board holds.
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}
