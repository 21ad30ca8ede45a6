package gen

import (
	"math"
	"math/rand"
	"slices"
	"strings"

	"github.com/leanovate/gopter"
	pgen "github.com/leanovate/gopter/gen"
)

// TowerShape bounds the cases of one generator: closed ranges for the number of
// datasets, n, m and the number of commands per dataset. Careful players, when set, all
// play so that their games last (the wanderer of genTowerCmds).
type TowerShape struct {
	Datasets, N, M, Cmds [2]int
	Careful              bool
}

// TowerGen generates tower cases: most small enough to read at a glance, some with many
// datasets, some at the limits, none reaching a ruling of skip (nil: none skipped). Every
// case carries ShrinkTower.
func TowerGen(skip *Skip) gopter.Gen { return towerGen(false, skip) }

// TowerUnitGen generates tower cases to be packed into one input, for a hunt of a
// program: the towers of TowerGen one per case, and the cases at the limits whole but
// unitWeight times rarer, since a packed hunt runs that many more cases a second.
func TowerUnitGen(skip *Skip) gopter.Gen { return towerGen(true, skip) }

func towerGen(unit bool, skip *Skip) gopter.Gen {
	sets, w := unitOr(unit)
	c := func(shape TowerShape) gopter.Gen { return towerCase(shape, skip) }
	return pgen.Weighted([]pgen.WeightedGen{
		{Weight: w(450), Gen: c(TowerShape{Datasets: sets(1, 3), N: [2]int{3, 6}, M: [2]int{3, 7}, Cmds: [2]int{0, 14}})},
		{Weight: w(250), Gen: c(TowerShape{Datasets: sets(1, 5), N: [2]int{3, 12}, M: [2]int{3, 14}, Cmds: [2]int{0, 40}})},
		{Weight: w(120), Gen: c(TowerShape{Datasets: sets(20, 80), N: [2]int{3, 8}, M: [2]int{3, 8}, Cmds: [2]int{0, 25}})},
		{Weight: w(100), Gen: c(TowerShape{Datasets: sets(1, 8), N: [2]int{3, 25}, M: [2]int{3, 25}, Cmds: [2]int{0, 120}})},
		{Weight: w(30), Gen: c(TowerShape{Datasets: sets(1, 4), N: [2]int{3, 6}, M: [2]int{30, TowerMaxSide}, Cmds: [2]int{0, 80}})},
		{Weight: w(30), Gen: c(TowerShape{Datasets: sets(1, 4), N: [2]int{30, TowerMaxSide}, M: [2]int{3, 6}, Cmds: [2]int{0, 80}})},
		{Weight: w(8), Gen: c(TowerShape{Datasets: sets(1, 6), N: [2]int{45, TowerMaxSide}, M: [2]int{45, TowerMaxSide}, Cmds: [2]int{100, 300}})},
		// At the limits (README, "Cases at the limits"): hundreds of 50x50 towers, each a
		// long game of a patient player, where a solution that does more than O(n·m) work
		// per command, or settles the whole tower again and again, runs out of time.
		{Weight: 2, Gen: c(TowerShape{Datasets: [2]int{100, 400}, N: [2]int{TowerMaxSide, TowerMaxSide}, M: [2]int{TowerMaxSide, TowerMaxSide},
			Cmds: [2]int{250, 500}, Careful: true})},
	})
}

// TowerCase generates cases within one shape.
func TowerCase(shape TowerShape) gopter.Gen { return towerCase(shape, nil) }

func towerCase(shape TowerShape, skip *Skip) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(genTower(p.Rng, shape, skip), ShrinkTower)
	}
}

