package testcase

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gamediff/ref"
	"gamediff/ruling"
)

// Limits of the game tower (seed 001, Constraints: 3 ≤ m, n ≤ 50).
const (
	TowerMinSide = 3
	towerMaxSide = 50
)

// TowerAlphabet is every character a tower may hold (seed 001, the marks).
const TowerAlphabet = ".#IGCB123S"

// Tower is one input of the game tower: datasets, then "0 0".
type Tower struct {
	Datasets []TowerDataset
	// Form is how the input is laid out beyond the canonical layout: the forms every
	// game's input may take (docs/rules.md, "Input is a stream of tokens").
	Form Form
	// RowBlanks is tower's own form: each row written with a space between its
	// characters, as the statement's format shows a row ("Dn,1 Dn,2 ... Dn,m"), since a
	// row is the next m non-blank characters (R-T1). Form respaces those spaces as it
	// respaces the others: as tabs, as runs, or as a line end that spreads a row over two
	// lines (FormSplit).
	RowBlanks bool
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
	TowerKinds
)

var towerKindNames = [TowerKinds]string{"MOVETO", "PUSH RIGHT", "PUSH LEFT", "PULL RIGHT", "PULL LEFT",
	"GETDOWN RIGHT", "GETDOWN LEFT", "CLIMB RIGHT", "CLIMB LEFT"}

// String is the command as the input spells it.
func (k TowerKind) String() string { return towerKindNames[k] }

// Dir is +1 for a RIGHT command, -1 for a LEFT one, 0 for MOVETO.
func (k TowerKind) Dir() int { return pick(k == TowerMoveTo, 0, 1-2*int((k-TowerPushRight)%2)) }

// TowerForm is the form f as a tower input can show it, so that a case drawn in it is
// read back in it: a canonical line of tower holds at most one space, which FormSplit
// makes a line end, so that without RowBlanks no space is left for FormTabs to write
// as a tab, and FormTabs is dropped.
func TowerForm(f Form, rowBlanks bool) Form {
	if f.Has(FormSplit) && !rowBlanks {
		return f &^ FormTabs
	}
	return f
}

// Encode renders the case as judge input: the canonical layout (with blanks inside the
// rows when RowBlanks is set), written in the case's Form.
func (c Tower) Encode() []byte {
	size, cell := len("0 0\n"), pick(c.RowBlanks, 2, 1)
	for _, d := range c.Datasets { // n, m and t take at most 21 bytes each
		size += 3*21 + len(d.Rows)*(cell*len(d.Rows[0])+1) + len(d.Cmds)*len("GETDOWN RIGHT\n")
	}
	b := make([]byte, 0, size) // in one allocation: a hunt encodes tens of thousands a second
	for _, d := range c.Datasets {
		b = appendInts(b, len(d.Rows), len(d.Rows[0]))
		for _, row := range d.Rows {
			if !c.RowBlanks {
				b = append(append(b, row...), '\n')
				continue
			}
			for i := 0; i < len(row); i++ {
				b = append(b, row[i], pick(i == len(row)-1, byte('\n'), ' '))
			}
		}
		b = appendInts(b, len(d.Cmds))
		for _, cmd := range d.Cmds {
			if b = append(b, towerKindNames[cmd.Kind]...); cmd.Kind == TowerMoveTo {
				b = appendInts(append(b, ' '), cmd.Col)
			} else {
				b = append(b, '\n')
			}
		}
	}
	return c.Form.Respace(append(b, "0 0\n"...))
}

// DecodeTower is the validator of tower (R-IN3): the statement's tokens in any
// whitespace layout the judges read (docs/rules.md; a row is its next m non-blank
// characters, R-T1), every limit, S and G once per tower, T and MOVETO's column C ints
// (the statement caps neither), "0 0" last; the first violation names its line. The case
// carries the layout it was read in (Form, RowBlanks), so that Decode(c.Encode()) is c.
func DecodeTower(input []byte) (Tower, error) {
	c, blanks, err := decodeTower(input, true)
	if err != nil {
		return c, err
	}
	c.RowBlanks = blanks
	c.Form = FormOf(c.Encode(), input)
	return c, nil
}

