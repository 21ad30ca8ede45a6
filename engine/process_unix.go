//go:build unix

package engine

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// isolate starts cmd in a process group of its own, so that killing the group reaches
// every process it started, and asks the kernel to send it die when this process dies
// (where the kernel can: Linux), so that nothing outlives a hunt that is killed.
func isolate(cmd *exec.Cmd, die syscall.Signal) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setParentDeathSignal(cmd.SysProcAttr, die)
}

// signalGroup sends sig to the process group of pid, which isolate made pid's own.
func signalGroup(pid int, sig syscall.Signal) {
	syscall.Kill(-pid, sig)
}

// killGroup kills the process group of pid.
func killGroup(pid int) { signalGroup(pid, syscall.SIGKILL) }

// quitGroup asks the process group of pid to quit: a Go program prints every goroutine's
// stack on SIGQUIT, which the report shows.
func quitGroup(pid int) { signalGroup(pid, syscall.SIGQUIT) }

// terminationSignal is what a worker gets when the hunt that started it dies.
const terminationSignal = syscall.SIGTERM

// selfCPU is the CPU time (user + system) this process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// usageOf is the CPU time and peak resident memory of a finished process, from its
// rusage; ok is false where the system does not tell.
func usageOf(cmd *exec.Cmd) (cpu time.Duration, maxRSS int64, ok bool) {
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), ru.Maxrss * rusageMaxRSSUnit, true
}

// exitSignal is the signal that ended cmd, if one did.
func exitSignal(cmd *exec.Cmd) (syscall.Signal, bool) {
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return 0, false
	}
	return ws.Signal(), true
}

// killSignal is what a program under test gets when the process that started it dies.
const killSignal = syscall.SIGKILL

// filled writes input to f and rewinds it; on an error f is closed.
func filled(f *os.File, input []byte) (*os.File, error) {
	if _, err := f.Write(input); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, 0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
