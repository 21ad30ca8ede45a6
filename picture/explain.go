package picture

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Parting is where two answers to one input first differ, in the game's terms: the step
// whose answers differ, the two answers, the state just before the step with the cells
// they disagree about marked, and a signature naming the kind of difference.
type Parting struct {
	Game       string
	drawing    *Drawing
	Dataset    int    // the game (boom), dataset (tower) or board (datamining), from 1; 0 for mine
	Step       int    // the operation or command in it, from 1; 0 for its start, and for a datamining board
	Line       int    // the input line of the step; 0 when the answers part before any step
	Op         string // the step as written: "Sweep 3 4", "1 2 3", "PUSH RIGHT"
	Kind       string // the step in the game's terms: "Sweep", "left click", "PUSH", "end of commands"
	OutputLine int    // the first line of the output where want and got differ, from 1
	Want, Got  Answer // the answers to the step
	// Before is the state just before the step (for a start, and for a datamining board, the
	// state the step shows), with MarkStep on the step's cell and MarkDiffer on the cells
	// the answers disagree about.
	Before Frame
	// Frames are the moments near the divergence, a few steps before it and the step
	// itself last, in one window of the board.
	Frames []Frame
	// Pictured says which steps Frames holds when it leaves out some before the divergence:
	// "operations 6-10 of 12 (0 is the start)".
	Pictured string
	// Signature describes the difference in the game's terms, without coordinates, counts,
	// dataset or step numbers: two inputs that show one bug have one signature.
	Signature string
	Notes     []string
	// Self and File are how the commands a picture prints run gamediff and name the case:
	// "./gamediff" and the saved file; "gamediff" and "CASE.in" when empty.
	Self, File string
}

// Where names the step whose answers differ, with its input line: "operation 3: Sweep 2
// 2 (input line 6)".
func (p Parting) Where() string {
	return wordsOf(p.drawing).stepName(p.Dataset, p.Step, "", p.Op, p.Kind) + lineNote(p.Line)
}

// Answer is an excerpt of one side's answer to the step where the answers part.
type Answer struct {
	Lines  []string // the excerpt, each line clipped for display (escaped and cut when not plain text)
	From   int      // the index in the answer of Lines[0], from 0
	Total  int      // the lines of the whole answer
	Differ int      // the index of the first line that differs; Total when the answer ends there
	Form   string   // that line's form, as the signature writes it: `"finish"`, "nothing", "end of output"
	// Next, when the answer ends where the other goes on (Form "nothing"), says what the
	// output holds next: `output line 7, "give up", starts the answer to operation 4: Quit`.
	Next string
}

// side is one answer at the first differing line.
type side struct {
	form string // as the signature writes it
	text []byte // the line without its line end; nil for "nothing" and "end of output"
}

// nearSteps is how many steps before the divergence Parting.Frames shows.
const nearSteps = 4

// Explain finds where want, the expected output for input, and got, another judge's
// output, first differ, and says it in the game's terms (see Parting). want is normally
// the reference's own output: the steps are the reference's, and a note says when want
// is not its output. got may be anything: garbage, binary, huge lines; it is quoted in
// short escaped pieces.
func (g *Drawing) Explain(input, want, got []byte) (Parting, error) {
	return g.explain(input, want, got, true)
}

// Stopped is Explain for a run that did not end normally, got being what it wrote before
// it stopped: where its output stops (or parts from want), pictured around the step's
// cell, with no cell marked as disputed: the cells of an answer it never wrote are not in
// dispute, and would pull the window away from the step.
func (g *Drawing) Stopped(input, want, got []byte) (Parting, error) {
	return g.explain(input, want, got, false)
}

