package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/crc64"
	"hash/maphash"
	"iter"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// HuntConfig says what to hunt with. Only Game is required.
type HuntConfig struct {
	Game Game
	// Program, when set, is the program under test (its argv), in fast's place: each case
	// goes to its stdin. Empty: the game's Fast judge.
	Program []string
	// Unpacked runs a program on one generated case per input even when the game could
	// pack several into one (Batcher): for programs that read one game only, and to
	// measure what packing gains.
	Unpacked bool
	Equal    Equal // nil: Exact
	Workers  int   // worker processes; 0: GOMAXPROCS
	Seed     int64 // every case derives from it and its index alone
	// Start and Cases bound the case indices: Start, Start+1, …, Start+Cases-1 (Cases 0:
	// no bound). Shard i of Shards runs those ≡ i-1 (mod Shards) only, so that Shards
	// hunts with the same flags run exactly the cases of one.
	Start, Cases  int64
	Shard, Shards int
	Duration      time.Duration // no new case starts after it; 0: no limit
	// Limits bound each run of the code under test (Time 0: the game's time limit);
	// RefLimits the reference's, which is never the culprit of a finding (Time 0: ten
	// times the game's, at least 10 s).
	Limits, RefLimits Limits
	// MaxFindings is how many divergences of distinct signatures to collect (0 means 1):
	// the hunt reports, for each, its case of lowest index, whatever the number of
	// workers, and lists the other divergent cases it saw.
	MaxFindings  int
	MinimizeTime time.Duration // budget per finding; 0: 30 s, negative: no minimization
	FoundDir     string        // where findings are saved; empty: not saved
	// Progress is called about four times a second while cases run, Found with each new
	// distinct divergence before anything is written for it, and Note with other lines
	// worth telling. All three are called from one goroutine, the hunt's.
	Progress func(Progress)
	Found    func(Finding)
	Note     func(string)
}

// Progress is a snapshot of a running hunt.
type Progress struct {
	Cases       int64
	Divergences int64
	Findings    int // distinct signatures so far
	Elapsed     time.Duration
	Duration    time.Duration
	Minimizing  bool // the hunt is minimizing its findings
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
	Digest       string       `json:"cases_digest"`
	Seconds      float64      `json:"seconds"`
	HuntSeconds  float64      `json:"hunt_seconds"`     // generating and comparing
	MinimizeSecs float64      `json:"minimize_seconds"` // minimizing the findings
	CasesPerSec  float64      `json:"cases_per_sec"`
	Interrupted  bool         `json:"interrupted"`
	Findings     []Finding    `json:"findings"`
	Unreported   []Unreported `json:"unreported_cases"`
}

// Unreported is a divergent case seen but not reported: its signature repeats a finding's,
// or it came past MaxFindings. hunt -case regenerates it.
type Unreported struct {
	Index     int64  `json:"index"`
	Signature string `json:"signature"`
}

// Finding is one distinct divergence, minimized and saved.
type Finding struct {
	Index     int64    `json:"index"` // case index: hunt -seed Seed -case Index regenerates it
	Verdict   string   `json:"verdict"`
	Signature string   `json:"signature"`
	Rulings   []string `json:"rulings,omitempty"` // rulings whose situation the minimized case reaches
	Path      string   `json:"path,omitempty"`    // the saved NAME.in
	// FoundAfter is the time from the hunt's start to the case's divergence.
	FoundAfter float64       `json:"found_after_seconds"`
	InputBytes int           `json:"input_bytes"`    // of the minimized case
	Original   int           `json:"original_bytes"` // of the case as generated
	Minimize   MinimizeStats `json:"minimize"`
	Note       string        `json:"note,omitempty"`
	Input      []byte        `json:"-"` // the minimized input
	Divergence *Divergence   `json:"-"` // on the minimized input
}

// MinimizeStats tells how a minimization went.
type MinimizeStats struct {
	Runs     int     `json:"runs"`     // candidates run
	Dropped  int     `json:"dropped"`  // runs stopped when the walk no longer needed them
	Accepted int     `json:"accepted"` // candidates that kept the signature and became the case
	Invalid  int     `json:"invalid"`  // candidates that kept the signature but the validator rejected, never taken
	Complete bool    `json:"complete"` // no candidate of the final case keeps the signature
	Seconds  float64 `json:"seconds"`
}

// RefFailure is a run of the reference that did not end normally: a bug of the oracle,
// never a finding against the code under test, and never saved to the corpus.
type RefFailure struct {
	Index      int64
	Input      []byte
	Path       string // where the input was kept, outside the corpus
	Divergence *Divergence
}

