package gen

import (
	"math/rand"

	"gamediff/ruling"
)

// sweeper is gen's minesweeper player, one for mine and boom alike. It plays through a
// field, which wraps ref's game of either (mineField says why ref's), so that what it
// aims at — cells that cascade, flags exactly right for a DSweep or a middle click, wrong
// flags, '?' marks — is what the judge does with it: gen keeps no model of the rules.
type sweeper struct {
	n, m int
	// cells holds what the player knows of each cell in one byte (cellMine, cellOpen, the
	// mark, the number): the moves read cells at random all over boards of up to a
	// million, and one byte a cell costs a move one cache miss where a slice for each
	// (mine, number, open, marks) cost up to four.
	cells   []uint8
	field   *field
	r       *rand.Rand
	weights [sweepMoves]int
	opened  []int32   // the opened cells in the order they opened, for moves aimed near them
	onOpen  func(int) // notes an opened cell: made once, not a closure per click
	played  []played  // the clicks played, for moveRepeat
	patient bool      // he never risks a boom, not even when he finds nothing to do
	// focus, when above 0, makes half the moves aimed near the opened region pick among
	// the focus cells opened last: after a cascade of a million cells the closed ones
	// border few of them, and a long game needs moves that do something.
	focus int
}

type played struct {
	k click
	p int
}

// click is the kind of an operation, in both games' terms.
type click uint8

const (
	clickOpen  click = iota // Sweep; a left click
	clickMark               // Flag; a right click
	clickChord              // DSweep; a middle click
)

// The marks a closed cell can carry: a flag (mine's flag, boom's P), and boom's '?'.
const (
	markBlank uint8 = iota
	markFlag
	markAsk
)

// field is ref's game of mine or boom as a sweeper plays it, through the game's hooks.
// A click that reaches a skipped ruling (the watch's seen grows by one of skip) is left
// out, and the game stops before it.
type field struct {
	m, target, played int // the clicks to play (done after them) and those played
	allowed           [3]bool
	ask, stopped      bool // ask: the marks include '?' (boom's do)
	skip, avoided     ruling.Set
	seen              *ruling.Set // the watch's rulings
	// hold, when set, reports whether a click is not to be played: one that would open
	// the cell a long game keeps closed, so that it cannot finish before its end.
	hold  func(k click, p int) bool
	over  func() bool
	apply func(k click, x, y int) // plays the click on the game and the watch
	// newlyOpened calls opened with each cell the last click opened, in the order it
	// opened them, as the index p of the sweeper's cells.
	newlyOpened func(opened func(p int))
	markOf      func(x, y int) uint8
}

// play plays click k on p if the field has room for it and allows it, and calls opened
// with every cell it opened; it reports whether it played it.
func (f *field) play(k click, p int, opened func(q int)) bool {
	if f.done() || !f.allowed[k] || f.hold != nil && f.hold(k, p) {
		return false
	}
	before := *f.seen
	f.apply(k, p/f.m+1, p%f.m+1)
	if hit := *f.seen &^ before & f.skip; hit != 0 {
		*f.seen, f.stopped = before, true
		f.avoided |= hit
		return false
	}
	f.played++
	f.newlyOpened(opened)
	return true
}

func (f *field) mark(p int) uint8 { return f.markOf(p/f.m+1, p%f.m+1) }

// done reports whether the game is over or stopped, or no click is left to play.
func (f *field) done() bool { return f.stopped || f.over() || f.played >= f.target }

// randomClick is any click the field allows, anywhere on its n rows.
func (f *field) randomClick(r *rand.Rand, n int) (k click, x, y int) {
	for k = click(r.Intn(3)); !f.allowed[k]; k = click(r.Intn(3)) {
	}
	return k, 1 + r.Intn(n), 1 + r.Intn(f.m)
}

