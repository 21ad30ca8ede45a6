// Package proctable reads the process table in /proc for the tests that check that the
// harness leaves no process behind: one scan and one wait, shared by the engine's tests
// and the command line's.
package proctable

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Process is one entry of the process table.
type Process struct {
	PID, PPID int
	State     string        // as in /proc/PID/stat: R, S, Z, …
	CPU       time.Duration // the user and system time it has spent, to 10 ms
	Exe       string        // what /proc/PID/exe links to ("" when it cannot be read)
	Cmd       string        // the command line, its arguments joined by spaces
}

// String is the process as a test lists it: "PID STATE COMMAND".
func (p Process) String() string { return strconv.Itoa(p.PID) + " " + p.State + " " + p.Cmd }

// List returns the processes other than this one for which keep is true. A process that
// ends while it is read is left out.
func List(keep func(Process) bool) []Process {
	var found []Process
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		if p, ok := Of(pid); ok && keep(p) {
			found = append(found, p)
		}
	}
	return found
}

// Of reads the entry of process pid; ok is false when there is none (it has ended, or
// ended while it was read).
func Of(pid int) (p Process, ok bool) {
	dir := filepath.Join("/proc", strconv.Itoa(pid))
	stat, err := os.ReadFile(filepath.Join(dir, "stat"))
	i := bytes.LastIndexByte(stat, ')')
	if err != nil || i < 0 {
		return Process{}, false
	}
	fields := strings.Fields(string(stat[i+1:])) // from the state on
	if len(fields) < 13 {
		return Process{}, false
	}
	p = Process{PID: pid, State: fields[0]}
	p.PPID, _ = strconv.Atoi(fields[1])
	utime, _ := strconv.Atoi(fields[11]) // in clock ticks, a hundred a second
	stime, _ := strconv.Atoi(fields[12])
	p.CPU = time.Duration(utime+stime) * 10 * time.Millisecond
	cmdline, _ := os.ReadFile(filepath.Join(dir, "cmdline"))
	p.Cmd = strings.TrimSpace(strings.ReplaceAll(string(cmdline), "\x00", " "))
	p.Exe, _ = os.Readlink(filepath.Join(dir, "exe"))
	return p, true
}

// goneWithin is how long WaitGone waits for processes to end. It asks an outcome, that
// nothing is left running, and returns as soon as that holds: the bound only ends the wait
// for a process that was left. On a loaded machine a hunt killed with SIGKILL may still
// have a worker, and the program and child in its PID namespace, seconds later, where
// quiet they are gone in milliseconds.
const goneWithin = 30 * time.Second

// WaitGone waits up to goneWithin for the processes keep selects to end, and fails the
// test, listing them, if some are still running.
func WaitGone(t testing.TB, keep func(Process) bool) {
	t.Helper()
	var left []Process
	for deadline := time.Now().Add(goneWithin); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if left = List(keep); len(left) == 0 {
			return
		}
	}
	lines := make([]string, len(left))
	for i, p := range left {
		lines[i] = p.String()
	}
	t.Errorf("processes left running %v after:\n%s", goneWithin, strings.Join(lines, "\n"))
}
