package report

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gamediff/internal/quote"
	"gamediff/outcome"
	"gamediff/picture"
	"gamediff/sandbox"
)

// failure is what a report says of a run that did not end normally (RE, TLE, MLE, OLE,
// crash): how it ended, where in the game, what it used, and what that suggests. The
// terminal report and the HTML page both tell it from this.
type failure struct {
	what   string // how it ended, one sentence
	where  string // where in the game, as far as its output tells; "" when nothing does
	usage  string // its CPU time and peak memory against the limits; "" when not measured
	hint   string // what the way it ended suggests; "" when it suggests nothing
	stderr string // the part of its stderr shown, each line clipped; "" for none
	stack  string // the part of its stack shown; "" for none
	line   int    // the input line of the step where it stopped; 0 when not known
	lost   bool   // its output is lost with the worker it ran in: nothing tells where it stopped
	// differs: its output parts from the expected one before it stops, so the diff of
	// the two says something.
	differs bool
}

// failed reports whether a finding is a run that did not end normally: any verdict but
// a wrong answer.
func failed(f outcome.Finding) bool {
	d := f.Divergence
	return d != nil && d.Verdict() != outcome.WA
}

// failure tells how the run of a failed finding ended. p is Explain's parting of the
// expected output and the run's output, nil when there is none (the outputs are the same,
// or the run's output is lost).
func (h Hunt) failure(f outcome.Finding, p *picture.Parting) failure {
	d := f.Divergence
	r := culpritOf(d)
	lim := h.Limits
	who := solverName(r.Solver)
	var fl failure
	stderr := r.Stderr
	switch r.Status {
	case sandbox.Exited:
		fl.what = fmt.Sprintf("%s exited with status %d, where ref exits %d", who, r.Exit, d.Want.Exit)
		if key := keyLine(stderr); key != "" {
			fl.what += ": " + strconv.Quote(key)
		}
	case sandbox.Signaled:
		var sig string
		sig, stderr = cutFirstLine(stderr) // "killed by <signal>", the harness's words
		fl.what = fmt.Sprintf("%s was killed by %s", who, signalName(strings.TrimPrefix(sig, "killed by ")))
	case sandbox.Panicked:
		fl.what = fmt.Sprintf("%s panicked: %s", who, cutLine(firstLineOf(stderr), 300))
		stderr = ""
	case sandbox.Crashed:
		fl.what = fmt.Sprintf("%s took down the worker process it runs in: %s", who, cutLine(firstLineOf(stderr), 300))
		stderr = ""
	case sandbox.TimedOut:
		fl.what = fmt.Sprintf("%s was stopped: it used more than its %v of CPU time", who, lim.Time)
		if r.CPU > lim.Time {
			fl.what = fmt.Sprintf("%s was stopped: it used %v of CPU time, over its limit of %v", who, r.CPU.Round(time.Millisecond), lim.Time)
		}
	case sandbox.Idle:
		fl.what = fmt.Sprintf("%s was stopped: it neither computed nor waited for a CPU past the wall-clock limit (it sleeps, or waits for something)", who)
	case sandbox.MemoryLimit:
		fl.what = fmt.Sprintf("%s was stopped: it used more than its %s of memory", who, Size(lim.Memory))
		if r.Memory > lim.Memory {
			used, limit := sizesApart(r.Memory, lim.Memory)
			fl.what = fmt.Sprintf("%s was stopped: it used %s of memory, over its limit of %s", who, used, limit)
		}
	case sandbox.OutputLimit:
		fl.what = fmt.Sprintf("%s was stopped: it wrote more than its %s of output", who, Size(int64(lim.Output)))
	default:
		fl.what = fmt.Sprintf("%s did not end normally", who)
	}
	if r.Solver != outcome.Program && r.Status != sandbox.Exited {
		stderr = "" // an in-process judge's stderr is the harness's words, told above
	} else if r.Status != sandbox.Exited && r.Status != sandbox.Signaled {
		_, stderr = cutFirstLine(stderr) // the harness's line: "used 1.2s of CPU time, limit 1s"
	}
	fl.lost = outputLost(r)
	fl.where, fl.line, fl.differs = whereStopped(r, d.Want.Stdout, p, verbOf(r))
	var used []string
	if r.CPU > 0 {
		used = append(used, fmt.Sprintf("%v of CPU time (limit %v)", r.CPU.Round(time.Millisecond), lim.Time))
	}
	if r.Memory > 0 {
		peak, limit := sizesApart(r.Memory, lim.Memory)
		used = append(used, fmt.Sprintf("%s of memory at its peak (limit %s)", peak, limit))
	}
	if len(used) > 0 {
		fl.usage = strings.Join(used, ", ")
		if r.Solver == outcome.Program {
			fl.usage += ", its whole process tree"
		}
	}
	fl.hint = hintOf(r, h, lim)
	fl.stderr = headTail(strings.TrimRight(runningGoroutine(stderr), "\n"), 14, 8)
	fl.stack = headTail(strings.TrimRight(runningGoroutine(r.Stack), "\n"), 20, 8)
	return fl
}