// The moves a sweeper makes, each a few clicks.
const (
	moveOpenSafe   = iota // a safe closed cell, a 0 rather: it cascades
	moveOpenAny           // any cell: a boom now and then
	moveFlagMine          // a flag on a mine next to the opened region; a flag taken back now and then
	moveFlagWrong         // a flag on a safe cell: a cascade may wipe it (R-M3), a middle click counts it
	moveChordRight        // flags exactly right around an opened cell, then a DSweep or middle click on it
	moveChordWrong        // as many flags as the number, one on a safe cell and a mine left bare: boom
	moveChordZero         // a DSweep or middle click on an opened 0, after turning a flag next to it to '?' (R-B3)
	moveChordAny          // a DSweep or middle click near the opened region
	moveAsk               // a '?' where a cascade will pass (R-B3)
	moveCycle             // three right clicks on one cell, back where it was
	moveRepeat            // a click played before, again
	// moveChordOver: flags on every mine around an opened cell and on one safe cell more,
	// then a DSweep or middle click on it: more flags than its number, so nothing opens.
	// Only the players of long games make it: the others draw no weight for it, so that
	// their cases stay those of their seeds.
	moveChordOver
	sweepMoves
)

// clicksOf lists the clicks each move needs, so that a field that forbids one never draws
// the move.
var clicksOf = [sweepMoves][]click{
	moveOpenSafe: {clickOpen}, moveOpenAny: {clickOpen}, moveFlagMine: {clickMark}, moveFlagWrong: {clickMark},
	moveChordRight: {clickChord}, moveChordWrong: {clickMark, clickChord}, moveChordZero: {clickChord},
	moveChordAny: {clickChord}, moveAsk: {clickMark}, moveCycle: {clickMark}, moveChordOver: {clickMark, clickChord},
}

// newSweeper is a player of field on board, which holds mine where a mine is, with every
// move weighted 1 to 10: each case its own temperament, which the games then bend.
func newSweeper(board []string, mine byte, field *field, r *rand.Rand) *sweeper {
	n, m := len(board), len(board[0])
	s := &sweeper{n: n, m: m, cells: make([]uint8, n*m), opened: make([]int32, 0, n*m), field: field, r: r}
	for x, row := range board { // the numbers: each mine counted by its 3x3 square but itself
		for y := 0; y < m; y++ {
			if row[y] == mine {
				s.cells[x*m+y] |= cellMine
				for nx := max(x-1, 0); nx <= min(x+1, n-1); nx++ {
					for ny := max(y-1, 0); ny <= min(y+1, m-1); ny++ {
						s.cells[nx*m+ny] += pick(nx != x || ny != y, uint8(cellNumberUnit), 0)
					}
				}
			}
		}
	}
	for i := range s.weights[:moveChordOver] {
		s.weights[i] = 1 + r.Intn(10)
	}
	s.onOpen = func(q int) { s.opened, s.cells[q] = append(s.opened, int32(q)), s.cells[q]|cellOpen }
	return s
}

// careful makes the player careful: flags on mines, no blind click, long chains of DSweeps
// or middle clicks, a wrong flag now and then unless never (then he is patient too).
func (s *sweeper) careful(never bool) {
	s.weights[moveOpenAny], s.weights[moveChordWrong] = 0, 0
	s.weights[moveFlagWrong] = s.r.Intn(2)
	if never {
		s.weights[moveFlagWrong], s.patient = 0, true
	}
	s.weights[moveChordRight] += 10
}

// play makes moves until the field is done.
func (s *sweeper) play() {
	weights := s.weights
	for mv := range weights {
		if !s.field.ask && (mv == moveAsk || mv == moveCycle) {
			weights[mv] = 0
		}
		for _, k := range clicksOf[mv] {
			if !s.field.allowed[k] {
				weights[mv] = 0
			}
		}
	}
	weights[moveOpenSafe]++ // at least one move is always possible
	total := 0
	for _, w := range weights {
		total += w
	}
	for !s.field.done() {
		v := s.r.Intn(total)
		mv := 0
		for v >= weights[mv] {
			v -= weights[mv]
			mv++
		}
		s.move(mv)
	}
}

// click plays k on p.
func (s *sweeper) click(k click, p int) {
	if s.field.play(k, p, s.onOpen) {
		s.played = append(s.played, played{k, p})
		if k == clickMark {
			s.setMark(p, s.field.mark(p))
		}
	}
}

// markTo right-clicks (flags) p until its mark is want.
func (s *sweeper) markTo(p int, want uint8) {
	for i := 0; i < 2 && !s.field.done() && !s.isOpen(p) && s.mark(p) != want; i++ {
		s.click(clickMark, p)
	}
}

// closed reports whether p is closed and carries no flag: a click opens it.
func (s *sweeper) closed(p int) bool { return !s.isOpen(p) && s.mark(p) != markFlag }

