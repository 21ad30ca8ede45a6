package picture

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gamediff/internal/quote"
	"gamediff/ref"
	"gamediff/testutil/golden"
)

// refs are the reference judges, for the expected outputs the tests alter.
var refs = map[string]func([]byte, io.Writer) error{
	"mine": ref.Mine, "boom": ref.Boom, "tower": ref.Tower, "datamining": ref.Datamining,
}

// refOutput is the reference's output for input.
func refOutput(t testing.TB, game, input string) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := refs[game]([]byte(input), &out); err != nil {
		t.Fatalf("%s: the reference rejects the test input: %v", game, err)
	}
	return out.Bytes()
}

// edit is a change a buggy judge makes to the reference's output, on its lines.
type edit func(lines []string) []string

// replaceLine puts s in place of line n (from 1).
func replaceLine(n int, s string) edit {
	return func(l []string) []string { l[n-1] = s; return l }
}

// dropLine removes line n.
func dropLine(n int) edit {
	return func(l []string) []string { return slices.Delete(l, n-1, n) }
}

// stopBefore keeps the lines before line n: the judge stops early.
func stopBefore(n int) edit {
	return func(l []string) []string { return l[:n-1] }
}

// appendLine adds a line at the end: the judge goes on.
func appendLine(s string) edit {
	return func(l []string) []string { return append(l, s) }
}

func applyEdits(out []byte, edits []edit) []byte {
	l := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	for _, e := range edits {
		l = e(l)
	}
	if len(l) == 0 {
		return nil
	}
	return []byte(strings.Join(l, "\n") + "\n")
}

// Inputs of the Explain cases, with the reference's outputs worked out by hand.
const (
	// 6 cell(s) detected / 1 1 0 / 1 2 1 / 2 1 0 / 2 2 1 / 3 1 0 / 3 2 1 / give up / total step 1
	mineA = "3 3\n...\n..*\n...\nSweep 1 1\nQuit\n"
	// 6 cell(s) detected / 1 1 0 / 1 2 0 / 1 3 1 / 2 1 0 / 2 2 0 / 2 3 1 / give up / total step 1
	// ((1,4) stays covered: no 0 touches it)
	mineB = "2 4\n....\n...*\nSweep 1 1\nQuit\n"
	// 2 cell(s) detected / 1 1 0 / 1 2 1 / finish / total step 1
	mineC = "1 3\n..*\nSweep 1 1\nQuit\n"
	// success / 1 cell(s) detected / 1 1 3 / finish / total step 2
	mineD = "2 2\n.*\n**\nFlag 2 2\nSweep 1 1\nQuit\n"
	// The statement's sample 1 (corpus/mine/sample-1): line 17 of its output is "1 3 1",
	// the cell DSweep 1 2 (operation 10, input line 14) opens.
	mineSample = "3 3\n...\n..*\n...\nSweep 1 1\nDSweep 1 2\nFlag 1 3\nFlag 2 3\nDSweep 1 2\nSweep 1 3\nFlag 1 1\nDSweep 1 3\nFlag 1 3\nDSweep 1 2\nDSweep 1 2\nSweep 3 3\nQuit\n"

	// Mines (1,1) and (3,3). RUNNING: [<1, 2, 1>, <1, 3, 0>, <2, 2, 2>, <2, 3, 1>] /
	// RUNNING: [<1, 1, P>] / RUNNING: [<2, 1, 1>, <3, 1, 0>, <3, 2, 1>] / WIN
	boomA = "1\n3 3\n*__\n___\n__*\n1 1 3\n2 1 1\n1 3 1\n0\n"
	// QUIT / ========== / RUNNING: [<3, 3, P>] / RUNNING: [<1, 3, 1>] / QUIT
	boomB = "2\n3 3\n___\n_*_\n___\n0\n3 3\n**_\n___\n___\n2 3 3\n1 1 3\n0\n"

	// MOVETO 2 is valid (blocks under columns 1-2) and leaves the player on B: Death by Hole.
	towerA = "3 3\n...\nS..\n#BG\n1\nMOVETO 2\n0 0\n"
	// Dataset 1 gives up (T = 0); in dataset 2, MOVETO 3 leaves the player on B.
	towerB = "3 3\n...\nS..\n#.G\n0\n3 4\n....\n.S..\nG#B#\n1\nMOVETO 3\n0 0\n"

	// The statement's sample: answers 0, 5, 1, 0. Board 2 (line 5) has six safe cells, each
	// beside mines, so every start is stuck at once: the first start, (1,2), leaves the
	// other five covered. Board 1 is won from (1,1), the mines flagged.
	dataminingSample = "3 3\n...\n...\nMM.\n3 4\nM.M.\n.M.M\nM.M.\n7 5\n.....\n.....\nMMM..\nM.M..\nMMM..\n.....\n.....\n4 4\n...M\n....\n....\nM...\n0 0\n"
)