func (e *RefFailure) Error() string {
	return fmt.Sprintf("the reference %s on case %d (input kept in %s)", e.Divergence.Want.Status, e.Index, e.Path)
}

// CaseSeed is the seed of case index of a hunt seeded with seed (and of test index of a
// test set): a SplitMix64 step, so that neighbouring indices get unrelated streams.
func CaseSeed(seed, index int64) uint64 {
	z := uint64(seed) + uint64(index+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// pending is a divergent case as found, before minimization.
type pending struct {
	index int64
	c     Case
	input []byte
	d     *Divergence
	sig   string
	after time.Duration // since the hunt's start
	path  string        // where it was saved when found
}

// hunt is what the lanes share: read-only once the hunt starts.
type hunt struct {
	cfg       HuntConfig
	game      Game
	explain   Explainer // nil when the game cannot name divergences
	batch     Batcher   // nil unless a program is hunted and the game packs cases
	compare   string    // how workers compare ("exact", "tokens"); "": the coordinator does
	validate  func(input []byte) error
	exe       string
	limits    Limits
	refLimits Limits
	start     time.Time
}

// Hunt generates cases from cfg.Seed, runs the reference and the code under test on each
// in worker processes and compares them. Divergences of distinct signatures are saved the
// moment they are found, then minimized; ctx's cancellation stops the hunt but keeps what
// it found. The error is the harness's own failure or the reference's (*RefFailure), never
// the code under test's.
func Hunt(ctx context.Context, cfg HuntConfig) (Summary, error) {
	h, err := newHunt(cfg)
	sum := Summary{Seed: cfg.Seed, Findings: []Finding{}, Unreported: []Unreported{}}
	if cfg.Game != nil {
		sum.Game = cfg.Game.Name()
	}
	if cfg.Shards > 1 {
		sum.Shard = fmt.Sprintf("%d/%d", cfg.Shard, cfg.Shards)
	}
	if err != nil {
		return sum, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan job)
	results := make(chan jobResult, workers)
	laneCtx, stopLanes := context.WithCancel(ctx)
	lanesDone := make(chan struct{})
	go func() {
		defer close(lanesDone)
		done := make(chan struct{}, workers)
		for i := 0; i < workers; i++ {
			go func() {
				l := &lane{h: h}
				l.loop(laneCtx, jobs, results)
				done <- struct{}{}
			}()
		}
		for i := 0; i < workers; i++ {
			<-done
		}
	}()
	defer func() {
		close(jobs)
		stopLanes()
		<-lanesDone
	}()

	c := &coordinator{h: h, sum: &sum, jobs: jobs, results: results, workers: workers}
	err = c.hunt(ctx)
	sum.HuntSeconds = time.Since(h.start).Seconds()
	if sum.HuntSeconds > 0 {
		sum.CasesPerSec = float64(sum.Cases) / sum.HuntSeconds
	}
	sum.Digest = strconv.FormatUint(c.digest, 16)
	if err == nil {
		minStart := time.Now()
		err = c.finish(ctx)
		sum.MinimizeSecs = time.Since(minStart).Seconds()
	}
	sum.Seconds = time.Since(h.start).Seconds()
	sum.Interrupted = ctx.Err() != nil
	slices.SortFunc(sum.Unreported, func(a, b Unreported) int { return cmp.Compare(a.Index, b.Index) })
	return sum, err
}

func newHunt(cfg HuntConfig) (*hunt, error) {
	if cfg.Game == nil {
		return nil, errors.New("hunt: no game")
	}
	if cfg.Shards > 1 && (cfg.Shard < 1 || cfg.Shard > cfg.Shards) {
		return nil, fmt.Errorf("hunt: shard %d of %d", cfg.Shard, cfg.Shards)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("hunt: finding its own binary to start workers: %w", err)
	}
	h := &hunt{cfg: cfg, game: cfg.Game, exe: exe, limits: cfg.Limits, refLimits: cfg.RefLimits, start: time.Now()}
	if h.cfg.Equal == nil {
		h.cfg.Equal = Exact
	}
	h.explain, _ = cfg.Game.(Explainer)
	// A game that can check an input without building its case (Validate) checks each
	// minimization candidate that way.
	if v, ok := cfg.Game.(interface{ Validate([]byte) error }); ok {
		h.validate = v.Validate
	} else {
		h.validate = func(input []byte) error { _, err := cfg.Game.Decode(input); return err }
	}
	h.compare = comparisonName(h.cfg.Equal)
	if len(cfg.Program) > 0 && !cfg.Unpacked {
		h.batch, _ = cfg.Game.(Batcher)
	}
	if h.limits.Time <= 0 {
		h.limits.Time = cfg.Game.TimeLimit()
	}
	if h.refLimits.Time <= 0 {
		h.refLimits.Time = max(10*cfg.Game.TimeLimit(), 10*time.Second)
	}
	if h.refLimits.Memory <= 0 {
		h.refLimits.Memory = 4 << 30
	}
	if h.refLimits.Output <= 0 {
		h.refLimits.Output = 1 << 30
	}
	return h, nil
}

// generate makes case index. A panic of the generator is the harness's bug: an error.
func (h *hunt) generate(index int64) (c Case, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the generator of %s panicked on case %d of seed %d: %v", h.game.Name(), index, h.cfg.Seed, v)
		}
	}()
	if h.batch != nil {
		return h.batch.Unit(CaseSeed(h.cfg.Seed, index)), nil
	}
	return h.game.Generate(CaseSeed(h.cfg.Seed, index)), nil
}

