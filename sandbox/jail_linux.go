package sandbox

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// sandbox is what this process found it can use to contain the programs it starts (see the
// package doc). It is set up once, by the first run, and shared by every run.
type sandbox struct {
	// pidns says whether children (workers, StartChild) get a PID namespace each, whose init
	// they are: the programs they run then cannot see or signal anything outside it (their
	// parent, the worker, ignores what they send it), and whatever they leave dies with the
	// worker.
	// Cleared if the kernel refuses one. Only with v2, whose files measure a run without
	// the /proc of its processes, whose pids the namespace hides.
	pidns atomic.Bool
	// v2 is this process's folder of run cgroups in the unified hierarchy ("" for none);
	// v2Memory says whether they account and limit memory too.
	v2       string
	v2Memory bool
	// v1 holds the v1 hierarchies a run joins besides: memory where v2 has none, cpuacct
	// where there is no v2 at all.
	v1        []v1Hierarchy
	subreaper bool // no namespace and no cgroup: this process adopts and sweeps orphans
	forced    bool // GAMEDIFF_SANDBOX=portable: only the portable fallback, for tests
	seq       atomic.Uint64

	// idle holds the jails of runs that ended, emptied, for the next runs: making and
	// removing a run's cgroups (v1's above all) costs a worker more than a small program's
	// run. Not with v2's memory, whose peak cannot be reset for a new run.
	mu   sync.Mutex
	idle []*jail
	// files keeps the v1 tasks files of this process's own cgroups open: the thread that
	// starts a program moves back to them after each start.
	files cgroupFiles
}

// v1Hierarchy is one controller's hierarchy of cgroup v1 that runs join.
type v1Hierarchy struct {
	controller string // "memory" or "cpuacct"
	dir        string // this process's folder of run cgroups in it
	home       string // the tasks file of this process's own cgroup in it
}

var sandboxOf = sync.OnceValue(setupSandbox)

func setupSandbox() *sandbox {
	closeOnExecAll()
	s := &sandbox{forced: os.Getenv(sandboxEnv) == "portable"}
	if !s.forced {
		s.setupCgroups()
		s.pidns.Store(s.v2 != "" && hasCapability(unix.CAP_SYS_ADMIN))
	}
	if !s.pidns.Load() && s.v2 == "" {
		s.subreaper = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == nil
	}
	return s
}

func (s *sandbox) describe() string {
	var parts []string
	if inNamespace() {
		parts = append(parts, "a pid namespace per worker")
	}
	if s.v2 != "" {
		what := "cgroup v2 (cpu.stat, cgroup.freeze"
		if s.v2Memory {
			what += ", memory.peak"
		}
		parts = append(parts, what+")")
	}
	for _, h := range s.v1 {
		parts = append(parts, "cgroup v1 "+h.controller)
	}
	if len(parts) == 0 {
		parts = append(parts, "process group")
		if s.subreaper {
			parts = append(parts, "child subreaper")
		}
		parts = append(parts, "usage summed from /proc")
	}
	return strings.Join(parts, ", ")
}

// hasCapability reports whether this process has the capability in its effective set.
func hasCapability(c int) bool {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return false
	}
	_, rest, ok := bytes.Cut(b, []byte("\nCapEff:"))
	if !ok {
		return false
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	caps, err := strconv.ParseUint(string(bytes.TrimSpace(line)), 16, 64)
	return err == nil && caps&(1<<uint(c)) != 0
}

// closeOnExecAll marks every descriptor of this process past stderr close-on-exec, those it
// inherited included: Go opens its own that way, but a descriptor inherited from the shell,
// a CI runner or, in a worker, the hunt's pipes would otherwise reach every program started.
func closeOnExecAll() {
	if unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC) == nil {
		return
	}
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// jail is one run's containment: its cgroups, made before the program starts and removed
// once everything in them is dead.
type jail struct {
	s    *sandbox
	v2   string   // the run's cgroup in the unified hierarchy, "" for none
	v2fd int      // an open descriptor of it, to start the program in it (CLONE_INTO_CGROUP)
	v1   []string // the run's cgroups in s.v1's hierarchies, in order
	pid  int
	tree processTree // the fallback's view of the program's processes
	hard string      // the kernel's memory bound, as written
	// base holds what the jail's counters read when the run started: a jail serves run
	// after run, and each run counts from there. Its empty cgroups count nothing between
	// runs, so the readings that ended a run start the next (last). The CPU pressure is
	// read as the jail is handed to a run, before the program starts.
	base, last struct {
		cpu  time.Duration
		ooms int64
	}
	waitedBase time.Duration
	waitedRead bool
	files      cgroupFiles // its cgroups' files, kept open from run to run
}

