package ruling_test

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gamediff/coverage"
	"gamediff/engine"
	gamereg "gamediff/games"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

var boomSituationGame = catalogueGame{ruling.BoomSituations(), ruling.BoomReach,
	func(b []byte) error { _, err := testcase.DecodeBoom(b); return err }}

// boomGameLines is the lines of one game: "n m", the board, the operations and the 0.
func boomGameLines(board []string, ops ...string) []string {
	return slices.Concat([]string{strconv.Itoa(len(board)) + " " + strconv.Itoa(len(board[0]))}, board, ops, []string{"0"})
}

// boomInput is the input of the games.
func boomInput(games ...[]string) []byte {
	return textLines(slices.Concat(append([][]string{{strconv.Itoa(len(games))}}, games...)...)...)
}

// boomBoard is n rows of m cells, the mines where mine says.
func boomBoard(n, m int, mine func(x, y int) bool) []string {
	out := make([]string, n)
	row := make([]byte, m)
	for x := 1; x <= n; x++ {
		for y := 1; y <= m; y++ {
			row[y-1] = "_*"[btoi(mine(x, y))]
		}
		out[x-1] = string(row)
	}
	return out
}

// boomCases proves each entry of boom's catalogue. The boards' numbers are worked out in
// the comments; cells are <row, column>.
func boomCases() []catalogueCase {
	ids := func(ids ...string) []string { return ids }
	// The mine at <3, 3>: <2, 2>, <2, 3> and <3, 2> show 1, the other cells 0.
	corner := []string{"___", "___", "__*"}
	one := func(ops ...string) []byte { return boomInput(boomGameLines(corner, ops...)) }
	mines := []string{"***", "***", "***"}
	none := func(_, _ int) bool { return false }
	large := boomBoard(200, 200, none)
	tall := boomBoard(200, 3, func(x, y int) bool { return x == 1 && y == 1 })
	wide := boomBoard(3, 200, func(x, y int) bool { return x == 1 && y == 1 })
	thirty := make([][]string, 30)
	for i := range thirty {
		thirty[i] = boomGameLines(corner)
	}
	largest := make([][]string, 30)
	for i := range largest {
		largest[i] = boomGameLines(large, repeatLine("2 1 1", 10000)...)
	}
	// The corner game in a layout of its own: "1", "3 3", the rows, "1 2 2", "2 3 3", "0".
	laid := func(s string) []byte { return []byte(strings.NewReplacer("R", "___", "S", "__*").Replace(s)) }
	return []catalogueCase{
		{"a left click on an opened cell", one("1 2 2", "1 2 2"),
			ids("left-opened", "left-opens-number", "quit", "board-3x3", "games-1"),
			ids("left-on-flag", "left-cascade", "number-0", "separator", "board-not-square")},
		{"a left click on a P", one("2 1 1", "1 1 1"), ids("left-on-flag", "right-blank-to-flag"), ids("left-opened")},
		{"a left click on a mine", one("1 3 3"), ids("left-mine", "cell-last-corner"), ids("quit", "invalid-after-lose", "middle-mine", "left-question-mine")},
		// <1, 1> is 0: the cascade opens the 8 safe cells, and the mine is left alone.
		{"a left click's cascade wins", one("1 1 1"),
			ids("left-cascade", "win-after-change", "number-0", "cell-row-1", "cell-column-1"),
			ids("left-opens-number", "cascade-stopped-by-flag", "quit", "win-no-change", "cell-row-n", "win-by-middle", "cell-last-corner")},
		{"a left click opens a ?", one("2 1 1", "2 1 1", "1 1 1"),
			ids("left-opens-question", "right-flag-to-question"), ids("cascade-opens-question")},
		// <1, 2> is 0: its cascade opens the ? on <1, 1>.
		{"a cascade opens a ?", one("2 1 1", "2 1 1", "1 1 2"),
			ids("cascade-opens-question", "left-cascade"), ids("left-opens-question", "middle-opens-question")},
		// <1, 2>'s cascade leaves the P on <1, 1> closed: two cells unopened, no WIN.
		{"a P stops a cascade", one("2 1 1", "1 1 2"),
			ids("cascade-stopped-by-flag", "left-cascade", "quit"), ids("win-after-change")},
		{"a right click turns ? into _", one("2 1 1", "2 1 1", "2 1 1"),
			ids("right-question-to-blank", "right-flag-to-question", "right-blank-to-flag"), ids("right-opened")},
		{"a right click on an opened cell", one("1 2 2", "2 2 2"), ids("right-opened"), ids("right-blank-to-flag")},
		{"a middle click on a closed cell", one("3 2 2"), ids("middle-unopened"), ids("win-no-change", "board-all-mines", "middle-on-flag", "middle-on-question")},
		// <1, 1> shows 0 and has no P around: a judge taking the P for opened would open
		// its three neighbours.
		{"a middle click on a P", one("2 1 1", "3 1 1"), ids("middle-on-flag", "middle-on-flag-matched", "middle-unopened"), ids("middle-on-question", "middle-zero-no-change")},
		// <2, 2> has a mine around, <3, 3>, and no P.
		{"near miss: a middle click on a P, its count not matched", one("2 2 2", "3 2 2"), ids("middle-on-flag"), ids("middle-on-flag-matched")},
		// The mines at <1, 4> and <3, 3>, which has no mine around: the P on it matches
		// its 0, and its neighbours, <2, 2>=1, <2, 3>=2, <2, 4>=2, <3, 2>=1, <3, 4>=1, are
		// opened.
		{"near miss: a middle click on a P with nothing to open", boomInput(boomGameLines([]string{"___*", "____", "__*_"},
			"1 2 2", "1 2 3", "1 2 4", "1 3 2", "1 3 4", "2 3 3", "3 3 3")),
			ids("middle-on-flag", "quit"), ids("middle-on-flag-matched", "left-cascade")},
		{"a middle click on a ?", one("2 1 1", "2 1 1", "3 1 1"), ids("middle-on-question", "middle-unopened"), ids("middle-on-flag")},
		// <2, 2> shows 1, no P around it.
		{"a middle click's count differs", one("1 2 2", "3 2 2"), ids("middle-count-differs"), ids("middle-opens")},
		// <2, 2> shows 1, matched by the P on the mine: it opens its seven other
		// neighbours, <1, 1> first, a 0 whose cascade opens <1, 2> before its turn.
		{"a middle click opens", one("1 2 2", "2 3 3", "3 2 2"),
			ids("middle-opens", "middle-targets-overlap", "win-after-change", "win-by-middle", "cell-row-n", "cell-column-m"),
			ids("middle-cascade", "middle-opens-question", "middle-count-differs")},
		{"a middle click opens a ?", one("2 3 3", "2 1 1", "2 1 1", "1 2 2", "3 2 2"),
			ids("middle-opens-question", "middle-opens"), ids("cascade-opens-question")},
		// The mine at <1, 1>: <1, 2>, <2, 1>, <2, 2> show 1, the others 0. <1, 2>'s P
		// matches; its target <1, 3> is 0 and cascades to column 4 and row 3.
		{"a middle click's cascade", boomInput(boomGameLines([]string{"*___", "____", "____"}, "1 1 2", "2 1 1", "3 1 2")),
			ids("middle-cascade", "middle-opens", "board-not-square", "win-after-change"), ids("board-3x3")},
		// The same board; the ? on <1, 4> is no neighbour of <1, 2>: <1, 3>'s cascade opens it.
		{"a middle click's cascade opens a ?", boomInput(boomGameLines([]string{"*___", "____", "____"}, "2 1 4", "2 1 4", "1 1 2", "2 1 1", "3 1 2")),
			ids("cascade-opens-question", "middle-cascade"), ids("middle-opens-question", "left-opens-question")},
		{"a left click on a ? over a mine", one("2 3 3", "2 3 3", "1 3 3"),
			ids("left-question-mine", "left-mine"), ids("left-opens-question")},
		// <2, 2> shows 1, matched by the wrong P on <1, 1>; among its targets, the ? on
		// <3, 1> and the mine.
		{"a middle click loses with a ? among its targets", one("2 3 1", "2 3 1", "1 2 2", "2 1 1", "3 2 2"),
			ids("middle-lose-question", "middle-mine", "middle-lose-safe-target"), ids("middle-opens-question", "middle-lose-question-mine")},
		// <2, 2> shows 1, matched by the wrong P on <1, 1>; its one mine target, <3, 3>,
		// is a ?.
		{"a middle click loses by a ? over a mine", one("1 2 2", "2 1 1", "2 3 3", "2 3 3", "3 2 2"),
			ids("middle-lose-question-mine", "middle-lose-question", "middle-mine"), ids("left-question-mine")},
		// <2, 2> shows 1; the wrong P on <1, 1> matches it, and among its targets, the
		// mine <3, 3> and safe cells.
		{"a middle click loses", one("1 2 2", "2 1 1", "3 2 2"),
			ids("middle-mine", "middle-lose-safe-target"), ids("left-mine", "middle-opens", "middle-lose-question")},
		// <1, 1> shows 2 (<2, 1> and <2, 2>); the wrong P on <1, 2> and the P on <2, 1>
		// match it, and its one target is the mine <2, 2>.
		{"near miss: a middle click loses with mines only as targets", boomInput(boomGameLines([]string{"___", "**_", "___"}, "1 1 1", "2 1 2", "2 2 1", "3 1 1")),
			ids("middle-mine"), ids("middle-lose-safe-target")},
		// <1, 2> shows 5, its five neighbours mines, each P: nothing left to open.
		{"a middle click matched with nothing to open", boomInput(boomGameLines([]string{"*_*_", "***_", "____"},
			"1 1 2", "2 1 1", "2 1 3", "2 2 1", "2 2 2", "2 2 3", "3 1 2")),
			ids("middle-match-no-change", "left-opens-number"), ids("middle-zero-no-change", "win-no-change")},
		// <1, 2>'s cascade left the P on <1, 1> closed; a right click makes it a ?, and a
		// middle click on the 0 opens it.
		{"a middle click on a 0 opens", one("2 1 1", "1 1 2", "2 1 1", "3 1 2"),
			ids("middle-zero-opens", "middle-opens-question", "win-after-change"), ids("middle-opens")},
		// The mine at <1, 5>; the P on <3, 5>, a 0, stops the cascade from <1, 1>, whose
		// neighbours are all opened.
		{"a middle click on a 0 opens nothing", boomInput(boomGameLines([]string{"____*", "_____", "_____"}, "2 3 5", "1 1 1", "3 1 1")),
			ids("middle-zero-no-change", "cascade-stopped-by-flag"), ids("middle-zero-opens", "win-after-change")},
		{"all mines: a middle click wins", boomInput(boomGameLines(mines, "3 1 1")),
			ids("win-no-change", "all-mines-won-first", "board-all-mines", "middle-unopened"), ids("win-after-change", "win-by-middle", "board-one-safe")},
		{"all mines: a right click wins", boomInput(boomGameLines(mines, "2 1 1")),
			ids("all-mines-won-first", "right-blank-to-flag", "win-after-change"), ids("win-no-change")},
		{"all mines, no operation", boomInput(boomGameLines(mines)),
			ids("all-mines-no-ops", "quit-no-ops"), ids("all-mines-won-first", "quit")},
		{"after LOSE", one("1 3 3", "1 1 1"), ids("invalid-after-lose"), ids("invalid-after-win")},
		{"after WIN", one("1 1 1", "1 1 1"), ids("invalid-after-win"), ids("invalid-after-lose")},
		{"a game quit", one("2 1 1"), ids("quit"), ids("quit-no-ops")},
		{"no operation", one(), ids("quit-no-ops"), ids("quit", "all-mines-no-ops")},
		{"two games", boomInput(boomGameLines(corner), boomGameLines(corner)),
			ids("separator"), ids("games-1", "reset-cell", "reset-after-over")},
		// Game 1 leaves <2, 2> opened; game 2 clicks it.
		{"a cell of the game before", boomInput(boomGameLines(corner, "1 2 2"), boomGameLines(corner, "1 2 2")),
			ids("reset-cell", "separator"), ids("reset-after-over")},
		// Game 2, larger, clicks <2, 2>, which game 1 left opened; game 3 clicks a cell
		// game 1 does not have.
		{"a cell of the game before, then larger games", boomInput(boomGameLines(corner, "1 2 2"),
			boomGameLines(boomBoard(4, 5, func(x, y int) bool { return x == 1 && y == 1 }), "1 2 2"),
			boomGameLines(boomBoard(4, 5, func(x, y int) bool { return x == 1 && y == 1 }), "1 4 5")),
			ids("reset-cell", "board-not-square"), ids("reset-after-over", "reset-smaller", "board-n-3", "board-m-3")},
		// Game 2 has fewer rows than game 1, and as many columns.
		{"a smaller board after a larger one", boomInput(boomGameLines(boomBoard(4, 3, none)), boomGameLines(corner, "1 1 1")),
			ids("reset-smaller", "board-m-3", "separator"), ids("reset-cell", "board-n-3")},
		// Game 1 loses on <3, 3>, which stays closed; game 2 clicks <1, 1>.
		{"a game after a LOSE", boomInput(boomGameLines(corner, "1 3 3"), boomGameLines(corner, "2 1 1")),
			ids("reset-after-over"), ids("reset-cell")},
		{"the largest board", boomInput(boomGameLines(large, "1 200 200")),
			ids("board-200x200", "board-n-200", "board-m-200", "coordinate-200", "cascade-large", "cascade-40000", "board-no-mine",
				"win-after-change", "left-cascade", "cell-row-n", "cell-column-m", "cell-last-corner"),
			ids("board-not-square", "cell-row-1", "input-largest")},
		// The mine at <1, 1>: the cascade from the far corner stops at the three 1s
		// around it.
		{"200 rows", boomInput(boomGameLines(tall, "1 200 3")),
			ids("board-n-200", "board-not-square", "coordinate-200", "left-cascade", "board-m-3"), ids("board-m-200", "cascade-large", "board-n-3")},
		{"200 columns", boomInput(boomGameLines(wide, "1 3 200")),
			ids("board-m-200", "board-not-square", "coordinate-200", "board-n-3"), ids("board-n-200", "board-200x200", "board-m-3", "cascade-40000")},
		{"30 games", boomInput(thirty...), ids("games-30", "separator", "quit-no-ops"), ids("games-1")},
		{"10000 operations", one(repeatLine("2 1 1", 10000)...), ids("ops-10000", "right-question-to-blank"), nil},
		{"every limit at once", boomInput(largest...), ids("input-largest", "games-30", "ops-10000", "board-200x200"), ids("cascade-large")},
		{"near miss: 30 games, the last of 9999 operations", boomInput(append(slices.Clone(largest[:29]), boomGameLines(large, repeatLine("2 1 1", 9999)...))...),
			ids("games-30", "ops-10000"), ids("input-largest")},
		{"n and an operation over two lines", laid("1\n3\n3\nR\nR\nS\n1\n2 2\n2 3\n3\n0\n"),
			ids("form-split", "left-opens-number"), ids("form-runs", "form-tabs", "form-other-space", "form-crlf", "form-no-final-newline")},
		{"near miss: two rows and two operations on a line", laid("1\n3 3\nR R\nS\n1 2 2 2 3 3\n0\n"),
			ids("left-opens-number"), ids("form-split", "form-runs", "form-tabs", "form-other-space", "form-crlf", "form-no-final-newline")},
		{"runs of spaces", laid("1\n3  3\nR\nR\nS\n1   2 2\n2 3 3\n0\n"), ids("form-runs"), ids("form-split", "form-tabs")},
		{"a blank line", laid("1\n3 3\nR\nR\nS\n\n1 2 2\n2 3 3\n0\n"), ids("form-runs"), ids("form-split")},
		{"near miss: a blank after a line", laid("1\n3 3\nR\nR\nS\n1 2 2 \n2 3 3\n0\n"), nil, ids("form-runs", "form-tabs")},
		{"tabs", laid("1\n3\t3\nR\nR\nS\n1\t2\t2\n2 3 3\n0\n"), ids("form-tabs"), ids("form-runs", "form-other-space")},
		{"\\v and \\f", laid("\v1\n3 3\nR\fR\nS\n1 2 2\n2 3 3\n0\n\f\v"), ids("form-other-space"), ids("form-tabs", "form-no-final-newline")},
		{"\\r\\n", laid("1\r\n3 3\r\nR\r\nR\r\nS\r\n1 2 2\r\n2 3 3\r\n0\r\n"),
			ids("form-crlf"), ids("form-runs", "form-no-final-newline", "form-split")},
		{"no final newline", laid("1\n3 3\nR\nR\nS\n1 2 2\n2 3 3\n0"), ids("form-no-final-newline"), ids("form-crlf", "form-other-space")},
		{"near miss: 9999 operations", one(repeatLine("2 1 1", 9999)...), ids("right-question-to-blank"), ids("ops-10000")},
		// <2, 2> shows 8; opening it leaves the 8 mines unopened: WIN.
		{"an 8", boomInput(boomGameLines([]string{"***", "*_*", "***"}, "1 2 2")),
			ids("number-8", "left-opens-number", "win-after-change", "board-one-safe"), ids("number-0", "board-all-mines")},
		{"no mine", boomInput(boomGameLines([]string{"___", "___", "___"}, "1 2 2")),
			ids("board-no-mine", "left-cascade", "win-after-change"), ids("board-all-mines")},
	}
}

