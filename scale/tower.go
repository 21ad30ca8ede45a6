package scale

import (
	"slices"
	"strings"

	"gamediff/ref"
	"gamediff/testcase"
)

// Tower scales tower cases along their commands (a prefix of those each dataset
// plays), height and width (every tower cropped to the window of levels or columns where
// its player goes, the structure in it kept as it stands, so that what falls still falls;
// the game played as before inside it).
var Tower = Scaling[testcase.Tower]{Dimensions: []string{"commands", "height", "width"}, Scale: scaleTower}

func scaleTower(c testcase.Tower, dim string, f float64) (testcase.Tower, float64) {
	// Laid out as the case was.
	out := testcase.Tower{Form: c.Form, RowBlanks: c.RowBlanks}
	before, after := 0, 0 // the dimension's total
	// A case at the limits repeats its datasets (towerDistinct), each scaled once: ref
	// plays a dataset at the limits in milliseconds, a case of them in seconds.
	done := map[string]testcase.TowerDataset{}
	for _, d := range c.Datasets {
		key := string(testcase.Tower{Datasets: []testcase.TowerDataset{d}}.Encode())
		s, ok := done[key]
		if !ok {
			s = scaleDataset(d, dim, f)
			done[key] = s
		}
		out.Datasets = append(out.Datasets, s)
		switch dim {
		case "commands":
			before, after = before+len(d.Cmds), after+len(s.Cmds)
		case "height":
			before, after = before+len(d.Rows), after+len(s.Rows)
		case "width":
			before, after = before+len(d.Rows[0]), after+len(s.Rows[0])
		}
	}
	return out, kept(before, after, f)
}

// scale is the dataset scaled along dim by f: a prefix of the commands it plays, or
// cropped (crop).
func scaleDataset(d testcase.TowerDataset, dim string, f float64) testcase.TowerDataset {
	switch dim {
	case "commands":
		last, _ := playedTower(d)
		read := last + 1
		keep := scaledSize(read, min(read, 1), f)
		cmds := d.Cmds[:keep]
		if keep == read { // the end stays: the commands after it too, read and ignored
			tail := d.Cmds[read:]
			cmds = append(slices.Clone(cmds), tail[:scaledSize(len(tail), 0, f)]...)
		}
		return testcase.TowerDataset{Rows: d.Rows, Cmds: cmds}
	case "height":
		return cropTower(d, 0, scaledSize(len(d.Rows), testcase.TowerMinSide, f))
	case "width":
		return cropTower(d, 1, scaledSize(len(d.Rows[0]), testcase.TowerMinSide, f))
	}
	return d
}

// played plays the dataset on ref's game: the index of the command that ends it, the last
// if none does (-1 when it is over before the first, R-T3), and the cells the player
// stands on, at the start and after each command up to the end, as row and column of the
// rows (the top level first), from 0.
func playedTower(d testcase.TowerDataset) (last int, path [][2]int) {
	g := ref.NewTowerGame(d.Rows, nil)
	n := len(d.Rows)
	at := func() [2]int {
		y, x := g.Player()
		return [2]int{n - y, x - 1}
	}
	path = append(path, at())
	if g.Outcome() != "" {
		return -1, path
	}
	for i, c := range d.Cmds {
		over := g.Play(c.Name()) != ""
		path = append(path, at())
		if over {
			return i, path
		}
	}
	return len(d.Cmds) - 1, path
}

// crop crops the tower along axis (0 levels, 1 columns) to k of it: the window that holds
// the player's start, the goal if it can, and the most of the cells he stands on in the
// game. A goal left outside goes to level 1 of the window (placeGoal); a MOVETO column is
// counted from the window (one outside it makes the command invalid, R-T6, as one outside
// the tower). A command that would end
// the game before the dataset's own game ended becomes an invalid one (MOVETO 0), and if
// the dataset's own last command no longer ends it, the commands after it (read and
// ignored before) go. So the cropped game plays as many commands, on fewer cells.
func cropTower(d testcase.TowerDataset, axis, k int) testcase.TowerDataset {
	n, m := len(d.Rows), len(d.Rows[0])
	size := pick(axis == 0, n, m)
	if k >= size {
		return d
	}
	last, path := playedTower(d)
	weight := make([]int, size)
	for _, p := range path {
		weight[p[axis]]++
	}
	goal := strings.Index(strings.Join(d.Rows, ""), "G")
	goalAt := [2]int{goal / m, goal % m}
	from := window(weight, k, path[0][axis], goalAt[axis])
	rows := crop(d.Rows, axis, from, k)
	if g := goalAt[axis]; g < from || g >= from+k {
		rows = placeGoal(rows, clampTo(pick(axis == 0, goalAt[1], goalAt[1]-from), len(rows[0])))
	}
	cmds := slices.Clone(d.Cmds)
	for i, c := range cmds {
		if c.Kind == testcase.TowerMoveTo && axis == 1 {
			switch {
			case c.Col > m: // past the right side: as far past the window's
				cmds[i].Col = c.Col - m + k
			case c.Col >= 1:
				cmds[i].Col = c.Col - from
			}
		}
	}
	if last < 0 {
		return testcase.TowerDataset{Rows: rows, Cmds: cmds}
	}
	played, over := keepGoing(cmds, last, make([]bool, len(cmds)), func() stepper[testcase.TowerCmd] { return towerStepper{ref.NewTowerGame(rows, nil)} })
	if over >= 0 && last < len(cmds)-1 {
		played = append(played, cmds[last+1:]...)
	}
	return testcase.TowerDataset{Rows: rows, Cmds: played}
}

// placeGoal puts G on level 1 of rows (its last row), where no automatic step moves it,
// in the column nearest col under a block, where the player cannot stand on it, or else in
// the nearest column that is neither the player's nor under him.
func placeGoal(rows []string, col int) []string {
	n, m := len(rows), len(rows[0])
	cells := []byte(strings.Join(rows, ""))
	player := slices.Index(cells, 'S')
	for _, covered := range []bool{true, false} {
		for d := 0; d < 2*m; d++ {
			x := col + pick(d%2 == 0, d/2, -(d+1)/2)
			p := (n-1)*m + x
			if x < 0 || x >= m || p == player || p == player+m || covered && !strings.ContainsRune(towerBlocks, rune(cells[p-m])) {
				continue
			}
			cells[p] = 'G'
			out := slices.Clone(rows)
			out[n-1] = string(cells[(n-1)*m:]) // p is on level 1, the last row
			return out
		}
	}
	return rows
}

// towerBlocks are the characters of blocks.
const towerBlocks = "#IGCB123"

// towerStepper is ref's game of a cropped dataset (stepper).
type towerStepper struct{ g *ref.TowerGame }

func (s towerStepper) play(c testcase.TowerCmd) bool { return s.g.Play(c.Name()) != "" }

// ends cannot tell ahead: an end comes with the automatic steps.
func (s towerStepper) ends(testcase.TowerCmd) bool { return false }

// quiet is MOVETO 0, invalid on every tower (R-T6): it changes nothing.
func (s towerStepper) quiet(testcase.TowerCmd) testcase.TowerCmd {
	return testcase.TowerCmd{Kind: testcase.TowerMoveTo}
}