func (g *Drawing) explain(input, want, got []byte, disputes bool) (Parting, error) {
	d, err := g.part(input, want, got, true)
	if err != nil {
		return Parting{}, err
	}
	p := Parting{Game: g.name, drawing: g, OutputLine: d.line + 1, Signature: d.sign.Words}
	if d.refErr != nil {
		p.Notes = append(p.Notes, "the reference stops: "+d.refErr.Error())
	}
	if !bytes.Equal(d.refOut, want) {
		l, _ := partLines(d.refOut, want)
		p.Notes = append(p.Notes, fmt.Sprintf("want is not the reference's output (they differ from output line %d on): the steps are the reference's", l+1))
	}
	if d.si < 0 {
		p.Notes = append(p.Notes, "the reference plays no step of this input")
		p.Want = excerpt(lines(want[d.off:], 4), 0, d.ws.form)
		p.Got = excerpt(lines(got[d.off:], 4), 0, d.gs.form)
		return p, nil
	}
	recs := d.recs
	st := d.steps[d.si]
	first := recs[st.first]
	p.Dataset, p.Step, p.Line, p.Op, p.Kind = first.dataset, first.step, first.line, first.op, first.kind
	p.Want, p.Got = excerpt(d.wantAns, d.i, d.ws.form), excerpt(d.gotAns, d.i, d.gs.form)
	// An answer that ends where the other goes on is followed, in its output, by a line
	// the diff of the outputs shows at the same place: say what it is.
	next := ""
	if d.si+1 < len(d.steps) {
		r := recs[d.steps[d.si+1].first]
		next = g.words.stepName(r.dataset, r.step, "", r.op, "")
	}
	p.Want.Next = nextLine(d.ws, want[d.off:], p.OutputLine, next)
	p.Got.Next = nextLine(d.gs, got[d.off:], p.OutputLine, next)

	// The picture: the state before the step and the steps near it, in one window around
	// the cells the answers dispute and the step's cell.
	var disputedCells [][2]int
	if g.cells != nil && disputes {
		for _, c := range disputed(d.lists()) {
			if c[0] <= first.rows && c[1] <= first.cols {
				disputedCells = append(disputedCells, c)
			} else {
				p.Notes = appendOnce(p.Notes, "an answer lists cells outside the board")
			}
		}
	}
	before := st.first - 1
	if before < 0 || recs[before].dataset != first.dataset {
		before = st.first // a start, or a datamining board: the step shows the state itself
	}
	from := st.first
	for from > 0 && recs[from-1].dataset == first.dataset && recs[from-1].step >= first.step-nearSteps {
		from--
	}
	points := append(append(append([][2]int{}, disputedCells...), first.focus...), recs[before].focus...)
	r0, r1, c0, c1 := window(first.rows, first.cols, points)
	differ := make([]Mark, len(disputedCells))
	for k, c := range disputedCells {
		differ[k] = Mark{Row: c[0], Col: c[1], Kind: MarkDiffer}
	}
	index := -1
	_, _ = g.run(input, func(m *moment) {
		index++
		if index < from || index > st.last {
			return
		}
		f := m.frame(g)
		f.Board = m.shoot(r0, r1, c0, c1)
		f.Output = span(d.refOut, outStart(recs, index), m.outLen)
		if index == before {
			b := *f.Board
			b.Marks = nil
			if g.upcoming {
				b.Marks = append(b.Marks, focusMarks(b.Rows, b.Cols, first.focus)...)
			} else {
				b.Marks = append(b.Marks, f.Board.Marks...)
			}
			b.Marks = append(b.Marks, differ...)
			if g.onBoard != nil && disputes {
				b.Marks = append(b.Marks, g.onBoard(&b)...)
			}
			p.Before = f
			p.Before.Board = &b
		}
		if index >= st.first {
			f.Board.Marks = append(f.Board.Marks, differ...)
		}
		p.Frames = append(p.Frames, f)
	})
	if n := len(p.Frames); n > 0 {
		total := 0
		for _, r := range recs {
			if r.dataset == first.dataset {
				total = max(total, r.step)
			}
		}
		if p.Frames[0].Step > 0 { // steps before the divergence are left out
			of := fmt.Sprintf("%d", total)
			if first.dataset > 0 {
				of = fmt.Sprintf("%s %d's %d", g.words.dataset, first.dataset, total)
			}
			p.Pictured = fmt.Sprintf("%ss %d-%d of %s (0 is the start)", g.words.step, p.Frames[0].Step, p.Frames[n-1].Step, of)
		}
	}
	return p, nil
}

// nextLine says what an output holds after an answer that has ended (form "nothing"):
// its line at output line n, rest's first, and the step whose answer the reference
// starts there (next; "" when none follows).
func nextLine(s side, rest []byte, n int, next string) string {
	if s.form != "nothing" || len(rest) == 0 {
		return ""
	}
	text, end := lineEnd(firstLine(rest))
	q := strconv.Quote(string(text))
	if len(text) > nextMax || !plain(text) {
		q = strconv.Quote(string(cut(text, nextMax))) + "…"
	}
	line := fmt.Sprintf("output line %d, %s%s,", n, q, end)
	if next == "" {
		return line + " comes after the last step"
	}
	return line + " is read as the answer to " + next
}