// explainCases are real wrong answers: the reference's output altered as real bugs alter
// it, with where Explain must place them, worked out by hand. Cases of one bug share a
// signature; different bugs have different signatures.
var explainCases = []struct {
	name, game, input string
	edits             []edit
	bug               string
	dataset, step     int
	line              int
	op                string
	differ, stepCells [][2]int // the MarkDiffer and MarkStep cells of Before
	signature         string
}{
	{
		name: "mine-missing-cell-3x3", game: "mine", input: mineA, bug: "a cascade forgets a cell",
		edits: []edit{replaceLine(1, "5 cell(s) detected"), dropLine(7)},
		step:  1, line: 5, op: "Sweep 1 1", differ: [][2]int{{3, 2}}, stepCells: [][2]int{{1, 1}},
		signature: `Sweep: want "K cell(s) detected", got "K cell(s) detected": got misses cells`,
	},
	{
		name: "mine-missing-cell-2x4", game: "mine", input: mineB, bug: "a cascade forgets a cell",
		edits: []edit{replaceLine(1, "5 cell(s) detected"), dropLine(7)},
		step:  1, line: 4, op: "Sweep 1 1", differ: [][2]int{{2, 3}}, stepCells: [][2]int{{1, 1}},
		signature: `Sweep: want "K cell(s) detected", got "K cell(s) detected": got misses cells`,
	},
	{
		name: "mine-wrong-number-3x3", game: "mine", input: mineA, bug: "a wrong number",
		edits: []edit{replaceLine(5, "2 2 3")},
		step:  1, line: 5, op: "Sweep 1 1", differ: [][2]int{{2, 2}}, stepCells: [][2]int{{1, 1}},
		signature: `Sweep: want "X Y C", got "X Y C": got shows another number`,
	},
	{
		name: "mine-wrong-number-2x4", game: "mine", input: mineB, bug: "a wrong number",
		edits: []edit{replaceLine(4, "1 3 2")},
		step:  1, line: 4, op: "Sweep 1 1", differ: [][2]int{{1, 3}}, stepCells: [][2]int{{1, 1}},
		signature: `Sweep: want "X Y C", got "X Y C": got shows another number`,
	},
	{
		name: "mine-wrong-number-dsweep", game: "mine", input: mineSample, bug: "a wrong number after DSweep",
		edits: []edit{replaceLine(17, "1 3 2")},
		step:  10, line: 14, op: "DSweep 1 2", differ: [][2]int{{1, 3}}, stepCells: [][2]int{{1, 2}},
		signature: `DSweep: want "X Y C", got "X Y C": got shows another number`,
	},
	{
		name: "mine-finish-missing-1x3", game: "mine", input: mineC, bug: "no finish check",
		edits: []edit{replaceLine(4, "give up")},
		step:  1, line: 3, op: "Sweep 1 1", stepCells: [][2]int{{1, 1}},
		signature: `Sweep: want "finish", got nothing`,
	},
	{
		name: "mine-finish-missing-2x2", game: "mine", input: mineD, bug: "no finish check",
		edits: []edit{replaceLine(4, "give up")},
		step:  2, line: 5, op: "Sweep 1 1", stepCells: [][2]int{{1, 1}},
		signature: `Sweep: want "finish", got nothing`,
	},
	{
		name: "mine-stops-early", game: "mine", input: mineA, bug: "stops before the end message",
		edits: []edit{stopBefore(8)},
		step:  2, line: 6, op: "Quit",
		signature: `Quit: want "give up", got end of output`,
	},
	{
		name: "mine-goes-on", game: "mine", input: mineA, bug: "writes the step count twice",
		edits: []edit{appendLine("total step 1")},
		step:  2, line: 6, op: "Quit",
		signature: `Quit: want end of output, got "total step N"`,
	},
	{
		name: "boom-win-too-early-A", game: "boom", input: boomA, bug: "WIN too early",
		edits:   []edit{replaceLine(3, "WIN"), replaceLine(4, "INVALID")},
		dataset: 1, step: 2, line: 7, op: "2 1 1", stepCells: [][2]int{{1, 1}},
		signature: `right click: want nothing, got "WIN"`,
	},
	{
		name: "boom-win-too-early-B", game: "boom", input: boomB, bug: "WIN too early",
		edits:   []edit{replaceLine(4, "WIN"), replaceLine(5, "INVALID")},
		dataset: 2, step: 1, line: 11, op: "2 3 3", stepCells: [][2]int{{3, 3}},
		signature: `right click: want nothing, got "WIN"`,
	},
	{
		name: "boom-missing-cell", game: "boom", input: boomA, bug: "a cascade forgets a cell",
		edits:   []edit{replaceLine(1, "RUNNING: [<1, 2, 1>, <1, 3, 0>, <2, 2, 2>]")},
		dataset: 1, step: 1, line: 6, op: "1 1 3", differ: [][2]int{{2, 3}}, stepCells: [][2]int{{1, 3}},
		signature: `left click: want "RUNNING: [...]", got "RUNNING: [...]": got misses cells`,
	},
	{
		name: "boom-missing-separator", game: "boom", input: boomB, bug: "no separator",
		edits:   []edit{dropLine(2)},
		dataset: 2, step: 0, line: 7,
		signature: `game start: want "==========", got nothing`,
	},
	{
		name: "tower-hole-as-cleared-A", game: "tower", input: towerA, bug: "Death by Hole read as Cleared",
		edits:   []edit{replaceLine(1, "Game Over : Cleared")},
		dataset: 1, step: 1, line: 6, op: "MOVETO 2", differ: [][2]int{{2, 1}}, stepCells: [][2]int{{2, 1}},
		signature: `want "Game Over : Death by Hole", got "Game Over : Cleared"`,
	},
	{
		name: "tower-hole-as-cleared-B", game: "tower", input: towerB, bug: "Death by Hole read as Cleared",
		edits:   []edit{replaceLine(2, "Game Over : Cleared")},
		dataset: 2, step: 1, line: 11, op: "MOVETO 3", differ: [][2]int{{2, 2}}, stepCells: [][2]int{{2, 2}},
		signature: `want "Game Over : Death by Hole", got "Game Over : Cleared"`,
	},
	{
		name: "tower-hole-as-gave-up", game: "tower", input: towerA, bug: "the hole not checked",
		edits:   []edit{replaceLine(1, "Game Over : Gave Up")},
		dataset: 1, step: 1, line: 6, op: "MOVETO 2", differ: [][2]int{{2, 1}}, stepCells: [][2]int{{2, 1}},
		signature: `want "Game Over : Death by Hole", got "Game Over : Gave Up"`,
	},
	{
		name: "tower-stops-early", game: "tower", input: towerB, bug: "a dataset without a result",
		edits:   []edit{stopBefore(2)},
		dataset: 2, step: 1, line: 11, op: "MOVETO 3", differ: [][2]int{{2, 2}}, stepCells: [][2]int{{2, 2}},
		signature: `want "Game Over : Death by Hole", got end of output`,
	},
	{
		name: "datamining-one-more-board-2", game: "datamining", input: dataminingSample, bug: "one more",
		edits:   []edit{replaceLine(2, "6")},
		dataset: 2, line: 5, differ: [][2]int{{1, 4}, {2, 1}, {2, 3}, {3, 2}, {3, 4}}, stepCells: [][2]int{{1, 2}},
		signature: "want N, got more",
	},
	{
		name: "datamining-one-more-board-1", game: "datamining", input: dataminingSample, bug: "one more",
		edits:   []edit{replaceLine(1, "1")},
		dataset: 1, line: 1, stepCells: [][2]int{{1, 1}},
		signature: "want N, got more",
	},
	{
		name: "datamining-one-fewer", game: "datamining", input: dataminingSample, bug: "one fewer",
		edits:   []edit{replaceLine(2, "4")},
		dataset: 2, line: 5, differ: [][2]int{{1, 4}, {2, 1}, {2, 3}, {3, 2}, {3, 4}}, stepCells: [][2]int{{1, 2}},
		signature: "want N, got fewer",
	},
}

