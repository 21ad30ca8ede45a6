package engine

import (
	"context"
	"time"
)

// MinimizeStats tells how a minimization went.
type MinimizeStats struct {
	Runs     int           `json:"runs"`     // candidates run
	Accepted int           `json:"accepted"` // candidates that reproduced and became the current case
	Invalid  int           `json:"invalid"`  // candidates the validator rejected, never run
	Complete bool          `json:"complete"` // no candidate of the final case reproduces: it is 1-minimal
	Elapsed  time.Duration `json:"elapsed_ns"`
}

// Minimize shrinks c greedily, as gopter and delta debugging do: it walks the game's
// shrink candidates of the current case, biggest cuts first, skips those the validator
// rejects, and moves to the first one that reproduces, until none does, the budget is
// spent or ctx is done. It always returns a case that reproduces (c itself at worst).
// reproduces runs a candidate's input; its error aborts the minimization.
func Minimize(ctx context.Context, g *Game, c Case, budget time.Duration,
	reproduces func(ctx context.Context, input []byte) (bool, error)) (best Case, st MinimizeStats, err error) {
	start := time.Now()
	defer func() { st.Elapsed = time.Since(start) }()
	for {
		next := g.Shrink(c)
		found := false
		for !found {
			if ctx.Err() != nil || (budget > 0 && time.Since(start) > budget) {
				return c, st, nil
			}
			v, ok := next()
			if !ok {
				st.Complete = true
				return c, st, nil
			}
			cand := v.(Case)
			input := cand.Encode()
			if g.Validate(input) != nil {
				st.Invalid++
				continue
			}
			st.Runs++
			same, err := reproduces(ctx, input)
			if err != nil {
				if ctx.Err() != nil {
					return c, st, nil
				}
				return c, st, err
			}
			if same {
				st.Accepted++
				c, found = cand, true
			}
		}
	}
}
