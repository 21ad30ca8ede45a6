package picture

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"strconv"
	"strings"
)

// Report is one finding as a page shows it.
type Report struct {
	Game      string
	Title     string // the page's heading; "<game>: <signature>" when empty
	Verdict   string // e.g. "WA: output differs from the reference's"
	Signature string // Explain's when empty
	Input     []byte // the (minimized) input
	Want      []byte // the expected output
	Got       []byte // the other judge's output
	Reproduce []string
	Notes     []string
	// Parting is Explain's result for the finding when the caller has it; Page calls
	// Explain when it is nil and the finding is a wrong answer.
	Parting *Parting
	// Failure, for a run that did not end normally (RE, TLE, MLE, OLE, crash), says how
	// it ended: the page tells it first, and pictures the step where the run stopped
	// without disputed cells, since one answer merely stops.
	Failure *Failure
}

// Failure is how a run that did not end normally ended, in sentences for a person.
type Failure struct {
	What   string // how it ended: "The program was killed by signal SIGSEGV (segmentation fault)."
	Where  string // where in the game, as far as its output tells
	Usage  string // the CPU time and memory it used, against the limits
	Hint   string // what the way it ended suggests; "" when it suggests nothing
	Stderr string // the part of its stderr shown
	Stack  string // the part of its stack (or goroutine dump) shown
	Lost   bool   // its output is lost (it ran in a process that died): the page does not show it as empty
}

// ErrSameOutput is Explain's error when the two outputs are the same: no step parts them.
var ErrSameOutput = errors.New("the two outputs are the same")

// Bounds of a page: a big input is shown in part, around the step, and so are the outputs.
const (
	pageInputLines                    = 30      // an input of more lines is shown in part
	pageInputBytes                    = 4 << 10 // and so is one of more bytes
	pageHead, pageAround, pageTail    = 3, 5, 3 // what part: first lines, lines around the step, last lines
	pageLineBytes                     = 200     // a longer input line is cut
	pageOutputBefore, pageOutputAfter = 5, 15
)

// Page renders a finding as one self-contained HTML file: the input, the two answers
// around the first line where they differ, the boards of the steps near the divergence
// as inline SVG, and the commands that reproduce it; for a run that did not end normally,
// how it ended first, with its stderr and stack. It loads nothing from elsewhere and runs
// no script, so it opens offline and a CI can keep it as an artifact.
func Page(r Report) []byte {
	p := r.Parting
	var notes []string
	if p == nil && r.Failure == nil {
		explained, err := Explain(r.Game, r.Input, r.Want, r.Got)
		switch {
		case errors.Is(err, ErrSameOutput):
			notes = append(notes, "No picture: the two outputs are the same, so no step parts them.")
		case err != nil:
			notes = append(notes, "No picture: "+err.Error())
		default:
			p = &explained
		}
	}
	v := pageView{Game: r.Game, OneStep: wordsOf(r.Game).oneStep != "", Title: r.Title, Verdict: r.Verdict,
		Signature: r.Signature, Reproduce: r.Reproduce, Failure: r.Failure}
	if p != nil {
		shown := *p
		if r.Failure != nil {
			shown = p.undisputed()
		}
		if v.Signature == "" {
			v.Signature = p.Signature
		}
		if r.Failure == nil {
			v.Where = fmt.Sprintf("Output line %d, in the answer to %s.", p.OutputLine, p.Where())
			v.Want, v.Got = answerView(p.Want), answerView(p.Got)
		}
		v.Frames = framesView(shown)
		v.Show = showCommand(*p, strconv.Itoa(p.Step))
		v.Pictured = p.Pictured
		notes = append(notes, p.Notes...)
		v.InputLine = p.Line
		v.OutputLine = p.OutputLine
	}
	if g, ok := drawings[r.Game]; ok {
		for _, k := range g.legend.keys {
			v.Keys = append(v.Keys, keyView{Glyphs: k.glyphs, Text: k.text,
				SVG: template.HTML(swatch(g.style(k.glyphs[0])))})
		}
		for _, f := range v.Frames {
			v.StepMarked = v.StepMarked || f.step
			v.DifferMarked = v.DifferMarked || f.differ
		}
		if v.StepMarked {
			v.StepMark = g.legend.step
		}
		if v.DifferMarked {
			v.DifferMark = g.legend.differ
		}
	}
	if v.Title == "" {
		v.Title = r.Game + ": " + v.Signature
	}
	v.Notes = append(notes, r.Notes...)
	v.Input, v.InputNote = inputView(r.Input, v.InputLine)
	v.WantOut = outputView(r.Want, v.OutputLine, "(the expected output is empty)")
	v.GotOut = outputView(r.Got, v.OutputLine, "(no output)")
	if r.Failure != nil && r.Failure.Lost {
		v.GotOut = []lineView{{Text: "(its output is lost with the process it ran in)", Mark: true}}
	}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, v); err != nil {
		// The template is fixed and its data plain; an error here is a bug, shown as such.
		return []byte("<!DOCTYPE html><html><body><p>The page could not be written: " + template.HTMLEscapeString(err.Error()) + "</p></body></html>")
	}
	return buf.Bytes()
}