// memorySlack is what the kernel lets a program use past its memory limit before it kills
// it: the watchdog stops it first, with a clear message, and the peak shows how far it went.
func memorySlack(limit int64) int64 { return max(limit/8, 32<<20) }

// newJail returns the jail of one run, bounding its memory at lim's limit plus slack: one
// that served a run before, emptied, or a new one.
func (s *sandbox) newJail(lim Limits) (*jail, error) {
	hard := strconv.FormatInt(lim.Memory+memorySlack(lim.Memory), 10)
	j, err := s.reuse()
	if j == nil && err == nil {
		j, err = s.makeJail()
	}
	if err != nil {
		return nil, err
	}
	if j.hard != hard {
		j.hard = hard
		if s.v2Memory {
			j.files.write(filepath.Join(j.v2, "memory.max"), []byte(hard))
			j.files.write(filepath.Join(j.v2, "memory.swap.max"), []byte("0"))
		}
		if dir := j.v1dir("memory"); dir != "" {
			j.files.write(filepath.Join(dir, "memory.limit_in_bytes"), []byte(hard))
		}
	}
	j.pid, j.tree = 0, processTree{}
	j.base, j.waitedRead = j.last, false
	// The wait for a CPU counts from now, before the program starts: the empty cgroup waits
	// for nothing meanwhile, and a new program's own statistics start at 0. Counted from the
	// watchdog's first look instead, it lost what passed before a starved worker looked, and
	// a starved run passed for an idle one.
	if j.waited(); !j.waitedRead {
		j.waitedBase, j.waitedRead = 0, true
	}
	if dir := j.v1dir("memory"); dir != "" {
		// The peak starts again from what the empty cgroup holds now.
		j.files.write(filepath.Join(dir, "memory.max_usage_in_bytes"), []byte("0"))
	}
	return j, nil
}

// reuse takes an idle jail, if there is one.
func (s *sandbox) reuse() (*jail, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.idle); n > 0 {
		j := s.idle[n-1]
		s.idle = s.idle[:n-1]
		return j, nil
	}
	return nil, nil
}

// makeJail makes the cgroups of a new jail.
func (s *sandbox) makeJail() (*jail, error) {
	j := &jail{s: s, v2fd: -1}
	name := "run-" + strconv.FormatUint(s.seq.Add(1), 10)
	if s.v2 != "" {
		dir := filepath.Join(s.v2, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, err
		}
		j.v2 = dir
		fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		if err != nil {
			j.remove()
			return nil, err
		}
		j.v2fd = fd
	}
	for _, h := range s.v1 {
		dir := filepath.Join(h.dir, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			j.remove()
			return nil, err
		}
		j.v1 = append(j.v1, dir)
	}
	return j, nil
}

// start starts cmd in the jail: a session of its own, killed when the thread that starts it
// dies, in the run's cgroups. The v1 cgroups have no way to start a process in them: the
// thread that forks it moves into them for the fork, which the child inherits, and back
// (cgroup v1 moves threads one by one).
func (j *jail) start(cmd *exec.Cmd) error {
	attr := &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	if j.v2fd >= 0 {
		attr.UseCgroupFD, attr.CgroupFD = true, j.v2fd
	}
	cmd.SysProcAttr = attr
	err := j.startMoved(cmd)
	if err == nil {
		j.pid = cmd.Process.Pid
	}
	return err
}

func (j *jail) startMoved(cmd *exec.Cmd) error {
	if len(j.v1) == 0 {
		return j.startOwned(cmd)
	}
	runtime.LockOSThread()
	tid := []byte(strconv.Itoa(unix.Gettid()))
	moved := 0
	var err error
	for _, dir := range j.v1 {
		if err = j.files.write(filepath.Join(dir, "tasks"), tid); err != nil {
			break
		}
		moved++
	}
	if err == nil {
		err = j.startOwned(cmd)
	}
	for i := 0; i < moved; i++ {
		j.s.files.write(j.s.v1[i].home, tid)
	}
	runtime.UnlockOSThread()
	return err
}

// startOwned starts cmd, which the subreaper's sweep must never take for an orphan.
func (j *jail) startOwned(cmd *exec.Cmd) error {
	if !j.s.subreaper {
		return cmd.Start()
	}
	ownChildren.mu.Lock()
	defer ownChildren.mu.Unlock()
	err := cmd.Start()
	if err == nil {
		ownChildren.pids[cmd.Process.Pid] = true
	}
	return err
}

