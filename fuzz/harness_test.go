package fuzz

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/games"
)

// maxSeedBytes keeps seeds small: a fuzzer mutates small inputs faster and better.
const maxSeedBytes = 4 << 10

// generatedSeeds is how many generated cases seed each target.
const generatedSeeds = 30

// maxAllocBytes bounds what one run of both judges may allocate on a fuzz input. The
// largest legal board takes a few megabytes; far more means memory sized by a number
// the parser did not check (and a much larger one crashes the fuzzer, which reports it).
const maxAllocBytes = 512 << 20

// allocated is the process's cumulative heap allocation, cheap enough to read per run.
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// runTimeout is far beyond any judge's time on a fuzz-sized input: reaching it is a hang.
const runTimeout = 10 * time.Second

var lineMessage = regexp.MustCompile(`^line [1-9][0-9]*: `)

func lookup(f *testing.F, name string) *engine.Game {
	g, err := games.Lookup(name)
	if err != nil {
		f.Fatal(err)
	}
	return g
}

// seed adds the game's corpus inputs and its first generated cases.
func seed(f *testing.F, g *engine.Game) {
	entries, err := engine.ReadCorpus(filepath.Join("..", "corpus", g.Name))
	if err != nil && !os.IsNotExist(err) {
		f.Fatal(err)
	}
	for _, e := range entries {
		if len(e.Input) <= maxSeedBytes {
			f.Add(e.Input)
		}
	}
	for i := int64(0); i < generatedSeeds; i++ {
		c, err := engine.Generate(g, 1, i)
		if err != nil {
			f.Fatal(err)
		}
		if input := c.Encode(); len(input) <= maxSeedBytes {
			f.Add(input)
		}
	}
}

func run(t *testing.T, label string, fn engine.Func, input []byte) engine.Result {
	r, err := engine.InProcess{Label: label, F: fn, Timeout: runTimeout}.Run(context.Background(), input)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// checkParse is the body of every Fuzz<Game>Parse target.
func checkParse(t *testing.T, g *engine.Game, input []byte) {
	before := allocated()
	want, got := run(t, "ref", g.Ref, input), run(t, "fast", g.Fast, input)
	if n := allocated() - before; n > maxAllocBytes {
		t.Fatalf("%s: %d MiB allocated for a %d-byte input: a size is not checked before allocating", g.Name, n>>20, len(input))
	}
	if d := engine.Compare(want, got, nil); d != nil {
		var b strings.Builder
		d.Report(&b)
		t.Fatalf("%s: ref and fast disagree on %q:\n%s", g.Name, input, b.String())
	}
	for _, r := range []engine.Result{want, got} {
		if r.Exit != 0 && (r.Exit != 2 || r.ErrLine < 1 || !lineMessage.MatchString(r.Stderr)) {
			t.Fatalf("%s %s: exit %d with message %q: an input error must exit 2 and name its line", g.Name, r.Solver, r.Exit, r.Stderr)
		}
	}
}

// checkDiff is the body of every Fuzz<Game>Diff target.
func checkDiff(t *testing.T, g *engine.Game, data []byte) {
	input := g.FuzzInput(data)
	if err := g.Validate(input); err != nil {
		t.Fatalf("%s: FromBytes made an invalid case (%v):\n%s", g.Name, err, input)
	}
	want, got := run(t, "ref", g.Ref, input), run(t, "fast", g.Fast, input)
	if d := engine.Compare(want, got, nil); d != nil {
		var b strings.Builder
		d.Report(&b)
		t.Fatalf("%s: ref and fast differ on a valid game:\n%s\n%s", g.Name, input, b.String())
	}
	if want.Exit != 0 {
		t.Fatalf("%s: ref rejects a valid game: %s", g.Name, want.Stderr)
	}
}

// TestAllocatedCounts makes sure the allocation guard of the Parse targets can fire.
func TestAllocatedCounts(t *testing.T) {
	before := allocated()
	buf := make([]byte, 64<<20)
	buf[len(buf)-1] = 1
	if n := allocated() - before; n < 64<<20 {
		t.Fatalf("allocating 64 MiB moved the counter by %d bytes", n)
	}
}
