package scale

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"gamediff/gen"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"

	"github.com/leanovate/gopter"
)

// scales are the scales a time-out's growth is measured at, smallest first.
var scales = []float64{1.0 / 8, 1.0 / 4, 1.0 / 2}

// scaleCheck is what the scaling tests hold every game's scaled cases to: each scaled
// case valid, Scale deterministic, the scaled dimension and the input smaller, and smaller
// still at a smaller scale; then what the game keeps (kept), on every scale that applied.
type scaleCheck[C interface{ Encode() []byte }] struct {
	scaling Scaling[C]
	decode  func([]byte) (C, error)
	// measure is the size of a case along a dimension, for the monotony check.
	measure func(c C, dim string) int
	// kept checks that scaled, c scaled along dim by f, still plays what c plays.
	kept func(t *testing.T, c, scaled C, dim string, f float64)
}

func (sc scaleCheck[C]) run(t *testing.T, call string, seed int64) {
	c := drawCase[C](t, call, seed)
	original := c.Encode()
	for _, dim := range sc.scaling.Dimensions {
		t.Run(dim, func(t *testing.T) {
			size, bytesBefore := sc.measure(c, dim), len(original)
			scaled := 0
			for i := len(scales) - 1; i >= 0; i-- { // 1/2 first: each next one is smaller
				f := scales[i]
				s, share := sc.scaling.Scale(c, dim, f)
				if share == 0 {
					continue
				}
				if want := float64(sc.measure(s, dim)) / float64(sc.measure(c, dim)); math.Abs(share-want) > 1e-9 {
					t.Errorf("scaled by %v: says it keeps %v of %s, keeps %v", f, share, dim, want)
				}
				scaled++
				input := s.Encode()
				if _, err := sc.decode(input); err != nil {
					t.Fatalf("scaled by %v: not valid: %v", f, err)
				}
				if again, _ := sc.scaling.Scale(c, dim, f); !bytes.Equal(again.Encode(), input) {
					t.Fatalf("scaled by %v twice: two cases", f)
				}
				if got := sc.measure(s, dim); got >= size || float64(got) > scaleSlack*f*float64(sc.measure(c, dim)) {
					t.Errorf("scaled by %v: %s %d, was %d (at the larger scale) of %d", f, dim, got, size, sc.measure(c, dim))
				} else {
					size = got
				}
				if len(input) > bytesBefore {
					t.Errorf("scaled by %v: %d bytes, more than %d at the larger scale", f, len(input), bytesBefore)
				}
				bytesBefore = len(input)
				sc.kept(t, c, s, dim, f)
			}
			if scaled == 0 {
				t.Errorf("%s: no scale applied to a case of %d", dim, sc.measure(c, dim))
			}
			t.Logf("%s: %d of %d bytes at 1/8 (or the smallest scale that applied)", dim, bytesBefore, len(original))
		})
	}
}

// drawCase is the case the call's generator makes from seed.
func drawCase[C any](t *testing.T, call string, seed int64) C {
	t.Helper()
	g, err := gen.Gen(call, nil)
	if err != nil {
		t.Fatal(err)
	}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(seed))
	v, ok := g(params).Retrieve()
	if !ok {
		t.Fatalf("%s, seed %d: no case", call, seed)
	}
	return v.(C)
}

// TestBySizeTracksTheShareKept: a sample of games of very unequal lengths (those of a boom
// case, in operations played; picked evenly by position, a quarter of them held a fifth
// less than a quarter of the operations, an eighth over a third more) holds, at every scale,
// within 10% of its share of the whole, each game once, in the case's order.
func TestBySizeTracksTheShareKept(t *testing.T) {
	size := []int{5000, 3344, 3079, 3763, 823, 5000, 3060, 5000}
	total := 0
	for _, n := range size {
		total += n
	}
	for _, k := range []int{1, 2, 4, 8} {
		picked := bySize(size, k)
		sum := 0
		for _, i := range picked {
			sum += size[i]
		}
		share := float64(total) * float64(k) / float64(len(size))
		if len(picked) != k || !slices.IsSorted(picked) || len(slices.Compact(slices.Clone(picked))) != k || float64(sum) < 0.9*share || float64(sum) > 1.1*share {
			t.Errorf("%d of %v: %v, %d in all, want %d in order holding %.0f±10%%", k, size, picked, sum, k, share)
		}
	}
}

// mineGame is what a mine case's game does, as ref plays it.
type mineGame struct {
	read       int // operations read, the Quit not counted
	cascade    int // the most cells one operation swept
	dsweeps    int // DSweeps that swept cells
	end        string
	firstSwept int // cells the first operation that swept any swept
}

func mineGameOf(c testcase.Mine) mineGame {
	var p mineGame
	g := ref.NewMineGame(c.Board)
	for _, op := range c.Ops {
		p.end = g.Play(op.Kind.String(), op.X, op.Y)
		if op.Kind != testcase.MineQuit {
			p.read++
		}
		swept := len(g.Newly())
		if p.end == "game over" {
			swept = 0
		}
		p.cascade = max(p.cascade, swept)
		if p.firstSwept == 0 {
			p.firstSwept = swept
		}
		if op.Kind == testcase.MineDSweep && swept > 0 {
			p.dsweeps++
		}
		if p.end != "" {
			break
		}
	}
	return p
}