// signature is d's signature on input, in the game's terms when it can say.
func (h *hunt) signature(input []byte, d *Divergence) string {
	var classify func(want, got []byte) string
	if h.explain != nil {
		classify = func(want, got []byte) (s string) {
			defer func() {
				if recover() != nil {
					s = "" // a classifier that cannot read this answer: fall back
				}
			}()
			return h.explain.Classify(input, want, got)
		}
	}
	return d.signature(classify)
}

// index is the k-th case index of this hunt's shard.
func (h *hunt) index(k int64) int64 {
	if h.cfg.Shards > 1 {
		return h.cfg.Start + int64(h.cfg.Shard-1) + k*int64(h.cfg.Shards)
	}
	return h.cfg.Start + k
}

// end is the first case index past the hunt.
func (h *hunt) end() int64 {
	if h.cfg.Cases > 0 {
		return h.cfg.Start + h.cfg.Cases
	}
	return math.MaxInt64
}

// job is work for a lane: a block of case indices to hunt, or one input to compare.
type job struct {
	id      int
	indices []int64
	input   []byte
	gotOnly bool // run the code under test only: the reference would exit 0 (see minimize)
	// A program run alone is run from its lane, not by the worker: the worker's hop (the
	// input gob-encoded both ways, another process woken per run) costs as much as a
	// small program. Not for a program that floods its output: what it prints, up to the
	// output limit, would be held by the hunt's own process, once per lane.
	direct bool
	// keep is the signature a minimization keeps: an input that shows it is checked with
	// the validator, and is no outcome if invalid. Only those are checked: a candidate
	// that does not keep the signature is not taken, valid or not, and most do not.
	keep string
	drop chan struct{} // closed when the outcome is no longer needed: the run may stop
}

// jobResult is a lane's answer to a job.
type jobResult struct {
	id      int
	ran     int64
	digest  uint64
	found   []pending   // divergent cases; one whose reference failed ends the hunt
	d       *Divergence // of a job's input
	sig     string
	invalid bool // the job's input kept the signature, but the validator rejected it
	dropped bool // the job was dropped before its run ended: no outcome
	err     error
}

// coordinator owns the hunt's state: one goroutine, the one that called Hunt, reads the
// lanes' results and updates counters, findings and the progress line, so nothing is
// shared (the shape of golang.org/x/tools/cmd/stress).
type coordinator struct {
	h       *hunt
	sum     *Summary
	jobs    chan<- job
	results <-chan jobResult
	workers int

	digest uint64
	bySig  map[string]*pending
	limit  int64 // no case index at or past it is started
	busy   int   // jobs handed to the lanes and not answered yet
	lastID int   // the id of the last job handed out
}

// blockSize is how many cases a lane takes at a time: enough to make the hand-off cheap,
// few enough that a hunt stops soon after its duration.
const blockSize = 8

// batchBlockSize is the same for packed inputs: enough cases to fill a few inputs.
const batchBlockSize = 64

