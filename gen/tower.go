package gen

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"
)

// Limits of the game tower (seed 001, Constraints: 3 ≤ m, n ≤ 50).
const (
	TowerMinSide = 3
	TowerMaxSide = 50
)

// towerAlphabet is every character a tower may hold (seed 001, the marks).
const towerAlphabet = ".#IGCB123S"

// Tower is one input of the game tower: datasets, then "0 0".
type Tower struct {
	Datasets []TowerDataset
}

// TowerDataset is one tower and its commands.
type TowerDataset struct {
	Rows []string // n rows of m characters, the top level (n) first, as in the input
	Cmds []TowerCmd
}

// TowerCmd is one command line. Col is MOVETO's column, any int32: one outside 1..m makes
// an invalid command (R-T6), not a malformed input.
type TowerCmd struct {
	Kind TowerKind
	Col  int
}

// TowerKind is a command with its direction.
type TowerKind uint8

// The commands of the statement.
const (
	TowerMoveTo TowerKind = iota
	TowerPushRight
	TowerPushLeft
	TowerPullRight
	TowerPullLeft
	TowerGetDownRight
	TowerGetDownLeft
	TowerClimbRight
	TowerClimbLeft
	towerKinds
)

var towerKindNames = [towerKinds]string{"MOVETO", "PUSH RIGHT", "PUSH LEFT", "PULL RIGHT", "PULL LEFT",
	"GETDOWN RIGHT", "GETDOWN LEFT", "CLIMB RIGHT", "CLIMB LEFT"}

func (k TowerKind) String() string { return towerKindNames[k] }

// dir is +1 for a RIGHT command, -1 for a LEFT one, 0 for MOVETO.
func (k TowerKind) dir() int {
	switch {
	case k == TowerMoveTo:
		return 0
	case (k-TowerPushRight)%2 == 0:
		return 1
	}
	return -1
}

// Encode renders the case as judge input.
func (c Tower) Encode() []byte {
	var b []byte
	for _, d := range c.Datasets {
		m := len(d.Rows[0])
		b = strconv.AppendInt(b, int64(len(d.Rows)), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(m), 10)
		b = append(b, '\n')
		for _, row := range d.Rows {
			b = append(b, row...)
			b = append(b, '\n')
		}
		b = strconv.AppendInt(b, int64(len(d.Cmds)), 10)
		b = append(b, '\n')
		for _, cmd := range d.Cmds {
			b = append(b, towerKindNames[cmd.Kind]...)
			if cmd.Kind == TowerMoveTo {
				b = append(b, ' ')
				b = strconv.AppendInt(b, int64(cmd.Col), 10)
			}
			b = append(b, '\n')
		}
	}
	return append(b, "0 0\n"...)
}

// DecodeTower is the validator of tower (R-IN3): it parses input in the exact format of
// the statement — single spaces, one row per line, every line ended by '\n', canonical
// integers — and checks every limit: 3 ≤ n, m ≤ 50, rows of m characters of the
// alphabet, S and G exactly once per tower, T and MOVETO's column as C ints (%d; the
// statement caps neither), exactly T commands, "0 0" last. It returns the first
// violation as a *LimitError.
func DecodeTower(input []byte) (Tower, error) { return decodeTower(input, true) }

// ValidateTower checks input as DecodeTower does but keeps no dataset, so that
// validating any number of commands takes the memory of one tower.
func ValidateTower(input []byte) error {
	_, err := decodeTower(input, false)
	return err
}

// decodeTower is DecodeTower, keeping the datasets only when keep is set.
func decodeTower(input []byte, keep bool) (Tower, error) {
	s := newInStream(input)
	var c Tower
	for {
		n := s.number("n", 0, TowerMaxSide)
		s.space()
		if n == 0 {
			s.number("m after n = 0", 0, 0)
			s.eoln()
			s.end("the final 0 0")
			return c, s.err
		}
		if n < TowerMinSide {
			s.fail("n = %d outside %d..%d", n, TowerMinSide, TowerMaxSide)
		}
		m := s.number("m", TowerMinSide, TowerMaxSide)
		s.eoln()
		d := TowerDataset{Rows: make([]string, n)}
		players, goals := 0, 0
		for i := range d.Rows {
			line, what := s.line, "level "+strconv.Itoa(n-i)
			d.Rows[i] = s.row(what, m, towerAlphabet)
			players += strings.Count(d.Rows[i], "S")
			goals += strings.Count(d.Rows[i], "G")
			if players > 1 || goals > 1 {
				s.failAt(line, "%s: S and G must appear exactly once in a tower, found a second one", what)
			}
		}
		if players == 0 || goals == 0 {
			s.failAt(s.line-1, "S and G must appear exactly once in a tower, one is missing")
		}
		t := s.number("T", 0, math.MaxInt32)
		s.eoln()
		// A command takes at least 9 bytes ("MOVETO 1\n"): the commands are allocated
		// once, at their number, but never beyond what the input can hold.
		if keep {
			d.Cmds = make([]TowerCmd, 0, min(t, (len(s.in)-s.pos)/len("MOVETO 1\n")))
		}
		for range t {
			if cmd := decodeTowerCmd(s); keep && s.err == nil {
				d.Cmds = append(d.Cmds, cmd)
			}
		}
		if keep {
			c.Datasets = append(c.Datasets, d)
		}
	}
}

