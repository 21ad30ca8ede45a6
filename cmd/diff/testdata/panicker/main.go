// Command panicker reads its input and panics: a runtime error.
package main

import (
	"io"
	"os"
)

func main() {
	io.ReadAll(os.Stdin)
	var grid []int
	_ = grid[len(os.Args)+5] // index out of range, as a careless solution might
}