var boomReached = sync.OnceValue(func() []catalogueReached { return boomSituationGame.reachAll(boomCases()) })

// TestBoomSituationCases: each hand-made case of boom is valid and reaches what the rules
// say it does.
func TestBoomSituationCases(t *testing.T) {
	boomSituationGame.checkCases(t, boomReached())
}

// TestBoomSituationsEachProved: every entry of boom's catalogue has a case that reaches it
// and one that does not.
func TestBoomSituationsEachProved(t *testing.T) {
	boomSituationGame.checkEveryEntryProved(t, boomReached())
}

// TestBoomSituationsOfInvalidInputs: what the validator rejects reaches nothing, what it
// accepts reaches something, and no bytes panic.
func TestBoomSituationsOfInvalidInputs(t *testing.T) {
	boomSituationGame.checkInvalid(t, boomCases(), "0123 _*\n\t\r")
}

// TestBoomForms: the form entries are reached by exactly the forms an input is written
// in, every other entry as by the canonical input, which ref answers alike: each
// combination of forms testcase.Form writes, and layouts drawn at random, whose forms
// testcase.FormsIn tells from their bytes, and whose split form is an operation or "n m"
// spread over lines.
func TestBoomForms(t *testing.T) {
	canonical := []byte("2\n3 3\n___\n___\n__*\n1 2 2\n2 3 3\n0\n3 3\n***\n***\n***\n0\n")
	c, err := testcase.DecodeBoom(canonical)
	if err != nil {
		t.Fatal(err)
	}
	catalogue := ruling.BoomSituations()
	bit := map[string]testcase.Form{}
	for i, name := range testcase.FormNames {
		bit["form-"+name] = 1 << i
	}
	// forms splits a reach into its forms and its other entries.
	forms := func(reach coverage.Set) (f testcase.Form, other coverage.Set) {
		for i, s := range catalogue {
			if b, ok := bit[s.ID]; ok && reach.Has(i) {
				f |= b
			} else if reach.Has(i) {
				other.Add(i)
			}
		}
		return f, other
	}
	if len(bit) != len(testcase.FormNames) {
		t.Fatalf("the form entries: %v", bit)
	}
	for _, id := range slices.Collect(maps.Keys(bit)) {
		if !slices.ContainsFunc(catalogue, func(s coverage.Situation) bool { return s.ID == id && s.Kind == coverage.Form }) {
			t.Fatalf("%s is not a form entry of the catalogue", id)
		}
	}
	want, err := ref.BoomTrace(canonical, func(*ref.BoomStep) {})
	if err != nil {
		t.Fatal(err)
	}
	f0, base := forms(ruling.BoomReach(canonical))
	if f0 != 0 {
		t.Fatalf("the canonical input reaches the forms %06b", f0)
	}
	check := func(name string, input []byte, form testcase.Form) {
		t.Helper()
		got, other := forms(ruling.BoomReach(input))
		if got != form || other != base {
			t.Errorf("%s: reached forms %06b and %v, want %06b and %v\n%q", name, got, other.IDs(catalogue), form, base.IDs(catalogue), input)
		}
		if out, err := ref.BoomTrace(input, func(*ref.BoomStep) {}); err != nil || !bytes.Equal(out, want) {
			t.Errorf("%s: ref answers %q, %v", name, out, err)
		}
	}
	for f := testcase.Form(0); f <= testcase.AllForms; f++ {
		c.Form = f
		check(fmt.Sprintf("form %06b", f), c.Encode(), f)
	}
	// Random layouts: each token of the canonical input after a random run of blanks;
	// beside says which the canonical layout puts after a space, on the line of the token
	// before.
	tokens := bytes.Fields(canonical)
	var beside []bool
	for i, at := 0, 0; i < len(tokens); i++ {
		at = bytes.Index(canonical[at:], tokens[i]) + at
		beside = append(beside, at > 0 && canonical[at-1] == ' ')
		at += len(tokens[i])
	}
	blanks := []string{" ", " ", " ", "\n", "\n", "\t", "\r\n", "  ", "\v", "\f", "\n\n", " \n"}
	rng := rand.New(rand.NewSource(1))
	for k := range 400 {
		var b []byte
		split := false
		for i, tok := range tokens {
			if i > 0 || rng.Intn(4) == 0 {
				sep := blanks[rng.Intn(len(blanks))]
				if i > 0 && rng.Intn(2) == 0 {
					sep = pick(beside[i], " ", "\n") // the canonical separator
				}
				split = split || beside[i] && strings.Contains(sep, "\n")
				b = append(b, sep...)
			}
			b = append(b, tok...)
		}
		if rng.Intn(3) > 0 {
			b = append(b, blanks[rng.Intn(len(blanks))]...)
		}
		check(fmt.Sprintf("layout %d", k), b, testcase.FormsIn(b)|pick(split, testcase.FormSplit, 0))
	}
}

