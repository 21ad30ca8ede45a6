package games

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/leanovate/gopter"

	"gamediff/engine"
	"gamediff/gen"
	"gamediff/outcome"
	"gamediff/sandbox"
)

// BenchmarkCaseOverhead measures what the harness pays per case besides the judges: seed
// a source, generate a small case, encode it, compare two answers. "splitmix" is the
// source a hunt uses (Generate); "mathrand" is math/rand's, seeded per case as before,
// for comparison in the same run.
func BenchmarkCaseOverhead(b *testing.B) {
	small := map[string]string{
		"mine":       "mine -n 1..6 -m 1..6 -q 1..30",
		"boom":       "boom -T 1..3 -n 3..6 -m 3..6 -q 0..25",
		"tower":      "tower -datasets 1..3 -n 3..6 -m 3..7 -cmds 0..14",
		"datamining": "datamining -boards 1..3",
	}
	for _, g := range All() {
		shape, err := gen.Gen(small[g.Name()], nil)
		if err != nil {
			b.Fatal(err)
		}
		var answer bytes.Buffer
		g.Ref(Generate[engine.Case](shape, 1).Encode(), &answer)
		want := outcome.Result{Solver: outcome.Ref, Result: sandbox.Result{Stdout: answer.Bytes()}}
		got := outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Stdout: bytes.Clone(answer.Bytes())}}
		for _, source := range []string{"splitmix", "mathrand"} {
			b.Run(g.Name()+"/"+source, func(b *testing.B) {
				seed := uint64(0)
				for b.Loop() {
					seed++
					var c engine.Case
					if source == "splitmix" {
						c = Generate[engine.Case](shape, seed)
					} else {
						p := gopter.DefaultGenParameters()
						p.Rng = rand.New(rand.NewSource(int64(seed)))
						v, _ := shape(p).Retrieve()
						c = v.(engine.Case)
					}
					if len(c.Encode()) == 0 || engine.Compare(want, got, engine.Exact) != nil {
						b.Fatal("no case, or a divergence of equal answers")
					}
				}
			})
		}
	}
}
