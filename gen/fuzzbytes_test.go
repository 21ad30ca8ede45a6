package gen

import (
	"bytes"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gamediff/testcase"
)

// fuzzGame is one game as the Diff fuzz targets see it: the strict decoder, FromBytes,
// Bytes, Encode, and whether two cases are near (see each game's near function).
type fuzzGame[C any] struct {
	name      string
	gen       func(t *testing.T, n int) []C
	decode    func([]byte) (C, error)
	fromBytes func([]byte) C
	bytes     func(C) []byte
	encode    func(C) []byte
	near      func(a, b C) bool
}

var (
	mineFuzz = fuzzGame[testcase.Mine]{"mine", func(t *testing.T, n int) []testcase.Mine { return drawCases[testcase.Mine](t, MineGen(nil), n) },
		testcase.DecodeMine, testcase.MineFromBytes, testcase.Mine.Bytes, testcase.Mine.Encode, nearMine}
	boomFuzz = fuzzGame[testcase.Boom]{"boom", func(t *testing.T, n int) []testcase.Boom { return drawCases[testcase.Boom](t, BoomGen(nil), n) },
		testcase.DecodeBoom, testcase.BoomFromBytes, testcase.Boom.Bytes, testcase.Boom.Encode, nearBoom}
	towerFuzz = fuzzGame[testcase.Tower]{"tower", func(t *testing.T, n int) []testcase.Tower { return drawCases[testcase.Tower](t, TowerGen(nil), n) },
		testcase.DecodeTower, testcase.TowerFromBytes, testcase.Tower.Bytes, testcase.Tower.Encode, nearTower}
	dataminingFuzz = fuzzGame[testcase.Datamining]{"datamining", func(t *testing.T, n int) []testcase.Datamining {
		return drawCases[testcase.Datamining](t, DataminingGen(nil), n)
	},
		testcase.DecodeDatamining, testcase.DataminingFromBytes, testcase.Datamining.Bytes, testcase.Datamining.Encode, nearDatamining}
)

// corpusCases are the valid inputs of corpus/<name>.
func corpusCases[C any](t *testing.T, g fuzzGame[C]) []C {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "corpus", g.name, "*.in"))
	if err != nil {
		t.Fatal(err)
	}
	var out []C
	for _, f := range files {
		input, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if c, err := g.decode(input); err == nil {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no valid %s case in the corpus", g.name)
	}
	return out
}

func checkBytesRoundTrip[C any](t *testing.T, g fuzzGame[C], cases []C) {
	t.Helper()
	for i, c := range cases {
		want := g.encode(c)
		if got := g.encode(g.fromBytes(g.bytes(c))); !bytes.Equal(got, want) {
			t.Fatalf("%s case %d: FromBytes(Bytes()) encodes to\n%s\nwant\n%s", g.name, i, clip(got), clip(want))
		}
	}
}

func clip(b []byte) []byte {
	if len(b) > 600 {
		return append(b[:600:600], "…"...)
	}
	return b
}

