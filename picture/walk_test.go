package picture

import (
	"bytes"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// corpusCases reads every case of a game's corpus.
func corpusCases(t *testing.T, game string) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "corpus", game, "*.in"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus for %s: %v", game, err)
	}
	cases := map[string][]byte{}
	for _, p := range paths {
		cases[filepath.Base(p)] = readCorpus(t, game, filepath.Base(p))
	}
	return cases
}

// TestWalkIsPlay: Walk hands over, one at a time, the frames Play keeps, with the same
// boards, outputs and error, for every case of every game's corpus (input errors
// included), whole or one step; and a visit that returns false stops the play.
func TestWalkIsPlay(t *testing.T) {
	for _, game := range []string{"mine", "boom", "tower", "datamining"} {
		for name, input := range corpusCases(t, game) {
			for _, keep := range []func(d, s int) bool{nil, func(d, s int) bool { return s == 2 }} {
				want, wantErr := PlaySteps(game, input, keep)
				var got []Frame
				gotErr := Walk(game, input, keep, func(f Frame) bool {
					f.Output = bytes.Clone(f.Output)
					got = append(got, f)
					return true
				})
				for i := range want {
					if len(want[i].Output) == 0 {
						want[i].Output = nil
					}
				}
				for i := range got {
					if len(got[i].Output) == 0 {
						got[i].Output = nil
					}
				}
				if !reflect.DeepEqual(got, want) || !sameError(gotErr, wantErr) {
					t.Errorf("%s/%s: Walk gives %d frames (%v), Play %d (%v)", game, name, len(got), gotErr, len(want), wantErr)
				}
			}
		}
	}
	input := readCorpus(t, "mine", "sample-1.in")
	n := 0
	err := Walk("mine", input, nil, func(Frame) bool { n++; return n < 3 })
	if n != 3 || err != nil {
		t.Errorf("a visit that stops the play after 3 frames: %d frames, %v", n, err)
	}
}

func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

// TestLegendKeysEveryCell: every glyph a board of any corpus case draws is a key of its
// game's page legend, in exactly one key, and is written in its text legend.
func TestLegendKeysEveryCell(t *testing.T) {
	for _, game := range []string{"mine", "boom", "tower", "datamining"} {
		g := drawings[game]
		keyed := map[byte]int{}
		for _, k := range g.legend.keys {
			for i := range len(k.glyphs) {
				keyed[k.glyphs[i]]++
			}
		}
		for glyph, n := range keyed {
			if n != 1 {
				t.Errorf("%s: %q is in %d keys of the legend", game, glyph, n)
			}
		}
		drawn := map[byte]string{}
		for name, input := range corpusCases(t, game) {
			err := Walk(game, input, nil, func(f Frame) bool {
				if f.Board != nil {
					for _, row := range f.Board.Cells {
						for _, c := range row {
							drawn[c] = name
						}
					}
				}
				return true
			})
			var in interface{ InputLine() int }
			if err != nil && !errors.As(err, &in) {
				t.Fatalf("%s/%s: %v", game, name, err)
			}
		}
		for glyph, name := range drawn {
			if keyed[glyph] == 0 {
				t.Errorf("%s: %s draws %q, which no key of the page's legend shows", game, name, glyph)
			}
			if !strings.ContainsRune(g.legend.glyphs, rune(glyph)) && !(glyph >= '0' && glyph <= '8') {
				t.Errorf("%s: %s draws %q, which the text legend does not name", game, name, glyph)
			}
		}
		if len(drawn) < 3 {
			t.Errorf("%s: the corpus draws only %d kinds of cell", game, len(drawn))
		}
	}
}

// TestStoppedPicturesTheStep: for a run that stopped before answering a Sweep that opens
// a whole 100x100 board, Stopped pictures the window around the Sweep's cell, with no
// cell marked as disputed, where Explain marks the cells the answer lists.
func TestStoppedPicturesTheStep(t *testing.T) {
	input := "100 100\n" + strings.Repeat(strings.Repeat(".", 100)+"\n", 100) + "Sweep 90 90\nQuit\n"
	want := refOutput(t, "mine", input)
	stopped, err := Stopped("mine", []byte(input), want, nil)
	if err != nil {
		t.Fatal(err)
	}
	explained, err := Explain("mine", []byte(input), want, nil)
	if err != nil {
		t.Fatal(err)
	}
	if stopped.Signature != explained.Signature || stopped.Line != 102 || stopped.Step != 1 {
		t.Errorf("Stopped parts at %s, %q; want Explain's step, operation 1 on input line 102: %s, %q",
			stopped.Where(), stopped.Signature, explained.Where(), explained.Signature)
	}
	b := stopped.Before.Board
	if _, _, ok := b.inside(90, 90); !ok || len(marked(b, MarkDiffer)) != 0 || !slices.Equal(marked(b, MarkStep), [][2]int{{90, 90}}) {
		t.Errorf("Stopped's board: %s, marks %v; want a window around (90, 90), marked as the step's alone", b.Window(), b.Marks)
	}
	if len(marked(explained.Before.Board, MarkDiffer)) == 0 {
		t.Errorf("Explain marks no disputed cell where the answers dispute every cell of the board")
	}
}
