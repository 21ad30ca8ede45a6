// Command tower is a contestant's solution of "The Tower" (seed 001), right as written
// against the rulebook (docs/tower.md, R-T1 … R-T18). -bug NAME plants one
// realistic bug, so that the tests of diff hunt -cmd can prove each kind of wrong solution
// is caught.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// bugs are the slips -bug can plant, each the kind a contestant makes.
var bugs = map[string]string{
	"chain-nearest-first":  "a pushed chain slides nearest block first, so only the farthest can slide",
	"ice-no-slide-level1":  "ice slides only on a block, not on the floor of level 1",
	"getdown-through-side": "GETDOWN checks the cell below-right (left) but not the one at the side",
	"pull-c":               "PULL forgets that a C block cannot be pulled",
	"fragile-push":         "a valid PUSH counts down the fragile block under the player",
	"levels-49":            "the tower's levels kept in an array one short (m, n < 50 read for ≤ 50): a tower 50 levels high overruns it",
	"row-tab":              "the cell reader skips spaces, line ends, \\v and \\f but not tabs: a tab between a row's characters is read as a cell",
	"fall-top-level":       "blocks fall from levels 2 to n-1: a block on the top level never falls",
	"crush-on-entry":       "a block that stops in the player's cell kills him at once, though he falls away from it in a later round",
}

var results = [...]string{"", "Cleared", "Death by Hole", "Death by Block", "Death by Walking Goal", "Gave Up"}

const (
	running = iota
	cleared
	hole
	crushed
	walkingGoal
	gaveUp
)

// maxSide bounds n and m; the grid has a border of empty cells around the tower.
const maxSide = 50

var (
	bug    string
	n, m   int
	grid   [maxSide + 2][maxSide + 2]byte // grid[level][column], '.' empty; the player is not in it
	pl, pc int                            // the player's level and column
	struck bool                           // crush-on-entry: a block stopped in his cell during the automatic steps
	gl, gc int                            // the goal's initial cell
)

func main() {
	bugName := flag.String("bug", "", "plant this bug: "+names(bugs))
	flag.Parse()
	if _, ok := bugs[*bugName]; *bugName != "" && !ok {
		fmt.Fprintf(os.Stderr, "tower: unknown -bug %q\n", *bugName)
		os.Exit(2)
	}
	bug = *bugName
	in := &reader{r: bufio.NewReaderSize(os.Stdin, 1<<16)}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for {
		n, m = in.int(), in.int()
		if n == 0 && m == 0 {
			return
		}
		load(in)
		struck = false
		state := check() // R-T3: on the layout as given, no automatic step first
		t := in.int()
		for i := 0; i < t; i++ {
			cmd := in.word()
			arg := in.word() // MOVETO's column or the direction
			if state != running {
				continue // read and ignored (R-T5)
			}
			act(cmd, arg)
			if state = check(); state != running {
				continue
			}
			settle()
			state = check()
		}
		if state == running {
			state = gaveUp
		}
		out.WriteString("Game Over : " + results[state] + "\n")
	}
}

// load reads the n rows, top level first; each is the next m non-blank characters.
func load(in *reader) {
	for l := range grid {
		for c := range grid[l] {
			grid[l][c] = '.'
		}
	}
	levels := grid[:]
	if bug == "levels-49" {
		levels = grid[:maxSide] // levels 0 to 49: level 50 is past its end
	}
	for l := n; l >= 1; l-- {
		for c := 1; c <= m; c++ {
			ch := in.cell()
			switch ch {
			case 'S':
				pl, pc, ch = l, c, '.'
			case 'G':
				gl, gc = l, c
			}
			levels[l][c] = ch
		}
	}
}

func at(l, c int) byte {
	if l < 1 || l > n || c < 1 || c > m {
		return '.'
	}
	return grid[l][c]
}

func block(l, c int) bool { return at(l, c) != '.' }

func inside(c int) bool { return c >= 1 && c <= m }

// act carries out one command if it is valid (R-T6 … R-T12); an invalid one changes nothing.
func act(cmd, arg string) {
	d := 1
	if arg == "LEFT" {
		d = -1
	}
	ol, oc := pl, pc
	switch cmd {
	case "MOVETO":
		s, err := strconv.Atoi(arg)
		if err != nil || !inside(s) || s == pc || block(pl, s) {
			return
		}
		if pl > 1 {
			for c := min(pc, s); c <= max(pc, s); c++ {
				if !block(pl-1, c) {
					return
				}
			}
		}
		pc = s
	case "CLIMB":
		if pl >= n || !inside(pc+d) || !block(pl, pc+d) || block(pl+1, pc) || block(pl+1, pc+d) {
			return
		}
		pl, pc = pl+1, pc+d
	case "GETDOWN":
		if pl < 2 || !inside(pc+d) || block(pl-1, pc+d) || block(pl, pc+d) && bug != "getdown-through-side" {
			return
		}
		pl, pc = pl-1, pc+d
	case "PUSH":
		if !push(d) || bug != "fragile-push" {
			return
		}
	case "PULL":
		// PULL RIGHT pulls the block on the left toward the right.
		b := at(pl, pc-d)
		if b == '.' || b == 'C' && bug != "pull-c" || !inside(pc+d) || block(pl, pc+d) {
			return
		}
		grid[pl][pc-d], grid[pl][pc] = '.', b
		pc += d
	default:
		return
	}
	// R-T12: leaving a fragile block by a command counts it down once.
	if ol > 1 {
		switch grid[ol-1][oc] {
		case '3', '2':
			grid[ol-1][oc]--
		case '1':
			grid[ol-1][oc] = '.'
		}
	}
}

