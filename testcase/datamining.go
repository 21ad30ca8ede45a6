package testcase

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gamediff/ruling"
)

// Limits of the game datamining (seed 004): "r and c will always be at least 3. The total
// number of cells in any board will never be greater than 40."
const (
	DataminingMinSide  = 3
	DataminingMaxCells = 40
)

// Datamining is one input of the game datamining: the boards before the final "0 0".
type Datamining struct {
	Boards [][]string // each board is r rows of c bytes: 'M' a mine, '.' an empty cell
	// Form is how the input is laid out beyond the canonical layout (docs/rules.md, "Input
	// is a stream of tokens"), as DataminingForm has it.
	Form Form
}

// Encode renders the case as judge input: the canonical layout, written in the case's
// Form.
func (c Datamining) Encode() []byte {
	size := 4
	for _, board := range c.Boards {
		size += 6 + len(board)*(len(board[0])+1)
	}
	b := make([]byte, 0, size)
	for _, board := range c.Boards {
		b = appendInts(b, len(board), len(board[0]))
		for _, row := range board {
			b = append(append(b, row...), '\n')
		}
	}
	return c.Form.Respace(append(b, "0 0\n"...))
}

// DataminingForm is f as a datamining input can show it. Each line of the canonical
// layout that holds a space holds one ("r c", "0 0"), so FormSplit leaves no space for
// FormTabs to write as a tab: with FormSplit, FormTabs is dropped, and a case decoded from
// its input is the case encoded.
func DataminingForm(f Form) Form {
	f &= AllForms
	if f.Has(FormSplit) {
		f &^= FormTabs
	}
	return f
}

// DecodeDatamining is the validator of datamining (R-IN3): the statement's tokens in any
// whitespace layout the judges read (docs/rules.md), every limit, an 'M' and a '.' on
// each board, "0 0" last and nothing after it; the first violation names its line. The
// case carries the layout it was read in (Form), so that Decode(c.Encode()) is c.
func DecodeDatamining(input []byte) (Datamining, error) {
	c, err := decodeDatamining(input, true)
	if err != nil {
		return c, err
	}
	c.Form = FormOf(c.Encode(), input)
	return c, nil
}

// ValidateDatamining checks input as DecodeDatamining does but keeps no board, so that
// validating any number of boards takes the memory of one.
func ValidateDatamining(input []byte) error {
	_, err := decodeDatamining(input, false)
	return err
}

// decodeDatamining is DecodeDatamining, keeping the boards only when keep is set.
func decodeDatamining(input []byte, keep bool) (Datamining, error) {
	s := newInStream(input)
	var c Datamining
	for boards := 0; ; boards++ {
		s.skip() // to the line of r, which a board's and the final 0 0's errors name
		line := s.line
		r := s.number("r", 0, DataminingMaxCells)
		cols := s.number("c", 0, DataminingMaxCells)
		switch {
		case r == 0 && cols == 0:
			// "followed by a final line containing only two zeros"
			if boards == 0 {
				s.failAt(line, "no board before the final 0 0: the input contains one or more")
			}
			s.end("the final 0 0")
			return c, s.err
		case r < DataminingMinSide:
			s.fail("r = %d, but r ≥ %d (0 only in the final line 0 0)", r, DataminingMinSide)
		case cols < DataminingMinSide:
			s.fail("c = %d, but c ≥ %d", cols, DataminingMinSide)
		case r*cols > DataminingMaxCells:
			s.fail("r·c = %d·%d = %d, but at most %d cells", r, cols, r*cols, DataminingMaxCells)
		}
		board := make([]string, r)
		for i := range board {
			board[i] = s.row("row "+strconv.Itoa(i+1), cols, "M.")
		}
		// "There will always be at least one 'M' and at least one '.' on each game board."
		if mines := strings.Count(strings.Join(board, ""), "M"); s.err == nil && (mines == 0 || mines == r*cols) {
			s.failAt(line, "board %d has no %s: at least one of each is required", boards+1, pick(mines == 0, "'M'", "'.'"))
		}
		if keep {
			c.Boards = append(c.Boards, board)
		}
	}
}

// DataminingSides lists every legal (r, c): r, c ≥ 3 and r·c ≤ 40, by r then c. The
// generators draw their shapes from it too; nothing may change it.
var DataminingSides = func() (sides [][2]int) {
	for r := DataminingMinSide; r*DataminingMinSide <= DataminingMaxCells; r++ {
		for c := DataminingMinSide; r*c <= DataminingMaxCells; c++ {
			sides = append(sides, [2]int{r, c})
		}
	}
	return sides
}()

// DataminingHasBoth reports whether a board has at least one 'M' and one '.'.
func DataminingHasBoth(board []string) bool {
	mine, safe := false, false
	for _, row := range board {
		for i := 0; i < len(row); i++ {
			mine = mine || row[i] == 'M'
			safe = safe || row[i] == '.'
		}
	}
	return mine && safe
}

