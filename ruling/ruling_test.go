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
	"gamediff/testcase"
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
		func(b []byte) error { _, err := testcase.DecodeMine(b); return err }, gen.MineGen(nil)}
	boomGame = game{"boom", "R-B", ruling.Boom(), ruling.BoomInput,
		func(b []byte) error { _, err := testcase.DecodeBoom(b); return err }, gen.BoomGen(nil)}
	towerGame      = game{"tower", "R-T", ruling.Tower(), ruling.TowerInput, testcase.ValidateTower, gen.TowerGen(nil)}
	dataminingGame = game{"datamining", "R-D", ruling.Datamining(), ruling.DataminingInput, testcase.ValidateDatamining,
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

// rulingCase is a hand-written input standing for one clause of a ruling (its sentence in
// docs/, shortened), and the rulings it must reach: those in want, and none of not (for
// tower, whose cases reach several rulings at once, only the rulings at stake are named).
// An invalid input is one the validator rejects and ref reads all the same (what follows
// the end of a game).
type rulingCase struct {
	clause  string
	input   string
	want    []string
	not     []string
	invalid bool
}

// checkRulings asks what each input reaches and checks the answer: exactly want when
// exact, else at least want and none of not.
func checkRulings(t *testing.T, g game, exact bool, tests []rulingCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.clause, func(t *testing.T) {
			if err := g.validate([]byte(tc.input)); (err != nil) != tc.invalid {
				t.Fatalf("validator: %v, want an invalid input: %v\n%s", err, tc.invalid, tc.input)
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
					t.Errorf("reached %v, want no %s\n%s", got, id, tc.input)
				}
			}
		})
	}
}

// TestMineRulings: a case for each clause of R-M1 to R-M4 (docs/mine.md), worked out from
// the rules.
func TestMineRulings(t *testing.T) {
	ids := func(ids ...string) []string { return ids }
	checkRulings(t, mineGame, true, []rulingCase{
		// R-M1, "whatever it answered": swept, flagged, not swept, failed or feedback. (1,1)
		// shows 1: the Sweep's feedback, and the last safe cell is swept.
		{clause: "R-M1 after a Sweep that answered its feedback", input: "1 2\n.*\nSweep 1 1\nQuit\n", want: ids("R-M1")},
		{clause: "R-M1 after a Sweep that answered swept, a safe cell left", input: "1 3\n.*.\nSweep 1 1\nSweep 1 1\nQuit\n"},
		{clause: "R-M1 after a Sweep that answered flagged", input: "1 2\n**\nFlag 1 1\nSweep 1 1\nQuit\n", want: ids("R-M1")},
		{clause: "R-M1 after a DSweep that answered not swept", input: "1 1\n*\nDSweep 1 1\nQuit\n", want: ids("R-M1")},
		{clause: "R-M1 after a DSweep that answered failed, a safe cell left", input: "1 3\n*..\nSweep 1 2\nDSweep 1 2\nQuit\n"},
		// (1,2) shows 1; with the mine flagged the DSweep sweeps (1,3), its feedback, and
		// every safe cell is swept.
		{clause: "R-M1 after a DSweep that answered its feedback", input: "1 3\n*..\nSweep 1 2\nFlag 1 1\nDSweep 1 2\nQuit\n", want: ids("R-M1")},
		{clause: "R-M1 the check never follows a Flag (no safe cell)", input: "1 2\n**\nFlag 1 1\nQuit\n", want: ids("R-M1")},
		{clause: "R-M1 no safe cell, whatever comes first: the Quit", input: "1 1\n*\nQuit\n", want: ids("R-M1")},
		{clause: "R-M1 no safe cell, whatever comes first: a Sweep on a mine", input: "1 1\n*\nSweep 1 1\nQuit\n", want: ids("R-M1")},
		// R-M2. (1,2) shows 2; a flag on (2,1) and a wrong one on (2,2): the DSweep sweeps
		// (1,1) and (1,3), both 1, then reaches the mine (2,3).
		{clause: "R-M2 a DSweep's sweep reaches a mine", input: "1 3\n*..\nSweep 1 2\nFlag 1 3\nDSweep 1 2\nQuit\n", want: ids("R-M2")},
		{clause: "R-M2 no feedback for the cells swept before the mine", input: "2 3\n...\n*.*\nSweep 1 2\nFlag 2 1\nFlag 2 2\nDSweep 1 2\nQuit\n", want: ids("R-M2")},
		// R-M3. (1,1) and (1,2) are 0, (1,3) shows 1.
		{clause: "R-M3 a Sweep's 0-cascade reaches a flagged cell", input: "1 4\n...*\nFlag 1 2\nSweep 1 1\nQuit\n", want: ids("R-M1", "R-M3")},
		// (1,2) shows 1; the DSweep sweeps (1,3), a 0, whose cascade reaches the flag on
		// (1,4).
		{clause: "R-M3 a DSweep's 0-cascade reaches a flagged cell", input: "1 5\n*....\nSweep 1 2\nFlag 1 1\nFlag 1 4\nDSweep 1 2\nQuit\n", want: ids("R-M1", "R-M3")},
		{clause: "R-M3 near miss: the flag is on the mine", input: "1 4\n...*\nFlag 1 4\nSweep 1 1\nQuit\n", want: ids("R-M1")},
		// R-M4.
		{clause: "R-M4 the game ends at the Quit", input: "1 1\n.\nQuit\nSweep 1 1\n", want: ids("R-M4")},
		{clause: "R-M4 the game ends at a boom", input: "1 2\n*.\nSweep 1 1\nSweep 1 2\nQuit\n", want: ids("R-M4")},
		{clause: "R-M4 the game ends at finish", input: "1 2\n.*\nSweep 1 1\nFlag 1 2\nQuit\n", want: ids("R-M1", "R-M4")},
		{clause: "R-M4 nothing after it is read, even text that is not an operation", input: "1 1\n.\nQuit\nhello\n", want: ids("R-M4"), invalid: true},
		{clause: "R-M4 an input that ends before the game has no Quit: an input error", input: "1 2\n.*\nFlag 1 2\n", invalid: true},
		{clause: "R-M4 near miss: the Quit is last and ends the game", input: "1 2\n.*\nFlag 1 2\nQuit\n"},
		{clause: "R-M4 near miss: the one Quit that closes a game ended by boom", input: "1 2\n*.\nSweep 1 1\nQuit\n"},
		{clause: "R-M4 a Quit after the closing one", input: "1 2\n*.\nSweep 1 1\nQuit\nQuit\n", want: ids("R-M4"), invalid: true},
	})
}