// marked lists a board's marks of one kind, sorted.
func marked(b *Board, kind MarkKind) [][2]int {
	var cells [][2]int
	for _, m := range b.Marks {
		if m.Kind == kind && !slices.Contains(cells, [2]int{m.Row, m.Col}) {
			cells = append(cells, [2]int{m.Row, m.Col})
		}
	}
	return sortedCells(cells)
}

func TestExplainPlacesRealBugs(t *testing.T) {
	for _, c := range explainCases {
		t.Run(c.name, func(t *testing.T) {
			want := refOutput(t, c.game, c.input)
			got := applyEdits(want, c.edits)
			p, err := Explain(c.game, []byte(c.input), want, got)
			if err != nil {
				t.Fatal(err)
			}
			if p.Dataset != c.dataset || p.Step != c.step || p.Line != c.line || p.Op != c.op {
				t.Errorf("placed at dataset %d, step %d, line %d, op %q; want dataset %d, step %d, line %d, op %q",
					p.Dataset, p.Step, p.Line, p.Op, c.dataset, c.step, c.line, c.op)
			}
			if p.Signature != c.signature {
				t.Errorf("signature\n  %s\nwant\n  %s", p.Signature, c.signature)
			}
			if p.Before.Board == nil {
				t.Fatal("no board before the step")
			}
			if d := marked(p.Before.Board, MarkDiffer); !slices.Equal(d, sortedCells(c.differ)) {
				t.Errorf("cells marked as disputed %v, want %v", d, c.differ)
			}
			if s := marked(p.Before.Board, MarkStep); !slices.Equal(s, sortedCells(c.stepCells)) {
				t.Errorf("cells marked as the step's %v, want %v", s, c.stepCells)
			}
			if len(p.Frames) == 0 || p.Frames[len(p.Frames)-1].Step != c.step || p.Frames[len(p.Frames)-1].Dataset != c.dataset {
				t.Errorf("the frames near the divergence do not end with the step: %d frames", len(p.Frames))
			}
			golden.Check(t, filepath.Join("explain", c.name+".txt"), []byte(p.Text(false)))
		})
	}
}

