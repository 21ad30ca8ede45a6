package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/gen"
	"gamediff/outcome"
	"gamediff/report"
	"gamediff/testcase"
	"gamediff/testutil/clitest"
	"gamediff/testutil/cpuclock"
)

// A time-out explains itself (docs/hunt.md): the programs of testdata/growth, right but
// slow in a way known beforehand, are judged with -explain on a case they time out on, and
// the growth table must find what is known of them. Their time is charged in CPU time by
// the programs themselves (testdata/growth/cost), so it is their cost function on any
// machine: a case costs what the test sets, and the exponents are exact, give or take
// what the programs' real work adds.

// knownGrowth is a program of testdata/growth, the case it is judged on, and its growth:
// the exponent along each dimension (exponential: any above exponentialAbove), and the
// dimensions the report may name as the one where it grows faster than fast.
type knownGrowth struct {
	game  string
	input func(t testing.TB) []byte
	// pin is the dimension scaled by half whose probe costs cost times the limit ("": the
	// case itself).
	pin  string
	cost float64
	want map[string]float64
	// named lists the dimensions the sentence may name.
	named []string
	// unmeasured lists the dimensions whose every probe may time out or fall under the
	// noise floor: the exponent is then unknown ("?"), and not checked.
	unmeasured []string
	// unshrunk keeps the limit from going under growthBase (limit), for a growth that a
	// shorter one cannot measure: its probes would fall under the engine's noise floor
	// (engine/scale.go's noiseFloor, which GAMEDIFF_TEST_LIMITS does not scale and a slower
	// machine does not move).
	unshrunk bool
}

// limit is the time limit k's case is judged under: growthLimit, never under its
// unscaled value for a growth that is unshrunk.
func (k knownGrowth) limit() time.Duration {
	if k.unshrunk {
		return max(growthLimit, growthBase)
	}
	return growthLimit
}

// exponential stands in knownGrowth.want for a growth faster than any power: what is
// checked is that the fitted exponent, between the scales where the program runs within
// the limit and long enough to tell, is above exponentialAbove.
const (
	exponential      = math.MaxFloat64
	exponentialAbove = 3.0
)

// exponentSlack is how far a fitted exponent may be from the true one: the programs' real
// work (reading the input, ref's play) comes on top of their charged cost.
const exponentSlack = 0.2

// growthBase is the time limit the growth tests judge under, before it is scaled as every
// limit a test sets (growthLimit): every probe of a table costs at most twice it, and the
// exponents are ratios, the same under any limit.
const growthBase = 250 * time.Millisecond

var growthLimit = cpuclock.Limit(growthBase)

var knownGrowths = []knownGrowth{
	// A board scan per operation: operations × rows × columns. The opening cascade sweeps
	// most of the board, then a long game; two and a half times the limit at 1×, so that
	// 1/4 is measured well within it. The cases are small, so that the programs' real
	// work, which a loaded or slower machine stretches, is little beside what they are
	// charged: a larger board's opening cascade, which scaling the operations keeps whole,
	// put a quarter of the operations near the limit under a third of it
	// (GAMEDIFF_TEST_LIMITS=1/3; docs/ci.md has the figures).
	{game: "mine", input: generated("mine -n 100 -m 100 -q 1000 -scenario cascade-long-game", 1), cost: 2.5,
		want: map[string]float64{"operations": 1, "rows": 1, "columns": 1}, named: []string{"operations", "rows", "columns"}},
	// A board scan per click: games × operations × side². Eight games, so that 1/8, 1/4
	// and 1/2 of them are whole numbers of games. The program answers with fast and counts
	// its clicks on ref's play that prints nothing, so that its real work is a small share
	// of a quarter of the operations' charge, under a third of the limit too.
	{game: "boom", input: generated("boom -T 8 -n 200 -m 200 -q 500 -layout dense -player careful", 1), cost: 2.5,
		want: map[string]float64{"games": 1, "side": 2, "operations": 1}, named: []string{"side"}},
	// A quadratic cascade: commands × height² × width. One game of 100 commands, so that
	// the program's real work (its start, ref's play), which does not grow as the charge
	// does, is little beside it: six games of 400 commands bent the fit along the height
	// under a third of the limit (GAMEDIFF_TEST_LIMITS=1/3), as on a slower machine.
	{game: "tower", input: generated("tower -datasets 1 -n 50 -m 50 -cmds 100 -careful", 1), cost: 2.5,
		want: map[string]float64{"commands": 1, "height": 2, "width": 1}, named: []string{"height"}},
	// An exhaustive search over sets of mines: boards × cells × 2^mines. 1,000 boards 12x3,
	// a mine and a half a row: half the rows cost half the limit, the whole case thousands
	// of times it; a quarter of them a sixteenth of the half. The whole case and any share
	// of its boards time out, so the growth along the boards is not measured; three columns
	// do not scale. A quarter of the rows costs 1/32 of the limit: under a third of the
	// limit (GAMEDIFF_TEST_LIMITS=1/3) it fell under the engine's noise floor, which left
	// one probe to fit, so the limit is unshrunk.
	{game: "datamining", input: func(testing.TB) []byte { return searchBoards(1000) }, pin: "rows", cost: 0.5,
		want: map[string]float64{"rows": exponential}, named: []string{"rows"}, unmeasured: []string{"boards", "columns"}, unshrunk: true},
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
	growth  []outcome.Growth
}

