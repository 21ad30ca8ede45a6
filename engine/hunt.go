package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/crc64"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"gamediff/coverage"
	"gamediff/outcome"
	"gamediff/sandbox"
)

// HuntConfig says what to hunt with. Only Game is required.
type HuntConfig struct {
	Game Game
	// Program, when set, is the program under test (its argv), in fast's place: each case
	// goes to its stdin. Empty: the game's Fast judge.
	Program []string
	// Suspects are rulings the code under test is known to read differently (it fails
	// their hand-made cases). A finding whose possible causes include some names those
	// alone: a ruling the program is not known to misread, reached beside one it is, is
	// where the bug was found, not why.
	Suspects []string
	// Unpacked runs a program on one generated case per input even when the game could
	// pack several into one (Batcher): for programs that read one game only, and to
	// measure what packing gains.
	Unpacked bool
	// AgainstRef compares a program with the reference on every case. By default a
	// program is compared with the game's fast judge, which the project checks against ref
	// byte for byte at scale and which costs a fraction of ref's time, and with ref on one
	// case in refEvery; every divergence is confirmed against ref before it is reported.
	AgainstRef bool
	Compare    Comparison // how the answers are compared: Exact (the zero value) or Tokens
	Workers    int        // worker processes; 0: GOMAXPROCS
	Seed       int64      // every case derives from it and its index alone
	// Start and Cases bound the case indices: Start, Start+1, …, Start+Cases-1 (Cases 0:
	// no bound). Shard i of Shards runs those ≡ i-1 (mod Shards) only, so that Shards
	// hunts with the same flags run exactly the cases of one.
	Start, Cases  int64
	Shard, Shards int
	// Duration bounds the hunting: at its end no new case starts and the runs under way
	// are stopped; 0: no limit.
	Duration time.Duration
	// Limits bound each run of the code under test (Time 0: the game's time limit);
	// RefLimits the reference's, which is never the culprit of a finding (Time 0: ten
	// times the game's, at least 10 s).
	Limits, RefLimits sandbox.Limits
	// MaxFindings is how many divergences of distinct signatures to collect (0 means 1):
	// the hunt reports, for each, its case of lowest index, whatever the number of
	// workers, and lists the other divergent cases it saw.
	MaxFindings int
	// MinimizeRuns bounds each minimization by the candidates its walk decides (0:
	// defaultMinimizeRuns): a minimization ends 1-minimal or after that many, the same
	// case on any machine.
	MinimizeRuns int
	// CauseRuns bounds each walk that tests a ruling as a finding's cause by the candidates
	// it decides (0: defaultCauseRuns); negative: no ruling is tested, and the rulings a
	// finding's case reaches are listed as reached.
	CauseRuns int
	// MinimizeTime caps the finishing stages of the hunt, every finding's minimization,
	// causes and growth together, from the end of the hunting: a safety net that the report
	// names when it fires (0: defaultMinimizeCap); negative: no minimization at all (a
	// finding is reported as found, confirmed).
	MinimizeTime time.Duration
	FoundDir     string // where findings are saved; empty: not saved
	// Progress is called about four times a second while cases run, Found with each new
	// distinct divergence once it is confirmed, before anything is written for it, and
	// Note with other lines worth telling. All three are called from one goroutine, the
	// hunt's.
	Progress func(outcome.Progress)
	Found    func(outcome.Finding)
	Note     func(string)
}

// CaseSeed is the seed of case index of a hunt seeded with seed (and of test index of a
// test set): a splitMix64 step, so that neighbouring indices get unrelated streams.
func CaseSeed(seed, index int64) uint64 {
	return splitMix64(uint64(seed) + uint64(index+1)*splitMixGamma)
}

// splitMixGamma is SplitMix64's increment, the golden ratio's odd 64-bit fraction.
const splitMixGamma = 0x9E3779B97F4A7C15