func (c *coordinator) hunt(ctx context.Context) error {
	h := c.h
	c.bySig = map[string]*pending{}
	c.limit = h.end()
	size := blockSize
	if h.batch != nil {
		size = batchBlockSize
	}
	var deadline <-chan time.Time
	if h.cfg.Duration > 0 {
		t := time.NewTimer(h.cfg.Duration)
		defer t.Stop()
		deadline = t.C
	}
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()

	var (
		k       int64 // next position in the shard's sequence
		stopped bool
		next    *job
		failure error
	)
	for {
		if next == nil && !stopped && failure == nil {
			var block []int64
			for len(block) < size {
				i := h.index(k)
				if i >= c.limit || i < h.cfg.Start {
					break
				}
				block = append(block, i)
				k++
			}
			if len(block) == 0 {
				stopped = true
			} else {
				next = &job{indices: block}
			}
		}
		if (stopped || failure != nil) && c.busy == 0 {
			break
		}
		var send chan<- job
		var j job
		if next != nil && !stopped && failure == nil {
			send, j = c.jobs, *next
		}
		select {
		case send <- j:
			c.busy++
			next = nil
		case r := <-c.results:
			c.busy--
			if err := c.take(ctx, r); err != nil && failure == nil {
				failure = err
			}
		case <-tick.C:
			c.progress(false)
		case <-deadline:
			stopped = true
		case <-ctx.Done():
			stopped = true
		}
	}
	c.progress(false)
	return failure
}

// take folds one lane's result into the hunt's state.
func (c *coordinator) take(ctx context.Context, r jobResult) error {
	if r.err != nil {
		if ctx.Err() != nil {
			return nil // interrupted: the block does not count
		}
		return r.err
	}
	c.sum.Cases += r.ran
	c.digest ^= r.digest
	if p := refFailure(r.found); p != nil {
		return c.refFailure(p)
	}
	for i := range r.found {
		c.record(r.found[i])
	}
	return nil
}

// record keeps p if it is the lowest case of its signature and among the MaxFindings
// signatures of lowest index; it is saved the moment it is kept, and what it displaces
// is removed from disk and listed.
func (c *coordinator) record(p pending) {
	h := c.h
	c.sum.Divergences++
	if p.index >= c.limit {
		c.unreported(p)
		return
	}
	if old := c.bySig[p.sig]; old != nil {
		if p.index > old.index {
			c.unreported(p)
			return
		}
		c.unreported(*old)
		c.forget(old)
	}
	kept := p
	c.bySig[p.sig] = &kept
	if h.cfg.Found != nil {
		h.cfg.Found(c.preview(&kept))
	}
	kept.path = c.save(kept.input, kept.d)
	maxFindings := max(h.cfg.MaxFindings, 1)
	if len(c.bySig) < maxFindings {
		return
	}
	lowest := c.sorted()
	if len(lowest) > maxFindings {
		worst := lowest[maxFindings]
		delete(c.bySig, worst.sig)
		c.unreported(*worst)
		c.forget(worst)
	}
	// Every index below the last kept one was handed out already, so once the lanes
	// finish, the kept findings are the lowest divergent indices of their signatures.
	c.limit = min(c.limit, lowest[maxFindings-1].index+1)
}

func (c *coordinator) unreported(p pending) {
	c.sum.Unreported = append(c.sum.Unreported, Unreported{Index: p.index, Signature: p.sig})
}

// forget removes a case that was saved when found and is no longer a finding.
func (c *coordinator) forget(p *pending) {
	if p.path == "" {
		return
	}
	for _, q := range c.bySig {
		if q != p && q.path == p.path {
			return
		}
	}
	if err := removeCase(p.path); err != nil {
		c.note(fmt.Sprintf("could not remove %s: %v", p.path, err))
	}
}

// sorted returns the kept divergences by case index.
func (c *coordinator) sorted() []*pending {
	out := make([]*pending, 0, len(c.bySig))
	for _, p := range c.bySig {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *pending) int { return cmp.Compare(a.index, b.index) })
	return out
}

func (c *coordinator) note(s string) {
	if c.h.cfg.Note != nil {
		c.h.cfg.Note(s)
	}
}

func (c *coordinator) progress(minimizing bool) {
	if c.h.cfg.Progress == nil {
		return
	}
	c.h.cfg.Progress(Progress{Cases: c.sum.Cases, Divergences: int64(c.sum.Divergences), Findings: len(c.bySig),
		Elapsed: time.Since(c.h.start), Duration: c.h.cfg.Duration, Minimizing: minimizing})
}

// preview is the finding of a case as found, before minimization.
func (c *coordinator) preview(p *pending) Finding {
	return Finding{Index: p.index, Verdict: p.d.Verdict(), Signature: p.sig, FoundAfter: p.after.Seconds(),
		Input: p.input, InputBytes: len(p.input), Original: len(p.input), Divergence: p.d, Path: p.path,
		Rulings: c.rulings(p.c)}
}

