package outcome

import (
	"time"
)

// Progress is a snapshot of a running hunt.
type Progress struct {
	Cases int64
	// Total is the cases the hunt (its shard) runs in all, when a count bounds it; 0 when
	// only its duration does.
	Total       int64
	Divergences int64
	Findings    int // distinct signatures so far, confirmed or being confirmed
	Elapsed     time.Duration
	Duration    time.Duration
	// Finishing says the hunting is over and a finding goes through its finishing stages:
	// Stage names the one under way ("minimizing", "testing causes", …), Taken and Bytes
	// how it goes: the smaller cases taken so far, and the size of the case worked on.
	Finishing    bool
	Stage        string
	Taken, Bytes int
}

// Summary is the outcome of a hunt.
type Summary struct {
	Game        string `json:"game"`
	Seed        int64  `json:"seed"`
	Shard       string `json:"shard,omitempty"` // "i/n"
	Cases       int64  `json:"cases"`
	Divergences int    `json:"divergences"`
	// Digest is a hash of every case input run, whatever their order: the XOR of shards'
	// digests is the digest of the unsharded hunt.
	Digest         string  `json:"cases_digest"`
	Seconds        float64 `json:"seconds"`
	HuntSeconds    float64 `json:"hunt_seconds"`     // generating and comparing
	ConfirmSeconds float64 `json:"confirm_seconds"`  // rerunning what was found after the hunting ended
	MinimizeSecs   float64 `json:"minimize_seconds"` // minimizing the findings
	CasesPerSec    float64 `json:"cases_per_sec"`
	Interrupted    bool    `json:"interrupted"`
	// Sandbox says how the programs under test were contained (sandbox.Describe, as the
	// workers found it).
	Sandbox    string       `json:"sandbox,omitempty"`
	Findings   []Finding    `json:"findings"`
	Unreported []Unreported `json:"unreported_cases"`
	// Dismissed lists the divergences seen once that their reruns did not confirm: never
	// findings.
	Dismissed []Dismissed `json:"dismissed"`
	// Rerun counts the runs made again because a run was disturbed from outside (a worker
	// killed or stopped, a starved run): those say nothing of the code.
	Rerun int `json:"rerun_runs"`
	// Oracle says which judge gave the expected answers: "ref", or, in a program's hunt,
	// "fast, ref on 1 case in 64 and on every divergence".
	Oracle string `json:"oracle"`
	// CPU tells where the hunt's CPU time went.
	CPU CPUUse `json:"cpu"`
	// Skipped counts, for each ruling the hunt leaves out (-skip-rule), the games,
	// datasets or boards its generators changed or drew again to leave it out
	// (engine.Skipper).
	Skipped map[string]int64 `json:"skipped,omitempty"`
	// Replayed tells how the cases saved before did, run before the hunt: a fixed bug is
	// shown to stay fixed (nil when none was replayed).
	Replayed *Replayed `json:"replayed,omitempty"`
	// Coverage is what the cases reached of the game's catalogue of situations, nil for a
	// game without one.
	Coverage *Coverage `json:"coverage,omitempty"`
}

// Replayed is the replay of saved cases that comes before a hunt, as go test -fuzz runs
// testdata/fuzz first: how many, from where, those that still fail, those that fail in a
// ruling the hunt leaves out (-skip-rule), which do not fail it, and those whose saved
// answer ref does not give, which are no failure of the code under test.
type Replayed struct {
	From         string          `json:"from"`
	Cases        int             `json:"cases"`
	StillFailing []Judgement     `json:"still_failing"`
	Skipped      []SkippedReplay `json:"skipped,omitempty"`
	Damaged      []DamagedCase   `json:"damaged,omitempty"`
}

// DamagedCase is a saved case whose answer ref does not reproduce: it was changed after
// it was saved (a hand edit, a truncated file), or ref was since, so that the code under
// test is not judged by it.
type DamagedCase struct {
	Test string `json:"test"`
	Ref  string `json:"ref"` // where ref's answer first differs from the saved one, and how
}

// SkippedReplay is a saved case that still fails, but reaches a ruling the hunt leaves
// out: the program reads that ruling its own way, as the user said.
type SkippedReplay struct {
	Test   string `json:"test"`
	Ruling string `json:"ruling"`
}

// Unreported is a divergent case seen but not reported: its signature repeats a finding's,
// or it came past the findings asked (engine.HuntConfig.MaxFindings). hunt -case
// regenerates it, unless it is Packed: several generated cases in one input
// (Finding.Packed), which -case does not rebuild, and whose divergence (a time-out of the
// whole input) one of them alone need not show.
type Unreported struct {
	Index     int64  `json:"index"`
	Signature string `json:"signature"`
	Packed    bool   `json:"packed,omitempty"`
}

// Dismissed is a divergence that was not confirmed: it did not show again on its reruns
// (Shown of Runs), or its runs were disturbed every time, or the hunt was interrupted
// before it was settled. Its input is kept outside the corpus (Path).
type Dismissed struct {
	Index     int64  `json:"index"`
	Signature string `json:"signature"`
	Why       string `json:"why"`
	Shown     int    `json:"shown"`
	Runs      int    `json:"runs"`
	Path      string `json:"path,omitempty"`
}

// CPUUse tells where a hunt's CPU time went, from the run records (each run's CPU time, a
// program's over its whole process tree) and the processes' own usage: how much of it the
// code under test got, which is what bounds a hunt of a program.
type CPUUse struct {
	Program float64 `json:"program_seconds"` // the program under test, over its process trees
	Fast    float64 `json:"fast_seconds"`    // the fast judge in the workers (the code under test, or a program's oracle)
	Ref     float64 `json:"ref_seconds"`     // the reference in the workers
	// Workers is the rest of the workers' own time: reading requests, starting, watching
	// and ending programs, comparing answers, sending responses.
	Workers float64 `json:"workers_other_seconds"`
	// Lanes is the hunt's lanes generating cases: drawing, encoding and packing them.
	Lanes float64 `json:"lanes_seconds"`
	// Hunt is the rest of the hunt's own process: the coordinator, the lanes' requests and
	// what they do with the responses (splitting packed answers, naming divergences),
	// minimizing, the garbage collector.
	Hunt float64 `json:"hunt_other_seconds"`
	// CodeShare is the share of the total that went to the code under test: the program,
	// or fast in a hunt of ref against fast.
	CodeShare float64 `json:"code_share"`
	// ProgramRuns counts the program's runs (packed inputs hold many cases): what a run
	// costs the workers is Workers over it.
	ProgramRuns int64 `json:"program_runs,omitempty"`
}

// Coverage is what a hunt's cases reached of its game's catalogue of situations
// (engine.Cataloguer): the rulebook's branches, the limits' boundaries, the input forms.
type Coverage struct {
	Situations int `json:"situations"`
	Reached    int `json:"reached"`
	// Never lists the ids of the situations no case reached, in the catalogue's order.
	Never []string `json:"never_reached"`
	// Steered counts the cases aimed at situations not reached yet; Opening the hunt's
	// opening cases (the statement's limits) that it ran.
	Steered int64 `json:"steered_cases"`
	Opening int   `json:"opening_cases"`
}