// A cell's byte in sweeper.cells: two bits, the mark, and above them its number.
const (
	cellMine       = 1 << 0
	cellOpen       = 1 << 1
	cellMarkShift  = 2 // the mark (markBlank, markFlag, markAsk) in bits 2-3
	cellMarkBits   = 3 << cellMarkShift
	cellNumberUnit = 1 << 4 // the number = cell / cellNumberUnit
)

func (s *sweeper) isMine(p int) bool { return s.cells[p]&cellMine != 0 }
func (s *sweeper) isOpen(p int) bool { return s.cells[p]&cellOpen != 0 }
func (s *sweeper) num(p int) uint8   { return s.cells[p] / cellNumberUnit }
func (s *sweeper) mark(p int) uint8  { return s.cells[p] & cellMarkBits >> cellMarkShift }

func (s *sweeper) setMark(p int, mark uint8) {
	s.cells[p] = s.cells[p]&^cellMarkBits | mark<<cellMarkShift
}

// firstMark is the first cell, in reading order, that carries mark; -1 if none does.
func (s *sweeper) firstMark(mark uint8) int {
	for p := range s.cells {
		if s.mark(p) == mark {
			return p
		}
	}
	return -1
}

// sample returns a random cell satisfying ok, from a bounded number of draws among the
// opened cells or the whole board.
func (s *sweeper) sample(fromOpened bool, ok func(p int) bool) (int, bool) {
	for range 40 {
		p := s.r.Intn(s.n * s.m)
		if fromOpened && len(s.opened) > 0 {
			from := s.opened
			if s.focus > 0 && len(from) > s.focus && s.r.Intn(2) == 0 {
				from = from[len(from)-s.focus:]
			}
			p = int(from[s.r.Intn(len(from))])
		}
		if ok(p) {
			return p, true
		}
	}
	return 0, false
}

// find returns an opened cell satisfying ok: sampled, or else the first in the order
// they opened from a random place on, so that a cell is found whenever there is one.
func (s *sweeper) find(ok func(p int) bool) (int, bool) {
	if p, found := s.sample(true, func(p int) bool { return s.isOpen(p) && ok(p) }); found {
		return p, true
	}
	if len(s.opened) == 0 {
		return 0, false
	}
	from := s.r.Intn(len(s.opened))
	for i := range s.opened {
		if p := int(s.opened[(from+i)%len(s.opened)]); ok(p) {
			return p, true
		}
	}
	return 0, false
}

// each calls f with the neighbours of p until f returns true, and reports whether it did.
func (s *sweeper) each(p int, f func(q int) bool) bool {
	x, y := p/s.m, p%s.m
	for nx := max(x-1, 0); nx <= min(x+1, s.n-1); nx++ {
		for ny := max(y-1, 0); ny <= min(y+1, s.m-1); ny++ {
			if (nx != x || ny != y) && f(nx*s.m+ny) {
				return true
			}
		}
	}
	return false
}

// neighbourWith returns a random neighbour of p satisfying ok.
func (s *sweeper) neighbourWith(p int, ok func(q int) bool) (int, bool) {
	var found [8]int
	k := 0
	s.each(p, func(q int) bool {
		if ok(q) {
			found[k] = q
			k++
		}
		return false
	})
	if k == 0 {
		return 0, false
	}
	return found[s.r.Intn(k)], true
}

// fallback is what a player who found nothing better plays: any click, or, for a patient
// player, whose game must last, a click on an opened cell, which changes nothing.
func (s *sweeper) fallback(k click) {
	if s.patient && len(s.opened) > 0 {
		s.click(clickOpen, int(s.opened[s.r.Intn(len(s.opened))]))
		return
	}
	if !s.field.allowed[k] {
		k = clickOpen
	}
	s.click(k, s.r.Intn(s.n*s.m))
}

