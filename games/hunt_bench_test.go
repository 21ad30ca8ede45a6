package games

import (
	"context"
	"sync"
	"testing"
	"time"

	"gamediff/engine"
)

// BenchmarkHuntIsolation measures what running the judges in worker processes costs a
// hunt, side by side in one run: the same cases of each game (the first 2000 of seed 1),
// compared by engine.Hunt with two workers, and by two goroutines running ref and fast in
// this process, as hunts did before they had workers. It reports cases/s of each and
// their ratio.
func BenchmarkHuntIsolation(b *testing.B) {
	const cases, workers = 2000, 2
	for _, g := range All() {
		b.Run(g.Name(), func(b *testing.B) {
			var inProcess, isolated time.Duration
			for b.Loop() {
				start := time.Now()
				var wg sync.WaitGroup
				for w := range workers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for i := int64(w); i < cases; i += workers {
							input := g.Generate(engine.CaseSeed(1, i)).Encode()
							_, _, d, err := engine.Diff(context.Background(), engine.InProcess{Label: "ref", Judge: g.Ref},
								engine.InProcess{Label: "fast", Judge: g.Fast}, input, nil)
							if err != nil || d != nil {
								b.Errorf("case %d: %v %v", i, err, d)
							}
						}
					}()
				}
				wg.Wait()
				inProcess += time.Since(start)
				start = time.Now()
				sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Seed: 1, Cases: cases, Workers: workers, MinimizeTime: -1})
				if err != nil || sum.Cases != cases || sum.Divergences != 0 {
					b.Fatalf("hunt: %v, %+v", err, sum)
				}
				isolated += time.Since(start)
			}
			n := float64(b.N) * cases
			b.ReportMetric(n/inProcess.Seconds(), "in-process-cases/s")
			b.ReportMetric(n/isolated.Seconds(), "worker-cases/s")
			b.ReportMetric(isolated.Seconds()/inProcess.Seconds(), "workers/in-process")
		})
	}
}
