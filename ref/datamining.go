package ref

import (
	"bufio"
	"fmt"
	"io"
)

// Limits of the game datamining (seed 004): "r and c will always be at least 3. The total
// number of cells in any board will never be greater than 40."
const (
	dataminingMinSide  = 3
	dataminingMaxCells = 40
)

// Datamining judges the game datamining (seed 004, docs/datamining.md): for each board
// of the input it writes the smallest number of covered safe cells a casual player can
// leave. An *InputError reports input that breaks the format, after the answers to the
// boards before it.
func Datamining(input []byte, w io.Writer) error {
	out := bufio.NewWriter(w)
	err := playDatamining(newTokens(input), out, nil)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

func playDatamining(in *tokens, out *bufio.Writer, observe func(*DataminingStep)) error {
	boards := 0 // for the observer
	// "The input contains one or more game boards, followed by a final line containing
	// only two zeros." Nothing after the "0 0" is read (R-IN2).
	for {
		// r is checked as soon as it is read: 0 (the end) or at least 3, and at most 13,
		// since c ≥ 3 and r·c ≤ 40 leave no room for more rows.
		r, line, err := in.number("r", 0, dataminingMaxCells/dataminingMinSide)
		if err != nil {
			return err
		}
		if r == 0 {
			// "a final line containing only two zeros": after r = 0 only c = 0 may follow.
			if _, _, err := in.number("c of the final 0 0", 0, 0); err != nil {
				return err
			}
			return nil
		}
		if r < dataminingMinSide {
			return &InputError{Line: line, Msg: fmt.Sprintf("r %d outside %d..%d", r, dataminingMinSide, dataminingMaxCells/dataminingMinSide)}
		}
		// "r and c will always be at least 3. The total number of cells in any board will
		// never be greater than 40."
		c, _, err := in.number(fmt.Sprintf("c (r·c ≤ %d with r = %d)", dataminingMaxCells, r), dataminingMinSide, dataminingMaxCells/r)
		if err != nil {
			return err
		}
		// "an upper case 'M' represents a mine and a period '.' represents an empty cell"
		mine := make([][]bool, r)
		for x := range mine {
			row, err := in.next(fmt.Sprintf("row %d of the board", x+1))
			if err != nil {
				return err
			}
			if len(row.text) != c {
				return &InputError{Line: row.line, Msg: fmt.Sprintf("row %d has %d characters, expected %d", x+1, len(row.text), c)}
			}
			mine[x] = make([]bool, c)
			for y := 0; y < c; y++ {
				switch ch := row.text[y]; ch {
				case 'M':
					mine[x][y] = true
				case '.':
				default:
					return &InputError{Line: row.line, Msg: fmt.Sprintf("row %d, column %d: %q is neither 'M' nor '.'", x+1, y+1, ch)}
				}
			}
		}
		// "For each data set write one line with a single integer"
		answer := casualMinimum(mine)
		fmt.Fprintln(out, answer)
		if observe != nil {
			boards++
			observe(&DataminingStep{Board: boards, Line: line, mine: mine, answer: answer})
		}
	}
}

// The three states of a cell: "A cell can be in one of 3 states: covered,
// cleared/uncovered, or flagged as a mine."
const (
	dmCovered = iota
	dmCleared
	dmFlagged
)

// casualMinimum is "the smallest number of covered, unmined cells that could possibly
// remain when a casual player plays the game": the minimum over every first cell.
func casualMinimum(mine [][]bool) int {
	r, c := len(mine), len(mine[0])
	// R-D2: a mine as first cell loses with every safe cell covered. It never beats a safe
	// start, and on a board without a safe cell (which breaks the statement's guarantee,
	// see corpus/datamining/README.md) it makes the answer 0.
	best := 0
	for x := range r {
		for y := range c {
			if !mine[x][y] {
				best++
			}
		}
	}
	for x := range r {
		for y := range c {
			if !mine[x][y] {
				best = min(best, playCasual(mine, x, y))
			}
		}
	}
	return best
}

// playCasual plays from the first cell (x0, y0), which is safe, and returns the number of
// covered unmined cells when the player is stuck.
func playCasual(mine [][]bool, x0, y0 int) int {
	return coveredSafe(mine, casualBoard(mine, x0, y0))
}

// casualBoard plays from the first cell (x0, y0), which is safe, and returns the state of
// every cell when the player is stuck.
func casualBoard(mine [][]bool, x0, y0 int) [][]int {
	r, c := len(mine), len(mine[0])
	state := make([][]int, r)
	for x := range state {
		state[x] = make([]int, c)
	}
	// "Otherwise, the player clears the cell and then applies the following two rules to
	// cleared cells on the board until no further progress can be made."
	state[x0][y0] = dmCleared
	for changed := true; changed; {
		changed = false
		for x := range r {
			for y := range c {
				if state[x][y] != dmCleared {
					continue
				}
				// "let f, c, and m be the number of flagged, covered, and mined cells
				// adjacent to (x,y)" — adjacent: the 3x3 square around it, less itself.
				f, cov, m := 0, 0, 0
				for nx := x - 1; nx <= x+1; nx++ {
					for ny := y - 1; ny <= y+1; ny++ {
						if (nx == x && ny == y) || nx < 0 || nx >= r || ny < 0 || ny >= c {
							continue
						}
						if state[nx][ny] == dmFlagged {
							f++
						}
						if state[nx][ny] == dmCovered {
							cov++
						}
						if mine[nx][ny] {
							m++
						}
					}
				}
				if cov == 0 {
					continue // both rules act on covered cells only: nothing to do
				}
				// 1. "If f = m, then clear all covered cells adjacent to (x,y)."
				// 2. "If f + c = m, then flag all covered cells adjacent to (x,y)."
				// With cov > 0 at most one of them holds. R-D1: the order does not matter.
				to := -1
				if f == m {
					to = dmCleared
				} else if f+cov == m {
					to = dmFlagged
				}
				if to < 0 {
					continue
				}
				for nx := x - 1; nx <= x+1; nx++ {
					for ny := y - 1; ny <= y+1; ny++ {
						if nx >= 0 && nx < r && ny >= 0 && ny < c && state[nx][ny] == dmCovered {
							state[nx][ny] = to
						}
					}
				}
				changed = true
			}
		}
	}
	return state
}

// coveredSafe counts the covered unmined cells of a board's state.
func coveredSafe(mine [][]bool, state [][]int) int {
	r, c := len(mine), len(mine[0])
	// "the minimum number of covered, unmined cells that remain"
	left := 0
	for x := range r {
		for y := range c {
			if state[x][y] == dmCovered && !mine[x][y] {
				left++
			}
		}
	}
	return left
}

// Tracing. A traced input (DataminingTrace) reports each board, once answered, to an
// observer, so that it can be pictured; Datamining is untraced and pays one nil check per
// board.

// DataminingStep is one board of a traced datamining input, once its answer is written.
// Its methods compute what they show on demand, so an observer that only counts boards
// pays for nothing more.
type DataminingStep struct {
	Board  int    // the board's number in the input, from 1
	Line   int    // the input line of the board's "r c"
	Output []byte // everything written so far, this board's answer included
	mine   [][]bool
	answer int     // kept, as Best needs it and it costs a game from every start
	best   [][]int // the state from the best start, once asked for
	bx, by int     // the best start, 0-based
}

// DataminingTrace plays input as Datamining does and calls observe after the answer to
// every board. It returns what Datamining writes and the error Datamining returns.
func DataminingTrace(input []byte, observe func(*DataminingStep)) ([]byte, error) {
	return traced(func(out *bufio.Writer, see func(*DataminingStep)) error {
		return playDatamining(newTokens(input), out, see)
	}, observe)
}

func (s *DataminingStep) setOutput(written []byte) { s.Output = written }

// Size is the board's r rows and c columns.
func (s *DataminingStep) Size() (r, c int) { return len(s.mine), len(s.mine[0]) }

// Mine reports whether (x, y), 1-based, holds a mine.
func (s *DataminingStep) Mine(x, y int) bool { return s.mine[x-1][y-1] }

// Answer is the board's answer: the fewest covered safe cells over every start.
func (s *DataminingStep) Answer() int { return s.answer }

// Best is the first start, in row-major order, from which the casual player leaves
// Answer covered safe cells, 1-based; 0, 0 on a board without a safe cell.
func (s *DataminingStep) Best() (x, y int) {
	if s.play() {
		return s.bx + 1, s.by + 1
	}
	return 0, 0
}

// Cell is (x, y), 1-based, when the casual player who started at Best is stuck: '0'-'8'
// cleared (its number of adjacent mines), 'F' flagged, '_' a covered safe cell (Answer
// counts these), 'M' a covered mine.
func (s *DataminingStep) Cell(x, y int) byte {
	x, y = x-1, y-1
	state := dmCovered
	if s.play() {
		state = s.best[x][y]
	}
	switch {
	case state == dmCleared:
		around := 0
		for nx := x - 1; nx <= x+1; nx++ {
			for ny := y - 1; ny <= y+1; ny++ {
				if (nx != x || ny != y) && nx >= 0 && nx < len(s.mine) && ny >= 0 && ny < len(s.mine[0]) && s.mine[nx][ny] {
					around++
				}
			}
		}
		return byte('0' + around)
	case state == dmFlagged:
		return 'F'
	case s.mine[x][y]:
		return 'M'
	}
	return '_'
}

// play finds the best start and its final state, once; false on a board without a safe
// cell.
func (s *DataminingStep) play() bool {
	if s.best != nil {
		return true
	}
	for x := range s.mine {
		for y := range s.mine[x] {
			if s.mine[x][y] {
				continue
			}
			if state := casualBoard(s.mine, x, y); coveredSafe(s.mine, state) == s.answer {
				s.best, s.bx, s.by = state, x, y
				return true
			}
		}
	}
	return false
}
