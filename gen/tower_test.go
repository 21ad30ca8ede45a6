package gen

import (
	"bytes"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gamediff/coverage"
	"gamediff/ruling"
	"gamediff/testcase"
)

func TestTowerRoundTrip(t *testing.T) {
	for i, c := range drawCases[testcase.Tower](t, TowerGen(nil), 300) {
		got, err := testcase.DecodeTower(c.Encode())
		if err != nil {
			t.Fatalf("case %d: generated case rejected: %v", i, err)
		}
		if !reflect.DeepEqual(normalizeTower(got), normalizeTower(c)) {
			t.Fatalf("case %d: Decode(Encode(c)) differs from c", i)
		}
	}
}

// normalizeTower makes empty command lists comparable (nil and empty are the same case).
func normalizeTower(c testcase.Tower) testcase.Tower {
	for i := range c.Datasets {
		if len(c.Datasets[i].Cmds) == 0 {
			c.Datasets[i].Cmds = nil
		}
	}
	return c
}

func TestTowerShrinkCandidatesAreValidAndSmaller(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	for i, c := range drawCases[testcase.Tower](t, TowerGen(nil), 60) {
		size := len(c.Encode())
		next := ShrinkTower(c)
		for n := 0; n < 400; n++ {
			v, ok := next()
			if !ok {
				break
			}
			cand := v.(testcase.Tower).Encode()
			if _, err := testcase.DecodeTower(cand); err != nil {
				t.Fatalf("case %d, candidate %d: invalid: %v\n%s", i, n, err, cand)
			}
			if len(cand) > size {
				t.Fatalf("case %d, candidate %d: %d bytes, bigger than the case's %d", i, n, len(cand), size)
			}
		}
	}
}

// TestTowerShrinkReachesSingleCuts checks that every kind of cut the shrinker promises
// is among its candidates, down to single ones: without them a minimized case would not
// be 1-minimal.
func TestTowerShrinkReachesSingleCuts(t *testing.T) {
	d := testcase.TowerDataset{
		Rows: []string{
			"....",
			"S.G.",
			"#I##",
			"#.B.",
		},
		Cmds: []testcase.TowerCmd{{Kind: testcase.TowerMoveTo, Col: 4}, {Kind: testcase.TowerPushRight}, {Kind: testcase.TowerMoveTo, Col: 2}},
	}
	c := testcase.Tower{Datasets: []testcase.TowerDataset{d, {Rows: []string{"S..", "...", "..G"}}}}
	want := map[string]bool{
		"drop dataset 2":      false,
		"drop command 2":      false,
		"drop level 4 (top)":  false,
		"drop level 1":        false,
		"drop column 2":       false,
		"clear the ice":       false,
		"ice becomes #":       false,
		"levels with S stay":  true,
		"columns with G stay": true,
	}
	for next := ShrinkTower(c); ; {
		v, ok := next()
		if !ok {
			break
		}
		got := v.(testcase.Tower)
		if len(got.Datasets) == 1 {
			want["drop dataset 2"] = true
			continue
		}
		g := got.Datasets[0]
		switch {
		case len(g.Cmds) == 2 && g.Cmds[1].Kind == testcase.TowerMoveTo && len(g.Rows) == 4:
			want["drop command 2"] = true
		case len(g.Rows) == 3 && g.Rows[0] == "S.G.":
			want["drop level 4 (top)"] = true
		case len(g.Rows) == 3 && g.Rows[2] == "#I##":
			want["drop level 1"] = true
		case len(g.Rows[0]) == 3 && g.Rows[1] == "SG." && g.Cmds[0].Col == 3 && len(g.Cmds) == 2:
			want["drop column 2"] = true // MOVETO 4 follows its column, MOVETO 2 goes
		case len(g.Rows) == 4 && g.Rows[2] == "#.##" && len(g.Rows[0]) == 4:
			want["clear the ice"] = true
		case len(g.Rows) == 4 && g.Rows[2] == "####":
			want["ice becomes #"] = true
		}
		for _, row := range g.Rows {
			if len(g.Rows) < 4 && !strings.Contains(strings.Join(g.Rows, ""), "S") {
				want["levels with S stay"] = false
			}
			if len(row) < 4 && !strings.Contains(strings.Join(g.Rows, ""), "G") {
				want["columns with G stay"] = false
			}
		}
	}
	for cut, ok := range want {
		if !ok {
			t.Errorf("shrink candidates: %q failed", cut)
		}
	}
}

