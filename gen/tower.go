package gen

import (
	_ "embed"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"
)

// Limits of the game tower (seed 001, Constraints: 3 ≤ m, n ≤ 50).
const (
	towerMinSide = 3
	towerMaxSide = 50
)

// towerAlphabet is every character a tower may hold (seed 001, the marks).
const towerAlphabet = ".#IGCB123S"

// Tower is one input of the game tower: datasets, then "0 0".
type Tower struct {
	Datasets []TowerDataset
}

// TowerDataset is one tower and its commands.
type TowerDataset struct {
	rows []string // n rows of m characters, the top level (n) first, as in the input
	cmds []towerCmd
}

// towerCmd is one command line. col is MOVETO's column, any int32: one outside 1..m makes
// an invalid command (R-T6), not a malformed input.
type towerCmd struct {
	kind towerKind
	col  int
}

// towerKind is a command with its direction.
type towerKind uint8

// The commands of the statement.
const (
	towerMoveTo towerKind = iota
	towerPushRight
	towerPushLeft
	towerPullRight
	towerPullLeft
	towerGetDownRight
	towerGetDownLeft
	towerClimbRight
	towerClimbLeft
	towerKinds
)

var towerKindNames = [towerKinds]string{"MOVETO", "PUSH RIGHT", "PUSH LEFT", "PULL RIGHT", "PULL LEFT",
	"GETDOWN RIGHT", "GETDOWN LEFT", "CLIMB RIGHT", "CLIMB LEFT"}

func (k towerKind) String() string { return towerKindNames[k] }

// dir is +1 for a RIGHT command, -1 for a LEFT one, 0 for MOVETO.
func (k towerKind) dir() int {
	switch {
	case k == towerMoveTo:
		return 0
	case (k-towerPushRight)%2 == 0:
		return 1
	}
	return -1
}

// Encode renders the case as judge input.
func (c Tower) Encode() []byte {
	var b []byte
	for _, d := range c.Datasets {
		b = appendInts(b, len(d.rows), len(d.rows[0]))
		for _, row := range d.rows {
			b = append(append(b, row...), '\n')
		}
		b = appendInts(b, len(d.cmds))
		for _, cmd := range d.cmds {
			if b = append(b, towerKindNames[cmd.kind]...); cmd.kind == towerMoveTo {
				b = appendInts(append(b, ' '), cmd.col)
			} else {
				b = append(b, '\n')
			}
		}
	}
	return append(b, "0 0\n"...)
}

// DecodeTower is the validator of tower (R-IN3): the exact format and every limit, S and G
// once per tower, T and MOVETO's column C ints (the statement caps neither), "0 0" last;
// the first violation names its line.
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
		n := s.number("n", 0, towerMaxSide)
		s.space()
		if n == 0 {
			s.number("m after n = 0", 0, 0)
			s.eoln()
			s.end("the final 0 0")
			return c, s.err
		}
		if n < towerMinSide {
			s.fail("n = %d outside %d..%d", n, towerMinSide, towerMaxSide)
		}
		m := s.number("m", towerMinSide, towerMaxSide)
		s.eoln()
		d := TowerDataset{rows: make([]string, n)}
		players, goals := 0, 0
		for i := range d.rows {
			line, what := s.line, "level "+strconv.Itoa(n-i)
			d.rows[i] = s.row(what, m, towerAlphabet)
			players += strings.Count(d.rows[i], "S")
			goals += strings.Count(d.rows[i], "G")
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
			d.cmds = make([]towerCmd, 0, min(t, (len(s.in)-s.pos)/len("MOVETO 1\n")))
		}
		for range t {
			if cmd := decodeTowerCmd(s); keep && s.err == nil {
				d.cmds = append(d.cmds, cmd)
			}
		}
		if keep {
			c.Datasets = append(c.Datasets, d)
		}
	}
}

func decodeTowerCmd(s *inStream) towerCmd {
	w := s.word("a command")
	cmd := towerCmd{kind: towerMoveTo}
	if w == "MOVETO" {
		s.space()
		cmd.col = s.number("MOVETO's column", math.MinInt32, math.MaxInt32)
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
		cmd.kind = towerKind(slices.Index(towerKindNames[:], w+" "+d))
	}
	s.eoln()
	return cmd
}