// TestBoomSituationsBeyondTheLimits: inputs past a limit of the statement, which ref
// plays and the validator rejects, reach nothing.
func TestBoomSituationsBeyondTheLimits(t *testing.T) {
	corner := []string{"___", "___", "__*"}
	games := make([][]string, 31)
	for i := range games {
		games[i] = boomGameLines(corner)
	}
	for name, input := range map[string][]byte{
		"31 games":                      boomInput(games...),
		"10001 operations":              boomInput(boomGameLines(corner, repeatLine("2 1 1", 10001)...)),
		"201 rows":                      boomInput(boomGameLines(boomBoard(201, 3, func(_, _ int) bool { return false }))),
		"text after the last game":      append(boomInput(boomGameLines(corner)), "0\n"...),
		"a game missing":                textLines("2", "3 3", "___", "___", "__*", "0"),
		"an operation after the game 0": textLines("1", "3 3", "___", "___", "__*", "0", "1 1 1"),
	} {
		if _, err := testcase.DecodeBoom(input); err == nil {
			t.Errorf("%s: the validator accepts it", name)
		}
		if reach := ruling.BoomReach(input); !reach.Empty() {
			t.Errorf("%s: reached %v", name, reach.IDs(ruling.BoomSituations()))
		}
	}
}

// TestBoomSituationsAgreeWithRulings: on random cases, the catalogue's entries that
// restate a ruling of boom are reached exactly where the ruling's watch (BoomInput) sees
// the ruling, two predicates written apart.
func TestBoomSituationsAgreeWithRulings(t *testing.T) {
	catalogue := ruling.BoomSituations()
	seen := coverage.Set{}
	for _, input := range seededCases(3000, func(b []byte) []byte { return testcase.BoomFromBytes(b).Encode() }) {
		reach := ruling.BoomReach(input)
		seen = seen.Union(reach)
		got := reach.IDs(catalogue)
		any := func(ids ...string) bool {
			return slices.ContainsFunc(ids, func(id string) bool { return slices.Contains(got, id) })
		}
		rulings := ruling.BoomInput(input)
		b3 := any("middle-zero-opens", "left-opens-question", "left-question-mine", "cascade-opens-question",
			"middle-opens-question", "middle-lose-question")
		if rulings&ruling.B1 != 0 != any("board-all-mines") || rulings&ruling.B2 != 0 != any("quit-no-ops") || rulings&ruling.B3 != 0 != b3 {
			t.Fatalf("rulings %v, reached %v\n%s", rulings.IDs(ruling.Boom()), got, input)
		}
	}
	t.Logf("random cases reach %d of %d entries; not %v", seen.Len(), len(catalogue), coverage.All(catalogue).Minus(seen).IDs(catalogue))
}

