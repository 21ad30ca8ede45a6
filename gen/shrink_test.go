package gen

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"

	"gamediff/ref"
	"gamediff/testcase"
)

// minimize is the engine's greedy minimizer in small: it walks the shrinker's candidates
// of the current case, moves to the first one that keeps the property, and starts again
// from it, until none does or budget candidates have been tried. It reports how many
// candidates it accepted and tried.
func minimize[C any](c C, shrink gopter.Shrinker, keeps func(C) bool, budget int) (best C, accepted, tried int) {
	for {
		next := shrink(c)
		found := false
		for !found {
			if tried == budget {
				return c, accepted, tried
			}
			v, ok := next()
			if !ok {
				return c, accepted, tried
			}
			tried++
			if cand := v.(C); keeps(cand) {
				c, found = cand, true
				accepted++
			}
		}
	}
}

func TestSpanStagesHalveDownToSingles(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, ""},
		{1, "[0,1)"},
		{2, "[0,1) [1,2)"},
		{5, "[0,2) [2,4) [4,5) | [0,1) [1,2) [2,3) [3,4) [4,5)"},
		{8, "[0,4) [4,8) | [0,2) [2,4) [4,6) [6,8) | [0,1) [1,2) [2,3) [3,4) [4,5) [5,6) [6,7) [7,8)"},
	} {
		var got []string
		st := newSpanStage(tc.n)
		for {
			for lo, hi, ok := st.next(); ok; lo, hi, ok = st.next() {
				got = append(got, "["+strconv.Itoa(lo)+","+strconv.Itoa(hi)+")")
			}
			if !st.advance() {
				break
			}
			got = append(got, "|")
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("n = %d: stages %q, want %q", tc.n, s, tc.want)
		}
	}
}

// TestShrinkCutsHalvesEveryListFirst: the halves of every list come before any quarter,
// lists in the given order; cuts that are not allowed are skipped; lists are counted
// only when reached.
func TestShrinkCutsHalvesEveryListFirst(t *testing.T) {
	var got []string
	counted := map[string]bool{}
	list := func(name string, n int, refuse int) cutList {
		return cutList{
			size: func() int { counted[name] = true; return n },
			cut: func(lo, hi int) (any, bool) {
				if lo == refuse {
					return nil, false
				}
				return name + "[" + strconv.Itoa(lo) + "," + strconv.Itoa(hi) + ")", true
			},
		}
	}
	next := shrinkCuts(skipTwins, list("ops", 4, -1), list("rows", 2, 0), list("mines", 3, -1))
	v, _ := next()
	if got = append(got, v.(string)); counted["rows"] {
		t.Error("rows counted before the shrinker reached them")
	}
	for v, ok := next(); ok; v, ok = next() {
		got = append(got, v.(string))
	}
	want := "ops[0,2) ops[2,4) rows[1,2) mines[0,1) mines[1,2) mines[2,3) ops[0,1) ops[1,2) ops[2,3) ops[3,4)"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("candidates\n%s\nwant\n%s", s, want)
	}
}

// TestShrinkCutsSkipTwins: a span equal to the one before it in its stage is skipped, in
// every stage, and a shorter last span is never a twin.
func TestShrinkCutsSkipTwins(t *testing.T) {
	items := "aabbbb"
	list := sized(len(items), func(lo, hi int) (any, bool) { return items[:lo] + items[hi:], true }).
		withTwins(func(a, b, n int) bool { return items[a:a+n] == items[b:b+n] })
	var got []string
	for next := shrinkCuts(skipTwins, list); ; {
		v, ok := next()
		if !ok {
			break
		}
		got = append(got, v.(string))
	}
	// Halves aab|bbb; pairs aa|bb|bb (the third a twin); singles a|a|b|b|b|b.
	want := "bbb aab bbbb aabb abbbb aabbb"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("candidates %s, want %s", s, want)
	}
}

