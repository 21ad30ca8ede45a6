package main

import (
	"encoding/json"
	"fmt"
	"gamediff/internal/clitest"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/gen"
	"gamediff/testcase"
)

// A time-out explains itself (docs/hunt.md): the programs of testdata/growth, right but
// slow in a way known beforehand, are judged with -explain on a case they time out on, and
// the growth table must find what is known of them; the zoo's time-outs are hunted, and
// must be narrowed by scaling. Times are logged, never bounded: the machine may be loaded;
// the exponents are ratios of CPU times measured side by side, which load bends little.

// knownGrowth is a program of testdata/growth, the case it is judged on, and its growth:
// the exponent along each dimension (exponential: any above exponentialAbove), and the
// dimensions the report may name as the one where it grows faster than fast.
type knownGrowth struct {
	game  string
	input func(t testing.TB) []byte
	want  map[string]float64
	named []string
	// unmeasured lists the dimensions whose every probe may time out: the exponent is then
	// unknown ("?"), and not checked.
	unmeasured []string
}

// exponential stands in knownGrowth.want for a growth faster than any power: what is
// checked is that the fitted exponent, between the scales where the program runs within
// the limit and long enough to tell, is above exponentialAbove.
const (
	exponential      = math.MaxFloat64
	exponentialAbove = 3.0
)

// exponentSlack is how far a fitted exponent may be from the true one.
const exponentSlack = 0.3

var knownGrowths = []knownGrowth{
	// A board scan per operation: operations × rows × columns. The opening cascade sweeps
	// most of the board, then a long game; about 1.5 s at 1×.
	{game: "mine", input: generated("mine -n 300 -m 300 -q 10000 -scenario cascade-long-game", 1),
		want: map[string]float64{"operations": 1, "rows": 1, "columns": 1}, named: []string{"operations", "rows", "columns"}},
	// A board scan per click: games × operations × side². Eight games, so that 1/8, 1/4
	// and 1/2 of them are whole numbers of games; about 3 s at 1× (the limit is 2 s).
	{game: "boom", input: generated("boom -T 8 -n 200 -m 200 -q 5000 -layout dense -player careful", 1),
		want: map[string]float64{"games": 1, "side": 2, "operations": 1}, named: []string{"side", "operations"}},
	// A quadratic cascade: commands × height² × width; about 1.5 s at 1×.
	{game: "tower", input: generated("tower -datasets 6 -n 50 -m 50 -cmds 400 -careful", 1),
		want: map[string]float64{"commands": 1, "height": 2, "width": 1}, named: []string{"height"}},
	// An exhaustive search over sets of mines: boards × 2^mines. 1,000 boards 12x3, a mine
	// and a half a row: at 1/2 of the rows, 9 mines, about 0.6 s; at 1/4, 4 or 5 mines,
	// about 7 ms (with 500 boards, under the noise floor; with 5,000, 1/2 is over the limit);
	// at 1/8 no board scales (3 rows at least). The whole case and any share of its boards
	// time out, so the growth along the boards is not measured. Three columns do not scale.
	{game: "datamining", input: func(testing.TB) []byte { return searchBoards(1000) },
		want: map[string]float64{"rows": exponential}, named: []string{"rows"}, unmeasured: []string{"boards", "columns"}},
}

// generated is the input of the case a generator call makes from seed.
func generated(call string, seed uint64) func(t testing.TB) []byte {
	return func(t testing.TB) []byte {
		t.Helper()
		g, err := gen.Gen(call, nil)
		if err != nil {
			t.Fatal(err)
		}
		return games.Generate[engine.Case](g, seed).Encode()
	}
}

// searchBoards is an input of boards 12x3 whose rows alternate MM. and M..: 18 mines a
// board, as dense in any window of rows.
func searchBoards(boards int) []byte {
	board := testcase.Datamining{}
	for range boards {
		var rows []string
		for i := range 12 {
			rows = append(rows, []string{"MM.", "M.."}[i%2])
		}
		board.Boards = append(board.Boards, rows)
	}
	return board.Encode()
}

