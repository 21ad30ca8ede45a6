package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// procStat is what /proc/PID/stat tells of one process.
type procStat struct {
	pid, ppid, session int
	state              byte
	cpu                time.Duration // its own user + system time
	childCPU           time.Duration // its waited-for children's
	rss                int64
}

// readProcStat reads /proc/PID/stat; ok is false if the process is gone.
func readProcStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	return parseProcStat(pid, b)
}

func parseProcStat(pid int, b []byte) (procStat, bool) {
	// The command name (field 2) may hold spaces and parentheses: count fields from the
	// last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := bytes.Fields(b[i+1:])
	// After ')': state(3) ppid(4) pgrp(5) session(6) … utime(14) stime(15) cutime(16)
	// cstime(17) … rss(24); f[0] is field 3.
	if len(f) < 22 || len(f[0]) == 0 {
		return procStat{}, false
	}
	num := func(k int) int64 { n, _ := strconv.ParseInt(string(f[k]), 10, 64); return n }
	return procStat{
		pid:      pid,
		ppid:     int(num(1)),
		session:  int(num(3)),
		state:    f[0][0],
		cpu:      time.Duration(num(11)+num(12)) * clockTick,
		childCPU: time.Duration(num(13)+num(14)) * clockTick,
		rss:      num(21) * pageSize,
	}, true
}

// allProcesses reads the stat of every process in /proc.
func allProcesses() []procStat {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	out := make([]procStat, 0, len(entries))
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readProcStat(pid); ok {
			out = append(out, st)
		}
	}
	return out
}

// processTree is the portable fallback's view of a program's processes: every process it
// saw descend from the program, so that one adopted by this process (a child subreaper)
// after its parent died still counts as the program's.
type processTree struct {
	mu   sync.Mutex
	seen map[int]bool
}

// members returns the program's live processes: root's descendants, and those seen before
// that this process has adopted.
func (t *processTree) members(root int, rootAlive bool) []procStat {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.seen == nil {
		t.seen = map[int]bool{}
	}
	self := hostPID()
	all := allProcesses()
	children := map[int][]procStat{}
	for _, p := range all {
		children[p.ppid] = append(children[p.ppid], p)
	}
	var out []procStat
	var queue []int
	if rootAlive {
		for _, p := range all {
			if p.pid == root {
				out = append(out, p)
				queue = append(queue, root)
			}
		}
	}
	for _, p := range children[self] {
		if t.seen[p.pid] && p.pid != root {
			out = append(out, p)
			queue = append(queue, p.pid)
		}
	}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		for _, c := range children[pid] {
			out = append(out, c)
			queue = append(queue, c.pid)
		}
	}
	for _, p := range out {
		t.seen[p.pid] = true
	}
	return out
}

// usage sums the CPU time and resident memory of the program's live processes.
func (t *processTree) usage(root int) (cpu time.Duration, rss int64) {
	for _, p := range t.members(root, true) {
		cpu += p.cpu + p.childCPU
		rss += p.rss
	}
	return cpu, rss
}

// kill kills the program's processes, again while new ones show up (a process may fork as
// it is being killed).
func (t *processTree) kill(root int, waitedFor bool) {
	for range 10 {
		members := t.members(root, !waitedFor)
		if len(members) == 0 {
			return
		}
		for _, p := range members {
			syscall.Kill(p.pid, syscall.SIGKILL)
		}
	}
}

// ownChildren are the programs this process started and waits for itself: the subreaper's
// sweep must never take one of them for an orphan.
var ownChildren = struct {
	mu   sync.Mutex
	pids map[int]bool
}{pids: map[int]bool{}}

func (j *jail) forget() {
	ownChildren.mu.Lock()
	delete(ownChildren.pids, j.pid)
	ownChildren.mu.Unlock()
}

// sweepOrphans kills and reaps the orphans this process, a child subreaper, adopted from
// the programs it ran: its children in another session (programs run in sessions of their
// own, and so do the children that escape with setsid) that it did not start itself.
// Workers (Child) and the children of whoever embeds the sandbox share this process's
// session, and are left alone.
func sweepOrphans() {
	self := hostPID()
	own, _ := readProcStat(self)
	ownChildren.mu.Lock()
	defer ownChildren.mu.Unlock()
	for _, p := range allProcesses() {
		if p.ppid != self || p.session == own.session || ownChildren.pids[p.pid] {
			continue
		}
		syscall.Kill(p.pid, syscall.SIGKILL)
		var ws syscall.WaitStatus
		syscall.Wait4(p.pid, &ws, 0, nil)
	}
}

// runQueueWait is how long the process's threads have waited on a run queue for a CPU
// (the second field of each /proc/PID/task/TID/schedstat).
func runQueueWait(pid int) time.Duration {
	tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/schedstat")
	var total time.Duration
	for _, path := range tasks {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		if f := bytes.Fields(b); len(f) >= 2 {
			ns, _ := strconv.ParseInt(string(f[1]), 10, 64)
			total += time.Duration(ns)
		}
	}
	return total
}

// processStopped reports whether the process is stopped (SIGSTOP, a job-control stop, a
// tracer).
func processStopped(pid int) bool {
	st, ok := readProcStat(pid)
	return ok && (st.state == 'T' || st.state == 't')
}