// TestShrinkersSkipOnlyRepeats: the spans a stage skips as twins of the span before them
// made candidates already made, so a shrinker's distinct candidates, in their order, are
// the same with and without the skipping, and a minimization walks the same way.
func TestShrinkersSkipOnlyRepeats(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	t.Run("mine", func(t *testing.T) { gameSkipsOnlyRepeats(t, MineGen(nil), shrinkMine) })
	t.Run("boom", func(t *testing.T) { gameSkipsOnlyRepeats(t, BoomGen(nil), shrinkBoom) })
	t.Run("tower", func(t *testing.T) { gameSkipsOnlyRepeats(t, TowerGen(nil), shrinkTower) })
	t.Run("datamining", func(t *testing.T) { gameSkipsOnlyRepeats(t, DataminingGen(nil), shrinkDatamining) })
}

// gameSkipsOnlyRepeats checks twinsSkipOnlyRepeats on the small cases among 40 drawn from
// g (all their candidates, quickly), and that some twins were skipped.
func gameSkipsOnlyRepeats[C interface{ Encode() []byte }](t *testing.T, g gopter.Gen, shrink func(C, twinCuts) gopter.Shrink) {
	cases := slices.DeleteFunc(drawCases[C](t, g, 40), func(c C) bool { return len(c.Encode()) > 8<<10 })
	before, after := twinsSkipOnlyRepeats(t, cases, shrink)
	if len(cases) < 10 || after == before {
		t.Errorf("%d cases, %d twins skipped: the test checks little", len(cases), before-after)
	}
}

// twinsSkipOnlyRepeats checks that shrink's distinct candidates of each case, in their
// order, are the same with twins skipped and without, and returns how many candidates
// there were in all without and with.
func twinsSkipOnlyRepeats[C interface{ Encode() []byte }](t *testing.T, cases []C, shrink func(C, twinCuts) gopter.Shrink) (before, after int) {
	t.Helper()
	distinct := func(c C, twins twinCuts) (order []string, all int) {
		seen := map[string]bool{}
		for next := shrink(c, twins); ; all++ {
			v, ok := next()
			if !ok {
				return order, all
			}
			if e := string(v.(C).Encode()); !seen[e] {
				seen[e] = true
				order = append(order, e)
			}
		}
	}
	for i, c := range cases {
		want, n := distinct(c, keepTwins)
		got, m := distinct(c, skipTwins)
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: the distinct candidates differ with twins skipped (%d against %d)", i, len(got), len(want))
		}
		before, after = before+n, after+m
	}
	return before, after
}

func TestTowardListsSmallerValues(t *testing.T) {
	for _, tc := range []struct{ v, lo int }{{1, 1}, {2, 1}, {3, 1}, {900, 1}, {5, 0}, {-3, 0}} {
		got := toward(tc.v, tc.lo)
		for _, x := range got {
			if x < tc.lo || x >= tc.v {
				t.Errorf("toward(%d, %d) = %v: %d is not in [%d, %d)", tc.v, tc.lo, got, x, tc.lo, tc.v)
			}
		}
		if tc.v > tc.lo && (len(got) == 0 || got[0] != tc.lo) {
			t.Errorf("toward(%d, %d) = %v, want %d first", tc.v, tc.lo, got, tc.lo)
		}
	}
	if got := toward(900, 1); !slices.Equal(got, []int{1, 450, 899}) {
		t.Errorf("toward(900, 1) = %v, want [1 450 899]", got)
	}
}

// The orders in which every candidate of a shrinker is strictly smaller than its case:
// tuples compared lexicographically, each entry a count, so the minimizer always ends.
func mineOrder(c testcase.Mine) []int {
	sum := 0
	for _, op := range c.Ops {
		sum += op.X + op.Y
	}
	return []int{len(c.Ops), len(c.Board) * len(c.Board[0]), strings.Count(strings.Join(c.Board, ""), "*"), sum}
}