// nextMax is the most of a line Answer.Next quotes: the diff shows it whole.
const nextMax = 32

// Sign is a signature in parts: the terms that tell one bug from another, each compared
// whole (a hunt's identity of a divergence), and the words that say them.
type Sign struct {
	// Kind is the step's kind when the game tells bugs apart by it ("left click"); "" for
	// a game whose signatures name the answers alone (tower, datamining).
	Kind      string
	Want, Got string // the forms of the two answers where they part, as the game tells them apart
	Detail    string // what else tells the difference: "got misses cells", "more"
	Words     string // Explain's Signature: `left click: want "WIN", got nothing`
}

// Signature is Explain's Signature alone, in parts. It plays the reference once and reads
// no more of the answers than the signature needs, where Explain plays it again for the
// pictures: a hunt signs every divergent candidate it minimizes.
func (g *Drawing) Signature(input, want, got []byte) (Sign, error) {
	d, err := g.part(input, want, got, false)
	if err != nil {
		return Sign{}, err
	}
	return d.sign, nil
}

// parting is where two answers part, as far as the signature: what Explain and Signature
// share.
type parting struct {
	g         *Drawing
	refOut    []byte
	refErr    error
	recs      []moment
	steps     []stepSpan
	si        int // the index in steps of the step whose answers differ; -1 for none
	line, off int // the first line where want and got differ, and its offset
	i         int // that line's index in the step's answers
	wantAns   [][]byte
	gotAns    [][]byte
	ws, gs    side
	sign      Sign
	listed    bool // wantCells and gotCells are read
	wantCells []listing
	gotCells  []listing
}

// part plays the reference on input, finds the step whose answers differ, and signs the
// difference. Unless whole, the play stops once the step that holds the parting is over:
// a signature needs nothing after it, and a hunt signs every failed run of a case that may
// be megabytes long.
func (g *Drawing) part(input, want, got []byte, whole bool) (*parting, error) {
	if bytes.Equal(want, got) {
		return nil, ErrSameOutput
	}
	d := &parting{g: g}
	d.line, d.off = partLines(want, got)
	var played []byte // the reference's output when the play stops early
	d.refOut, d.refErr = g.run(input, func(m *moment) {
		if n := len(d.recs); !whole && n > 0 {
			if last := d.recs[n-1]; last.outLen > d.off && (m.dataset != last.dataset || m.step != last.step) {
				played = last.out
				panic(stopPlay{})
			}
		}
		r := *m
		r.shoot = nil
		d.recs = append(d.recs, r)
	})
	if played != nil {
		d.refOut = played
	}
	d.steps = groupSteps(d.recs)
	d.si = g.locate(d.recs, d.steps, want, got, d.off)
	if d.si < 0 {
		d.ws, d.gs = g.sideAt(nil, 0, want[d.off:], false), g.sideAt(nil, 0, got[d.off:], false)
		d.sign = g.sign("start", d.ws, d.gs, "")
		return d, nil
	}
	st := d.steps[d.si]
	first := d.recs[st.first]

	// The two answers to the step, which share their lines before off: want's has as many
	// lines as the reference's answer (the same lines, when want is its output); got's is
	// cut by the game's grammar, since got may write more or fewer.
	off := d.off
	begin := lineStart(want, min(st.start, off))
	d.i = bytes.Count(want[begin:off], []byte("\n"))
	limit := min(1<<21, 16+first.rows*first.cols)
	refLines := countLines(d.refOut[min(st.start, len(d.refOut)):min(st.end, len(d.refOut))])
	d.wantAns = lines(want[begin:], max(refLines, d.i))
	d.gotAns = g.answer(first.kind, lines(got[begin:off], limit), got[off:], limit)
	d.ws = g.sideAt(d.wantAns, d.i, want[off:], d.i < len(d.gotAns))
	d.gs = g.sideAt(d.gotAns, d.i, got[off:], d.i < len(d.wantAns))
	detail := ""
	if d.ws.form == d.gs.form && d.ws.text != nil && d.gs.text != nil {
		if g.differ != nil && d.i < len(d.wantAns) && d.i < len(d.gotAns) {
			detail = g.differ(d.ws.text, d.lists)
		}
		if detail == "" {
			// One form, other lines: numbers, or text past what a form keeps.
			detail = "other text"
			if bytes.Equal(digitless(d.ws.text), digitless(d.gs.text)) {
				detail = "other numbers"
			}
		}
	}
	d.sign = g.sign(first.kind, d.ws, d.gs, detail)
	return d, nil
}

