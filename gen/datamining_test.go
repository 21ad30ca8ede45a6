package gen

import (
	"math/rand"
	"reflect"
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

func TestShrinkDataminingCandidatesAreValidAndSmaller(t *testing.T) {
	g := DataminingGen(nil)
	checked := 0
	for seed := int64(1); checked < 40; seed++ {
		c := drawCase[testcase.Datamining](t, g, seed)
		if len(c.Boards) > 20 {
			continue // a sample of readable cases; big ones only have more of the same candidates
		}
		checked++
		b0, c0, m0 := dataminingSize(c)
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
			b, cl, m := dataminingSize(cand)
			if !(b < b0 || (b == b0 && cl < c0) || (b == b0 && cl == c0 && m < m0)) {
				t.Fatalf("seed %d, candidate %d is not smaller: boards %d→%d, cells %d→%d, mines %d→%d", seed, n, b0, b, c0, cl, m0, m)
			}
		}
	}
}

// A case whose every candidate is tried must reach the smallest one-board case: 3x3 with
// one mine (and, the board being 3x3, rows and columns stay).
func TestShrinkDataminingReachesOneMine(t *testing.T) {
	c := testcase.Datamining{Boards: [][]string{
		{"M.M.", ".M.M", "M.M.", "...."},
		{"...", "...", "MM."},
	}}
	for {
		next := ShrinkDatamining(c)
		v, ok := next()
		if !ok {
			break
		}
		c = v.(testcase.Datamining) // always accept the first candidate
	}
	if b, cells, mines := dataminingSize(c); b != 1 || cells != 9 || mines != 1 {
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
