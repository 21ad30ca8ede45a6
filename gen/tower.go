package gen

import (
	_ "embed"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"

	"github.com/leanovate/gopter"

	"gamediff/coverage"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/testcase"
)

// ShrinkTower is the gopter.Shrinker of tower cases: cuts of datasets, commands, levels
// and columns (none holding S or G, n, m ≥ 3), blocks made '.' and blocks made '#', then
// each MOVETO column toward the smallest of its meaning (m+1 or 0 outside 1..m, else 1);
// every candidate is smaller in the order (datasets, commands, Σ n·m, blocks, blocks other
// than '#', Σ |column|).
func ShrinkTower(v any) gopter.Shrink { return shrinkTower(v.(testcase.Tower), skipTwins) }

func shrinkTower(c testcase.Tower, twins twinCuts) gopter.Shrink {
	// Every candidate keeps the case's layout: a reader's slip that a form shows stays
	// shown.
	of := func(ds []testcase.TowerDataset) testcase.Tower {
		return testcase.Tower{Datasets: ds, Form: c.Form, RowBlanks: c.RowBlanks}
	}
	with := func(i int, d testcase.TowerDataset) testcase.Tower {
		ds := slices.Clone(c.Datasets)
		ds[i] = d
		return of(ds)
	}
	lists := []cutList{
		sized(len(c.Datasets), func(lo, hi int) (any, bool) {
			return of(slices.Concat(c.Datasets[:lo], c.Datasets[hi:])), hi-lo < len(c.Datasets)
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Datasets[a:a+n], c.Datasets[b:b+n], func(d, e testcase.TowerDataset) bool {
				return slices.Equal(d.Rows, e.Rows) && slices.Equal(d.Cmds, e.Cmds)
			})
		}),
	}
	column := func(cmd *testcase.TowerCmd, i int) *int {
		return pick(cmd.Kind == testcase.TowerMoveTo && i == 1, &cmd.Col, nil)
	}
	for i, d := range c.Datasets {
		with := func(rows []string, cmds []testcase.TowerCmd) (any, bool) {
			return with(i, testcase.TowerDataset{Rows: rows, Cmds: cmds}), true
		}
		lists = append(lists, sized(len(d.Cmds), func(lo, hi int) (any, bool) {
			return with(d.Rows, slices.Concat(d.Cmds[:lo], d.Cmds[hi:]))
		}).withTwins(func(a, b, n int) bool { return slices.Equal(d.Cmds[a:a+n], d.Cmds[b:b+n]) }))
		lists = append(lists, boardCuts(d.Rows, testcase.TowerMinSide, "SG", "#ICB123", '.', d.Cmds, column, with)...)
		lists = append(lists, cellCuts(d.Rows, "ICB123", func(odd []int, lo, hi int) (any, bool) {
			return with(withCells(d.Rows, odd[lo:hi], '#'), d.Cmds)
		}))
	}
	// The numbers: one per command of every dataset in a row; only MOVETO's count, toward
	// the smallest that keeps its meaning: m+1 or 0 outside 1..m, 1 inside.
	total, locate := inARow(c.Datasets, func(d testcase.TowerDataset) int { return len(d.Cmds) })
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), shrinkNumbers(total, func(i int) []int {
		set, k := locate(i)
		cmd, m := c.Datasets[set].Cmds[k], len(c.Datasets[set].Rows[0])
		switch {
		case cmd.Kind != testcase.TowerMoveTo:
			return nil
		case cmd.Col > m+1:
			return []int{m + 1}
		case cmd.Col < 0:
			return []int{0}
		case cmd.Col <= m:
			return toward(cmd.Col, 1)
		}
		return nil
	}, func(i, v int) any {
		set, k := locate(i)
		d := c.Datasets[set]
		cmds := slices.Clone(d.Cmds)
		cmds[k].Col = v
		return with(set, testcase.TowerDataset{Rows: d.Rows, Cmds: cmds})
	}))
}