// sizesApart writes two sizes as sizeText does, or in MiB when that would write
// different sizes alike (1031 MiB and 1024 MiB are both "1 GiB").
func sizesApart(a, b int64) (string, string) {
	if sa, sb := Size(a), Size(b); sa != sb || a == b {
		return sa, sb
	}
	mib := func(n int64) string {
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<20)), ".0") + " MiB"
	}
	return mib(a), mib(b)
}

// solverName is how a report names a run's solver in a sentence.
func solverName(s outcome.Solver) string {
	switch s {
	case outcome.Program:
		return "the program"
	case outcome.Ref:
		return "the reference"
	}
	return s.String()
}

// verbOf is what a run that ended so did: a crash dies, a run over a limit is stopped,
// a run that exits stops.
func verbOf(r outcome.Result) string {
	switch r.Status {
	case sandbox.TimedOut, sandbox.Idle, sandbox.MemoryLimit, sandbox.OutputLimit:
		return "was stopped"
	case sandbox.Exited:
		return "stopped"
	}
	return "died"
}

// whereStopped says where in the game a run stopped, from its output against want (p is
// Explain's parting of the two; nil when they are the same, or when Explain could not
// part them): the input line of that step, and whether the outputs part before it.
func whereStopped(r outcome.Result, want []byte, p *picture.Parting, verb string) (string, int, bool) {
	lost := outputLost(r)
	later := " (later, if it buffers its output)"
	if r.Solver != outcome.Program {
		later = ""
	}
	switch {
	case lost:
		return fmt.Sprintf("where in the game it %s is not known: %s runs inside a worker process, and its output is lost with it", verb, r.Solver), 0, false
	case bytes.Equal(r.Stdout, want):
		return fmt.Sprintf("it wrote the whole expected answer (%s), then %s", Plural(int64(countLines(want)), "line"), verb), 0, false
	case p == nil:
		return "", 0, false
	case len(r.Stdout) == 0:
		return fmt.Sprintf("it wrote no output; the expected answer starts with the answer to %s, so it %s there or later%s", p.Where(), verb, later), p.Line, false
	case bytes.HasPrefix(want, r.Stdout):
		first := "first line"
		if n := countLines(r.Stdout); n > 1 {
			first = fmt.Sprintf("first %d lines", n)
		}
		return fmt.Sprintf("its output matches the expected answer's %s, then stops, in the answer to %s: it %s there or later%s",
			first, p.Where(), verb, later), p.Line, false
	}
	return fmt.Sprintf("its output parts from the expected answer at output line %d, in the answer to %s (the diff below), before it %s",
		p.OutputLine, p.Where(), verb), p.Line, true
}

