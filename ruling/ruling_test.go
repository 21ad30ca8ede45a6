package ruling_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"

	"gamediff/gen"
	"gamediff/ruling"
)

// game is what the tests need of a game: its rulings, what an input reaches, its
// validator and its generator.
type game struct {
	name, prefix string
	table        []ruling.Ruling
	reached      func(input []byte) ruling.Set
	validate     func(input []byte) error
	gen          gopter.Gen
}

var (
	mineGame = game{"mine", "R-M", ruling.Mine(), ruling.MineInput,
		func(b []byte) error { _, err := gen.DecodeMine(b); return err }, gen.MineGen(nil)}
	boomGame = game{"boom", "R-B", ruling.Boom(), ruling.BoomInput,
		func(b []byte) error { _, err := gen.DecodeBoom(b); return err }, gen.BoomGen(nil)}
	towerGame      = game{"tower", "R-T", ruling.Tower(), ruling.TowerInput, gen.ValidateTower, gen.TowerGen(nil)}
	dataminingGame = game{"datamining", "R-D", ruling.Datamining(), ruling.DataminingInput, gen.ValidateDatamining,
		gen.DataminingGen(nil)}
	games = []game{mineGame, boomGame, towerGame, dataminingGame}
)

// ids is what g's input reaches, as ids in the table's order.
func (g game) ids(input []byte) []string { return g.reached(input).IDs(g.table) }

// drawCase is the case of g's generator for seed.
func drawCase(t testing.TB, g gopter.Gen, seed int64) interface{ Encode() []byte } {
	t.Helper()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(seed))
	v, ok := g(params).Retrieve()
	if !ok {
		t.Fatalf("seed %d: the generator gave no case", seed)
	}
	return v.(interface{ Encode() []byte })
}

// rulingCase is a hand-written input and the rulings it must reach: the rulings in want
// reached, those in not absent (for tower, whose cases reach several rulings at once,
// only the ruling under test is named).
type rulingCase struct {
	name  string
	input string
	want  []string
	not   []string
}

// checkRulings validates each input (it must be valid), asks what it reaches and checks
// the answer: exactly want when exact, else at least want and none of not.
func checkRulings(t *testing.T, g game, exact bool, tests []rulingCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := g.validate([]byte(tc.input)); err != nil {
				t.Fatalf("the case is invalid: %v\n%s", err, tc.input)
			}
			got := g.ids([]byte(tc.input))
			if exact && !slices.Equal(got, tc.want) {
				t.Fatalf("reached %v, want %v\n%s", got, tc.want, tc.input)
			}
			for _, id := range tc.want {
				if !slices.Contains(got, id) {
					t.Errorf("reached %v, want %s among them\n%s", got, id, tc.input)
				}
			}
			for _, id := range tc.not {
				if slices.Contains(got, id) {
					t.Errorf("reached %v, want no %s (a near miss)\n%s", got, id, tc.input)
				}
			}
		})
	}
}

func TestMineRulings(t *testing.T) {
	checkRulings(t, mineGame, true, []rulingCase{
		// R-M1
		{name: "no safe cell, a Flag is read", input: "1 2\n**\nFlag 1 1\nQuit\n", want: []string{"R-M1"}},
		{name: "no safe cell, only the Quit (R-M1: whatever comes first)", input: "1 1\n*\nQuit\n", want: []string{"R-M1"}},
		{name: "the last safe cell swept", input: "1 2\n.*\nSweep 1 1\nQuit\n", want: []string{"R-M1", "R-M4"}},
		{name: "near miss: a safe cell left", input: "2 2\n.*\n..\nSweep 1 1\nQuit\n"},
		// R-M2: (1,2)=1; a wrong flag on (1,3) leaves the mine (1,1) blank
		{name: "a DSweep reaches a mine", input: "1 3\n*..\nSweep 1 2\nFlag 1 3\nDSweep 1 2\nQuit\n", want: []string{"R-M2", "R-M4"}},
		{name: "near miss: the flag is right, the DSweep finishes", input: "1 3\n*..\nSweep 1 2\nFlag 1 1\nDSweep 1 2\nQuit\n", want: []string{"R-M1", "R-M4"}},
		// R-M3: (1,1) and (1,2) are 0, (1,3)=1
		{name: "a cascade reaches a flag", input: "1 4\n...*\nFlag 1 2\nSweep 1 1\nQuit\n", want: []string{"R-M1", "R-M3", "R-M4"}},
		{name: "near miss: the flag is on the mine", input: "1 4\n...*\nFlag 1 4\nSweep 1 1\nQuit\n", want: []string{"R-M1", "R-M4"}},
		// R-M4
		{name: "an operation after the Quit", input: "1 1\n.\nQuit\nSweep 1 1\n", want: []string{"R-M4"}},
		{name: "near miss: the Quit is last and ends the game", input: "1 2\n.*\nFlag 1 2\nQuit\n"},
	})
}