// undisputed is the parting with no cell marked as disputed: the picture of a run that
// stopped, where the "disputed" cells would be every cell the answer it did not write
// lists.
func (p Parting) undisputed() Parting {
	strip := func(b *Board) *Board {
		if b == nil {
			return nil
		}
		c := *b
		c.Marks = nil
		for _, m := range b.Marks {
			if m.Kind != MarkDiffer {
				c.Marks = append(c.Marks, m)
			}
		}
		return &c
	}
	q := p
	q.Before.Board = strip(p.Before.Board)
	q.Frames = make([]Frame, len(p.Frames))
	for i, f := range p.Frames {
		f.Board = strip(f.Board)
		q.Frames[i] = f
	}
	return q
}

// pageView is what the template shows; every string in it is text, escaped by the
// template, but for SVG, which the picture draws itself with its text escaped.
type pageView struct {
	Game, Title, Verdict, Signature, Where string
	OneStep                                bool // a dataset is one step: the frames are its board
	Failure                                *Failure
	Want, Got                              []lineView
	Frames                                 []frameView
	Keys                                   []keyView // the legend of the cells
	StepMarked, DifferMarked               bool      // some frame marks a cell so
	StepMark, DifferMark                   string    // the legend of the marks
	Show, Pictured                         string
	Input                                  []lineView
	InputNote                              string
	InputLine, OutputLine                  int
	WantOut, GotOut                        []lineView
	Reproduce, Notes                       []string
}

// lineView is one numbered line; Mark says it is the line of interest. A line without a
// number (N 0) is a note: a gap in the lines shown, or where an answer ends.
type lineView struct {
	N    int
	Text string
	Mark bool
	Wrap bool // a sentence, not a line of the data: it wraps
}

// keyView is one entry of a page's legend: a cell drawn as the boards draw it, the glyphs
// it stands for, and what they mean.
type keyView struct {
	Glyphs string
	Text   string
	SVG    template.HTML
}

type frameView struct {
	Caption      string
	Window       string // which part of a big board the SVG shows
	SVG          template.HTML
	Output       []string
	More         int
	Notes        []string
	step, differ bool // the board marks a cell MarkStep, MarkDiffer
}

// answerView shows an answer's excerpt, the first differing line marked, or a line
// saying the answer ends there.
func answerView(a Answer) []lineView {
	var out []lineView
	for k, l := range a.Lines {
		out = append(out, lineView{N: a.From + k + 1, Text: l, Mark: a.From+k == a.Differ})
	}
	if a.Differ >= a.Total {
		out = append(out, lineView{Text: a.ended(), Mark: true, Wrap: true})
	}
	return out
}