func (c *coordinator) rulings(cs Case) (ids []string) {
	if c.h.explain == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			ids = nil
		}
	}()
	return c.h.explain.Rulings(cs)
}

// save writes a case and the reference's answer to the found folder; when that fails, to
// a temporary folder, which the note names: a finding is never lost.
func (c *coordinator) save(input []byte, d *Divergence) string {
	dir := c.h.cfg.FoundDir
	if dir == "" {
		return ""
	}
	errText := ""
	if d.Want.Exit == 2 {
		errText = firstLine(d.Want.Stderr)
	}
	path, err := SaveCase(dir, input, d.Want.Stdout, errText)
	if err == nil {
		return path
	}
	tmp, terr := os.MkdirTemp("", "gamediff-found-")
	if terr == nil {
		var err2 error
		if path, err2 = SaveCase(tmp, input, d.Want.Stdout, errText); err2 == nil {
			c.note(fmt.Sprintf("could not save to %s (%v): saved to %s instead", dir, err, path))
			return path
		}
	}
	c.note(fmt.Sprintf("could not save the case anywhere (%v): it is printed above", err))
	return ""
}

// refFailure keeps the input on which the reference failed outside the corpus and
// returns the failure.
func (c *coordinator) refFailure(p *pending) error {
	f := &RefFailure{Index: p.index, Input: p.input, Divergence: p.d}
	if dir, err := os.MkdirTemp("", "gamediff-ref-failure-"); err == nil {
		path := filepath.Join(dir, "input.in")
		if WriteFileAtomic(path, p.input) == nil {
			f.Path = path
		}
	}
	return f
}

// finish minimizes the findings, lowest index first, saves each minimized case in place
// of the case as found, and fills the summary.
func (c *coordinator) finish(ctx context.Context) error {
	h := c.h
	for _, p := range c.sorted() {
		best, stats, note := *p, MinimizeStats{}, ""
		switch {
		case h.cfg.MinimizeTime < 0:
			note = "not minimized (-minimize-time is negative)"
		case ctx.Err() != nil:
			note = "not minimized: interrupted"
		default:
			c.note(fmt.Sprintf("case %d: minimizing (%d bytes)", p.index, len(p.input)))
			best, stats = c.minimize(ctx, *p)
			if stats.Accepted > 0 {
				if path := c.save(best.input, best.d); path != "" {
					if path != p.path {
						c.forget(p)
					}
					best.path = path
				}
			}
			if !stats.Complete {
				note = "minimization stopped early (budget or interrupt): the case may shrink further"
			}
		}
		// The finding is named as it was found; it shows the case it was minimized to.
		f := c.preview(&best)
		f.Verdict, f.Signature, f.Original = p.d.Verdict(), p.sig, len(p.input)
		f.Minimize, f.Note = stats, note
		c.sum.Findings = append(c.sum.Findings, f)
	}
	return nil
}

// minimize shrinks p greedily, as gopter and delta debugging do, keeping its signature.
// The walk is sequential: it takes the first candidate of the current case, in the shrink
// order, that keeps the signature, then starts over from it, so the case reached is the
// one a single worker reaches, whatever the number of workers. The workers speed the walk
// up by running ahead of it (see minimizer): each result is kept, and the walk reads it
// when it gets there. It stops when no candidate of the current case keeps the signature,
// the budget is spent, or ctx is done.
func (c *coordinator) minimize(ctx context.Context, p pending) (cur pending, st MinimizeStats) {
	h := c.h
	budget := h.cfg.MinimizeTime
	if budget == 0 {
		budget = 30 * time.Second
	}
	start := time.Now()
	var m *minimizer
	defer func() { st.Seconds, st.Dropped = time.Since(start).Seconds(), m.dropped }()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	// A verdict other than WA does not depend on the reference's answer, and on a valid
	// input the reference exits 0: candidates run the code under test alone, which for a
	// TLE on a big case is most of the time saved. The case reached is run in full at
	// the end, for its answer.
	m = &minimizer{c: c, game: h.game, sig: p.sig, gotOnly: !strings.HasPrefix(p.sig, "WA"),
		direct:   !strings.HasPrefix(p.sig, "OLE"),
		outcomes: map[candidateKey]outcome{}, keptAt: map[int]bool{}, running: map[int]run{}, inFlight: map[candidateKey]bool{}}
	if m.gotOnly {
		defer func() {
			if st.Accepted > 0 && ctx.Err() == nil {
				if d, sig, ok := m.runFull(cur.input); ok {
					cur.d, cur.sig = d, sig
				}
			}
		}()
	}
	cur = p
	m.start(cur.c, candidateKey{})
	defer m.stopWalks()
	for {
		if ctx.Err() != nil || time.Since(start) > budget {
			return cur, st
		}
		// Advance the walk as far as known outcomes take it.
		for {
			cand, ok := m.w.at(m, m.pos)
			if !ok {
				st.Complete = true
				return cur, st
			}
			o, known := m.outcomes[cand.key]
			if !known {
				break
			}
			if o.err != nil && ctx.Err() == nil {
				c.note(fmt.Sprintf("case %d: minimization stopped: %v", p.index, o.err))
				return cur, st
			}
			if cand.repeat || o.invalid {
				// A repeat was counted at its first; it is never taken, since the walk
				// starts over from its first when that is.
				if o.invalid && !o.counted {
					st.Invalid++
					o.counted = true
					m.outcomes[cand.key] = o
				}
				m.advance()
				continue
			}
			m.keptAt[m.decided] = o.kept
			if o.kept {
				st.Accepted++
				cur = pending{index: p.index, c: cand.c, input: cand.input, d: o.d, sig: m.sig, after: p.after, path: p.path}
				o.d = nil // the case taken holds it now; the outcome keeps its verdict only
				m.outcomes[cand.key] = o
				m.start(cur.c, cand.key)
				continue
			}
			m.decided++
			m.advance()
		}
		m.dropUseless()
		st.Runs += m.fill()
		m.await(tick.C)
	}
}