// towerAvoids are the commands a player never plays while a clause is skipped, where a
// command is the only way to the clause, or the usual one: MOVETO for R-T6, CLIMB for
// R-T7, GETDOWN for R-T8, PUSH for R-T9 and R-T10, PULL for R-T11.
var towerAvoids = []struct {
	clauses clauseSet
	kinds   []TowerKind
}{
	{tMoveOutside, []TowerKind{TowerMoveTo}},
	{tClimbTop, []TowerKind{TowerClimbRight, TowerClimbLeft}},
	{tDownLevel1, []TowerKind{TowerGetDownRight, TowerGetDownLeft}},
	{tPush | tIceSlides, []TowerKind{TowerPushRight, TowerPushLeft}},
	{tPull, []TowerKind{TowerPullRight, TowerPullLeft}},
	// A GETDOWN or a PULL is how a player who stands comes to fall (R-T15); a PUSH or a
	// PULL how a block that stands comes to fall (R-T16).
	{tPlayerFalls, []TowerKind{TowerGetDownRight, TowerGetDownLeft, TowerPullRight, TowerPullLeft}},
	{tBlockFalls, []TowerKind{TowerPushRight, TowerPushLeft, TowerPullRight, TowerPullLeft}},
}

// genTower draws the datasets of a case. The layouts and the players leave out what
// reaches a skipped ruling where they can (genTowerLayout, towerAvoids, no T = 0 and no
// command after the end for R-T5); the automatic steps and the checks (R-T4, R-T13 …
// R-T18) follow from the tower and cannot be steered that way, so each dataset is also
// checked on ref (Tower.Rulings) and drawn again when it reaches a skipped ruling.
func genTower(r *rand.Rand, shape TowerShape, skip *Skip) Tower {
	avoid := skip.clauses(towerClauses)
	var kinds []TowerKind
	for k := TowerMoveTo; k < towerKinds; k++ {
		kinds = append(kinds, k)
	}
	for _, a := range towerAvoids {
		if avoid&a.clauses != 0 {
			kinds = slices.DeleteFunc(kinds, func(k TowerKind) bool { return slices.Contains(a.kinds, k) })
		}
	}
	draw := func() TowerDataset {
		n := pickEdge(r, shape.N[0], shape.N[1])
		m := pickEdge(r, shape.M[0], shape.M[1])
		rows, left := genTowerLayout(r, n, m, avoid)
		skip.note(towerClauses, left)
		t := pickEdge(r, shape.Cmds[0], shape.Cmds[1]) // T = 0 one time in 8 when the shape allows it
		if t == 0 && avoid&tT0 != 0 {
			t = 1
			skip.note(towerClauses, tT0)
		}
		if len(kinds) == 0 {
			t = 0
		}
		return TowerDataset{Rows: rows, Cmds: genTowerCmds(r, rows, t, shape.Careful, kinds, avoid&tAfterEnd != 0)}
	}
	var c Tower
	for range pickEdge(r, shape.Datasets[0], shape.Datasets[1]) {
		if avoid == 0 {
			c.Datasets = append(c.Datasets, draw())
			continue
		}
		c.Datasets = append(c.Datasets, redraw(skip, towerClauses, draw, func(d TowerDataset) clauseSet {
			return Tower{Datasets: []TowerDataset{d}}.watch()[0].seen
		}))
	}
	return c
}

// towerModel is the tower as gen's player sees it, to choose his next command: the
// commands and the automatic steps of the rulebook, and the check. It decides no ruling:
// ref plays every case for that (Tower.Rulings). gen keeps a model for the player where
// it drives ref's own game for mine and boom because ref settles a tower by rescanning
// it whole after every command, as the rulebook reads, which makes the long games at the
// limits several times slower to generate than this model does, settling only what a
// command changed; a model that erred would only aim worse (TestTowerModelAgreesWithRef).
type towerModel struct {
	n, m   int
	g      [][]byte // g[y][x] with a frame of '.': levels 0..n+1, columns 0..m+1
	py, px int
	gy, gx int // the goal's initial cell
	result string
	dirty  bool // the grid changed since the automatic steps last found nothing to do
}

func newTowerModel(rows []string) *towerModel {
	n, m := len(rows), len(rows[0])
	s := &towerModel{n: n, m: m, g: make([][]byte, n+2), dirty: true}
	for y := range s.g {
		s.g[y] = []byte(strings.Repeat(".", m+2))
	}
	for i, row := range rows {
		y := n - i
		for x := 1; x <= m; x++ {
			switch c := row[x-1]; c {
			case 'S':
				s.py, s.px = y, x
			case 'G':
				s.gy, s.gx = y, x
				s.g[y][x] = c
			default:
				s.g[y][x] = c
			}
		}
	}
	s.judge()
	return s
}

