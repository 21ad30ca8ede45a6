package sandbox

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// rusageMaxRSSUnit is the unit of Rusage.Maxrss: KiB on Linux.
const rusageMaxRSSUnit = 1024

func setParentDeathSignal(attr *syscall.SysProcAttr, die syscall.Signal) { attr.Pdeathsig = die }

// inNewPIDNamespace makes the process started with attr the init of a PID namespace.
func inNewPIDNamespace(attr *syscall.SysProcAttr) { attr.Cloneflags |= syscall.CLONE_NEWPID }

// clockTick is the unit of the CPU times in /proc/PID/stat (USER_HZ, 100 on every Linux ABI).
const clockTick = 10 * time.Millisecond

var pageSize = int64(os.Getpagesize())

// liveUsageKnown says whether liveUsage can tell: with /proc.
const liveUsageKnown = true

// liveUsage reads the CPU time used so far and the resident memory of a running process
// from /proc, so that a watchdog can stop it at its limits; ok is false if it is gone.
func liveUsage(pid int) (cpu time.Duration, rss int64, ok bool) {
	st, ok := readProcStat(pid)
	return st.cpu, st.rss, ok
}

// liveState is liveUsage, and whether the process is stopped (SIGSTOP, job control).
func liveState(pid int) (cpu time.Duration, rss int64, stopped, ok bool) {
	st, ok := readProcStat(pid)
	return st.cpu, st.rss, st.state == 'T' || st.state == 't', ok
}

// inputFile returns a file that holds input, read from its start: a memfd, in memory and
// gone with its last descriptor.
func inputFile(input []byte) (*os.File, error) {
	fd, err := unix.MemfdCreate("gamediff-input", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("memfd_create", err)
	}
	return filled(os.NewFile(uintptr(fd), "input"), input)
}

// highWater is this process's peak resident memory (VmHWM), which a program it starts
// inherits: exec keeps the peak of the memory it replaces, the spawner's under vfork, in
// the rusage the program ends with (see Command.Run).
func highWater() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	_, rest, ok := bytes.Cut(b, []byte("\nVmHWM:"))
	if !ok {
		return 0
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	f := bytes.Fields(line) // "1234", "kB"
	if len(f) == 0 {
		return 0
	}
	kib, _ := strconv.ParseInt(string(f[0]), 10, 64)
	return kib << 10
}