// TestBytesRoundTrip: FromBytes(c.Bytes()) encodes to exactly c.Encode(), for generated
// cases of every game, the corpus's valid cases, and cases at the edges of each format.
func TestBytesRoundTrip(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	t.Run("mine", func(t *testing.T) {
		checkBytesRoundTrip(t, mineFuzz, mineFuzz.gen(t, 300))
		checkBytesRoundTrip(t, mineFuzz, corpusCases(t, mineFuzz))
		wide := testcase.Mine{Board: []string{strings.Repeat(".", 300) + "*"}, Ops: []testcase.MineOp{{Kind: testcase.MineQuit}, {Kind: testcase.MineDSweep, X: 1, Y: 301}}}
		tall := testcase.Mine{Board: slices.Repeat([]string{"*"}, testcase.MineMaxSide)}
		for range testcase.MineMaxOps - 1 {
			tall.Ops = append(tall.Ops, testcase.MineOp{Kind: testcase.MineFlag, X: testcase.MineMaxSide, Y: 1})
		}
		tall.Ops = append(tall.Ops, testcase.MineOp{Kind: testcase.MineQuit})
		checkBytesRoundTrip(t, mineFuzz, []testcase.Mine{wide, tall})
	})
	t.Run("boom", func(t *testing.T) {
		checkBytesRoundTrip(t, boomFuzz, boomFuzz.gen(t, 300))
		checkBytesRoundTrip(t, boomFuzz, corpusCases(t, boomFuzz))
		g := testcase.BoomGame{Board: []string{"___", "___", "__*"}}
		checkBytesRoundTrip(t, boomFuzz, []testcase.Boom{{Games: []testcase.BoomGame{g, g}}, {Games: slices.Repeat([]testcase.BoomGame{g}, testcase.BoomMaxGames)}})
	})
	t.Run("tower", func(t *testing.T) {
		checkBytesRoundTrip(t, towerFuzz, towerFuzz.gen(t, 300))
		checkBytesRoundTrip(t, towerFuzz, corpusCases(t, towerFuzz))
		d := testcase.TowerDataset{Rows: []string{"G..", "...", "..S"}}
		for _, col := range []int{-129, -128, -127, -1, 0, 1, 3, 4, 127, 128, math.MaxInt32, math.MinInt32} {
			d.Cmds = append(d.Cmds, testcase.TowerCmd{Kind: testcase.TowerMoveTo, Col: col}, testcase.TowerCmd{Kind: testcase.TowerClimbLeft})
		}
		long := testcase.TowerDataset{Rows: d.Rows, Cmds: slices.Repeat([]testcase.TowerCmd{{Kind: testcase.TowerPullRight}}, 70000)}
		checkBytesRoundTrip(t, towerFuzz, []testcase.Tower{{Datasets: []testcase.TowerDataset{d, {Rows: d.Rows}}}, {Datasets: []testcase.TowerDataset{long}},
			{Datasets: slices.Repeat([]testcase.TowerDataset{{Rows: d.Rows}}, 300)}})
	})
	t.Run("datamining", func(t *testing.T) {
		checkBytesRoundTrip(t, dataminingFuzz, dataminingFuzz.gen(t, 300))
		checkBytesRoundTrip(t, dataminingFuzz, corpusCases(t, dataminingFuzz))
	})
}

// The near functions: same sizes (boards, games, datasets), and at most one cell or one
// operation (command) different — changed, added or dropped — over the whole case.

func nearMine(a, b testcase.Mine) bool {
	if len(a.Board) != len(b.Board) || len(a.Board[0]) != len(b.Board[0]) {
		return false
	}
	cells := cellsApart(a.Board, b.Board)
	return cells+editsApart(a.Ops, b.Ops) <= 1
}

func nearBoom(a, b testcase.Boom) bool {
	if len(a.Games) != len(b.Games) {
		return false
	}
	apart := 0
	for i := range a.Games {
		ga, gb := a.Games[i], b.Games[i]
		if len(ga.Board) != len(gb.Board) || len(ga.Board[0]) != len(gb.Board[0]) {
			return false
		}
		apart += cellsApart(ga.Board, gb.Board) + editsApart(ga.Ops, gb.Ops)
	}
	return apart <= 1
}

func nearTower(a, b testcase.Tower) bool {
	if len(a.Datasets) != len(b.Datasets) {
		return false
	}
	apart := 0
	for i := range a.Datasets {
		da, db := a.Datasets[i], b.Datasets[i]
		if len(da.Rows) != len(db.Rows) || len(da.Rows[0]) != len(db.Rows[0]) {
			return false
		}
		apart += cellsApart(da.Rows, db.Rows) + editsApart(da.Cmds, db.Cmds)
	}
	return apart <= 1
}

func nearDatamining(a, b testcase.Datamining) bool {
	if len(a.Boards) != len(b.Boards) {
		return false
	}
	apart := 0
	for i := range a.Boards {
		if len(a.Boards[i]) != len(b.Boards[i]) || len(a.Boards[i][0]) != len(b.Boards[i][0]) {
			return false
		}
		apart += cellsApart(a.Boards[i], b.Boards[i])
	}
	return apart <= 1
}

// cellsApart counts the cells where two boards of the same size differ.
func cellsApart(a, b []string) int {
	n := 0
	for i := range a {
		for j := 0; j < len(a[i]); j++ {
			if a[i][j] != b[i][j] {
				n++
			}
		}
	}
	return n
}

