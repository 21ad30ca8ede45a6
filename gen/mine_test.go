package gen

import (
	"errors"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gamediff/ref"
)

func TestMineRoundTrip(t *testing.T) {
	for i, c := range drawCases[Mine](t, MineGen(nil), 300) {
		got, err := DecodeMine(c.Encode())
		if err != nil {
			t.Fatalf("case %d: generated case rejected: %v", i, err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("case %d: Decode(Encode(c)) differs from c", i)
		}
	}
}

func TestMineShrinkCandidatesAreValidAndSmaller(t *testing.T) {
	for i, c := range drawCases[Mine](t, MineGen(nil), 60) {
		size := len(c.Encode())
		next := ShrinkMine(c)
		for n := 0; n < 400; n++ {
			v, ok := next()
			if !ok {
				break
			}
			cand := v.(Mine).Encode()
			if _, err := DecodeMine(cand); err != nil {
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
	blank := Mine{Board: slices.Repeat([]string{strings.Repeat(".", 40)}, 30),
		Ops: []MineOp{{MineSweep, 3, 3}, {mineFlag, 3, 4}, {mineFlag, 3, 4}, {mineFlag, 3, 4}, {Kind: MineQuit}}}
	blank.Board[2] = "..*" + strings.Repeat(".", 37)
	if before, after := twinsSkipOnlyRepeats(t, []Mine{blank}, shrinkMine); 2*after > before {
		t.Errorf("the blank board: %d candidates with twins skipped, %d without: most should be gone", after, before)
	}
}

// TestMineShrinkReachesSingleCuts checks that the last candidates are single removals:
// without them a minimized case would not be 1-minimal.
func TestMineShrinkReachesSingleCuts(t *testing.T) {
	c := Mine{Board: []string{"*.", ".*", ".."}, Ops: []MineOp{{MineSweep, 1, 2}, {mineFlag, 1, 1}, {Kind: MineQuit}}}
	var all []Mine
	for next := ShrinkMine(c); ; {
		v, ok := next()
		if !ok {
			break
		}
		all = append(all, v.(Mine))
	}
	want := map[string]bool{
		"drop op 1":   false,
		"drop row 2":  false,
		"drop col 1":  false,
		"clear mine2": false,
	}
	for _, m := range all {
		switch {
		case len(m.Ops) == 2 && m.Ops[0].Kind == mineFlag && len(m.Board) == 3:
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

func TestDecodeMineRejects(t *testing.T) {
	tests := []struct {
		name, input string
		line        int
		says        string
	}{
		{"empty", "", 1, "expected n"},
		{"n too big", "1001 1\n", 1, "n = 1001 outside 1..1000"},
		{"m zero", "1 0\n", 1, "m = 0 outside"},
		{"two spaces", "1  1\n", 1, "expected m"},
		{"leading zero", "01 1\n", 1, "canonically"},
		{"plus sign", "+1 1\n", 1, "canonically"},
		{"no newline after size", "1 1 .\n", 1, "end of line"},
		{"short row", "2 2\n..\n.\nQuit\n", 3, "row 2 has 1 characters"},
		{"bad char", "1 2\n.x\nQuit\n", 2, `'x'`},
		{"no quit", "1 1\n.\nSweep 1 1\n", 4, "no Quit"},
		{"two quits", "1 1\n.\nQuit\nQuit\n", 4, "second Quit"},
		{"row outside", "2 2\n..\n..\nSweep 3 1\nQuit\n", 4, "x = 3 outside 1..2"},
		{"col outside", "2 2\n..\n..\nFlag 1 0\nQuit\n", 4, "y = 0 outside 1..2"},
		{"unknown op", "1 1\n.\nsweep 1 1\nQuit\n", 3, `unknown operation "sweep"`},
		{"quit with args", "1 1\n.\nQuit 1\n", 3, "end of line"},
		{"missing final newline", "1 1\n.\nQuit", 3, "end of line"},
		{"carriage return", "1 1\r\n.\nQuit\n", 1, `found "1\r"`},
		{"blank line", "1 1\n.\n\nQuit\n", 3, "expected an operation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeMine([]byte(tt.input))
			var le *limitError
			if !errors.As(err, &le) {
				t.Fatalf("err = %v, want a *limitError", err)
			}
			if le.Line != tt.line || !strings.Contains(le.Constraint, tt.says) {
				t.Fatalf("got %q, want line %d saying %q", err, tt.line, tt.says)
			}
		})
	}
}

func TestDecodeMineOperationLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("1 1\n.\n")
	for i := 0; i < mineMaxOps-1; i++ {
		b.WriteString("Flag 1 1\n")
	}
	b.WriteString("Quit\n")
	if _, err := DecodeMine([]byte(b.String())); err != nil {
		t.Fatalf("exactly %d operations rejected: %v", mineMaxOps, err)
	}
	b.WriteString("Flag 1 1\n")
	_, err := DecodeMine([]byte(b.String()))
	var le *limitError
	if !errors.As(err, &le) || le.Line != mineMaxOps+3 || !strings.Contains(le.Constraint, "more than 60000") {
		t.Fatalf("operation %d: err = %v, want line %d: more than 60000 operations", mineMaxOps+1, err, mineMaxOps+3)
	}
}

// TestMineGenReachesTheHardParts counts, over many generated cases, the features the
// generator is meant to produce, by replaying each case on a small model of the rules.
func TestMineGenReachesTheHardParts(t *testing.T) {
	seen := map[string]int{}
	for _, c := range drawCases[Mine](t, MineGen(nil), 2000) {
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
		if c.Ops[0].Kind == MineQuit {
			seen["Quit first"]++
		}
		if c.Ops[len(c.Ops)-1].Kind != MineQuit {
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
func playMineModel(c Mine) map[string]int {
	seen := map[string]int{}
	g := ref.NewMineGame(c.Board)
	chain := 0
	flagged := map[[2]int]bool{}
	for i, op := range c.Ops {
		if g.Outcome() != "" {
			seen["ops after the end"]++
			break
		}
		if i > 0 && op.X == c.Ops[i-1].X && op.Y == c.Ops[i-1].Y && op.Kind != MineQuit {
			seen["same cell again"]++
		}
		result := g.Play(op.Kind.String(), op.X, op.Y)
		if op.Kind == mineFlag {
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
		if op.Kind == MineDSweep {
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
		c := MineFromBytes(data)
		if _, err := DecodeMine(c.Encode()); err != nil {
			t.Fatalf("bytes %x: invalid case: %v", data, err)
		}
	}
	if c := MineFromBytes(nil); len(c.Board) != 1 || len(c.Ops) != 1 {
		t.Fatalf("no bytes: %+v, want a 1x1 board and just Quit", c)
	}
}