// TestBoomRulings: a case for each clause of R-B1 to R-B3 (docs/boom.md).
func TestBoomRulings(t *testing.T) {
	ids := func(ids ...string) []string { return ids }
	const mines = "1\n3 3\n***\n***\n***\n"
	// On this board (mine at (3,3)) a left click on (1,2), a 0, opens everything but a P
	// on (1,1) and the mine; (2,2) shows 1.
	const board = "1\n3 3\n___\n___\n__*\n"
	checkRulings(t, boomGame, true, []rulingCase{
		{clause: "R-B1 all mines, the first operation changes nothing (a middle click on a closed cell)", input: mines + "3 1 1\n0\n", want: ids("R-B1")},
		{clause: "R-B1 all mines, a right click: RUNNING then WIN", input: mines + "2 1 1\n0\n", want: ids("R-B1")},
		{clause: "R-B1 all mines, a left click loses", input: mines + "1 2 2\n0\n", want: ids("R-B1")},
		{clause: "R-B1 never before the first operation", input: mines + "0\n", want: ids("R-B1", "R-B2")},
		{clause: "R-B1 near miss: one safe cell", input: "1\n3 3\n***\n*_*\n***\n2 1 1\n0\n"},
		{clause: "R-B2 a game with no operations prints just QUIT", input: board + "0\n", want: ids("R-B2")},
		{clause: "R-B2 near miss: one operation", input: board + "2 1 1\n0\n"},
		{clause: "R-B3 a middle click on an opened 0 opens a '?' that was P when the cascade ran", input: board + "2 1 1\n1 1 2\n2 1 1\n3 1 2\n0\n", want: ids("R-B3")},
		{clause: "R-B3 near miss: a middle click on a 0 needs 0 P around it", input: board + "2 1 1\n1 1 2\n3 1 2\n0\n"},
		{clause: "R-B3 near miss: usually it changes nothing", input: board + "1 1 2\n3 1 2\n0\n"},
		{clause: "R-B3 a left click opens a '?'", input: board + "2 1 1\n2 1 1\n1 1 1\n0\n", want: ids("R-B3")},
		{clause: "R-B3 a left click on a '?' over a mine loses", input: board + "2 3 3\n2 3 3\n1 3 3\n0\n", want: ids("R-B3")},
		{clause: "R-B3 a cascade opens a '?'", input: board + "2 1 1\n2 1 1\n1 1 2\n0\n", want: ids("R-B3")},
		{clause: "R-B3 near miss: only P stops a cascade", input: board + "2 1 1\n1 1 2\n0\n"},
		{clause: "R-B3 a middle click on a number opens a '?'", input: board + "2 3 3\n2 1 1\n2 1 1\n1 2 2\n3 2 2\n0\n", want: ids("R-B3")},
		{clause: "R-B3 a middle click loses with a '?' among the cells it opens", input: board + "1 2 2\n2 1 1\n2 2 1\n2 2 1\n3 2 2\n0\n", want: ids("R-B3")},
	})
}