// editsApart is 0 for equal lists, 1 when one element is changed, added or dropped, and
// 2 otherwise.
func editsApart[T comparable](a, b []T) int {
	if slices.Equal(a, b) {
		return 0
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	if len(a)-p-s <= 1 && len(b)-p-s <= 1 {
		return 1
	}
	return 2
}

// nearness mutates one byte of each seed's fuzz input at a time, mutations times per
// seed, at random positions, the ways Go's fuzzer changes a byte in place (in turn: a
// random other value, one bit flipped, a small number added or taken away), and returns
// the share of mutated inputs that the Diff target plays as a case near the seed's, and
// the share it plays as the seed's case itself. asText seeds the target the way it is seeded today, with
// the case's judge input, which is played as it is while it stays valid and goes
// through FromBytes otherwise; else the seed is c.Bytes(), which goes through FromBytes.
func nearness[C any](g fuzzGame[C], seeds []C, asText bool, mutations int) (near, same float64) {
	r := rand.New(rand.NewSource(1))
	total, nearCount, sameCount := 0, 0, 0
	for _, c := range seeds {
		seed := g.bytes(c)
		if asText {
			seed = g.encode(c)
		}
		want := g.encode(c)
		for k := range mutations {
			data := slices.Clone(seed)
			p := r.Intn(len(data))
			switch k % 3 {
			case 0:
				data[p] ^= byte(1 + r.Intn(255))
			case 1:
				data[p] ^= 1 << r.Intn(8)
			default:
				data[p] += byte([]int{1, -1}[r.Intn(2)] * (1 + r.Intn(16)))
			}
			var played C
			if d, err := g.decode(data); asText && err == nil {
				played = d
			} else {
				played = g.fromBytes(data)
			}
			total++
			if g.near(played, c) {
				nearCount++
			}
			if bytes.Equal(g.encode(played), want) {
				sameCount++
			}
		}
	}
	return float64(nearCount) / float64(total), float64(sameCount) / float64(total)
}

// fuzzSeeds are a game's Diff seeds as fuzz/ makes them: the corpus's valid cases and
// 30 generated ones, each at most 4 KiB of judge input.
func fuzzSeeds[C any](t *testing.T, g fuzzGame[C]) []C {
	var out []C
	for _, c := range append(corpusCases(t, g), g.gen(t, 30)...) {
		if len(g.encode(c)) <= 4<<10 {
			out = append(out, c)
		}
	}
	return out
}

// TestBytesSeedsStayNear measures, for each game, the share of one-byte mutations of a
// Diff seed that the target still plays as a case near the seed (same sizes, at most
// one cell or one operation different), with today's text seeds and with Bytes seeds,
// and holds the Bytes seeds to a floor.
func TestBytesSeedsStayNear(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	const mutations = 300
	check := func(name string, before, after, sameBefore, sameAfter float64) {
		t.Logf("%-10s near: text seeds %5.1f%%, Bytes seeds %5.1f%%   (unchanged: %5.1f%%, %5.1f%%)",
			name, 100*before, 100*after, 100*sameBefore, 100*sameAfter)
		if after < 0.75 || after < before+0.2 {
			t.Errorf("%s: %.1f%% of the mutated Bytes seeds are near the seed (text seeds: %.1f%%); want 75%% or more, and 20 points above text",
				name, 100*after, 100*before)
		}
	}
	t.Run("mine", func(t *testing.T) {
		s := fuzzSeeds(t, mineFuzz)
		b, sb := nearness(mineFuzz, s, true, mutations)
		a, sa := nearness(mineFuzz, s, false, mutations)
		check("mine", b, a, sb, sa)
	})
	t.Run("boom", func(t *testing.T) {
		s := fuzzSeeds(t, boomFuzz)
		b, sb := nearness(boomFuzz, s, true, mutations)
		a, sa := nearness(boomFuzz, s, false, mutations)
		check("boom", b, a, sb, sa)
	})
	t.Run("tower", func(t *testing.T) {
		s := fuzzSeeds(t, towerFuzz)
		b, sb := nearness(towerFuzz, s, true, mutations)
		a, sa := nearness(towerFuzz, s, false, mutations)
		check("tower", b, a, sb, sa)
	})
	t.Run("datamining", func(t *testing.T) {
		s := fuzzSeeds(t, dataminingFuzz)
		b, sb := nearness(dataminingFuzz, s, true, mutations)
		a, sa := nearness(dataminingFuzz, s, false, mutations)
		check("datamining", b, a, sb, sa)
	})
}