// candidateKey identifies a candidate by its input: its length and a hash, cheap even for
// a megabyte (maphash), and as good as the input for the hunt's life.
type candidateKey struct {
	n    int
	hash uint64
}

var candidateSeed = maphash.MakeSeed()

// candidate is one shrink candidate, encoded.
type candidate struct {
	c      Case
	input  []byte
	key    candidateKey
	repeat bool // of a candidate before it in its walk, or of one whose outcome is known
}

// outcome is what a candidate's run showed; the divergence is kept only when it keeps
// the signature (the walk takes it then), so that the outcomes of big cases cost little.
type outcome struct {
	invalid bool // it kept the signature, but the validator rejected it
	counted bool // an invalid one, counted once in MinimizeStats.Invalid when the walk met it
	kept    bool
	d       *Divergence
	err     error
}

// minimizer is the state of one minimization: the walk over the current case's
// candidates, the outcomes known, and the runs in flight. When a worker is free it runs
// the candidate the walk waits for, else it runs ahead on the walk's likely path (see
// ahead). While the workers run, the coordinator pulls the walk's next candidates from
// the shrinker (prefetch), so that the walk moves on at once when outcomes come.
type minimizer struct {
	c       *coordinator
	game    Game
	sig     string
	gotOnly bool
	direct  bool // see job.direct

	w        *shrinkWalk                  // the current case's candidates
	pos      int                          // the first candidate whose outcome the walk does not know
	kids     map[candidateKey]*shrinkWalk // the walks of candidates run ahead, one of which the walk may take
	dropped  int
	decided  int          // the candidates of this walk decided, repeats left out
	keptAt   map[int]bool // whether the last candidate decided at each place kept the signature
	outcomes map[candidateKey]outcome
	running  map[int]run // job id → its run
	inFlight map[candidateKey]bool
}

// run is a candidate's job in flight.
type run struct {
	key  candidateKey
	drop chan struct{}
}

// shrinkWalk is the candidates of one case in shrink order, pulled from the game's
// shrinker as they are needed; those behind the walk's position are dropped.
type shrinkWalk struct {
	next   func() (Case, bool)
	stop   func()
	cands  []candidate // candidates first, first+1, … pulled so far
	first  int
	bytes  int // the inputs held in cands
	firsts int // the candidates held that are not repeats
	ended  bool
	seen   map[candidateKey]bool
}

// at returns the walk's candidate i (i ≥ first), pulling it if need be.
func (w *shrinkWalk) at(m *minimizer, i int) (candidate, bool) {
	for w.first+len(w.cands) <= i {
		if w.ended {
			return candidate{}, false
		}
		v, ok := w.next()
		if !ok {
			w.ended = true
			return candidate{}, false
		}
		cand := m.prepare(v)
		if o, known := m.outcomes[cand.key]; known && !o.kept || w.seen[cand.key] {
			// A repeat (a shrinker may repeat itself: every column cut of a blank board
			// is the same board): the walk needs only its outcome, that of the first.
			cand.c, cand.input, cand.repeat = nil, nil, true
		}
		if w.seen == nil {
			w.seen = map[candidateKey]bool{}
		}
		w.seen[cand.key] = true
		w.cands = append(w.cands, cand)
		w.bytes += len(cand.input)
		if !cand.repeat {
			w.firsts++
		}
	}
	return w.cands[i-w.first], true
}

