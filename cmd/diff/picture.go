package main

import (
	"os"
	"path/filepath"
	"strings"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/picture"
)

// pictured reports whether the report of a finding draws the board where the answers
// part: for a wrong answer, not for other verdicts, whose output is cut short anywhere.
func pictured(f engine.Finding) bool {
	d := f.Divergence
	return d != nil && d.Culprit == "" && d.Want.Exit == d.Got.Exit
}

// partingOf is Explain's parting of a finding's answers; nil when it has none.
func partingOf(g games.Game, f engine.Finding) *picture.Parting {
	d := f.Divergence
	if d == nil {
		return nil
	}
	p, err := picture.Explain(g.Name(), f.Input, d.Want.Stdout, d.Got.Stdout)
	if err != nil {
		return nil
	}
	return &p
}

// writePage writes a finding's self-contained HTML page into dir, named after the
// finding's case file, and returns its path. p is Explain's parting of the finding, or
// nil: the page then explains it, and says why it has no picture.
func writePage(dir string, g games.Game, h huntFlags, f engine.Finding, p *picture.Parting) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	name := strings.TrimSuffix(filepath.Base(f.Path), ".in")
	if name == "" || name == "." {
		name = "case-" + strings.ReplaceAll(f.Signature, "/", "_")
	}
	path := filepath.Join(dir, g.Name()+"-"+name+".html")
	r := picture.Report{Game: g.Name(), Verdict: f.Verdict.String() + ": " + f.Divergence.Summary(), Signature: f.Signature,
		Input: f.Input, Want: f.Divergence.Want.Stdout, Got: f.Divergence.Got.Stdout, Reproduce: reproduceLines(g, h, f), Parting: p}
	if f.Note != "" {
		r.Notes = append(r.Notes, f.Note)
	}
	if len(f.Rulings) > 0 {
		r.Notes = append(r.Notes, "rulings its case reaches: "+strings.Join(f.Rulings, ", ")+" (docs/"+g.Name()+".md)")
	}
	if f.Divergence.Culprit != "" {
		r.Notes = append(r.Notes, f.Divergence.Culprit+" "+f.Divergence.Summary()+": "+firstLineOf(f.Divergence.Got.Stderr))
	}
	return path, engine.WriteFileAtomic(path, picture.Page(r))
}

func firstLineOf(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