func boomOrder(c testcase.Boom) []int {
	ops, cells, mines, coords, kinds := 0, 0, 0, 0, 0
	for _, g := range c.Games {
		ops += len(g.Ops)
		cells += len(g.Board) * len(g.Board[0])
		mines += strings.Count(strings.Join(g.Board, ""), "*")
		for _, op := range g.Ops {
			coords += op.X + op.Y
			kinds += int(op.Kind)
		}
	}
	return []int{len(c.Games), ops, cells, mines, coords, kinds}
}

func towerOrder(c testcase.Tower) []int {
	cmds, cells, blocks, odd, cols := 0, 0, 0, 0, 0
	for _, d := range c.Datasets {
		cmds += len(d.Cmds)
		cells += len(d.Rows) * len(d.Rows[0])
		for _, row := range d.Rows {
			for i := 0; i < len(row); i++ {
				if strings.IndexByte("#ICB123", row[i]) >= 0 {
					blocks++
					if row[i] != '#' {
						odd++
					}
				}
			}
		}
		for _, cmd := range d.Cmds {
			if cmd.Kind == testcase.TowerMoveTo {
				cols += max(cmd.Col, -cmd.Col)
			}
		}
	}
	return []int{len(c.Datasets), cmds, cells, blocks, odd, cols}
}

func dataminingOrder(c testcase.Datamining) []int {
	b, cells, mines := dataminingSize(c)
	return []int{b, cells, mines}
}

// checkEveryCandidate runs every candidate of small generated cases (the numbers phase
// included): each must pass the validator and be strictly smaller in the shrinker's
// order.
func checkEveryCandidate[C any](t *testing.T, g gopter.Gen, shrink gopter.Shrinker, encode func(C) []byte,
	validate func([]byte) error, order func(C) []int, maxBytes, cases int) {
	t.Helper()
	checked, numbers := 0, 0
	for seed := int64(0); checked < cases; seed++ {
		c := drawCase[C](t, g, seed)
		if len(encode(c)) > maxBytes {
			continue
		}
		checked++
		size := order(c)
		next := shrink(c)
		for k := 0; k < 20000; k++ {
			v, ok := next()
			if !ok {
				break
			}
			cand := v.(C)
			if err := validate(encode(cand)); err != nil {
				t.Fatalf("seed %d, candidate %d: invalid: %v\n%s", seed, k, err, encode(cand))
			}
			o := order(cand)
			if slices.Compare(o, size) >= 0 {
				t.Fatalf("seed %d, candidate %d is not smaller: %v, the case %v", seed, k, o, size)
			}
			if slices.Equal(o[:len(o)-1], size[:len(size)-1]) || o[len(o)-1] < size[len(size)-1] && slices.Equal(o[:len(o)-2], size[:len(size)-2]) {
				numbers++
			}
		}
	}
	if numbers == 0 {
		t.Error("no candidate moved a number")
	}
}

func TestEveryShrinkCandidateIsValidAndSmaller(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	t.Run("mine", func(t *testing.T) {
		checkEveryCandidate(t, MineGen(nil), ShrinkMine, testcase.Mine.Encode, func(b []byte) error { _, err := testcase.DecodeMine(b); return err }, mineOrder, 2000, 40)
	})
	t.Run("boom", func(t *testing.T) {
		checkEveryCandidate(t, BoomGen(nil), ShrinkBoom, testcase.Boom.Encode, func(b []byte) error { _, err := testcase.DecodeBoom(b); return err }, boomOrder, 2000, 40)
	})
	t.Run("tower", func(t *testing.T) {
		checkEveryCandidate(t, TowerGen(nil), ShrinkTower, testcase.Tower.Encode, func(b []byte) error { _, err := testcase.DecodeTower(b); return err }, towerOrder, 2000, 40)
	})
	t.Run("datamining", func(t *testing.T) {
		// Datamining has no numbers phase; the check that one exists is for the others.
		c := drawCase[testcase.Datamining](t, DataminingGen(nil), 1)
		o := dataminingOrder(c)
		for next := ShrinkDatamining(c); ; {
			v, ok := next()
			if !ok {
				break
			}
			if slices.Compare(dataminingOrder(v.(testcase.Datamining)), o) >= 0 {
				t.Fatalf("candidate %v not smaller than %v", dataminingOrder(v.(testcase.Datamining)), o)
			}
		}
	})
}