// pulled is the index of the first candidate not pulled yet.
func (w *shrinkWalk) pulled() int { return w.first + len(w.cands) }

// start makes c the case whose candidates the walk goes through. key is c's key as a
// candidate: if its first candidates were run ahead, the walk goes on from them, and
// keeps the walks run ahead from those.
func (m *minimizer) start(c Case, key candidateKey) {
	next, ok := m.kids[key]
	delete(m.kids, key)
	if m.w != nil {
		m.w.stop()
	}
	if !ok {
		next = m.walkOf(c)
	}
	// The walks run ahead that the new walk can reach are kept; the others are stopped.
	kept := map[candidateKey]*shrinkWalk{}
	for reach := []*shrinkWalk{next}; len(reach) > 0; reach = reach[1:] {
		for _, cand := range reach[0].cands {
			if kids, ok := m.kids[cand.key]; ok {
				kept[cand.key] = kids
				delete(m.kids, cand.key)
				reach = append(reach, kids)
			}
		}
	}
	for _, kids := range m.kids {
		kids.stop()
	}
	m.w, m.pos, m.decided, m.kids = next, 0, 0, kept
}

// advance moves the walk past its current candidate, which it no longer needs.
func (m *minimizer) advance() {
	w := m.w
	m.pos++
	for w.first < m.pos && len(w.cands) > 0 {
		w.bytes -= len(w.cands[0].input)
		if !w.cands[0].repeat {
			w.firsts--
		}
		w.cands[0] = candidate{}
		w.cands = w.cands[1:]
		w.first++
	}
}

func (m *minimizer) stopWalks() {
	if m.w != nil {
		m.w.stop()
	}
	for _, k := range m.kids {
		k.stop()
	}
}

// prepare encodes a candidate; the lanes check it with the validator, in parallel, if it
// keeps the signature.
func (m *minimizer) prepare(c Case) candidate {
	input := c.Encode()
	return candidate{c: c, input: input, key: candidateKey{len(input), maphash.Bytes(candidateSeed, input)}}
}

// likelyKept guesses whether the candidate the walk waits for will keep the signature:
// as the last one decided at its place did. A shrinker's order is the same from one
// case to the next (halve the operations, cut the first rows, the next rows, …), and a
// greedy walk takes the same cut, at the same place, many cases in a row.
func (m *minimizer) likelyKept() bool { return m.keptAt[m.decided] }

// fill hands the free workers candidates to run and returns how many it handed out.
func (m *minimizer) fill() int {
	c, runs := m.c, 0
	for c.busy < c.workers {
		cand, ok := m.ahead()
		if !ok {
			break
		}
		c.lastID++
		drop := make(chan struct{})
		m.running[c.lastID] = run{cand.key, drop}
		m.inFlight[cand.key] = true
		c.jobs <- job{id: c.lastID, input: cand.input, gotOnly: m.gotOnly, direct: m.direct, keep: m.sig, drop: drop}
		c.busy++
		runs++
	}
	return runs
}

// How far past the walk the minimizer looks: lookahead candidates per worker whose
// outcome is unknown (repeats and known candidates cost no run), and at most maxAhead
// candidates or aheadBytes of their inputs pulled.
const (
	lookahead  = 8
	maxAhead   = 4096
	aheadBytes = 64 << 20
)

// mayPull reports whether the walk may pull its candidate i ahead of its position.
func (w *shrinkWalk) mayPull(i int) bool {
	return i < w.pulled() || i < w.first+maxAhead && w.bytes < aheadBytes
}

// ahead picks the next candidate to run: the first not run yet on the walk's likely
// path. The path starts at the candidate the walk waits for and goes, from a candidate
// that keeps the signature, into that candidate's own candidates (the walk will go on
// from it), and from one that does not, to the next; where an outcome is not known yet,
// likelyKept guesses it. It passes fewer than lookahead running candidates per worker.
func (m *minimizer) ahead() (candidate, bool) {
	w, i, decided := m.w, m.pos, m.decided
	for running := 0; running < lookahead*m.c.workers && w.mayPull(i); {
		cand, ok := w.at(m, i)
		if !ok {
			return candidate{}, false
		}
		o, known := m.outcomes[cand.key]
		switch {
		case cand.repeat || known && o.invalid:
			i++
			continue
		case !known && !m.inFlight[cand.key]:
			return cand, true
		case !known:
			running++
			o.kept = m.keptAt[decided]
		}
		if o.kept {
			w, i, decided = m.kidsOf(cand), 0, 0
			continue
		}
		i, decided = i+1, decided+1
	}
	return candidate{}, false
}