// usage is the CPU time and memory of the program's whole process tree so far, and whether
// the jail measures them over the tree (else they are the fallback's sums).
func (j *jail) usage() (cpu time.Duration, memory int64) {
	cpu = j.rawCPU() - j.base.cpu
	switch {
	case j.s.v2Memory:
		memory = j.readInt(filepath.Join(j.v2, "memory.current"))
	case j.v1dir("memory") != "":
		memory = j.readInt(filepath.Join(j.v1dir("memory"), "memory.usage_in_bytes"))
	}
	if j.v2 == "" && j.v1dir("cpuacct") == "" || !j.s.v2Memory && j.v1dir("memory") == "" {
		tcpu, tmem := j.tree.usage(j.pid)
		if j.v2 == "" && j.v1dir("cpuacct") == "" {
			cpu = tcpu
		}
		if !j.s.v2Memory && j.v1dir("memory") == "" {
			memory = tmem
		}
	}
	return cpu, memory
}

// rawCPU is the CPU time the jail's cgroup counted since it was made.
func (j *jail) rawCPU() time.Duration {
	switch {
	case j.v2 != "":
		return time.Duration(j.statField(filepath.Join(j.v2, "cpu.stat"), "usage_usec")) * time.Microsecond
	case j.v1dir("cpuacct") != "":
		return time.Duration(j.readInt(filepath.Join(j.v1dir("cpuacct"), "cpuacct.usage")))
	}
	return 0
}

// finish reads, once the run's processes are dead, its CPU time and peak memory as the
// cgroups count them (0 where none does), and whether the kernel killed a process of it
// for its memory bound; the readings start the next run.
func (j *jail) finish() (cpu time.Duration, peak int64, oomKilled bool) {
	j.last.cpu, j.last.ooms = j.rawCPU(), j.oomCount()
	return j.last.cpu - j.base.cpu, j.peak(), j.last.ooms > j.base.ooms
}

// memoryMeasured reports whether the jail's cgroups measure memory over the whole tree, so
// that its peak is the kernel's, not a sum of the watchdog's looks.
func (j *jail) memoryMeasured() bool { return j.s.v2Memory || j.v1dir("memory") != "" }

// cpuMeasured reports whether the jail's cgroups measure CPU time over the whole tree.
func (j *jail) cpuMeasured() bool { return j.v2 != "" || j.v1dir("cpuacct") != "" }

func (j *jail) v1dir(controller string) string {
	for i, h := range j.s.v1 {
		if h.controller == controller && i < len(j.v1) {
			return j.v1[i]
		}
	}
	return ""
}

// peak is the most memory the run's tree held, as its cgroup counts it; 0 when no cgroup
// counts it.
func (j *jail) peak() int64 {
	switch {
	case j.s.v2Memory:
		return j.readInt(filepath.Join(j.v2, "memory.peak"))
	case j.v1dir("memory") != "":
		return j.readInt(filepath.Join(j.v1dir("memory"), "memory.max_usage_in_bytes"))
	}
	return 0
}

// oomCount is how many processes the kernel killed in the jail for its memory bound.
func (j *jail) oomCount() int64 {
	switch {
	case j.s.v2Memory:
		return j.statField(filepath.Join(j.v2, "memory.events"), "oom_kill")
	case j.v1dir("memory") != "":
		return j.statField(filepath.Join(j.v1dir("memory"), "memory.oom_control"), "oom_kill")
	}
	return 0
}

// waited is how long the run's processes waited on the machine while they could run: for
// a CPU, or on the disk or memory (a page of the program read back in, under a loaded
// machine's I/O): the cgroup's CPU, I/O and memory pressure where it is kept, else the
// program's own scheduler statistics. What is left of its wall time past its CPU time is
// the run's own waiting: a sleep, a read of a pipe that never ends.
func (j *jail) waited() time.Duration {
	if j.v2 != "" {
		var total time.Duration
		read := false
		for _, file := range []string{"cpu.pressure", "io.pressure", "memory.pressure"} {
			b, err := j.files.read(filepath.Join(j.v2, file))
			if err != nil {
				continue
			}
			// some avg10=0.00 avg60=0.00 avg300=0.00 total=1234
			line, _, _ := bytes.Cut(b, []byte("\n"))
			if _, field, ok := bytes.Cut(line, []byte("total=")); ok {
				us, _ := strconv.ParseInt(string(bytes.TrimSpace(field)), 10, 64)
				total += time.Duration(us) * time.Microsecond
				read = true
			}
		}
		if read {
			return j.sinceStart(total)
		}
	}
	if inNamespace() || j.pid == 0 {
		return 0
	}
	return j.sinceStart(runQueueWait(j.pid))
}

// sinceStart is a reading of the CPU pressure less its reading as the run was started
// (newJail).
func (j *jail) sinceStart(total time.Duration) time.Duration {
	if !j.waitedRead {
		j.waitedBase, j.waitedRead = total, true
	}
	return total - j.waitedBase
}

// stopped reports whether the program is stopped (SIGSTOP, a job-control stop). In a
// worker's PID namespace its pid is not the one /proc knows: the kernel is asked of its
// child instead (childStopped).
func (j *jail) stopped() bool {
	if j.pid <= 0 {
		return false
	}
	if inNamespace() {
		return childStopped(j.pid)
	}
	return processStopped(j.pid)
}

