package outcome

import "fmt"

// Finding is one distinct divergence, confirmed, minimized and saved.
type Finding struct {
	Index   int64   `json:"index"` // case index: hunt -seed Seed -case Index regenerates it
	Verdict Verdict `json:"verdict"`
	// Signature names the divergence in words; Identity is what tells it from others (a
	// finding is the one of its identity).
	Signature string   `json:"signature"`
	Identity  Identity `json:"identity"`
	// Causes are the rulings the divergence needs (engine's cause.go): a program that
	// reads one of them differently is hunted for everything else with it skipped. Reached
	// lists the other rulings whose situation the case reaches: where the bug was met, not
	// why.
	Causes  []Cause  `json:"causes,omitempty"`
	Reached []string `json:"reached,omitempty"`
	// CausesUntested says why no ruling Reached lists was tested as a cause, when the hunt
	// was asked to test none (HuntConfig.CauseRuns).
	CausesUntested string `json:"causes_untested,omitempty"`
	// Path is the saved NAME.in: the smallest case confirmed, minimized when the
	// minimization went as far as it could; Also lists the case as found when the
	// minimization was cut short (an interrupt, the budget), kept whole beside it. A flaky
	// finding is kept outside the corpus.
	Path string   `json:"path,omitempty"`
	Also []string `json:"also_saved,omitempty"`
	// Unsaved says why the case could be written nowhere, neither to the found folder nor
	// to a temporary one (Path is then empty): the report prints it whole, and -json
	// carries it whole, in UnsavedInput, or, when it is not UTF-8, in UnsavedBase64.
	Unsaved       string `json:"unsaved,omitempty"`
	UnsavedInput  string `json:"input,omitempty"`
	UnsavedBase64 []byte `json:"input_base64,omitempty"`
	// Shown of Runs is how often the divergence showed on the runs of its case: every
	// time for a finding, Shown < Runs for a flaky one.
	Shown int `json:"shown"`
	Runs  int `json:"runs"`
	// Origin names where the case comes from when it is not a generated case of the hunt
	// (the game's sample, which a program failed before the hunt): Index is then 0.
	Origin string `json:"origin,omitempty"`
	// Packed says the case as found was several generated cases packed into one input (or
	// one with those before it): hunt -case does not rebuild it; its saved file does.
	Packed bool `json:"packed,omitempty"`
	// FoundAfter is the time from the hunt's start to the case's divergence.
	FoundAfter float64       `json:"found_after_seconds"`
	InputBytes int           `json:"input_bytes"`    // of the minimized case
	Original   int           `json:"original_bytes"` // of the case as generated
	Minimize   MinimizeStats `json:"minimize"`
	// Scaled is the scale a time-out's case was narrowed to before it was minimized (1: not
	// narrowed), and Growth how the time of the code under test grows along each of its
	// dimensions, beside fast's (ref's, when fast is the code under test).
	Scaled     float64     `json:"scaled,omitempty"`
	Growth     []Growth    `json:"growth,omitempty"`
	Note       string      `json:"note,omitempty"`
	Input      []byte      `json:"-"` // the minimized input
	Divergence *Divergence `json:"-"` // on the minimized input
}

// MinimizeStats tells how a minimization went.
type MinimizeStats struct {
	Runs     int  `json:"runs"`     // candidates decided by the walk (or probes of a time-out's narrowing)
	Dropped  int  `json:"dropped"`  // runs ahead of the walk stopped when it no longer needed them
	Accepted int  `json:"accepted"` // candidates that kept the signature and became the case
	Invalid  int  `json:"invalid"`  // candidates that kept the signature but the validator rejected (or that reach a ruling the hunt leaves out), never taken
	Complete bool `json:"complete"` // no candidate of the final case keeps the signature
	// Capped says the -minimize-time cap ended it (engine.HuntConfig.MinimizeTime): what
	// it reached then may differ from machine to machine.
	Capped  bool    `json:"capped,omitempty"`
	Seconds float64 `json:"seconds"`
}

// RefFailure is a run of the reference that did not end normally, twice: a bug of the
// oracle, never a finding against the code under test, and never saved to the corpus.
type RefFailure struct {
	Index      int64
	Input      []byte
	Path       string // where the input was kept, outside the corpus
	Divergence *Divergence
}

// Error says what the reference did, on which case, and where its input is.
func (e *RefFailure) Error() string {
	kept := "input kept in " + e.Path
	if e.Path == "" {
		kept = "input kept nowhere: the report prints it whole"
	}
	return fmt.Sprintf("the reference %s on case %d, on its rerun too (%s)", e.Divergence.Want.Status, e.Index, kept)
}

// Identity is what makes two divergences one bug: a hunt keeps one finding of each, a
// confirmation counts the reruns that show the finding's, and a minimization takes only
// the candidates that keep it. It holds no coordinates, counts, dataset or step numbers,
// so that one bug met on two inputs is one identity, whatever words name it there. Each
// field is a term compared whole, never words read back.
type Identity struct {
	Verdict Verdict `json:"verdict"`
	// Oracle marks a mistake of the hunt's oracle (fast, against ref) met in a program's
	// hunt, apart from the program's own.
	Oracle bool `json:"oracle,omitempty"`
	// In is the solver whose run did not end normally, for a failure of that kind.
	In Solver `json:"in,omitempty"`
	// Step is where the answers part: the kind of step, in the game's own terms, when the
	// game tells bugs apart by it ("left click"); else what the engine tells alone:
	// "exit status", "input error", "format", "output".
	Step string `json:"step,omitempty"`
	// Want and Got are the forms of the two answers where they part, as the game tells
	// them apart (`"finish"`, "nothing"), or their exit statuses.
	Want string `json:"want,omitempty"`
	Got  string `json:"got,omitempty"`
	// Detail is what else tells the bug apart: the game's ("got misses cells"), a format
	// slip's kind, the first line of a crash's stderr with its numbers left out.
	Detail string `json:"detail,omitempty"`
	// Changing marks a failure that changes from run to run of one case (a program that
	// answers a random word): wrong every time, in other words each time. Its other
	// fields but Verdict and Oracle are empty, so that the one bug met on many cases, in
	// other words on each, is one identity, whatever its answers.
	Changing bool `json:"changing,omitempty"`
}

// Cause is a ruling named as a cause of a finding, with why in one line.
type Cause struct {
	Ruling string `json:"ruling"`
	Why    string `json:"why"`
}
