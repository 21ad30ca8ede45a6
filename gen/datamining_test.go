package gen

import (
	"math/bits"
	"math/rand"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamediff/ruling"
	"gamediff/testcase"
)

func TestDataminingRoundTrip(t *testing.T) {
	g := DataminingGen(nil)
	for seed := int64(1); seed <= 300; seed++ {
		c := drawCase[testcase.Datamining](t, g, seed)
		got, err := testcase.DecodeDatamining(c.Encode())
		if err != nil {
			t.Fatalf("seed %d: the validator rejects a generated case: %v", seed, err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("seed %d: Decode(Encode(c)) differs from c", seed)
		}
	}
}

// dataminingSize is what every shrink candidate must make smaller: boards, then cells,
// then mines.
func dataminingSize(c testcase.Datamining) (boards, cells, mines int) {
	for _, b := range c.Boards {
		cells += len(b) * len(b[0])
		for _, row := range b {
			mines += strings.Count(row, "M")
		}
	}
	return len(c.Boards), cells, mines
}

// dataminingSize2 is dataminingSize, then the count of the forms of the case's layout:
// the last of what a shrink candidate makes smaller.
func dataminingSize2(c testcase.Datamining) (boards, cells, mines, forms int) {
	boards, cells, mines = dataminingSize(c)
	return boards, cells, mines, bits.OnesCount8(uint8(c.Form))
}

func TestShrinkDataminingCandidatesAreValidAndSmaller(t *testing.T) {
	g := DataminingGen(nil)
	checked, formed := 0, 0
	for seed := int64(1); checked < 40 || formed < 5; seed++ {
		c := drawCase[testcase.Datamining](t, g, seed)
		if len(c.Boards) > 20 || checked >= 40 && c.Form == 0 {
			continue // a sample of readable cases; big ones only have more of the same candidates
		}
		checked++
		if c.Form != 0 {
			formed++
		}
		b0, c0, m0, f0 := dataminingSize2(c)
		next := ShrinkDatamining(c)
		for n := 0; ; n++ {
			v, ok := next()
			if !ok {
				break
			}
			cand := v.(testcase.Datamining)
			if _, err := testcase.DecodeDatamining(cand.Encode()); err != nil {
				t.Fatalf("seed %d, candidate %d: invalid: %v\n%s", seed, n, err, cand.Encode())
			}
			if cand.Form&^c.Form != 0 || cand.Form != testcase.DataminingForm(cand.Form) {
				t.Fatalf("seed %d, candidate %d: form %06b from %06b", seed, n, cand.Form, c.Form)
			}
			b, cl, m, f := dataminingSize2(cand)
			if !(b < b0 || (b == b0 && cl < c0) || (b == b0 && cl == c0 && m < m0) || (b == b0 && cl == c0 && m == m0 && f < f0)) {
				t.Fatalf("seed %d, candidate %d is not smaller: boards %d→%d, cells %d→%d, mines %d→%d, forms %d→%d", seed, n, b0, b, c0, cl, m0, m, f0, f)
			}
		}
	}
}

// A case whose every candidate is tried must reach the smallest one-board case: 3x3 with
// one mine (and, the board being 3x3, rows and columns stay), in the canonical layout.
func TestShrinkDataminingReachesOneMine(t *testing.T) {
	c := testcase.Datamining{Boards: [][]string{
		{"M.M.", ".M.M", "M.M.", "...."},
		{"...", "...", "MM."},
	}, Form: testcase.FormTabs | testcase.FormCRLF}
	for {
		next := ShrinkDatamining(c)
		v, ok := next()
		if !ok {
			break
		}
		c = v.(testcase.Datamining) // always accept the first candidate
	}
	if b, cells, mines := dataminingSize(c); b != 1 || cells != 9 || mines != 1 || c.Form != 0 {
		t.Fatalf("shrinking to the end gave %d boards, %d cells, %d mines:\n%s", b, cells, mines, c.Encode())
	}
}

// The model the generator steers by must get the statement's sample right: 0 5 1 0.
func TestDataminingPlaysSample(t *testing.T) {
	for _, tc := range []struct {
		board []string
		best  int
	}{
		{[]string{"...", "...", "MM."}, 0},
		{[]string{"M.M.", ".M.M", "M.M."}, 5},
		{[]string{".....", ".....", "MMM..", "M.M..", "MMM..", ".....", "....."}, 1},
		{[]string{"...M", "....", "....", "M..."}, 0},
	} {
		if best, _ := ruling.CasualPlays(tc.board); best != tc.best {
			t.Errorf("%v: got %d, want %d", tc.board, best, tc.best)
		}
	}
	// The statement: from (2,2) of figure 1 "the player is stuck with 6 covered cells".
	if _, worst := ruling.CasualPlays([]string{"...", "...", "MM."}); worst != 6 {
		t.Errorf("figure 1: worst start leaves %d, want 6", worst)
	}
}

func TestDataminingGenReachesHardParts(t *testing.T) {
	g := DataminingGen(nil)
	shapes := map[[2]int]int{}
	count := map[string]int{}
	for seed := int64(1); seed <= 2000; seed++ {
		c := drawCase[testcase.Datamining](t, g, seed)
		switch n := len(c.Boards); {
		case n >= 1000:
			count["1000+ boards"]++
		case n >= 100:
			count["100+ boards"]++
		case n == 1:
			count["one board"]++
		}
		for i, b := range c.Boards {
			if i == 50 {
				break // enough to see what the boards are like; playing thousands is slow
			}
			rows, cols := len(b), len(b[0])
			shapes[[2]int{rows, cols}]++
			mines := 0
			for _, row := range b {
				mines += strings.Count(row, "M")
			}
			switch {
			case mines == 1:
				count["one mine"]++
			case mines == rows*cols-1:
				count["one safe cell"]++
			}
			if rows*cols == testcase.DataminingMaxCells {
				count["40 cells"]++
			}
			best, worst := ruling.CasualPlays(b)
			switch {
			case best > 0:
				count["stuck from every start"]++
				if best < rows*cols-mines-1 {
					count["stuck after some progress"]++
				}
			case worst > 0:
				count["won from some start only"]++
			default:
				// Only boards with one safe cell: a safe cell with a mine around and a
				// covered safe neighbour is stuck where it starts, and a region of 0s
				// always borders one.
				count["won from every start"]++
			}
		}
	}
	for _, s := range testcase.DataminingSides {
		if shapes[s] == 0 {
			t.Errorf("no %dx%d board", s[0], s[1])
		}
	}
	if len(testcase.DataminingSides) != 42 {
		t.Errorf("%d legal shapes, want 42 (r = 3: 11, 4: 8, 5: 6, 6: 4, 7: 3, 8: 3, 9: 2, 10: 2, 11-13: 1 each)", len(testcase.DataminingSides))
	}
	for _, f := range []string{"1000+ boards", "100+ boards", "one board", "one mine", "one safe cell", "40 cells",
		"stuck from every start", "stuck after some progress", "won from some start only", "won from every start"} {
		if count[f] < 3 {
			t.Errorf("feature %q reached %d times in 2000 cases", f, count[f])
		}
	}
	t.Logf("features: %v", count)
}

func TestDataminingFromBytes(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	inputs := [][]byte{nil, {0}, {255}, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, make([]byte, 100)}
	for i := 0; i < 2000; i++ {
		b := make([]byte, r.Intn(300))
		r.Read(b)
		inputs = append(inputs, b)
	}
	bigShape := false
	for _, in := range inputs {
		c := testcase.DataminingFromBytes(in)
		if _, err := testcase.DecodeDatamining(c.Encode()); err != nil {
			t.Fatalf("bytes %x: invalid case: %v\n%s", in, err, c.Encode())
		}
		if !reflect.DeepEqual(testcase.DataminingFromBytes(in), c) {
			t.Fatalf("bytes %x: not deterministic", in)
		}
		for _, b := range c.Boards {
			bigShape = bigShape || len(b)*len(b[0]) == testcase.DataminingMaxCells
		}
	}
	if !bigShape {
		t.Error("no 40-cell board from 2000 random byte strings")
	}
}

func TestDataminingPlan(t *testing.T) {
	plan := DataminingPlan()
	if plan[0].Call != "datamining -sample" {
		t.Fatalf("test 1 is %q, want the sample", plan[0].Call)
	}
	for i, p := range plan {
		c := drawCase[testcase.Datamining](t, p.Gen, int64(i+1))
		if _, err := testcase.DecodeDatamining(c.Encode()); err != nil {
			t.Fatalf("%s: invalid: %v", p.Call, err)
		}
		if !strings.Contains(p.Call, "-every-shape") {
			continue
		}
		if len(c.Boards) != len(testcase.DataminingSides) {
			t.Errorf("%s: %d boards, want one per shape (%d)", p.Call, len(c.Boards), len(testcase.DataminingSides))
		}
		for j, b := range c.Boards {
			if s := testcase.DataminingSides[j]; len(b) != s[0] || len(b[0]) != s[1] {
				t.Errorf("%s: board %d is %dx%d, want %dx%d", p.Call, j+1, len(b), len(b[0]), s[0], s[1])
			}
			_, _, mines := dataminingSize(testcase.Datamining{Boards: [][]string{b}})
			best, _ := ruling.CasualPlays(b)
			switch {
			case strings.HasSuffix(p.Call, "one-mine") && mines != 1,
				strings.HasSuffix(p.Call, "one-safe") && mines != len(b)*len(b[0])-1:
				t.Errorf("%s: board %d has %d mines", p.Call, j+1, mines)
			case strings.HasSuffix(p.Call, "stuck") && best == 0:
				t.Errorf("%s: board %d is won from some start", p.Call, j+1)
			}
		}
	}
}

// TestDataminingKinds: each kind of board of the generator that is made, not drawn until
// it fits, is what it says, on every shape.
func TestDataminingKinds(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	largest := map[[2]int]bool{{3, 13}: true, {13, 3}: true, {5, 8}: true, {8, 5}: true}
	for _, side := range testcase.DataminingSides {
		rows, cols := side[0], side[1]
		for range 20 {
			// dominated: no safe cell shows 0 or has only mines around, so every start is
			// stuck at once; with the fewest mines, the answer is 33 at the four shapes.
			board := genDataminingBoard(r, rows, cols, dataminingDominated)
			best, worst := ruling.CasualPlays(board)
			_, _, mines := dataminingSize(testcase.Datamining{Boards: [][]string{board}})
			if safe := rows*cols - mines; best != safe-1 || worst != safe-1 || largest[side] != (best == 33) {
				t.Fatalf("dominated %v: the starts leave %d to %d of %d safe cells", board, best, worst, safe)
			}
			if want := (rows + 2) / 3 * ((cols + 2) / 3); mines != want {
				t.Fatalf("dominated %v: %d mines, want %d", board, mines, want)
			}
			// eight: some safe cell sees eight mines.
			board = genDataminingBoard(r, rows, cols, dataminingEight)
			if !slices.ContainsFunc(dataminingCells(rows, cols), func(p [2]int) bool {
				return board[p[0]][p[1]] == '.' && dataminingAround(board, p[0], p[1]) == 8
			}) {
				t.Fatalf("eight %v: no safe cell sees eight mines", board)
			}
			// last-corner and first-corner: the corner is a 0 whose three neighbours are safe
			// and see a mine each.
			for _, kind := range []uint8{dataminingLastCorner, dataminingFirstCorner} {
				board = genDataminingBoard(r, rows, cols, kind)
				x, y, dx, dy := rows-1, cols-1, -1, -1
				if kind == dataminingFirstCorner {
					x, y, dx, dy = 0, 0, 1, 1
				}
				for _, n := range [][2]int{{x + dx, y}, {x, y + dy}, {x + dx, y + dy}} {
					if board[n[0]][n[1]] != '.' || dataminingAround(board, n[0], n[1]) == 0 {
						t.Fatalf("kind %s %v: the corner's neighbour (%d,%d) is no safe cell that sees a mine", dataminingKinds[kind], board, n[0]+1, n[1]+1)
					}
				}
				if board[x][y] != '.' || dataminingAround(board, x, y) != 0 || !testcase.DataminingHasBoth(board) {
					t.Fatalf("kind %s %v: the corner is no 0", dataminingKinds[kind], board)
				}
			}
		}
	}
}

// dataminingCells lists the cells of an r×c board, 0-based.
func dataminingCells(rows, cols int) [][2]int {
	var out [][2]int
	for x := range rows {
		for y := range cols {
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

// dataminingAround counts the mines around (x, y), 0-based.
func dataminingAround(board []string, x, y int) int {
	n := 0
	for nx := max(x-1, 0); nx <= min(x+1, len(board)-1); nx++ {
		for ny := max(y-1, 0); ny <= min(y+1, len(board[0])-1); ny++ {
			if (nx != x || ny != y) && board[nx][ny] == 'M' {
				n++
			}
		}
	}
	return n
}

// TestDataminingReachFlag: -reach boards gives board i a board that reaches the i-th
// situation a board can reach, for every one of them; -reach refuses an id the catalogue
// does not hold and one of a whole input.
func TestDataminingReachFlag(t *testing.T) {
	var ids dataminingReach
	if err := ids.Set("boards"); err != nil {
		t.Fatal(err)
	}
	catalogue := ruling.DataminingSituations()
	if len(ids)+len(dataminingInputSituations) != len(catalogue) {
		t.Fatalf("%d situations of a board and %d of an input, for a catalogue of %d", len(ids), len(dataminingInputSituations), len(catalogue))
	}
	g := mustGen("datamining -boards "+strconv.Itoa(len(ids))+" -reach boards", nil)
	for seed := range int64(3) {
		c := drawCase[testcase.Datamining](t, g, seed)
		for i, board := range c.Boards {
			if !ruling.DataminingBoardReach(board).Has(ids[i]) {
				t.Errorf("seed %d: board %d %v does not reach %s", seed, i+1, board, catalogue[ids[i]].ID)
			}
		}
	}
	for _, call := range []string{"datamining -reach no-such-situation", "datamining -reach form-tabs", "datamining -reach many-boards", "datamining -form nothing"} {
		if _, err := Gen(call, nil); err == nil {
			t.Errorf("%q: no error", call)
		}
	}
}

// TestDataminingFormFlagAndShare: -form lays the input out in the forms it names, and
// DataminingGen lays about 1 case in 16 out in some form, every form among them.
func TestDataminingFormFlagAndShare(t *testing.T) {
	c := drawCase[testcase.Datamining](t, mustGen("datamining -boards 2 -form tabs,crlf,no-final-newline", nil), 1)
	if want := testcase.FormTabs | testcase.FormCRLF | testcase.FormNoFinalNewline; c.Form != want {
		t.Fatalf("form %06b, want %06b", c.Form, want)
	}
	if got := c.Encode(); !strings.Contains(string(got), "\t") || !strings.HasSuffix(string(got), "0\t0") {
		t.Fatalf("%q is not in the forms", got)
	}
	const cases = 3200
	g := DataminingUnitGen(nil)
	formed, seen := 0, testcase.Form(0)
	for seed := range int64(cases) {
		c := drawCase[testcase.Datamining](t, g, seed)
		if c.Form != 0 {
			formed++
			seen |= c.Form
		}
		if c.Form != testcase.DataminingForm(c.Form) {
			t.Fatalf("seed %d: form %06b, which its input cannot show", seed, c.Form)
		}
	}
	if formed < cases/32 || formed > cases/8 || seen != testcase.AllForms {
		t.Errorf("%d of %d cases in a form (want about 1 in %d), forms seen %06b", formed, cases, dataminingFormShare, seen)
	}
}

// TestDataminingAimSkips: an aim honours the rulings a hunt leaves out. With R-D2 left
// out, an aim at a situation only R-D2's boards reach is nil, and every other aim's cases
// reach no R-D2; every situation of the catalogue has an aim, and an unknown id none.
func TestDataminingAimSkips(t *testing.T) {
	skip := NewSkip([]string{"R-D2"})
	for _, s := range ruling.DataminingSituations() {
		if DataminingAim(nil, s.ID) == nil {
			t.Errorf("%s: no aim", s.ID)
		}
		g := DataminingAim(skip, s.ID)
		if g == nil != dataminingNeedsD2[s.ID] {
			t.Errorf("%s: with R-D2 left out the aim is nil: %v", s.ID, g == nil)
		}
		if g == nil || s.ID == "many-boards" {
			continue // many-boards: the same boards, a thousand times slower to check
		}
		for seed := range int64(4) {
			c := drawCase[testcase.Datamining](t, g, seed)
			if got := ruling.DataminingInput(c.Encode()) & ruling.D2; got != 0 {
				t.Errorf("%s, seed %d: reaches R-D2, left out\n%s", s.ID, seed, c.Encode())
			}
		}
	}
	if DataminingAim(nil, "no-such-situation") != nil {
		t.Error("an aim at a situation the catalogue does not hold")
	}
}
