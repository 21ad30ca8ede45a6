//go:build unix

package engine

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the program in a process group of its own, so that killing the
// group reaches every process it started.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killProcessGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
