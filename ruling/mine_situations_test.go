package ruling_test

import (
	"io"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gamediff/coverage"
	"gamediff/engine"
	registry "gamediff/games" // "games" names the games of ruling_test.go
	"gamediff/gen"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

// catalogueCase is a hand-made input and the situations it must reach, worked out from
// the rules in docs/ (not from what the code answers): ids, and none of not (a near miss).
type catalogueCase struct {
	name  string
	input []byte
	ids   []string
	not   []string
}

// catalogueReached is a case with what it reaches, as ids of the catalogue.
type catalogueReached struct {
	catalogueCase
	reached []string
}

// catalogueGame is what the tests of a catalogue need of its game.
type catalogueGame struct {
	catalogue []coverage.Situation
	reach     func(input []byte) coverage.Set
	validate  func(input []byte) error
}

var mineSituationGame = catalogueGame{ruling.MineSituations(), ruling.MineReach,
	func(b []byte) error { _, err := testcase.DecodeMine(b); return err }}

// reachAll plays every case once: some are the largest boards.
func (g catalogueGame) reachAll(cases []catalogueCase) []catalogueReached {
	out := make([]catalogueReached, len(cases))
	for i, c := range cases {
		out[i] = catalogueReached{c, g.reach(c.input).IDs(g.catalogue)}
	}
	return out
}

// checkCases: every case is valid, reaches its ids and none of its near misses.
func (g catalogueGame) checkCases(t *testing.T, cases []catalogueReached) {
	t.Helper()
	known := map[string]bool{}
	for _, s := range g.catalogue {
		known[s.ID] = true
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := g.validate(c.input); err != nil {
				t.Fatalf("the validator rejects the case: %v", err)
			}
			for _, id := range append(slices.Clone(c.ids), c.not...) {
				if !known[id] {
					t.Fatalf("%s is not in the catalogue", id)
				}
			}
			for _, id := range c.ids {
				if !slices.Contains(c.reached, id) {
					t.Errorf("reached %v, want %s among them", c.reached, id)
				}
			}
			for _, id := range c.not {
				if slices.Contains(c.reached, id) {
					t.Errorf("reached %s, a near miss", id)
				}
			}
		})
	}
}

// checkEveryEntryProved: each entry of the catalogue has a case that reaches it, named in
// its ids, and a case that does not reach it.
func (g catalogueGame) checkEveryEntryProved(t *testing.T, cases []catalogueReached) {
	t.Helper()
	for _, s := range g.catalogue {
		proved, missed := false, false
		for _, c := range cases {
			proved = proved || slices.Contains(c.ids, s.ID) && slices.Contains(c.reached, s.ID)
			missed = missed || !slices.Contains(c.reached, s.ID)
		}
		if !proved {
			t.Errorf("%s: no case proves it", s.ID)
		}
		if !missed {
			t.Errorf("%s: every case reaches it, so its predicate is never seen to fail", s.ID)
		}
	}
}