// kidsOf returns the walk of cand's own candidates, which runs ahead pull from.
func (m *minimizer) kidsOf(cand candidate) *shrinkWalk {
	kids, ok := m.kids[cand.key]
	if !ok {
		kids = m.walkOf(cand.c)
		m.kids[cand.key] = kids
	}
	return kids
}

// walkOf is a new walk over c's candidates, pulled from the game's shrinker.
func (m *minimizer) walkOf(c Case) *shrinkWalk {
	w := &shrinkWalk{}
	w.next, w.stop = iter.Pull(m.game.Shrink(c))
	return w
}

// prefetch pulls the walk's next candidate ahead of need and reports whether it did:
// until the walk holds, from its position on, more first candidates (not repeats) than
// workers. When the candidate it waits for will likely keep the signature, the walk will
// likely start over, and candidates pulled ahead would be lost.
func (m *minimizer) prefetch() bool {
	i := m.w.pulled()
	if m.likelyKept() || !m.w.mayPull(i) || m.w.firsts > m.c.workers {
		return false
	}
	_, ok := m.w.at(m, i)
	return ok
}

// await takes the outcome of the next run to end, prefetching while it waits, and
// keeps the progress line alive.
func (m *minimizer) await(tick <-chan time.Time) {
	for m.prefetch() {
		select {
		case r := <-m.c.results:
			m.take(r)
			return
		default:
		}
	}
	select {
	case r := <-m.c.results:
		m.take(r)
	case <-tick:
		m.c.progress(true)
	}
}

// take keeps the outcome of a run; a run of an earlier minimization, or dropped, has none.
func (m *minimizer) take(r jobResult) {
	m.c.busy--
	ru, ok := m.running[r.id]
	if !ok {
		return
	}
	delete(m.running, r.id)
	delete(m.inFlight, ru.key)
	if r.dropped {
		m.dropped++
		return
	}
	o := outcome{invalid: r.invalid, err: r.err, kept: r.err == nil && r.d != nil && r.sig == m.sig}
	if o.kept {
		o.d = r.d
	}
	m.outcomes[ru.key] = o
}

// dropUseless drops the runs whose candidates the walk has gone past or left: the
// walk will not read their outcomes, and their workers are free sooner.
func (m *minimizer) dropUseless() {
	for id, ru := range m.running {
		if ru.drop != nil && !m.needed(ru.key) {
			close(ru.drop)
			m.running[id] = run{key: ru.key}
		}
	}
}

// needed reports whether the walk may still read the outcome of the candidate key: one
// it holds at or after its position, or one of the candidates run ahead of its head.
func (m *minimizer) needed(key candidateKey) bool {
	for _, cand := range m.w.cands {
		if cand.key == key {
			return true
		}
	}
	for _, kids := range m.kids {
		for _, cand := range kids.cands {
			if cand.key == key {
				return true
			}
		}
	}
	return false
}

// runFull runs input with the reference too, once every other run has answered, and
// returns its divergence.
func (m *minimizer) runFull(input []byte) (*Divergence, string, bool) {
	c := m.c
	for _, ru := range m.running {
		if ru.drop != nil {
			close(ru.drop)
		}
	}
	c.lastID++
	id := c.lastID
	c.jobs <- job{id: id, input: input}
	c.busy++
	var d *Divergence
	var sig string
	for c.busy > 0 {
		r := <-c.results
		c.busy--
		if r.id == id && r.err == nil && r.d != nil {
			d, sig = r.d, r.sig
		}
	}
	return d, sig, d != nil
}

// digestOf hashes one case input for Summary.Digest: a CRC-64, which the same input gives
// in every process, and fast enough to cost a hunt nothing (a megabyte in 0.2 ms).
func digestOf(input []byte) uint64 {
	return crc64.Checksum(input, crcTable)
}

var crcTable = crc64.MakeTable(crc64.ECMA)

// comparisonName is the name a worker knows eq by, or "" when it does not know it: the
// worker then sends both runs back for the coordinator to compare.
func comparisonName(eq Equal) string {
	for name, known := range comparisons {
		if eq == nil && name == "exact" || eq != nil && reflect.ValueOf(eq).Pointer() == reflect.ValueOf(known).Pointer() {
			return name
		}
	}
	return ""
}