// splitMix64 is SplitMix64's output function (Steele, Lea and Flood): a bijection of 64-bit
// words that turns the states of a counter stepped by its gamma into unrelated values. It
// seeds a hunt's cases and drives the games' generators (as a math/rand source).
func splitMix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// SplitMixSource is a SplitMix64 stream as a math/rand source: seeding is one store, and
// every seed gives an unrelated stream.
type SplitMixSource struct{ State uint64 }

// Uint64 steps the stream.
func (s *SplitMixSource) Uint64() uint64 {
	s.State += splitMixGamma
	return splitMix64(s.State)
}

// Int63 steps the stream, for math/rand.
func (s *SplitMixSource) Int63() int64 { return int64(s.Uint64() >> 1) }

// Seed restarts the stream, for math/rand.
func (s *SplitMixSource) Seed(seed int64) { s.State = uint64(seed) }

// pending is a divergent case as found.
type pending struct {
	index  int64
	c      Case
	input  []byte
	d      *outcome.Divergence
	sig    signature
	after  time.Duration // since the hunt's start
	packed bool          // the input holds several generated cases (see outcome.Finding.Packed)
	scaled float64       // the scale a time-out's case was narrowed to (0: not narrowed)
	// reruns is how its reruns run: against ref, with the program or, for a mistake of
	// fast's met in a program's hunt, with fast as the code under test.
	reruns how
}

// hunt is what the lanes share: read-only once the hunt starts, but for sandbox.
type hunt struct {
	cfg       HuntConfig
	game      Game
	explain   Explainer  // nil when the game cannot name divergences
	catalogue Cataloguer // nil when the game has no catalogue of situations
	steer     Steerer    // nil when its generator cannot aim
	batch     Batcher    // nil unless a program is hunted and the game packs cases
	validate  func(input []byte) error
	exe       string
	limits    sandbox.Limits
	refLimits sandbox.Limits
	start     time.Time
	sandbox   atomic.Value // string: how the workers contain programs, from their handshake
	// limit is the coordinator's limit (no case index at or past it starts), published
	// for the lanes: a block stops at it, so that the cases past a finding that fills
	// MaxFindings are not run for nothing.
	limit atomic.Int64
}

// Hunt generates cases from cfg.Seed, runs the reference and the code under test on each
// in worker processes and compares them. A divergence is run again before it is reported
// (confirm.go); divergences of distinct signatures are saved the moment they are confirmed,
// then minimized; ctx's cancellation stops the hunt but keeps what it found. The error is
// the harness's own failure or the reference's (*RefFailure, after a rerun), never the
// code under test's.
func Hunt(ctx context.Context, cfg HuntConfig) (sum outcome.Summary, err error) {
	h, err := newHunt(cfg)
	sum = outcome.Summary{Seed: cfg.Seed, Findings: []outcome.Finding{}, Unreported: []outcome.Unreported{}, Dismissed: []outcome.Dismissed{}}
	if cfg.Game != nil {
		sum.Game = cfg.Game.Name()
	}
	if cfg.Shards > 1 {
		sum.Shard = fmt.Sprintf("%d/%d", cfg.Shard, cfg.Shards)
	}
	if err != nil {
		return sum, err
	}
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(huntGCPercent))
	}
	huntCPU := sandbox.SelfCPU()
	p, stop := startLanes(ctx, h, cfg.Workers)
	c := newCoordinator(h, &sum, p)
	defer func() {
		sum.CPU = cpuUse(stop(), sandbox.SelfCPU()-huntCPU, len(cfg.Program) > 0)
		c.saves.cleanUp()
	}()
	sum.Oracle = h.oracle()

	err = c.run(ctx)
	sum.Seconds = time.Since(h.start).Seconds()
	sum.HuntSeconds = c.blocksEnded.Seconds()
	if sum.HuntSeconds > 0 {
		sum.CasesPerSec = float64(sum.Cases) / sum.HuntSeconds
	}
	sum.ConfirmSeconds = (c.huntedFor - c.blocksEnded).Seconds()
	sum.MinimizeSecs = sum.Seconds - c.huntedFor.Seconds()
	sum.Digest = strconv.FormatUint(c.digest, 16)
	sum.Coverage = c.st.coverage(c.opening)
	sum.Interrupted = ctx.Err() != nil
	if s, ok := h.sandbox.Load().(string); ok {
		sum.Sandbox = s
	}
	if s, ok := cfg.Game.(Skipper); ok {
		sum.Skipped = s.Skipped()
	}
	slices.SortFunc(sum.Unreported, func(a, b outcome.Unreported) int { return cmp.Compare(a.Index, b.Index) })
	slices.SortFunc(sum.Dismissed, func(a, b outcome.Dismissed) int { return cmp.Compare(a.Index, b.Index) })
	return sum, err
}

