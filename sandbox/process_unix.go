//go:build unix

package sandbox

import (
	"os"
	"os/exec"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// signalGroup sends sig to the process group of pid, a group of its own.
func signalGroup(pid int, sig syscall.Signal) {
	syscall.Kill(-pid, sig)
}

// killGroup kills the process group of pid.
func killGroup(pid int) { signalGroup(pid, syscall.SIGKILL) }

// userSignals are the signals a child ignores when another process sends them (the
// programs it runs could): it is ended by SIGKILL or by its pipes. A fault of its own
// (SIGSEGV, SIGBUS, …) still crashes it, as it would any Go program.
var userSignals = []os.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGUSR1,
	syscall.SIGUSR2, syscall.SIGPIPE, syscall.SIGALRM, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU, syscall.SIGXCPU,
	syscall.SIGXFSZ, syscall.SIGVTALRM, syscall.SIGABRT, syscall.SIGTRAP, syscall.SIGSYS, syscall.SIGILL, syscall.SIGFPE,
	syscall.SIGBUS, syscall.SIGSEGV}

// signalText names a signal as people look it up: "SIGSEGV (segmentation fault)".
func signalText(sig syscall.Signal) string {
	if name := unix.SignalName(sig); name != "" {
		return name + " (" + sig.String() + ")"
	}
	return sig.String()
}

// SelfCPU is the CPU time (user + system) this process has used: a Child tells its parent
// its own with what it sends (Span.CPU), and times the code it runs in itself with it.
func SelfCPU() time.Duration {
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