// TowerPlan is a test set for tower, as a setter would write it (the statement has no test
// table): the sample, small towers by the hundred, wide and tall ones, long games, 50x50;
// the input's forms (docs/rules.md, R-T1); the rare moments of the automatic steps and of
// the commands' conditions; then the largest inputs: many towers of 50x50, long games on
// them, games of ten thousand commands, and towers whose first command sets off n-2
// automatic rounds. The statement limits neither T nor the datasets, and the accepted
// solutions rescan the tower after every command: the largest tests are sized so that
// such a solution (examples/tower/straightforward.cpp) passes them within half the time
// limit.
func TowerPlan() []PlanTest {
	// slips are the rulebook's slips that the small towers fail: a push chain moved
	// nearest block first, ice that does not slide on level 1, GETDOWN through a block at
	// the side, a PUSH that counts a fragile block down, a block of the top level that
	// never falls.
	slips := []string{"bug:chain-nearest-first", "bug:ice-no-slide-level1", "bug:getdown-through-side", "bug:fragile-push", "bug:fall-top-level"}
	// misreadings are the rulings read otherwise (cmd/diff/testdata/rulings/tower).
	misreadings := []string{"misreading:settle-before-start", "misreading:stop-at-end", "misreading:crash-far-moveto-at-end",
		"misreading:moveto-path-blocked", "misreading:push-counts-down", "misreading:c-does-not-fall", "misreading:walking-goal-first"}
	return plan(
		aimed{"tower -sample", "the statement's sample. Aims at: a misread rule the sample shows", nil},
		aimed{"tower -datasets 200 -n 3..6 -m 3..6 -cmds 0..20",
			"200 small towers, every rule of the rulebook and every result; T = 0 and commands after the end (R-T5)", slices.Concat(slips, misreadings)},
		aimed{"tower -datasets 200 -n 3..12 -m 3..12 -cmds 0..60", "200 towers up to 12x12, longer games", slips},
		aimed{"tower -datasets 50 -n 3..5 -m 40..50 -cmds 50..200",
			"wide and low towers: long push chains and ice runs, blocks leaving at the sides. Aims at: a push chain moved nearest block first; a side of the tower read as a wall",
			[]string{"bug:ice-no-slide-level1"}},
		aimed{"tower -datasets 50 -n 40..50 -m 3..5 -cmds 50..200",
			"tall and narrow towers: long falls of the player and of blocks (R-T15, R-T16). Aims at: a fall of one level a round",
			[]string{"bug:levels-49", "bug:pull-c"}},
		aimed{"tower -datasets 100 -n 15..30 -m 15..30 -cmds 100..400", "100 mid-sized towers, games of every temperament", nil},
		aimed{"tower -datasets 20 -n 50 -m 50 -cmds 300..1000",
			"the biggest towers, long games of pushes, pulls and falls. Aims at: n and m swapped (R-T1: n is the height)", []string{"bug:levels-49"}},
		aimed{"tower -datasets 100 -n 3..6 -m 3..6 -cmds 0..20 -form tabs+row-blanks",
			"small towers whose rows have tabs between their characters (R-T1: a row is its next m non-blank characters), tabs between tokens",
			[]string{"bug:row-tab"}},
		aimed{"tower -datasets 100 -n 3..6 -m 3..6 -cmds 0..20 -form split+runs+crlf+row-blanks",
			"small towers in the other forms the judges read: rows and commands spread over two lines, runs of blanks and blank lines, \\r\\n line ends", nil},
		aimed{"tower -datasets 100 -n 3..6 -m 3..6 -cmds 0..20 -form other-space+no-final-newline",
			"small towers in C's rarest whitespace, \\v and \\f, the last line without its line end", nil},
		aimed{"tower -datasets 150 -n 5..10 -m 3..10 -cmds 1..10 -layout falls -kinds push+pull+climb",
			"columns whose blocks fall through the player's cell, stop in it before he falls away from it (R-T18 C), or whose goal falls under a falling player (R-T18 A and D)",
			[]string{"bug:crush-on-entry"}},
		aimed{"tower -datasets 200 -n 3..8 -m 3..8 -cmds 1..20 -layout high",
			"stacks up to the top level: blocks that fall from it, climbs refused there (R-T7, R-T16)", []string{"bug:fall-top-level"}},
		aimed{"tower -datasets 200 -n 3..8 -m 3..8 -cmds 1..20 -layout overhangs",
			"overhangs, the player under or beside one: CLIMB and GETDOWN refused for one condition alone (R-T7, R-T8)", []string{"bug:getdown-through-side"}},
		aimed{"tower -datasets 200 -n 3..8 -m 3..8 -cmds 1..20 -recolor CIB -kinds push+pull+moveto",
			"towers of C, ice and B blocks, the player pushing and pulling: C refused, ice sliding, blocks vanishing on B (R-T9 to R-T11, R-T14)",
			[]string{"bug:ice-no-slide-level1"}},
		aimed{"tower -datasets 400 -n 50 -m 50 -cmds 250",
			"400 towers of 50x50: the most input of towers", nil},
		aimed{"tower -datasets 16 -n 50 -m 50 -cmds 2500 -careful -alive",
			"40,000 commands on 50x50 towers, every game alive to its last command (Gave Up)", nil},
		aimed{"tower -datasets 12 -n 3..10 -m 3..10 -cmds 10000 -careful -alive",
			"games of 10,000 commands, 120,000 in the input (the statement limits neither T nor the datasets), alive to their end", nil},
		aimed{"tower -datasets 500 -n 50 -m 50 -cmds 20..50 -layout b-stacks -careful -alive",
			"500 towers whose first command sets off 49 automatic rounds, B blocks swallowing stacks a block a round (R-T13, R-T14, R-T16), games alive after. Aims at: a round that stops too early", nil},
	)
}

