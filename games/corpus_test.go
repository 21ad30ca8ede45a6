package games

import (
	"gamediff/corpus"
	"gamediff/outcome"

	"gamediff/report"

	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamediff/engine"
)

// TestCorpus replays every corpus case of every game through ref and fast: both must
// print NAME.ans exactly and, for an input error, exit 2 naming the line in NAME.err.
// This is the regression gate of CI.
func TestCorpus(t *testing.T) {
	for _, g := range All() {
		t.Run(g.Name(), func(t *testing.T) {
			entries, err := corpus.Read(os.DirFS(filepath.Join("..", "corpus", g.Name())))
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) == 0 {
				t.Fatalf("corpus/%s has no cases", g.Name())
			}
			for _, e := range entries {
				name := strings.TrimSuffix(e.Path, ".in")
				t.Run(name, func(t *testing.T) {
					for _, s := range []engine.Runner{
						engine.InProcess{Solver: outcome.Ref, Judge: g.Ref},
						engine.InProcess{Solver: outcome.Fast, Judge: g.Fast},
					} {
						r, err := s.Run(context.Background(), e.Input)
						if err != nil {
							t.Fatal(err)
						}
						if d := engine.Compare(engine.TestOf(e).Want, r, engine.Exact); d != nil {
							var b strings.Builder
							report.Divergence(&b, d)
							t.Errorf("%s differs from %s:\n%s", s.Who(), e.Path, b.String())
						}
					}
				})
			}
		})
	}
}

// TestCorpusAnswersAreValidInputsOrMarked checks the corpus's own consistency: an input
// the validator rejects must be there on purpose, as an input error (NAME.err) or as a
// ruling about input that is never read (R-IN2, R-M4).
func TestCorpusInvalidInputsAreOnPurpose(t *testing.T) {
	for _, g := range All() {
		entries, err := corpus.Read(os.DirFS(filepath.Join("..", "corpus", g.Name())))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			base := filepath.Base(e.Path)
			onPurpose := e.ErrLine != 0 || strings.HasPrefix(base, "rin") || strings.HasPrefix(base, "rm4")
			if _, err := g.Decode(e.Input); err != nil && !onPurpose {
				t.Errorf("%s: rejected by the validator (%v) but neither an input-error case nor a ruling on ignored input", e.Path, err)
			}
		}
	}
}