func decodeTowerCmd(s *inStream) TowerCmd {
	w := s.word("a command")
	cmd := TowerCmd{Kind: TowerMoveTo}
	if w == "MOVETO" {
		s.space()
		cmd.Col = s.number("MOVETO's column", math.MinInt32, math.MaxInt32)
		s.eoln()
		return cmd
	}
	if w != "PUSH" && w != "PULL" && w != "GETDOWN" && w != "CLIMB" {
		s.fail("unknown command %s, expected MOVETO, PUSH, PULL, GETDOWN or CLIMB", s.quotedWord())
		return cmd
	}
	s.space()
	if d := s.word("RIGHT or LEFT"); d != "RIGHT" && d != "LEFT" {
		s.fail("%s: expected RIGHT or LEFT, found %s", w, s.quotedWord())
	} else {
		cmd.Kind = TowerKind(slices.Index(towerKindNames[:], w+" "+d))
	}
	s.eoln()
	return cmd
}

// ShrinkTower is the gopter.Shrinker of tower cases. Its cuts, biggest first across all
// of them (shrinkCuts): datasets, and in each dataset commands, levels and columns (never
// the one holding S or G, never below 3; MOVETO columns follow their column, and those
// aimed at a cropped one go), blocks turned into '.', and blocks turned into '#'. Then
// its numbers: each MOVETO column toward the smallest that keeps its meaning — one
// outside 1..m to m+1 or 0, one inside toward 1 (to 1, halfway, one less). Every
// candidate passes DecodeTower and is smaller in the order (datasets, commands, Σ n·m,
// blocks, blocks other than '#', Σ |column|). (T is the number of commands, so the
// command cuts shrink it.)
func ShrinkTower(v any) gopter.Shrink { return shrinkTower(v.(Tower), skipTwins) }

func shrinkTower(c Tower, twins twinCuts) gopter.Shrink {
	with := func(i int, d TowerDataset) Tower {
		ds := slices.Clone(c.Datasets)
		ds[i] = d
		return Tower{Datasets: ds}
	}
	lists := []cutList{
		sized(len(c.Datasets), func(lo, hi int) (any, bool) {
			if hi-lo == len(c.Datasets) {
				return nil, false
			}
			return Tower{Datasets: slices.Concat(c.Datasets[:lo], c.Datasets[hi:])}, true
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Datasets[a:a+n], c.Datasets[b:b+n], func(d, e TowerDataset) bool {
				return slices.Equal(d.Rows, e.Rows) && slices.Equal(d.Cmds, e.Cmds)
			})
		}),
	}
	for i, d := range c.Datasets {
		lists = append(lists, sized(len(d.Cmds), func(lo, hi int) (any, bool) {
			cmds := slices.Concat(d.Cmds[:lo], d.Cmds[hi:])
			return with(i, TowerDataset{Rows: d.Rows, Cmds: cmds}), true
		}).withTwins(func(a, b, n int) bool { return slices.Equal(d.Cmds[a:a+n], d.Cmds[b:b+n]) }))
	}
	moveTo := func(cmd *TowerCmd) *int {
		if cmd.Kind != TowerMoveTo {
			return nil
		}
		return &cmd.Col
	}
	for i, d := range c.Datasets {
		n, m := len(d.Rows), len(d.Rows[0])
		lists = append(lists,
			sized(n, func(lo, hi int) (any, bool) {
				if n-(hi-lo) < TowerMinSide {
					return nil, false
				}
				for _, row := range d.Rows[lo:hi] {
					if strings.ContainsAny(row, "SG") {
						return nil, false
					}
				}
				rows := slices.Concat(d.Rows[:lo], d.Rows[hi:])
				return with(i, TowerDataset{Rows: rows, Cmds: d.Cmds}), true
			}).withTwins(func(a, b, n int) bool { return sameRows(d.Rows, a, b, n) }),
			sized(m, func(lo, hi int) (any, bool) {
				if m-(hi-lo) < TowerMinSide {
					return nil, false
				}
				for _, row := range d.Rows {
					if strings.ContainsAny(row[lo:hi], "SG") {
						return nil, false
					}
				}
				cmds := cutCoordinate(d.Cmds, lo, hi, moveTo)
				return with(i, TowerDataset{Rows: withoutColumns(d.Rows, lo, hi), Cmds: cmds}), true
			}).withTwins(func(a, b, n int) bool {
				return sameColumns(d.Rows, a, b, n) && noCoordinateIn(d.Cmds, a, b+n, moveTo)
			}))
	}
	for i, d := range c.Datasets {
		lists = append(lists,
			cellCuts(d.Rows, "#ICB123", func(blocks []int, lo, hi int) (any, bool) {
				return with(i, TowerDataset{Rows: withCells(d.Rows, blocks[lo:hi], '.'), Cmds: d.Cmds}), true
			}),
			cellCuts(d.Rows, "ICB123", func(odd []int, lo, hi int) (any, bool) {
				return with(i, TowerDataset{Rows: withCells(d.Rows, odd[lo:hi], '#'), Cmds: d.Cmds}), true
			}))
	}
	// The numbers: one per command of every dataset in a row; only MOVETO's count.
	total, locate := inARow(c.Datasets, func(d TowerDataset) int { return len(d.Cmds) })
	numbers := shrinkNumbers(total, func(i int) []int {
		set, k := locate(i)
		cmd, m := c.Datasets[set].Cmds[k], len(c.Datasets[set].Rows[0])
		switch {
		case cmd.Kind != TowerMoveTo:
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
		return with(set, TowerDataset{Rows: d.Rows, Cmds: cmds})
	})
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), numbers)
}