// TestTowerGenReachesTheHardParts counts, over 2000 generated cases played on ref, the
// datasets that reach each clause of the rulings and each result: the generator must
// reach every one.
func TestTowerGenReachesTheHardParts(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	if testing.Short() {
		t.Skip("-short: tower's generator reaching the hard parts is proved by the full suite")
	}
	seen := map[string]int{}
	kinds := map[byte]int{}
	var big, many, wide, tall int
	for _, c := range drawCases[testcase.Tower](t, TowerGen(nil), 2000) {
		for _, d := range c.Datasets {
			for _, f := range (testcase.Tower{Datasets: []testcase.TowerDataset{d}}).Features() {
				if f.Seen {
					seen[f.Name]++
				}
			}
			for _, row := range d.Rows {
				for k := 0; k < len(row); k++ {
					kinds[row[k]]++
				}
			}
			n, m := len(d.Rows), len(d.Rows[0])
			switch {
			case n >= 45 && m >= 45:
				big++
			case n <= 6 && m >= 30:
				wide++
			case n >= 30 && m <= 6:
				tall++
			}
		}
		if len(c.Datasets) >= 20 {
			many++
		}
	}
	for _, f := range (testcase.Tower{}).Features() {
		if testing.Verbose() {
			t.Logf("%-90s %d", f.Name, seen[f.Name])
		}
		if seen[f.Name] < 3 {
			t.Errorf("%q in %d generated datasets, want at least 3", f.Name, seen[f.Name])
		}
	}
	for _, k := range []byte(testcase.TowerAlphabet) {
		if kinds[k] == 0 {
			t.Errorf("no generated tower holds %q", k)
		}
	}
	if big == 0 || many == 0 || wide == 0 || tall == 0 {
		t.Errorf("sizes: %d near 50x50, %d inputs of 20+ datasets, %d wide, %d tall; want each > 0", big, many, wide, tall)
	}
}

func TestTowerFromBytesIsValid(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	inputs := [][]byte{nil, {}, {0}, {0xFF}, bytes.Repeat([]byte{0xFF}, 64), bytes.Repeat([]byte{0xF0}, 4000)}
	for range 3000 {
		b := make([]byte, r.Intn(600))
		r.Read(b)
		inputs = append(inputs, b)
	}
	limits := false
	for i, b := range inputs {
		c := testcase.TowerFromBytes(b)
		if _, err := testcase.DecodeTower(c.Encode()); err != nil {
			t.Fatalf("input %d (%d bytes): invalid case: %v", i, len(b), err)
		}
		for _, d := range c.Datasets {
			if len(d.Rows) > 10 || len(d.Rows[0]) > 10 {
				limits = true
			}
		}
		if !reflect.DeepEqual(c, testcase.TowerFromBytes(b)) {
			t.Fatalf("input %d: not deterministic", i)
		}
	}
	if !limits {
		t.Error("no byte string asked for a tower beyond 10x10")
	}
}

// TestTowerForms: the generator writes about one case in formOdds in a form, every
// form and tower's row blanks among them, each read back exactly; -form fixes the form,
// and its shrinker's candidates keep it.
func TestTowerForms(t *testing.T) {
	const cases = 1600
	formed, blanks := 0, 0
	var seen testcase.Form
	for i, c := range drawCases[testcase.Tower](t, TowerUnitGen(nil), cases) {
		if c.Form == 0 && !c.RowBlanks {
			continue
		}
		formed++
		seen |= c.Form
		if c.RowBlanks {
			blanks++
		}
		got, err := testcase.DecodeTower(c.Encode())
		if err != nil || got.Form != c.Form || got.RowBlanks != c.RowBlanks {
			t.Fatalf("case %d: form %06b, row blanks %v, read back as %06b, %v (%v)", i, c.Form, c.RowBlanks, got.Form, got.RowBlanks, err)
		}
	}
	if formed < cases/formOdds/2 || formed > 2*cases/formOdds || seen != testcase.AllForms || blanks == 0 {
		t.Errorf("%d of %d cases in a form (want about 1 in %d), forms seen %06b, %d with row blanks", formed, cases, formOdds, seen, blanks)
	}
	c := drawCase[testcase.Tower](t, mustGen("tower -datasets 3 -n 3..5 -m 3..5 -cmds 2..6 -form tabs+row-blanks", nil), 1)
	if c.Form != testcase.FormTabs || !c.RowBlanks {
		t.Fatalf("-form tabs+row-blanks drew form %06b, row blanks %v", c.Form, c.RowBlanks)
	}
	next := ShrinkTower(c)
	for k := 0; k < 50; k++ {
		v, ok := next()
		if !ok {
			break
		}
		if s := v.(testcase.Tower); s.Form != c.Form || s.RowBlanks != c.RowBlanks {
			t.Fatalf("shrink candidate %d: form %06b, row blanks %v, the case's lost", k, s.Form, s.RowBlanks)
		}
	}
}