func (s *towerModel) blk(y, x int) bool {
	return y >= 1 && y <= s.n && x >= 1 && x <= s.m && s.g[y][x] != '.'
}

// held: a block among the three lower cells (level 1 is held by the floor).
func (s *towerModel) held(y, x int) bool {
	return y == 1 || s.blk(y-1, x-1) || s.blk(y-1, x) || s.blk(y-1, x+1)
}

// judge runs the check of R-T18 and reports whether the game is over.
func (s *towerModel) judge() bool {
	below := byte('.')
	if s.py > 1 {
		below = s.g[s.py-1][s.px]
	}
	switch {
	case below == 'G':
		s.result = "Cleared"
	case below == 'B':
		s.result = "Death by Hole"
	case s.blk(s.py, s.px):
		s.result = "Death by Block"
	case s.g[s.gy][s.gx] != 'G':
		s.result = "Death by Walking Goal"
	}
	return s.result != ""
}

// valid reports whether c would be carried out (R-T6..R-T11).
func (s *towerModel) valid(c TowerCmd) bool {
	d := c.Kind.dir()
	y, x := s.py, s.px
	switch c.Kind {
	case TowerMoveTo:
		if c.Col < 1 || c.Col > s.m || c.Col == x || s.blk(y, c.Col) {
			return false
		}
		for k := min(x, c.Col); y > 1 && k <= max(x, c.Col); k++ {
			if !s.blk(y-1, k) {
				return false
			}
		}
		return true
	case TowerClimbRight, TowerClimbLeft:
		return y < s.n && s.blk(y, x+d) && !s.blk(y+1, x) && !s.blk(y+1, x+d)
	case TowerGetDownRight, TowerGetDownLeft:
		return y > 1 && x+d >= 1 && x+d <= s.m && !s.blk(y, x+d) && !s.blk(y-1, x+d)
	case TowerPushRight, TowerPushLeft:
		k := x + d
		for ; s.blk(y, k); k += d {
			if s.g[y][k] == 'C' {
				return false
			}
		}
		return k != x+d
	default: // PULL
		return s.blk(y, x-d) && s.g[y][x-d] != 'C' && x+d >= 1 && x+d <= s.m && !s.blk(y, x+d)
	}
}

// play handles one command as R-T4 says.
func (s *towerModel) play(c TowerCmd) {
	if s.result != "" || !s.valid(c) {
		if s.result == "" && s.settle() {
			s.judge()
		}
		return
	}
	d := c.Kind.dir()
	oy, ox := s.py, s.px
	switch c.Kind {
	case TowerMoveTo:
		s.px = c.Col
	case TowerClimbRight, TowerClimbLeft:
		s.py, s.px = oy+1, ox+d
	case TowerGetDownRight, TowerGetDownLeft:
		s.py, s.px = oy-1, ox+d
	case TowerPushRight, TowerPushLeft:
		s.push(d)
	default:
		s.g[oy][ox], s.g[oy][ox-d] = s.g[oy][ox-d], '.'
		s.px = ox + d
		s.dirty = true
	}
	if c.Kind != TowerPushRight && c.Kind != TowerPushLeft && oy > 1 { // R-T12
		if k := strings.IndexByte("123", s.g[oy-1][ox]); k >= 0 {
			s.g[oy-1][ox] = ".12"[k]
			s.dirty = true
		}
	}
	if !s.judge() {
		s.settle()
		s.judge()
	}
}

// push moves the chain beside the player, farthest block first, each sliding (R-T9, R-T10).
func (s *towerModel) push(d int) {
	y := s.py
	var chain []int
	for k := s.px + d; s.blk(y, k); k += d {
		chain = append(chain, k)
	}
	s.dirty = true
	for i := len(chain) - 1; i >= 0; i-- {
		x := chain[i]
		kind := s.g[y][x]
		s.g[y][x] = '.'
		for x += d; x >= 1 && x <= s.m; x += d {
			s.g[y][x] = kind
			below := s.g[y-1][x]
			if kind == 'I' && (y == 1 || below != '.') || y > 1 && below == 'I' {
				if !s.blk(y, x+d) {
					s.g[y][x] = '.'
					continue
				}
			}
			break
		}
	}
}