// ShrinkTower is the gopter.Shrinker of tower cases: cuts of datasets, commands, levels
// and columns (none holding S or G, n, m ≥ 3), blocks made '.' and blocks made '#', then
// each MOVETO column toward the smallest of its meaning (m+1 or 0 outside 1..m, else 1);
// every candidate is smaller in the order (datasets, commands, Σ n·m, blocks, blocks other
// than '#', Σ |column|).
func ShrinkTower(v any) gopter.Shrink { return shrinkTower(v.(Tower), skipTwins) }

func shrinkTower(c Tower, twins twinCuts) gopter.Shrink {
	with := func(i int, d TowerDataset) Tower {
		ds := slices.Clone(c.Datasets)
		ds[i] = d
		return Tower{ds}
	}
	lists := []cutList{
		sized(len(c.Datasets), func(lo, hi int) (any, bool) {
			return Tower{slices.Concat(c.Datasets[:lo], c.Datasets[hi:])}, hi-lo < len(c.Datasets)
		}).withTwins(func(a, b, n int) bool {
			return slices.EqualFunc(c.Datasets[a:a+n], c.Datasets[b:b+n], func(d, e TowerDataset) bool {
				return slices.Equal(d.rows, e.rows) && slices.Equal(d.cmds, e.cmds)
			})
		}),
	}
	column := func(cmd *towerCmd, i int) *int { return pick(cmd.kind == towerMoveTo && i == 1, &cmd.col, nil) }
	for i, d := range c.Datasets {
		with := func(rows []string, cmds []towerCmd) (any, bool) { return with(i, TowerDataset{rows, cmds}), true }
		lists = append(lists, sized(len(d.cmds), func(lo, hi int) (any, bool) {
			return with(d.rows, slices.Concat(d.cmds[:lo], d.cmds[hi:]))
		}).withTwins(func(a, b, n int) bool { return slices.Equal(d.cmds[a:a+n], d.cmds[b:b+n]) }))
		lists = append(lists, boardCuts(d.rows, towerMinSide, "SG", "#ICB123", '.', d.cmds, column, with)...)
		lists = append(lists, cellCuts(d.rows, "ICB123", func(odd []int, lo, hi int) (any, bool) {
			return with(withCells(d.rows, odd[lo:hi], '#'), d.cmds)
		}))
	}
	// The numbers: one per command of every dataset in a row; only MOVETO's count, toward
	// the smallest that keeps its meaning: m+1 or 0 outside 1..m, 1 inside.
	total, locate := inARow(c.Datasets, func(d TowerDataset) int { return len(d.cmds) })
	return gopter.ConcatShrinks(shrinkCuts(twins, lists...), shrinkNumbers(total, func(i int) []int {
		set, k := locate(i)
		cmd, m := c.Datasets[set].cmds[k], len(c.Datasets[set].rows[0])
		switch {
		case cmd.kind != towerMoveTo:
			return nil
		case cmd.col > m+1:
			return []int{m + 1}
		case cmd.col < 0:
			return []int{0}
		case cmd.col <= m:
			return toward(cmd.col, 1)
		}
		return nil
	}, func(i, v int) any {
		set, k := locate(i)
		d := c.Datasets[set]
		cmds := slices.Clone(d.cmds)
		cmds[k].col = v
		return with(set, TowerDataset{d.rows, cmds})
	}))
}

// towerCellBytes are the cells a byte of TowerFromBytes stands for, by weight (the byte
// modulo its length); S and G are placed after.
const towerCellBytes = "..........####IICB123"

// towerColumnEscape is the column byte after which a MOVETO column is four bytes, an
// int32; other column bytes are the column as an int8.
const towerColumnEscape = 0x80