// TestTowerCallFlags: the flags of tower's calls refuse what they cannot draw.
func TestTowerCallFlags(t *testing.T) {
	for _, tt := range []struct {
		call string
		ok   bool
	}{
		{"tower -form none", true},
		{"tower -form all", true},
		{"tower -form random", true},
		{"tower -form split+tabs+row-blanks", true},
		{"tower -form split+tabs", false}, // no space left for a tab
		{"tower -form spaces", false},
		{"tower -kinds climb+moveto", true},
		{"tower -kinds jump", false},
		{"tower -recolor CI", true},
		{"tower -recolor S", false},
		{"tower -layout falls", true},
		{"tower -layout cliffs", false},
	} {
		if _, err := Gen(tt.call, nil); (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want an error: %v", tt.call, err, !tt.ok)
		}
	}
}

// TestTowerLayoutsReach: each layout and command set of the aims reaches, on most of its
// cases, what it is there for.
func TestTowerLayoutsReach(t *testing.T) {
	catalogue := ruling.TowerSituations()
	for _, tt := range []struct {
		call string
		id   string
		most int // of 40 cases
	}{
		{"tower -n 5..9 -m 3..8 -cmds 1..6 -layout fall-through -kinds push+pull+climb", "block-falls-through-player", 36},
		{"tower -n 5..9 -m 3..8 -cmds 1..6 -layout fall-away -kinds push+pull+climb", "player-falls-away-from-block", 36},
		{"tower -n 5..9 -m 3..8 -cmds 1..6 -layout fall-onto-goal -kinds push+pull+climb", "check-cleared-and-walking-goal", 36},
		{"tower -n 3..6 -m 3..7 -cmds 0..4 -layout start-on-g", "start-on-goal", 24},
		{"tower -n 3..6 -m 3..7 -cmds 0..4 -layout start-on-b -recolor B", "start-on-b", 30},
		{"tower -n 3..6 -m 3..7 -cmds 1..14 -layout floating -kinds climb", "climb-with-nothing-below", 8},
	} {
		i := slices.IndexFunc(catalogue, func(s coverage.Situation) bool { return s.ID == tt.id })
		reached := 0
		for _, c := range drawCases[testcase.Tower](t, mustGen(tt.call, nil), 40) {
			if ruling.TowerReach(c.Encode()).Has(i) {
				reached++
			}
		}
		if reached < tt.most {
			t.Errorf("%s: %d of 40 cases reach %s, want %d", tt.call, reached, tt.id, tt.most)
		}
	}
}

// TestTowerAimsHonourSkip: an aimed case leaves out the rulings a hunt skips, as the
// generator's do, even where its aim is a situation of one of them.
func TestTowerAimsHonourSkip(t *testing.T) {
	skip := NewSkip([]string{"R-T3", "R-T12", "R-T16"})
	skipped := ruling.Of(ruling.Tower(), []string{"R-T3", "R-T12", "R-T16"})
	for _, id := range []string{"block-falls-through-player", "player-falls-away-from-block", "check-cleared-and-walking-goal",
		"start-on-b", "fragile-1-vanishes", "form-tabs", "getdown-right-side-blocked", "many-datasets"} {
		g := TowerAim(skip, id)
		if g == nil {
			t.Fatalf("%s: no aim", id)
		}
		for seed := range int64(4) {
			c := drawCase[testcase.Tower](t, g, seed)
			if got := ruling.TowerInput(c.Encode()) & skipped; got != 0 {
				t.Errorf("%s, seed %d: the aimed case reaches the skipped %v", id, seed, got.IDs(ruling.Tower()))
			}
		}
	}
	if TowerAim(nil, "no-such-situation") != nil {
		t.Error("an id that is no entry of the catalogue has an aim")
	}
}
