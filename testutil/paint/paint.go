// Package paint is a fifth game that lives only in tests: the proof that a game is one
// plug-in. Its whole definition — reference and judge, validator, generator, shrinker,
// fuzz decoding, test set, ruling, drawing and parser seeds — is this package's Parts,
// which a test file registers (games.Register(paint.Parts())); from there it runs through
// hunt, gen, validate, show, the fuzz seed corpus and the ruling check with no edit to any
// other non-test file. Its optimized judge carries one planted slip (Fast, when a test
// sets SlipVariable), which a hunt must find and minimize.
//
// The game: a grid of Rows x Cols cells, all blank, and a list of operations. "P r c"
// paints cell (r, c) if it is blank and blanks it if it is painted, and answers "on" or
// "off"; "C r" answers how many cells of row r are painted. A cell or row outside the grid
// is answered "outside" and changes nothing (ruling R-P1, the game's one reading a
// solution can get wrong).
//
// Input: "R C" (1 ≤ R, C ≤ 20), then "Q" (0 ≤ Q ≤ 200), then Q operations, one per line,
// with coordinates in -99..99.
//
// Sample: "2 2 / 3 / P 1 2 / C 1 / C 2" is answered "on / 1 / 0".
package paint

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/leanovate/gopter"

	"gamediff/coverage"
	"gamediff/engine"
	"gamediff/games"
	"gamediff/gen"
	"gamediff/picture"
	"gamediff/ruling"
	"gamediff/testcase"
)

// corpusFiles holds the game's hand-made cases.
//
//go:embed corpus/*.in corpus/*.ans corpus/*.err
var corpusFiles embed.FS

// handMade is the game's hand-made cases, its folder corpus/.
func handMade() fs.FS {
	sub, err := fs.Sub(corpusFiles, "corpus")
	if err != nil {
		panic(err)
	}
	return sub
}

// The statement's limits.
const (
	maxSide  = 20
	maxOps   = 200
	maxCoord = 99
)

// Parts is the game's registration: every part a game has.
func Parts() games.Parts[Case] {
	return games.Parts[Case]{
		Name:      "paint",
		Doc:       "testutil/paint/paint.go",
		HandMade:  handMade(),
		TimeLimit: time.Second,
		Ref:       Ref,
		Fast:      Fast,
		Decode:    Decode,
		Gen:       Gen,
		Shrink:    Shrink,
		FromBytes: FromBytes,
		Plan:      Plan,
		Rulings:   Rulings,
		Reached:   Reached,
		// A catalogue of three situations, and an aim: a plug-in game steers too.
		Situations: func() []coverage.Situation { return situations },
		Reach:      Reach,
		Aim:        Aim,
		Drawing:    picture.Simple("paint", trace, known, []picture.Glyph{{Char: '.', Means: "blank"}, {Char: '#', Means: "painted"}}),
		ParserSeeds: []string{
			"1000000000 1\n",
			"1 1\n1\nP 1 99999999999999999999\n",
		},
	}
}

// Op is one operation: Kind 'P' (paint) or 'C' (count); Col is 0 for a count.
type Op struct {
	Kind     byte
	Row, Col int
}

// Case is one input.
type Case struct {
	Rows, Cols int
	Ops        []Op
}

// Encode writes the input.
func (c Case) Encode() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d %d\n%d\n", c.Rows, c.Cols, len(c.Ops))
	for _, op := range c.Ops {
		b.WriteString(op.String() + "\n")
	}
	return b.Bytes()
}

// String is the operation as written.
func (op Op) String() string {
	if op.Kind == 'P' {
		return fmt.Sprintf("P %d %d", op.Row, op.Col)
	}
	return fmt.Sprintf("C %d", op.Row)
}

// Bounds lists the case's constrained quantities.
func (c Case) Bounds() []testcase.Bound {
	return []testcase.Bound{{Name: "R", Value: c.Rows, Lo: 1, Hi: maxSide}, {Name: "C", Value: c.Cols, Lo: 1, Hi: maxSide},
		{Name: "Q", Value: len(c.Ops), Lo: 0, Hi: maxOps}}
}