// TestTowerRulings: a case for each clause of R-T3 to R-T18 (docs/tower.md). Towers are
// written top level first, levels separated by '/'.
func TestTowerRulings(t *testing.T) {
	// one is an input of one dataset: rows top first, separated by '/', then commands.
	one := func(rows string, cmds ...string) string {
		lines := strings.Split(rows, "/")
		return strconv.Itoa(len(lines)) + " " + strconv.Itoa(len(lines[0])) + "\n" + strings.Join(lines, "\n") + "\n" +
			strconv.Itoa(len(cmds)) + "\n" + strings.Join(append(cmds, "0 0\n"), "\n")
	}
	r := func(clause, input string, ids ...string) rulingCase {
		return rulingCase{clause: clause, input: input, want: ids}
	}
	near := func(clause, input string, ids ...string) rulingCase {
		return rulingCase{clause: "near miss: " + clause, input: input, not: ids}
	}
	checkRulings(t, towerGame, false, []rulingCase{
		r("R-T3 a player who starts on G has Cleared, with T = 0 too", one(".../S../G##"), "R-T3"),
		r("R-T3 one who starts on B has died by Hole", one(".../S../B#G"), "R-T3"),
		r("R-T3 no automatic step before the first command, the layout unstable", one("#../.../S.G"), "R-T3"),
		near("R-T3 a stable start beside G", one(".../S../#G#"), "R-T3"),
		// The push moves G under the block above him, which would fall into his cell.
		r("R-T4.2 a push that moves G ends as Walking Goal, not Death by Block", one("..../.#../.SG.", "PUSH RIGHT"), "R-T4"),
		near("R-T4.2 a push moves G, nothing would fall", one("..../..../.SG.", "PUSH RIGHT"), "R-T4"),
		// An invalid PUSH LEFT at column 1, then he falls onto the B.
		r("R-T4.3 automatic steps follow an ignored command", one("S../.../B../#.G", "PUSH LEFT"), "R-T4"),
		r("R-T5 T = 0 gives Gave Up", one(".../S.G/###"), "R-T5"),
		r("R-T5 commands after game over are read and ignored", one(".../S../G##", "MOVETO 2"), "R-T5"),
		r("R-T5 ignored after game over, a MOVETO far outside 1..m", one(".../S../G##", "MOVETO 2147483647", "MOVETO -2147483648"), "R-T5"),
		near("R-T5 one command, the game goes on to Gave Up", one(".../S.G/###", "MOVETO 2"), "R-T5"),
		r("R-T6 s above m", one(".../S.G/###", "MOVETO 4"), "R-T6"),
		r("R-T6 s = 0", one(".../S.G/###", "MOVETO 0"), "R-T6"),
		r("R-T6 s negative", one(".../S.G/###", "MOVETO -1"), "R-T6"),
		r("R-T6 s the int32 limit", one(".../S.G/###", "MOVETO 2147483647"), "R-T6"),
		r("R-T6 s his own column", one(".../S.G/###", "MOVETO 1"), "R-T6"),
		r("R-T6 the cell at column s occupied", one(".../S#G/###", "MOVETO 2"), "R-T6"),
		r("R-T6 a gap below his way", one(".../S.G/#.#", "MOVETO 2"), "R-T6"),
		r("R-T6 on level 1 nothing below matters", one(".../.../S.G", "MOVETO 2"), "R-T6"),
		r("R-T6 blocks on his own level between the columns do not matter", one("..../S#../###G", "MOVETO 3"), "R-T6"),
		r("R-T6 passing over a B does no harm", one("..../S.../#B#G", "MOVETO 3"), "R-T6"),
		r("R-T6 a block of any kind below (G, C, I, fragile)", one("..../S.../#CI1/###G", "MOVETO 4"), "R-T6"),
		r("R-T6 standing above a B at the end: valid, then Death by Hole", one("..../S.../##BG", "MOVETO 3"), "R-T6"),
		r("R-T6 invalid while he floats", one("S../.../#.G", "MOVETO 2"), "R-T6"),
		near("R-T6 MOVETO over '#', nothing on his way", one(".../S.G/###", "MOVETO 2"), "R-T6"),
		r("R-T7 CLIMB at the top level", one("S#G/###/###", "CLIMB RIGHT"), "R-T7"),
		r("R-T7 CLIMB LEFT at column 1: the cell is outside", one(".../S#G/###", "CLIMB LEFT"), "R-T7"),
		r("R-T7 CLIMB with no block beside him", one(".../S.G/###", "CLIMB RIGHT"), "R-T7"),
		r("R-T7 a block of any kind beside him: C", one(".../SCG/###", "CLIMB RIGHT"), "R-T7"),
		r("R-T7 a block of any kind beside him: G", one(".../SG./###", "CLIMB RIGHT"), "R-T7"),
		r("R-T7 the cell above him occupied", one("#../S#G/###", "CLIMB RIGHT"), "R-T7"),
		r("R-T7 the cell at his upper right occupied", one(".#./S#G/###", "CLIMB RIGHT"), "R-T7"),
		r("R-T7 he needs nothing under himself", one("..../S#../.#../.#.G", "CLIMB RIGHT"), "R-T7"),
		near("R-T7 CLIMB onto '#', standing on a block", one(".../S#G/###", "CLIMB RIGHT"), "R-T7"),
		r("R-T8 GETDOWN on level 1", one(".../.../S.G", "GETDOWN RIGHT"), "R-T8"),
		r("R-T8 GETDOWN LEFT at column 1: the cell is outside", one(".../S../##G", "GETDOWN LEFT"), "R-T8"),
		r("R-T8 the cell beside him occupied", one(".../S#./##G", "GETDOWN RIGHT"), "R-T8"),
		r("R-T8 the cell under it occupied", one("..../S.../##../##G#", "GETDOWN RIGHT"), "R-T8"),
		r("R-T8 onto level 1", one(".../S../#.G", "GETDOWN RIGHT"), "R-T8"),
		r("R-T8 he may fall further", one(".../S../#../#../#G.", "GETDOWN RIGHT"), "R-T8"),
		near("R-T8 GETDOWN onto a block's top", one("..../S.../#.../##G#", "GETDOWN RIGHT"), "R-T8"),
		r("R-T9 a chain with a C: the push is refused", one("..../SGC./####", "PUSH RIGHT"), "R-T9"),
		r("R-T9 he does not move, the farthest block first (G leaves the tower)", one(".../S#G/###", "PUSH RIGHT"), "R-T9"),
		r("R-T9 a block pushed outside the tower vanishes", one(".../.S#/##G", "PUSH RIGHT"), "R-T9"),
		r("R-T9 G is pushed like any other block", one(".../SG./###", "PUSH RIGHT"), "R-T9"),
		r("R-T9 each block slides before the next moves", one("...../...../SII.G", "PUSH RIGHT"), "R-T9"),
		near("R-T9 nothing to push", one(".../S.G/###", "PUSH LEFT"), "R-T9"),
		r("R-T10 (a) ice on the floor slides", one("...../...../SI..G", "PUSH RIGHT"), "R-T10"),
		r("R-T10 (a) a block on ice slides", one("...../S#.../#IIIG", "PUSH RIGHT"), "R-T10"),
		r("R-T10 (b) outside counts as empty: ice slides out", one(".../SI./##G", "PUSH RIGHT"), "R-T10"),
		r("R-T10 a block that is not ice never slides on level 1", one("...../...../S#..G", "PUSH RIGHT"), "R-T10"),
		r("R-T10 ice stops with nothing under it, and falls later", one("SI.../#..../#...G", "PUSH RIGHT"), "R-T10"),
		near("R-T10 a nearer block stops against a farther one", one("...../....G/SI#.#", "PUSH RIGHT"), "R-T10"),
		r("R-T11 PULL RIGHT pulls the block on his left (G: Walking Goal)", one(".../GS./###", "PULL RIGHT"), "R-T11"),
		r("R-T11 PULL LEFT pulls the block on his right", one(".../.S#/##G", "PULL LEFT"), "R-T11"),
		r("R-T11 a C is not pulled", one(".../CS./##G", "PULL RIGHT"), "R-T11"),
		r("R-T11 the cell he moves to occupied", one(".../#S#/##G", "PULL RIGHT"), "R-T11"),
		r("R-T11 the cell he moves to outside", one(".../.#S/G##", "PULL RIGHT"), "R-T11"),
		r("R-T11 a pulled block never slides, not even ice", one(".../IS./##G", "PULL RIGHT"), "R-T11"),
		r("R-T11 he needs no support and may fall", one("#S../##../##.G", "PULL RIGHT"), "R-T11"),
		near("R-T11 a PULL with nothing beside him", one(".../S.G/###", "PULL RIGHT"), "R-T11"),
		r("R-T12 a MOVETO off a fragile block", one(".../S.G/1##", "MOVETO 2"), "R-T12"),
		r("R-T12 a CLIMB off a fragile block", one(".../S#G/2##", "CLIMB RIGHT"), "R-T12"),
		r("R-T12 a GETDOWN off a fragile block", one("..../S.../3.../##G#", "GETDOWN RIGHT"), "R-T12"),
		r("R-T12 a PULL off a fragile block", one(".../GS./#1#", "PULL RIGHT"), "R-T12"),
		r("R-T12 a PUSH never counts it down", one(".../S#G/1##", "PUSH RIGHT"), "R-T12"),
		r("R-T12 standing on it, an invalid command", one(".../S.G/1##", "CLIMB RIGHT"), "R-T12"),
		near("R-T12 the same on a '#'", one(".../S.G/###", "MOVETO 2"), "R-T12"),
		r("R-T13 the player falls, then a block in the same round", one(".#.../.S.../...G.", "MOVETO 2"), "R-T13"),
		r("R-T13 rounds repeat until one changes nothing", one(".../.S./.#./.#./.BG", "MOVETO 2"), "R-T13"),
		near("R-T13 a round that only moves the player", one("S../.../#.G", "MOVETO 9"), "R-T13"),
		near("R-T13 one round, a block only", one("#../.../S.G", "MOVETO 9"), "R-T13"),
		r("R-T14 a block on a B vanishes", one(".../.#./SBG", "MOVETO 9"), "R-T14"),
		r("R-T14 G on a B vanishes", one(".../.G./SB#", "MOVETO 9"), "R-T14"),
		r("R-T14 X on B1 on B2: X and B1 in one round", one(".#./.B./.B./S#G", "MOVETO 9"), "R-T14"),
		r("R-T14 a block held diagonally by a B", one(".../S.G/#B.", "PUSH LEFT"), "R-T14"),
		near("R-T14 the player is never removed: he stands on B", one("..../S.../##BG", "MOVETO 3"), "R-T14"),
		near("R-T14 a B with nothing over it", one(".../S../#BG", "MOVETO 9"), "R-T14"),
		r("R-T15 the player falls", one("S../.../#.G", "MOVETO 9"), "R-T15"),
		r("R-T15 he falls all the way in one step", one("S../.../.../..G", "MOVETO 9"), "R-T15"),
		near("R-T15 the player stands", one(".../S../#.G", "MOVETO 9"), "R-T15"),
		r("R-T16 a block falls", one("#../.../S.G", "MOVETO 9"), "R-T16"),
		r("R-T16 outside and the player's cell count as empty", one("#../S../#.G", "MOVETO 9"), "R-T16"),
		r("R-T16 C falls too", one("C../.../S.G", "MOVETO 9"), "R-T16"),
		r("R-T16 G falls too", one("G../.../S.#", "MOVETO 9"), "R-T16"),
		near("R-T16 nothing falls", one(".../#../#SG", "MOVETO 9"), "R-T16"),
		r("R-T17 on level 1 beside a G: the floor is not G", one(".../.../SG."), "R-T17"),
		r("R-T17 on level 1 beside a B: the floor is not B", one(".../..G/SB#"), "R-T17"),
		r("R-T17 on level 1 under a G at the top of his column", one("G../.../S.."), "R-T17"),
		near("R-T17 on level 1, no G or B where a floor is misread", one(".../.G./S##"), "R-T17"),
		r("R-T18 (A) and (C) at once: the first is the result", one(".#./.S./.../.G.", "CLIMB RIGHT"), "R-T18"),
		r("R-T18 (A) wherever the goal is now: G fell, he fell onto it", one("S../.../G../...", "MOVETO 9"), "R-T18"),
		r("R-T18 (C) a block stops in his cell, and he falls away from it", one(".#../.S../.##./...G", "PUSH LEFT"), "R-T18"),
		r("R-T18 (C) a block falls into his cell", one("#../S../#.G", "MOVETO 9"), "R-T18"),
		r("R-T18 (D) the goal left the tower", one(".../.SG/###", "PUSH RIGHT"), "R-T18"),
		r("R-T18 (D) the goal vanished on a B", one(".../.G./SB#", "MOVETO 9"), "R-T18"),
		near("R-T18 only (A) holds", one(".../S../G##"), "R-T18"),
		near("R-T18 only (B) holds", one(".../S../B#G"), "R-T18"),
	})
}