// judgeExplain runs judge -explain -json on the test at path, under limit.
func judgeExplain(t testing.TB, game, program, path string, limit time.Duration) explained {
	t.Helper()
	code, out, errs := call(t, "", "judge", "-game", game, "-cmd", program, "-timeout", limit.String(), "-explain", "-json", path)
	var judged struct {
		Results []struct {
			Verdict string
			Growth  []outcome.Growth
		}
	}
	if err := json.Unmarshal([]byte(out), &judged); err != nil || code != exitFound || len(judged.Results) != 1 {
		t.Fatalf("judge -explain -json: exit %d, %v\n%s\n%s", code, err, out, errs)
	}
	return explained{verdict: judged.Results[0].Verdict, growth: judged.Results[0].Growth}
}

// costed is the command line of a program of testdata/growth whose cost on input is k's:
// its charge per unit of work, from the units of the case (or of its pinned dimension at
// half its scale) that -work prints.
func costed(t testing.TB, k knownGrowth, g games.Game, program string, input []byte) string {
	t.Helper()
	probe := input
	if k.pin != "" {
		c, err := g.Decode(input)
		if err != nil {
			t.Fatal(err)
		}
		half, share := g.(engine.Scaler).Scale(c, k.pin, 0.5)
		if share == 0 {
			t.Fatalf("%s: the case does not scale along %s", k.game, k.pin)
		}
		probe = half.Encode()
	}
	cmd := exec.Command(program, "-work")
	cmd.Stdin = bytes.NewReader(probe)
	out, err := cmd.Output()
	units, perr := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil || perr != nil || units <= 0 {
		t.Fatalf("%s -work: %q, %v, %v", program, out, err, perr)
	}
	ns := k.cost * float64(k.limit().Nanoseconds()) / units
	return fmt.Sprintf("%s -ns %g", program, ns)
}

// TestGrowthIsExplained: judge -explain on a case each game's program of testdata/growth
// times out on gives, in -json, a growth along each of the game's dimensions, probes
// measured or recorded as over the limit, fast's beside them, and the exponents and the
// dimension named that the programs' cost functions make: exact, since the programs
// charge their cost in CPU time.
func TestGrowthIsExplained(t *testing.T) {
	dir := clitest.Build(t, "growth", "./testdata/growth/...")
	for _, k := range knownGrowths {
		if testing.Short() && k.game != "mine" {
			continue
		}
		t.Run(k.game, func(t *testing.T) {
			t.Parallel()
			g, err := games.Lookup(k.game)
			if err != nil {
				t.Fatal(err)
			}
			input := k.input(t)
			x := judgeExplain(t, k.game, costed(t, k, g, filepath.Join(dir, k.game), input), writeTest(t, g, input), k.limit())
			s, _ := g.(engine.Scaler)
			var dims []string
			for _, gr := range x.growth {
				dims = append(dims, gr.Dimension)
				if len(gr.Scales) == 0 || gr.Scales[len(gr.Scales)-1] != 1 || len(gr.Code) != len(gr.Scales) || len(gr.Fast) != len(gr.Scales) {
					t.Errorf("%s: scales %v, program %v, fast %v: want a time of each at each scale, up to 1", gr.Dimension, gr.Scales, gr.Code, gr.Fast)
				}
			}
			if !slices.Equal(dims, s.Dimensions()) {
				t.Errorf("growth along %v, want the game's dimensions %v", dims, s.Dimensions())
			}
			if problems := k.check(x); len(problems) > 0 {
				t.Errorf("off the known growth: %s", strings.Join(problems, "; "))
			}
			t.Logf("\n%s%s", report.GrowthTable(x.growth, "the program", "fast", k.limit()), report.GrowthSentence(x.growth, "the program", "fast"))
		})
	}
}

// check lists what x gets wrong of the known growth.
func (k knownGrowth) check(x explained) []string {
	var problems []string
	if x.verdict != "TLE" {
		return []string{fmt.Sprintf("verdict %s, want TLE", x.verdict)}
	}
	dims := map[string]outcome.Growth{}
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
	sentence := report.GrowthSentence(x.growth, "the program", "fast")
	if !slices.ContainsFunc(k.named, func(dim string) bool { return slices.Contains(namedIn(sentence), dim) }) {
		problems = append(problems, fmt.Sprintf("the sentence %q names none of %s", sentence, strings.Join(k.named, ", ")))
	}
	return problems
}

// namedIn is the dimensions a growth sentence names: "… grows fastest in rows: …", or
// "… grows as fast in operations, rows and columns alike: …".
func namedIn(sentence string) []string {
	_, after, _ := strings.Cut(sentence, " in ")
	list, _, _ := strings.Cut(after, ":")
	list = strings.TrimSuffix(list, " alike")
	return strings.FieldsFunc(strings.ReplaceAll(list, " and ", ","), func(r rune) bool { return r == ',' || r == ' ' })
}