func (s *sweeper) move(mv int) {
	switch mv {
	case moveOpenSafe:
		if p, ok := s.sample(false, func(p int) bool { return !s.isMine(p) && s.num(p) == 0 && s.closed(p) }); ok && s.r.Intn(3) > 0 {
			s.click(clickOpen, p)
		} else if p, ok := s.sample(false, func(p int) bool { return !s.isMine(p) && s.closed(p) }); ok {
			s.click(clickOpen, p)
		} else {
			s.fallback(clickOpen)
		}
	case moveOpenAny:
		s.click(clickOpen, s.r.Intn(s.n*s.m))
	case moveFlagMine:
		if p, ok := s.sample(true, func(p int) bool { return s.isOpen(p) && s.num(p) > 0 }); ok {
			if q, ok := s.neighbourWith(p, func(q int) bool { return s.isMine(q) && !s.isOpen(q) && s.mark(q) != markFlag }); ok {
				s.markTo(q, markFlag)
				return
			}
		}
		if p, ok := s.sample(false, func(p int) bool { return !s.isOpen(p) && s.mark(p) == markFlag }); ok && s.r.Intn(3) == 0 {
			s.markTo(p, markBlank)
			return
		}
		s.fallback(clickMark)
	case moveFlagWrong:
		if p, ok := s.sample(false, func(p int) bool { return !s.isMine(p) && s.closed(p) }); ok {
			s.markTo(p, markFlag)
		}
	case moveChordRight:
		p, ok := s.sample(true, func(p int) bool {
			if !s.isOpen(p) || s.num(p) == 0 { // a 0's neighbours opened with it
				return false
			}
			return s.each(p, func(q int) bool { return !s.isOpen(q) && !s.isMine(q) })
		})
		if !ok {
			s.fallback(clickChord)
			return
		}
		if s.field.allowed[clickMark] {
			s.each(p, func(q int) bool {
				want := markBlank
				switch {
				case s.isMine(q):
					want = markFlag
				case s.field.ask && s.r.Intn(3) == 0:
					want = markAsk
				}
				s.markTo(q, want)
				return false
			})
		}
		s.click(clickChord, p)
	case moveChordWrong:
		p, ok := s.sample(true, func(p int) bool { return s.isOpen(p) && s.num(p) > 0 })
		if !ok {
			return
		}
		safe, ok1 := s.neighbourWith(p, func(q int) bool { return !s.isOpen(q) && !s.isMine(q) })
		bare, ok2 := s.neighbourWith(p, func(q int) bool { return s.isMine(q) })
		if !ok1 || !ok2 {
			return
		}
		s.each(p, func(q int) bool {
			s.markTo(q, pick(s.isMine(q) && q != bare || q == safe, markFlag, markBlank))
			return false
		})
		s.click(clickChord, p)
	case moveChordZero:
		p, ok := s.sample(true, func(p int) bool { return s.isOpen(p) && s.num(p) == 0 })
		if !ok {
			return
		}
		if q, ok := s.neighbourWith(p, func(q int) bool { return !s.isOpen(q) && s.mark(q) == markFlag }); ok && s.field.ask {
			s.markTo(q, markAsk)
		}
		s.click(clickChord, p)
	case moveChordAny:
		if p, ok := s.sample(true, func(int) bool { return true }); ok && s.r.Intn(4) > 0 {
			s.click(clickChord, p)
		} else {
			s.click(clickChord, s.r.Intn(s.n*s.m))
		}
	case moveAsk:
		// Where a cascade will pass: a safe closed cell next to a closed 0, or a flag
		// that stopped a cascade.
		if p, ok := s.sample(false, func(p int) bool {
			if s.isOpen(p) || s.isMine(p) {
				return false
			}
			return s.each(p, func(q int) bool { return !s.isOpen(q) && !s.isMine(q) && s.num(q) == 0 })
		}); ok {
			s.markTo(p, markAsk)
		} else if p, ok := s.sample(false, func(p int) bool { return !s.isOpen(p) && s.mark(p) == markFlag }); ok {
			s.markTo(p, markAsk)
		}
	case moveCycle:
		p := s.r.Intn(s.n * s.m)
		for range 3 {
			s.click(clickMark, p)
		}
	case moveChordOver:
		p, ok := s.sample(true, func(p int) bool {
			return s.isOpen(p) && s.num(p) > 0 && s.each(p, func(q int) bool { return !s.isOpen(q) && !s.isMine(q) })
		})
		if !ok {
			s.fallback(clickChord)
			return
		}
		extra, _ := s.neighbourWith(p, func(q int) bool { return !s.isOpen(q) && !s.isMine(q) })
		s.each(p, func(q int) bool {
			s.markTo(q, pick(s.isMine(q) || q == extra, markFlag, markBlank))
			return false
		})
		s.click(clickChord, p)
		s.markTo(extra, markBlank) // no wrong flag left for a later DSweep to boom on
	case moveRepeat:
		if len(s.played) > 0 {
			c := s.played[s.r.Intn(len(s.played))]
			s.click(c.k, c.p)
		}
	}
}