// lists reads the cells the two answers list, once: the signature may need them, and the
// picture marks them.
func (d *parting) lists() (want, got []listing) {
	if !d.listed {
		d.wantCells, d.gotCells, d.listed = d.g.cells(d.wantAns), d.g.cells(d.gotAns), true
	}
	return d.wantCells, d.gotCells
}

// focusMarks marks MarkStep the focus cells inside a rows x cols grid.
func focusMarks(rows, cols int, focus [][2]int) []Mark {
	var marks []Mark
	for _, f := range focus {
		if f[0] >= 1 && f[0] <= rows && f[1] >= 1 && f[1] <= cols {
			marks = append(marks, Mark{Row: f[0], Col: f[1], Kind: MarkStep})
		}
	}
	return marks
}

func appendOnce(notes []string, note string) []string {
	for _, n := range notes {
		if n == note {
			return notes
		}
	}
	return append(notes, note)
}

// partLines finds the first line where a and b differ: its index and its offset, which is
// the same in both (the lines before are equal).
func partLines(a, b []byte) (line, off int) {
	for {
		la, lb := firstLine(a[off:]), firstLine(b[off:])
		if !bytes.Equal(la, lb) || len(la) == 0 {
			return line, off
		}
		off += len(la)
		line++
	}
}

// lineStart is the start of the line holding out[off].
func lineStart(out []byte, off int) int {
	return bytes.LastIndexByte(out[:off], '\n') + 1
}

// stepSpan is one step of a trace: its moments recs[first..last], and the output it wrote,
// out[start:end].
type stepSpan struct{ first, last, start, end int }

func groupSteps(recs []moment) []stepSpan {
	var steps []stepSpan
	written := 0
	for i, r := range recs {
		if i == 0 || r.dataset != recs[i-1].dataset || r.step != recs[i-1].step {
			steps = append(steps, stepSpan{first: i, start: written})
		}
		s := &steps[len(steps)-1]
		s.last, s.end = i, r.outLen
		written = r.outLen
	}
	return steps
}

// outStart is where the output of recs[i] begins: where the moment before it ended.
func outStart(recs []moment, i int) int {
	if i == 0 {
		return 0
	}
	return recs[i-1].outLen
}

// locate picks the step whose answers differ, the answers parting at off: the step whose
// output holds off; but at the boundary between two answers, when got's line continues
// the answer before (a WIN, a finish), or when want has ended, the step before. -1 when
// the reference played no step.
func (g *Drawing) locate(recs []moment, steps []stepSpan, want, got []byte, off int) int {
	holder, before := -1, -1
	for j, s := range steps {
		if s.start <= off && off < s.end {
			holder = j
			break
		}
		if s.end > s.start && s.end <= off {
			before = j
		}
	}
	if holder < 0 {
		if before < 0 {
			return len(steps) - 1
		}
		return before
	}
	if before >= 0 && steps[before].end == off && off == steps[holder].start {
		b := steps[before]
		if line := firstLine(got[off:]); len(line) > 0 && off <= len(want) {
			index := bytes.Count(want[lineStart(want, min(b.start, off)):off], []byte("\n"))
			if g.takes(recs[b.first].kind, index, line) {
				return before
			}
		}
	}
	return holder
}

// answer is an answer to a step of that kind: the lines it shares with the other side,
// then the lines of rest the game's grammar gives the answer.
func (g *Drawing) answer(kind string, shared [][]byte, rest []byte, limit int) [][]byte {
	ans := shared
	for len(rest) > 0 && len(ans) < limit {
		line := firstLine(rest)
		if !g.takes(kind, len(ans), line) {
			break
		}
		ans = append(ans, line)
		rest = rest[len(line):]
	}
	return ans
}

