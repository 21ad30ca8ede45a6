//go:build gamediffplant

package fast

import (
	"fmt"
	"os"
	"runtime/debug"
)

// plantEnv names the misbehaviour of a test build's mine DSweep: overflow (a recursion
// without end, past any stack), hang (a loop without end), alloc (memory taken without
// end, every page touched), panic; anything else, none.
const plantEnv = "GAMEDIFF_PLANT"

// plant is the misbehaviour this process's DSweeps have, read once.
var plant = os.Getenv(plantEnv)

// planted misbehaves as plant says, at every DSweep mine's judge plays.
func planted() {
	switch plant {
	case "overflow":
		// A stack of 64 MiB at most, not the runtime's 1 GiB: it overflows alike, and a
		// hunt's every run of it does not copy a gigabyte of stack on the way.
		debug.SetMaxStack(64 << 20)
		sink += recurse(0)
	case "hang":
		for {
			sink++
		}
	case "alloc":
		var held [][]byte
		for {
			chunk := make([]byte, 16<<20)
			for i := 0; i < len(chunk); i += 4096 {
				chunk[i] = 1 // a page touched is a page held
			}
			held = append(held, chunk)
			sink += len(held)
		}
	case "panic":
		panic(fmt.Sprintf("planted in fast's DSweep (%s=panic)", plantEnv))
	}
}

// sink keeps what the misbehaviours compute, so that the compiler removes none of it.
//
//lint:ignore U1000 written and never read: what is written to it is what must not be removed
var sink int

// recurse calls itself without end, a frame of a kilobyte each time.
func recurse(depth int) int {
	var frame [1024]byte
	frame[depth%len(frame)] = byte(depth)
	//lint:ignore SA5007 the endless recursion is the planted overflow
	return recurse(depth+1) + int(frame[(depth*7)%len(frame)])
}