// settle runs the automatic rounds (R-T13..R-T16) and reports whether they changed
// anything. A grid that has not changed since they last found nothing to do can only let
// the player fall, which saves the scans.
func (s *towerModel) settle() bool {
	for rounds := 0; ; rounds++ {
		changed := false
		if s.dirty {
			var doomed [][2]int
			for y := 2; y <= s.n; y++ {
				for x := 1; x <= s.m; x++ {
					if s.blk(y, x) && s.g[y-1][x] == 'B' {
						doomed = append(doomed, [2]int{y, x})
					}
				}
			}
			for _, c := range doomed {
				s.g[c[0]][c[1]] = '.'
				changed = true
			}
		}
		for s.py > 1 && !s.blk(s.py-1, s.px) {
			s.py--
			changed = true
		}
		if s.dirty {
			for y := 2; y <= s.n; y++ {
				for x := 1; x <= s.m; x++ {
					if !s.blk(y, x) || s.held(y, x) {
						continue
					}
					kind := s.g[y][x]
					s.g[y][x] = '.'
					to := y - 1
					for !s.held(to, x) {
						to--
					}
					s.g[to][x] = kind
					changed = true
				}
			}
		}
		if !changed {
			s.dirty = false
			return rounds > 0
		}
	}
}

// towerTemper is how a generated player plays: weights of choosing an invalid command, a
// move towards the goal, a push or pull, and any valid command. A careful player never
// pushes or pulls and never steps above a B: his games last. A patient one does not step
// above G either, so that they last longer still. kinds are the commands he may play.
type towerTemper struct {
	invalid, seek, shove, any int
	careful, patient          bool
	kinds                     []TowerKind
}

// genTowerCmds plays up to t commands of the kinds given on rows, stopping when the game
// is over if stop.
func genTowerCmds(r *rand.Rand, rows []string, t int, careful bool, kinds []TowerKind, stop bool) []TowerCmd {
	s := newTowerModel(rows)
	tm := towerTemper{invalid: r.Intn(4), seek: r.Intn(8), shove: r.Intn(5), any: 1 + r.Intn(6)}
	switch r.Intn(4) {
	case 0:
		tm.seek += 10 // a player who wants the goal
	case 1:
		tm = towerTemper{invalid: r.Intn(2), any: 1, careful: true} // a wanderer
	}
	if careful {
		tm = towerTemper{invalid: r.Intn(2), any: 1, careful: true, patient: true}
	}
	tm.kinds = kinds
	cmds := make([]TowerCmd, 0, t)
	for len(cmds) < t && !(stop && s.result != "") {
		var c TowerCmd
		switch {
		case s.result != "":
			c = s.randomCmd(r, kinds)
		case len(cmds) == 0 && s.py > 1 && !s.blk(s.py-1, s.px) && r.Intn(2) == 0 && len(s.floating(r, kinds)) > 0:
			// A player floating at the start: MOVETO is refused, CLIMB needs nothing under
			// him (R-T6, R-T7).
			tries := s.floating(r, kinds)
			c = tries[r.Intn(len(tries))]
		default:
			c = s.choose(r, tm)
		}
		cmds = append(cmds, c)
		s.play(c)
	}
	return cmds
}

// floating lists the commands a floating player tries first, of the kinds given: the
// CLIMBs that are valid, else any MOVETO or CLIMB.
func (s *towerModel) floating(r *rand.Rand, kinds []TowerKind) []TowerCmd {
	var climbs, tries []TowerCmd
	for _, k := range kinds {
		switch k {
		case TowerClimbRight, TowerClimbLeft:
			if s.valid(TowerCmd{Kind: k}) {
				climbs = append(climbs, TowerCmd{Kind: k})
			}
			tries = append(tries, TowerCmd{Kind: k})
		case TowerMoveTo:
			tries = append(tries, TowerCmd{Kind: k, Col: 1 + r.Intn(s.m)})
		}
	}
	if len(climbs) > 0 {
		return climbs
	}
	return tries
}

