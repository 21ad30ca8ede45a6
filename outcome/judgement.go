package outcome

import "time"

// Judgement is the outcome of the code under test on one test, confirmed as a hunt's
// findings are (engine's confirm.go): a failure is a verdict only once its reruns show it
// every time, Flaky when they show it on some.
type Judgement struct {
	Test      string        `json:"test"`
	Verdict   Verdict       `json:"verdict"`
	Signature string        `json:"signature,omitempty"`
	Identity  Identity      `json:"identity,omitzero"` // of a failure: what tells it from others (Finding.Identity)
	CPU       time.Duration `json:"cpu_ns"`            // of the first run
	Memory    int64         `json:"memory_bytes"`      // its peak, where measured
	Shown     int           `json:"shown,omitempty"`
	Runs      int           `json:"runs,omitempty"`
	// Note says why a failure seen is no verdict (it did not show again), or that the
	// test could not be run undisturbed (Unjudged).
	Note       string      `json:"note,omitempty"`
	Unjudged   bool        `json:"unjudged,omitempty"`
	Divergence *Divergence `json:"-"` // of a run that failed, for the report
	// Growth is how the time of the code under test grows along each dimension of the
	// test's case, for a TLE explained (engine.Growths); empty otherwise.
	Growth []Growth `json:"growth,omitempty"`
}
