package gen

import (
	"bytes"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

// sameBoom compares two cases field by field, their forms too; nil and empty operation
// lists are equal.
func sameBoom(a, b testcase.Boom) bool {
	if len(a.Games) != len(b.Games) || a.Form != b.Form {
		return false
	}
	for i := range a.Games {
		ga, gb := a.Games[i], b.Games[i]
		if len(ga.Board) != len(gb.Board) || len(ga.Ops) != len(gb.Ops) {
			return false
		}
		for x := range ga.Board {
			if ga.Board[x] != gb.Board[x] {
				return false
			}
		}
		for j := range ga.Ops {
			if ga.Ops[j] != gb.Ops[j] {
				return false
			}
		}
	}
	return true
}

func TestBoomDecodeEncodeRoundTrip(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	g := BoomGen(nil)
	for seed := int64(1); seed <= 300; seed++ {
		c := drawCase[testcase.Boom](t, g, seed)
		input := c.Encode()
		d, err := testcase.DecodeBoom(input)
		if err != nil {
			t.Fatalf("seed %d: generated case rejected: %v", seed, err)
		}
		if !sameBoom(c, d) {
			t.Fatalf("seed %d: Decode(Encode(c)) differs from c", seed)
		}
		if again := d.Encode(); !bytes.Equal(again, input) {
			t.Fatalf("seed %d: re-encoding differs", seed)
		}
	}
}

func TestShrinkBoomCandidatesAreValid(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	g := BoomGen(nil)
	checked := 0
	for seed := int64(1); checked < 25; seed++ {
		c := drawCase[testcase.Boom](t, g, seed)
		size := len(c.Encode())
		if size > 20000 {
			continue // the big ones have the same candidates, only more of them
		}
		checked++
		next := ShrinkBoom(c)
		for i := 0; i < 3000; i++ {
			v, ok := next()
			if !ok {
				break
			}
			cand := v.(testcase.Boom)
			input := cand.Encode()
			if _, err := testcase.DecodeBoom(input); err != nil {
				t.Fatalf("seed %d, candidate %d: invalid: %v\n%s", seed, i, err, input)
			}
			if len(input) > size {
				t.Fatalf("seed %d, candidate %d: %d bytes, more than the case's %d", seed, i, len(input), size)
			}
			if sameBoom(cand, c) {
				t.Fatalf("seed %d, candidate %d: the case itself", seed, i)
			}
		}
	}
}

// TestShrinkBoomCutsEverything checks that the candidates of one case remove a game, an
// operation, a row, a column and a mine, each on its own, games first.
func TestShrinkBoomCutsEverything(t *testing.T) {
	game := testcase.BoomGame{
		Board: []string{"_*___", "_____", "___*_", "_____"},
		Ops:   []testcase.BoomOp{{Kind: testcase.BoomLeft, X: 1, Y: 1}, {Kind: testcase.BoomRight, X: 4, Y: 5}, {Kind: testcase.BoomMiddle, X: 2, Y: 2}},
	}
	c := testcase.Boom{Games: []testcase.BoomGame{game, game}}
	var sawGames, sawOps, sawRows, sawCols, sawMines bool
	next := ShrinkBoom(c)
	for first := true; ; first = false {
		v, ok := next()
		if !ok {
			break
		}
		cand := v.(testcase.Boom)
		if first && len(cand.Games) != 1 {
			t.Errorf("first candidate keeps %d games; dropping games comes first", len(cand.Games))
		}
		if len(cand.Games) == 1 {
			sawGames = true
			continue
		}
		g := cand.Games[0]
		if sameBoom(testcase.Boom{Games: []testcase.BoomGame{g}}, testcase.Boom{Games: []testcase.BoomGame{game}}) {
			g = cand.Games[1]
		}
		switch {
		case len(g.Board) == 3 && len(g.Board[0]) == 5:
			sawRows = true
		case len(g.Board) == 4 && len(g.Board[0]) == 4:
			sawCols = true
		case len(g.Ops) < 3 && len(g.Board) == 4:
			sawOps = true
		case strings.Count(strings.Join(g.Board, ""), "*") < 2:
			sawMines = true
		}
		if len(g.Board) < testcase.BoomMinSide || len(g.Board[0]) < testcase.BoomMinSide {
			t.Fatalf("candidate with a %dx%d board", len(g.Board), len(g.Board[0]))
		}
	}
	for name, saw := range map[string]bool{"games": sawGames, "ops": sawOps, "rows": sawRows, "columns": sawCols, "mines": sawMines} {
		if !saw {
			t.Errorf("no candidate drops %s", name)
		}
	}
}

// boomFeatures lists what a case exercises, playing its operations on ref's game.
func boomFeatures(c testcase.Boom) map[string]bool {
	f := map[string]bool{}
	f["T ≥ 2 (separator)"] = len(c.Games) >= 2
	f["T = 30"] = len(c.Games) == testcase.BoomMaxGames
	var kinds [4]bool
	set := func(name string, ok bool) { f[name] = f[name] || ok }
	for _, bg := range c.Games {
		n, m := len(bg.Board), len(bg.Board[0])
		g := ref.NewBoomGame(bg.Board)
		k := g.Mines()
		set("q = 0", len(bg.Ops) == 0)
		set("q = 10000", len(bg.Ops) == testcase.BoomMaxOps)
		set("k = 0", k == 0)
		set("k = n·m", k == n*m)
		set("200x200", n == testcase.BoomMaxSide && m == testcase.BoomMaxSide)
		set("9x9, 10 mines", n == 9 && m == 9 && k == 10)
		set("16x16, 40 mines", n == 16 && m == 16 && k == 40)
		set("16x30, 99 mines", n == 16 && m == 30 && k == 99)
		lost := false
		asked := map[[2]int]bool{} // the '?' cells, as the right clicks left them
		set("a board of all mines with operations (R-B1)", k == n*m && len(bg.Ops) > 0)
		for _, op := range bg.Ops {
			kinds[op.Kind] = true
			var was [3][3]byte // op's cell and its neighbours before it
			for dx := -1; dx <= 1; dx++ {
				for dy := -1; dy <= 1; dy++ {
					if x, y := op.X+dx, op.Y+dy; x >= 1 && x <= n && y >= 1 && y <= m {
						was[dx+1][dy+1] = g.View(x, y)
					}
				}
			}
			answer := g.Play(int(op.Kind), op.X, op.Y)
			changed := g.Changed()
			set("LOSE", answer == "LOSE")
			set("LOSE by a middle click", answer == "LOSE" && op.Kind == testcase.BoomMiddle)
			set("WIN", answer == "WIN")
			set("WIN by an operation changing nothing (R-B1)", answer == "WIN" && len(changed) == 0)
			set("INVALID after LOSE", answer == "INVALID" && lost)
			set("INVALID after WIN", answer == "INVALID" && !lost)
			set("right click cycles back to _", op.Kind == testcase.BoomRight && was[1][1] == '?' && answer != "INVALID")
			set("operation changing nothing", answer != "INVALID" && answer != "LOSE" && len(changed) == 0)
			set("cascade of 1000+ cells", len(changed) >= 1000)
			stopped := false // a cell the operation opened to 0 beside a P
			for _, c := range changed {
				if g.View(c[0], c[1]) != '0' {
					continue
				}
				for x := max(c[0]-1, 1); x <= min(c[0]+1, n); x++ {
					for y := max(c[1]-1, 1); y <= min(c[1]+1, m); y++ {
						stopped = stopped || g.View(x, y) == 'P'
					}
				}
			}
			set("P stops a cascade", stopped)
			opens := op.Kind == testcase.BoomMiddle && answer != "LOSE" && answer != "INVALID" && len(changed) > 0
			set("middle click opens", opens)
			set("middle click on a 0 opens (R-B3)", opens && was[1][1] == '0')
			for dx := range 3 {
				for dy := range 3 {
					if was[dx][dy] == '?' && op.Kind == testcase.BoomMiddle && g.Opened(op.X+dx-1, op.Y+dy-1) && answer != "INVALID" {
						set("? opened by a middle click", true)
					}
				}
			}
			if answer == "LOSE" {
				lost = true
			}
			at := [2]int{op.X, op.Y}
			if op.Kind == testcase.BoomRight {
				asked[at] = g.View(op.X, op.Y) == '?'
			}
			for _, c := range changed {
				if asked[c] && g.Opened(c[0], c[1]) {
					switch {
					case c == at:
						set("left click on a ?", true)
					case op.Kind == testcase.BoomMiddle && max(c[0]-op.X, op.X-c[0], c[1]-op.Y, op.Y-c[1]) == 1:
						set("? among a middle click's cells", true)
					default:
						set("? opened by a cascade", true)
					}
					asked[c] = false
				}
			}
		}
	}
	switch {
	case kinds[1] && !kinds[2] && !kinds[3]:
		f["ops {1}"] = true
	case kinds[1] && kinds[2] && !kinds[3]:
		f["ops {1,2}"] = true
	case kinds[1] && !kinds[2] && kinds[3]:
		f["ops {1,3}"] = true
	case kinds[1] && kinds[2] && kinds[3]:
		f["ops {1,2,3}"] = true
	}
	return f
}

func TestBoomGenReachesTheHardParts(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	if testing.Short() {
		t.Skip("generates 2000 cases")
	}
	g := BoomGen(nil)
	count := map[string]int{}
	var names []string
	for seed := int64(1); seed <= 2000; seed++ {
		for name, ok := range boomFeatures(drawCase[testcase.Boom](t, g, seed)) {
			if _, seen := count[name]; !seen {
				names = append(names, name)
			}
			if ok {
				count[name]++
			} else {
				count[name] += 0
			}
		}
	}
	for _, name := range names {
		t.Logf("%-45s %4d", name, count[name])
		if count[name] == 0 {
			t.Errorf("no case of 2000 has %s", name)
		}
	}
}

func TestBoomFromBytesIsValid(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	inputs := [][]byte{nil, {0}, bytes.Repeat([]byte{0xFF}, 64), bytes.Repeat([]byte{0xFF, 0xC7}, 300)}
	for i := 0; i < 500; i++ {
		b := make([]byte, r.Intn(400))
		r.Read(b)
		inputs = append(inputs, b)
	}
	for i, b := range inputs {
		c := testcase.BoomFromBytes(b)
		if _, err := testcase.DecodeBoom(c.Encode()); err != nil {
			t.Fatalf("input %d (%x): invalid case: %v", i, b, err)
		}
		if again := testcase.BoomFromBytes(b); !sameBoom(c, again) {
			t.Fatalf("input %d: not deterministic", i)
		}
	}
	// The limits are reachable: 30 games, a 200x200 board.
	c := testcase.BoomFromBytes([]byte{0xFF, 29, 0, 0xFF, 197, 0xFF, 197})
	if len(c.Games) != testcase.BoomMaxGames || len(c.Games[0].Board) != testcase.BoomMaxSide || len(c.Games[0].Board[0]) != testcase.BoomMaxSide {
		t.Errorf("bytes asking for the limits gave %d games of %dx%d", len(c.Games), len(c.Games[0].Board), len(c.Games[0].Board[0]))
	}
}

// TestBoomPlanFollowsTheTable generates every planned test and checks it against its row
// of the statement's table: sizes and mine counts of the real-game tests, the allowed
// clicks of tests 5-20, and the validator.
func TestBoomPlanFollowsTheTable(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	if testing.Short() {
		t.Skip("generates the whole test set")
	}
	plan := BoomPlan()
	if len(plan) != 20 {
		t.Fatalf("%d tests, want the table's 20", len(plan))
	}
	calls := map[string]bool{}
	for i, p := range plan {
		number := i + 1
		if calls[p.Call] {
			t.Errorf("test %d: call %q twice", number, p.Call)
		}
		calls[p.Call] = true
		c := drawCase[testcase.Boom](t, p.Gen, int64(number))
		if _, err := testcase.DecodeBoom(c.Encode()); err != nil {
			t.Fatalf("test %d (%s): invalid: %v", number, p.Call, err)
		}
		allowed := [][]bool{nil, nil, nil, nil, nil,
			{false, true, false, false}, {false, true, true, false}, {false, true, false, true}, {false, true, true, true}}[min((number+3)/4+3, 8)]
		for _, g := range c.Games {
			n, m := len(g.Board), len(g.Board[0])
			k := strings.Count(strings.Join(g.Board, ""), "*")
			want := [][3]int{{9, 9, 10}, {16, 16, 40}, {16, 30, 99}}
			switch {
			case number <= 3 && [3]int{n, m, k} != want[number-1]:
				t.Errorf("test %d: a %dx%d game with %d mines, want %v", number, n, m, k, want[number-1])
			case number == 4 && (n > 40 || m > 40 || k > 320):
				t.Errorf("test 4: a %dx%d game with %d mines, want n, m ≤ 40, k ≤ 320", n, m, k)
			case number >= 5 && k > 10000:
				t.Errorf("test %d: a game with %d mines, want k ≤ 10000", number, k)
			}
			for _, op := range g.Ops {
				if allowed != nil && !allowed[op.Kind] {
					t.Fatalf("test %d (%s): op %d not allowed", number, p.Call, op.Kind)
				}
			}
		}
	}
}

func TestBoomBounds(t *testing.T) {
	c := testcase.Boom{Games: []testcase.BoomGame{
		{Board: []string{"***", "***", "***"}},
		{Board: []string{"___", "___", "__*"}, Ops: []testcase.BoomOp{{Kind: testcase.BoomRight, X: 2, Y: 3}, {Kind: testcase.BoomLeft, X: 1, Y: 1}, {Kind: testcase.BoomMiddle, X: 3, Y: 2}}},
	}}
	got := map[string][]int{}
	for _, b := range c.Bounds() {
		got[b.Name] = append(got[b.Name], b.Value, b.Lo, b.Hi)
	}
	want := map[string][]int{
		"T": {2, 1, 30}, "n": {3, 3, 200, 3, 3, 200}, "m": {3, 3, 200, 3, 3, 200},
		"q": {0, 0, 10000, 3, 0, 10000}, "k": {9, 0, 9, 1, 0, 9},
		"op": {1, 1, 3, 3, 1, 3}, "x": {1, 1, 3, 3, 1, 3}, "y": {1, 1, 3, 3, 1, 3},
	}
	for name, w := range want {
		if g := got[name]; !slices.Equal(g, w) {
			t.Errorf("%s: got (value, lo, hi)... %v, want %v", name, g, w)
		}
	}
}

// TestBoomCallForms: -form fixes the layout of every case, or, unset, draws one for about
// one case in formOdds, every form among them; each case decodes to itself, its form
// included (a tab where split left no space is no form of its bytes); a form that is none
// is refused; the shrinker's candidates keep the case's form.
func TestBoomCallForms(t *testing.T) {
	tests := []struct {
		call       string
		every      testcase.Form // the form of every case, when fixed
		fixed      bool
		lo, hi     int // the cases in a form of 640, when random
		shrinkable bool
	}{
		{call: "boom -n 3..5 -m 3..5 -q 0..10 -form tabs+crlf", every: testcase.FormTabs | testcase.FormCRLF, fixed: true, shrinkable: true},
		{call: "boom -n 3..5 -m 3..5 -q 0..10 -form all", every: testcase.AllForms, fixed: true},
		{call: "boom -n 3..5 -m 3..5 -q 0..10 -form none", fixed: true},
		{call: "boom -n 3..5 -m 3..5 -q 0..10", lo: 640 / formOdds / 2, hi: 640 / formOdds * 2},
	}
	for _, tt := range tests {
		g := mustGen(tt.call, nil)
		formed, seen := 0, testcase.Form(0)
		for seed := range int64(640) {
			c := drawCase[testcase.Boom](t, g, seed)
			if tt.fixed && !bytes.Equal(c.Encode(), tt.every.Respace(testcase.Boom{Games: c.Games}.Encode())) {
				t.Fatalf("%s, seed %d: form %06b writes %q", tt.call, seed, c.Form, c.Encode())
			}
			if c.Form != 0 {
				formed++
				seen |= c.Form
			}
			if d, err := testcase.DecodeBoom(c.Encode()); err != nil || !sameBoom(c, d) {
				t.Fatalf("%s, seed %d: decodes to %+v, %v", tt.call, seed, d, err)
			}
			if tt.shrinkable && seed < 5 {
				next := ShrinkBoom(c)
				for v, ok := next(); ok; v, ok = next() {
					if f := v.(testcase.Boom).Form; f != c.Form {
						t.Fatalf("%s, seed %d: a candidate in form %06b", tt.call, seed, f)
					}
				}
			}
		}
		if !tt.fixed && (formed < tt.lo || formed > tt.hi || seen != testcase.AllForms) {
			t.Errorf("%s: %d cases of 640 in a form, want %d to %d; forms seen %06b", tt.call, formed, tt.lo, tt.hi, seen)
		}
	}
	if _, err := Gen("boom -form tabs+lf", nil); err == nil {
		t.Error("-form tabs+lf: accepted")
	}
}

// TestBoomRareGames: the games of a -rare call that are played on to a rare situation
// reach it, every situation of boomRare in turn, within the call's clicks, q and k.
func TestBoomRareGames(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	if testing.Short() {
		t.Skip("-short: boom's rare games is proved by the full suite")
	}
	situations := ruling.BoomSituations()
	for _, tt := range []struct {
		call string
		ops  []testcase.BoomKind
	}{
		{"boom -T 30 -n 3..8 -m 3..8 -k 0..20 -q 0..60 -ops 1,2,3 -rare -form none", []testcase.BoomKind{1, 2, 3}},
		{"boom -T 30 -n 3..8 -m 3..8 -q 0..60 -ops 1 -rare -form none", []testcase.BoomKind{1}},
		{"boom -T 30 -n 3..8 -m 3..8 -q 0..60 -ops 1,3 -rare -form none", []testcase.BoomKind{1, 3}},
	} {
		g := mustGen(tt.call, nil)
		reached := map[string]bool{}
		for seed := range int64(6) {
			c := drawCase[testcase.Boom](t, g, seed)
			for _, game := range c.Games {
				k := strings.Count(strings.Join(game.Board, ""), "*")
				if len(game.Ops) > 60 || strings.Contains(tt.call, "-k 0..20") && k > 20 {
					t.Fatalf("%s, seed %d: a game of %d operations and %d mines", tt.call, seed, len(game.Ops), k)
				}
				for _, op := range game.Ops {
					if !slices.Contains(tt.ops, op.Kind) {
						t.Fatalf("%s, seed %d: a click %d", tt.call, seed, op.Kind)
					}
				}
				for _, id := range ruling.BoomReach(testcase.Boom{Games: []testcase.BoomGame{game}}.Encode()).IDs(situations) {
					reached[id] = true
				}
			}
		}
		if strings.Contains(tt.call, "-ops 1,2,3") {
			for _, r := range boomRare {
				if !reached[r.id] {
					t.Errorf("%s: no game reaches %s", tt.call, r.id)
				}
			}
		}
		if !reached["board-one-safe"] || !reached["number-8"] || !reached["cascade-40000"] {
			t.Errorf("%s: the boards of the rare games are missing: %v", tt.call, reached)
		}
	}
}
