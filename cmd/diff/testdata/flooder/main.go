// Command flooder reads its input and prints forever: an output limit exceeded.
package main

import (
	"bufio"
	"io"
	"os"
)

func main() {
	io.ReadAll(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for {
		out.WriteString("1 cell(s) detected\n")
	}
}
