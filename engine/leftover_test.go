package engine_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// leftovers lists the processes this test left running: children of this process, and
// processes anywhere whose executable is this test binary (an orphaned worker) or whose
// command line holds marker (a program's child that left its group). It reads the process
// table in /proc.
func leftovers(t *testing.T, marker string) []string {
	t.Helper()
	self := os.Getpid()
	exe, _ := os.Executable()
	var found []string
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatalf("reading the process table: %v", err)
	}
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil || pid == self {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
		if err != nil {
			continue // gone meanwhile
		}
		i := bytes.LastIndexByte(stat, ')')
		fields := strings.Fields(string(stat[i+1:]))
		if len(fields) < 2 {
			continue
		}
		ppid, _ := strconv.Atoi(fields[1])
		cmdline, _ := os.ReadFile(filepath.Join("/proc", d.Name(), "cmdline"))
		cmd := strings.ReplaceAll(string(cmdline), "\x00", " ")
		link, _ := os.Readlink(filepath.Join("/proc", d.Name(), "exe"))
		if ppid == self || link == exe || marker != "" && strings.Contains(cmd, marker) {
			found = append(found, d.Name()+" "+fields[0]+" "+cmd)
		}
	}
	return found
}

// checkNothingLeft fails t if processes of the test are still running a moment after a
// hunt returned.
func checkNothingLeft(t *testing.T, marker string) {
	t.Helper()
	var left []string
	// A killed process takes a moment to be reaped, seconds on a loaded machine: the wait
	// ends as soon as none is left, and only one left for good waits it out.
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if left = leftovers(t, marker); len(left) == 0 {
			return
		}
	}
	t.Errorf("processes left running 30s after:\n%s", strings.Join(left, "\n"))
}
