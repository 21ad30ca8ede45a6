package sandbox

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// setupCgroups makes this process's folders of run cgroups where it may: in the unified
// hierarchy (v2) when the kernel has cgroup.kill, and in v1's memory hierarchy when v2 does
// not account memory here (a hybrid mount), or v1's cpuacct when there is no v2. Folders
// left by processes that are gone are removed first.
func (s *sandbox) setupCgroups() {
	mounts := cgroupMounts()
	own := ownCgroups()
	name := "gamediff-" + strconv.Itoa(hostPID())
	if m, ok := mounts["2"]; ok {
		parent := filepath.Join(m.point, below(own[""], m.root))
		sweepStaleCgroups(parent)
		dir := filepath.Join(parent, name)
		if err := os.Mkdir(dir, 0o755); err == nil || errors.Is(err, os.ErrExist) {
			if exists(filepath.Join(dir, "cgroup.kill")) && exists(filepath.Join(dir, "cpu.stat")) {
				s.v2 = dir
				if controllers, err := os.ReadFile(filepath.Join(dir, "cgroup.controllers")); err == nil &&
					bytes.Contains(append(append([]byte(" "), bytes.TrimSpace(controllers)...), ' '), []byte(" memory ")) {
					s.v2Memory = os.WriteFile(filepath.Join(dir, "cgroup.subtree_control"), []byte("+memory"), 0) == nil
				}
			} else {
				os.Remove(dir)
			}
		}
	}
	wanted := []string{}
	if !s.v2Memory {
		wanted = append(wanted, "memory")
	}
	if s.v2 == "" {
		wanted = append(wanted, "cpuacct")
	}
	for _, controller := range wanted {
		m, ok := mounts[controller]
		if !ok {
			continue
		}
		own := filepath.Join(m.point, below(own[controller], m.root))
		sweepStaleCgroups(own)
		dir := filepath.Join(own, name)
		if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			continue
		}
		if !exists(filepath.Join(own, "tasks")) {
			os.Remove(dir)
			continue
		}
		s.v1 = append(s.v1, v1Hierarchy{controller: controller, dir: dir, home: filepath.Join(own, "tasks")})
	}
}

// mount is where a cgroup hierarchy is mounted, and which of its cgroups is the mount's root.
type mount struct{ point, root string }

// cgroupMounts reads /proc/self/mountinfo: the unified hierarchy under "2", each v1
// controller under its name.
func cgroupMounts() map[string]mount {
	out := map[string]mount{}
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root point options [optional…] - type source super-options
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		fields, tail := strings.Fields(pre), strings.Fields(post)
		if !ok || len(fields) < 5 || len(tail) < 3 {
			continue
		}
		m := mount{point: unescapeMount(fields[4]), root: unescapeMount(fields[3])}
		switch tail[0] {
		case "cgroup2":
			if _, seen := out["2"]; !seen {
				out["2"] = m
			}
		case "cgroup":
			for _, opt := range strings.Split(tail[2], ",") {
				if opt == "memory" || opt == "cpuacct" {
					if _, seen := out[opt]; !seen {
						out[opt] = m
					}
				}
			}
		}
	}
	return out
}

// unescapeMount undoes mountinfo's octal escapes of spaces and the like.
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ownCgroups reads /proc/self/cgroup: this process's cgroup in the unified hierarchy under
// "", in each v1 controller's under its name.
func ownCgroups() map[string]string {
	out := map[string]string{}
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return out
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[1] == "" {
			out[""] = parts[2]
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			out[c] = parts[2]
		}
	}
	return out
}

// below is path relative to root, the cgroup a mount shows as its top.
func below(path, root string) string {
	if root == "/" || root == "" {
		return path
	}
	if rest, ok := strings.CutPrefix(path, root); ok {
		return rest
	}
	return path
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

// sweepStaleCgroups removes the folders of run cgroups that processes now gone left in
// parent (a hunt killed with SIGKILL cannot remove its own), killing whatever still runs in
// them.
func sweepStaleCgroups(parent string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := strings.CutPrefix(e.Name(), "gamediff-")
		if !ok || !e.IsDir() {
			continue
		}
		if n, err := strconv.Atoi(pid); err != nil || exists("/proc/"+strconv.Itoa(n)) {
			continue
		}
		removeCgroupTree(filepath.Join(parent, e.Name()))
	}
}

// childGone removes the folders of run cgroups that this process's child pid left beside
// this process's own, now that it has ended: a worker that crashed or was killed cannot
// remove its own, and sweepStaleCgroups removes them only when a harness starts next.
// A pid that is already another process's is left alone, as the sweep leaves it.
func (s *sandbox) childGone(pid int) {
	if exists("/proc/" + strconv.Itoa(pid)) {
		return
	}
	name := "gamediff-" + strconv.Itoa(pid)
	if s.v2 != "" {
		removeCgroupTree(filepath.Join(filepath.Dir(s.v2), name))
	}
	for _, h := range s.v1 {
		removeCgroupTree(filepath.Join(filepath.Dir(h.dir), name))
	}
}

// removeCgroupTree removes a cgroup folder of this harness and every cgroup below it,
// deepest first, killing what still runs in them: a program under test may make cgroups
// of its own inside its run's (a harness hunting a harness does), and the kernel refuses
// to remove a cgroup that holds one.
func removeCgroupTree(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() {
			sub := filepath.Join(dir, e.Name())
			emptyCgroup(nil, sub, time.Second)
			removeCgroupTree(sub)
		}
	}
	os.Remove(dir)
}

// killCgroup kills every process of a v2 cgroup: frozen first, so that none can fork while
// the others are killed, then each sent SIGKILL, then thawed to die. Not cgroup.kill: a
// cgroup it was written to has every process started into it since (CLONE_INTO_CGROUP)
// killed at its start, on the kernels seen here, and a jail serves many runs.
func killCgroup(f *cgroupFiles, dir string) {
	pids := cgroupProcs(f, dir)
	if len(pids) == 0 {
		return
	}
	f.write(filepath.Join(dir, "cgroup.freeze"), []byte("1"))
	for range 10 {
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		if pids = cgroupProcs(f, dir); len(pids) == 0 {
			break
		}
	}
	f.write(filepath.Join(dir, "cgroup.freeze"), []byte("0"))
}

// emptyCgroup kills every process of the cgroup dir and waits, up to wait, until none is
// left.
func emptyCgroup(f *cgroupFiles, dir string, wait time.Duration) bool {
	if exists(filepath.Join(dir, "cgroup.freeze")) {
		killCgroup(f, dir)
	}
	deadline := time.Now().Add(wait)
	for pause := 50 * time.Microsecond; ; pause = min(2*pause, 20*time.Millisecond) {
		pids := cgroupProcs(f, dir)
		if len(pids) == 0 {
			return true
		}
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(pause)
	}
}

// cgroupProcs lists the processes of a cgroup.
func cgroupProcs(f *cgroupFiles, dir string) []int {
	b, err := f.read(filepath.Join(dir, "cgroup.procs"))
	if err != nil {
		return nil
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}