// firstCuts lists the first count candidates of shrink on c, each described by desc.
func firstCuts[C any](c C, shrink gopter.Shrinker, count int, desc func(C) string) []string {
	var out []string
	next := shrink(c)
	for range count {
		v, ok := next()
		if !ok {
			break
		}
		out = append(out, desc(v.(C)))
	}
	return out
}

// TestShrinkersCutHalvesFirst: every shrinker's first candidates are the halves of each
// of its lists (games or datasets, operations or commands, rows, columns, mines or
// blocks), before any smaller cut, so that a case at the limits (a TLE) gets small in a
// few accepted steps.
func TestShrinkersCutHalvesFirst(t *testing.T) {
	t.Run("mine", func(t *testing.T) {
		// 8x8, 8 operations and the Quit, 4 mines.
		c := testcase.Mine{Board: []string{"*.......", "........", "..*.....", "........", "....*...", "........", "......*.", "........"}}
		for i := 1; i <= 8; i++ {
			c.Ops = append(c.Ops, testcase.MineOp{Kind: testcase.MineFlag, X: i, Y: i})
		}
		c.Ops = append(c.Ops, testcase.MineOp{Kind: testcase.MineQuit})
		got := firstCuts(c, ShrinkMine, 8, func(m testcase.Mine) string {
			return "ops " + strconv.Itoa(len(m.Ops)) + " n " + strconv.Itoa(len(m.Board)) + " m " + strconv.Itoa(len(m.Board[0])) + " mines " + strconv.Itoa(strings.Count(strings.Join(m.Board, ""), "*"))
		})
		want := []string{
			"ops 5 n 8 m 8 mines 4", "ops 5 n 8 m 8 mines 4", // the first four, the last four and the Quit
			"ops 5 n 4 m 8 mines 2", "ops 5 n 4 m 8 mines 2", // rows: operations on them go
			"ops 5 n 8 m 4 mines 2", "ops 5 n 8 m 4 mines 2",
			"ops 9 n 8 m 8 mines 2", "ops 9 n 8 m 8 mines 2",
		}
		if !slices.Equal(got, want) {
			t.Errorf("first candidates\n%v\nwant\n%v", got, want)
		}
	})
	t.Run("boom", func(t *testing.T) {
		g := testcase.BoomGame{Board: []string{"*_____", "______", "__*___", "______", "____*_", "______"}}
		for i := 1; i <= 6; i++ {
			g.Ops = append(g.Ops, testcase.BoomOp{Kind: testcase.BoomRight, X: i, Y: i})
		}
		c := testcase.Boom{Games: []testcase.BoomGame{g, g}}
		got := firstCuts(c, ShrinkBoom, 1+2*9, func(b testcase.Boom) string {
			var parts []string
			for _, g := range b.Games {
				parts = append(parts, strconv.Itoa(len(g.Ops))+"/"+strconv.Itoa(len(g.Board))+"x"+strconv.Itoa(len(g.Board[0]))+"/"+strconv.Itoa(strings.Count(strings.Join(g.Board, ""), "*")))
			}
			return strings.Join(parts, " ")
		})
		// Per game: the operations' halves, the rows' (operations on them go; the mines at
		// (1,1), (3,3) in the first half, (5,5) in the second), the columns', and the three
		// mines one by one (half of three is one).
		half := []string{"3/6x6/3", "3/6x6/3", "3/3x6/1", "3/3x6/2", "3/6x3/1", "3/6x3/2", "6/6x6/2", "6/6x6/2", "6/6x6/2"}
		want := []string{"6/6x6/3"} // a game dropped (dropping the other, its twin, is the same case)
		for _, h := range half {
			want = append(want, h+" 6/6x6/3")
		}
		for _, h := range half {
			want = append(want, "6/6x6/3 "+h)
		}
		if !slices.Equal(got, want) {
			t.Errorf("first candidates\n%v\nwant\n%v", got, want)
		}
	})
	t.Run("tower", func(t *testing.T) {
		d := testcase.TowerDataset{
			Rows: []string{"......", "......", "......", "S....G", "##..##", "#I.#.#"},
			Cmds: []testcase.TowerCmd{{Kind: testcase.TowerPushRight}, {Kind: testcase.TowerPushLeft}, {Kind: testcase.TowerClimbLeft}, {Kind: testcase.TowerClimbRight}},
		}
		c := testcase.Tower{Datasets: []testcase.TowerDataset{d, d}}
		got := firstCuts(c, ShrinkTower, 1+2*2+2*2+2*4, func(tw testcase.Tower) string {
			var parts []string
			for _, d := range tw.Datasets {
				parts = append(parts, strconv.Itoa(len(d.Cmds))+"/"+strconv.Itoa(len(d.Rows))+"x"+strconv.Itoa(len(d.Rows[0]))+"/"+strings.Join(d.Rows, ""))
			}
			return strings.Join(parts, " ")
		})
		for i, g := range got {
			// Every one of the first candidates cuts half of a list: a dataset, half the
			// commands, the top three levels (the others hold S or G, so those cuts are
			// skipped), three columns (none: S and G sit in the first and last), half the
			// blocks, or half the odd blocks ('I' is the only one: it goes).
			if strings.Count(g, "/") == 2 {
				continue // a dataset cut
			}
			full := strconv.Itoa(4) + "/6x6/" + strings.Join(d.Rows, "")
			if !strings.Contains(g, full) {
				t.Errorf("candidate %d, %q, changes both datasets", i, g)
			}
		}
		// A dataset dropped; dropping the other, its twin, is the same case.
		if !strings.HasPrefix(got[0], "4/6x6/") || strings.Count(got[0], "/") != 2 {
			t.Errorf("candidate 1 is %q; the first drops a dataset", got[0])
		}
		if !strings.HasPrefix(got[1], "2/6x6/") || !strings.HasPrefix(got[2], "2/6x6/") {
			t.Errorf("candidates 2 and 3 are %q, %q; want half of the commands of dataset 1", got[1], got[2])
		}
		if !strings.HasPrefix(got[3], "4/3x6/") {
			t.Errorf("candidate 4 is %q; want dataset 1 without its top three levels", got[3])
		}
	})
	t.Run("datamining", func(t *testing.T) {
		b := []string{"M.....", "......", "..M...", "......", "....M.", "......"}
		c := testcase.Datamining{Boards: [][]string{b, b}}
		got := firstCuts(c, ShrinkDatamining, 1+2*7, func(d testcase.Datamining) string {
			var parts []string
			for _, b := range d.Boards {
				parts = append(parts, strconv.Itoa(len(b))+"x"+strconv.Itoa(len(b[0]))+"/"+strconv.Itoa(strings.Count(strings.Join(b, ""), "M")))
			}
			return strings.Join(parts, " ")
		})
		half := []string{"3x6/1", "3x6/2", "6x3/1", "6x3/2", "6x6/2", "6x6/2", "6x6/2"}
		want := []string{"6x6/3"} // a board dropped (dropping the other, its twin, is the same case)
		for _, h := range half {
			want = append(want, h+" 6x6/3")
		}
		for _, h := range half {
			want = append(want, "6x6/3 "+h)
		}
		if !slices.Equal(got, want) {
			t.Errorf("first candidates\n%v\nwant\n%v", got, want)
		}
	})
}