func TestBoomRulings(t *testing.T) {
	// On this board (mine at (3,3)) a left click on (1,2), a 0, opens everything but a P
	// on (1,1) and the mine.
	const board = "1\n3 3\n___\n___\n__*\n"
	checkRulings(t, boomGame, true, []rulingCase{
		{name: "all mines", input: "1\n3 3\n***\n***\n***\n2 1 1\n0\n", want: []string{"R-B1"}},
		{name: "near miss: one safe cell", input: "1\n3 3\n***\n*_*\n***\n2 1 1\n0\n"},
		{name: "a game with no operation", input: board + "0\n", want: []string{"R-B2"}},
		{name: "near miss: one operation", input: board + "2 1 1\n0\n"},
		{name: "a middle click on a 0 opens a '?'", input: board + "2 1 1\n1 1 2\n2 1 1\n3 1 2\n0\n", want: []string{"R-B3"}},
		{name: "near miss: the P stays, the middle click on the 0 does nothing", input: board + "2 1 1\n1 1 2\n3 1 2\n0\n"},
		{name: "a cascade opens a '?'", input: board + "2 1 1\n2 1 1\n1 1 2\n0\n", want: []string{"R-B3"}},
		{name: "near miss: the cascade stops at the P", input: board + "2 1 1\n1 1 2\n0\n"},
		{name: "a left click on a '?'", input: board + "2 3 3\n2 3 3\n1 3 3\n0\n", want: []string{"R-B3"}},
	})
}

