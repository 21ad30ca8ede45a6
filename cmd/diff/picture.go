package main

import (
	"os"
	"path/filepath"
	"strings"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/picture"
)

// boardAtParting draws the board just before the step where the answers of a wrong answer
// part, with the cells they disagree about marked; empty for other verdicts, whose
// output is cut short anywhere.
func boardAtParting(g games.Game, f engine.Finding, colour bool) string {
	d := f.Divergence
	if d == nil || d.Culprit != "" || d.Want.Exit != d.Got.Exit {
		return ""
	}
	p, err := picture.Explain(g.Name(), f.Input, d.Want.Stdout, d.Got.Stdout)
	if err != nil {
		return ""
	}
	return p.Text(colour)
}

// writePage writes a finding's self-contained HTML page into dir, named after the
// finding's case file, and returns its path.
func writePage(dir string, g games.Game, h huntFlags, f engine.Finding) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	name := strings.TrimSuffix(filepath.Base(f.Path), ".in")
	if name == "" || name == "." {
		name = "case-" + strings.ReplaceAll(f.Signature, "/", "_")
	}
	path := filepath.Join(dir, g.Name()+"-"+name+".html")
	r := picture.Report{Game: g.Name(), Verdict: f.Verdict + ": " + f.Divergence.Summary(), Signature: f.Signature,
		Input: f.Input, Want: f.Divergence.Want.Stdout, Got: f.Divergence.Got.Stdout, Reproduce: reproduceLines(g, h, f)}
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