// TestShrinkPlantedMineReachesTheHandMadeMinimum: the only relevant operation of a
// 1000x1000 case, a Sweep on its one mine at (900, 900), after many flags: the case
// shrinks to the 1x1 board "*" with Sweep 1 1 and Quit, in few accepted steps.
func TestShrinkPlantedMineReachesTheHandMadeMinimum(t *testing.T) {
	board := make([]string, 1000)
	for i := range board {
		board[i] = strings.Repeat(".", 1000)
	}
	board[899] = strings.Repeat(".", 899) + "*" + strings.Repeat(".", 100)
	var c testcase.Mine
	c.Board = board
	for i := range 300 {
		c.Ops = append(c.Ops, testcase.MineOp{Kind: testcase.MineFlag, X: 1 + i*3, Y: 1 + (i*7)%1000})
	}
	c.Ops = append(c.Ops, testcase.MineOp{Kind: testcase.MineSweep, X: 900, Y: 900}, testcase.MineOp{Kind: testcase.MineQuit})
	booms := func(c testcase.Mine) bool {
		g := ref.NewMineGame(c.Board)
		for _, op := range c.Ops {
			if result := g.Play(op.Kind.String(), op.X, op.Y); result != "" {
				return result == "game over"
			}
		}
		return false
	}
	if !booms(c) {
		t.Fatal("the planted case does not boom")
	}
	got, accepted, tried := minimize(c, ShrinkMine, booms, 2000)
	want := "1 1\n*\nSweep 1 1\nQuit\n"
	if string(got.Encode()) != want {
		t.Fatalf("minimized to\n%s(%d accepted of %d tried), want\n%s", got.Encode(), accepted, tried, want)
	}
	t.Logf("%d candidates tried, %d accepted", tried, accepted)
	if accepted > 60 {
		t.Errorf("%d accepted steps: the halves should get a 1000x1000 case small in a few dozen", accepted)
	}
}