// Bytes is the case in FromBytes's format: R, C, then three bytes per operation.
func (c Case) Bytes() []byte {
	out := []byte{byte(c.Rows - 1), byte(c.Cols - 1)}
	for _, op := range c.Ops {
		out = append(out, op.Kind, byte(op.Row+maxCoord), byte(op.Col+maxCoord))
	}
	return out
}

// FromBytes decodes any bytes into a valid case.
func FromBytes(data []byte) Case {
	at := func(i int) int {
		if i < len(data) {
			return int(data[i])
		}
		return 0
	}
	c := Case{Rows: at(0)%maxSide + 1, Cols: at(1)%maxSide + 1}
	for i := 2; i+2 < len(data) && len(c.Ops) < maxOps; i += 3 {
		op := Op{Kind: 'P', Row: at(i+1)%(2*maxCoord+1) - maxCoord, Col: at(i+2)%(2*maxCoord+1) - maxCoord}
		if data[i]%2 == 1 {
			op.Kind, op.Col = 'C', 0
		}
		c.Ops = append(c.Ops, op)
	}
	return c
}

// inputError is an input that breaks the format, on a line.
type inputError struct {
	line int
	msg  string
}

func (e *inputError) Error() string  { return fmt.Sprintf("line %d: %s", e.line, e.msg) }
func (e *inputError) InputLine() int { return e.line }

// Decode is the strict validator: single spaces, canonical integers, every limit.
func Decode(input []byte) (Case, error) {
	lines := strings.Split(string(input), "\n")
	if len(lines) == 0 || lines[len(lines)-1] != "" {
		return Case{}, &inputError{len(lines), "the input must end with a line end"}
	}
	lines = lines[:len(lines)-1]
	numbers := func(i int, text, what string, n, lo, hi int) ([]int, error) {
		words := strings.Split(text, " ")
		if len(words) != n {
			return nil, &inputError{i + 1, fmt.Sprintf("expected %s (%d numbers)", what, n)}
		}
		out := make([]int, n)
		for k, w := range words {
			v, err := strconv.Atoi(w)
			if err != nil || strconv.Itoa(v) != w || v < lo || v > hi {
				return nil, &inputError{i + 1, fmt.Sprintf("expected %s, numbers in %d..%d", what, lo, hi)}
			}
			out[k] = v
		}
		return out, nil
	}
	line := func(i int, what string) (string, error) {
		if i >= len(lines) {
			return "", &inputError{i + 1, "expected " + what + ", found end of input"}
		}
		return lines[i], nil
	}
	text, err := line(0, "R C")
	if err != nil {
		return Case{}, err
	}
	size, err := numbers(0, text, "R C", 2, 1, maxSide)
	if err != nil {
		return Case{}, err
	}
	if text, err = line(1, "Q"); err != nil {
		return Case{}, err
	}
	q, err := numbers(1, text, "Q", 1, 0, maxOps)
	if err != nil {
		return Case{}, err
	}
	c := Case{Rows: size[0], Cols: size[1]}
	for i := 2; i < 2+q[0]; i++ {
		text, err := line(i, "an operation")
		if err != nil {
			return Case{}, err
		}
		kind, rest, _ := strings.Cut(text, " ")
		switch kind {
		case "P":
			v, err := numbers(i, rest, "P's row and column", 2, -maxCoord, maxCoord)
			if err != nil {
				return Case{}, err
			}
			c.Ops = append(c.Ops, Op{'P', v[0], v[1]})
		case "C":
			v, err := numbers(i, rest, "C's row", 1, -maxCoord, maxCoord)
			if err != nil {
				return Case{}, err
			}
			c.Ops = append(c.Ops, Op{Kind: 'C', Row: v[0]})
		default:
			return Case{}, &inputError{i + 1, "expected P or C"}
		}
	}
	if len(lines) > 2+q[0] {
		return Case{}, &inputError{3 + q[0], "expected the end of input after Q operations"}
	}
	return c, nil
}

