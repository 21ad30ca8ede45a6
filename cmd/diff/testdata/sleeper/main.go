// Command sleeper reads its input and never answers: a TLE.
package main

import (
	"io"
	"os"
	"time"
)

func main() {
	io.ReadAll(os.Stdin)
	time.Sleep(time.Hour)
}