// TestShrinkTimeLimitGetsTheBoardSmallFirst: a case that exceeds a time limit only
// through its number of operations read (a solution slow in q alone, say) keeps at least
// 2000 of them, and its 1000x1000 board is irrelevant. The board's halves come before
// the smaller cuts of the operations, so within 100 candidates the board is small and
// the case still exceeds the limit; an operations-first order would still be cutting
// single operations off a 1000x1000 board.
func TestShrinkTimeLimitGetsTheBoardSmallFirst(t *testing.T) {
	board := make([]string, 1000)
	for i := range board {
		board[i] = strings.Repeat(".", 999) + "*"
	}
	c := testcase.Mine{Board: board}
	for range testcase.MineMaxOps - 1 {
		c.Ops = append(c.Ops, testcase.MineOp{Kind: testcase.MineFlag, X: 1, Y: 1})
	}
	c.Ops = append(c.Ops, testcase.MineOp{Kind: testcase.MineQuit})
	slow := func(c testcase.Mine) bool { return len(c.Ops)-1 >= 2000 }
	got, accepted, tried := minimize(c, ShrinkMine, slow, 100)
	n, m := len(got.Board), len(got.Board[0])
	t.Logf("after %d candidates (%d accepted): %dx%d, %d operations", tried, accepted, n, m, len(got.Ops))
	if !slow(got) {
		t.Fatal("the minimized case no longer exceeds the limit")
	}
	if n*m > 16 {
		t.Errorf("the board is still %dx%d after %d candidates", n, m, tried)
	}
	if len(got.Ops)-1 >= 4000 {
		t.Errorf("%d operations: halving them stopped early", len(got.Ops)-1)
	}
}