// play is the game as ref plays it, reporting each step (for the pictures) and writing
// the answers to w: the naive reading of the statement, sentence by sentence.
func play(input []byte, w io.Writer, visit func(*picture.Step)) error {
	c, err := Decode(input)
	if err != nil {
		return err
	}
	grid := make([][]bool, c.Rows+1)
	for i := range grid {
		grid[i] = make([]bool, c.Cols+1)
	}
	var out bytes.Buffer
	cell := func(r, col int) byte {
		if grid[r][col] {
			return '#'
		}
		return '.'
	}
	if visit != nil {
		visit(&picture.Step{Line: 1, Rows: c.Rows, Cols: c.Cols, Cell: cell})
	}
	inside := func(r, col int) bool { return r >= 1 && r <= c.Rows && col >= 1 && col <= c.Cols }
	for i, op := range c.Ops {
		step := &picture.Step{Line: 3 + i, Rows: c.Rows, Cols: c.Cols, Cell: cell}
		switch {
		case op.Kind == 'P' && inside(op.Row, op.Col):
			// "P r c paints cell (r, c) if it is blank and blanks it if it is painted".
			grid[op.Row][op.Col] = !grid[op.Row][op.Col]
			out.WriteString(map[bool]string{true: "on", false: "off"}[grid[op.Row][op.Col]] + "\n")
			step.Op, step.Kind, step.Focus = op.String(), "paint", [][2]int{{op.Row, op.Col}}
		case op.Kind == 'C' && inside(op.Row, 1):
			// "C r answers how many cells of row r are painted".
			n := 0
			for col := 1; col <= c.Cols; col++ {
				if grid[op.Row][col] {
					n++
				}
			}
			fmt.Fprintf(&out, "%d\n", n)
			step.Op, step.Kind, step.Focus = op.String(), "count", [][2]int{{op.Row, 1}}
		default:
			// R-P1: "a cell or row outside the grid is answered outside and changes nothing".
			out.WriteString("outside\n")
			step.Op, step.Kind = op.String(), "outside"
		}
		if visit != nil {
			step.Output = out.Bytes()
			visit(step)
		}
	}
	_, err = w.Write(out.Bytes())
	return err
}

// Ref is the reference judge.
func Ref(input []byte, w io.Writer) error { return play(input, w, nil) }

func trace(input []byte, visit func(*picture.Step)) ([]byte, error) {
	var out bytes.Buffer
	err := play(input, &out, visit)
	return out.Bytes(), err
}

// SlipVariable is the environment variable that plants Fast's slip when it is "1": a
// hunt's workers inherit it, and the tests that hunt every registered game find nothing.
const SlipVariable = "GAMEDIFF_PAINT_SLIP"

// Fast is the optimized judge: a count per row kept as cells are painted. Its planted
// slip, with SlipVariable set: painting the last cell of the last row does not count it.
func Fast(input []byte, w io.Writer) error {
	slip := os.Getenv(SlipVariable) == "1"
	c, err := Decode(input)
	if err != nil {
		return err
	}
	painted := make([]uint32, c.Rows+1)
	count := make([]int, c.Rows+1)
	var out []byte
	for _, op := range c.Ops {
		if op.Row < 1 || op.Row > c.Rows || op.Kind == 'P' && (op.Col < 1 || op.Col > c.Cols) {
			out = append(out, "outside\n"...)
			continue
		}
		if op.Kind == 'C' {
			out = strconv.AppendInt(out, int64(count[op.Row]), 10)
			out = append(out, '\n')
			continue
		}
		bit := uint32(1) << op.Col
		painted[op.Row] ^= bit
		delta := 1
		if painted[op.Row]&bit == 0 {
			out, delta = append(out, "off\n"...), -1
		} else {
			out = append(out, "on\n"...)
		}
		if !slip || op.Row != c.Rows || op.Col != c.Cols {
			count[op.Row] += delta
		}
	}
	_, err = w.Write(out)
	return err
}

// Rulings is the game's one ruling a solution can read differently.
func Rulings() []ruling.Ruling {
	return []ruling.Ruling{{ID: "R-P1", Situation: "an operation names a cell or row outside the grid"}}
}

// Reached is the rulings a valid input reaches.
func Reached(input []byte) ruling.Set {
	c, err := Decode(input)
	if err != nil {
		return 0
	}
	for _, op := range c.Ops {
		if op.Row < 1 || op.Row > c.Rows || op.Kind == 'P' && (op.Col < 1 || op.Col > c.Cols) {
			return 1
		}
	}
	return 0
}