// TowerFromBytes decodes fuzzer bytes into a valid case (see tape): datasets until the
// bytes run out, each n, m, a byte per cell, where S and G go, T, then per command a kind
// byte and a column byte, MOVETO's an int8, or after towerColumnEscape an int32 from four
// more. Tower.Bytes is its inverse.
func TowerFromBytes(data []byte) Tower {
	t := &tape{data: data}
	var c Tower
	count := t.size(1, 3, 1<<16)
	for len(c.Datasets) < count && (len(c.Datasets) == 0 || !t.exhausted()) {
		n, m := t.size(towerMinSide, 8, towerMaxSide), t.size(towerMinSide, 8, towerMaxSide)
		cells := make([]byte, n*m)
		for p := range cells {
			cells[p] = towerCellBytes[t.intn(len(towerCellBytes))]
		}
		s, g := t.intn(n)*m+t.intn(m), t.intn(n)*m+t.intn(m)
		if g == s {
			g = g - g%m + (g%m+1)%m
		}
		cells[s], cells[g] = 'S', 'G'
		d := TowerDataset{rows: rowsOf(cells, m)}
		for range t.size(0, 32, math.MaxInt32) {
			if t.exhausted() {
				break
			}
			cmd := towerCmd{kind: towerKind(t.intn(int(towerKinds)))}
			b := t.byte()
			if cmd.kind == towerMoveTo {
				cmd.col = int(int8(b))
				if b == towerColumnEscape {
					cmd.col = int(int32(uint32(t.intn(1 << 32))))
				}
			}
			d.cmds = append(d.cmds, cmd)
		}
		c.Datasets = append(c.Datasets, d)
	}
	return c
}

// Bytes is the inverse of TowerFromBytes: fuzz seeds in which a changed byte changes one
// cell or one command, almost always.
func (c Tower) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Datasets), 1, 3, 1<<16)
	for _, d := range c.Datasets {
		n, m := len(d.rows), len(d.rows[0])
		w.size(n, towerMinSide, 8, towerMaxSide)
		w.size(m, towerMinSide, 8, towerMaxSide)
		var sy, sx, gy, gx int
		for y, row := range d.rows {
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
		w.size(len(d.cmds), 0, 32, math.MaxInt32)
		for _, cmd := range d.cmds {
			w.byte(byte(cmd.kind))
			switch {
			case cmd.kind != towerMoveTo:
				w.byte(0)
			case cmd.col >= math.MinInt8 && cmd.col <= math.MaxInt8 && cmd.col != int(int8(towerColumnEscape-256)):
				w.byte(byte(int8(cmd.col)))
			default:
				w.byte(towerColumnEscape)
				w.intn(int(uint32(int32(cmd.col))), 1<<32)
			}
		}
	}
	return w.data
}

// TowerPlan is a test set for tower, as a setter would write it (the statement has no test
// table): the sample, small towers by the hundred, wide and tall ones, long games, 50x50.
func TowerPlan() []PlanTest {
	return plan("tower -sample",
		"tower -datasets 200 -n 3..6 -m 3..6 -cmds 0..20",
		"tower -datasets 200 -n 3..12 -m 3..12 -cmds 0..60",
		"tower -datasets 50 -n 3..5 -m 40..50 -cmds 50..200",
		"tower -datasets 50 -n 40..50 -m 3..5 -cmds 50..200",
		"tower -datasets 100 -n 15..30 -m 15..30 -cmds 100..400",
		"tower -datasets 20 -n 50 -m 50 -cmds 300..1000",
		"tower -datasets 400 -n 50 -m 50 -cmds 250")
}

// towerSample is the statement's sample input.
//
//go:embed sample/tower.in
var towerSample []byte

// Bounds lists the constrained quantities of the case with their limits, per dataset.
func (c Tower) Bounds() []Bound {
	b := make([]Bound, 0, 4*len(c.Datasets))
	for _, d := range c.Datasets {
		all := strings.Join(d.rows, "")
		b = append(b,
			Bound{"n", len(d.rows), towerMinSide, towerMaxSide},
			Bound{"m", len(d.rows[0]), towerMinSide, towerMaxSide},
			Bound{"S", strings.Count(all, "S"), 1, 1},
			Bound{"G", strings.Count(all, "G"), 1, 1},
		)
	}
	return b
}