// framesView lists the frames near the divergence, the state before the step drawn with
// its marks in place of the plain frame of that moment.
func framesView(p Parting) []frameView {
	var out []frameView
	placed := false
	disputes := ""
	if p.Before.Board != nil && p.Before.Board.shows(MarkDiffer) {
		disputes = "; the disputed cells marked"
	}
	for _, f := range p.Frames {
		caption := "after " + f.title()
		if f.Step == 0 && f.Phase == "" {
			caption = f.title()
		}
		if p.Before.Board != nil && f.Dataset == p.Before.Dataset && f.Step == p.Before.Step && f.Phase == p.Before.Phase {
			f, placed = p.Before, true
			if f.Step != p.Step || f.Dataset != p.Dataset {
				caption += ": where " + wordsOf(p.Game).stepName(0, p.Step, "", "", "") + " starts"
			}
			caption += disputes
		}
		out = append(out, frameOf(f, caption))
	}
	if !placed && p.Before.Board != nil {
		out = append([]frameView{frameOf(p.Before, "before the step"+disputes)}, out...)
	}
	return out
}

// shows reports whether the window shows a cell marked kind.
func (b *Board) shows(kind MarkKind) bool {
	for _, m := range b.Marks {
		if _, _, ok := b.inside(m.Row, m.Col); ok && m.Kind == kind {
			return true
		}
	}
	return false
}

func frameOf(f Frame, caption string) frameView {
	shown, more := excerptLines(f.Output, outputLines)
	v := frameView{Caption: caption, SVG: template.HTML(f.SVG()), Output: shown, More: more, Notes: f.Notes}
	if f.Board != nil {
		v.Window = f.Board.Window()
		v.step, v.differ = f.Board.shows(MarkStep), f.Board.shows(MarkDiffer)
		if n := f.Board.outside(); n > 0 {
			v.Notes = append(v.Notes, fmt.Sprintf("%d marked cell(s) outside this window", n))
		}
	}
	return v
}

// showCommand is the command that pictures step k of the parting's game and dataset in
// a terminal.
func showCommand(p Parting, k string) string {
	self, file := p.Self, p.File
	if self == "" {
		self = "gamediff"
	}
	if file == "" {
		file = "CASE.in"
	}
	s := self + " show -game " + p.Game
	if p.Dataset > 0 {
		s += " -dataset " + strconv.Itoa(p.Dataset)
	}
	if wordsOf(p.Game).oneStep == "" {
		s += " -step " + k
	}
	return s + " " + shellWord(file)
}

