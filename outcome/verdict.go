package outcome

import (
	"fmt"

	"gamediff/sandbox"
)

// Verdict is what a judge says of the code under test on an input where it parts from the
// reference, as judges name it.
type Verdict uint8

// The verdicts. OK, the zero value, is a run that agrees with the reference. Flaky is a
// failure that reproduces only some of the time: it is reported with its rate and never
// saved as a regression case.
const (
	OK    Verdict = iota // it agrees with the reference
	WA                   // a wrong answer: stdout, exit status or the line of an input error
	RE                   // a runtime error: a panic, a non-zero exit, a signal
	TLE                  // over the CPU time limit, or idle past the wall-clock backstop
	MLE                  // over the memory limit
	OLE                  // over the output limit
	Crash                // a judge that took its worker process down
	Flaky                // a failure that reproduced on some runs of the input only
)

var verdictNames = [...]string{OK: "OK", WA: "WA", RE: "RE", TLE: "TLE", MLE: "MLE", OLE: "OLE", Crash: "crash", Flaky: "flaky"}

// String is the verdict's name, as judges and reports write it.
func (v Verdict) String() string {
	if int(v) < len(verdictNames) && verdictNames[v] != "" {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// MarshalText writes the verdict's name, as reports and -json show it.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a verdict's name.
func (v *Verdict) UnmarshalText(b []byte) error {
	for i, name := range verdictNames {
		if name != "" && name == string(b) {
			*v = Verdict(i)
			return nil
		}
	}
	return fmt.Errorf("unknown verdict %q", b)
}

// verdictOf is the verdict of a run that did not end normally, by how it ended.
func verdictOf(s sandbox.Status) Verdict {
	switch s {
	case sandbox.Panicked, sandbox.Signaled:
		return RE
	case sandbox.Crashed:
		return Crash
	case sandbox.TimedOut, sandbox.Idle:
		return TLE
	case sandbox.OutputLimit:
		return OLE
	case sandbox.MemoryLimit:
		return MLE
	}
	return WA
}
