package games

import (
	"bytes"
	"io"
	"math/rand"
	"runtime"
	"testing"
	"time"

	"github.com/leanovate/gopter"

	"gamediff/engine"
	"gamediff/fast"
	"gamediff/gen"
)

// benchCase generates one case of a generator call (gen.Gen) with a fixed seed.
func benchCase(b testing.TB, call string, seed int64) engine.Case {
	b.Helper()
	g, err := gen.Gen(call, nil)
	if err != nil {
		b.Fatal(err)
	}
	p := gopter.DefaultGenParameters()
	p.Rng = rand.New(rand.NewSource(seed))
	v, ok := g(p).Retrieve()
	if !ok {
		b.Fatal("generator gave no case")
	}
	return v.(engine.Case)
}

// benchJudges measures, on one input and in one run, the I/O floor (fast's scanner and
// writer doing the same I/O with no game logic), fast and ref. Compare their ns/op: the
// floor is what any solver pays, fast should be close to it, ref far behind. The
// "ratios" sub-benchmark runs the three in turn in every iteration, each after a
// collection, and reports fast/floor and ref/fast, which the noise of a shared machine
// moves far less than it moves separate timings.
func benchJudges(b *testing.B, g Game, input []byte) {
	var want bytes.Buffer
	if err := g.Ref(input, &want); err != nil {
		b.Fatal(err)
	}
	var got bytes.Buffer
	if err := g.Fast(input, &got); err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
		b.Fatalf("fast differs from ref on the benchmark input (err %v)", err)
	}
	size := int64(len(input) + want.Len())
	b.Logf("input %d bytes, output %d bytes", len(input), want.Len())
	plan := fast.PlanOutput(want.Bytes())
	b.Run("floor", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			if _, err := fast.IOFloor(input, plan, io.Discard); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, impl := range []struct {
		name string
		f    engine.Judge
	}{{"fast", g.Fast}, {"ref", g.Ref}} {
		b.Run(impl.name, func(b *testing.B) {
			b.SetBytes(size)
			for b.Loop() {
				if err := impl.f(input, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("ratios", func(b *testing.B) {
		var floor, fastTime, refTime time.Duration
		timed := func(f func() error) time.Duration {
			runtime.GC() // each run starts from a collected heap, not paying for another's garbage
			start := time.Now()
			if err := f(); err != nil {
				b.Fatal(err)
			}
			return time.Since(start)
		}
		for b.Loop() {
			floor += timed(func() error { _, err := fast.IOFloor(input, plan, io.Discard); return err })
			fastTime += timed(func() error { return g.Fast(input, io.Discard) })
			refTime += timed(func() error { return g.Ref(input, io.Discard) })
		}
		b.ReportMetric(float64(fastTime)/float64(floor), "fast/floor")
		b.ReportMetric(float64(refTime)/float64(fastTime), "ref/fast")
	})
}