func sortedCells(cells [][2]int) [][2]int {
	s := slices.Clone(cells)
	slices.SortFunc(s, func(a, b [2]int) int { return a[0]*10000 + a[1] - b[0]*10000 - b[1] })
	return s
}

// TestSignaturesNameTheBug: the cases of one bug, on different inputs (other coordinates,
// counts, datasets and steps), share their signature; different bugs do not.
func TestSignaturesNameTheBug(t *testing.T) {
	byBug := map[string][]string{}
	for _, c := range explainCases {
		want := refOutput(t, c.game, c.input)
		p, err := Explain(c.game, []byte(c.input), want, applyEdits(want, c.edits))
		if err != nil {
			t.Fatal(err)
		}
		byBug[c.game+": "+c.bug] = append(byBug[c.game+": "+c.bug], p.Signature)
	}
	seen := map[string]string{}
	twice := 0
	for bug, sigs := range byBug {
		if len(sigs) > 1 {
			twice++
		}
		for _, s := range sigs[1:] {
			if s != sigs[0] {
				t.Errorf("%s: one bug, two signatures: %q and %q", bug, sigs[0], s)
			}
		}
		if other, dup := seen[sigs[0]]; dup {
			t.Errorf("bugs %q and %q share the signature %q", bug, other, sigs[0])
		}
		seen[sigs[0]] = bug
	}
	if twice < 6 {
		t.Errorf("only %d bugs are shown on two inputs; the table must show each game's", twice)
	}
}