// TestDataminingRulings: a case for each clause of R-D1 and R-D2 (docs/datamining.md).
func TestDataminingRulings(t *testing.T) {
	ids := func(ids ...string) []string { return ids }
	checkRulings(t, dataminingGame, true, []rulingCase{
		// corpus/datamining/rd1-flag-is-not-covered, worked there: flags counted as covered
		// too stop with (3,4) covered.
		{clause: "R-D1 a flagged cell is not covered: flags counted as covered too", input: "3 4\n....\n....\nMMM.\n0 0\n", want: ids("R-D1")},
		// rd1-rule2-counts-flags: rule 2 as c = m flags two safe cells, answer 0 not 2.
		{clause: "R-D1 rule 2 counts the flags: c = m instead", input: "3 3\n.MM\nM..\n...\n0 0\n", want: ids("R-D1", "R-D2")},
		{clause: "R-D1 near miss: the order does not matter, no misreading changes a thing", input: "3 3\n...\n...\n..M\n0 0\n"},
		{clause: "R-D2 a mine start is never the minimum: stuck from every safe start", input: "3 3\nM.M\n.M.\nM.M\n0 0\n", want: ids("R-D2")},
		{clause: "R-D2 a single safe cell", input: "3 3\nMMM\nM.M\nMMM\n0 0\n", want: ids("R-D2")},
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
	case testcase.Boom:
		for i := range c.Games {
			out = append(out, testcase.Boom{Games: c.Games[i : i+1]})
		}
	case testcase.Tower:
		for i := range c.Datasets {
			out = append(out, testcase.Tower{Datasets: c.Datasets[i : i+1]})
		}
	case testcase.Datamining:
		for i := range c.Boards {
			out = append(out, testcase.Datamining{Boards: c.Boards[i : i+1]})
		}
	case testcase.Mine:
		out = append(out, c)
	}
	return out
}

// TestRulingsOfGeneratedCases: the table's ids are well formed; a case reaches exactly
// the rulings its one-game parts reach together (the lead asks them of split cases); and
// the generator reaches every ruling's situation, so that a hunt aimed at one ruling
// finds cases.
func TestRulingsOfGeneratedCases(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
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