// towerSample is the statement's sample input.
//
//go:embed sample/tower.in
var towerSample []byte

// towerShape is a tower call's flags; careful: players whose games last.
type towerShape struct {
	datasets, n, m, cmds span
	careful, sample      bool
	alive                bool // a dataset whose game ends before its last command is drawn again
	layout               uint8
	form                 towerForm
	kinds                towerKinds
	recolor              towerBlocks // block kinds that one block in two becomes
}

// towerBlocks is a tower call's -recolor: kinds of blocks, as the tower writes them.
type towerBlocks string

func (b *towerBlocks) String() string { return string(*b) }

func (b *towerBlocks) Set(v string) error {
	if v == "" || strings.Trim(v, "#ICB123") != "" {
		return fmt.Errorf("%q is not block kinds of #ICB123", v)
	}
	*b = towerBlocks(v)
	return nil
}

// towerKinds is a tower call's -kinds: the commands its players play, a set of the
// commands' first words; empty, all of them.
type towerKinds uint8

var towerKindWords = []string{"moveto", "push", "pull", "getdown", "climb"}

// towerKindWord is the index in towerKindWords of a command's first word.
func towerKindWord(kind testcase.TowerKind) int {
	switch kind {
	case testcase.TowerMoveTo:
		return 0
	case testcase.TowerPushRight, testcase.TowerPushLeft:
		return 1
	case testcase.TowerPullRight, testcase.TowerPullLeft:
		return 2
	case testcase.TowerGetDownRight, testcase.TowerGetDownLeft:
		return 3
	}
	return 4
}

func (k towerKinds) has(kind testcase.TowerKind) bool {
	return k == 0 || k&(1<<towerKindWord(kind)) != 0
}

func (k *towerKinds) String() string {
	var names []string
	for i, name := range towerKindWords {
		if *k&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return "all"
	}
	return strings.Join(names, "+")
}

// Set reads "all" or names joined by '+' ("climb+moveto").
func (k *towerKinds) Set(v string) error {
	*k = 0
	if v == "all" {
		return nil
	}
	for _, name := range strings.Split(v, "+") {
		i := slices.Index(towerKindWords, name)
		if i < 0 {
			return fmt.Errorf("%q is no command (%s)", name, strings.Join(towerKindWords, ", "))
		}
		*k |= 1 << i
	}
	return nil
}

// towerForm is a tower call's -form: the layout of its cases' input (testcase.Form, and
// tower's own, a row with blanks between its characters). Unset, one case in formOdds
// draws one, every form in it by a coin.
type towerForm struct {
	formFlag
	blanks bool
}

// towerRowBlanks is tower's own form's name, beside testcase.FormNames.
const towerRowBlanks = "row-blanks"

func (f *towerForm) String() string {
	s := f.formFlag.String()
	switch {
	case !f.fixed || !f.blanks:
		return s
	case s == "none":
		return towerRowBlanks
	}
	return s + "+" + towerRowBlanks
}

// Set reads "random", "none", "all", or forms joined by '+' ("tabs+row-blanks").
func (f *towerForm) Set(v string) error {
	var forms []string
	blanks := v == "all"
	for _, name := range strings.Split(v, "+") {
		if name == towerRowBlanks {
			blanks = true
		} else {
			forms = append(forms, name)
		}
	}
	if len(forms) == 0 {
		forms = []string{"none"}
	}
	if err := f.formFlag.Set(strings.Join(forms, "+")); err != nil {
		return fmt.Errorf("%w, or %s", err, towerRowBlanks)
	}
	f.blanks = blanks
	if testcase.TowerForm(f.form, f.blanks) != f.form {
		return fmt.Errorf("%q: split leaves no space for a tab without %s", v, towerRowBlanks)
	}
	return nil
}

