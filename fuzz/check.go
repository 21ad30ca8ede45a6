package fuzz

import (
	"gamediff/outcome"
	"gamediff/report"

	"context"
	"regexp"
	"runtime/metrics"
	"strings"
	"time"

	"gamediff/engine"
	"gamediff/sandbox"
)

// failer is what a check needs of the test it runs in. Go's *testing.T satisfies it, and so
// does go-118-fuzz-build's *testing.T, which OSS-Fuzz's libFuzzer builds compile a target
// against: a check that took *testing.T would not type-check there.
type failer interface {
	Helper()
	Fatalf(format string, args ...any)
}

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

// inlineRuns is set in a libFuzzer build (libfuzzer.go): there the judges run on the
// fuzzer's own goroutine (engine.InProcess.Inline), with no runTimeout. A goroutine per
// run cost that build two OS thread switches a judge, a third of its CPU on a small input
// and most of its wall time on a loaded machine, and libFuzzer's -timeout catches a hang
// (as a timeout crash with its input, without the other judge's answer beside it).
var inlineRuns bool

var lineMessage = regexp.MustCompile(`^line [1-9][0-9]*: `)

// diff runs both judges in-process: a panic or a hang becomes a result, not the end of the
// fuzzer, so that it is reported with the other judge's answer beside it.
func (g *target) diff(t failer, input []byte) (want, got outcome.Result, d *outcome.Divergence) {
	t.Helper()
	limits := sandbox.Limits{Time: runTimeout}
	want, got, d, err := engine.Diff(context.Background(), engine.InProcess{Solver: outcome.Ref, Judge: g.ref, Limits: limits, Inline: inlineRuns},
		engine.InProcess{Solver: outcome.Fast, Judge: g.fast, Limits: limits, Inline: inlineRuns}, input, engine.Exact)
	if err != nil {
		t.Fatalf("%s: %v", g.game, err)
	}
	return want, got, d
}

// checkParse is the body of every Parse target: arbitrary bytes as judge input.
func (g *target) checkParse(t failer, input []byte) {
	t.Helper()
	before := allocated()
	want, got, d := g.diff(t, input)
	if n := allocated() - before; n > maxAllocBytes {
		t.Fatalf("%s: %d MiB allocated for a %d-byte input: a size is not checked before allocating", g.game, n>>20, len(input))
	}
	if d != nil {
		var b strings.Builder
		report.Divergence(&b, d)
		t.Fatalf("%s: ref and fast disagree on %q:\n%s", g.game, input, b.String())
	}
	for _, r := range []outcome.Result{want, got} {
		if r.Exit != 0 && (r.Exit != 2 || r.ErrLine < 1 || !lineMessage.MatchString(r.Stderr)) {
			t.Fatalf("%s %s: exit %d with message %q: an input error must exit 2 and name its line", g.game, r.Solver, r.Exit, r.Stderr)
		}
	}
}

// A decoded game of more than maxGrowth bytes of judge input per byte of fuzzer input (and
// growthSlack more) is mostly bytes that the fuzzer never wrote: a size read near the end
// of its bytes and filled in from the zeros past them, as mine's decoding makes a 1000x1000
// board out of 2 bytes. Few mutations of the seeds decode so, but they are most of the
// judge input the target plays, and the libFuzzer binary's time went to them
// (docs/fuzzing.md). A Diff target
// passes over such a game; the same game is played when the bytes spell it out (a
// 1000x1000 mine board from 16 KB, a 200x200 boom board from 600 bytes), which libFuzzer
// reaches as it lengthens its inputs. The seeds decode to at most 14 bytes a byte.
const (
	maxGrowth   = 64
	growthSlack = 4 << 10
)

// blownUp reports whether input, decoded from data, is past the growth bound above.
func blownUp(data, input []byte) bool {
	return len(input) > maxGrowth*len(data)+growthSlack
}

// checkDiff is the body of every Diff target: the bytes decoded into a valid game, played
// by both judges.
func (g *target) checkDiff(t failer, data []byte) {
	t.Helper()
	input, decoded := g.fuzzInput(data)
	if decoded && blownUp(data, input) {
		return
	}
	if decoded { // else fuzzInput found the bytes valid already
		if err := g.validate(input); err != nil {
			t.Fatalf("%s: FromBytes made an invalid case (%v):\n%s", g.game, err, input)
		}
	}
	want, _, d := g.diff(t, input)
	if d != nil {
		var b strings.Builder
		report.Divergence(&b, d)
		t.Fatalf("%s: ref and fast differ on a valid game:\n%s\n%s", g.game, input, b.String())
	}
	if want.Exit != 0 {
		t.Fatalf("%s: ref rejects a valid game: %s", g.game, want.Stderr)
	}
}
