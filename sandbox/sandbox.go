package sandbox

import (
	"os"
	"strings"
)

// Describe says how programs are contained on this machine, for a hunt's summary and
// docs/sandbox.md's guarantees: "a pid namespace per worker, cgroup v2 (cpu.stat,
// cgroup.freeze, memory.peak)", "cgroup v2 (cpu.stat, cgroup.freeze), cgroup v1 memory", or
// the fallback "process group, child subreaper, usage summed from /proc". The namespace is
// said by a worker, which is in one.
func Describe() string { return sandboxOf().describe() }

// Release removes this process's cgroups as it exits: a process killed with SIGKILL cannot,
// and the next process that sets up a sandbox sweeps what it left.
func Release() { sandboxOf().release() }

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