// draw is the layout of a case: the fixed one, or a random one for one case in formOdds.
func (f towerForm) draw(r *rand.Rand) (testcase.Form, bool) {
	if f.fixed {
		return f.form, f.blanks
	}
	if r.Intn(formOdds) != 0 {
		return 0, false
	}
	bits := 1 + r.Intn(2*int(testcase.AllForms)+1) // the forms and the row blanks, not none
	blanks := bits > int(testcase.AllForms)
	return testcase.TowerForm(testcase.Form(bits)&testcase.AllForms, blanks), blanks
}

func init() { calls["tower"] = towerCall }

// The layouts of a tower call (-layout): the statement's kind of tower; stacks on B
// blocks (towerBStacks); stacks up to the top level, a player who floats at the start,
// overhangs with the player under or beside one, the player on G or on a B at the start
// (genTowerLayout); and the scenes of a falling column, one of them or any in each tower
// (towerColumnScene).
const (
	towerAnyLayout uint8 = iota
	towerBStackLayout
	towerHighLayout
	towerFloatingLayout
	towerThroughLayout
	towerAwayLayout
	towerOntoGoalLayout
	towerOverhangLayout
	towerStartOnGLayout
	towerStartOnBLayout
	towerFallsLayout
)

// towerLayoutNames are the names -layout takes, in the order of the layouts.
var towerLayoutNames = []string{"any", "b-stacks", "high", "floating", "fall-through", "fall-away", "fall-onto-goal", "overhangs", "start-on-g", "start-on-b", "falls"}

func towerCall(fs *flag.FlagSet) func(*Skip) gopter.Gen {
	sh := towerShape{datasets: span{1, 1}, n: span{3, 3}, m: span{3, 3}}
	fs.Var(&sh.datasets, "datasets", "datasets")
	fs.Var(&sh.n, "n", "levels")
	fs.Var(&sh.m, "m", "columns")
	fs.Var(&sh.cmds, "cmds", "commands a dataset")
	fs.BoolVar(&sh.careful, "careful", false, "players whose games last")
	fs.BoolVar(&sh.sample, "sample", false, "the statement's sample")
	fs.BoolVar(&sh.alive, "alive", false, "every game alive to its last command (a dataset whose game ends before is drawn again)")
	fs.Var(choice{towerLayoutNames, &sh.layout}, "layout", "the towers: the statement's kind (any); stacks on B blocks whose first command sets off n-2 automatic rounds (b-stacks); "+
		"stacks up to the top level (high); a player who floats at the start (floating); a column whose blocks fall through the player's cell (fall-through), "+
		"into it before he falls away (fall-away), a goal that falls under a falling player (fall-onto-goal), overhangs everywhere and the player under or beside one (overhangs), "+
		"the player on G (start-on-g) or on a B (start-on-b) at the start, or one of the three falling columns in each tower (falls)")
	fs.Var(&sh.recolor, "recolor", "block kinds (of #ICB123) that one block in two becomes")
	fs.Var(&sh.kinds, "kinds", "the commands the players play: all, or names joined by + (moveto, push, pull, getdown, climb)")
	fs.Var(&sh.form, "form", "the input's layout: random (one case in 16 in a form), none, all, or forms joined by + ("+strings.Join(testcase.FormNames[:], ", ")+", "+towerRowBlanks+")")
	return func(skip *Skip) gopter.Gen {
		return func(p *gopter.GenParameters) *gopter.GenResult {
			if sh.sample {
				c, _ := testcase.DecodeTower(towerSample)
				return gopter.NewGenResult(c, ShrinkTower)
			}
			return gopter.NewGenResult(genTower(p.Rng, sh, skip), ShrinkTower)
		}
	}
}

// TowerGen generates tower cases carrying ShrinkTower, most small enough to read at a
// glance, 2 in 990 at the limits (docs/hunt.md, "Cases at the limits"), none reaching a ruling
// of skip (nil: none skipped).
func TowerGen(skip *Skip) gopter.Gen { return towerGen(false, skip) }

// TowerUnitGen generates tower cases to pack into one input: TowerGen's towers one per
// case, its cases at the limits whole but unitWeight times rarer.
func TowerUnitGen(skip *Skip) gopter.Gen { return towerGen(true, skip) }

func towerGen(unit bool, skip *Skip) gopter.Gen {
	sets, w := unitOr(unit)
	return mix(skip,
		weighted{w(450), "tower -datasets " + sets("1..3") + " -n 3..6 -m 3..7 -cmds 0..14"},
		weighted{w(250), "tower -datasets " + sets("1..5") + " -n 3..12 -m 3..14 -cmds 0..40"},
		weighted{w(120), "tower -datasets " + sets("20..80") + " -n 3..8 -m 3..8 -cmds 0..25"},
		weighted{w(100), "tower -datasets " + sets("1..8") + " -n 3..25 -m 3..25 -cmds 0..120"},
		weighted{w(30), "tower -datasets " + sets("1..4") + " -n 3..6 -m 30..50 -cmds 0..80"},
		weighted{w(30), "tower -datasets " + sets("1..4") + " -n 30..50 -m 3..6 -cmds 0..80"},
		weighted{w(8), "tower -datasets " + sets("1..6") + " -n 45..50 -m 45..50 -cmds 100..300"},
		weighted{2, "tower -datasets 100..400 -n 50 -m 50 -cmds 250..500 -careful"})
}

