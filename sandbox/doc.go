// Package sandbox runs one program contained, in the manner of a judge's sandbox (ioi's
// isolate, DOMjudge's runguard), so that the program can neither leak out of its run nor
// fool the harness: Command.Run. It also starts and watches the harness's own helper
// processes, the workers that run programs (Child), which a misbehaving program must not
// reach either.
//
// # What a run is guaranteed
//
//   - It inherits nothing: exactly descriptors 0, 1 and 2 (its input is a file, its output
//     two pipes; every other descriptor of this process is made close-on-exec, those it
//     inherited included, as the sandbox is set up and by EnterChild), a session of its own
//     with no controlling terminal, and this process's environment without the harness's
//     markers (GAMEDIFF_*).
//   - Every process it starts is contained and killed with it, normal exit included: run by
//     a worker (Child), in the worker's PID namespace where the machine allows one (the
//     worker is the namespace's init, so that whatever a program leaves, setsid or not, dies
//     with the worker, and nothing outside the namespace is in its sight); in a cgroup of its
//     own; and otherwise in its process group, with this process a child subreaper that
//     sweeps up the orphans.
//   - Its CPU time (user + system) and memory are measured and bounded over its whole
//     process tree while it runs: from its cgroup where there is one, else summed over its
//     processes from /proc. CPU time over Limits.Time is TimedOut; memory over
//     Limits.Memory is MemoryLimit, which the kernel also enforces a little above the limit
//     where a cgroup bounds memory.
//   - Its output is bounded byte by byte in bounded memory: stdout is kept up to
//     Limits.Output, and the first byte past it stops the run (OutputLimit); of stderr its
//     head and its tail are kept, StderrKept bytes in all, and the rest is drained, so that
//     a program that floods either never blocks on a full pipe nor costs memory. The
//     verdict is the bytes': stdout is read to its end before the run's verdict is given,
//     so that a run that wrote past the limit is OutputLimit however it cut its writes and
//     however soon it exited after them.
//   - The wall clock is a backstop (Limits.Wall), never a time limit: a run past it is
//     stopped only when it is idle (it neither computed nor waited for a CPU for most of its
//     wall time: a sleep, a read that never ends, as a judge's idleness limit), or starved
//     of CPU by the machine's load for far longer than the backstop (Limits.Longest). Idle
//     is a verdict on the code; a starved run is Disturbed, and says nothing of it.
//   - A program stopped (SIGSTOP, a job-control stop: its own, or from outside) uses no
//     CPU: its time stopped counts neither to its backstop nor to its idleness, and it is
//     judged on its CPU time once it goes on. Stopped for more than four backstops in all,
//     it is ended as Disturbed, said as stopped. A worker stopped from outside for more
//     than a second is Disturbed.
//
// # Where each holds
//
// Which layers the machine allows is found once per process, and said by Describe.
//
//   - A PID namespace per worker (StartChild) needs cgroup v2 (whose files measure a run
//     without the /proc entries of its processes, which the namespace hides) and
//     CAP_SYS_ADMIN; if the kernel refuses one, workers go without. Inside one, a program's
//     stop is asked of the kernel as its parent's (waitid), its pid not being the one
//     /proc knows.
//   - cgroup v2, where the unified hierarchy has cgroup.kill (Linux 5.14) and cpu.stat: a
//     cgroup per run, its processes killed by freezing it and sending each SIGKILL, its CPU
//     time from cpu.stat, its pressure files telling a starved run from an idle one; its
//     memory from memory.peak, and bounded by memory.max, where v2 has the memory
//     controller.
//   - cgroup v1: the memory controller (memory.max_usage_in_bytes, memory.limit_in_bytes)
//     where v2 has none, as on hybrid mounts; cpuacct where there is no v2 at all.
//   - The portable fallback, with neither namespace nor cgroup v2 (GAMEDIFF_SANDBOX=portable
//     forces it, for tests): the run's process group is killed, this process is a child
//     subreaper that adopts and kills the orphans, and CPU time and memory, where no v1
//     cgroup counts them, are summed over the tree from /proc (with the program's own
//     rusage).
//   - On a unix other than Linux, only the process group: it is killed after every run,
//     nothing is adopted, only Go's own descriptors are close-on-exec, CPU time is not
//     known while the program runs (wall time stands in for it), and its memory is its own
//     rusage peak.
//
// The in-process judges of package engine report their runs with the same Result and
// Status; Panicked and Crashed are theirs alone.
package sandbox