// TestShrinkNumbersReadLikeHandMade: coordinates, clicks and MOVETO columns shrink toward
// the smallest values that keep what the case shows.
func TestShrinkNumbersReadLikeHandMade(t *testing.T) {
	t.Run("boom click", func(t *testing.T) {
		// Any operation at all: on a 3x3 board (it cannot lose a row) the middle click on
		// (3,2) becomes a left click on (1,1).
		c := testcase.Boom{Games: []testcase.BoomGame{{Board: []string{"___", "___", "__*"}, Ops: []testcase.BoomOp{{Kind: testcase.BoomRight, X: 2, Y: 2}, {Kind: testcase.BoomMiddle, X: 3, Y: 2}}}}}
		got, _, _ := minimize(c, ShrinkBoom, func(b testcase.Boom) bool { return len(b.Games[0].Ops) > 0 }, 1000)
		if want := "1\n3 3\n___\n___\n___\n1 1 1\n0\n"; string(got.Encode()) != want {
			t.Errorf("minimized to\n%swant\n%s", got.Encode(), want)
		}
	})
	t.Run("tower MOVETO outside", func(t *testing.T) {
		// A MOVETO outside 1..m: a minimized case used to keep MOVETO 2147483647.
		c := testcase.Tower{Datasets: []testcase.TowerDataset{{
			Rows: []string{".....", "S..G.", "#####", "#.I.#"},
			Cmds: []testcase.TowerCmd{{Kind: testcase.TowerPushRight}, {Kind: testcase.TowerMoveTo, Col: 2147483647}, {Kind: testcase.TowerMoveTo, Col: 3}},
		}}}
		outside := func(tw testcase.Tower) bool {
			for _, d := range tw.Datasets {
				for _, cmd := range d.Cmds {
					if cmd.Kind == testcase.TowerMoveTo && (cmd.Col < 1 || cmd.Col > len(d.Rows[0])) {
						return true
					}
				}
			}
			return false
		}
		got, _, _ := minimize(c, ShrinkTower, outside, 1000)
		d := got.Datasets[0]
		if len(got.Datasets) != 1 || len(d.Rows) != 3 || len(d.Rows[0]) != 3 || len(d.Cmds) != 1 || d.Cmds[0] != (testcase.TowerCmd{Kind: testcase.TowerMoveTo, Col: 4}) {
			t.Errorf("minimized to\n%swant a 3x3 tower and MOVETO 4 alone", got.Encode())
		}
		if strings.ContainsAny(strings.Join(d.Rows, ""), "#ICB123") {
			t.Errorf("minimized to\n%swant no block left", got.Encode())
		}
	})
	t.Run("tower MOVETO below 1", func(t *testing.T) {
		c := testcase.Tower{Datasets: []testcase.TowerDataset{{Rows: []string{"...", "S.G", "###"}, Cmds: []testcase.TowerCmd{{Kind: testcase.TowerMoveTo, Col: -2147483648}}}}}
		below := func(tw testcase.Tower) bool { return len(tw.Datasets[0].Cmds) > 0 && tw.Datasets[0].Cmds[0].Col < 1 }
		got, _, _ := minimize(c, ShrinkTower, below, 100)
		if col := got.Datasets[0].Cmds[0].Col; col != 0 {
			t.Errorf("MOVETO %d, want MOVETO 0", col)
		}
	})
	t.Run("mine coordinates", func(t *testing.T) {
		// A Flag on (2,3) of a board whose mines keep every row and column: the Flag
		// moves to (1,1).
		c := testcase.Mine{Board: []string{"*.*", ".*.", "*.*"}, Ops: []testcase.MineOp{{Kind: testcase.MineFlag, X: 2, Y: 3}, {Kind: testcase.MineQuit}}}
		keeps := func(m testcase.Mine) bool {
			return len(m.Board) == 3 && len(m.Board[0]) == 3 && strings.Count(strings.Join(m.Board, ""), "*") == 5 && m.Ops[0].Kind == testcase.MineFlag
		}
		got, _, _ := minimize(c, ShrinkMine, keeps, 1000)
		if op := got.Ops[0]; op.X != 1 || op.Y != 1 {
			t.Errorf("the Flag is on (%d,%d), want (1,1)", op.X, op.Y)
		}
	})
}