// towerAvoids are the commands a player never plays while a ruling is skipped, those that
// are the only way to it, or the usual one.
var towerAvoids = []struct {
	rulings ruling.Set
	kinds   []testcase.TowerKind
}{
	{ruling.T6, []testcase.TowerKind{testcase.TowerMoveTo}},
	{ruling.T7, []testcase.TowerKind{testcase.TowerClimbRight, testcase.TowerClimbLeft}},
	{ruling.T8, []testcase.TowerKind{testcase.TowerGetDownRight, testcase.TowerGetDownLeft}},
	{ruling.T9 | ruling.T10, []testcase.TowerKind{testcase.TowerPushRight, testcase.TowerPushLeft}},
	{ruling.T11, []testcase.TowerKind{testcase.TowerPullRight, testcase.TowerPullLeft}},
	// A GETDOWN or a PULL is how a player who stands comes to fall (R-T15); a PUSH or a
	// PULL how a block that stands comes to fall (R-T16).
	{ruling.T15, []testcase.TowerKind{testcase.TowerGetDownRight, testcase.TowerGetDownLeft, testcase.TowerPullRight, testcase.TowerPullLeft}},
	{ruling.T16, []testcase.TowerKind{testcase.TowerPushRight, testcase.TowerPushLeft, testcase.TowerPullRight, testcase.TowerPullLeft}},
}

// towerDistinct is how many distinct datasets of 45x45 or more a case holds, the others
// repeating them: a slow solution is as slow on a repeat, and ref, which the player
// drives, would take seconds to play hundreds of long games.
const towerDistinct = 16

// genTower draws the datasets of a case. Layouts and players leave out what reaches a
// skipped ruling where they can (genTowerLayout, towerAvoids, no T = 0 and no command
// after the end for R-T5); a command that reaches one all the same, as ref plays it, ends
// the commands before it; a dataset that reaches one at the start is drawn again.
func genTower(r *rand.Rand, sh towerShape, skip *Skip) testcase.Tower {
	avoid := skip.of(ruling.Tower())
	var kinds []testcase.TowerKind
	for k := testcase.TowerMoveTo; k < testcase.TowerKinds; k++ {
		if sh.kinds.has(k) {
			kinds = append(kinds, k)
		}
	}
	for _, a := range towerAvoids {
		if avoid&a.rulings != 0 {
			kinds = slices.DeleteFunc(kinds, func(k testcase.TowerKind) bool { return slices.Contains(a.kinds, k) })
		}
	}
	draw := func() towerDraw {
		n, m := pickEdge(r, sh.n), pickEdge(r, sh.m)
		var rows []string
		var left ruling.Set
		unstable := avoid&(ruling.T3|ruling.T13|ruling.T15|ruling.T16|ruling.T18) == 0
		switch {
		case sh.layout == towerBStackLayout && m >= 5 && n >= 3 && avoid&(ruling.T13|ruling.T14|ruling.T16) == 0:
			rows = towerBStacks(r, n, m)
		case sh.layout == towerFallsLayout && unstable:
			rows = towerColumnScene(r, n, m, towerThroughLayout+uint8(r.Intn(3)))
		case (sh.layout == towerThroughLayout || sh.layout == towerAwayLayout || sh.layout == towerOntoGoalLayout) && unstable:
			rows = towerColumnScene(r, n, m, sh.layout)
		default:
			rows, left = genTowerLayout(r, n, m, sh, avoid)
		}
		skip.note(ruling.Tower(), left)
		t := pickEdge(r, sh.cmds) // T = 0 one time in 8 when the shape allows it
		if t == 0 && avoid&ruling.T5 != 0 {
			t = 1
			skip.note(ruling.Tower(), ruling.T5)
		}
		if len(kinds) == 0 {
			t = 0
		}
		return genTowerCmds(r, rows, t, sh.careful, kinds, avoid, skip)
	}
	count := pickEdge(r, sh.datasets)
	distinct := count
	if sh.n[0] >= 45 && sh.m[0] >= 45 {
		distinct = min(count, towerDistinct)
	}
	c := testcase.Tower{Datasets: make([]testcase.TowerDataset, count)}
	for i := range distinct {
		d := Redraw(skip, ruling.Tower(), draw, func(d towerDraw) ruling.Set { return d.seen })
		for try := 0; sh.alive && d.early && try < 20; try++ {
			d = Redraw(skip, ruling.Tower(), draw, func(d towerDraw) ruling.Set { return d.seen })
		}
		c.Datasets[i] = d.set
	}
	for i := distinct; i < count; i++ {
		c.Datasets[i] = c.Datasets[i%distinct]
	}
	c.Form, c.RowBlanks = sh.form.draw(r) // last, so that the towers of a seed stay as they were
	return c
}