// randomCmd is any command of the kinds given, most likely invalid: MOVETO's column is
// also drawn from the odd values (0, m+1, negative, the player's own, the int32 limits).
func (s *towerModel) randomCmd(r *rand.Rand, kinds []TowerKind) TowerCmd {
	if len(kinds) == 0 {
		return s.randomCmd(r, []TowerKind{TowerMoveTo})
	}
	c := TowerCmd{Kind: kinds[r.Intn(len(kinds))]}
	if c.Kind == TowerMoveTo {
		c.Col = []int{1 + r.Intn(s.m), 1 + r.Intn(s.m), s.px, 0, s.m + 1, -1 - r.Intn(3), s.m + 1 + r.Intn(100),
			math.MaxInt32, math.MinInt32}[r.Intn(9)]
	}
	return c
}

// choose picks a command for the state, per the temperament.
func (s *towerModel) choose(r *rand.Rand, tm towerTemper) TowerCmd {
	v := r.Intn(tm.invalid + tm.seek + tm.shove + tm.any)
	if v < tm.invalid {
		return s.randomCmd(r, tm.kinds)
	}
	var valid []TowerCmd
	for _, k := range tm.kinds {
		if k != TowerMoveTo {
			if c := (TowerCmd{Kind: k}); s.valid(c) {
				valid = append(valid, c)
			}
		}
	}
	for x := 1; x <= s.m && slices.Contains(tm.kinds, TowerMoveTo); x++ {
		if c := (TowerCmd{Kind: TowerMoveTo, Col: x}); s.valid(c) {
			valid = append(valid, c)
		}
	}
	if tm.careful {
		safe := valid[:0]
		for _, c := range valid {
			if y, x := s.dest(c); c.Kind < TowerPushRight || c.Kind > TowerPullLeft {
				if y == 1 || s.g[y-1][x] != 'B' && !(tm.patient && s.g[y-1][x] == 'G') {
					safe = append(safe, c)
				}
			}
		}
		valid = safe
	}
	if len(valid) == 0 {
		return s.randomCmd(r, tm.kinds)
	}
	v -= tm.invalid
	switch {
	case v < tm.seek:
		return s.seek(r, valid)
	case v < tm.seek+tm.shove:
		var shoves []TowerCmd
		for _, c := range valid {
			if c.Kind >= TowerPushRight && c.Kind <= TowerPullLeft {
				shoves = append(shoves, c)
			}
		}
		if len(shoves) > 0 {
			return shoves[r.Intn(len(shoves))]
		}
	}
	return valid[r.Intn(len(valid))]
}

// seek picks the valid command that brings the player nearest to standing on the goal,
// counting a level as three columns; ties at random.
func (s *towerModel) seek(r *rand.Rand, valid []TowerCmd) TowerCmd {
	gy, gx := s.gy, s.gx
	best, bestScore, ties := valid[0], math.MaxInt, 0
	for _, c := range valid {
		y, x := s.dest(c)
		score := 3*abs(y-(gy+1)) + abs(x-gx)
		if s.blk(y-1, x) && s.g[y-1][x] == 'B' {
			score += 5
		}
		switch {
		case score < bestScore:
			best, bestScore, ties = c, score, 1
		case score == bestScore:
			if ties++; r.Intn(ties) == 0 {
				best = c
			}
		}
	}
	return best
}

// dest is where the valid command c puts the player, before any fall.
func (s *towerModel) dest(c TowerCmd) (y, x int) {
	y, x, d := s.py, s.px, c.Kind.dir()
	switch c.Kind {
	case TowerMoveTo:
		x = c.Col
	case TowerClimbRight, TowerClimbLeft:
		y, x = y+1, x+d
	case TowerGetDownRight, TowerGetDownLeft:
		y, x = y-1, x+d
	case TowerPullRight, TowerPullLeft:
		x += d
	}
	return y, x
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