func TestMineScaling(t *testing.T) {
	check := scaleCheck[testcase.Mine]{scaling: Mine, decode: testcase.DecodeMine,
		measure: func(c testcase.Mine, dim string) int {
			return map[string]int{"operations": mineGameOf(c).read, "rows": len(c.Board), "columns": len(c.Board[0])}[dim]
		},
		kept: func(t *testing.T, c, s testcase.Mine, dim string, f float64) {
			was, is := mineGameOf(c), mineGameOf(s)
			if dim == "operations" {
				// A prefix of the game: the same opening.
				if is.read == 0 || is.firstSwept != was.firstSwept && is.read > 1 {
					t.Errorf("%s by %v: the game %+v, was %+v: want a prefix, the opening kept", dim, f, is, was)
				}
				return
			}
			// A cropped board: as many operations read at every scale; at 1/2, still cascading
			// (the opening), still DSweeping where the game did.
			if is.read != was.read || f == 0.5 && (was.cascade > 1 && is.cascade <= 1 || was.dsweeps > 0 && is.dsweeps == 0) {
				t.Errorf("%s by %v: the game %+v, was %+v: want as many operations read, a cascade, DSweeps that sweep", dim, f, is, was)
			}
		},
	}
	for i, call := range []string{
		"mine -n 300 -m 300 -q 4000 -scenario cascade-long-game",
		"mine -n 120 -m 150 -q 2000 -scenario dense-dsweep",
		"mine -n 200 -m 200 -q 3000 -scenario cascade",
		"mine -n 100 -m 100 -q 1500 -scenario careful",
		"mine -n 100 -m 100 -q 1500 -scenario wrong-flag-boom",
		"mine -n 200 -m 200 -q 3000 -scenario quit-middle",
	} {
		t.Run(call, func(t *testing.T) { check.run(t, call, int64(i)) })
	}
}

// boomPlayed is what a boom case's games do, as ref plays them.
type boomPlayed struct {
	read    []int // per game, the operations before its end and the one that ends it
	cascade int   // the most cells one operation opened
	middles int   // middle clicks that opened cells
}

func boomGamesOf(c testcase.Boom) boomPlayed {
	var p boomPlayed
	for _, game := range c.Games {
		g, read := ref.NewBoomGame(game.Board), 0
		for _, op := range game.Ops {
			if g.Over() {
				break
			}
			read++
			before := g.Unopened()
			g.Play(int(op.Kind), op.X, op.Y)
			opened := before - g.Unopened()
			p.cascade = max(p.cascade, opened)
			if op.Kind == testcase.BoomMiddle && opened > 0 {
				p.middles++
			}
		}
		p.read = append(p.read, read)
	}
	return p
}

func TestBoomScaling(t *testing.T) {
	check := scaleCheck[testcase.Boom]{scaling: Boom, decode: testcase.DecodeBoom,
		measure: func(c testcase.Boom, dim string) int {
			total := 0
			for _, g := range c.Games {
				total += map[string]int{"games": 1, "side": len(g.Board) + len(g.Board[0]), "operations": len(g.Ops)}[dim]
			}
			return total
		},
		kept: func(t *testing.T, c, s testcase.Boom, dim string, f float64) {
			was, is := boomGamesOf(c), boomGamesOf(s)
			if dim != "side" {
				return
			}
			if !slices.Equal(is.read, was.read) || f == 0.5 && (was.cascade > 1 && is.cascade <= 1 || was.middles > 0 && is.middles == 0) {
				t.Errorf("%s by %v: the games %+v, were %+v: want as many operations read, a cascade, middle clicks that open", dim, f, is, was)
			}
		},
	}
	for i, call := range []string{
		"boom -T 3 -n 150..200 -m 150..200 -q 3000 -layout dense -player careful",
		"boom -T 2 -n 200 -m 200 -q 3000 -layout sparse",
		"boom -T 8 -n 3..60 -m 3..60 -q 0..600",
		"boom -T 10 -q 1..300 -layout real",
	} {
		t.Run(call, func(t *testing.T) { check.run(t, call, int64(i)) })
	}
}

// towerPlayed is what a tower case's datasets do, as ref plays them: per dataset, the
// commands before its end and the one that ends it, its result, and the rulings reached.
type towerPlayed struct {
	read    []int
	results []string
	seen    ruling.Set
}

func towerGamesOf(c testcase.Tower) towerPlayed {
	var p towerPlayed
	for _, d := range c.Datasets {
		last, _ := playedTower(d)
		p.read = append(p.read, last+1)
	}
	for _, d := range ruling.TowerDatasets(c.Encode()) {
		p.results = append(p.results, d.Result)
		p.seen |= d.Seen
	}
	return p
}