func TestTowerRulings(t *testing.T) {
	// one is an input of one dataset: rows top first, separated by '/', then commands.
	one := func(rows string, cmds ...string) string {
		lines := strings.Split(rows, "/")
		return strconv.Itoa(len(lines)) + " " + strconv.Itoa(len(lines[0])) + "\n" + strings.Join(lines, "\n") + "\n" +
			strconv.Itoa(len(cmds)) + "\n" + strings.Join(append(cmds, "0 0\n"), "\n")
	}
	r := func(name, input, id string) rulingCase {
		return rulingCase{name: name, input: input, want: []string{id}}
	}
	near := func(name, input, id string) rulingCase {
		return rulingCase{name: "near miss: " + name, input: input, not: []string{id}}
	}
	checkRulings(t, towerGame, false, []rulingCase{
		r("starts on G", one(".../S../G##"), "R-T3"),
		r("unstable start", one("#../.../S.G"), "R-T3"),
		near("starts beside G, stable", one(".../S../#G#"), "R-T3"),
		r("a push moves G under a block about to fall on him", one("..../.#../.SG.", "PUSH RIGHT"), "R-T4"),
		near("a push moves G, nothing would fall", one("..../..../.SG.", "PUSH RIGHT"), "R-T4"),
		r("an ignored command, then he falls onto B", one("S../.../B../#.G", "PUSH LEFT"), "R-T4"),
		r("T = 0", one(".../S.G/###"), "R-T5"),
		r("a command after the end", one(".../S../G##", "MOVETO 2"), "R-T5"),
		near("one command, the game goes on", one(".../S.G/###", "MOVETO 2"), "R-T5"),
		r("MOVETO outside 1..m", one(".../S.G/###", "MOVETO 4"), "R-T6"),
		r("MOVETO 2147483647", one(".../S.G/###", "MOVETO 2147483647"), "R-T6"),
		r("MOVETO over a B", one("..../S.../#B#G", "MOVETO 3"), "R-T6"),
		r("MOVETO past a block on his level", one("..../S#../###G", "MOVETO 3"), "R-T6"),
		near("MOVETO over blocks, nothing on his way", one(".../S.G/###", "MOVETO 2"), "R-T6"),
		r("CLIMB onto C", one(".../SCG/###", "CLIMB RIGHT"), "R-T7"),
		r("CLIMB at the top level", one("S#G/###/###", "CLIMB RIGHT"), "R-T7"),
		near("CLIMB onto '#', standing on a block", one(".../S#G/###", "CLIMB RIGHT"), "R-T7"),
		r("GETDOWN onto level 1", one(".../S../#.G", "GETDOWN RIGHT"), "R-T8"),
		r("GETDOWN, then a fall", one(".../S../#../#../#G.", "GETDOWN RIGHT"), "R-T8"),
		near("GETDOWN onto a block's top", one("..../S.../#.../##G#", "GETDOWN RIGHT"), "R-T8"),
		r("a push", one(".../S#G/###", "PUSH RIGHT"), "R-T9"),
		r("a push refused by C", one("..../SGC./####", "PUSH RIGHT"), "R-T9"),
		near("a push with nothing to push", one(".../S.G/###", "PUSH LEFT"), "R-T9"),
		r("a block pushed along level 1", one("...../...../S#..G", "PUSH RIGHT"), "R-T10"),
		r("ice pushed over a gap", one("SI.../#..../#...G", "PUSH RIGHT"), "R-T10"),
		near("a block pushed onto a block, off the floor", one("...../S#.../####G", "PUSH RIGHT"), "R-T10"),
		r("a PULL", one(".../GS./###", "PULL RIGHT"), "R-T11"),
		near("a PULL with nothing beside", one(".../S.G/###", "PULL RIGHT"), "R-T11"),
		r("a command on a fragile block", one(".../S.G/1##", "MOVETO 2"), "R-T12"),
		near("the same on a '#'", one(".../S.G/###", "MOVETO 2"), "R-T12"),
		r("rounds repeat", one(".../.S./.#./.#./.BG", "MOVETO 2"), "R-T13"),
		r("the player and a block move in one round", one(".#.../.S.../...G.", "MOVETO 2"), "R-T13"),
		near("one round, a block only", one("#../.../S.G", "MOVETO 9"), "R-T13"),
		r("a block on a B", one(".../.#./SBG", "MOVETO 9"), "R-T14"),
		r("a block held diagonally by a B", one(".../S.G/#B.", "PUSH LEFT"), "R-T14"),
		near("a B with nothing over it", one(".../S../#BG", "MOVETO 9"), "R-T14"),
		r("the player falls", one("S../.../#.G", "MOVETO 9"), "R-T15"),
		near("the player stands", one(".../S../#.G", "MOVETO 9"), "R-T15"),
		r("a block falls", one("#../.../S.G", "MOVETO 9"), "R-T16"),
		near("nothing falls", one(".../#../#SG", "MOVETO 9"), "R-T16"),
		r("on level 1 under a G at the top of his column", one("G../.../S.."), "R-T17"),
		r("on level 1 beside a G", one(".../.../SG."), "R-T17"),
		near("on level 1, no G or B where a floor is misread", one(".../.G./S##"), "R-T17"),
		r("A and C hold at once", one(".#./.S./.../.G.", "CLIMB RIGHT"), "R-T18"),
		r("a block falls away from him", one(".#../.S../.##./...G", "PUSH LEFT"), "R-T18"),
		r("G pushed out of the tower", one(".../.SG/###", "PUSH RIGHT"), "R-T18"),
		near("only A holds", one(".../S../G##"), "R-T18"),
	})
}

func TestDataminingRulings(t *testing.T) {
	checkRulings(t, dataminingGame, true, []rulingCase{
		// R-D1: corpus/datamining/rd1-flag-is-not-covered, worked there: flags counted as
		// covered too stop with (3,4) covered.
		{name: "flags counted as covered change the answer", input: "3 4\n....\n....\nMMM.\n0 0\n", want: []string{"R-D1"}},
		// rd1-rule2-counts-flags: rule 2 as c = m flags two safe cells, answer 0 not 2.
		{name: "rule 2 as c = m changes the answer", input: "3 3\n.MM\nM..\n...\n0 0\n", want: []string{"R-D1", "R-D2"}},
		{name: "near miss: one mine in a corner, a cascade wins", input: "3 3\n...\n...\n..M\n0 0\n"},
		{name: "stuck from every start", input: "3 3\nM.M\n.M.\nM.M\n0 0\n", want: []string{"R-D2"}},
		{name: "a single safe cell", input: "3 3\nMMM\nM.M\nMMM\n0 0\n", want: []string{"R-D2"}},
	})
}

