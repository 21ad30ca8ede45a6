package games

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkGenerate draws each game's cases as a hunt does (Generate, the seeds 0, 1, 2,
// …) and reports them per second. The cases at the limits are rare and cost the most, so
// compare runs of the same -benchtime Nx: they draw the same seeds.
//
//	go test ./games -run '^$' -bench '^BenchmarkGenerate$' -benchtime 2000x -count 5
func BenchmarkGenerate(b *testing.B) {
	for _, g := range All() {
		b.Run(g.Name(), func(b *testing.B) { benchDraw(b, g.Generate) })
	}
}

// BenchmarkGenerateSkipping draws mine's cases as BenchmarkGenerate does, plainly and
// with rulings skipped, side by side: what -skip-rule costs a hunt's generation.
//
//	go test ./games -run '^$' -bench '^BenchmarkGenerateSkipping$' -benchtime 2000x -count 5
func BenchmarkGenerateSkipping(b *testing.B) {
	g := registry["mine"]
	for _, skip := range []string{"", "R-M1", "R-M4", "R-M1,R-M4"} {
		name := skip
		if name == "" {
			name = "none"
		}
		b.Run("mine/"+name, func(b *testing.B) {
			if skip == "" {
				benchDraw(b, g.Generate)
				return
			}
			skipped, err := SkipRulings(g, strings.Split(skip, ","))
			if err != nil {
				b.Fatal(err)
			}
			benchDraw(b, skipped.Generate)
		})
	}
}

// benchDraw draws the cases of the seeds 0..b.N-1 and reports cases/s, and the CPU
// time the process spent per case (the collector's included), which the other loads of
// a shared machine move far less than they move the wall clock.
func benchDraw[C interface{ Encode() []byte }](b *testing.B, generate func(seed uint64) C) {
	start, cpu := time.Now(), cpuTime()
	seed := uint64(0)
	for b.Loop() {
		generate(seed)
		seed++
	}
	b.ReportMetric(float64(seed)/time.Since(start).Seconds(), "cases/s")
	b.ReportMetric(float64(cpuTime()-cpu)/float64(seed), "cpu-ns/op")
}

// cpuTime is the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
