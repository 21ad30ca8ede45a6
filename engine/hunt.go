package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/leanovate/gopter"
	"golang.org/x/sync/errgroup"
)

// HuntConfig says what to hunt with. Only Game is required.
type HuntConfig struct {
	Game *Game
	// Want is the oracle and Got the solver under test; nil means the game's in-process
	// Ref and Fast with Timeout.
	Want, Got Solver
	// Isolated, when set, returns solvers equivalent to Want and Got that can be killed
	// (external processes). They minimize hangs, which in-process runs cannot stop.
	Isolated func() (want, got Solver)
	Equal    Equal         // nil: Exact
	Workers  int           // 0: GOMAXPROCS
	Seed     int64         // every case derives from it and its index alone
	Start    int64         // index of the first case
	Cases    int64         // how many cases at most; 0: until Duration or ctx ends
	Duration time.Duration // no new case starts after it; 0: no limit
	Timeout  time.Duration // per run of the in-process solvers; 0: DefaultTimeout
	// MaxFindings is how many divergences to collect before stopping (0 means 1). The
	// hunt reports the divergent cases of lowest index, whatever the number of workers.
	MaxFindings  int
	MinimizeTime time.Duration // budget per finding; 0: 2 minutes, negative: no minimization
	FoundDir     string        // where findings are saved; empty: not saved
	// Progress, when set, is called about four times a second while cases run, and
	// Event with a line on each finding as it is handled.
	Progress func(Progress)
	Event    func(string)
}

// Progress is a snapshot of a running hunt.
type Progress struct {
	Cases       int64
	Divergences int64
	Elapsed     time.Duration
	Duration    time.Duration
}

// Summary is the outcome of a hunt.
type Summary struct {
	Game        string    `json:"game"`
	Seed        int64     `json:"seed"`
	Cases       int64     `json:"cases"`
	Divergences int       `json:"divergences"`
	Seconds     float64   `json:"seconds"`
	CasesPerSec float64   `json:"cases_per_sec"`
	Interrupted bool      `json:"interrupted"`
	Findings    []Finding `json:"findings"`
	// Unreported lists the other divergent cases seen, past MaxFindings: each can be
	// regenerated with -case, so it is named here rather than kept on disk.
	Unreported []int64 `json:"unreported_cases,omitempty"`
}

// Finding is one divergence, minimized and saved.
type Finding struct {
	Index      int64         `json:"index"` // case index: hunt -seed Seed -case Index regenerates it
	Kind       Kind          `json:"kind"`
	Verdict    string        `json:"verdict"`
	Path       string        `json:"path,omitempty"` // the saved NAME.in
	InputBytes int           `json:"input_bytes"`    // of the minimized case
	Original   int           `json:"original_bytes"` // of the case as generated
	Minimize   MinimizeStats `json:"minimize"`
	Note       string        `json:"note,omitempty"`
	Input      []byte        `json:"-"` // the minimized input
	Divergence *Divergence   `json:"-"` // on the minimized input
}

// CaseSeed is the seed of case index of a hunt seeded with seed: a SplitMix64 step, so
// that neighbouring indices get unrelated streams.
func CaseSeed(seed, index int64) int64 {
	z := uint64(seed) + uint64(index+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return int64(z ^ (z >> 31))
}

// Generate returns case index of a hunt seeded with seed. A panic in the generator is
// returned as an error: it is a bug of the harness, not of a solver.
func Generate(g *Game, seed, index int64) (c Case, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("generator of %s panicked on case %d of seed %d: %v", g.Name, index, seed, v)
		}
	}()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(CaseSeed(seed, index)))
	v, ok := g.Gen(params).Retrieve()
	if !ok {
		return nil, fmt.Errorf("generator of %s gave no case for case %d of seed %d", g.Name, index, seed)
	}
	return v.(Case), nil
}

type pending struct {
	index int64
	c     Case
	input []byte
	d     *Divergence
	path  string // where the case was saved when it was found; empty if not saved
}

