package gen

import (
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gamediff/coverage"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

func TestMineRoundTrip(t *testing.T) {
	for i, c := range drawCases[testcase.Mine](t, MineGen(nil), 300) {
		got, err := testcase.DecodeMine(c.Encode())
		if err != nil {
			t.Fatalf("case %d: generated case rejected: %v", i, err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("case %d: Decode(Encode(c)) differs from c", i)
		}
	}
}

func TestMineShrinkCandidatesAreValidAndSmaller(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	if testing.Short() {
		t.Skip("-short: every mine shrink candidate valid and smaller is proved by the full suite")
	}
	for i, c := range drawCases[testcase.Mine](t, MineGen(nil), 60) {
		size := len(c.Encode())
		next := ShrinkMine(c)
		for n := 0; n < 400; n++ {
			v, ok := next()
			if !ok {
				break
			}
			cand := v.(testcase.Mine).Encode()
			if _, err := testcase.DecodeMine(cand); err != nil {
				t.Fatalf("case %d, candidate %d: invalid: %v\n%s", i, n, err, cand)
			}
			if len(cand) > size {
				t.Fatalf("case %d, candidate %d: %d bytes, bigger than the case's %d", i, n, len(cand), size)
			}
		}
	}
}

// TestMineShrinkSkipsOnlyRepeats: see TestShrinkersSkipOnlyRepeats; on a blank board most
// candidates were repeats.
func TestMineShrinkSkipsOnlyRepeats(t *testing.T) {
	blank := testcase.Mine{Board: slices.Repeat([]string{strings.Repeat(".", 40)}, 30),
		Ops: []testcase.MineOp{{Kind: testcase.MineSweep, X: 3, Y: 3}, {Kind: testcase.MineFlag, X: 3, Y: 4}, {Kind: testcase.MineFlag, X: 3, Y: 4}, {Kind: testcase.MineFlag, X: 3, Y: 4}, {Kind: testcase.MineQuit}}}
	blank.Board[2] = "..*" + strings.Repeat(".", 37)
	if before, after := twinsSkipOnlyRepeats(t, []testcase.Mine{blank}, shrinkMine); 2*after > before {
		t.Errorf("the blank board: %d candidates with twins skipped, %d without: most should be gone", after, before)
	}
}

// TestMineShrinkReachesSingleCuts checks that the last candidates are single removals:
// without them a minimized case would not be 1-minimal.
func TestMineShrinkReachesSingleCuts(t *testing.T) {
	c := testcase.Mine{Board: []string{"*.", ".*", ".."}, Ops: []testcase.MineOp{{Kind: testcase.MineSweep, X: 1, Y: 2}, {Kind: testcase.MineFlag, X: 1, Y: 1}, {Kind: testcase.MineQuit}}}
	var all []testcase.Mine
	for next := ShrinkMine(c); ; {
		v, ok := next()
		if !ok {
			break
		}
		all = append(all, v.(testcase.Mine))
	}
	want := map[string]bool{
		"drop op 1":   false,
		"drop row 2":  false,
		"drop col 1":  false,
		"clear mine2": false,
	}
	for _, m := range all {
		switch {
		case len(m.Ops) == 2 && m.Ops[0].Kind == testcase.MineFlag && len(m.Board) == 3:
			want["drop op 1"] = true
		case len(m.Board) == 2 && m.Board[1] == ".." && len(m.Ops) == 3:
			want["drop row 2"] = true
		case len(m.Board[0]) == 1 && m.Board[0] == "." && len(m.Ops) == 2:
			want["drop col 1"] = true // the Sweep on column 2 moves to column 1, the Flag on column 1 goes
		case len(m.Board) == 3 && m.Board[0] == "*." && m.Board[1] == "..":
			want["clear mine2"] = true
		}
	}
	for cut, seen := range want {
		if !seen {
			t.Errorf("no candidate does %q among %d candidates", cut, len(all))
		}
	}
}

// TestMineGenReachesTheHardParts counts, over many generated cases, the features the
// generator is meant to produce, by replaying each case on a small model of the rules.
func TestMineGenReachesTheHardParts(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	seen := map[string]int{}
	for _, c := range drawCases[testcase.Mine](t, MineGen(nil), 2000) {
		n, m := len(c.Board), len(c.Board[0])
		mines := strings.Count(strings.Join(c.Board, ""), "*")
		if n == 1 {
			seen["n = 1"]++
		}
		if m == 1 {
			seen["m = 1"]++
		}
		if mines == 0 {
			seen["no mine"]++
		}
		if mines == n*m {
			seen["all mines"]++
		}
		if n >= 900 && m >= 900 {
			seen["near 1000x1000"]++
		}
		if c.Ops[0].Kind == testcase.MineQuit {
			seen["Quit first"]++
		}
		if c.Ops[len(c.Ops)-1].Kind != testcase.MineQuit {
			seen["ops after Quit"]++
		}
		for k, v := range playMineModel(c) {
			seen[k] += v
		}
	}
	for _, feature := range []string{"n = 1", "m = 1", "no mine", "all mines", "near 1000x1000",
		"Quit first", "ops after Quit", "DSweep that opens", "DSweep chain of 5", "wrong flag boom",
		"flag wiped by cascade", "same cell again", "cascade of 100", "finish", "ops after the end"} {
		if seen[feature] == 0 {
			t.Errorf("no generated case has %q (seen: %v)", feature, seen)
		}
	}
}

// playMineModel plays c on ref's game and reports which features occurred.
func playMineModel(c testcase.Mine) map[string]int {
	seen := map[string]int{}
	g := ref.NewMineGame(c.Board)
	chain := 0
	flagged := map[[2]int]bool{}
	for i, op := range c.Ops {
		if g.Outcome() != "" {
			seen["ops after the end"]++
			break
		}
		if i > 0 && op.X == c.Ops[i-1].X && op.Y == c.Ops[i-1].Y && op.Kind != testcase.MineQuit {
			seen["same cell again"]++
		}
		result := g.Play(op.Kind.String(), op.X, op.Y)
		if op.Kind == testcase.MineFlag {
			flagged[[2]int{op.X, op.Y}] = g.Flagged(op.X, op.Y)
		}
		opened := g.Newly()
		if len(opened) >= 100 {
			seen["cascade of 100"]++
		}
		for _, q := range opened {
			if flagged[q] {
				seen["flag wiped by cascade"]++
				flagged[q] = false
			}
		}
		if op.Kind == testcase.MineDSweep {
			switch {
			case len(opened) > 0 && result != "game over":
				seen["DSweep that opens"]++
				if chain++; chain == 5 {
					seen["DSweep chain of 5"]++
				}
			case result == "game over" && g.SafeLeft() > 0:
				seen["wrong flag boom"]++
			}
		}
		if result == "finish" {
			seen["finish"]++
		}
	}
	return seen
}

func TestMineFromBytesIsAlwaysValid(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		data := make([]byte, r.Intn(300))
		r.Read(data)
		if i%10 == 0 && len(data) > 3 {
			data[1], data[2] = 255, 255 // ask for a large board now and then (byte 0 is the form)
		}
		c := testcase.MineFromBytes(data)
		if _, err := testcase.DecodeMine(c.Encode()); err != nil {
			t.Fatalf("bytes %x: invalid case: %v", data, err)
		}
	}
	if c := testcase.MineFromBytes(nil); len(c.Board) != 1 || len(c.Ops) != 1 {
		t.Fatalf("no bytes: %+v, want a 1x1 board and just Quit", c)
	}
}

// TestMineAimsNameTheCatalogue: every aim is at a situation of mine's catalogue, every
// situation has one, and an id the catalogue does not hold has none.
func TestMineAimsNameTheCatalogue(t *testing.T) {
	ids := map[string]bool{}
	for _, s := range ruling.MineSituations() {
		ids[s.ID] = true
		if MineAim(nil, s.ID) == nil {
			t.Errorf("%s: no aim", s.ID)
		}
	}
	for id := range mineAims {
		if !ids[id] {
			t.Errorf("aim at %q, which the catalogue does not hold", id)
		}
	}
	for id := range mineNeeds {
		if !ids[id] {
			t.Errorf("%q needs a ruling, but the catalogue does not hold it", id)
		}
	}
	if MineAim(nil, "no-such-situation") != nil {
		t.Error("an aim at a situation the catalogue does not hold")
	}
}

// mineAimsAtTheLimits are the aims whose cases are at the statement's largest boards:
// ref plays each for a good fraction of a second.
var mineAimsAtTheLimits = []string{"board-1000x1000", "cascade-half-board", "cascade-deep"}

// TestMineAimsLeaveOutSkippedRulings: with a ruling of mine left out, an aim at a
// situation that needs it (mineNeeds) is nil, and every other aim's cases reach no such
// ruling, as ref plays them.
func TestMineAimsLeaveOutSkippedRulings(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	for i, r := range ruling.Mine() {
		bit := ruling.Set(1) << i
		skip := NewSkip([]string{r.ID})
		t.Run(r.ID, func(t *testing.T) {
			for id := range mineAims {
				g := MineAim(skip, id)
				if needs := mineNeeds[id]&bit != 0; g == nil != needs {
					t.Errorf("%s: aim nil %v, though it needs %s: %v", id, g == nil, r.ID, needs)
				}
				if g == nil || slices.Contains(mineAimsAtTheLimits, id) {
					continue
				}
				for seed := range int64(3) {
					c := drawCase[testcase.Mine](t, g, seed)
					if ruling.MineInput(c.Encode())&bit != 0 {
						t.Fatalf("%s, seed %d: reaches %s, left out\n%s", id, seed, r.ID, c.Encode())
					}
				}
			}
		})
	}
}

// TestMineScenariosReachWhatTheyAreFor: each scenario made for a rare situation reaches it
// in most of its cases, by construction.
func TestMineScenariosReachWhatTheyAreFor(t *testing.T) {
	entry := func(id string) int {
		return slices.IndexFunc(ruling.MineSituations(), func(s coverage.Situation) bool { return s.ID == id })
	}
	for _, c := range []struct {
		call string
		ids  []string // reached by most cases
	}{
		{"mine -n 3..10 -m 3..10 -q 11..40 -scenario eight", []string{"number-8", "dsweep-number-8", "dsweep-no-cell"}},
		{"mine -n 3..10 -m 3..10 -q 12..40 -scenario wiped-flag", []string{"sweep-cascade-unflags", "dsweep-near-wiped-flag"}},
		{"mine -n 3..10 -m 3..10 -q 12..40 -scenario dsweep-wipes", []string{"dsweep-cascade-unflags", "dsweep-cascade"}},
		{"mine -n 10 -m 10 -q 60 -ops B -scenario long-game -wipe", []string{"sweep-cascade-unflags", "end-give-up"}},
		{"mine -n 10 -m 10 -q 60 -ops any -scenario long-game -wipe", []string{"sweep-cascade-unflags", "dsweep-near-wiped-flag"}},
		{"mine -n 1..6 -m 1..6 -q 1..20 -scenario one-safe-cell", []string{"board-one-safe-cell"}},
		{"mine -n 2..8 -m 2..8 -q 2..20 -scenario edge", []string{"flag-success"}},
		{"mine -n 1..5 -m 1..5 -q 3..20 -scenario no-safe-cell -end boom", []string{"no-safe-cell-boom", "no-safe-cell-flag-goes-on"}},
		{"mine -n 1..5 -m 1..5 -q 3..20 -scenario no-safe-cell -end finish", []string{"finish-after-not-swept"}},
		{"mine -n 1..5 -m 1..5 -q 3..20 -scenario no-safe-cell -end quit", []string{"no-safe-cell-give-up"}},
		{"mine -n 3..5 -m 3..5 -q 20..40 -scenario clicks", []string{"dsweep-not-swept"}},
	} {
		t.Run(c.call, func(t *testing.T) {
			const cases = 20
			counts := make([]int, len(c.ids))
			for seed := range int64(cases) {
				reach := ruling.MineReach(drawCase[testcase.Mine](t, mustGen(c.call, nil), seed).Encode())
				for i, id := range c.ids {
					if reach.Has(entry(id)) {
						counts[i]++
					}
				}
			}
			for i, id := range c.ids {
				if 2*counts[i] < cases {
					t.Errorf("%s: %d of %d cases", id, counts[i], cases)
				}
			}
		})
	}
}

// TestMineFormFlagAndShare: -form lays the input out in the forms it names, and MineGen
// lays about 1 case in 16 out in some form, every form among them; a case decodes to
// itself in any form.
func TestMineFormFlagAndShare(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	c := drawCase[testcase.Mine](t, mustGen("mine -n 3 -m 3 -q 5 -form tabs+crlf+no-final-newline", nil), 1)
	if want := testcase.FormTabs | testcase.FormCRLF | testcase.FormNoFinalNewline; c.Form != want {
		t.Fatalf("form %06b, want %06b", c.Form, want)
	}
	if got := string(c.Encode()); !strings.Contains(got, "\t") || !strings.Contains(got, "\r\n") || strings.HasSuffix(got, "\n") {
		t.Fatalf("%q is not in the forms", got)
	}
	for _, call := range []string{"mine -form nothing", "mine -form tabs+", "mine -form random+tabs"} {
		if _, err := Gen(call, nil); err == nil {
			t.Errorf("%q: no error", call)
		}
	}
	if c := drawCase[testcase.Mine](t, mustGen("mine -n 3 -m 3 -q 5 -form all", nil), 1); c.Form != testcase.AllForms {
		t.Errorf("-form all: %06b", c.Form)
	}
	const cases = 1600
	g := MineGen(nil)
	formed, seen := 0, testcase.Form(0)
	for seed := range int64(cases) {
		c := drawCase[testcase.Mine](t, g, seed)
		if len(c.Board)*len(c.Board[0]) > 40000 {
			continue // the few cases at the limits: their round trip is TestMineRoundTrip's
		}
		if c.Form != 0 {
			formed++
			seen |= c.Form
			if got, err := testcase.DecodeMine(c.Encode()); err != nil || !reflect.DeepEqual(got, c) {
				t.Fatalf("seed %d, form %06b: Decode(Encode(c)) = %v, %v", seed, c.Form, got.Form, err)
			}
		}
	}
	if formed < cases/32 || formed > cases/8 || seen != testcase.AllForms {
		t.Errorf("%d of %d cases in a form (want about 1 in %d), forms seen %06b", formed, cases, formOdds, seen)
	}
}
