// Package gcpace paces the garbage collector of the test binaries whose tests are pure
// computation over many generated cases. They make and drop boards, games and their
// encodings by the thousand, and at the collector's default pace (a collection each time
// the heap doubles) much of their CPU time goes to collecting what is already dropped. A
// test binary is a short-lived process on a machine with memory to spare: collecting
// less often costs it memory it has, and leaves its CPU time to the tests, which matters
// to a suite that keeps every core busy.
package gcpace

import (
	"os"
	"runtime/debug"
)

// Percent is the pace Relax sets: a collection each time the heap has grown to five
// times what the last one left (GOGC=400), the pace a hunt's process sets itself for the
// same reason (engine's huntGCPercent).
const Percent = 400

// Relax sets the collector's pace to Percent, unless GOGC is set in the environment (as a
// hunt does): a run that measures memory, or a machine short of it, keeps the pace it
// chose.
func Relax() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(Percent)
	}
}