// Hunt generates cases from cfg.Seed, runs both solvers on each in parallel workers and
// compares them. Divergent cases are minimized and saved; ctx's cancellation stops the
// hunt but keeps what it found. The error is the harness's own failure, never a solver's.
func Hunt(ctx context.Context, cfg HuntConfig) (Summary, error) {
	g := cfg.Game
	want, got := cfg.Want, cfg.Got
	if want == nil {
		want = InProcess{Label: "ref", F: g.Ref, Timeout: cfg.Timeout}
	}
	if got == nil {
		got = InProcess{Label: "fast", F: g.Fast, Timeout: cfg.Timeout}
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	maxFindings := max(cfg.MaxFindings, 1)
	sum := Summary{Game: g.Name, Seed: cfg.Seed}

	var (
		next     atomic.Int64 // next case index to hand out
		limit    atomic.Int64 // no index at or past it is handed out
		cases    atomic.Int64
		divs     atomic.Int64
		mu       sync.Mutex
		found    []pending // the divergent cases of lowest index, at most maxFindings
		start    = time.Now()
		timeUp   = func() bool { return cfg.Duration > 0 && time.Since(start) >= cfg.Duration }
		progDone = make(chan struct{})
	)
	next.Store(cfg.Start)
	limit.Store(math.MaxInt64)
	if cfg.Cases > 0 {
		limit.Store(cfg.Start + cfg.Cases)
	}
	var unreported []int64
	// record saves a divergent case the moment it is found, before anything else can go
	// wrong, then keeps it if it is among the maxFindings of lowest index.
	record := func(p pending) error {
		divs.Add(1)
		if cfg.FoundDir != "" {
			path, err := SaveCase(cfg.FoundDir, p.input, p.d.Want.Stdout, "")
			if err != nil {
				return fmt.Errorf("saving case %d: %w", p.index, err)
			}
			p.path = path
		}
		mu.Lock()
		defer mu.Unlock()
		found = append(found, p)
		sort.Slice(found, func(i, j int) bool { return found[i].index < found[j].index })
		for len(found) > maxFindings {
			drop := found[len(found)-1]
			found = found[:len(found)-1]
			unreported = append(unreported, drop.index)
			if drop.path != "" && !slices.ContainsFunc(found, func(k pending) bool { return k.path == drop.path }) {
				if err := RemoveCase(drop.path); err != nil {
					return err
				}
			}
		}
		if len(found) == maxFindings {
			// Every index below the last kept one was handed out already, so the kept
			// findings are the lowest divergent indices once the workers finish.
			if last := found[maxFindings-1].index + 1; last < limit.Load() {
				limit.Store(last)
			}
		}
		return nil
	}

	if cfg.Progress != nil {
		go func() {
			tick := time.NewTicker(250 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-progDone:
					return
				case <-tick.C:
					cfg.Progress(Progress{Cases: cases.Load(), Divergences: divs.Load(), Elapsed: time.Since(start), Duration: cfg.Duration})
				}
			}
		}()
	}

	wg, wctx := errgroup.WithContext(ctx)
	for w := 0; w < workers; w++ {
		wg.Go(func() error {
			for ctx.Err() == nil && !timeUp() {
				i := next.Add(1) - 1
				if i >= limit.Load() {
					return nil
				}
				c, err := Generate(g, cfg.Seed, i)
				if err != nil {
					return err
				}
				input := c.Encode()
				d, err := runPair(wctx, want, got, input, cfg.Equal)
				if err != nil {
					if ctx.Err() != nil {
						return nil // interrupted: this case does not count
					}
					return fmt.Errorf("case %d: %w", i, err)
				}
				cases.Add(1)
				if d != nil {
					if err := record(pending{index: i, c: c, input: input, d: d}); err != nil {
						return err
					}
				}
			}
			return nil
		})
	}
	err := wg.Wait()
	close(progDone)
	sum.Cases = cases.Load()
	sum.Divergences = int(divs.Load())
	sum.Seconds = time.Since(start).Seconds()
	if sum.Seconds > 0 {
		sum.CasesPerSec = float64(sum.Cases) / sum.Seconds
	}
	sum.Interrupted = ctx.Err() != nil
	sort.Slice(unreported, func(i, j int) bool { return unreported[i] < unreported[j] })
	sum.Unreported = unreported
	if err != nil {
		return sum, err
	}
	for _, p := range found {
		f, err := handleFinding(ctx, cfg, want, got, p)
		sum.Findings = append(sum.Findings, f)
		if err != nil {
			return sum, err
		}
	}
	sum.Interrupted = ctx.Err() != nil
	return sum, nil
}