// huntGCPercent is a hunt's GOGC, unless the environment sets one. What its lanes
// allocate is almost all garbage by the next case (the players' games, the encoded
// inputs); its live heap is the cases in flight and the findings: collecting at 5x that
// heap, not 2x, spares the hunt most of its collections (docs/benchmarks.md).
const huntGCPercent = 400

// startLanes starts workers lanes (0: one per CPU), each with its worker process, and
// returns the pool that hands them jobs, and the function that stops them and returns
// their parts of the CPU time spent.
func startLanes(ctx context.Context, h *hunt, workers int) (*pool, func() []laneUse) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan job)
	results := make(chan jobResult, workers)
	// The lanes outlive ctx: an interrupted hunt drops its runs (job.drop), and still
	// confirms, within a grace, the smallest case an interrupted minimization reached.
	laneCtx, stopLanes := context.WithCancel(context.WithoutCancel(ctx))
	lanesDone := make(chan struct{})
	uses := make([]laneUse, workers)
	go func() {
		defer close(lanesDone)
		done := make(chan struct{}, workers)
		for i := 0; i < workers; i++ {
			go func() {
				l := &lane{h: h}
				l.loop(laneCtx, jobs, results)
				uses[i] = l.use
				done <- struct{}{}
			}()
		}
		for i := 0; i < workers; i++ {
			<-done
		}
	}()
	return &pool{jobs: jobs, results: results, workers: workers}, func() []laneUse {
		close(jobs)
		stopLanes()
		<-lanesDone
		return uses
	}
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
	h.explain, _ = cfg.Game.(Explainer)
	h.catalogue, _ = cfg.Game.(Cataloguer)
	if h.catalogue != nil && len(h.catalogue.Situations()) == 0 {
		h.catalogue = nil
	}
	if h.catalogue != nil {
		h.steer, _ = cfg.Game.(Steerer)
	}
	// A game that can check an input without building its case checks each minimization
	// candidate that way.
	if v, ok := cfg.Game.(Validator); ok {
		h.validate = v.Validate
	} else {
		h.validate = func(input []byte) error { _, err := cfg.Game.Decode(input); return err }
	}
	// A hunt that leaves rulings out (-skip-rule) takes no candidate that reaches one: a
	// finding must not be minimized into the reading the user asked to leave aside.
	if s, ok := cfg.Game.(Skipper); ok {
		valid := h.validate
		h.validate = func(input []byte) error {
			if err := valid(input); err != nil {
				return err
			}
			if id := s.Skips(input); id != "" {
				return fmt.Errorf("reaches %s, which the hunt leaves out", id)
			}
			return nil
		}
	}
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

// generate makes case index, aimed at want (steer.go): an opening case, a case steered
// toward want, or the generator's own; aimed says it was one of the first two. A panic of
// the generator is the harness's bug: an error.
func (h *hunt) generate(index int64, want coverage.Set) (c Case, aimed bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("the generator of %s panicked on case %d of seed %d: %v", h.game.Name(), index, h.cfg.Seed, v)
		}
	}()
	seed := CaseSeed(h.cfg.Seed, index)
	switch {
	case h.steer != nil && index < int64(h.steer.Openers()):
		return h.steer.Opener(int(index), seed), true, nil
	case h.steer != nil && steered(index, want):
		return h.steer.Toward(seed, want), true, nil
	case h.batch != nil:
		return h.batch.Unit(seed), false, nil
	}
	return h.game.Generate(seed), false, nil
}

