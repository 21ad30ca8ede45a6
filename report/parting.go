package report

import (
	"gamediff/corpus"
	"gamediff/outcome"

	"context"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"gamediff/engine"
	"gamediff/picture"
	"gamediff/sandbox"
)

// Parting is Explain's parting of a finding's outputs, its commands naming this binary and
// the finding's file; nil when there is none (the outputs are the same). A wrong answer's
// draws the board where the answers part; a run that did not end normally's says where in
// the game it stopped (Explain of the expected answer against what the run wrote before
// it stopped).
func (h Hunt) Parting(f outcome.Finding) *picture.Parting {
	g := h.Game
	d := f.Divergence
	if d == nil {
		return nil
	}
	want := d.Want.Stdout
	if failed(f) && len(want) == 0 && d.Want.Exit == 0 {
		// A failure minimized with the code under test alone may carry no expected answer:
		// where the run stopped is told against the reference's own.
		if r, err := (engine.InProcess{Solver: outcome.Ref, Judge: g.Ref}).Run(context.Background(), f.Input); err == nil && r.Status == sandbox.Exited {
			want = r.Stdout
		}
	}
	explain := g.Picture().Explain
	if failed(f) {
		explain = g.Picture().Stopped
	}
	p, err := explain(f.Input, want, d.Got.Stdout)
	if err != nil {
		return nil
	}
	p.Self, p.File = h.Self, f.Path
	return &p
}

// WritePage writes a finding's self-contained HTML page into dir, named after the
// finding's case file, and returns its path. p is Explain's parting of the finding, or
// nil: the page then explains a wrong answer itself, and says why it has no picture.
func (h Hunt) WritePage(dir string, f outcome.Finding, p *picture.Parting) (string, error) {
	g := h.Game
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	name := strings.TrimSuffix(filepath.Base(f.Path), ".in")
	if name == "" || name == "." {
		name = "case-" + strings.ReplaceAll(f.Signature, "/", "_")
	}
	path := filepath.Join(dir, g.Name()+"-"+name+".html")
	r := Page{Game: g.Name(), Drawing: g.Picture(), Verdict: verdictLine(f), Signature: f.Signature,
		Input: f.Input, Want: f.Divergence.Want.Stdout, Got: f.Divergence.Got.Stdout, Reproduce: h.Reproduce(f), Parting: p}
	if failed(f) {
		fl := h.failure(f, p)
		r.Failure = &Failure{What: sentence(fl.what), Where: sentence(fl.where), Hint: sentence(fl.hint),
			Stderr: fl.stderr, Stack: fl.stack, Lost: fl.lost}
		if fl.line == 0 {
			r.Parting = nil // nothing tells where in the game it stopped: no step is pictured as if it did
		}
		if fl.usage != "" {
			r.Failure.Usage = sentence("it used " + fl.usage)
		}
	}
	if f.Note != "" {
		r.Notes = append(r.Notes, f.Note)
	}
	r.Notes = append(r.Notes, h.causeLines(f)...)
	return path, corpus.WriteAtomic(path, r.HTML())
}

// verdictLine is a page's line under its heading: the verdict, in words.
func verdictLine(f outcome.Finding) string {
	d := f.Divergence
	if failed(f) {
		r := culpritOf(d)
		if d.Culprit == outcome.NoSolver {
			return f.Verdict.String() + ": " + solverName(r.Solver) + " exited with a status other than ref's"
		}
		return f.Verdict.String() + ": " + solverName(r.Solver) + " " + r.Status.String()
	}
	return f.Verdict.String() + ": " + Summary(d)
}

// sentence is s as a sentence: its first letter a capital, a full stop at its end; "" for
// "".
func sentence(s string) string {
	if s == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