// checkInvalid: a small change to a case (a byte dropped, changed, or a blank added) makes
// an input that reaches nothing if the validator rejects it, and something otherwise;
// and no bytes make the reach panic.
func (g catalogueGame) checkInvalid(t *testing.T, cases []catalogueCase, alphabet string) {
	t.Helper()
	check := func(input []byte) {
		t.Helper()
		valid, reach := g.validate(input) == nil, g.reach(input)
		if reach.Empty() == valid {
			t.Fatalf("validator says valid %v, reach %v\n%q", valid, reach.IDs(g.catalogue), input)
		}
	}
	for _, c := range cases {
		if len(c.input) > 200 {
			continue
		}
		in := c.input
		for i := 0; i <= len(in); i++ {
			for _, b := range []byte(" \t\r\n0+x*._") {
				check(slices.Concat(in[:i], []byte{b}, in[i:]))
				if i < len(in) {
					check(slices.Concat(in[:i], []byte{b}, in[i+1:]))
				}
			}
			if i < len(in) {
				check(slices.Concat(in[:i], in[i+1:]))
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		b := make([]byte, rng.Intn(40))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		check(b)
	}
}

// textLines is the input of the given lines, each ended by '\n'.
func textLines(l ...string) []byte { return []byte(strings.Join(l, "\n") + "\n") }

// mineBoard is the lines "n m" and the board whose mines are where mine says.
func mineBoard(n, m int, mine func(x, y int) bool) []string {
	out := []string{strconv.Itoa(n) + " " + strconv.Itoa(m)}
	row := make([]byte, m)
	for x := 1; x <= n; x++ {
		for y := 1; y <= m; y++ {
			row[y-1] = ".*"[btoi(mine(x, y))]
		}
		out = append(out, string(row))
	}
	return out
}

// repeatLine is n copies of line.
func repeatLine(line string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = line
	}
	return out
}

// mineCases proves each entry of mine's catalogue. The boards' numbers are worked out in
// the comments; cells are (row, column).
func mineCases() []catalogueCase {
	ids := func(ids ...string) []string { return ids }
	single := func(x, y int) func(int, int) bool { return func(a, b int) bool { return a == x && b == y } }
	// A column of 1000 rows, a mine on top: a Sweep at the bottom cascades up to row 2.
	column := append(mineBoard(1000, 1, single(1, 1)), "Sweep 1000 1", "Quit")
	row := append(mineBoard(1, 1000, single(1, 1)), "Sweep 1 1000", "Quit")
	// One mine in the far corner: the Sweep's cascade sweeps the other 999999 cells, and a
	// fill recursing in row order snakes through every row.
	corner := append(mineBoard(1000, 1000, single(1000, 1000)), "Sweep 1 1", "Quit")
	// A wall of mines in column 500: the cascade sweeps columns 1 to 499, fewer than half
	// the cells, as deep.
	wall := append(mineBoard(1000, 1000, func(_, y int) bool { return y == 500 }), "Sweep 1 1", "Quit")
	// 59999 Flags on the one cell, a mine, and the Quit: every operation is read.
	flags := slices.Concat([]string{"1 1", "*"}, repeatLine("Flag 1 1", 59999), []string{"Quit"})
	quitFirst := slices.Concat([]string{"1 1", "*", "Quit"}, repeatLine("Flag 1 1", 59999))
	return []catalogueCase{
		{"a flag placed", textLines("1 2", ".*", "Flag 1 2", "Quit"),
			ids("flag-success", "board-one-row", "board-one-safe-cell", "end-give-up", "cell-row-1", "cell-row-n", "cell-column-m"),
			ids("flag-cancelled", "total-step-zero", "after-give-up", "lines-after-quit", "cell-column-1")},
		{"a flag removed", textLines("1 2", ".*", "Flag 1 2", "Flag 1 2", "Quit"), ids("flag-cancelled", "flag-success"), nil},
		// (1,1) shows 1: one cell; (1,3) is left, so no finish.
		{"a flag on a swept cell", textLines("1 3", ".*.", "Sweep 1 1", "Flag 1 1", "Quit"),
			ids("sweep-one-cell", "flag-swept", "cell-column-1"),
			ids("sweep-finish", "feedback-sweep-order", "number-0", "end-finish")},
		{"a Sweep on a swept cell", textLines("1 3", ".*.", "Sweep 1 1", "Sweep 1 1", "Quit"), ids("sweep-swept"), nil},
		{"a Sweep on a flag", textLines("1 3", ".*.", "Flag 1 1", "Sweep 1 1", "Quit"),
			ids("sweep-flagged"), ids("finish-after-flagged", "end-finish")},
		{"a Sweep on a mine", textLines("1 3", ".*.", "Sweep 1 2", "Quit"),
			ids("sweep-boom", "end-game-over"), ids("after-game-over", "dsweep-boom", "end-give-up")},
		// (1,1) and (1,2) are 0, (1,3) shows 1: three cells, every safe one.
		{"a Sweep's cascade", textLines("1 4", "...*", "Sweep 1 1", "Quit"),
			ids("sweep-cascade", "sweep-finish", "end-finish", "number-0"),
			ids("feedback-sweep-order", "sweep-cascade-unflags", "feedback-across-rows", "after-finish", "sweep-one-cell")},
		{"a Sweep's cascade removes a flag", textLines("1 4", "...*", "Flag 1 2", "Sweep 1 1", "Quit"),
			ids("sweep-cascade-unflags", "sweep-cascade"), ids("dsweep-cascade-unflags")},
		{"near miss: the flag is on the mine, out of the cascade", textLines("1 4", "...*", "Flag 1 4", "Sweep 1 1", "Quit"),
			ids("sweep-cascade"), ids("sweep-cascade-unflags")},
		{"a Sweep finishes", textLines("1 2", ".*", "Sweep 1 1", "Quit"), ids("sweep-finish", "sweep-one-cell", "end-finish"), nil},
		{"a DSweep on a cell not swept", textLines("1 3", ".*.", "DSweep 1 1", "Quit"),
			ids("dsweep-not-swept"), ids("finish-after-not-swept", "end-finish")},
		// (1,1) is 0 and sweeps (1,2), a 1; (1,4) and (1,5) are left.
		{"a DSweep on a 0", textLines("1 5", "..*..", "Sweep 1 1", "DSweep 1 1", "Quit"),
			ids("dsweep-failed-zero", "sweep-cascade", "number-0"), ids("dsweep-no-cell")},
		{"a DSweep with fewer flags", textLines("1 3", ".*.", "Sweep 1 1", "DSweep 1 1", "Quit"),
			ids("dsweep-failed-fewer-flags"), ids("dsweep-failed-more-flags")},
		// (1,1) shows 1, with flags on (1,2) and (2,1).
		{"a DSweep with more flags", textLines("2 2", ".*", "..", "Sweep 1 1", "Flag 1 2", "Flag 2 1", "DSweep 1 1", "Quit"),
			ids("dsweep-failed-more-flags"), ids("dsweep-failed-fewer-flags")},
		// (1,2) shows 1; the flag on (1,1) matches it, and the DSweep sweeps (1,3), a 1;
		// (1,5) is left. Again: no blank neighbour.
		{"a DSweep opens a cell, then none", textLines("1 5", "*..*.", "Sweep 1 2", "Flag 1 1", "DSweep 1 2", "DSweep 1 2", "Quit"),
			ids("dsweep-opens", "dsweep-no-cell"), ids("dsweep-finish", "dsweep-cascade", "dsweep-number-8", "dsweep-cascades-overlap")},
		// (1,3) is 0 and cascades to (1,4) and (1,5), beyond (1,2)'s neighbours.
		{"a DSweep's cascade", textLines("1 5", "*....", "Sweep 1 2", "Flag 1 1", "DSweep 1 2", "Quit"),
			ids("dsweep-cascade", "dsweep-finish", "dsweep-opens"), ids("dsweep-cascades-overlap", "dsweep-cascade-unflags")},
		// (1,2) shows 1, its flag on (1,1). The DSweep sweeps (1,3), a 0, whose cascade
		// sweeps (2,2) and (2,3) before their turn; then (2,1).
		{"a DSweep's neighbours overlap", textLines("2 3", "*..", "...", "Sweep 1 2", "Flag 1 1", "DSweep 1 2", "Quit"),
			ids("dsweep-cascades-overlap", "feedback-across-rows", "dsweep-finish"), ids("feedback-sweep-order")},
		// (1,3) is 0 and its cascade reaches the flag on (1,4).
		{"a DSweep's cascade removes a flag", textLines("1 5", "*....", "Sweep 1 2", "Flag 1 1", "Flag 1 4", "DSweep 1 2", "Quit"),
			ids("dsweep-cascade-unflags"), ids("sweep-cascade-unflags")},
		// (1,1) and (1,2) are 0, (1,3) shows 1, (1,5) shows 2. The Sweep's cascade wipes the
		// wrong flag on (1,2); then the DSweep on (1,3) counts no flag around it: failed,
		// where the wiped flag, counted, would match its 1 and sweep the mine (1,4).
		{"a DSweep next to a wiped flag", textLines("1 6", "...*.*", "Flag 1 2", "Sweep 1 1", "DSweep 1 3", "Quit"),
			ids("dsweep-near-wiped-flag", "sweep-cascade-unflags", "dsweep-failed-fewer-flags"), ids("dsweep-boom")},
		{"near miss: the flag taken back before the cascade", textLines("1 6", "...*.*", "Flag 1 2", "Flag 1 2", "Sweep 1 1", "DSweep 1 3", "Quit"),
			ids("dsweep-failed-fewer-flags", "flag-cancelled"), ids("dsweep-near-wiped-flag", "sweep-cascade-unflags")},
		// (1,2) shows 1; the wrong flag on (1,3) matches it, and its blank (1,1) is the mine.
		{"a DSweep booms", textLines("1 3", "*..", "Sweep 1 2", "Flag 1 3", "DSweep 1 2", "Quit"),
			ids("dsweep-boom", "end-game-over"), ids("dsweep-boom-after-sweeping", "sweep-boom")},
		// (1,2) shows 2, flags on (2,1) and (2,2): the DSweep sweeps (1,1) and (1,3), then
		// the mine (2,3).
		{"a DSweep booms after sweeping", textLines("2 3", "...", "*.*", "Sweep 1 2", "Flag 2 1", "Flag 2 2", "DSweep 1 2", "Quit"),
			ids("dsweep-boom-after-sweeping", "dsweep-boom"), nil},
		// (2,2) shows 8, its 8 neighbours flagged: no blank one; column 4 is left.
		{"a DSweep on an 8", textLines("3 4", "***.", "*.*.", "***.", "Sweep 2 2", "Flag 1 1", "Flag 1 2", "Flag 1 3", "Flag 2 1",
			"Flag 2 3", "Flag 3 1", "Flag 3 2", "Flag 3 3", "DSweep 2 2", "Quit"),
			ids("number-8", "dsweep-number-8", "dsweep-no-cell", "sweep-one-cell"), ids("end-finish", "number-0")},
		{"a DSweep finishes", textLines("1 3", "*..", "Sweep 1 2", "Flag 1 1", "DSweep 1 2", "Quit"),
			ids("dsweep-finish", "dsweep-opens"), ids("dsweep-cascade")},
		{"no safe cell: a Sweep on a flag finishes", textLines("1 2", "**", "Flag 1 1", "Sweep 1 1", "Quit"),
			ids("finish-after-flagged", "no-safe-cell-flag-goes-on", "board-all-mines", "end-finish", "sweep-flagged"), nil},
		{"no safe cell: a DSweep finishes", textLines("1 1", "*", "DSweep 1 1", "Quit"),
			ids("finish-after-not-swept", "board-1x1", "board-all-mines", "end-finish"), ids("no-safe-cell-flag-goes-on")},
		{"no safe cell: a Flag does not", textLines("1 2", "**", "Flag 1 1", "Quit"),
			ids("no-safe-cell-flag-goes-on", "end-give-up", "no-safe-cell-give-up"), ids("end-finish", "finish-after-flagged", "no-safe-cell-boom")},
		{"no safe cell: a Sweep on a cell without a flag booms", textLines("1 2", "**", "Flag 1 2", "Sweep 1 1", "Quit"),
			ids("no-safe-cell-boom", "sweep-boom", "end-game-over", "board-all-mines"), ids("end-finish", "no-safe-cell-give-up")},
		{"near miss: one safe cell, a Sweep on a mine", textLines("1 2", "*.", "Sweep 1 1", "Quit"),
			ids("sweep-boom", "end-game-over", "board-one-safe-cell"), ids("no-safe-cell-boom", "board-all-mines")},
		{"a Quit first", textLines("1 1", ".", "Quit"),
			ids("end-give-up", "total-step-zero", "board-1x1", "board-no-mine", "board-one-safe-cell", "ops-1"),
			ids("after-give-up", "board-all-mines", "no-safe-cell-give-up")},
		{"a 1x1 board swept", textLines("1 1", ".", "Sweep 1 1", "Quit"),
			ids("end-finish", "number-0", "sweep-one-cell", "board-no-mine", "board-one-safe-cell"), ids("sweep-cascade")},
		// (1,2) is 0: it is swept first, and (1,1) comes first in the feedback.
		{"a feedback sorted", textLines("1 3", "...", "Sweep 1 2", "Quit"), ids("feedback-sweep-order"), ids("feedback-across-rows")},
		// (2,1) comes after (1,2) in the feedback, left of it.
		{"a feedback over two rows", textLines("2 2", "..", "..", "Sweep 1 2", "Quit"), ids("feedback-across-rows", "feedback-sweep-order"), nil},
		{"near miss: a feedback in one column", textLines("2 1", ".", ".", "Sweep 1 1", "Quit"),
			ids("board-one-column", "sweep-cascade"), ids("feedback-across-rows", "feedback-sweep-order")},
		{"operations after the Quit", textLines("1 1", ".", "Quit", "Sweep 1 1"),
			ids("after-give-up", "lines-after-quit", "end-give-up"), ids("end-finish", "ops-1")},
		{"operations after a boom", textLines("1 2", "*.", "Sweep 1 1", "Sweep 1 2", "Quit"),
			ids("after-game-over"), ids("lines-after-quit", "after-give-up")},
		{"operations after a finish", textLines("1 2", ".*", "Sweep 1 1", "Flag 1 2", "Quit"),
			ids("after-finish"), ids("lines-after-quit", "flag-success")},
		{"a column", textLines("3 1", ".", "*", ".", "Sweep 3 1", "Quit"),
			ids("board-one-column", "cell-row-n", "cell-column-1", "cell-column-m"), ids("cell-row-1", "board-one-row")},
		{"ten columns", textLines("1 10", "..........", "Sweep 1 10", "Quit"),
			ids("cell-column-m", "sweep-cascade", "feedback-sweep-order"), ids("coordinate-1000")},
		{"1000 rows", textLines(column...),
			ids("board-n-1000", "board-one-column", "board-1000x1", "coordinate-1000", "cell-row-n", "sweep-cascade", "sweep-finish"),
			ids("board-m-1000", "board-1000x1000", "cascade-half-board", "board-1x1000")},
		{"1000 columns", textLines(row...),
			ids("board-m-1000", "board-one-row", "board-1x1000", "coordinate-1000", "cell-column-m", "sweep-cascade"),
			ids("board-n-1000", "board-1000x1000", "board-1000x1")},
		{"near miss: 999 columns", textLines(append(mineBoard(1, 999, single(1, 1)), "Sweep 1 999", "Quit")...),
			ids("board-one-row", "cell-column-m"), ids("board-1x1000", "board-m-1000", "coordinate-1000")},
		{"a cascade over the largest board", textLines(corner...),
			ids("board-1000x1000", "board-n-1000", "board-m-1000", "cascade-half-board", "cascade-deep", "sweep-finish", "feedback-across-rows"),
			ids("coordinate-1000", "feedback-sweep-order", "board-1x1000", "board-1000x1")},
		{"a deep cascade over less than half the board", textLines(wall...),
			ids("cascade-deep", "sweep-cascade", "end-give-up"), ids("cascade-half-board", "end-finish")},
		{"a form of every kind but split", []byte("\n\n1   2\r\n\t.*\v\nFlag\t1\f2\r\nQuit"),
			ids("form-runs", "form-tabs", "form-other-space", "form-crlf", "form-no-final-newline", "flag-success"), ids("form-split")},
		{"the split form", []byte("1\n2\n.*\nFlag\n1 2\nQuit\n"), ids("form-split", "flag-success"),
			ids("form-runs", "form-tabs", "form-other-space", "form-crlf", "form-no-final-newline")},
		{"near miss: two operations on a line", []byte("1 2\n.*\nFlag 1 2 Flag 1 2\nQuit\n"), ids("flag-cancelled"),
			ids("form-split", "form-runs", "form-tabs", "form-other-space", "form-crlf", "form-no-final-newline")},
		{"60000 operations read", textLines(flags...),
			ids("ops-60000", "ops-60000-played", "no-safe-cell-flag-goes-on", "flag-success", "flag-cancelled"), ids("lines-after-quit")},
		{"60000 operations, the Quit first", textLines(quitFirst...),
			ids("ops-60000", "lines-after-quit", "after-give-up", "total-step-zero"), ids("ops-60000-played", "flag-success")},
	}
}

var mineReached = sync.OnceValue(func() []catalogueReached { return mineSituationGame.reachAll(mineCases()) })

// TestMineSituationCases: each hand-made case of mine is valid and reaches what the rules
// say it does.
func TestMineSituationCases(t *testing.T) {
	mineSituationGame.checkCases(t, mineReached())
}

// TestMineSituationsEachProved: every entry of mine's catalogue has a case that reaches it
// and one that does not.
func TestMineSituationsEachProved(t *testing.T) {
	mineSituationGame.checkEveryEntryProved(t, mineReached())
}

// TestMineSituationsOfInvalidInputs: what the validator rejects reaches nothing, what it
// accepts reaches something, and no bytes panic.
func TestMineSituationsOfInvalidInputs(t *testing.T) {
	mineSituationGame.checkInvalid(t, mineCases(), "FlagSwepDQuit 0123456789.*\n\t\r")
}

// mineFormIDs are the ids of the form entries, bit by bit of a testcase.Form.
func mineFormIDs(f testcase.Form) []string {
	var ids []string
	for i, name := range testcase.FormNames {
		if f&(1<<i) != 0 {
			ids = append(ids, "form-"+name)
		}
	}
	return ids
}

// TestMineFormsReached: each form the rules allow (docs/rules.md, "Input is a stream of
// tokens"), written by testcase.Form or laid out by hand, is an input that ref plays as
// the canonical one, that the validator accepts, and that reaches what the canonical one
// reaches and the form entries its layout shows, no others.
func TestMineFormsReached(t *testing.T) {
	const canonical = "2 3\n*..\n...\nSweep 1 2\nFlag 1 1\nDSweep 1 2\nQuit\n"
	var want strings.Builder
	if err := ref.Mine([]byte(canonical), &want); err != nil {
		t.Fatal(err)
	}
	base := ruling.MineReach([]byte(canonical)).IDs(ruling.MineSituations())
	if forms := slices.DeleteFunc(slices.Clone(base), func(id string) bool { return !strings.HasPrefix(id, "form-") }); len(forms) > 0 {
		t.Fatalf("the canonical input reaches %v", forms)
	}
	check := func(t *testing.T, input string, forms []string) {
		t.Helper()
		var got strings.Builder
		if err := ref.Mine([]byte(input), &got); err != nil || got.String() != want.String() {
			t.Errorf("ref answers %q, %v; want %q as for the canonical input", got.String(), err, want.String())
		}
		if err := mineSituationGame.validate([]byte(input)); err != nil {
			t.Errorf("the validator rejects %q: %v", input, err)
		}
		wantIDs := slices.Concat(base, forms)
		slices.SortFunc(wantIDs, func(a, b string) int { return mineEntry(a) - mineEntry(b) })
		if got := ruling.MineReach([]byte(input)).IDs(ruling.MineSituations()); !slices.Equal(got, wantIDs) {
			t.Errorf("%q reached %v, want %v", input, got, wantIDs)
		}
	}
	for f := testcase.Form(1); f <= testcase.AllForms; f++ {
		t.Run(strings.Join(mineFormIDs(f), ","), func(t *testing.T) { check(t, string(f.Respace([]byte(canonical))), mineFormIDs(f)) })
	}
	for _, f := range []struct {
		name, from, to string
		forms          []string
	}{
		{"tabs between tokens", "Sweep 1 2", "Sweep\t1\t2", []string{"form-tabs"}},
		{"\\r\\n line ends", "\n", "\r\n", []string{"form-crlf"}},
		{"a \\r before one line end", "Flag 1 1\n", "Flag 1 1\r\n", []string{"form-crlf"}},
		{"runs of blanks", "Flag 1 1", "Flag   1  1", []string{"form-runs"}},
		{"blank lines", "\nFlag", "\n\n\nFlag", []string{"form-runs"}},
		{"blanks before a line", "\nQuit", "\n  Quit", []string{"form-runs"}},
		{"a tab after a line", "Quit\n", "Quit\t\n", []string{"form-tabs"}},
		{"a vertical tab for a space", "Flag 1 1", "Flag\v1 1", []string{"form-other-space"}},
		{"a form feed for a line end", "...\nSweep", "...\fSweep", []string{"form-other-space"}},
		{"an operation over several lines", "DSweep 1 2", "DSweep\n1\n2", []string{"form-split"}},
		{"an operation's column on the next line", "Sweep 1 2", "Sweep 1\n2", []string{"form-split"}},
		{"the size over two lines", "2 3", "2\n3", []string{"form-split"}},
		{"two operations on one line", "Flag 1 1\nDSweep", "Flag 1 1 DSweep", nil},
		{"two rows on one line", "*..\n...", "*.. ...", nil},
		{"a row on the size's line", "2 3\n", "2 3 ", nil},
		{"no newline at the end", "Quit\n", "Quit", []string{"form-no-final-newline"}},
	} {
		t.Run(f.name, func(t *testing.T) {
			input := strings.Replace(canonical, f.from, f.to, -1)
			if input == canonical {
				t.Fatalf("%q is not in the input", f.from)
			}
			check(t, input, f.forms)
		})
	}
}

// mineEntry is the index of entry id in mine's catalogue.
func mineEntry(id string) int {
	return slices.IndexFunc(ruling.MineSituations(), func(s coverage.Situation) bool { return s.ID == id })
}

// TestMineFormsAsTestcaseTellsThem: on valid inputs in every layout, the form entries
// reached are the forms testcase.FormsIn sees in the bytes, and form-split is reached
// exactly when the case's form (testcase.FormOf, for inputs Respace wrote) has it.
func TestMineFormsAsTestcaseTellsThem(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i, input := range seededCases(300, func(b []byte) []byte { return testcase.MineFromBytes(b).Encode() }) {
		c, err := testcase.DecodeMine(input)
		if err != nil {
			t.Fatal(err)
		}
		c.Form = testcase.Form(rng.Intn(int(testcase.AllForms) + 1))
		input = c.Encode()
		reached := ruling.MineReach(input).IDs(ruling.MineSituations())
		got := slices.DeleteFunc(reached, func(id string) bool { return !strings.HasPrefix(id, "form-") })
		if want := mineFormIDs(testcase.FormsIn(input) | c.Form&testcase.FormSplit); !slices.Equal(got, want) {
			t.Fatalf("case %d, form %06b: reached %v, want %v\n%q", i, c.Form, got, want, input)
		}
	}
}

// TestMineSituationsBeyondTheLimits: inputs past a limit of the statement, which ref
// plays and the validator rejects, reach nothing.
func TestMineSituationsBeyondTheLimits(t *testing.T) {
	for name, input := range map[string][]byte{
		"60001 operations": textLines(slices.Concat([]string{"1 1", "*"}, repeatLine("Flag 1 1", 60000), []string{"Quit"})...),
		"1001 rows":        textLines(append(mineBoard(1001, 1, func(_, _ int) bool { return false }), "Quit")...),
		"two Quits":        textLines("1 1", ".", "Quit", "Quit"),
		"no Quit":          textLines("1 1", ".", "Sweep 1 1"),
		"a cell outside the board, after the end": textLines("1 1", ".", "Quit", "Sweep 1 2"),
		"not an operation, after the end":         textLines("1 1", ".", "Quit", "hello"),
	} {
		if _, err := testcase.DecodeMine(input); err == nil {
			t.Errorf("%s: the validator accepts it", name)
		}
		if reach := ruling.MineReach(input); !reach.Empty() {
			t.Errorf("%s: reached %v", name, reach.IDs(ruling.MineSituations()))
		}
	}
}

// seededBytes is length random bytes drawn from seed.
func seededBytes(seed int64, length int) []byte {
	data := make([]byte, length)
	rand.New(rand.NewSource(seed)).Read(data)
	return data
}

// seededCases are count inputs that decode draws from random bytes: a density byte makes
// boards from empty to full, and operations run until the bytes do.
func seededCases(count int, decode func([]byte) []byte) [][]byte {
	rng := rand.New(rand.NewSource(2))
	out := make([][]byte, count)
	for i := range out {
		data := make([]byte, 4+rng.Intn(400))
		rng.Read(data)
		out[i] = decode(data)
	}
	return out
}

// TestMineSituationsAgreeWithRulings: on random cases, the catalogue's entries that
// restate a ruling of mine are reached exactly where the ruling's watch (MineInput) sees
// the ruling, two predicates written apart.
func TestMineSituationsAgreeWithRulings(t *testing.T) {
	catalogue := ruling.MineSituations()
	seen := coverage.Set{}
	for _, input := range seededCases(3000, func(b []byte) []byte { return testcase.MineFromBytes(b).Encode() }) {
		reach := ruling.MineReach(input)
		seen = seen.Union(reach)
		got := reach.IDs(catalogue)
		any := func(ids ...string) bool {
			return slices.ContainsFunc(ids, func(id string) bool { return slices.Contains(got, id) })
		}
		rulings := ruling.MineInput(input)
		for _, r := range []struct {
			ruling ruling.Set
			ids    []string
		}{
			{ruling.M1, []string{"end-finish", "board-all-mines"}},
			{ruling.M2, []string{"dsweep-boom"}},
			{ruling.M3, []string{"sweep-cascade-unflags", "dsweep-cascade-unflags"}},
			{ruling.M4, []string{"after-give-up", "after-game-over", "after-finish"}},
		} {
			if rulings&r.ruling != 0 != any(r.ids...) {
				t.Fatalf("rulings %v, reached %v\n%s", rulings.IDs(ruling.Mine()), got, input)
			}
		}
	}
	t.Logf("random cases reach %d of %d entries; not %v", seen.Len(), len(catalogue), coverage.All(catalogue).Minus(seen).IDs(catalogue))
}

// mineLargeAims are the situations whose aimed cases are as large as the statement
// allows, at the cost of a second or more each for ref to play.
var mineLargeAims = []string{"board-1000x1000", "cascade-half-board", "cascade-deep", "ops-60000-played"}

// TestMineAimsReachTheirSituations: a hunt's case steered toward one situation of mine's
// catalogue (Toward, whose generator is gen.MineAim's, or MineGen's where it has none)
// reaches it for most seeds: at least 8 of the first 32 case seeds of hunt seed 1. (With
// -short, the cases at the limits are held to the same share of the first 8 seeds.)
func TestMineAimsReachTheirSituations(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	g, err := registry.Lookup("mine")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range ruling.MineSituations() {
		t.Run(s.ID, func(t *testing.T) {
			t.Parallel()
			seeds, least := 32, 8
			if testing.Short() && slices.Contains(mineLargeAims, s.ID) {
				seeds, least = 8, 2
			}
			var want coverage.Set
			want.Add(i)
			reached := 0
			for k := range seeds {
				c := g.Toward(engine.CaseSeed(1, int64(k)), want)
				if ruling.MineReach(c.Encode()).Has(i) {
					reached++
				}
			}
			if reached < least {
				t.Errorf("%d of %d aimed cases reach it, want %d at least", reached, seeds, least)
			}
		})
	}
}

// TestMinePlanReachesEverySituation: the default test set (gen, seed 1: test n made from
// engine.CaseSeed(1, n)) reaches every situation of mine's catalogue.
func TestMinePlanReachesEverySituation(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	catalogue := ruling.MineSituations()
	plan := gen.MinePlan()
	reach := make([]coverage.Set, len(plan))
	var wg sync.WaitGroup
	for i, p := range plan {
		wg.Go(func() {
			c := registry.Generate[testcase.Mine](p.Gen, engine.CaseSeed(1, int64(i+1)))
			reach[i] = ruling.MineReach(c.Encode())
		})
	}
	wg.Wait()
	var reached coverage.Set
	for _, r := range reach {
		reached = reached.Union(r)
	}
	if missed := coverage.All(catalogue).Minus(reached); !missed.Empty() {
		t.Errorf("no test of the default set reaches %v", missed.IDs(catalogue))
	}
}

// mineBenchInput is a large case: the largest board split by a wall of mines, a cascade
// over its left half first, then Flags, DSweeps and Sweeps that sweep nothing up to the
// most operations, and last a cascade over the right half that finishes the game.
func mineBenchInput() []byte {
	l := mineBoard(1000, 1000, func(_, y int) bool { return y == 500 })
	l = append(l, "Sweep 1 1")
	for i := range 59997 {
		cell := strconv.Itoa(1+i%1000) + " " + strconv.Itoa(501+i*7%500)
		l = append(l, [...]string{"Flag " + cell, "Flag " + cell, "DSweep " + cell, "Sweep 1 1"}[i%4])
	}
	return textLines(append(l, "Sweep 1 1000", "Quit")...)
}

// BenchmarkMineReach: the reach of a large case and of a small one, ref's traced play of
// each with an observer that does nothing, and ref's play of each alone.
func BenchmarkMineReach(b *testing.B) {
	small := testcase.MineFromBytes(seededBytes(3, 60)).Encode()
	for _, c := range []struct {
		name  string
		input []byte
	}{{"large", mineBenchInput()}, {"small", small}} {
		if _, err := testcase.DecodeMine(c.input); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/MineReach", func(b *testing.B) {
			for b.Loop() {
				if ruling.MineReach(c.input).Empty() {
					b.Fatal("nothing reached")
				}
			}
		})
		b.Run(c.name+"/ref.MineTrace", func(b *testing.B) {
			for b.Loop() {
				if _, err := ref.MineTrace(c.input, func(*ref.MineStep) {}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/ref.Mine", func(b *testing.B) {
			for b.Loop() {
				if err := ref.Mine(c.input, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
