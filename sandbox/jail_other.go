//go:build unix && !linux

package sandbox

import (
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// sandbox, where the system has neither /proc, cgroups nor PID namespaces: a program runs
// in a session of its own, and its process group is killed after every run.
type sandbox struct{ pidns atomic.Bool }

var sandboxOf = sync.OnceValue(func() *sandbox { return &sandbox{} })

func (*sandbox) describe() string { return "process group" }

func (*sandbox) release() {}

func (*sandbox) childGone(int) {}

type jail struct{ pid int }

func (*sandbox) newJail(Limits) (*jail, error) { return &jail{}, nil }

func (j *jail) start(cmd *exec.Cmd) error {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	err := cmd.Start()
	if err == nil {
		j.pid = cmd.Process.Pid
	}
	return err
}

func (j *jail) usage() (time.Duration, int64)        { return 0, 0 }
func inNamespace() bool                              { return false }
func hostPID() int                                   { return os.Getpid() }
func (j *jail) memoryMeasured() bool                 { return false }
func (j *jail) cpuMeasured() bool                    { return false }
func (j *jail) peak() int64                          { return 0 }
func (j *jail) finish() (time.Duration, int64, bool) { return 0, 0, false }
func (j *jail) waited() time.Duration                { return 0 }
func (j *jail) stopped() bool                        { return false }

func (j *jail) kill(waitedFor bool) {
	if j.pid > 0 {
		syscall.Kill(-j.pid, syscall.SIGKILL)
	}
}

func (j *jail) close() { j.kill(true) }

// closeOnExecAll is not needed where nothing else of the sandbox is: Go opens its own
// descriptors close-on-exec.
func closeOnExecAll() {}

func runQueueWait(int) time.Duration { return 0 }
func processStopped(int) bool        { return false }