// runPair runs both solvers on input and compares them.
func runPair(ctx context.Context, want, got Solver, input []byte, eq Equal) (*Divergence, error) {
	w, err := want.Run(ctx, input)
	if err != nil {
		return nil, err
	}
	r, err := got.Run(ctx, input)
	if err != nil {
		return nil, err
	}
	return Compare(w, r, eq), nil
}

// handleFinding saves the case as found, minimizes it, saves the minimized case in its
// place and returns the finding. The unminimized case is on disk before minimization
// starts, so an interruption at any point loses nothing.
func handleFinding(ctx context.Context, cfg HuntConfig, want, got Solver, p pending) (Finding, error) {
	event := cfg.Event
	if event == nil {
		event = func(string) {}
	}
	f := Finding{Index: p.index, Kind: p.d.Kind, Verdict: p.d.Verdict(), Original: len(p.input),
		Input: p.input, InputBytes: len(p.input), Divergence: p.d}
	save := func(input []byte, d *Divergence) (string, error) {
		if cfg.FoundDir == "" {
			return "", nil
		}
		return SaveCase(cfg.FoundDir, input, d.Want.Stdout, "")
	}
	rawPath := p.path // saved when found
	f.Path = rawPath
	event(fmt.Sprintf("case %d: %s; saved %s (%d bytes), minimizing", p.index, p.d.Summary(), orUnsaved(rawPath), len(p.input)))

	mwant, mgot := want, got
	if p.d.Kind == KindTimeout && hungInProcess(p.d, want, got) {
		// Every candidate that hangs would leave a goroutine spinning: use solvers that
		// can be killed, or do not minimize.
		if cfg.Isolated == nil {
			f.Note = "not minimized: a hang in-process cannot be stopped, and no isolated solvers were given"
			return f, nil
		}
		mwant, mgot = cfg.Isolated()
	}
	if cfg.MinimizeTime < 0 || ctx.Err() != nil {
		f.Note = "not minimized"
		return f, nil
	}
	budget := cfg.MinimizeTime
	if budget == 0 {
		budget = 2 * time.Minute
	}
	signature := p.d.Signature()
	var last *Divergence
	reproduces := func(ctx context.Context, input []byte) (bool, error) {
		d, err := runPair(ctx, mwant, mgot, input, cfg.Equal)
		if err != nil || d == nil || d.Signature() != signature {
			return false, err
		}
		last = d
		return true, nil
	}
	minimal, stats, err := Minimize(ctx, cfg.Game, p.c, budget, reproduces)
	f.Minimize = stats
	if err != nil {
		return f, fmt.Errorf("minimizing case %d: %w", p.index, err)
	}
	if stats.Accepted == 0 {
		return f, nil
	}
	f.Input = minimal.Encode()
	f.InputBytes = len(f.Input)
	f.Divergence = last
	if !stats.Complete {
		f.Note = "minimization stopped early (budget or interrupt): the case may shrink further"
	}
	path, err := save(f.Input, last)
	if err != nil {
		return f, fmt.Errorf("saving minimized case %d: %w", p.index, err)
	}
	f.Path = path
	if rawPath != "" && path != rawPath {
		if err := RemoveCase(rawPath); err != nil && !errors.Is(err, context.Canceled) {
			return f, err
		}
	}
	return f, nil
}

// hungInProcess reports whether the solver that timed out runs in this process.
func hungInProcess(d *Divergence, want, got Solver) bool {
	s := got
	if d.Culprit == want.Name() {
		s = want
	}
	_, in := s.(InProcess)
	return in
}

func orUnsaved(path string) string {
	if path == "" {
		return "(not saved)"
	}
	return path
}