// towerDraw is a dataset drawn, and the rulings it reaches when a ruling is skipped.
type towerDraw struct {
	set  testcase.TowerDataset
	seen ruling.Set
	// early: the game ended before its last command, those after it read and ignored
	early bool
}

// towerPlayer plays a dataset on ref's game by his temperament: weights of an invalid
// command, a move toward the goal, a push or pull, any valid command. A careful player
// never pushes, pulls or steps above a B (a patient one above G): his games last.
type towerPlayer struct {
	g                         *ref.TowerGame
	m                         int
	r                         *rand.Rand
	invalid, seek, shove, any int
	careful, patient          bool
	kinds                     []testcase.TowerKind
}

// genTowerCmds plays up to t commands of the kinds given on rows, on ref's game (as
// mineField says why), a watch following it when rulings are skipped.
func genTowerCmds(r *rand.Rand, rows []string, t int, careful bool, kinds []testcase.TowerKind, avoid ruling.Set, skip *Skip) towerDraw {
	var w ruling.TowerWatch
	var observe func(*ref.TowerStep)
	if avoid != 0 {
		observe = w.See
	}
	g := ref.NewTowerGame(rows, observe)
	s := &towerPlayer{g: g, m: len(rows[0]), r: r,
		invalid: r.Intn(4), seek: r.Intn(8), shove: r.Intn(5), any: 1 + r.Intn(6)}
	switch v := r.Intn(4); {
	case careful:
		s.invalid, s.seek, s.shove, s.any, s.careful, s.patient = pick(v < 2, 0, 1), 0, 0, 1, true, true
	case v == 0:
		s.seek += 10 // a player who wants the goal
	case v == 1:
		s.invalid, s.seek, s.shove, s.any, s.careful = r.Intn(2), 0, 0, 1, true // a wanderer
	}
	s.kinds = kinds
	d := towerDraw{set: testcase.TowerDataset{Rows: rows, Cmds: make([]testcase.TowerCmd, 0, t)}, seen: w.Seen}
	if w.Seen&avoid&^ruling.T5 != 0 {
		return d // at the start already: drawn again
	}
	for len(d.set.Cmds) < t && !(avoid&ruling.T5 != 0 && s.g.Outcome() != "") {
		d.early = d.early || s.g.Outcome() != ""
		c := s.choose(len(d.set.Cmds) == 0)
		before := w.Seen
		if s.g.Play(c.Name()); w.Seen&^before&avoid != 0 {
			skip.note(ruling.Tower(), w.Seen&^before&avoid)
			w.Seen = before
			break
		}
		d.set.Cmds = append(d.set.Cmds, c)
	}
	d.seen = w.Seen
	return d
}

// choose picks a command for the state, per the temperament; after the end of the game,
// any command.
func (s *towerPlayer) choose(first bool) testcase.TowerCmd {
	r := s.r
	if s.g.Outcome() != "" {
		return s.randomCmd(s.kinds)
	}
	var valid, shoves, climbs []testcase.TowerCmd
	for _, k := range s.kinds {
		for x := 1; x <= pick(k == testcase.TowerMoveTo, s.m, 1); x++ {
			c := testcase.TowerCmd{Kind: k, Col: pick(k == testcase.TowerMoveTo, x, 0)}
			if !s.g.Valid(c.Name()) {
				continue
			}
			y, x := s.dest(c)
			below := s.below(y, x)
			switch {
			case k >= testcase.TowerPushRight && k <= testcase.TowerPullLeft:
				shoves = append(shoves, c)
			case k == testcase.TowerClimbRight || k == testcase.TowerClimbLeft:
				climbs = append(climbs, c)
			}
			if !s.careful || (k < testcase.TowerPushRight || k > testcase.TowerPullLeft) && below != 'B' && !(s.patient && below == 'G') {
				valid = append(valid, c)
			}
		}
	}
	// A player floating at the start: MOVETO is refused, CLIMB needs nothing under him
	// (R-T6, R-T7).
	tries := slices.DeleteFunc(slices.Clone(s.kinds), func(k testcase.TowerKind) bool {
		return k != testcase.TowerMoveTo && k != testcase.TowerClimbRight && k != testcase.TowerClimbLeft
	})
	if py, px := s.g.Player(); first && py > 1 && s.g.Cell(py-1, px) == '.' && len(tries) > 0 && r.Intn(2) == 0 {
		if len(climbs) > 0 {
			return climbs[r.Intn(len(climbs))]
		}
		return s.randomCmd(tries)
	}
	v := r.Intn(s.invalid + s.seek + s.shove + s.any)
	switch {
	case v < s.invalid || len(valid) == 0:
		return s.randomCmd(s.kinds)
	case v < s.invalid+s.seek:
		return s.seekGoal(valid)
	case v < s.invalid+s.seek+s.shove && len(shoves) > 0 && !s.careful:
		return shoves[r.Intn(len(shoves))]
	}
	return valid[r.Intn(len(valid))]
}

