package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"gamediff/testutil/clitest"
)

// BenchmarkMinimizeWorkers minimizes one -cmd finding, the zoo's recursive flood fill in
// mine (seed 1, case 1732: a crash), with 1 worker and then with 2, side by side in each
// iteration, and reports the median minimization seconds of each and the median of their
// ratios. Both must reach the same case, whatever the number of workers.
//
//	go test ./cmd/diff -run '^$' -bench MinimizeWorkers -benchtime 8x
func BenchmarkMinimizeWorkers(b *testing.B) {
	program := filepath.Join(clitest.Zoo(b), "mine") + " -bug recursive-fill"
	minimize := func(workers string) (seconds float64, file string) {
		code, out, errs := call(b, "", "hunt", "-game", "mine", "-cmd", program, "-seed", "1", "-case", "1732",
			"-workers", workers, "-json", "-o", b.TempDir())
		var sum struct {
			Findings []struct {
				Path     string
				Minimize struct {
					Seconds  float64
					Complete bool
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &sum); err != nil || code != exitFound || len(sum.Findings) != 1 || !sum.Findings[0].Minimize.Complete {
			b.Fatalf("-workers %s: exit %d, %v, want one finding minimized to its end:\n%s\n%s", workers, code, err, out, errs)
		}
		f := sum.Findings[0]
		return f.Minimize.Seconds, filepath.Base(f.Path)
	}
	var one, two, ratios []float64
	for b.Loop() {
		s1, f1 := minimize("1")
		s2, f2 := minimize("2")
		if f1 != f2 {
			b.Fatalf("1 worker minimized to %s, 2 workers to %s", f1, f2)
		}
		one, two, ratios = append(one, s1), append(two, s2), append(ratios, s2/s1)
	}
	b.ReportMetric(median(one), "s/1-worker")
	b.ReportMetric(median(two), "s/2-workers")
	b.ReportMetric(median(ratios), "2/1")
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