// boomBenchInput is a large case: the most games, each on the largest board with mines
// scattered over it and the most clicks, which never lose: left clicks on safe cells,
// right clicks on mines, middle clicks anywhere (the P are all on mines, so a matched
// count opens only safe cells).
func boomBenchInput() []byte {
	board := boomBoard(200, 200, func(x, y int) bool { return (x*7+y*11)%19 == 0 })
	games := make([][]string, 30)
	seed := uint32(1)
	for i := range games {
		ops := make([]string, 10000)
		for j := range ops {
			seed = seed*1664525 + 1013904223
			x, y := 1+int(seed>>8)%200, 1+int(seed>>20)%200
			op := "1"
			switch {
			case j%3 == 2:
				op = "3"
			case board[x-1][y-1] == '*':
				op = "2"
			}
			ops[j] = strings.Join([]string{op, strconv.Itoa(x), strconv.Itoa(y)}, " ")
		}
		games[i] = boomGameLines(board, ops...)
	}
	return boomInput(games...)
}

// BenchmarkBoomReach: the reach of a large case and of a small one, ref's traced play of
// each with an observer that does nothing, and ref's play of each alone.
func BenchmarkBoomReach(b *testing.B) {
	small := testcase.BoomFromBytes(seededBytes(3, 60)).Encode()
	for _, c := range []struct {
		name  string
		input []byte
	}{{"large", boomBenchInput()}, {"small", small}} {
		if _, err := testcase.DecodeBoom(c.input); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/BoomReach", func(b *testing.B) {
			for b.Loop() {
				if ruling.BoomReach(c.input).Empty() {
					b.Fatal("nothing reached")
				}
			}
		})
		b.Run(c.name+"/ref.BoomTrace", func(b *testing.B) {
			for b.Loop() {
				if _, err := ref.BoomTrace(c.input, func(*ref.BoomStep) {}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/ref.Boom", func(b *testing.B) {
			for b.Loop() {
				if err := ref.Boom(c.input, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestBoomAimsReachTheirSituations: a hunt's case steered toward one situation of boom's
// catalogue (the game's Toward, gen.BoomAim) reaches it for at least 8 of the case seeds
// 0 to 31 of seed 1, every entry; the seeds are tried in order up to the eighth that does.
// With every ruling of boom left out (-skip-rule), no steered case reaches one. The
// largest input (input-largest: 30 games of 200x200 with 10000 operations each) costs
// ref seconds a case, so -short leaves it out: its aim is a single call at every limit
// at once, which no draw can miss.
func TestBoomAimsReachTheirSituations(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	g, err := gamereg.Lookup("boom")
	if err != nil {
		t.Fatal(err)
	}
	skipping, err := gamereg.SkipRulings(g, []string{"R-B1", "R-B2", "R-B3"})
	if err != nil {
		t.Fatal(err)
	}
	steer, skipSteer := g.(engine.Steerer), skipping.(engine.Steerer)
	for i, s := range ruling.BoomSituations() {
		t.Run(s.ID, func(t *testing.T) {
			if s.ID == "input-largest" && testing.Short() {
				t.Skip("ref's play of the largest input")
			}
			var want coverage.Set
			want.Add(i)
			hits, k := 0, int64(0)
			for ; k < 32 && hits < 8; k++ {
				if ruling.BoomReach(steer.Toward(engine.CaseSeed(1, k), want).Encode()).Has(i) {
					hits++
				}
			}
			if hits < 8 {
				t.Errorf("reached by %d of the 32 steered cases, want at least 8", hits)
			}
			if s.ID == "input-largest" {
				return
			}
			for k := range int64(8) {
				if r := ruling.BoomInput(skipSteer.Toward(engine.CaseSeed(1, k), want).Encode()); r != 0 {
					t.Errorf("with every ruling left out, case %d reaches %v", k, r.IDs(ruling.Boom()))
				}
			}
		})
	}
}
