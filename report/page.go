// Package report writes what the hunts, the judgings and the generations find, for a
// person and for a script: the terminal's report of a finding and its summary lines, the
// self-contained HTML page, the judge's tables, the growth table's words, and -json. It is
// fed typed values: engine's findings, summaries and judgements, and picture's parting of
// two answers and its drawings of the boards; it decides nothing, and only writes.
package report

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"strconv"

	"gamediff/internal/quote"
	"gamediff/picture"
)

// Page is one finding as an HTML page shows it.
type Page struct {
	Game      string
	Drawing   *picture.Drawing // how the game's boards are drawn
	Title     string           // the page's heading; "<game>: <signature>" when empty
	Verdict   string           // e.g. "WA: output differs from the reference's"
	Signature string           // Explain's when empty
	Input     []byte           // the (minimized) input
	Want      []byte           // the expected output
	Got       []byte           // the other judge's output
	Reproduce []string
	Notes     []string
	// Parting is Explain's result for the finding when the caller has it; HTML calls
	// Explain when it is nil and the finding is a wrong answer.
	Parting *picture.Parting
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

// Bounds of a page: a big input is shown in part, around the step, and so are the outputs.
const (
	pageInputLines                    = 30      // an input of more lines is shown in part
	pageInputBytes                    = 4 << 10 // and so is one of more bytes
	pageHead, pageAround, pageTail    = 3, 5, 3 // what part: first lines, lines around the step, last lines
	pageLineBytes                     = 200     // a longer input line is cut
	pageOutputBefore, pageOutputAfter = 5, 15
)

// HTML renders a finding as one self-contained HTML file: the input, the two answers
// around the first line where they differ, the boards of the steps near the divergence
// as inline SVG, and the commands that reproduce it; for a run that did not end normally,
// how it ended first, with its stderr and stack. It loads nothing from elsewhere and runs
// no script, so it opens offline and a CI can keep it as an artifact.
func (r Page) HTML() []byte {
	p := r.Parting
	var notes []string
	if p == nil && r.Failure == nil && r.Drawing != nil {
		explained, err := r.Drawing.Explain(r.Input, r.Want, r.Got)
		switch {
		case errors.Is(err, picture.ErrSameOutput):
			notes = append(notes, "No picture: the two outputs are the same, so no step parts them.")
		case err != nil:
			notes = append(notes, "No picture: "+err.Error())
		default:
			p = &explained
		}
	}
	v := pageView{Game: r.Game, OneStep: r.Drawing != nil && r.Drawing.OneStep(), Title: r.Title, Verdict: r.Verdict,
		Signature: r.Signature, Reproduce: r.Reproduce, Failure: r.Failure}
	if p != nil {
		if v.Signature == "" {
			v.Signature = p.Signature
		}
		if r.Failure == nil {
			v.Where = fmt.Sprintf("Output line %d, in the answer to %s.", p.OutputLine, p.Where())
			v.Want, v.Got = answerView(p.Want), answerView(p.Got)
		}
		v.Frames = p.Figures(r.Failure != nil)
		v.Show = p.ShowCommand(strconv.Itoa(p.Step))
		v.Pictured = p.Pictured
		notes = append(notes, p.Notes...)
		v.InputLine = p.Line
		v.OutputLine = p.OutputLine
	}
	if g := r.Drawing; g != nil {
		v.Keys = g.Keys()
		for _, f := range v.Frames {
			v.StepMarked = v.StepMarked || f.Step
			v.DifferMarked = v.DifferMarked || f.Differ
		}
		step, differ := g.MarkWords()
		if v.StepMarked {
			v.StepMark = step
		}
		if v.DifferMarked {
			v.DifferMark = differ
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

// pageView is what the template shows; every string in it is text, escaped by the
// template, but for SVG, which the picture draws itself with its text escaped.
type pageView struct {
	Game, Title, Verdict, Signature, Where string
	OneStep                                bool // a dataset is one step: the frames are its board
	Failure                                *Failure
	Want, Got                              []lineView
	Frames                                 []picture.Figure
	Keys                                   []picture.Key // the legend of the cells
	StepMarked, DifferMarked               bool          // some frame marks a cell so
	StepMark, DifferMark                   string        // the legend of the marks
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

// answerView shows an answer's excerpt, the first differing line marked, or a line
// saying the answer ends there.
func answerView(a picture.Answer) []lineView {
	var out []lineView
	for k, l := range a.Lines {
		out = append(out, lineView{N: a.From + k + 1, Text: l, Mark: a.From+k == a.Differ})
	}
	if a.Differ >= a.Total {
		out = append(out, lineView{Text: a.Ended(), Mark: true, Wrap: true})
	}
	return out
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
		text, end := quote.LineEnd(l)
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
			text, end := quote.LineEnd(l)
			view = append(view, lineView{N: n, Text: quote.Line(text) + end, Mark: n == mark})
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
	if !quote.Plain(text) {
		return quote.Bytes(text)
	}
	if len(text) > pageLineBytes {
		c := quote.Cut(text, pageLineBytes)
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
.frames svg.board { max-width: 100%; height: auto; }
pre.reproduce { white-space: pre-wrap; overflow-wrap: anywhere; }
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
<pre class="reproduce">{{range .Reproduce}}{{.}}
{{end}}</pre>
{{end}}{{if .Notes}}<h2>Notes</h2>
<ul>
{{range .Notes}}<li>{{.}}</li>
{{end}}</ul>
{{end}}</body>
</html>
`))