// TestCorpusRulingCasesReachTheirRuling: every hand-made ruling case of the corpus
// (rm1-…, rb3-…, rt10-…, rd2-…) that is a valid input reaches the ruling it is named
// after. (The invalid ones, like rm4-no-quit, pin input errors.)
func TestCorpusRulingCasesReachTheirRuling(t *testing.T) {
	named := regexp.MustCompile(`^r[mbtd]([0-9]+)-.*\.in$`)
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join("..", "corpus", g.name, "*.in"))
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, f := range files {
				m := named.FindStringSubmatch(filepath.Base(f))
				if m == nil {
					continue
				}
				input, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if g.validate(input) != nil {
					continue // an input error case
				}
				id := g.prefix + m[1]
				if !slices.ContainsFunc(g.table, func(r ruling.Ruling) bool { return r.ID == id }) {
					t.Errorf("%s: %s is not among the game's rulings", filepath.Base(f), id)
				}
				if got := g.ids(input); !slices.Contains(got, id) {
					t.Errorf("%s reaches %v, not %s", filepath.Base(f), got, id)
				}
				checked++
			}
			if checked == 0 {
				t.Fatal("no valid ruling case found in the corpus")
			}
			t.Logf("%d ruling cases checked", checked)
		})
	}
}

// parts cuts a case into its one-game (one-dataset, one-board) parts.
func parts(c any) []interface{ Encode() []byte } {
	var out []interface{ Encode() []byte }
	switch c := c.(type) {
	case gen.Boom:
		for i := range c.Games {
			out = append(out, gen.Boom{Games: c.Games[i : i+1]})
		}
	case gen.Tower:
		for i := range c.Datasets {
			out = append(out, gen.Tower{Datasets: c.Datasets[i : i+1]})
		}
	case gen.Datamining:
		for i := range c.Boards {
			out = append(out, gen.Datamining{Boards: c.Boards[i : i+1]})
		}
	case gen.Mine:
		out = append(out, c)
	}
	return out
}

// TestRulingsOfGeneratedCases: the table's ids are well formed; a case reaches exactly
// the rulings its one-game parts reach together (the lead asks them of split cases); and
// the generator reaches every ruling's situation, so that a hunt aimed at one ruling
// finds cases.
func TestRulingsOfGeneratedCases(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			for i, r := range g.table {
				if !regexp.MustCompile(`^R-[MBTD][0-9]+$`).MatchString(r.ID) || r.Situation == "" ||
					slices.IndexFunc(g.table, func(s ruling.Ruling) bool { return s.ID == r.ID }) != i {
					t.Errorf("table entry %d: %+v: a new id of the form R-X9 with a situation expected", i, r)
				}
			}
			count := map[string]int{}
			const cases = 300
			for seed := range int64(cases) {
				c := drawCase(t, g.gen, seed)
				var union ruling.Set
				for _, p := range parts(c) {
					union |= g.reached(p.Encode())
				}
				whole := g.reached(c.Encode())
				if whole != union {
					t.Fatalf("seed %d: the case reaches %v, its parts %v", seed, whole.IDs(g.table), union.IDs(g.table))
				}
				for _, id := range whole.IDs(g.table) {
					count[id]++
				}
			}
			for _, r := range g.table {
				t.Logf("%-6s in %3d of %d cases", r.ID, count[r.ID], cases)
				if count[r.ID] == 0 {
					t.Errorf("no generated case reaches %s", r.ID)
				}
			}
		})
	}
}

// BenchmarkRulingsAgainstGeneration generates cases and asks what each one-game part of
// them reaches, and reports the time that takes per unit of generation time
// (rulings/gen): a hunt may ask it of every case it makes.
//
//	go test ./ruling -run '^$' -bench RulingsAgainstGeneration -benchtime 400x -count 3
func BenchmarkRulingsAgainstGeneration(b *testing.B) {
	for _, g := range games {
		b.Run(g.name, func(b *testing.B) {
			var generating, asking time.Duration
			for i := 0; b.Loop(); i++ {
				t0 := time.Now()
				c := drawCase(b, g.gen, int64(i))
				t1 := time.Now()
				for _, p := range parts(c) {
					g.reached(p.Encode())
				}
				generating, asking = generating+t1.Sub(t0), asking+time.Since(t1)
			}
			b.ReportMetric(float64(asking)/float64(generating), "rulings/gen")
		})
	}
}