// sideAt is an answer at its i-th line. An answer that has ended there says "nothing"
// while the other goes on; when both have ended, the line that follows is the difference
// (or "end of output").
func (g *Drawing) sideAt(ans [][]byte, i int, rest []byte, otherGoesOn bool) side {
	if i < len(ans) {
		text, _ := lineEnd(ans[i])
		return side{form: g.form(ans[i]), text: text}
	}
	if len(rest) == 0 {
		return side{form: "end of output"}
	}
	if otherGoesOn {
		return side{form: "nothing"}
	}
	line := firstLine(rest)
	text, _ := lineEnd(line)
	return side{form: g.form(line), text: text}
}

// excerpt shows a few lines of an answer around its i-th.
func excerpt(ans [][]byte, i int, form string) Answer {
	from := max(0, min(i, len(ans))-3)
	to := min(len(ans), i+4)
	a := Answer{From: from, Total: len(ans), Differ: min(i, len(ans)), Form: form}
	for _, l := range ans[from:to] {
		text, note := lineEnd(l)
		a.Lines = append(a.Lines, clip(text)+note)
	}
	return a
}

// form is a line's form: known lines by the game's name for them, quoted; any other
// line by unknownForm; with a note when the line does not end in a plain "\n".
func (g *Drawing) form(line []byte) string {
	text, end := lineEnd(line)
	// A known line is known at any length: a long list of cells is the form of a short
	// one, so that the same bug is one finding whatever the list's length.
	if f, ok := g.known(text); ok {
		return strconv.Quote(f) + end
	}
	return unknownForm(text) + end
}

// digitless is text without its digits.
func digitless(text []byte) []byte {
	return bytes.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, text)
}

// signByKind is mine's and boom's signature: `Sweep: want "finish", got nothing`. What
// tells one bug from another is the kind of step, want's answer (the rule's outcome) and
// how got's differs from it, never got's form itself: one bug answers wrongly in many
// forms (a list of cells of any length, a LOSE), as the consequences of its slip go, and
// is one finding. What the step left in its cell is no part of it either: a missing
// finish check shows after a Sweep that opens a 0 and after one that opens a number.
func signByKind(kind string, want, got side, detail string) Sign {
	s := signByForms("", want, got, detail)
	s.Kind, s.Words = kind, kind+": "+s.Words
	s.Got = difference(want.form, got.form)
	return s
}

// difference is how got's answer differs from want's at the step where they part: it is
// missing, it goes on past want's, it has want's form (the detail says how it differs), or
// it is another answer.
func difference(want, got string) string {
	ended := func(form string) bool { return form == "nothing" || form == "end of output" }
	switch {
	case ended(got):
		return "missing"
	case ended(want):
		return "more"
	case want == got:
		return "same form"
	}
	return "another answer"
}

// signByForms is tower's signature: the two result lines.
func signByForms(_ string, want, got side, detail string) Sign {
	s := Sign{Want: want.form, Got: got.form, Detail: detail, Words: fmt.Sprintf("want %s, got %s", want.form, got.form)}
	if detail != "" {
		s.Words += ": " + detail
	}
	return s
}

// listing is one cell an answer lists, with the value it gives it.
type listing struct {
	at    [2]int
	value string
}

// cellAt reads a listed cell's coordinates; false when they are not a board's (0, or
// beyond any board).
func cellAt(x, y []byte) ([2]int, bool) {
	a, errA := strconv.Atoi(string(x))
	b, errB := strconv.Atoi(string(y))
	if errA != nil || errB != nil || a < 1 || b < 1 || a > 1<<20 || b > 1<<20 {
		return [2]int{}, false
	}
	return [2]int{a, b}, true
}

// compareListings says how got's list of cells differs from want's: "got misses cells",
// "got adds cells", "got shows another <what>", "got repeats cells", "got lists other
// cells", "another order"; "" when they are the same.
func compareListings(want, got []listing, what string) string {
	wm, gm := listingMap(want), listingMap(got)
	missing, extra, changed := 0, 0, 0
	for at, v := range wm {
		switch gv, ok := gm[at]; {
		case !ok:
			missing++
		case gv != v:
			changed++
		}
	}
	for at := range gm {
		if _, ok := wm[at]; !ok {
			extra++
		}
	}
	switch {
	case missing == 0 && extra == 0 && changed == 0:
		if len(gm) < len(got) {
			return "got repeats cells"
		}
		for k := range want {
			if k < len(got) && want[k].at != got[k].at {
				return "another order"
			}
		}
		return ""
	case extra == 0 && changed == 0:
		return "got misses cells"
	case missing == 0 && changed == 0:
		return "got adds cells"
	case missing == 0 && extra == 0:
		return "got shows another " + what
	}
	return "got lists other cells"
}