// outputLost reports whether a run's output is lost: an in-process judge's, when its
// worker died or was killed under it. A program's output is what it wrote to its pipe.
func outputLost(r outcome.Result) bool {
	return r.Solver != outcome.Program && r.Status != sandbox.Exited && r.Status != sandbox.Panicked && r.Status != sandbox.OutputLimit
}

// The signs a hint reads in a run's stderr and stack.
var (
	goStackOverflow = regexp.MustCompile(`goroutine stack exceeds [0-9]+-byte limit|fatal error: stack overflow`)
	goFrame         = regexp.MustCompile(`(?m)^([A-Za-z0-9_./*()\[\]-]+)\(.*\)$`)
)

// hintOf is what the way a run ended suggests, "" when it suggests nothing in particular.
func hintOf(r outcome.Result, h Hunt, lim sandbox.Limits) string {
	text := r.Stderr + "\n" + r.Stack
	sig := ""
	if r.Status == sandbox.Signaled {
		sig = signalName(strings.TrimPrefix(firstLineOf(r.Stderr), "killed by "))
	}
	// A shell, or a wrapper that runs the solution, reports a child killed by signal N as
	// exit status 128+N.
	if r.Status == sandbox.Exited && r.Solver == outcome.Program {
		switch r.Exit {
		case 139:
			sig = "SIGSEGV (exit status 139: 128 + signal 11)"
		case 137:
			sig = "SIGKILL (exit status 137: 128 + signal 9)"
		}
	}
	unlimited := strings.Contains(h.Program, "ulimit -s unlimited")
	switch {
	case goStackOverflow.MatchString(text):
		s := "likely a stack overflow in a deep recursion" + recursion(text)
		if r.Solver != outcome.Program {
			return s + ": a case can make fast recurse deeper than Go's stack allows; make that recursion a loop"
		}
		return s + "; judges that allow deep recursion run a program under `ulimit -s unlimited`, so try " +
			unlimitedCommand(h.Program) + " (a Go program's own limit is debug.SetMaxStack's, 1 GB by default, whatever ulimit says)"
	case strings.HasPrefix(sig, "SIGSEGV") && !unlimited:
		return "a segmentation fault is likely a stack overflow in a deep recursion" + recursion(text) +
			" (or an access out of bounds); judges that allow deep recursion run a program under `ulimit -s unlimited`, so try " +
			unlimitedCommand(h.Program)
	case strings.HasPrefix(sig, "SIGSEGV"):
		return "the stack is already unlimited (ulimit -s unlimited), so likely an access out of bounds"
	case strings.Contains(text, "std::bad_alloc"):
		return "it ran out of memory (std::bad_alloc): likely over the memory limit (MLE)"
	case strings.HasPrefix(sig, "SIGKILL") && r.Memory >= lim.Memory*8/10:
		return fmt.Sprintf("killed with SIGKILL at %s of memory, near the limit of %s: likely over the memory limit (MLE), which the kernel enforces a little above it",
			Size(r.Memory), Size(lim.Memory))
	case strings.HasPrefix(sig, "SIGKILL"):
		return "SIGKILL comes from outside the program: the kernel (out of memory) or a user"
	}
	return ""
}

// unlimitedCommand is -cmd for the program run under an unlimited stack, in place of a
// stack limit of its own.
func unlimitedCommand(program string) string {
	if program == "" {
		program = "./sol"
	}
	program = stackLimit.ReplaceAllString(program, "")
	return "-cmd " + quote.Shell("ulimit -s unlimited && "+program)
}

// stackLimit is a stack limit a -cmd sets itself, before its program.
var stackLimit = regexp.MustCompile(`^ulimit -s [0-9a-z]+ *(&&|;) *`)

// recursion names the function a stack repeats most, when one is repeated enough to read
// as a deep recursion: " (main.fill calls itself: 96 of the 100 frames shown)".
func recursion(stack string) string {
	count := map[string]int{}
	frames, best := 0, ""
	for _, m := range goFrame.FindAllStringSubmatch(stack, -1) {
		frames++
		count[m[1]]++
		if count[m[1]] > count[best] {
			best = m[1]
		}
	}
	if best == "" || count[best] < 10 || count[best]*2 < frames {
		return ""
	}
	return fmt.Sprintf(" (%s calls itself: %d of the %d frames shown)", best, count[best], frames)
}

