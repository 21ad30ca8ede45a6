package ruling_test

import (
	"bytes"
	"io"
	"math/rand"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamediff/coverage"
	"gamediff/engine"
	gamediffgames "gamediff/games"
	"gamediff/gen"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

// dataminingSit is a hand-made input of datamining, boards written with their rows
// separated by '/', and the situations it reaches, worked out from docs/datamining.md.
// Cells are written (row, column), from (1,1) at the top left.
type dataminingSit struct {
	name   string
	boards []string
	want   []string
	not    []string
	form   testcase.Form // the layout of the input (testcase.Form.Respace)
	text   string        // the input itself, laid out by hand, instead of boards and form
}

// input is the case's input.
func (c dataminingSit) input() string {
	if c.text != "" {
		return c.text
	}
	return string(c.form.Respace([]byte(dataminingText(c.boards...))))
}

// dataminingText is the boards as the validator wants them, then "0 0".
func dataminingText(boards ...string) string {
	var b strings.Builder
	for _, board := range boards {
		rows := strings.Split(board, "/")
		b.WriteString(strconv.Itoa(len(rows)) + " " + strconv.Itoa(len(rows[0])) + "\n")
		for _, row := range rows {
			b.WriteString(row + "\n")
		}
	}
	return b.String() + "0 0\n"
}

// dataminingIDs lists a case's boards or situations.
func dataminingIDs(s ...string) []string { return s }

// dataminingBoard is a board of r rows and c columns, all '.' but a mine at (1,1).
func dataminingBoard(r, c int) string {
	rows := make([]string, r)
	for i := range rows {
		rows[i] = strings.Repeat(".", c)
	}
	rows[0] = "M" + rows[0][1:]
	return strings.Join(rows, "/")
}

func dataminingSits() []dataminingSit {
	d := dataminingIDs
	many := make([]string, 1000)
	for i := range many {
		many[i] = "M.M/.M./M.M"
	}
	// The forms: no board reaches one, the forms alone.
	forms := d("form-split", "form-runs", "form-tabs", "form-other-space", "form-crlf", "form-no-final-newline")
	formsBut := func(id string) []string {
		return slices.DeleteFunc(slices.Clone(forms), func(f string) bool { return f == id })
	}
	sits := []dataminingSit{
		// The statement's worked example. From (1,1) rule 1 clears its 0 region; at (2,1)
		// rule 2 flags (3,1) and (3,2); at (2,2), whose two mines are flagged, rule 1
		// clears (3,3): won, in one pass. From (1,3) the first pass looks at (2,2) before
		// (2,1) is cleared, and nothing holds there; the second pass flags at (2,1), then
		// rule 1 holds at (2,2). From (2,2), a 2 with eight covered neighbours, nothing
		// applies: stuck with 6 safe cells covered. The 0-cascade alone (row 1, its border
		// row 2) never reaches (3,3), and the three 0s of row 1 tie as best starts. Every
		// start that is not a 0 is stuck at once: none makes progress and then stops.
		{name: "the worked example", boards: d(".../.../MM."),
			want: d("rule-1-clears", "rule-2-flags", "rule-1-on-flags", "start-on-zero", "start-stuck-at-once", "cell-acts-on-revisit",
				"won-from-some-starts-only", "win-needs-flags", "answer-zero", "board-rows-3", "board-columns-3", "board-3x3", "one-board"),
			not: append(d("rule-2-beside-flags", "stuck-from-every-start", "answer-max", "board-one-mine", "board-one-safe-cell",
				"rules-repeat", "cascade-clears-all", "start-stuck-after-progress", "best-start-only-first-cell", "best-start-only-last-cell",
				"mine-start-would-win", "start-flags-all-around", "start-shows-8", "board-over-32-cells", "many-boards"), forms...)},
		// From (3,1) rule 1 clears rows 2 and 3. (2,1) flags (1,1) and (1,2); (2,2), with
		// both flagged, clears (1,3); (2,3) sees the flag on (1,2) and the covered (1,4),
		// two mines: rule 2 flags (1,4) beside a flag.
		{name: "rule 2 beside a flag", boards: d("MM.M/..../...."),
			want: d("rule-2-beside-flags", "rule-2-flags", "rule-1-on-flags", "answer-zero", "board-rows-3"),
			not:  d("board-columns-3", "board-3x3")},
		// Every safe cell sees three mines among five neighbours: each start is stuck at
		// once, 3 of the 4 safe cells left covered. A corner mine sees the centre's mine
		// among three covered neighbours, the centre four mines among eight: as first
		// cells they clear nothing either, and leave all 4.
		{name: "stuck from every start", boards: d("M.M/.M./M.M"),
			want: d("stuck-from-every-start", "answer-max", "start-stuck-at-once"),
			not: d("rule-1-clears", "rule-2-flags", "answer-zero", "won-from-some-starts-only", "start-on-zero", "rules-repeat",
				"cell-acts-on-revisit", "mine-start-would-win", "start-stuck-after-progress", "stuck-everywhere-after-progress")},
		// The single safe cell sees eight mines: rule 2 flags them all, and it is won,
		// without a cascade, and with no covered safe cell to uncover anyway.
		{name: "one safe cell", boards: d("MMM/M.M/MMM"),
			want: d("board-one-safe-cell", "rule-2-flags", "answer-zero", "start-shows-8", "start-flags-all-around"),
			not: d("start-stuck-at-once", "won-from-some-starts-only", "rule-1-clears", "answer-max", "win-needs-flags",
				"cascade-clears-all", "mine-start-would-win", "rules-repeat")},
		// (1,1) sees three mines, its every neighbour: rule 2 flags them, and the start
		// clears nothing more. Not an 8: no cell of a 3x3 board but the centre has eight
		// neighbours, and the centre is a mine.
		{name: "a corner start flags all around", boards: d(".M./MM./..."),
			want: d("start-flags-all-around", "rule-2-flags"),
			not:  d("start-shows-8", "board-one-safe-cell")},
		// (1,2) sees one mine among five neighbours: stuck at once. (3,3) is a 0 whose
		// cascade clears (2,2), (2,3), (3,2), and the 0s among them the rest: every safe
		// cell, by the cascade alone.
		{name: "one mine, 3x3", boards: d(dataminingBoard(3, 3)),
			want: d("board-one-mine", "board-3x3", "start-stuck-at-once", "won-from-some-starts-only", "rule-1-clears", "cascade-clears-all"),
			not:  d("board-one-safe-cell", "stuck-from-every-start", "win-needs-flags", "rule-2-beside-flags")},
		// The mine is (1,2). Its only 0 region, (1,4), (2,4) and row 3, with its border,
		// leaves (1,1) covered; (1,3) then sees only (1,2) covered and flags it, and (2,1)
		// or (2,2), with the flag, clears (1,1): won. But whichever 0 starts, the first
		// pass in row order passes (1,3) before the cells it needs are cleared, and ends
		// with (1,1), (2,1), (3,1) or (1,1), (1,3), (1,4) covered: one pass wins nowhere.
		{name: "the rules repeat", boards: d(".M../..../...."),
			want: d("rules-repeat", "answer-zero", "won-from-some-starts-only", "win-needs-flags", "rule-2-flags", "rule-1-on-flags"),
			not:  d("cascade-clears-all", "board-3x3")},
		// Mines (1,2), (1,3), (2,1). From (3,3), a 0: (2,3) flags (1,2) and (1,3); then
		// (2,2) has f = 2 of its 3 mines and three covered cells, (3,2) one mine and two
		// covered: stuck with (1,1) and (3,1), 2 of 6. Every other start is stuck at once
		// (5 left). No mine start does better: each sees a mine among its covered
		// neighbours, and neither rule holds.
		{name: "stuck everywhere after progress", boards: d(".MM/M../..."),
			want: d("stuck-everywhere-after-progress", "start-stuck-after-progress", "stuck-from-every-start", "rule-2-flags", "start-on-zero"),
			not:  d("answer-max", "answer-zero", "mine-start-would-win", "rules-repeat")},
		// One mine, in the centre: every safe cell sees it among 3 or 5 covered
		// neighbours, and is stuck at once: 7. The mine as a first cell shows 0 and would
		// clear all eight.
		{name: "a mine start would win", boards: d(".../.M./..."),
			want: d("mine-start-would-win", "answer-max", "board-one-mine", "stuck-from-every-start"),
			not:  d("answer-zero", "start-on-zero", "cascade-clears-all", "rule-1-clears")},
		// Mines (1,1), (1,3), (3,1). (3,3) is the only 0: its cascade clears (2,2), (2,3)
		// and (3,2), where nothing holds (3, 1 and 1 mines among 5, 2 and 2 covered): 2
		// left, (1,2) and (2,1). Every other start is stuck at once (5 left). A mine start:
		// (1,1) and (1,3) show 0, clear three cells and flag two safe ones; 3 left.
		{name: "the last cell the only best start", boards: d("M.M/.../M.."),
			want: d("best-start-only-last-cell", "stuck-everywhere-after-progress", "start-stuck-after-progress", "start-on-zero"),
			not:  d("best-start-only-first-cell", "answer-zero", "answer-max", "mine-start-would-win")},
		// The same board turned half a turn: (1,1) is the only 0.
		{name: "the first cell the only best start", boards: d("..M/.../M.M"),
			want: d("best-start-only-first-cell", "stuck-everywhere-after-progress"),
			not:  d("best-start-only-last-cell", "answer-zero")},
		// Mines on row 2 at columns 2, 5, 8, 11 and 13: every safe cell sees one or two
		// of them among at least three safe neighbours, so each start is stuck at once:
		// 34 safe cells, 33 left, the largest answer. The mine (2,2) as a first cell shows
		// 0 and clears its eight neighbours.
		{name: "the largest answer", boards: d("............./.M..M..M..M.M/............."),
			want: d("answer-largest", "answer-max", "stuck-from-every-start", "board-3x13", "board-over-32-cells", "mine-start-would-win"),
			not:  d("start-on-zero", "rule-1-clears", "answer-zero", "board-40-cells")},
		{name: "4 rows, 10 columns", boards: d(dataminingBoard(4, 10)), want: d("board-40-cells", "board-one-mine", "board-over-32-cells"),
			not: d("board-rows-3", "board-columns-3", "board-3x13", "board-13x3", "answer-largest")},
		{name: "3 rows, 13 columns", boards: d(dataminingBoard(3, 13)), want: d("board-3x13", "board-rows-3"), not: d("board-columns-3", "board-40-cells")},
		{name: "13 rows, 3 columns", boards: d(dataminingBoard(13, 3)), want: d("board-13x3", "board-columns-3"), not: d("board-rows-3", "board-40-cells")},
		{name: "4 rows, 3 columns", boards: d(dataminingBoard(4, 3)), want: d("board-columns-3"), not: d("board-rows-3", "board-3x3", "board-13x3", "board-over-32-cells")},
		{name: "1000 boards", boards: many, want: d("many-boards", "stuck-from-every-start"), not: d("answer-zero", "one-board")},
		{name: "two boards", boards: d(".../.../MM.", ".../.M./..."), want: d("answer-zero", "mine-start-would-win"), not: d("one-board", "many-boards")},
		// Laid out by hand: r and c of the board on lines of their own, the final 0 0
		// together; and the reverse, without a line end at the very end.
		{name: "r and c split by hand", text: "3\n3\n...\n...\nMM.\n0 0\n", want: d("form-split", "one-board"), not: formsBut("form-split")},
		{name: "0 and 0 split by hand", text: "3 3\n...\n...\nMM.\n0\n0", want: d("form-split", "form-no-final-newline"),
			not: d("form-runs", "form-tabs", "form-other-space", "form-crlf")},
		{name: "two rows on a line", text: "3 3\n... ...\nMM.\n0 0\n", want: d("answer-zero"), not: forms},
	}
	// Each form alone, as the generators write it.
	for i, name := range testcase.FormNames {
		sits = append(sits, dataminingSit{name: "form " + name, boards: d(".../.../MM."), form: 1 << i,
			want: d("form-"+name, "answer-zero"), not: formsBut("form-" + name)})
	}
	return sits
}

// TestDataminingSituationsReached: every hand-made case is valid and reaches what it
// must and nothing it must not; every entry of the catalogue is reached by some case and
// missed by another.
func TestDataminingSituationsReached(t *testing.T) {
	catalogue := ruling.DataminingSituations()
	known := map[string]bool{}
	for _, s := range catalogue {
		known[s.ID] = true
	}
	reached, missed, wanted := map[string]int{}, map[string]int{}, map[string]bool{}
	for _, c := range dataminingSits() {
		for _, id := range c.want {
			wanted[id] = true
		}
		t.Run(c.name, func(t *testing.T) {
			input := c.input()
			if _, err := testcase.DecodeDatamining([]byte(input)); err != nil {
				t.Fatalf("the validator rejects the case: %v\n%s", err, input)
			}
			got := ruling.DataminingReach([]byte(input)).IDs(catalogue)
			for _, id := range append(slices.Clone(c.want), c.not...) {
				if !known[id] {
					t.Errorf("%q is no entry of the catalogue", id)
				}
			}
			for _, id := range c.want {
				if !slices.Contains(got, id) {
					t.Errorf("reached %v, want %s among them\n%.200s", got, id, input)
				}
			}
			for _, id := range c.not {
				if slices.Contains(got, id) {
					t.Errorf("reached %v, want no %s\n%.200s", got, id, input)
				}
			}
			for _, s := range catalogue {
				if slices.Contains(got, s.ID) {
					reached[s.ID]++
				} else {
					missed[s.ID]++
				}
			}
		})
	}
	for _, s := range catalogue {
		if !wanted[s.ID] {
			t.Errorf("no case wants %s (%s)", s.ID, s.What)
		}
		if reached[s.ID] == 0 || missed[s.ID] == 0 {
			t.Errorf("%s: reached by %d cases, missed by %d: want at least one of each", s.ID, reached[s.ID], missed[s.ID])
		}
	}
}

// TestDataminingSituationsCatalogue: the catalogue is returned as a copy.
func TestDataminingSituationsCatalogue(t *testing.T) {
	a := ruling.DataminingSituations()
	a[0].ID = "changed"
	if b := ruling.DataminingSituations(); b[0].ID == "changed" {
		t.Fatal("DataminingSituations returns the catalogue itself, not a copy")
	}
}

// TestDataminingForms: each form the rules allow (docs/rules.md, "Input is a stream of
// tokens"), as a case carries it, is read by ref as the canonical input is, is valid and
// decodes to its form, and reaches the form's entries of the catalogue, no other form's,
// and the same situations of the boards.
func TestDataminingForms(t *testing.T) {
	catalogue := ruling.DataminingSituations()
	c := testcase.Datamining{Boards: [][]string{{"...", "...", "MM."}, {"M.M.", ".M.M", "M.M."}}}
	canonical := c.Encode()
	var want bytes.Buffer
	if err := ref.Datamining(canonical, &want); err != nil {
		t.Fatal(err)
	}
	boards := ruling.DataminingReach(canonical)
	for f := range testcase.AllForms + 1 {
		c.Form = testcase.DataminingForm(f)
		input := c.Encode()
		var got bytes.Buffer
		if err := ref.Datamining(input, &got); err != nil || got.String() != want.String() {
			t.Errorf("form %06b: ref answers %q, %v; want %q as for the canonical input", f, got.String(), err, want.String())
		}
		if d, err := testcase.DecodeDatamining(input); err != nil || d.Form != c.Form {
			t.Errorf("form %06b: decoded to form %06b, %v", f, d.Form, err)
		}
		var forms []string
		for i, name := range testcase.FormNames {
			if c.Form.Has(1 << i) {
				forms = append(forms, "form-"+name)
			}
		}
		reached := ruling.DataminingReach(input)
		if got, want := reached.Minus(boards).IDs(catalogue), forms; !slices.Equal(got, want) {
			t.Errorf("form %06b: %q reaches the forms %v, want %v", f, input, got, want)
		}
		if missed := boards.Minus(reached); !missed.Empty() {
			t.Errorf("form %06b: %q misses %v", f, input, missed.IDs(catalogue))
		}
	}
}

// TestDataminingFormsInBytes: the forms DataminingReach reads off an input's bytes are
// those testcase.FormsIn sees, on inputs of every mix of whitespace, and form-split is
// reached where some r and its c, or the final 0 and 0, lie on different lines.
func TestDataminingFormsInBytes(t *testing.T) {
	catalogue := ruling.DataminingSituations()
	rng := rand.New(rand.NewSource(1))
	blanks := []string{" ", "  ", "\t", "\n", "\n\n", "\r\n", "\v", "\f", " \t"}
	tokens := []string{"3", "3", "...", "...", "MM.", "3", "4", "M.M.", ".M.M", "M.M.", "0", "0"}
	for range 2000 {
		var b strings.Builder
		if rng.Intn(4) == 0 {
			b.WriteString(blanks[rng.Intn(len(blanks))])
		}
		split := false
		for i, tok := range tokens {
			b.WriteString(tok)
			if i == len(tokens)-1 && rng.Intn(3) == 0 {
				break
			}
			blank := blanks[rng.Intn(len(blanks))]
			if i == 0 || i == 5 || i == 10 { // between r and c, or the final 0 and 0
				split = split || strings.Contains(blank, "\n")
			}
			b.WriteString(blank)
		}
		input := []byte(b.String())
		want := testcase.FormsIn(input)
		if split {
			want |= testcase.FormSplit
		}
		var wantIDs []string
		for i, name := range testcase.FormNames {
			if want.Has(1 << i) {
				wantIDs = append(wantIDs, "form-"+name)
			}
		}
		var got []string
		for _, id := range ruling.DataminingReach(input).IDs(catalogue) {
			if strings.HasPrefix(id, "form-") {
				got = append(got, id)
			}
		}
		if !slices.Equal(got, wantIDs) {
			t.Fatalf("%q reaches the forms %v, want %v", input, got, wantIDs)
		}
	}
}

// TestDataminingAims: a hunt steered toward any one situation of the catalogue reaches it
// (games' Toward, which gen.DataminingAim feeds): for each id, at least 8 of 32 case
// seeds give a case (a unit of one board, or a whole input for the count of boards and
// the forms) that reaches it. A board aimed at a situation is drawn until it reaches it,
// so most ids are reached by every seed.
func TestDataminingAims(t *testing.T) {
	g, err := gamediffgames.Lookup("datamining")
	if err != nil {
		t.Fatal(err)
	}
	steer, ok := g.(engine.Steerer)
	if !ok {
		t.Fatal("datamining is no engine.Steerer")
	}
	catalogue := ruling.DataminingSituations()
	const seeds = 32
	for i, s := range catalogue {
		t.Run(s.ID, func(t *testing.T) {
			t.Parallel()
			var want coverage.Set
			want.Add(i)
			hits := 0
			for k := range int64(seeds) {
				if ruling.DataminingReach(steer.Toward(engine.CaseSeed(1, k), want).Encode()).Has(i) {
					hits++
				}
			}
			if hits < 8 {
				t.Errorf("%d of %d aimed cases reach it, want at least 8", hits, seeds)
			}
			if testing.Verbose() {
				t.Logf("aim %s: %2d of %d", s.ID, hits, seeds)
			}
		})
	}
}

// TestDataminingJoinKeepsForms: a hunt's packed input (games' Join of units) is laid out
// in every form one of its units is, so that it reaches each of them.
func TestDataminingJoinKeepsForms(t *testing.T) {
	g, err := gamediffgames.Lookup("datamining")
	if err != nil {
		t.Fatal(err)
	}
	batcher, ok := g.(engine.Batcher)
	if !ok {
		t.Fatal("datamining is no engine.Batcher")
	}
	board := [][]string{{"...", "...", "MM."}}
	units := []engine.Case{
		testcase.Datamining{Boards: board, Form: testcase.FormTabs},
		testcase.Datamining{Boards: board},
		testcase.Datamining{Boards: board, Form: testcase.FormCRLF | testcase.FormNoFinalNewline},
	}
	joined, _ := batcher.Join(units)
	want := testcase.Datamining{Boards: [][]string{board[0], board[0], board[0]}, Form: testcase.FormTabs | testcase.FormCRLF | testcase.FormNoFinalNewline}
	if !reflect.DeepEqual(joined, want) {
		t.Fatalf("joined %+v, want %+v", joined, want)
	}
	got := ruling.DataminingReach(joined.Encode()).IDs(ruling.DataminingSituations())
	for _, id := range []string{"form-tabs", "form-crlf", "form-no-final-newline"} {
		if !slices.Contains(got, id) {
			t.Errorf("the packed input reaches %v, no %s", got, id)
		}
	}
}

// TestDataminingPlanReachesEverySituation: the default test set (gen, seed 1: test n
// made from engine.CaseSeed(1, n)) reaches every situation of the catalogue.
func TestDataminingPlanReachesEverySituation(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	catalogue := ruling.DataminingSituations()
	var reached coverage.Set
	for i, p := range gen.DataminingPlan() {
		c := gamediffgames.Generate[testcase.Datamining](p.Gen, engine.CaseSeed(1, int64(i+1)))
		reached = reached.Union(ruling.DataminingReach(c.Encode()))
	}
	if missed := coverage.All(catalogue).Minus(reached); !missed.Empty() {
		t.Errorf("the default set reaches no case of %v", missed.IDs(catalogue))
	}
}

// TestDataminingReachOfBadInput: an input ref rejects reaches nothing (every prefix of a
// case that ref rejects), and no bytes make DataminingReach panic: a case with one byte
// changed, and boards the validator rejects but ref answers (all mines, no mine).
func TestDataminingReachOfBadInput(t *testing.T) {
	input := []byte(dataminingText(".../.../MM.", "M.M./.M.M/M.M."))
	for i := range input {
		if err := ref.Datamining(input[:i], io.Discard); err != nil {
			if got := ruling.DataminingReach(input[:i]); !got.Empty() {
				t.Fatalf("%q reaches %v, an input cut short", input[:i], got.IDs(ruling.DataminingSituations()))
			}
		}
		for _, b := range []byte("\x00 9-M.") {
			changed := slices.Clone(input)
			changed[i] = b
			ruling.DataminingReach(changed)
		}
	}
	ruling.DataminingReach([]byte(dataminingText("MMM/MMM/MMM", ".../.../...")))
}

// TestDataminingReachOfGeneratedCases: on the generator's cases, a case reaches what its
// boards reach one by one (but for many-boards), and it reaches answer-zero where ref
// answers 0 to some board. It logs how many cases reach each entry.
func TestDataminingReachOfGeneratedCases(t *testing.T) {
	catalogue := ruling.DataminingSituations()
	whole := reachOfIDs(catalogue, "many-boards", "one-board", "form-split", "form-runs", "form-tabs", "form-other-space", "form-crlf", "form-no-final-newline")
	zero := reachOfIDs(catalogue, "answer-zero")
	count := map[string]int{}
	const cases = 100
	g := gen.DataminingGen(nil)
	for seed := range int64(cases) {
		c := drawCase(t, g, seed).(testcase.Datamining)
		input := c.Encode()
		got := ruling.DataminingReach(input)
		var union coverage.Set
		for _, board := range c.Boards {
			alone := ruling.DataminingReach(testcase.Datamining{Boards: [][]string{board}}.Encode())
			if played := ruling.DataminingBoardReach(board); played != alone.Minus(whole) {
				t.Fatalf("seed %d: board %v reaches %v alone, %v played by DataminingBoardReach", seed, board, alone.IDs(catalogue), played.IDs(catalogue))
			}
			union = union.Union(alone)
		}
		if got.Minus(whole) != union.Minus(whole) {
			t.Fatalf("seed %d: the case reaches %v, its boards %v", seed, got.IDs(catalogue), union.IDs(catalogue))
		}
		var out bytes.Buffer
		if err := ref.Datamining(input, &out); err != nil {
			t.Fatal(err)
		}
		answered, reached := strings.Contains("\n"+out.String(), "\n0\n"), got.Union(zero) == got
		if answered != reached {
			t.Errorf("seed %d: ref answers 0: %v, answer-zero reached: %v", seed, answered, reached)
		}
		for _, id := range got.IDs(catalogue) {
			count[id]++
		}
	}
	for _, s := range catalogue {
		t.Logf("%-28s in %3d of %d cases", s.ID, count[s.ID], cases)
	}
}

// dataminingBenchInput is 3000 boards of 36 to 40 cells, from datamining's generator.
func dataminingBenchInput(b *testing.B) []byte {
	g, err := gen.Gen("datamining -boards 3000 -cells 36..40", nil)
	if err != nil {
		b.Fatal(err)
	}
	return drawCase(b, g, 1).Encode()
}

// BenchmarkDataminingReach compares DataminingReach with ref's judge alone on the same
// input: the metric reach/ref is the one's time per the other's.
//
//	go test ./ruling -run '^$' -bench DataminingReach -benchtime 5x
func BenchmarkDataminingReach(b *testing.B) {
	input := dataminingBenchInput(b)
	var refTime float64
	b.Run("ref", func(b *testing.B) {
		for b.Loop() {
			if err := ref.Datamining(input, io.Discard); err != nil {
				b.Fatal(err)
			}
		}
		refTime = float64(b.Elapsed()) / float64(b.N)
	})
	b.Run("reach", func(b *testing.B) {
		for b.Loop() {
			ruling.DataminingReach(input)
		}
		b.ReportMetric(float64(b.Elapsed())/float64(b.N)/refTime, "reach/ref")
	})
}
