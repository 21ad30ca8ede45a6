package sandbox

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// Pipe is one of a child's pipes, by the way its bytes go.
type Pipe int

// The ways a pipe goes.
const (
	ToChild   Pipe = iota // this process writes, the child reads
	FromChild             // the child writes, this process reads
)

// Child is a worker process: a helper this process starts from its own binary (or another
// that calls EnterChild first) to run code it does not trust, which can then only cost it a
// worker. The child is in a process group of its own, killed if this process dies, and,
// where the machine allows it (see the package doc), the init of a PID namespace of its
// own, so that whatever the programs it runs leave dies with it. Its stderr is kept as a
// run's is, its head and its tail.
type Child struct {
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited and been waited for
	// drained is closed when all of the child's stderr has been read: its last words
	// come after its exit.
	drained chan struct{}
	stderr  *headTail
}

// StartChild starts exe as a Child, with marker (the name of an environment variable of the
// harness's, GAMEDIFF_…) set to say so to EnterChild, and a pipe per entry of pipes, which
// are the child's descriptors 3, 4, … in order. It returns this process's ends of them, in
// order.
func StartChild(exe, marker string, pipes ...Pipe) (*Child, []*os.File, error) {
	s := sandboxOf()
	// A process asked for the portable fallback gives its children no namespace either.
	pidns := s.pidns.Load() && os.Getenv(sandboxEnv) != "portable"
	c, p, err := startChild(exe, marker, pidns, pipes)
	if err != nil && s.pidns.Load() && (errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOSPC)) {
		// The kernel refuses a PID namespace here after all: children go without.
		s.pidns.Store(false)
		c, p, err = startChild(exe, marker, false, pipes)
	}
	return c, p, err
}

// startChild starts exe as a child in a process group of its own, killed when this process
// dies, and, with pidns, as the init of a PID namespace of its own. Its stderr comes back on
// one more pipe than those asked for.
func startChild(exe, marker string, pidns bool, pipes []Pipe) (*Child, []*os.File, error) {
	cmd := exec.Command(exe)
	// The marker names this process: the child checks it is its parent's.
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, marker+"=") })
	cmd.Env = append(env, marker+"="+strconv.Itoa(hostPID()))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setParentDeathSignal(cmd.SysProcAttr, syscall.SIGKILL)
	if pidns {
		inNewPIDNamespace(cmd.SysProcAttr)
	}
	n := len(pipes)
	p, err := startPiped(cmd, append(slices.Clip(pipes), FromChild), func(child []*os.File) {
		cmd.ExtraFiles = child[:n]
		cmd.Stderr = child[n]
	}, (*exec.Cmd).Start)
	if err != nil {
		return nil, nil, err
	}
	c := &Child{cmd: cmd, done: make(chan struct{}), drained: make(chan struct{}), stderr: &headTail{}}
	errR := p[n]
	go func() { io.Copy(c.stderr, errR); errR.Close(); close(c.drained) }()
	go func() {
		cmd.Wait()
		// Its cgroups go with it, however it ended; Done tells that they are gone too.
		releaseChildCgroups(cmd.Process.Pid)
		close(c.done)
	}()
	return c, p[:n], nil
}

// namespaced is set in a child that is the init of a PID namespace of its own.
var namespaced atomic.Bool

// EnterChild makes this process a Child when StartChild started it with marker, and reports
// whether it did; otherwise it returns false and changes nothing. Call it first in main
// (and in TestMain of tests whose binary serves as a child). A child takes marker out of its
// environment, so that no program it starts takes itself for a child, whatever it is; marks
// every descriptor it inherited close-on-exec (its pipes included), so that no program it
// runs holds them; ignores the signals a program could send it (it is ended by SIGKILL or
// by its pipes; a fault of its own still crashes it, as it would any Go program; as a
// namespace's init it cannot be sent SIGKILL or SIGSTOP from inside at all); and notes
// whether it is a namespace's init, whose programs' pids are not the /proc's it reads.
func EnterChild(marker string) bool {
	parent := os.Getenv(marker)
	if parent == "" {
		return false
	}
	os.Unsetenv(marker)
	// The marker names the child's parent, so that the variable left in a user's
	// environment does not turn a command into a child; in a PID namespace of its own, the
	// child is the namespace's init, whose parent is out of sight.
	if parent != strconv.Itoa(os.Getppid()) && !(os.Getpid() == 1 && os.Getppid() == 0) {
		return false
	}
	namespaced.Store(os.Getpid() == 1)
	closeOnExecAll()
	signal.Ignore(userSignals...)
	return true
}

// Done is closed once the child has exited and been waited for, and the folders of cgroups
// it made are removed (however it ended: killed, it could not remove them itself).
func (c *Child) Done() <-chan struct{} { return c.done }

