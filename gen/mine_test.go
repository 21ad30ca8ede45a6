package gen

import (
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gamediff/ref"
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
		if i%10 == 0 && len(data) > 2 {
			data[0], data[1] = 255, 255 // ask for a large board now and then
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