// randomCmd is any command of the kinds given, most likely invalid; MOVETO's column often
// an odd one (0, m+1, negative, the player's own, the int32 limits).
func (s *towerPlayer) randomCmd(kinds []testcase.TowerKind) testcase.TowerCmd {
	r := s.r
	if len(kinds) == 0 {
		kinds = []testcase.TowerKind{testcase.TowerMoveTo}
	}
	c := testcase.TowerCmd{Kind: kinds[r.Intn(len(kinds))]}
	if _, px := s.g.Player(); c.Kind == testcase.TowerMoveTo {
		c.Col = []int{1 + r.Intn(s.m), 1 + r.Intn(s.m), px, 0, s.m + 1, -1 - r.Intn(3), s.m + 1 + r.Intn(100),
			math.MaxInt32, math.MinInt32}[r.Intn(9)]
	}
	return c
}

// below is the cell under level y, column x: '.' on level 1.
func (s *towerPlayer) below(y, x int) byte { return pick(y == 1, '.', s.g.Cell(max(y-1, 1), x)) }

// seekGoal picks the valid command that brings the player nearest to standing on the
// goal, a level counting three columns.
func (s *towerPlayer) seekGoal(valid []testcase.TowerCmd) testcase.TowerCmd {
	gy, gx := s.g.Goal()
	best, bestScore, ties := valid[0], math.MaxInt, 0
	for _, c := range valid {
		y, x := s.dest(c)
		score := 3*max(y-gy-1, gy+1-y) + max(x-gx, gx-x) + pick(s.below(y, x) == 'B', 5, 0)
		switch {
		case score < bestScore:
			best, bestScore, ties = c, score, 1
		case score == bestScore:
			if ties++; s.r.Intn(ties) == 0 {
				best = c
			}
		}
	}
	return best
}

// dest is where the valid command c puts the player, before any fall.
func (s *towerPlayer) dest(c testcase.TowerCmd) (y, x int) {
	y, x = s.g.Player()
	switch d := c.Kind.Dir(); c.Kind {
	case testcase.TowerMoveTo:
		x = c.Col
	case testcase.TowerClimbRight, testcase.TowerClimbLeft:
		y, x = y+1, x+d
	case testcase.TowerGetDownRight, testcase.TowerGetDownLeft:
		y, x = y-1, x+d
	case testcase.TowerPullRight, testcase.TowerPullLeft:
		x += d
	}
	return y, x
}

// TowerAim is a generator whose cases reach situation id of tower's catalogue
// (ruling.TowerSituations) far more often than TowerGen's, for a hunt's steering: a
// unit (one dataset, small but for a size at the limits) from a call that favours the
// situation, drawn again until it reaches it, at most towerAimTries times; or, for the
// situations of a whole input (towerAimWhole), a whole input. Its cases leave out the
// rulings of skip as the calls' do. It is nil for an id that is no entry of the
// catalogue.
func TowerAim(skip *Skip, id string) gopter.Gen {
	catalogue := ruling.TowerSituations()
	i := slices.IndexFunc(catalogue, func(s coverage.Situation) bool { return s.ID == id })
	if i < 0 {
		return nil
	}
	if call, ok := towerAimWhole[id]; ok {
		return mustGen(call, skip)
	}
	call := towerAimUnit + towerAimCall(id)
	g := mustGen(call, skip)
	return func(p *gopter.GenParameters) *gopter.GenResult {
		res := g(p)
		for try := 1; try < towerAimTries; try++ {
			if c, ok := res.Retrieve(); ok && ruling.TowerReach(c.(testcase.Tower).Encode()).Has(i) {
				break
			}
			res = g(p)
		}
		return res
	}
}

