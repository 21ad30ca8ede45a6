// Package cpuclock charges the test programs for their work in CPU time measured by the
// process's own clock, so that a program a test needs over (or under) a time limit is so by
// the same ratio on any machine. Work done for real takes a third of the time on a machine
// three times as fast; a second of the process's CPU time is a second everywhere, and it is
// what a judge measures (the sandbox counts the CPU time of the whole process tree).
//
// It also scales the limits the tests set (Limit), from GAMEDIFF_TEST_LIMITS, so that the
// suite can be run as a faster or slower machine would see it: a test program whose cost is
// charged here is given its cost relative to the scaled limit, and keeps its ratio to it;
// a program that really computes (a right solution) must then stay under the scaled limit.
package cpuclock

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Now is the CPU time this process has used: user and system time of all its threads.
func Now() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts); err != nil {
		panic(fmt.Sprintf("cpuclock: the process's CPU clock: %v", err))
	}
	return time.Duration(ts.Nano())
}

// Burn spins until the process has used d more CPU time.
func Burn(d time.Duration) {
	until := Now() + d
	for Now() < until {
	}
}

// payEvery is how much CPU time a Meter lets a program owe before it pays: small next to
// any limit, large next to a read of the clock.
const payEvery = time.Millisecond

// Meter charges a program for its work: each charge is CPU time the program spends on top
// of what its real work costs (within payEvery), so that its time is its cost function
// plus its real work, which the test programs keep small beside it. A program's growth
// is then its cost function's on every machine, and what its real work adds does not
// grow with it.
type Meter struct {
	owed time.Duration // charged and not yet spent
}

// Charge adds d to what the program has cost.
func (m *Meter) Charge(d time.Duration) {
	m.owed += d
	if m.owed >= payEvery {
		Burn(m.owed)
		m.owed = 0
	}
}

// Settle spends what is charged and not yet spent: call it before the program exits.
func (m *Meter) Settle() {
	Burn(m.owed)
	m.owed = 0
}

// LimitsEnv scales every time limit the tests set (Limit): "1/3" runs the suite as a
// machine three times as slow would see its right programs (they must stay under a third of
// the limit), "3" as a machine three times as fast.
const LimitsEnv = "GAMEDIFF_TEST_LIMITS"

// Scale is the factor of LimitsEnv: 1 when it is not set. A value that is not a positive
// number or fraction panics, since a suite run with it would not test what it says.
func Scale() float64 {
	s := strings.TrimSpace(os.Getenv(LimitsEnv))
	if s == "" {
		return 1
	}
	num, den, frac := strings.Cut(s, "/")
	n, err := strconv.ParseFloat(num, 64)
	d := 1.0
	if err == nil && frac {
		d, err = strconv.ParseFloat(den, 64)
	}
	if err != nil || n <= 0 || d <= 0 {
		panic(fmt.Sprintf("cpuclock: %s=%q: want a positive number or fraction (1/3, 3)", LimitsEnv, s))
	}
	return n / d
}

// Limit is a time limit a test sets, scaled by LimitsEnv.
func Limit(d time.Duration) time.Duration {
	return time.Duration(float64(d) * Scale())
}