// ValidateTower checks input as DecodeTower does but keeps no dataset, so that
// validating any number of commands takes the memory of one tower.
func ValidateTower(input []byte) error {
	_, _, err := decodeTower(input, false)
	return err
}

// decodeTower is DecodeTower, keeping the datasets only when keep is set; blanks
// reports whether a row was read with whitespace between two of its characters.
func decodeTower(input []byte, keep bool) (c Tower, blanks bool, err error) {
	s := newInStream(input)
	for {
		n := s.number("n", 0, towerMaxSide)
		if n == 0 {
			s.number("m after n = 0", 0, 0)
			s.end("the final 0 0")
			return c, blanks, s.err
		}
		if n < TowerMinSide {
			s.fail("n = %d outside %d..%d", n, TowerMinSide, towerMaxSide)
		}
		m := s.number("m", TowerMinSide, towerMaxSide)
		d := TowerDataset{Rows: make([]string, n)}
		if b := readTowerRows(s, d.Rows, m); s.err == nil {
			blanks = blanks || b
		}
		t := s.number("T", 0, math.MaxInt32)
		// A command takes at least 9 bytes ("MOVETO 1\n"): the commands are allocated
		// once, at their number, but never beyond what the input can hold.
		if keep {
			d.Cmds = make([]TowerCmd, 0, min(t, (len(s.in)-s.pos)/len("MOVETO 1\n")))
		}
		// The first error ends the reading: T may promise two billion commands the input
		// does not hold, and each would be refused again.
		for i := 0; i < t && s.err == nil; i++ {
			if cmd := decodeTowerCmd(s); keep && s.err == nil {
				d.Cmds = append(d.Cmds, cmd)
			}
		}
		if keep {
			c.Datasets = append(c.Datasets, d)
		}
	}
}

// readTowerRows reads len(rows) rows of m cells, the top level first: each the next m
// non-blank characters of TowerAlphabet (R-T1), whatever whitespace lies between them. A
// second S or G is named at its own line, a missing one at the line of the tower's last
// cell, as the judges name them. It reports whether whitespace lay between two cells of
// a row.
func readTowerRows(s *inStream, rows []string, m int) (blanks bool) {
	players, goals, row := 0, 0, make([]byte, m)
	for i := range rows {
		what := "level " + strconv.Itoa(len(rows)-i)
		for k := range row {
			if s.err != nil {
				return blanks
			}
			from := s.pos
			if s.skip(); s.pos >= len(s.in) {
				s.fail("%s has %d characters, expected %d, found end of input", what, k, m)
				return blanks
			}
			blanks = blanks || k > 0 && s.pos > from
			switch ch := s.in[s.pos]; {
			case strings.IndexByte(TowerAlphabet, ch) < 0:
				s.fail("%s, column %d: %q is not one of %q", what, k+1, ch, TowerAlphabet)
				return blanks
			case ch == 'S' && players > 0 || ch == 'G' && goals > 0:
				s.fail("%s: S and G must appear exactly once in a tower, found a second %c", what, ch)
				return blanks
			default:
				players += pick(ch == 'S', 1, 0)
				goals += pick(ch == 'G', 1, 0)
				row[k] = ch
			}
			s.pos++
		}
		rows[i] = string(row)
	}
	if players == 0 || goals == 0 {
		s.fail("S and G must appear exactly once in a tower, one is missing")
	}
	return blanks
}

func decodeTowerCmd(s *inStream) TowerCmd {
	w := s.word("a command")
	cmd := TowerCmd{Kind: TowerMoveTo}
	if w == "MOVETO" {
		cmd.Col = s.number("MOVETO's column", math.MinInt32, math.MaxInt32)
		return cmd
	}
	if w != "PUSH" && w != "PULL" && w != "GETDOWN" && w != "CLIMB" {
		s.fail("unknown command %s, expected MOVETO, PUSH, PULL, GETDOWN or CLIMB", s.quotedWord())
		return cmd
	}
	if d := s.word("RIGHT or LEFT"); d != "RIGHT" && d != "LEFT" {
		s.fail("%s: expected RIGHT or LEFT, found %s", w, s.quotedWord())
	} else {
		cmd.Kind = TowerKind(slices.Index(towerKindNames[:], w+" "+d))
	}
	return cmd
}