func TestTowerScaling(t *testing.T) {
	check := scaleCheck[testcase.Tower]{scaling: Tower, decode: testcase.DecodeTower,
		measure: func(c testcase.Tower, dim string) int {
			total := 0
			for _, d := range c.Datasets {
				total += map[string]int{"commands": len(d.Cmds), "height": len(d.Rows), "width": len(d.Rows[0])}[dim]
			}
			return total
		},
		kept: func(t *testing.T, c, s testcase.Tower, dim string, f float64) {
			was, is := towerGamesOf(c), towerGamesOf(s)
			if dim == "commands" {
				return
			}
			short := 0
			for i := range was.read {
				if is.read[i] < was.read[i] {
					short++
				}
			}
			if short > len(was.read)/10 || f == 0.5 && was.seen&ruling.T16 != 0 && is.seen&ruling.T16 == 0 {
				t.Errorf("%s by %v: %d of %d datasets end sooner (%v, were %v; %q, were %q); blocks fall: %v, did %v", dim, f, short, len(was.read),
					is.read, was.read, is.results, was.results, is.seen&ruling.T16 != 0, was.seen&ruling.T16 != 0)
			}
		},
	}
	for i, call := range []string{
		"tower -datasets 20 -n 40..50 -m 40..50 -cmds 100..300 -careful",
		"tower -datasets 40 -n 10..25 -m 10..25 -cmds 20..120",
		"tower -datasets 10 -n 30..50 -m 3..6 -cmds 0..80",
	} {
		t.Run(call, func(t *testing.T) { check.run(t, call, int64(i)) })
	}
}

func TestDataminingScaling(t *testing.T) {
	check := scaleCheck[testcase.Datamining]{scaling: Datamining, decode: testcase.DecodeDatamining,
		measure: func(c testcase.Datamining, dim string) int {
			total := 0
			for _, b := range c.Boards {
				total += map[string]int{"boards": 1, "rows": len(b), "columns": len(b[0])}[dim]
			}
			return total
		},
		kept: func(t *testing.T, c, s testcase.Datamining, dim string, f float64) {
			// The share of mines: within a tenth of the board's, over all boards.
			density := func(c testcase.Datamining) float64 {
				all := ""
				for _, b := range c.Boards {
					all += strings.Join(b, "")
				}
				return float64(strings.Count(all, "M")) / float64(len(all))
			}
			if was, is := density(c), density(s); is < was-0.1 || is > was+0.1 {
				t.Errorf("%s by %v: %.2f of the cells mines, was %.2f", dim, f, is, was)
			}
		},
	}
	for i, call := range []string{
		"datamining -boards 300",
		"datamining -boards 100 -cells 36..40 -kind stuck",
		"datamining -every-shape -kind some-start",
	} {
		t.Run(call, func(t *testing.T) { check.run(t, call, int64(i)) })
	}
}

func (p towerPlayed) String() string { return fmt.Sprint(p.read) }

// TestScalingKeepsTheForm: a case laid out in every form the rules allow (tabs, runs of
// blanks, \v and \f, \r\n, no final newline) keeps its layout when scaled along any
// dimension, in every game: a reader's slip that the found case shows, its narrowed case
// shows too.
func TestScalingKeepsTheForm(t *testing.T) {
	shown := testcase.AllForms &^ testcase.FormSplit // what the bytes alone show (FormsIn)
	check := func(t *testing.T, dims []string, scale func(dim string, f float64) ([]byte, float64)) {
		for _, dim := range dims {
			for _, f := range scales {
				input, share := scale(dim, f)
				if share == 0 {
					continue
				}
				if got := testcase.FormsIn(input) & shown; got != shown {
					t.Errorf("%s by %v: the scaled case shows the forms %b of %b", dim, f, got, shown)
				}
			}
		}
	}
	t.Run("mine", func(t *testing.T) {
		c := drawCase[testcase.Mine](t, "mine -n 100 -m 100 -q 1500 -scenario careful", 1).InForm(shown)
		check(t, Mine.Dimensions, func(dim string, f float64) ([]byte, float64) {
			s, share := Mine.Scale(c, dim, f)
			return s.Encode(), share
		})
	})
	t.Run("boom", func(t *testing.T) {
		c := drawCase[testcase.Boom](t, "boom -T 8 -n 3..60 -m 3..60 -q 0..600", 1)
		c.Form = shown
		check(t, Boom.Dimensions, func(dim string, f float64) ([]byte, float64) {
			s, share := Boom.Scale(c, dim, f)
			return s.Encode(), share
		})
	})
	t.Run("tower", func(t *testing.T) {
		c := drawCase[testcase.Tower](t, "tower -datasets 10 -n 10..25 -m 10..25 -cmds 20..120", 1)
		c.Form = shown
		check(t, Tower.Dimensions, func(dim string, f float64) ([]byte, float64) {
			s, share := Tower.Scale(c, dim, f)
			return s.Encode(), share
		})
	})
	t.Run("datamining", func(t *testing.T) {
		c := drawCase[testcase.Datamining](t, "datamining -boards 100", 1)
		c.Form = shown
		check(t, Datamining.Dimensions, func(dim string, f float64) ([]byte, float64) {
			s, share := Datamining.Scale(c, dim, f)
			return s.Encode(), share
		})
	})
}
