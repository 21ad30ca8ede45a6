package picture

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
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
	// Explain when it is nil.
	Parting *Parting
}

// Bounds of a page: the input and the outputs are shown in part when they are big.
const (
	pageInputLines                    = 2000
	pageInputBytes                    = 256 << 10
	pageLineBytes                     = 2000 // a longer input line is cut
	pageOutputBefore, pageOutputAfter = 5, 15
)

// Page renders a finding as one self-contained HTML file: the input, the two answers
// around the first line where they differ, the boards of the steps near the divergence
// as inline SVG, and the commands that reproduce it. It loads nothing from elsewhere and
// runs no script, so it opens offline and a CI can keep it as an artifact.
func Page(r Report) []byte {
	p := r.Parting
	var notes []string
	if p == nil {
		explained, err := Explain(r.Game, r.Input, r.Want, r.Got)
		if err != nil {
			notes = append(notes, "no picture: "+err.Error())
		} else {
			p = &explained
		}
	}
	v := pageView{Game: r.Game, OneStep: wordsOf(r.Game).oneStep != "", Title: r.Title, Verdict: r.Verdict,
		Signature: r.Signature, Reproduce: r.Reproduce}
	if p != nil {
		if v.Signature == "" {
			v.Signature = p.Signature
		}
		v.Where = fmt.Sprintf("Output line %d, in the answer to %s%s.", p.OutputLine,
			wordsOf(p.Game).stepName(p.Dataset, p.Step, "", p.Op, p.Kind), lineNote(p.Line))
		v.Want, v.Got = answerView(p.Want), answerView(p.Got)
		v.Frames = framesView(*p)
		v.Show = showCommand(*p, strconv.Itoa(p.Step))
		v.Pictured = p.Pictured
		notes = append(notes, p.Notes...)
		v.InputLine = p.Line
		v.OutputLine = p.OutputLine
	}
	if g, ok := games[r.Game]; ok {
		v.Glyphs, v.StepMark, v.DifferMark = g.legend.glyphs, g.legend.step, g.legend.differ
	}
	if v.Title == "" {
		v.Title = r.Game + ": " + v.Signature
	}
	v.Notes = append(notes, r.Notes...)
	v.Input, v.InputNote = inputView(r.Input, v.InputLine)
	v.WantOut = outputView(r.Want, v.OutputLine)
	v.GotOut = outputView(r.Got, v.OutputLine)
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, v); err != nil {
		// The template is fixed and its data plain; an error here is a bug, shown as such.
		return []byte("<!DOCTYPE html><html><body><p>picture: page: " + template.HTMLEscapeString(err.Error()) + "</p></body></html>")
	}
	return buf.Bytes()
}

// pageView is what the template shows; every string in it is text, escaped by the
// template, but for SVG, which the picture draws itself with its text escaped.
type pageView struct {
	Game, Title, Verdict, Signature, Where string
	OneStep                                bool // a dataset is one step: the frames are its board
	Want, Got                              []lineView
	Frames                                 []frameView
	Glyphs, StepMark, DifferMark           string // the legend
	Show, Pictured                         string
	Input                                  []lineView
	InputNote                              string
	InputLine, OutputLine                  int
	WantOut, GotOut                        []lineView
	Reproduce, Notes                       []string
}

// lineView is one numbered line; Mark says it is the line of interest.
type lineView struct {
	N    int
	Text string
	Mark bool
}

type frameView struct {
	Caption string
	Window  string // which part of a big board the SVG shows
	SVG     template.HTML
	Output  []string
	More    int
	Notes   []string
}

// answerView shows an answer's excerpt, the first differing line marked, or a line
// saying the answer ends there.
func answerView(a Answer) []lineView {
	var out []lineView
	for k, l := range a.Lines {
		out = append(out, lineView{N: a.From + k + 1, Text: l, Mark: a.From+k == a.Differ})
	}
	if a.Differ >= a.Total {
		out = append(out, lineView{Text: ended(a.Form), Mark: true})
	}
	return out
}

// framesView lists the frames near the divergence, the state before the step drawn with
// its marks in place of the plain frame of that moment.
func framesView(p Parting) []frameView {
	var out []frameView
	placed := false
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
			caption += "; the disputed cells marked"
		}
		out = append(out, frameOf(f, caption))
	}
	if !placed && p.Before.Board != nil {
		out = append([]frameView{frameOf(p.Before, "before the step, the disputed cells marked")}, out...)
	}
	return out
}

