package engine

import (
	"os"
	"strings"
	"time"
)

// The sandbox is how a program under test is run so that it can neither leak out of its run
// nor fool the harness, in the manner of a judge's sandbox (ioi's isolate, DOMjudge's
// runguard):
//
//   - It inherits nothing: exactly fds 0, 1 and 2 (every other descriptor of this process is
//     close-on-exec, see closeOnExecAll), a session of its own with no controlling terminal,
//     and an environment without the harness's markers.
//   - Every process it starts is contained and killed with it: in a PID namespace of its own
//     where the machine allows it (the program is its init, so that when it ends the kernel
//     kills everything it left, setsid or not, and its parent is out of its sight), in a
//     cgroup of its own (cgroup.kill), and otherwise in its process group, with this process
//     a child subreaper that sweeps up the orphans.
//   - Its CPU time and memory are measured and bounded over its whole process tree while it
//     runs: from its cgroup (cpu.stat, memory.peak or v1's memory.max_usage_in_bytes) where
//     there is one, else summed over its processes from /proc.
//
// Which of these the machine allows is found once per process (sandboxOf) and said by
// SandboxDescription, which a hunt's summary carries.

// SandboxDescription says how programs under test are contained on this machine, for a
// hunt's summary and docs/sandbox.md's guarantees: "pid namespace, cgroup v2 (cgroup.kill,
// cpu.stat), cgroup v1 memory", or the fallback "process group, child subreaper".
func SandboxDescription() string { return sandboxOf().describe() }

// sandboxEnv, set to "portable", makes a process use only the portable fallback (process
// group, child subreaper, usage summed from /proc), so that tests can check it on a machine
// that has more.
const sandboxEnv = "GAMEDIFF_SANDBOX"

// programEnv is the environment a program under test gets: this process's, without the
// harness's own variables, so that a program cannot take itself for a worker.
func programEnv() []string {
	env := os.Environ()
	kept := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, "GAMEDIFF_") {
			kept = append(kept, kv)
		}
	}
	return kept
}

// idleShare is the part of a run's wall time past its backstop that must have gone neither
// to computing nor to waiting for a CPU for the run to count as idle (waiting on a sleep or
// on input): a program starved by a loaded machine is not idle, and is let run on.
const idleShare = 0.5

// starvedFactor bounds how long a starved run is let run on past its wall-clock backstop:
// past starvedFactor times the backstop it is stopped, inconclusively. A run still starved
// runs on for its verdict, since an unconfirmed one is not reported: beside two CPU
// burners and four other hunts a time-out's reruns got 4 % of a CPU, 1.98 s of CPU in
// ten times the backstop (50 s) against a 2 s limit, and the time-out went unreported.
const starvedFactor = 30

// backstopVerdict decides what a run past its wall-clock backstop is: idle (it sleeps or
// waits: a judge's idleness limit), stopped from outside or starved by the machine for too
// long (inconclusive: the run says nothing of the code), or starved but still within
// starvedFactor times the backstop (go on: ok false).
func backstopVerdict(lim Limits, wall, cpu, waited time.Duration, stopped bool) (Status, string, bool) {
	switch {
	case stopped:
		return Disturbed, "stopped from outside (SIGSTOP or a job-control stop) past the wall-clock backstop", true
	case float64(wall-cpu-waited) > idleShare*float64(wall):
		return Idle, "no answer after " + lim.Wall.String() + " of wall time, having used " + cpu.Round(time.Millisecond).String() +
			" of CPU: it waits (a sleep, a read) rather than computes", true
	case wall > starvedFactor*lim.Wall:
		return Disturbed, "starved of CPU by the machine's load for " + wall.Round(time.Second).String() + " (" +
			cpu.Round(time.Millisecond).String() + " of CPU)", true
	}
	return Exited, "", false
}