// towerCellBytes are the cells a byte of TowerFromBytes stands for, by weight (the byte
// modulo its length); S and G are placed after.
const towerCellBytes = "..........####IICB123"

// towerColumnEscape is the column byte after which a MOVETO column is four bytes, an
// int32; other column bytes are the column as an int8.
const towerColumnEscape = 0x80

// towerRowBlanks is the bit of TowerFromBytes's form byte that sets RowBlanks; the
// bits of AllForms are the Form.
const towerRowBlanks = 0x40

// TowerFromBytes decodes fuzzer bytes into a valid case (see tape): the number of
// datasets, a form byte (the Form's bits, and towerRowBlanks), then datasets until the
// bytes run out, each n, m, a byte per cell, where S and G go, T, then per command a kind
// byte and a column byte, MOVETO's an int8, or after towerColumnEscape an int32 from four
// more. Tower.Bytes is its inverse.
func TowerFromBytes(data []byte) Tower {
	t := &tape{data: data}
	var c Tower
	count := t.size(1, 3, 1<<16)
	form := t.byte()
	c.RowBlanks = form&towerRowBlanks != 0
	c.Form = TowerForm(Form(form)&AllForms, c.RowBlanks)
	for len(c.Datasets) < count && (len(c.Datasets) == 0 || !t.exhausted()) {
		n, m := t.size(TowerMinSide, 8, towerMaxSide), t.size(TowerMinSide, 8, towerMaxSide)
		cells := make([]byte, n*m)
		for p := range cells {
			cells[p] = towerCellBytes[t.intn(len(towerCellBytes))]
		}
		s, g := t.intn(n)*m+t.intn(m), t.intn(n)*m+t.intn(m)
		if g == s {
			g = g - g%m + (g%m+1)%m
		}
		cells[s], cells[g] = 'S', 'G'
		d := TowerDataset{Rows: make([]string, n)}
		for i := range d.Rows {
			d.Rows[i] = string(cells[i*m : (i+1)*m])
		}
		for range t.size(0, 32, math.MaxInt32) {
			if t.exhausted() {
				break
			}
			cmd := TowerCmd{Kind: TowerKind(t.intn(int(TowerKinds)))}
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

// Bytes is the inverse of TowerFromBytes: fuzz seeds in which a changed byte changes one
// cell or one command, almost always.
func (c Tower) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Datasets), 1, 3, 1<<16)
	w.byte(byte(c.Form) | pick(c.RowBlanks, byte(towerRowBlanks), 0))
	for _, d := range c.Datasets {
		n, m, cells := len(d.Rows), len(d.Rows[0]), strings.Join(d.Rows, "")
		w.size(n, TowerMinSide, 8, towerMaxSide)
		w.size(m, TowerMinSide, 8, towerMaxSide)
		for _, c := range []byte(cells) {
			w.byte(byte(max(strings.IndexByte(towerCellBytes, c), 0))) // S and G: '.'
		}
		for _, p := range []int{strings.IndexByte(cells, 'S'), strings.IndexByte(cells, 'G')} {
			w.intn(p/m, n)
			w.intn(p%m, m)
		}
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

// Bounds lists the constrained quantities of the case with their limits, per dataset.
func (c Tower) Bounds() []Bound {
	b := make([]Bound, 0, 4*len(c.Datasets))
	for _, d := range c.Datasets {
		all := strings.Join(d.Rows, "")
		b = append(b,
			Bound{"n", len(d.Rows), TowerMinSide, towerMaxSide},
			Bound{"m", len(d.Rows[0]), TowerMinSide, towerMaxSide},
			Bound{"S", strings.Count(all, "S"), 1, 1},
			Bound{"G", strings.Count(all, "G"), 1, 1},
		)
	}
	return b
}

// Features lists the rulings (R-T3 … R-T18) and the five results (R-T18), each with
// whether some dataset of the case reaches it, as ref plays it.
func (c Tower) Features() []Feature {
	var seen ruling.Set
	results := map[string]bool{}
	for _, d := range ruling.TowerDatasets(c.Encode()) {
		seen |= d.Seen
		results[strings.TrimPrefix(d.Result, "Game Over : ")] = true
	}
	var out []Feature
	for i, r := range ruling.Tower() {
		out = append(out, Feature{Name: r.ID + " " + r.Situation, Seen: seen&(1<<i) != 0})
	}
	for _, r := range []string{"Cleared", "Death by Hole", "Death by Block", "Death by Walking Goal", "Gave Up"} {
		out = append(out, Feature{Name: "R-T18 " + r, Seen: results[r]})
	}
	return out
}

// Name is how ref's game takes a command: MOVETO and its column, or the command and +1
// for RIGHT, -1 for LEFT.
func (c TowerCmd) Name() (string, int) {
	return towerKindWords[c.Kind], pick(c.Kind == TowerMoveTo, c.Col, c.Kind.Dir())
}

// towerKindWords is each kind's first word, cut once: the generator's players name a
// command for every candidate move they weigh.
var towerKindWords = func() (words [TowerKinds]string) {
	for k, name := range towerKindNames {
		words[k], _, _ = strings.Cut(name, " ")
	}
	return words
}()

// PlayFacts says what ref's play of the case does: the commands handled while the game
// goes on and those read after its end, the results, and the automatic steps — rounds,
// blocks fallen, blocks vanished on a B — with the most rounds one command causes. A
// dataset repeated (the big cases repeat a few) is played once.
func (c Tower) PlayFacts() []string {
	type facts struct {
		handled, ignored, rounds, maxRounds, falls, vanished int
		result                                               string
	}
	played := map[string]facts{}
	var sum facts
	results := map[string]int{}
	for _, d := range c.Datasets {
		input := string(Tower{Datasets: []TowerDataset{d}}.Encode())
		f, ok := played[input]
		if !ok {
			cmdRounds := 0
			ref.TowerRules([]byte(input), func(s *ref.TowerStep) {
				switch s.Phase {
				case ref.TowerCommand:
					f.handled++
					cmdRounds = 0
				case ref.TowerIgnored:
					f.ignored++
				case ref.TowerRound:
					f.rounds++
					cmdRounds++
					f.maxRounds = max(f.maxRounds, cmdRounds)
					f.vanished += len(s.Round.Vanished)
				case ref.TowerFall:
					f.falls++
				}
				if s.Result != "" {
					f.result = strings.TrimPrefix(s.Result, "Game Over : ")
				}
			})
			played[input] = f
		}
		sum.handled, sum.ignored, sum.rounds = sum.handled+f.handled, sum.ignored+f.ignored, sum.rounds+f.rounds
		sum.maxRounds, sum.falls, sum.vanished = max(sum.maxRounds, f.maxRounds), sum.falls+f.falls, sum.vanished+f.vanished
		results[f.result]++
	}
	var ends []string
	for _, r := range []string{"Gave Up", "Cleared", "Death by Hole", "Death by Block", "Death by Walking Goal"} {
		if results[r] > 0 {
			ends = append(ends, fmt.Sprintf("%d %s", results[r], r))
		}
	}
	return []string{
		fmt.Sprintf("%d datasets (%s); %d commands handled before their game's end, %d read after it",
			len(c.Datasets), strings.Join(ends, ", "), sum.handled, sum.ignored),
		fmt.Sprintf("%d automatic rounds (the most after one command: %d), %d blocks fallen, %d vanished on a B",
			sum.rounds, sum.maxRounds, sum.falls, sum.vanished),
	}
}