// shellWord quotes s for a POSIX shell when it holds anything but plain word characters.
func shellWord(s string) string {
	if strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// inputView numbers the input's lines, marking line mark. A big input is shown in part:
// its first lines, the lines around mark and its last lines, each cut, with a line
// saying what is left out between them; the note says so.
func inputView(input []byte, mark int) ([]lineView, string) {
	all := lines(input, pageInputLines+1)
	whole := len(all) <= pageInputLines && len(input) <= pageInputBytes
	total := len(all)
	if !whole {
		total = countLines(input)
	}
	keep := func(n int) bool {
		return whole || n <= pageHead || n > total-pageTail || mark > 0 && n >= mark-pageAround && n <= mark+pageAround
	}
	var out []lineView
	rest, gap := input, 0
	for n := 1; len(rest) > 0; n++ {
		l := firstLine(rest)
		rest = rest[len(l):]
		if !keep(n) {
			gap++
			continue
		}
		if gap > 0 {
			out = append(out, lineView{Text: fmt.Sprintf("… %d line(s) …", gap)})
			gap = 0
		}
		text, end := lineEnd(l)
		out = append(out, lineView{N: n, Text: pageText(text) + end, Mark: n == mark})
	}
	if whole {
		return out, ""
	}
	around := "its first and last lines"
	if mark > 0 {
		around = fmt.Sprintf("its first lines, the lines around line %d and its last lines", mark)
	}
	return out, fmt.Sprintf("The input has %d lines, %d bytes: shown are %s, each cut at %d bytes; the saved file holds it all.",
		total, len(input), around, pageLineBytes)
}

// outputView numbers the lines of an output around line mark; empty says what an empty
// output is.
func outputView(out []byte, mark int, empty string) []lineView {
	var view []lineView
	if len(out) == 0 {
		return []lineView{{Text: empty, Mark: true}}
	}
	first, last := max(1, mark-pageOutputBefore), mark+pageOutputAfter
	for n := 1; len(out) > 0 && n <= last; n++ {
		l := firstLine(out)
		out = out[len(l):]
		if n >= first {
			text, end := lineEnd(l)
			view = append(view, lineView{N: n, Text: clip(text) + end, Mark: n == mark})
		}
	}
	if len(out) > 0 {
		view = append(view, lineView{Text: fmt.Sprintf("… %d more line(s)", countLines(out))})
	} else if n := len(view); n == 0 || mark > 0 && view[n-1].N < mark {
		view = append(view, lineView{Text: fmt.Sprintf("(it ends before line %d)", mark), Mark: true})
	}
	return view
}

// pageText is an input line for the page: as it is when it is plain text, cut when long;
// escaped otherwise.
func pageText(text []byte) string {
	if !plain(text) {
		return quote(text)
	}
	if len(text) > pageLineBytes {
		c := cut(text, pageLineBytes)
		return fmt.Sprintf("%s… (%d bytes)", c, len(text))
	}
	return string(text)
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>{{.Title}}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 1150px; padding: 0 1em; color: #1f2328; }
h1 { font-size: 1.45em; margin-bottom: .2em; }
h2 { font-size: 1.15em; border-bottom: 1px solid #d0d7de; padding-bottom: .2em; margin-top: 1.6em; }
h3 { font-size: 1em; margin: .3em 0; }
pre, code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
pre { background: #f6f8fa; padding: .5em .8em; overflow-x: auto; border-radius: 6px; margin: .3em 0; }
.verdict { font-weight: 600; color: #cf222e; margin-top: 0; }
.sig { background: #fff8c5; padding: .1em .35em; border-radius: 4px; }
.hint { background: #ddf4ff; border-left: 4px solid #0969da; padding: .4em .8em; border-radius: 4px; }
.pair { display: flex; gap: 1em; flex-wrap: wrap; }
.pair div { flex: 1 1 45%; min-width: 18em; }
.ln { color: #8c959f; display: inline-block; min-width: 3.5em; text-align: right; padding-right: 1em; user-select: none; }
.mark { background: #ffd8b5; font-weight: 600; }
.wrap { white-space: pre-wrap; }
figcaption { font-weight: 600; margin-bottom: .3em; max-width: 34em; }
.legend { color: #57606a; display: flex; flex-wrap: wrap; gap: .3em 1.4em; align-items: center; }
.key { display: inline-flex; align-items: center; gap: .4em; }
.key svg { vertical-align: middle; }
.frames { display: flex; flex-wrap: wrap; gap: .5em 2em; align-items: flex-start; }
.frames figure { margin: .6em 0; max-width: 100%; }
.frames pre { max-width: 34em; }
.swatch { display: inline-block; width: 1em; height: 1em; vertical-align: middle; }
.sw-step { border: 2.5px solid #0969da; }
.sw-differ { border: 3px solid #cf222e; }
.note { color: #57606a; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{if .Verdict}}<p class="verdict">{{.Verdict}}</p>
{{end}}<p>Game <code>{{.Game}}</code>{{if .Signature}}; signature <code class="sig">{{.Signature}}</code>{{end}}</p>
{{with .Failure}}<h2>What happened</h2>
<p>{{.What}}</p>
{{if .Where}}<p>{{.Where}}</p>
{{end}}{{if .Usage}}<p>{{.Usage}}</p>
{{end}}{{if .Hint}}<p class="hint">Hint: {{.Hint}}</p>
{{end}}{{if .Stderr}}<h3>Its stderr</h3>
<pre>{{.Stderr}}</pre>
{{end}}{{if .Stack}}<h3>Its stack</h3>
<pre>{{.Stack}}</pre>
{{end}}{{end}}{{if .Where}}<h2>Where the answers part</h2>
<p>{{.Where}}</p>
<div class="pair">
<div><h3>want</h3><pre>{{range .Want}}{{if .N}}<span class="ln">{{.N}}</span>{{else}}<span class="ln"></span>{{end}}{{if .Mark}}<span class="mark{{if .Wrap}} wrap{{end}}">{{.Text}}</span>{{else}}{{.Text}}{{end}}
{{end}}</pre></div>
<div><h3>got</h3><pre>{{range .Got}}{{if .N}}<span class="ln">{{.N}}</span>{{else}}<span class="ln"></span>{{end}}{{if .Mark}}<span class="mark{{if .Wrap}} wrap{{end}}">{{.Text}}</span>{{else}}{{.Text}}{{end}}
{{end}}</pre></div>
</div>
<p class="note">Numbered from the first line of the step's answer; the first line that differs is highlighted.</p>
{{end}}{{if .Frames}}<h2>{{if .OneStep}}The board{{else if .Failure}}The game where it stopped{{else}}The steps near the divergence{{end}}</h2>
{{if .Pictured}}<p class="note">Pictured: {{.Pictured}}.</p>
{{end}}<div class="legend">{{range .Keys}}<span class="key" data-glyphs="{{.Glyphs}}">{{.SVG}}{{.Text}}</span>{{end}}{{if .StepMarked}}<span class="key"><span class="swatch sw-step"></span>{{.StepMark}}</span>{{end}}{{if .DifferMarked}}<span class="key"><span class="swatch sw-differ"></span>{{.DifferMark}}</span>{{end}}</div>
<div class="frames">
{{range .Frames}}<figure>
<figcaption>{{.Caption}}{{if .Window}}<br/><span class="note">{{.Window}}</span>{{end}}</figcaption>
{{.SVG}}
{{if .Output}}<pre>{{range .Output}}{{.}}
{{end}}{{if .More}}… {{.More}} more line(s)
{{end}}</pre>{{end}}{{range .Notes}}<p class="note">{{.}}</p>{{end}}
</figure>
{{end}}</div>
{{if .Show}}<p class="note">In a terminal: <code>{{.Show}}</code></p>
{{end}}{{end}}<h2>The outputs</h2>
<div class="pair">
<div><h3>want</h3><pre>{{range .WantOut}}{{if .N}}<span class="ln">{{.N}}</span>{{end}}{{if .Mark}}<span class="mark">{{.Text}}</span>{{else}}{{.Text}}{{end}}
{{end}}</pre></div>
<div><h3>got</h3><pre>{{range .GotOut}}{{if .N}}<span class="ln">{{.N}}</span>{{end}}{{if .Mark}}<span class="mark">{{.Text}}</span>{{else}}{{.Text}}{{end}}
{{end}}</pre></div>
</div>
<h2>Input</h2>
<pre>{{range .Input}}{{if .N}}<span class="ln">{{.N}}</span>{{else}}<span class="ln"></span>{{end}}{{if .Mark}}<span class="mark">{{.Text}}</span>{{else}}{{.Text}}{{end}}
{{end}}</pre>
{{if .InputNote}}<p class="note">{{.InputNote}}</p>
{{end}}{{if .Reproduce}}<h2>Reproduce</h2>
<pre>{{range .Reproduce}}{{.}}
{{end}}</pre>
{{end}}{{if .Notes}}<h2>Notes</h2>
<ul>
{{range .Notes}}<li>{{.}}</li>
{{end}}</ul>
{{end}}</body>
</html>
`))
