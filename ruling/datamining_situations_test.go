package ruling_test

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamediff/coverage"
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
	return []dataminingSit{
		// The statement's worked example. From (1,1) rule 1 clears its 0 region; at (2,1)
		// rule 2 flags (3,1) and (3,2); at (2,2), whose two mines are flagged, rule 1
		// clears (3,3): won. From (2,2), a 2 with eight covered neighbours, nothing
		// applies: stuck with 6 safe cells covered.
		{"the worked example", d(".../.../MM."),
			d("rule-1-clears", "rule-2-flags", "rule-1-on-flags", "start-stuck-at-once", "won-from-some-starts-only", "answer-zero",
				"board-rows-3", "board-columns-3", "board-3x3"),
			d("rule-2-beside-flags", "stuck-from-every-start", "answer-max", "board-one-mine", "board-one-safe-cell")},
		// From (3,1) rule 1 clears rows 2 and 3. (2,1) flags (1,1) and (1,2); (2,2), with
		// both flagged, clears (1,3); (2,3) sees the flag on (1,2) and the covered (1,4),
		// two mines: rule 2 flags (1,4) beside a flag.
		{"rule 2 beside a flag", d("MM.M/..../...."),
			d("rule-2-beside-flags", "rule-2-flags", "rule-1-on-flags", "answer-zero", "board-rows-3"),
			d("board-columns-3", "board-3x3")},
		// Every safe cell sees three mines among five neighbours: each start is stuck at
		// once, 3 of the 4 safe cells left covered.
		{"stuck from every start", d("M.M/.M./M.M"),
			d("stuck-from-every-start", "answer-max", "start-stuck-at-once"),
			d("rule-1-clears", "rule-2-flags", "answer-zero", "won-from-some-starts-only")},
		// The single safe cell sees eight mines: rule 2 flags them all, and it is won.
		{"one safe cell", d("MMM/M.M/MMM"),
			d("board-one-safe-cell", "rule-2-flags", "answer-zero"),
			d("start-stuck-at-once", "won-from-some-starts-only", "rule-1-clears", "answer-max")},
		// (1,2) sees one mine among five neighbours: stuck at once. (3,3) is a 0.
		{"one mine, 3x3", d(dataminingBoard(3, 3)),
			d("board-one-mine", "board-3x3", "start-stuck-at-once", "won-from-some-starts-only", "rule-1-clears"),
			d("board-one-safe-cell", "stuck-from-every-start")},
		{"4 rows, 10 columns", d(dataminingBoard(4, 10)), d("board-40-cells", "board-one-mine"),
			d("board-rows-3", "board-columns-3", "board-3x13", "board-13x3")},
		{"3 rows, 13 columns", d(dataminingBoard(3, 13)), d("board-3x13", "board-rows-3"), d("board-columns-3", "board-40-cells")},
		{"13 rows, 3 columns", d(dataminingBoard(13, 3)), d("board-13x3", "board-columns-3"), d("board-rows-3", "board-40-cells")},
		{"4 rows, 3 columns", d(dataminingBoard(4, 3)), d("board-columns-3"), d("board-rows-3", "board-3x3", "board-13x3")},
		{"1000 boards", many, d("many-boards", "stuck-from-every-start"), d("answer-zero")},
	}
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
			input := dataminingText(c.boards...)
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

// TestDataminingFormsAreNotValid: each form the rules allow (docs/rules.md, "Input is a
// stream of tokens"), which ref reads as it reads the canonical input, is rejected by
// the validator (R-IN3: the statement's exact layout), so that no valid input has one and
// the catalogue lists none. A validator that comes to accept one fails this test: the
// form then belongs in the catalogue.
func TestDataminingFormsAreNotValid(t *testing.T) {
	canonical := dataminingText(".../.../MM.")
	var want bytes.Buffer
	if err := ref.Datamining([]byte(canonical), &want); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ name, from, to string }{
		{"tabs between tokens", "3 3", "3\t3"},
		{"\\r\\n line ends", "\n", "\r\n"},
		{"runs of blanks", "3 3", "3   3"},
		{"blank lines", "\nMM.", "\n\n\nMM."},
		{"two rows on one line", "...\n...\n", "... ...\n"},
		{"the size over two lines", "3 3", "3\n3"},
		{"no newline at the end", "0 0\n", "0 0"},
	} {
		input := strings.Replace(canonical, f.from, f.to, -1)
		if input == canonical {
			t.Fatalf("%s: %q is not in the input", f.name, f.from)
		}
		var got bytes.Buffer
		if err := ref.Datamining([]byte(input), &got); err != nil || got.String() != want.String() {
			t.Errorf("%s: ref answers %q, %v; want %q as for the canonical input", f.name, got.String(), err, want.String())
		}
		if _, err := testcase.DecodeDatamining([]byte(input)); err == nil {
			t.Errorf("%s: the validator accepts %q; the form belongs in the catalogue", f.name, input)
		}
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
	whole, zero := reachOfIDs(catalogue, "many-boards"), reachOfIDs(catalogue, "answer-zero")
	count := map[string]int{}
	const cases = 100
	g := gen.DataminingGen(nil)
	for seed := range int64(cases) {
		c := drawCase(t, g, seed).(testcase.Datamining)
		input := c.Encode()
		got := ruling.DataminingReach(input)
		var union coverage.Set
		for _, board := range c.Boards {
			union = union.Union(ruling.DataminingReach(testcase.Datamining{Boards: [][]string{board}}.Encode()))
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
