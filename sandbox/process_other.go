//go:build unix && !linux

package sandbox

import (
	"os"
	"syscall"
	"time"
)

// rusageMaxRSSUnit is the unit of Rusage.Maxrss: bytes on the BSDs and macOS.
const rusageMaxRSSUnit = 1

// setParentDeathSignal does nothing where the kernel has no parent-death signal: a child
// must end by itself when its pipes close, as a hunt's worker does.
func setParentDeathSignal(*syscall.SysProcAttr, syscall.Signal) {}

// inNewPIDNamespace does nothing where there are no PID namespaces.
func inNewPIDNamespace(*syscall.SysProcAttr) {}

// liveUsageKnown says whether liveUsage can tell.
const liveUsageKnown = false

// liveUsage is not known without /proc: watchdogs fall back to wall-clock limits.
func liveUsage(pid int) (cpu time.Duration, rss int64, ok bool) { return 0, 0, false }

// liveState is not known without /proc either.
func liveState(pid int) (cpu time.Duration, rss int64, stopped, ok bool) { return 0, 0, false, false }

// inputFile returns a file that holds input, read from its start: a temporary file,
// removed at once, gone with its last descriptor.
func inputFile(input []byte) (*os.File, error) {
	f, err := os.CreateTemp("", "gamediff-input-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	return filled(f, input)
}

// highWater is not known here: a program's rusage is taken as its own.
func highWater() int64 { return 0 }