// signalName names a signal as Go's os/exec describes it ("segmentation fault") the way
// people search for it: "SIGSEGV (segmentation fault)".
func signalName(desc string) string {
	names := map[string]string{
		"segmentation fault": "SIGSEGV", "killed": "SIGKILL", "aborted": "SIGABRT", "bus error": "SIGBUS",
		"floating point exception": "SIGFPE", "illegal instruction": "SIGILL", "terminated": "SIGTERM",
		"interrupt": "SIGINT", "hangup": "SIGHUP", "trace/breakpoint trap": "SIGTRAP", "bad system call": "SIGSYS",
		"user defined signal 1": "SIGUSR1", "user defined signal 2": "SIGUSR2", "broken pipe": "SIGPIPE",
		"CPU time limit exceeded": "SIGXCPU", "file size limit exceeded": "SIGXFSZ", "quit": "SIGQUIT",
	}
	if n, ok := names[desc]; ok {
		return n + " (" + desc + ")"
	}
	return "signal " + desc
}

// keyLine is the line of a run's stderr that says why it failed, when one does: a Go
// panic or fatal error, a C++ terminate, an assertion.
func keyLine(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		l = strings.TrimSpace(l)
		for _, p := range []string{"panic: ", "fatal error: ", "terminate called", "Traceback", "Exception in thread"} {
			if strings.HasPrefix(l, p) {
				return cutLine(l, 200)
			}
		}
		for _, p := range []string{"Assertion", "Segmentation fault", "Aborted", "Killed"} {
			if strings.Contains(l, p) {
				return cutLine(l, 200)
			}
		}
	}
	return ""
}

// cutFirstLine splits s into its first line and the rest.
func cutFirstLine(s string) (first, rest string) {
	first, rest, _ = strings.Cut(s, "\n")
	return first, rest
}

// runningGoroutine is a Go traceback up to the end of the goroutine that was running,
// where the failure is: the others (the collector's, the finalizers') only crowd out
// its frames.
func runningGoroutine(trace string) string {
	i := strings.Index(trace, "[running]:\n")
	if i < 0 || !strings.Contains(trace[:i], "goroutine ") {
		return trace
	}
	end := strings.Index(trace[i:], "\n\n")
	if end < 0 || strings.TrimSpace(trace[i+end:]) == "" {
		return trace
	}
	return trace[:i+end] + "\n… (the other goroutines left out)"
}

// headTail shows text's first head lines and its last tail lines, with a line saying how
// many are left out between them; each line clipped, control bytes escaped.
func headTail(text string, head, tail int) string {
	if strings.TrimSpace(text) == "" {
		return ""
	}
	lines := strings.Split(text, "\n")
	var out []string
	for i, l := range lines {
		if len(lines) > head+tail+1 && i == head {
			out = append(out, fmt.Sprintf("… %d line(s) …", len(lines)-head-tail))
		}
		if len(lines) > head+tail+1 && i >= head && i < len(lines)-tail {
			continue
		}
		out = append(out, printable(cutLine(l, 200)))
	}
	return strings.Join(out, "\n")
}

// cutLine cuts a line at n bytes, not inside a UTF-8 character, saying how much is left.
func cutLine(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && s[i]&0xc0 == 0x80 {
		i--
	}
	return fmt.Sprintf("%s…(%d more bytes)", s[:i], len(s)-i)
}

// printable escapes what a terminal would hide or garble: control bytes but tabs, and
// invalid UTF-8.
func printable(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '\t':
			b.WriteRune(r)
		case r == 0xfffd && strings.HasPrefix(s[i:], "\xef\xbf\xbd"):
			b.WriteRune(r)
		case r == 0xfffd:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < ' ' || r == 0x7f:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