var situations = []coverage.Situation{
	{ID: "paint", Kind: coverage.Branch, Doc: "docs/rules.md", What: "a P operation"},
	{ID: "count", Kind: coverage.Branch, Doc: "docs/rules.md", What: "a C operation"},
	{ID: "grid-1x1", Kind: coverage.Boundary, Doc: "docs/rules.md", What: "a grid of one cell"},
}

// Reach is what a valid input reaches of the catalogue.
func Reach(input []byte) coverage.Set {
	var r coverage.Set
	c, err := Decode(input)
	if err != nil {
		return r
	}
	for _, op := range c.Ops {
		r.Add(map[byte]int{'P': 0, 'C': 1}[op.Kind])
	}
	if c.Rows == 1 && c.Cols == 1 {
		r.Add(2)
	}
	return r
}

// Aim generates grids of one cell for grid-1x1, which one random case in 16 reaches.
func Aim(skip *gen.Skip, id string) gopter.Gen {
	if id != "grid-1x1" {
		return nil
	}
	return sized(1, 4, skip)
}

// known names the answers by their form.
func known(text []byte) (string, bool) {
	switch s := string(text); {
	case s == "on" || s == "off" || s == "outside":
		return s, true
	case s != "" && strings.Trim(s, "0123456789") == "":
		return "N", true
	}
	return "", false
}

// draw makes a case of at most side x side cells and ops operations.
func draw(r *rand.Rand, side, ops int, skip *gen.Skip) Case {
	return gen.Redraw(skip, Rulings(), func() Case {
		c := Case{Rows: 1 + r.Intn(side), Cols: 1 + r.Intn(side)}
		for range r.Intn(ops + 1) {
			op := Op{Kind: 'P', Row: 1 + r.Intn(c.Rows), Col: 1 + r.Intn(c.Cols)}
			if r.Intn(3) == 0 {
				op.Kind, op.Col = 'C', 0
			}
			if r.Intn(20) == 0 {
				op.Row = c.Rows + 1
			}
			c.Ops = append(c.Ops, op)
		}
		return c
	}, func(c Case) ruling.Set { return Reached(c.Encode()) })
}

// sized is the generator of cases within side and ops.
func sized(side, ops int, skip *gen.Skip) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(draw(p.Rng, side, ops, skip), Shrink)
	}
}

// Gen is the hunt's generator: small grids, where the slip is common.
func Gen(skip *gen.Skip) gopter.Gen { return sized(4, 12, skip) }

// Plan is the game's test set: a small test, and one at every limit.
func Plan() []gen.PlanTest {
	return []gen.PlanTest{
		{Call: "paint small", Gen: sized(3, 8, nil)},
		{Call: "paint max", Gen: func(p *gopter.GenParameters) *gopter.GenResult {
			c := draw(p.Rng, maxSide, maxOps, nil)
			c.Rows, c.Cols = maxSide, maxSide
			for len(c.Ops) < maxOps {
				c.Ops = append(c.Ops, Op{Kind: 'P', Row: 1 + p.Rng.Intn(maxSide), Col: 1 + p.Rng.Intn(maxSide)})
			}
			return gopter.NewGenResult(c, Shrink)
		}},
	}
}

// Shrink yields smaller cases: halves of the operations, then each operation left out,
// then a row or column fewer.
func Shrink(v any) gopter.Shrink {
	c := v.(Case)
	var next []Case
	for n := len(c.Ops) / 2; n >= 1; n /= 2 {
		for at := 0; at+n <= len(c.Ops); at += n {
			next = append(next, Case{c.Rows, c.Cols, append(append([]Op{}, c.Ops[:at]...), c.Ops[at+n:]...)})
		}
	}
	if c.Rows > 1 {
		next = append(next, Case{c.Rows - 1, c.Cols, c.Ops})
	}
	if c.Cols > 1 {
		next = append(next, Case{c.Rows, c.Cols - 1, c.Ops})
	}
	return func() (any, bool) {
		if len(next) == 0 {
			return nil, false
		}
		v := next[0]
		next = next[1:]
		return v, true
	}
}

var _ engine.Case = Case{}