// writeTest writes input as the test NAME.in of a folder, with fast's answer as NAME.ans,
// and returns its path.
func writeTest(t testing.TB, g games.Game, input []byte) string {
	t.Helper()
	var want strings.Builder
	if err := g.Fast(input, &want); err != nil {
		t.Fatalf("fast on the test: %v", err)
	}
	path := filepath.Join(t.TempDir(), "1.in")
	if err := os.WriteFile(path, input, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(strings.TrimSuffix(path, ".in")+".ans", []byte(want.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// explained is what judge -explain -json says of one test.
type explained struct {
	verdict string
	growth  []engine.Growth
}

// judgeExplain runs judge -explain -json on the test at path.
func judgeExplain(t testing.TB, game, program, path string) explained {
	t.Helper()
	code, out, errs := call(t, "", "judge", "-game", game, "-cmd", program, "-explain", "-json", path)
	var judged struct {
		Results []struct {
			Verdict string
			Growth  []engine.Growth
		}
	}
	if err := json.Unmarshal([]byte(out), &judged); err != nil || code != exitFound || len(judged.Results) != 1 {
		t.Fatalf("judge -explain -json: exit %d, %v\n%s\n%s", code, err, out, errs)
	}
	return explained{verdict: judged.Results[0].Verdict, growth: judged.Results[0].Growth}
}

// TestGrowthIsExplained: judge -explain on a case mine's program of testdata/growth times
// out on gives, in -json, a growth along each of the game's dimensions at each scale,
// probes measured or recorded as over the limit, and fast's beside them. The exponents
// are not checked here: they are ratios of CPU times, and a test does not fail on a
// loaded machine's timing; BenchmarkGrowthOfKnownPrograms measures them side by side for
// every game and logs how far each is from the known one.
func TestGrowthIsExplained(t *testing.T) {
	dir := clitest.Build(t, "growth", "./testdata/growth/...")
	k := knownGrowths[0]
	g, err := games.Lookup(k.game)
	if err != nil {
		t.Fatal(err)
	}
	x := judgeExplain(t, k.game, filepath.Join(dir, k.game), writeTest(t, g, k.input(t)))
	if x.verdict != "TLE" {
		t.Fatalf("verdict %s, want TLE", x.verdict)
	}
	s, _ := g.(engine.Scaler)
	var dims []string
	for _, gr := range x.growth {
		dims = append(dims, gr.Dimension)
		if len(gr.Scales) != 4 || len(gr.Code) != 4 || len(gr.Fast) != 4 || gr.Scales[3] != 1 {
			t.Errorf("%s: scales %v, program %v, fast %v: want four of each, up to 1", gr.Dimension, gr.Scales, gr.Code, gr.Fast)
		}
		measured := 0
		for i, sec := range gr.Code {
			if sec > 0 && sec <= g.TimeLimit().Seconds()*1.5 {
				measured++
			}
			if sec < 0 && i < 3 && gr.Code[i+1] >= 0 && gr.Code[i+1] < 0.5 {
				t.Errorf("%s: over the limit at scale %v, yet %vs at the next", gr.Dimension, gr.Scales[i], gr.Code[i+1])
			}
		}
		if measured < 2 {
			t.Errorf("%s: %d probes measured under the limit (%v), want at least two to fit", gr.Dimension, measured, gr.Code)
		}
	}
	if !slices.Equal(dims, s.Dimensions()) {
		t.Errorf("growth along %v, want the game's dimensions %v", dims, s.Dimensions())
	}
	t.Logf("\n%s%s", engine.GrowthTable(x.growth, "the program", "fast", g.TimeLimit()), engine.GrowthSentence(x.growth, "the program", "fast"))
}

// BenchmarkGrowthOfKnownPrograms: for each game, judge -explain on a case its program of
// testdata/growth times out on; it reports the fitted exponent along each dimension
// (exp-DIM) and logs the table and how far it is from the known growth (exponentSlack).
// Run it on a quiet machine: go test ./cmd/diff -run '^$' -bench GrowthOfKnown -benchtime 1x
func BenchmarkGrowthOfKnownPrograms(b *testing.B) {
	dir := clitest.Build(b, "growth", "./testdata/growth/...")
	for _, k := range knownGrowths {
		b.Run(k.game, func(b *testing.B) {
			g, err := games.Lookup(k.game)
			if err != nil {
				b.Fatal(err)
			}
			path := writeTest(b, g, k.input(b))
			for b.Loop() {
				x := judgeExplain(b, k.game, filepath.Join(dir, k.game), path)
				b.Logf("\n%s%s", engine.GrowthTable(x.growth, "the program", "fast", g.TimeLimit()), engine.GrowthSentence(x.growth, "the program", "fast"))
				for _, gr := range x.growth {
					b.Logf("%s: base probe at %.4f of it: the program %.3fs, fast %.3fs", gr.Dimension, gr.BaseScale, gr.CodeBase, gr.FastBase)
				}
				if problems := k.check(x); len(problems) > 0 {
					b.Logf("off the known growth: %s", strings.Join(problems, "; "))
				}
				for _, gr := range x.growth {
					if e := float64(gr.CodeExponent); !math.IsNaN(e) {
						b.ReportMetric(e, "exp-"+gr.Dimension)
					}
				}
			}
		})
	}
}

// check lists what x gets wrong of the known growth.
func (k knownGrowth) check(x explained) []string {
	var problems []string
	if x.verdict != "TLE" {
		return []string{fmt.Sprintf("verdict %s, want TLE", x.verdict)}
	}
	dims := map[string]engine.Growth{}
	for _, g := range x.growth {
		dims[g.Dimension] = g
	}
	for dim, want := range k.want {
		g, ok := dims[dim]
		e := float64(g.CodeExponent)
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("no growth along %s", dim))
		case math.IsNaN(e):
			problems = append(problems, fmt.Sprintf("%s: too few runs to fit an exponent (%v s)", dim, g.Code))
		case want == exponential && e <= exponentialAbove:
			problems = append(problems, fmt.Sprintf("%s: exponent %.2f, want above %v (exponential)", dim, e, exponentialAbove))
		case want != exponential && math.Abs(e-want) > exponentSlack:
			problems = append(problems, fmt.Sprintf("%s: exponent %.2f, want %v±%v", dim, e, want, exponentSlack))
		}
	}
	for _, g := range x.growth {
		if _, ok := k.want[g.Dimension]; !ok && !slices.Contains(k.unmeasured, g.Dimension) {
			problems = append(problems, fmt.Sprintf("a growth along %s, which %s has not", g.Dimension, k.game))
		}
	}
	sentence := engine.GrowthSentence(x.growth, "the program", "fast")
	if !slices.ContainsFunc(k.named, func(dim string) bool { return strings.Contains(sentence, " in "+dim+":") }) {
		problems = append(problems, fmt.Sprintf("the sentence %q names none of %s", sentence, strings.Join(k.named, ", ")))
	}
	return problems
}