// reach is the set of situations input reaches; a catalogue that panics on it is the
// harness's bug, which costs the case its coverage, never the hunt.
func (h *hunt) reach(input []byte) (r coverage.Set) {
	defer func() {
		if recover() != nil {
			r = coverage.Set{}
		}
	}()
	return h.catalogue.Reach(input)
}

// signature is d's signature on input, in the game's terms when it can say.
func (h *hunt) signature(input []byte, d *outcome.Divergence) signature {
	var classify func(want, got []byte) (outcome.Identity, string)
	if h.explain != nil {
		classify = func(want, got []byte) (id outcome.Identity, words string) {
			defer func() {
				if recover() != nil {
					id, words = outcome.Identity{}, "" // a classifier that cannot read this answer: fall back
				}
			}()
			return h.explain.Classify(input, want, got)
		}
	}
	return signatureOf(d, classify)
}

// rulings lists the rulings whose situation c reaches, when the game can tell.
func (h *hunt) rulings(c Case) (ids []string) {
	if h.explain == nil || c == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			ids = nil
		}
	}()
	return h.explain.Rulings(c)
}

// index is the k-th case index of this hunt's shard.
func (h *hunt) index(k int64) int64 {
	if h.cfg.Shards > 1 {
		return h.cfg.Start + int64(h.cfg.Shard-1) + k*int64(h.cfg.Shards)
	}
	return h.cfg.Start + k
}

// owns reports whether case index is one the hunt (its shard) runs, limits aside.
func (h *hunt) owns(index int64) bool {
	if index < h.cfg.Start || index >= h.end() {
		return false
	}
	if n := int64(h.cfg.Shards); n > 1 {
		return (index-h.cfg.Start)%n == int64(h.cfg.Shard-1)
	}
	return true
}

// total is how many cases the hunt's shard runs when a count bounds it, else 0.
func (h *hunt) total() int64 {
	if h.cfg.Cases <= 0 {
		return 0
	}
	if n := int64(max(h.cfg.Shards, 1)); n > 1 {
		// Shard i of n runs the indices ≡ i-1 (mod n) of Cases from Start.
		return (h.cfg.Cases - int64(h.cfg.Shard-1) + n - 1) / n
	}
	return h.cfg.Cases
}

// end is the first case index past the hunt.
func (h *hunt) end() int64 {
	if h.cfg.Cases > 0 {
		return h.cfg.Start + h.cfg.Cases
	}
	return math.MaxInt64
}

// refEvery is how often a program's hunt compared with fast checks a case against ref
// itself: a program that shares a mistake of fast's is still found, at 1/refEvery of the
// rate, and the rest of the time ref costs nothing.
const refEvery = 64

// checkedByRef reports whether case index of a program's hunt is compared with ref, not
// fast: 1 in refEvery, by a hash of the index, so that shards and workers agree.
func (h *hunt) checkedByRef(index int64) bool {
	return len(h.cfg.Program) == 0 || h.cfg.AgainstRef || splitMix64(uint64(index))%refEvery == 0
}

// oracle says which judge gives the expected answers (outcome.Summary.Oracle).
func (h *hunt) oracle() string {
	if len(h.cfg.Program) == 0 || h.cfg.AgainstRef {
		return outcome.Ref.String()
	}
	return fmt.Sprintf("fast, ref on 1 case in %d and on every divergence", refEvery)
}

// digestOf hashes one case input for outcome.Summary.Digest: a CRC-64, which the same input gives
// in every process, cheap beside a run of the case.
func digestOf(input []byte) uint64 {
	return crc64.Checksum(input, crcTable)
}

var crcTable = crc64.MakeTable(crc64.ECMA)
