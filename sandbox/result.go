package sandbox

import "time"

// Status is how a run ended.
type Status int

// The ways a run can end. Anything but Exited is a finding in itself, once confirmed, but
// Disturbed, which says nothing of the code. Panicked and Crashed are the engine's in-process
// judges' (a judge in the hunt's process or in a worker); a Command never ends so.
const (
	Exited      Status = iota // the run finished; see Result.Exit
	Panicked                  // an in-process judge panicked (recovered, with its stack)
	Crashed                   // a worker died under a judge: a fatal runtime error, os.Exit, …
	Signaled                  // a program was killed by a signal (a segfault, an abort)
	TimedOut                  // it used more than its CPU time limit
	OutputLimit               // it wrote more than its output limit
	MemoryLimit               // it used more than its memory limit
	// Idle: no answer past the wall-clock backstop while it neither computed nor waited
	// for a CPU: it sleeps or waits on something (a judge's idleness limit).
	Idle
	// Disturbed: the run tells nothing of the code under test: its worker was killed
	// or stopped from outside, or the machine starved it of CPU far past its backstop. The
	// case is run again; it is never a finding.
	Disturbed
)

var statusNames = [...]string{"exited", "panicked", "crashed", "was killed by a signal", "timed out", "exceeded the output limit",
	"exceeded the memory limit", "was idle past the wall-clock limit", "was stopped from outside"}

// String says how a run ended as a sentence's verb: "timed out", "was killed by a signal".
func (s Status) String() string { return statusNames[s] }

// Result is what one run produced: how it ended, what it wrote, and what it used.
type Result struct {
	Status Status        `json:"-"`
	Exit   int           `json:"exit"`             // the exit status when Status is Exited
	Stderr string        `json:"stderr,omitempty"` // why it was stopped, and a bounded piece of its stderr (StderrKept)
	Stdout []byte        `json:"-"`                // up to the output limit
	CPU    time.Duration `json:"cpu_ns"`           // user + system time of its whole process tree, as judges measure it
	Memory int64         `json:"memory_bytes"`     // the peak memory of its whole process tree, where measured
	Wall   time.Duration `json:"wall_ns"`
}

// Limits bound one run. Zero fields take the defaults (WithDefaults).
type Limits struct {
	// Time is the CPU time (user + system) allowed, as judges measure it: a loaded machine
	// does not turn a fast run into a TLE. The engine's in-process runs measure wall time.
	Time time.Duration
	// Wall is the wall-clock backstop, for a run that sleeps or waits: default 2×Time+1s.
	Wall   time.Duration
	Output int   // bytes of stdout
	Memory int64 // bytes of resident memory
}

// Default limits.
const (
	defaultTime   = 10 * time.Second
	defaultOutput = 64 << 20
	defaultMemory = 1 << 30
)

// WithDefaults fills the zero fields: 10 s of CPU time, a wall-clock backstop of twice the
// time and a second, 64 MiB of output, 1 GiB of memory.
func (l Limits) WithDefaults() Limits {
	if l.Time <= 0 {
		l.Time = defaultTime
	}
	if l.Wall <= 0 {
		l.Wall = 2*l.Time + time.Second
	}
	if l.Output <= 0 {
		l.Output = defaultOutput
	}
	if l.Memory <= 0 {
		l.Memory = defaultMemory
	}
	return l
}

// Longest is the most wall time a run under l takes before its watchdog stops it: a run
// starved by the machine's load is let run on past its backstop until then, for its
// verdict, and stopped there as Disturbed.
func (l Limits) Longest() time.Duration { return starvedFactor * l.WithDefaults().Wall }
