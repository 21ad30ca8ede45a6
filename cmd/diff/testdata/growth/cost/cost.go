// Package cost is what the programs of testdata/growth share: their flags, and the meter
// that charges them their cost function in CPU time (cpuclock), so that each program's time
// is its cost function on every machine and its growth along each dimension is known
// exactly.
package cost

import (
	"flag"
	"fmt"
	"os"
	"time"

	"gamediff/testutil/cpuclock"
)

// Work is a program's cost: units of work charged as the program plays the input.
type Work struct {
	ns     float64 // CPU nanoseconds a unit costs
	count  bool
	units  float64
	meter  cpuclock.Meter
	parsed bool
}

// Parse reads the program's flags: -ns, the CPU nanoseconds one unit of work costs (a
// fraction of one at times: a unit is a cell of a board), and -work,
// which prints the units of work of the input instead of its answer (a test sets -unit
// from it, so that a case costs what the test needs).
func Parse() *Work {
	w := &Work{parsed: true}
	flag.Float64Var(&w.ns, "ns", 0, "CPU nanoseconds charged per unit of work (0: none)")
	flag.BoolVar(&w.count, "work", false, "print the units of work of the input on stdout, and nothing else")
	flag.Parse()
	return w
}

// Charge charges n units of work.
func (w *Work) Charge(n float64) {
	w.units += n
	if !w.count && w.ns > 0 {
		w.meter.Charge(time.Duration(n * w.ns))
	}
}

// Finish writes the program's answer out (or, with -work, the units of work), settles
// what is charged, and exits as a judge's program does: 2 with the message of an input
// error, else 0.
func (w *Work) Finish(out []byte, err error) {
	if w.count {
		fmt.Printf("%.0f\n", w.units)
		os.Exit(0)
	}
	w.meter.Settle()
	os.Stdout.Write(out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(0)
}