// Kill kills the child's process group at once, and so, when the child is the init of a PID
// namespace, every process in it. Done tells when it is gone.
func (c *Child) Kill() { killGroup(c.cmd.Process.Pid) }

// ProcessState is how the child ended, once Done is closed; nil before.
func (c *Child) ProcessState() *os.ProcessState {
	select {
	case <-c.done:
		return c.cmd.ProcessState
	default:
		return nil
	}
}

// KilledFromOutside reports whether the child, once Done is closed, ended by a signal that
// no failure of its own sends: SIGKILL (a user, the OOM killer, or Kill), SIGTERM, SIGINT,
// SIGHUP. A caller that killed it knows it did.
func (c *Child) KilledFromOutside() bool {
	if c.ProcessState() == nil {
		return false
	}
	sig, ok := exitSignal(c.cmd)
	return ok && (sig == syscall.SIGKILL || sig == syscall.SIGTERM || sig == syscall.SIGINT || sig == syscall.SIGHUP)
}

// Stderr returns the head and the tail of what the child wrote to its stderr since it
// started or since ResetStderr (StderrKept bytes in all, what was left out marked), after
// waiting up to wait for the rest of it: the last words of a child that ended come after
// its exit.
func (c *Child) Stderr(wait time.Duration) string {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-c.drained:
	case <-t.C:
	}
	return c.stderr.String()
}

// ResetStderr forgets what the child wrote to its stderr so far, so that Stderr tells of
// what comes next (the child's stderr during one request).
func (c *Child) ResetStderr() { c.stderr.reset() }

// Span is one stretch of a child's work that Watch holds to limits: a run of code in it,
// measured from where the child stood as it began.
type Span struct {
	Start  time.Time     // when it began
	CPU    time.Duration // the child's CPU time then, as it told it (SelfCPU)
	Memory int64         // the memory the child held then: its own, not the run's
	// Waits says that the child does not run the code itself but only waits for a program
	// it runs and watches itself (Command.Run): past the wall-clock backstop it is the
	// child that failed to answer, Disturbed, whatever its own idleness says.
	Waits bool
}

// Watch watches the child through span against lim (zero fields take the defaults), as a
// Command's run is watched: its
// CPU time and memory past span's, and past the wall-clock backstop whether it is idle,
// starved or stopped; stopped from outside for more than a second, it is Disturbed. It
// calls kill once, with the verdict and what its message says, when the child goes over.
func (c *Child) Watch(lim Limits, span Span, kill func(Status, string)) *Watchdog {
	p := &childProbe{pid: c.cmd.Process.Pid, base: span.CPU, held: span.Memory, waits: span.Waits}
	return watch(p, lim.WithDefaults(), span.Start, kill)
}

// childProbe watches a child through a span: its CPU time and memory past what it had used
// and held before, and, past the backstop, how long it waited for a CPU since the watch's
// first look.
type childProbe struct {
	pid        int
	base       time.Duration
	held       int64
	waitedBase time.Duration
	looked     bool
	halted     bool // stopped at the last look
	// waits: the child runs a program, and watches it itself (its CPU time, its memory,
	// whether it is idle or starved, in its jail). The child only waits meanwhile, so its
	// own idleness says nothing of the program's.
	waits bool
}

func (p *childProbe) usage() (time.Duration, int64, bool) {
	cpu, rss, stopped, ok := liveState(p.pid)
	if !p.looked {
		// Read once a run lasts a look, not on every run: most end sooner.
		p.looked, p.waitedBase = true, runQueueWait(p.pid)
	}
	p.halted = ok && stopped
	return cpu - p.base, rss - p.held, ok
}

func (p *childProbe) stopped() bool { return p.halted }

// stopCap: a worker stopped is stopped from outside (it ignores the signals its programs
// could send it), and its lane is freed soon.
func (p *childProbe) stopCap(Limits, time.Duration) (time.Duration, string) {
	return stopGrace, fmt.Sprintf("stopped from outside for more than %v (SIGSTOP or a job-control stop)", stopGrace)
}

func (p *childProbe) backstop(lim Limits, wall, cpu time.Duration) (Status, string, bool) {
	if p.waits {
		// Past the child's own last word on its program (Limits.Longest): the worker, not
		// the program, failed to answer. Taken for idle, a program starved by a loaded
		// machine passed for a TLE timed by the worker's own CPU.
		return Disturbed, "its worker did not answer within " + wall.Round(time.Second).String() + " while it ran the program", true
	}
	return backstopVerdict(lim, wall, cpu, runQueueWait(p.pid)-p.waitedBase, processStopped(p.pid))
}

// SelfMemory is the resident memory this process holds now, as a Child's watch reads a
// child's; 0 where the system does not tell.
func SelfMemory() int64 {
	_, rss, _ := liveUsage(hostPID()) // not os.Getpid: 1 in a worker's namespace, whose /proc is the host's
	return rss
}
