package games

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/outcome"
	"gamediff/testutil/clitest"
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
							_, _, d, err := engine.Diff(context.Background(), engine.InProcess{Solver: outcome.Ref, Judge: g.Ref},
								engine.InProcess{Solver: outcome.Fast, Judge: g.Fast}, input, engine.Exact)
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

// BenchmarkProgramHunt runs, per game, a short hunt of the contestant-style C++ solution in
// examples/ (built with g++ -O2), as hunt -cmd runs it, and reports its cases/s and the
// share of the hunt's CPU time the program got (outcome.CPUUse), so that the harness's own
// cost can be tracked. The games run side by side in one run: compare their ratios, not
// the absolute figures of a shared machine.
func BenchmarkProgramHunt(b *testing.B) {
	for _, g := range All() {
		b.Run(g.Name(), func(b *testing.B) {
			bin := clitest.CXX(b, "example-"+g.Name(), filepath.Join("..", "examples", g.Name(), "solution.cpp"))
			var cases int64
			var seconds, share float64
			for b.Loop() {
				sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Program: []string{bin}, Seed: 5,
					Duration: 5 * time.Second, Workers: 2, MinimizeTime: -1})
				if err != nil || len(sum.Findings) != 0 {
					b.Fatalf("hunt: %v, findings %+v", err, sum.Findings)
				}
				cases += sum.Cases
				seconds += sum.HuntSeconds
				share += sum.CPU.CodeShare
			}
			b.ReportMetric(float64(cases)/seconds, "cases/s")
			b.ReportMetric(100*share/float64(b.N), "program-cpu-%")
		})
	}
}