// DataminingFromBytes decodes fuzzer bytes into a valid case (see tape): a count of boards,
// a form byte (DataminingForm of its bits), then boards until the bytes run out, each a
// shape byte and the board; one without a mine gets one in its first cell, one without an
// empty cell loses its last mine. Datamining.Bytes is its inverse.
func DataminingFromBytes(data []byte) Datamining {
	t := &tape{data: data}
	want := t.size(1, 8, 1<<16)
	c := Datamining{Form: DataminingForm(Form(t.byte()))}
	for len(c.Boards) == 0 || (len(c.Boards) < want && !t.exhausted()) {
		side := DataminingSides[t.intn(len(DataminingSides))]
		rows, cols := side[0], side[1]
		board := t.board(rows, cols, '.', 'M')
		if !DataminingHasBoth(board) {
			if board[0][0] == '.' {
				board[0] = "M" + board[0][1:]
			} else {
				last := board[rows-1]
				board[rows-1] = last[:cols-1] + "."
			}
		}
		c.Boards = append(c.Boards, board)
	}
	return c
}

// Bytes is the inverse of DataminingFromBytes: fuzz seeds in which a changed byte changes
// one cell, almost always.
func (c Datamining) Bytes() []byte {
	w := &tapeWriter{}
	w.size(len(c.Boards), 1, 8, 1<<16)
	w.byte(byte(c.Form))
	for _, board := range c.Boards {
		w.intn(slices.Index(DataminingSides, [2]int{len(board), len(board[0])}), len(DataminingSides))
		w.board(board, 'M')
	}
	return w.data
}

// Bounds lists the constrained quantities of the case with their limits, per board.
func (c Datamining) Bounds() []Bound {
	var b []Bound
	for _, board := range c.Boards {
		rows, cols := len(board), len(board[0])
		b = append(b, Bound{"r", rows, DataminingMinSide, DataminingMaxCells / DataminingMinSide},
			Bound{"c", cols, DataminingMinSide, DataminingMaxCells / DataminingMinSide},
			Bound{"r·c", rows * cols, DataminingMinSide * DataminingMinSide, DataminingMaxCells},
			Bound{"mines", strings.Count(strings.Join(board, ""), "M"), 1, rows*cols - 1})
	}
	return b
}

// Features lists the kinds of boards and every legal shape, each with whether the case
// holds one.
func (c Datamining) Features() []Feature {
	has := map[string]bool{}
	for _, b := range c.Boards {
		best, worst := ruling.CasualPlays(b)
		mines, cells := strings.Count(strings.Join(b, ""), "M"), len(b)*len(b[0])
		has[fmt.Sprintf("shape %dx%d", len(b), len(b[0]))] = true
		has[pick(best > 0, "stuck from every start", pick(worst > 0, "won from some starts only", "won from every start"))] = true
		has[pick(mines == 1, "a single mine", pick(mines == cells-1, "a single safe cell", ""))] = true
	}
	var out []Feature
	for _, name := range []string{"stuck from every start", "won from some starts only", "won from every start", "a single mine", "a single safe cell"} {
		out = append(out, Feature{Name: name, Seen: has[name]})
	}
	for _, s := range DataminingSides {
		name := fmt.Sprintf("shape %dx%d", s[0], s[1])
		out = append(out, Feature{Name: name, Seen: has[name]})
	}
	return out
}

// PlayFacts says what the boards cost: their sizes, how many are stuck from every start,
// and the work of the plain strategy, which plays every safe start applying the rules in
// passes over the board until a pass changes nothing: its passes in all, the most for one
// start, and its cell visits.
func (c Datamining) PlayFacts() []string {
	var full, stuck, passes, most, visits int
	for _, b := range c.Boards {
		cells := len(b) * len(b[0])
		if cells == DataminingMaxCells {
			full++
		}
		if best, _ := ruling.CasualPlays(b); best > 0 {
			stuck++
		}
		for start := range cells {
			if b[start/len(b[0])][start%len(b[0])] == 'M' {
				continue
			}
			k := passesFrom(b, start)
			passes += k
			most = max(most, k)
			visits += k * cells
		}
	}
	return []string{
		fmt.Sprintf("%d boards, %d of the most cells (%d), %d stuck from every start", len(c.Boards), full, DataminingMaxCells, stuck),
		fmt.Sprintf("every safe start played in passes over the board until one changes nothing: %d passes (the most for one start %d), %d cell visits",
			passes, most, visits),
	}
}

// passesFrom counts the passes of the plain strategy from start: each pass goes over the
// cells in row order and applies the two rules to every cleared one; the last pass is the
// one that changes nothing.
func passesFrom(b []string, start int) int {
	r, c := len(b), len(b[0])
	const (
		covered = iota
		cleared
		flagged
	)
	state := make([]uint8, r*c)
	state[start] = cleared
	mine := func(p int) bool { return b[p/c][p%c] == 'M' }
	each := func(p int, do func(q int)) {
		for x := max(p/c-1, 0); x <= min(p/c+1, r-1); x++ {
			for y := max(p%c-1, 0); y <= min(p%c+1, c-1); y++ {
				if x*c+y != p {
					do(x*c + y)
				}
			}
		}
	}
	for passes := 1; ; passes++ {
		changed := false
		for p := range state {
			if state[p] != cleared {
				continue
			}
			f, cov, m := 0, 0, 0
			each(p, func(q int) {
				f += pick(state[q] == flagged, 1, 0)
				cov += pick(state[q] == covered, 1, 0)
				m += pick(mine(q), 1, 0)
			})
			if cov == 0 || f != m && f+cov != m {
				continue
			}
			to := pick(f == m, uint8(cleared), flagged)
			each(p, func(q int) {
				if state[q] == covered {
					state[q] = to
				}
			})
			changed = true
		}
		if !changed {
			return passes
		}
	}
}