// push pushes the chain beside the player in direction d (R-T9, R-T10); false if invalid.
func push(d int) bool {
	end := pc + d
	for inside(end) && block(pl, end) {
		if grid[pl][end] == 'C' {
			return false
		}
		end += d
	}
	if end == pc+d {
		return false
	}
	// Every block of the chain moves one cell, farthest first; the one at the side leaves.
	for c := end - d; c != pc; c -= d {
		if inside(c + d) {
			grid[pl][c+d] = grid[pl][c]
		}
		grid[pl][c] = '.'
	}
	// Then each slides, farthest first, so that a nearer one stops against it.
	first, last, step := end, pc+d, -d
	if bug == "chain-nearest-first" {
		first, last, step = pc+2*d, end+d, d
	}
	for c := first; c != last; c += step {
		if inside(c) && block(pl, c) {
			slide(pl, c, d)
		}
	}
	return true
}

func slide(l, c, d int) {
	for {
		b := grid[l][c]
		onIce := l > 1 && grid[l-1][c] == 'I'
		iceHeld := b == 'I' && (l == 1 && bug != "ice-no-slide-level1" || l > 1 && grid[l-1][c] != '.')
		if !onIce && !iceHeld || block(l, c+d) {
			return
		}
		grid[l][c] = '.'
		c += d
		if !inside(c) {
			return // slid out of the tower
		}
		grid[l][c] = b
	}
}

// settle runs the automatic rounds (R-T13) until one changes nothing.
func settle() {
	for changed := true; changed; {
		changed = false
		// R-T14: blocks on a B vanish, all found first.
		var gone [][2]int
		for l := 2; l <= n; l++ {
			for c := 1; c <= m; c++ {
				if grid[l][c] != '.' && grid[l-1][c] == 'B' {
					gone = append(gone, [2]int{l, c})
				}
			}
		}
		for _, g := range gone {
			grid[g[0]][g[1]] = '.'
			changed = true
		}
		// R-T15: the player falls.
		for pl > 1 && grid[pl-1][pc] == '.' {
			pl--
			changed = true
		}
		// R-T16: blocks fall, bottom level first, left to right.
		top := n
		if bug == "fall-top-level" {
			top = n - 1
		}
		for l := 2; l <= top; l++ {
			for c := 1; c <= m; c++ {
				if grid[l][c] == '.' {
					continue
				}
				k := l
				for k > 1 && !block(k-1, c-1) && !block(k-1, c) && !block(k-1, c+1) {
					k--
				}
				if k != l {
					grid[k][c], grid[l][c] = grid[l][c], '.'
					changed = true
					struck = struck || bug == "crush-on-entry" && k == pl && c == pc
				}
			}
		}
	}
}

// check tests the game-over conditions (A) … (D) in order (R-T18).
func check() int {
	switch {
	case pl > 1 && grid[pl-1][pc] == 'G':
		return cleared
	case pl > 1 && grid[pl-1][pc] == 'B':
		return hole
	case grid[pl][pc] != '.' || struck:
		return crushed
	case grid[gl][gc] != 'G':
		return walkingGoal
	}
	return running
}

// reader reads whitespace-separated tokens, as scanf does.
type reader struct{ r *bufio.Reader }

func (in *reader) char() byte {
	c, err := in.r.ReadByte()
	for err == nil && c <= ' ' {
		c, err = in.r.ReadByte()
	}
	return c
}

// cell reads a cell of the tower: the next character that is not whitespace.
func (in *reader) cell() byte {
	c, err := in.r.ReadByte()
	for err == nil && c <= ' ' && !(bug == "row-tab" && c == '\t') {
		c, err = in.r.ReadByte()
	}
	return c
}

func (in *reader) word() string {
	var b []byte
	for c := in.char(); c > ' '; c, _ = in.r.ReadByte() {
		b = append(b, c)
	}
	return string(b)
}

func (in *reader) int() int {
	v, _ := strconv.Atoi(in.word())
	return v
}

// names lists the keys of m, sorted, for the usage message.
func names(m map[string]string) string {
	list := make([]string, 0, len(m))
	for name := range m {
		list = append(list, name)
	}
	slices.Sort(list)
	return strings.Join(list, ", ")
}
