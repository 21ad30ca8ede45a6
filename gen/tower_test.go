package gen

import (
	"bytes"
	"errors"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

func TestTowerRoundTrip(t *testing.T) {
	for i, c := range drawCases[Tower](t, TowerGen(nil), 300) {
		got, err := DecodeTower(c.Encode())
		if err != nil {
			t.Fatalf("case %d: generated case rejected: %v", i, err)
		}
		if !reflect.DeepEqual(normalizeTower(got), normalizeTower(c)) {
			t.Fatalf("case %d: Decode(Encode(c)) differs from c", i)
		}
	}
}

// normalizeTower makes empty command lists comparable (nil and empty are the same case).
func normalizeTower(c Tower) Tower {
	for i := range c.Datasets {
		if len(c.Datasets[i].Cmds) == 0 {
			c.Datasets[i].Cmds = nil
		}
	}
	return c
}

func TestTowerShrinkCandidatesAreValidAndSmaller(t *testing.T) {
	for i, c := range drawCases[Tower](t, TowerGen(nil), 60) {
		size := len(c.Encode())
		next := ShrinkTower(c)
		for n := 0; n < 400; n++ {
			v, ok := next()
			if !ok {
				break
			}
			cand := v.(Tower).Encode()
			if _, err := DecodeTower(cand); err != nil {
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
	d := TowerDataset{
		Rows: []string{
			"....",
			"S.G.",
			"#I##",
			"#.B.",
		},
		Cmds: []TowerCmd{{Kind: TowerMoveTo, Col: 4}, {Kind: towerPushRight}, {Kind: TowerMoveTo, Col: 2}},
	}
	c := Tower{Datasets: []TowerDataset{d, {Rows: []string{"S..", "...", "..G"}}}}
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
		got := v.(Tower)
		if len(got.Datasets) == 1 {
			want["drop dataset 2"] = true
			continue
		}
		g := got.Datasets[0]
		switch {
		case len(g.Cmds) == 2 && g.Cmds[1].Kind == TowerMoveTo && len(g.Rows) == 4:
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

func TestDecodeTowerRejects(t *testing.T) {
	const tower = "3 3\n...\nS.G\n###\n"
	tests := []struct {
		name, input string
		line        int
		says        string
	}{
		{"empty", "", 1, "expected n"},
		{"no terminator", tower + "0\n", 6, "expected n"},
		{"n too small", "2 3\n", 1, "n = 2 outside 3..50"},
		{"n too big", "51 3\n", 1, "n = 51 outside 0..50"},
		{"m too small", "3 2\n", 1, "m = 2 outside 3..50"},
		{"m too big", "3 51\n", 1, "m = 51 outside 3..50"},
		{"half terminator", "0 3\n", 1, "m after n = 0 = 3 outside 0..0"},
		{"leading zero", "03 3\n", 1, "canonically"},
		{"two spaces", "3  3\n", 1, "expected m"},
		{"short row", "3 3\n..\n", 2, "level 3 has 2 characters"},
		{"row with blanks", "3 3\n. . .\n", 2, "level 3 has 1 characters"},
		{"bad character", "3 3\n...\nS.G\n#4#\n", 4, `'4'`},
		{"lowercase", "3 3\n...\nS.g\n###\n", 3, `'g'`},
		{"two S", "3 3\nS..\nS.G\n###\n", 3, "second one"},
		{"two G", "3 3\nG..\nS.G\n###\n", 3, "second one"},
		{"no S", "3 3\n...\n..G\n###\n0\n0 0\n", 4, "one is missing"},
		{"no G", "3 3\n...\nS..\n###\n0\n0 0\n", 4, "one is missing"},
		{"negative T", tower + "-1\n", 5, "T = -1 outside"},
		{"T above int32", tower + "2147483648\n", 5, "outside"},
		{"fewer commands than T", tower + "2\nPUSH LEFT\n0 0\n", 7, `unknown command "0"`},
		{"more commands than T", tower + "0\nPUSH LEFT\n0 0\n", 6, "expected n"},
		{"unknown command", tower + "1\nJUMP\n0 0\n", 6, `unknown command "JUMP"`},
		{"lowercase command", tower + "1\nmoveto 1\n0 0\n", 6, `unknown command "moveto"`},
		{"bad direction", tower + "1\nPUSH UP\n0 0\n", 6, `expected RIGHT or LEFT, found "UP"`},
		{"missing direction", tower + "1\nCLIMB\n0 0\n", 6, "single space"},
		{"MOVETO without column", tower + "1\nMOVETO\n0 0\n", 6, "single space"},
		{"MOVETO word", tower + "1\nMOVETO x\n0 0\n", 6, "an integer"},
		{"MOVETO beyond int32", tower + "1\nMOVETO 2147483648\n0 0\n", 6, "outside"},
		{"MOVETO plus sign", tower + "1\nMOVETO +1\n0 0\n", 6, "canonically"},
		{"extra token", tower + "1\nPUSH LEFT now\n0 0\n", 6, "end of line"},
		{"after terminator", tower + "0\n0 0\n3 3\n", 7, "end of input"},
		{"terminator without newline", tower + "0\n0 0", 6, "end of line"},
		{"carriage return", "3 3\r\n", 1, `found "3\r"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeTower([]byte(tt.input))
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

func TestDecodeTowerAccepts(t *testing.T) {
	for _, input := range []string{
		"0 0\n",
		"3 3\n...\nS.G\n###\n0\n0 0\n",
		"3 3\n...\nS.G\n###\n3\nMOVETO -2147483648\nMOVETO 0\nGETDOWN LEFT\n0 0\n",
		"50 50\n" + strings.Repeat(strings.Repeat(".", 50)+"\n", 48) + "S" + strings.Repeat(".", 49) + "\nG" + strings.Repeat("#", 49) + "\n0\n0 0\n",
	} {
		if _, err := DecodeTower([]byte(input)); err != nil {
			t.Errorf("valid input rejected: %v\n%s", err, input)
		}
	}
}

// TestTowerGenReachesTheHardParts counts, over 2000 generated cases played on ref, the
// datasets that reach each clause of the rulings and each result: the generator must
// reach every one.
func TestTowerGenReachesTheHardParts(t *testing.T) {
	seen := map[string]int{}
	kinds := map[byte]int{}
	var big, many, wide, tall int
	for _, c := range drawCases[Tower](t, TowerGen(nil), 2000) {
		for _, d := range c.Datasets {
			for _, f := range (Tower{Datasets: []TowerDataset{d}}).Features() {
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
	for _, f := range (Tower{}).Features() {
		if testing.Verbose() {
			t.Logf("%-90s %d", f.Name, seen[f.Name])
		}
		if seen[f.Name] < 3 {
			t.Errorf("%q in %d generated datasets, want at least 3", f.Name, seen[f.Name])
		}
	}
	for _, k := range []byte(towerAlphabet) {
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
		c := TowerFromBytes(b)
		if _, err := DecodeTower(c.Encode()); err != nil {
			t.Fatalf("input %d (%d bytes): invalid case: %v", i, len(b), err)
		}
		for _, d := range c.Datasets {
			if len(d.Rows) > 10 || len(d.Rows[0]) > 10 {
				limits = true
			}
		}
		if !reflect.DeepEqual(c, TowerFromBytes(b)) {
			t.Fatalf("input %d: not deterministic", i)
		}
	}
	if !limits {
		t.Error("no byte string asked for a tower beyond 10x10")
	}
}