func TestExplainTextInColour(t *testing.T) {
	c := explainCases[4] // mine-wrong-number-dsweep
	want := refOutput(t, c.game, c.input)
	p, err := Explain(c.game, []byte(c.input), want, applyEdits(want, c.edits))
	if err != nil {
		t.Fatal(err)
	}
	text := p.Text(true)
	if !strings.Contains(text, "\x1b["+ansiDiffer+"m[_]\x1b[0m") || !strings.Contains(text, "\x1b["+ansiStep+"m(1)\x1b[0m") {
		t.Errorf("the colour picture does not colour the marks:\n%q", text)
	}
	if plain := p.Text(false); strings.Contains(plain, "\x1b") {
		t.Errorf("the plain picture holds escape codes:\n%q", plain)
	}
	golden.Check(t, "explain/colour.txt", []byte(text))
}

func TestExplainRefusesWhatItCannotExplain(t *testing.T) {
	out := refOutput(t, "mine", mineA)
	for _, c := range []struct {
		name, game string
		want, got  []byte
	}{
		{"same answers", "mine", out, out},
	} {
		if _, err := Explain(c.game, []byte(mineA), c.want, c.got); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

// TestExplainMalformedGot: whatever got is, Explain neither panics nor blows up, and what
// it quotes of got is short and escaped.
func TestExplainMalformedGot(t *testing.T) {
	huge := bytes.Repeat([]byte("x"), 500<<10)
	inputs := map[string]string{"mine": mineSample, "boom": boomB, "tower": towerB, "datamining": dataminingSample}
	for game, input := range inputs {
		want := refOutput(t, game, input)
		half := want[:len(want)/2]
		for _, c := range []struct {
			name string
			got  []byte
		}{
			{"empty", nil},
			{"binary", []byte("\x00\xff\xfe\x01garbage\x1b[31m\n\x00")},
			{"a 500 KB line", huge},
			{"half then a 500 KB line", append(slices.Clone(half), huge...)},
			{"half then invalid UTF-8", append(slices.Clone(half), bytes.Repeat([]byte{0xff, 0xc3}, 4000)...)},
			{"a huge count", []byte("99999999999999999999999 cell(s) detected\n1 1 1\n")},
			{"a RUNNING list of 500 KB", append([]byte("RUNNING: ["), bytes.Repeat([]byte("<1, 1, 1>, "), 50000)...)},
			{"markup", append(slices.Clone(half), "<script>alert(1)</script>\n"...)},
		} {
			p, err := Explain(game, []byte(input), want, c.got)
			if err != nil {
				t.Errorf("%s, %s: %v", game, c.name, err)
				continue
			}
			text := p.Text(false)
			if len(text) > 8<<10 {
				t.Errorf("%s, %s: a picture of %d bytes", game, c.name, len(text))
			}
			for _, l := range append(slices.Clone(p.Got.Lines), p.Want.Lines...) {
				if len(l) > 4*quote.Max+40 || strings.ContainsAny(l, "\x00\x1b\n") {
					t.Errorf("%s, %s: an answer line not clipped: %q", game, c.name, l)
				}
			}
			if len(p.Signature) > 200 || strings.ContainsAny(p.Signature, "\x00\x1b\n") {
				t.Errorf("%s, %s: signature %q", game, c.name, p.Signature)
			}
			if size := figuresSize(p); size > 256<<10 {
				t.Errorf("%s, %s: figures of %d bytes", game, c.name, size)
			}
		}
	}
}

// TestExplainBigBoard: on a 1000 x 1000 board with 60000 operations, the picture is a
// window around the disputed cell, and says so.
func TestExplainBigBoard(t *testing.T) {
	input := bigMine()
	want := refOutput(t, "mine", string(input))
	// Operation 45000 sweeps (90, 1000): its cell line is output line 90000, "90 1000 4"
	// (mines on rows 89 and 91, none beyond column 1000).
	got := applyEdits(want, []edit{replaceLine(90000, "90 1000 5")})
	p, err := Explain("mine", input, want, got)
	if err != nil {
		t.Fatal(err)
	}
	if p.Step != 45000 || p.Op != "Sweep 90 1000" || p.Line != 45001+1000 {
		t.Errorf("placed at step %d (%s, line %d)", p.Step, p.Op, p.Line)
	}
	b := p.Before.Board
	if b == nil || b.Window() != "rows 71-110 of 1000, columns 961-1000 of 1000" {
		t.Fatalf("window %q", b.Window())
	}
	if d := marked(b, MarkDiffer); !slices.Equal(d, [][2]int{{90, 1000}}) {
		t.Errorf("disputed %v", d)
	}
	if !strings.Contains(p.Text(false), "(rows 71-110 of 1000, columns 961-1000 of 1000)") {
		t.Errorf("the picture does not say which window it shows:\n%s", p.Text(false))
	}
	if len(p.Frames) > 2*(nearSteps+1) {
		t.Errorf("%d frames near the divergence", len(p.Frames))
	}
	for _, f := range p.Frames {
		if f.Board == nil || len(f.Board.Cells) != maxRows || len(f.Board.Cells[0]) != maxCols {
			t.Errorf("frame %d is not a %dx%d window", f.Step, maxRows, maxCols)
		}
	}
}

// bigMine is a 1000 x 1000 board with mines on the odd rows and 60000 operations: 59999
// Sweeps of distinct cells of the even rows, row by row (each opens one cell), then Quit.
func bigMine() []byte {
	var b bytes.Buffer
	b.WriteString("1000 1000\n")
	mines, safe := strings.Repeat("*", 1000)+"\n", strings.Repeat(".", 1000)+"\n"
	for r := 1; r <= 1000; r++ {
		if r%2 == 1 {
			b.WriteString(mines)
		} else {
			b.WriteString(safe)
		}
	}
	for j := range 59999 {
		fmt.Fprintf(&b, "Sweep %d %d\n", 2*(j/1000%500)+2, j%1000+1)
	}
	b.WriteString("Quit\n")
	return b.Bytes()
}

// TestExplainEdges: a want that is not the reference's output, an input error, an input
// the reference plays no step of.
func TestExplainEdges(t *testing.T) {
	sampleOut := refOutput(t, "mine", mineSample)
	errorInput := "3 3\n...\n..*\n...\nSweep 1 1\nDSweep 2 9\n" // the column is outside the board
	var errorOut bytes.Buffer
	if err := ref.Mine([]byte(errorInput), &errorOut); err == nil {
		t.Fatal("the reference accepts the broken input")
	}
	for _, c := range []struct {
		name, game, input string
		want, got         []byte
		step              int
		signature, note   string
	}{
		{
			name: "want is a stale answer", game: "mine", input: mineSample,
			want: bytes.Replace(sampleOut, []byte("finish"), []byte("FINISH"), 1), got: sampleOut,
			step: 12, signature: `Sweep: want "FINISH", got "finish"`, note: "want is not the reference's output (they differ from output line 21 on)",
		},
		{
			name: "got goes on after an input error", game: "mine", input: errorInput,
			want: errorOut.Bytes(), got: append(bytes.Clone(errorOut.Bytes()), "failed\n"...),
			step: 1, signature: `Sweep: want end of output, got "failed"`, note: "the reference stops: line 6: ",
		},
		{
			name: "no step at all", game: "tower", input: "",
			want: nil, got: []byte("Game Over : Cleared\n"),
			signature: `want end of output, got "Game Over : Cleared"`, note: "the reference plays no step of this input",
		},
	} {
		p, err := Explain(c.game, []byte(c.input), c.want, c.got)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		hasNote := false
		for _, n := range p.Notes {
			hasNote = hasNote || strings.HasPrefix(n, c.note)
		}
		if p.Step != c.step || p.Signature != c.signature || !hasNote {
			t.Errorf("%s: step %d, signature %q, notes %q; want %d, %q, a note %q", c.name, p.Step, p.Signature, p.Notes, c.step, c.signature, c.note)
		}
		_ = p.Text(false)
	}
}

// figuresSize is the size of a parting's figures, as a page holds them: their SVG and the
// output lines they show.
func figuresSize(p Parting) int {
	n := 0
	for _, f := range p.Figures(false) {
		n += len(f.SVG) + len(f.Caption)
		for _, l := range f.Output {
			n += len(l)
		}
	}
	return n
}