// towerAimTries bounds the draws of an aimed unit: an aim's call reaches its situation
// in a good share of its draws, so that a few draws find it, and a situation that the
// skipped rulings make unreachable costs a bounded number of draws.
const towerAimTries = 48

// towerAimUnit is the call of an aimed unit, before the flags of its situation
// (towerAimCall): one small tower, a short game.
const towerAimUnit = "tower -datasets 1 "

// towerAimWhole are the calls of the situations of a whole input, the counts the
// statement leaves open (towerManyDatasets and the others, ruling/tower_situations.go):
// the case is the whole input.
var towerAimWhole = map[string]string{
	"many-datasets": "tower -datasets 200..240 -n 3..5 -m 3..5 -cmds 0..8",
	"many-commands": "tower -datasets 10..12 -n 3..6 -m 3..4 -cmds 10000..10400 -careful -kinds moveto+climb+getdown",
	"long-game":     "tower -datasets 1 -n 3..8 -m 3..5 -cmds 10000..10400 -careful -kinds moveto+climb+getdown",
}

// towerAimCall is the size, game and layout flags of an aimed unit's call for situation
// id: the commands its rule is about, the layout where it happens, the sizes at a limit.
func towerAimCall(id string) string {
	const small = "-n 3..6 -m 3..7 -cmds 1..14"
	prefix := func(p string) bool { return strings.HasPrefix(id, p) }
	switch {
	case id == "moveto-while-floating":
		return small + " -layout floating -kinds moveto"
	case id == "climb-with-nothing-below":
		return small + " -layout floating -kinds climb"
	case id == "block-falls-through-player":
		return "-n 5..9 -m 3..8 -cmds 1..6 -layout fall-through -kinds push+pull+climb"
	case id == "player-falls-away-from-block":
		return "-n 5..9 -m 3..8 -cmds 1..6 -layout fall-away -kinds push+pull+climb"
	case id == "check-cleared-and-walking-goal":
		return "-n 5..9 -m 3..8 -cmds 1..6 -layout fall-onto-goal -kinds push+pull+climb"
	case id == "tower-50x50":
		return "-n 50 -m 50 -cmds 1..40"
	case id == "tower-height-50":
		return "-n 50 -m 3..8 -cmds 1..40"
	case id == "tower-width-50":
		return "-n 3..8 -m 50 -cmds 1..40"
	case prefix("form-"):
		return small + " -form " + strings.TrimPrefix(id, "form-")
	case id == "start-on-goal":
		return "-n 3..6 -m 3..7 -cmds 0..4 -layout start-on-g"
	case id == "start-on-b":
		return "-n 3..6 -m 3..7 -cmds 0..4 -layout start-on-b -recolor B"
	case id == "fragile-kept-on-fall":
		return small + " -recolor 123B"
	case id == "check-hole-and-walking-goal" || id == "block-falls-b":
		return small + " -recolor B -layout floating"
	case id == "commands-zero":
		return "-n 3..6 -m 3..7 -cmds 0"
	case prefix("climb-") && strings.HasSuffix(id, "-top-level"):
		return small + " -layout high -kinds climb+moveto"
	case prefix("climb-") && strings.Contains(id, "-above-"):
		return small + " -layout overhangs -kinds climb"
	case prefix("climb-"):
		return small + " -kinds climb+moveto"
	case prefix("getdown-") && strings.HasSuffix(id, "-level-1"):
		return small + " -kinds getdown"
	case prefix("getdown-") && strings.HasSuffix(id, "-side-blocked"):
		return small + " -layout overhangs -kinds getdown+climb+moveto"
	case prefix("getdown-"):
		return small + " -kinds getdown+climb+moveto"
	case prefix("push-") && strings.Contains(id, "-c"):
		return small + " -recolor C -kinds push+moveto"
	case prefix("push-") && (strings.Contains(id, "-ice") || strings.Contains(id, "-slide")):
		return small + " -recolor I -kinds push+moveto"
	case prefix("push-"):
		return small + " -kinds push+moveto"
	case prefix("pull-") && strings.HasSuffix(id, "-is-c"):
		return small + " -recolor C -kinds pull+moveto"
	case prefix("pull-"):
		return small + " -kinds pull+moveto"
	case prefix("moveto-") && strings.Contains(id, "-b"):
		return small + " -recolor B -kinds moveto"
	case prefix("moveto-"):
		return small + " -kinds moveto"
	}
	return small
}