// childStopped reports whether pid, a child of this process, is stopped now: waitid with
// WNOWAIT tells, and leaves the stop to be told again and the child to be waited for as
// before (by os/exec, which waits for its exit alone).
func childStopped(pid int) bool {
	var info unix.Siginfo
	if err := unix.Waitid(unix.P_PID, pid, &info, unix.WSTOPPED|unix.WNOWAIT|unix.WNOHANG, nil); err != nil {
		return false
	}
	const cldStopped = 5 // CLD_STOPPED, si_code of a child stopped by a signal
	return info.Signo == int32(unix.SIGCHLD) && info.Code == cldStopped
}

// kill kills every process of the run. The program's own pid is only signalled while it has
// not been waited for (it cannot have been reused then); afterwards its cgroup, its
// namespace (gone with it) or the fallback's view of its tree reach the rest.
func (j *jail) kill(waitedFor bool) {
	if !waitedFor && j.pid > 0 {
		syscall.Kill(j.pid, syscall.SIGKILL)
		syscall.Kill(-j.pid, syscall.SIGKILL)
	}
	if j.v2 != "" {
		// Once the program is waited for, what it left may still hold its output pipes:
		// killed now, they close, and the run's output is drained at once.
		killCgroup(&j.files, j.v2)
		return
	}
	if waitedFor && j.s.subreaper {
		sweepOrphans() // the orphans it left were adopted by this process when it exited
	}
	for _, dir := range j.v1 {
		for _, pid := range cgroupProcs(&j.files, dir) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	j.tree.kill(j.pid, waitedFor)
}

// close kills what is left of the run and waits for its cgroups to be empty: then the jail
// waits, idle, for the next run; one that cannot be emptied is removed. Call it once the
// program has been waited for.
func (j *jail) close() {
	j.kill(true)
	// The run's processes are the same in every hierarchy: v2's, when there is one, tells
	// for all.
	dirs := j.v1
	if j.v2 != "" {
		dirs = []string{j.v2}
	}
	emptied := true
	for _, dir := range dirs {
		if !emptyCgroup(&j.files, dir, 2*time.Second) {
			emptied = false
		}
	}
	switch {
	case inNamespace():
		reapOrphans()
	case j.s.subreaper:
		j.forget()
		sweepOrphans()
	}
	if emptied && !j.s.v2Memory && (j.v2 != "" || len(j.v1) > 0) {
		j.s.mu.Lock()
		j.s.idle = append(j.s.idle, j)
		j.s.mu.Unlock()
		return
	}
	j.remove()
}

// remove removes the jail's cgroups and those a program made below them (removeCgroupTree).
func (j *jail) remove() {
	j.files.close()
	if j.v2fd >= 0 {
		syscall.Close(j.v2fd)
		j.v2fd = -1
	}
	for _, dir := range append([]string{j.v2}, j.v1...) {
		if dir != "" {
			removeCgroupTree(dir)
		}
	}
}

// release removes the cgroups of this process's idle jails and its own folders of them, as
// it exits: what a process killed with SIGKILL leaves, the next one sweeps.
func (s *sandbox) release() {
	s.mu.Lock()
	idle := s.idle
	s.idle = nil
	s.mu.Unlock()
	for _, j := range idle {
		j.remove()
	}
	if s.v2 != "" {
		removeCgroupTree(s.v2)
	}
	for _, h := range s.v1 {
		removeCgroupTree(h.dir)
	}
}

// inNamespace reports whether this process is the init of a PID namespace: a child in a
// namespace of its own (EnterChild says so).
func inNamespace() bool { return namespaced.Load() }

// reapOrphans reaps the children this process, the init of its PID namespace, adopted from
// the programs it ran: between runs a worker has no child of its own, so every child that
// has exited is such an orphan, killed with its run.
func reapOrphans() {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
	}
}

// hostPID is this process's pid as the system's /proc knows it: in a PID namespace,
// os.Getpid is the namespace's.
func hostPID() int {
	if link, err := os.Readlink("/proc/self"); err == nil {
		if pid, err := strconv.Atoi(link); err == nil {
			return pid
		}
	}
	return os.Getpid()
}

// statField reads "name value" from a flat-keyed cgroup file of the jail (cpu.stat,
// memory.events).
func (j *jail) statField(path, name string) int64 {
	b, err := j.files.read(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
}

// readInt reads a cgroup file of the jail that holds one number.
func (j *jail) readInt(path string) int64 {
	b, err := j.files.read(path)
	if err != nil {
		return 0
	}
	n, _ := strconv.ParseInt(string(bytes.TrimSpace(b)), 10, 64)
	return n
}