// towerCellBytes are the cells a byte of TowerFromBytes stands for, by weight (the byte
// modulo its length); S and G are placed after.
const towerCellBytes = "..........####IICB123"

// towerColumnEscape is the column byte after which a MOVETO column is four bytes, an
// int32; other column bytes are the column as an int8.
const towerColumnEscape = 0x80

// TowerFromBytes decodes arbitrary fuzzer bytes into a valid tower case, deterministically,
// on the shared tape: the number of datasets (1..3 usually, more when asked; they stop
// when the bytes run out, after the first), per dataset n and m (3..10, up to 50 when
// asked), a byte per cell (mostly '.' and '#', every block kind possible), where S and G
// go, T (0..31, more when asked; the commands stop when the bytes run out), then per
// command a kind byte and a column byte, read for MOVETO alone as an int8 (outside 1..m
// at times), or, after the escape byte, as an int32 from four more. Tower.Bytes writes
// the bytes of a given case.
func TowerFromBytes(data []byte) Tower {
	t := &tape{data: data}
	var c Tower
	count := t.size(1, 3, 1<<16)
	for len(c.Datasets) < count && (len(c.Datasets) == 0 || !t.exhausted()) {
		n, m := t.size(TowerMinSide, 8, TowerMaxSide), t.size(TowerMinSide, 8, TowerMaxSide)
		grid := make([][]byte, n)
		for y := range grid {
			grid[y] = make([]byte, m)
			for x := range grid[y] {
				grid[y][x] = towerCellBytes[t.intn(len(towerCellBytes))]
			}
		}
		sy, sx := t.intn(n), t.intn(m)
		gy, gx := t.intn(n), t.intn(m)
		if gy == sy && gx == sx {
			gx = (gx + 1) % m
		}
		grid[sy][sx], grid[gy][gx] = 'S', 'G'
		rows := make([]string, n)
		for y := range grid {
			rows[y] = string(grid[y])
		}
		d := TowerDataset{Rows: rows}
		for range t.size(0, 32, math.MaxInt32) {
			if t.exhausted() {
				break
			}
			cmd := TowerCmd{Kind: TowerKind(t.intn(int(towerKinds)))}
			b := t.byte()
			if cmd.Kind == TowerMoveTo {
				cmd.Col = int(int8(b))
				if b == towerColumnEscape {
					cmd.Col = int(int32(uint32(t.intn(1 << 32))))
				}
			}
			d.Cmds = append(d.Cmds, cmd)
		}
		c.Datasets = append(c.Datasets, d)
	}
	return c
}

// Bytes is the inverse of TowerFromBytes for a valid case: TowerFromBytes(c.Bytes())
// encodes to exactly c.Encode(). Fuzz seeds made with it keep a fuzzer's small changes
// near the towers: a changed byte changes one cell or one command, almost always.
func (c Tower) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Datasets), 1, 3, 1<<16)
	for _, d := range c.Datasets {
		n, m := len(d.Rows), len(d.Rows[0])
		w.size(n, TowerMinSide, 8, TowerMaxSide)
		w.size(m, TowerMinSide, 8, TowerMaxSide)
		var sy, sx, gy, gx int
		for y, row := range d.Rows {
			for x := 0; x < m; x++ {
				switch row[x] {
				case 'S':
					sy, sx = y, x
				case 'G':
					gy, gx = y, x
				}
				w.byte(byte(max(strings.IndexByte(towerCellBytes, row[x]), 0))) // S and G: '.'
			}
		}
		w.intn(sy, n)
		w.intn(sx, m)
		w.intn(gy, n)
		w.intn(gx, m)
		w.size(len(d.Cmds), 0, 32, math.MaxInt32)
		for _, cmd := range d.Cmds {
			w.byte(byte(cmd.Kind))
			switch {
			case cmd.Kind != TowerMoveTo:
				w.byte(0)
			case cmd.Col >= math.MinInt8 && cmd.Col <= math.MaxInt8 && cmd.Col != int(int8(towerColumnEscape-256)):
				w.byte(byte(int8(cmd.Col)))
			default:
				w.byte(towerColumnEscape)
				w.intn(int(uint32(int32(cmd.Col))), 1<<32)
			}
		}
	}
	return w.data
}