func frameOf(f Frame, caption string) frameView {
	shown, more := excerptLines(f.Output, outputLines)
	v := frameView{Caption: caption, SVG: template.HTML(f.SVG()), Output: shown, More: more, Notes: f.Notes}
	if f.Board != nil {
		v.Window = f.Board.Window()
		if n := f.Board.outside(); n > 0 {
			v.Notes = append(v.Notes, fmt.Sprintf("%d marked cell(s) outside this window", n))
		}
	}
	return v
}

// showCommand is the command that pictures step k of the parting's game and dataset in
// a terminal.
func showCommand(p Parting, k string) string {
	s := "go run ./cmd/diff show -game " + p.Game
	if p.Dataset > 0 {
		s += " -dataset " + strconv.Itoa(p.Dataset)
	}
	if wordsOf(p.Game).oneStep != "" {
		return s + " CASE.in"
	}
	return s + " -step " + k + " CASE.in"
}

// inputView numbers the input's lines, within the page's bounds, marking line mark.
func inputView(input []byte, mark int) ([]lineView, string) {
	var out []lineView
	note := ""
	rest := input
	for n := 1; len(rest) > 0; n++ {
		if n > pageInputLines || len(input)-len(rest) > pageInputBytes {
			note = fmt.Sprintf("The input is cut here: %d more line(s), %d bytes in all.", countLines(rest), len(input))
			break
		}
		l := firstLine(rest)
		rest = rest[len(l):]
		text, end := lineEnd(l)
		out = append(out, lineView{N: n, Text: pageText(text) + end, Mark: n == mark})
	}
	return out, note
}

// outputView numbers the lines of an output around line mark.
func outputView(out []byte, mark int) []lineView {
	var view []lineView
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
	}
	if len(view) == 0 {
		view = append(view, lineView{Text: "(no output here)", Mark: true})
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
.pair { display: flex; gap: 1em; flex-wrap: wrap; }
.pair div { flex: 1 1 45%; min-width: 18em; }
.ln { color: #8c959f; display: inline-block; min-width: 3.5em; text-align: right; padding-right: 1em; user-select: none; }
.mark { background: #ffd8b5; font-weight: 600; }
figcaption { font-weight: 600; margin-bottom: .3em; max-width: 34em; }
.legend { color: #57606a; white-space: pre-wrap; }
.frames { display: flex; flex-wrap: wrap; gap: .5em 2em; align-items: flex-start; }
.frames figure { margin: .6em 0; max-width: 100%; }
.frames pre { max-width: 34em; }
.swatch { display: inline-block; width: 1em; height: 1em; vertical-align: middle; margin: 0 .3em 0 .8em; }
.sw-step { border: 2.5px solid #0969da; }
.sw-differ { border: 3px solid #cf222e; }
.note { color: #57606a; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{if .Verdict}}<p class="verdict">{{.Verdict}}</p>
{{end}}<p>Game <code>{{.Game}}</code>{{if .Signature}}; signature <code class="sig">{{.Signature}}</code>{{end}}</p>
{{if .Where}}<h2>Where the answers part</h2>
<p>{{.Where}}</p>
<div class="pair">
<div><h3>want</h3><pre>{{range .Want}}{{if .N}}<span class="ln">{{.N}}</span>{{else}}<span class="ln"></span>{{end}}{{if .Mark}}<span class="mark">{{.Text}}</span>{{else}}{{.Text}}{{end}}
{{end}}</pre></div>
<div><h3>got</h3><pre>{{range .Got}}{{if .N}}<span class="ln">{{.N}}</span>{{else}}<span class="ln"></span>{{end}}{{if .Mark}}<span class="mark">{{.Text}}</span>{{else}}{{.Text}}{{end}}
{{end}}</pre></div>
</div>
<p class="note">Numbered from the first line of the step's answer; the first line that differs is highlighted.</p>
{{end}}{{if .Frames}}<h2>{{if .OneStep}}The board{{else}}The steps near the divergence{{end}}</h2>
{{if .Pictured}}<p class="note">Pictured: {{.Pictured}}.</p>
{{end}}<p class="legend">{{.Glyphs}}<br/><span class="swatch sw-step"></span>{{.StepMark}}<span class="swatch sw-differ"></span>{{.DifferMark}}</p>
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
<pre>{{range .Input}}<span class="ln">{{.N}}</span>{{if .Mark}}<span class="mark">{{.Text}}</span>{{else}}{{.Text}}{{end}}
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