func listingMap(list []listing) map[[2]int]string {
	m := make(map[[2]int]string, len(list))
	for _, c := range list {
		m[c.at] = c.value
	}
	return m
}

// disputed lists the cells one list has and the other has not, or with another value, in
// want's order then got's.
func disputed(want, got []listing) [][2]int {
	wm, gm := listingMap(want), listingMap(got)
	var cells [][2]int
	seen := map[[2]int]bool{}
	for _, list := range [][]listing{want, got} {
		for _, c := range list {
			wv, inW := wm[c.at]
			gv, inG := gm[c.at]
			if (!inW || !inG || wv != gv) && !seen[c.at] {
				seen[c.at] = true
				cells = append(cells, c.at)
			}
		}
	}
	return cells
}

// Text draws the parting for a terminal: where the answers part, the signature, the two
// answers with the first differing line marked ">", and the state before the step with
// the disputed cells marked, and a legend (ANSI colour when colour is true).
func (p Parting) Text(colour bool) string {
	var sb strings.Builder
	w := wordsOf(p.drawing)
	name := w.stepName(p.Dataset, p.Step, "", p.Op, p.Kind)
	fmt.Fprintf(&sb, "%s: the answers part at output line %d, in the answer to %s%s\n", p.Game, p.OutputLine, name, lineNote(p.Line))
	fmt.Fprintf(&sb, "signature: %s\n", p.Signature)
	for _, a := range []struct {
		who string
		ans Answer
	}{{"want", p.Want}, {"got", p.Got}} {
		fmt.Fprintf(&sb, "%s (%s):\n", a.who, answerSpan(a.ans))
		for k, l := range a.ans.Lines {
			lead := "      "
			if a.ans.From+k == a.ans.Differ {
				lead = "    > "
			}
			sb.WriteString(lead + l + "\n")
		}
		if a.ans.Differ >= a.ans.Total {
			sb.WriteString("    > " + a.ans.Ended() + "\n")
		}
	}
	if p.Before.Board != nil {
		where := "before"
		if p.Before.Dataset == p.Dataset && p.Before.Step == p.Step {
			where = "at"
		}
		switch {
		case w.oneStep != "":
			fmt.Fprintf(&sb, "%s, %s:\n", w.stepName(p.Dataset, 0, "", "", ""), w.oneStep)
		case p.Step == 0 && p.Dataset > 0:
			fmt.Fprintf(&sb, "the %s at the start of %s %d:\n", w.board, w.dataset, p.Dataset)
		default:
			fmt.Fprintf(&sb, "the %s %s %s:\n", w.board, where, w.stepName(p.Dataset, p.Step, "", "", p.Kind)+opNote(p.Op))
		}
		sb.WriteString(p.Before.Board.text(colour, styleOf(p.drawing)))
		if g := p.drawing; g != nil {
			sb.WriteString(g.legend.text() + "\n")
		}
	}
	if p.Pictured != "" {
		sb.WriteString("pictured near the divergence: " + p.Pictured + "; " + p.ShowCommand("K") + " pictures any\n")
	}
	for _, n := range p.Notes {
		sb.WriteString("note: " + n + "\n")
	}
	return sb.String()
}

// Ended says why an answer has no line where the other differs.
func (a Answer) Ended() string {
	switch a.Form {
	case "nothing":
		if a.Next != "" {
			return "(nothing more: the answer ends here; " + a.Next + ")"
		}
		return "(nothing more: the answer ends here)"
	case "end of output":
		return "(end of output)"
	}
	return "(then " + a.Form + ")"
}

func opNote(op string) string {
	if op == "" {
		return ""
	}
	return " (" + op + ")"
}

// answerSpan says which lines of an answer an excerpt shows.
func answerSpan(a Answer) string {
	switch {
	case a.Total == 0:
		return "no line"
	case len(a.Lines) == a.Total:
		return fmt.Sprintf("%d line(s)", a.Total)
	}
	return fmt.Sprintf("lines %d-%d of %d", a.From+1, a.From+len(a.Lines), a.Total)
}

// ErrSameOutput is Explain's error when the two outputs are the same: no step parts them.
var ErrSameOutput = errors.New("the two outputs are the same")