// towerSample is the statement's sample input.
const towerSample = `8 8
........
........
....###.
...#.#.G
S#B...##
#ICII.I#
#..#.#.#
.#..#.#.
7
PUSH RIGHT
MOVETO 2
CLIMB RIGHT
CLIMB RIGHT
GETDOWN RIGHT
CLIMB RIGHT
GETDOWN RIGHT
8 8
........
........
........
...G....
S#B.....
#ICIIIII
#..#.#.#
.#..#.#.
4
PUSH RIGHT
MOVETO 2
CLIMB RIGHT
CLIMB RIGHT
8 8
........
....#.#.
.....#.G
...#..#.
S#B....#
#ICIII.#
#..#.#.#
.#..#.#.
8
PUSH RIGHT
MOVETO 2
CLIMB RIGHT
CLIMB RIGHT
CLIMB RIGHT
GETDOWN RIGHT
CLIMB RIGHT
GETDOWN RIGHT
0 0
`

// TowerPlan is a test set for tower. The statement has no test table, so the plan is
// the one a setter would write: the sample; small towers by the hundred; wide and tall
// ones; long games on mid-size towers; towers at 50x50 with a few hundred commands; and
// the benchmark's 400 towers of 50x50 with 250 commands each.
func TowerPlan() []PlanTest {
	sample, err := DecodeTower([]byte(towerSample))
	if err != nil {
		panic("gen: the tower sample is invalid: " + err.Error())
	}
	plan := []PlanTest{{
		Call: "tower -sample",
		Gen: func(*gopter.GenParameters) *gopter.GenResult {
			return gopter.NewGenResult(sample, ShrinkTower)
		},
	}}
	for _, s := range []TowerShape{
		{Datasets: [2]int{200, 200}, N: [2]int{3, 6}, M: [2]int{3, 6}, Cmds: [2]int{0, 20}},
		{Datasets: [2]int{200, 200}, N: [2]int{3, 12}, M: [2]int{3, 12}, Cmds: [2]int{0, 60}},
		{Datasets: [2]int{50, 50}, N: [2]int{3, 5}, M: [2]int{40, TowerMaxSide}, Cmds: [2]int{50, 200}},
		{Datasets: [2]int{50, 50}, N: [2]int{40, TowerMaxSide}, M: [2]int{3, 5}, Cmds: [2]int{50, 200}},
		{Datasets: [2]int{100, 100}, N: [2]int{15, 30}, M: [2]int{15, 30}, Cmds: [2]int{100, 400}},
		{Datasets: [2]int{20, 20}, N: [2]int{TowerMaxSide, TowerMaxSide}, M: [2]int{TowerMaxSide, TowerMaxSide}, Cmds: [2]int{300, 1000}},
		{Datasets: [2]int{400, 400}, N: [2]int{TowerMaxSide, TowerMaxSide}, M: [2]int{TowerMaxSide, TowerMaxSide}, Cmds: [2]int{250, 250}},
	} {
		plan = append(plan, PlanTest{
			Call: fmt.Sprintf("tower -datasets %d -n %d-%d -m %d-%d -cmds %d-%d", s.Datasets[0], s.N[0], s.N[1], s.M[0], s.M[1], s.Cmds[0], s.Cmds[1]),
			Gen:  TowerCase(s),
		})
	}
	return plan
}

// Bounds lists the constrained quantities of the case with their limits: per dataset n,
// m and the S and G counts (exactly one each). The statement caps neither T nor the
// number of datasets.
func (c Tower) Bounds() []Bound {
	b := make([]Bound, 0, 4*len(c.Datasets))
	for _, d := range c.Datasets {
		all := strings.Join(d.Rows, "")
		b = append(b,
			Bound{"n", len(d.Rows), TowerMinSide, TowerMaxSide},
			Bound{"m", len(d.Rows[0]), TowerMinSide, TowerMaxSide},
			Bound{"S", strings.Count(all, "S"), 1, 1},
			Bound{"G", strings.Count(all, "G"), 1, 1},
		)
	}
	return b
}
