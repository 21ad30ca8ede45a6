package picture

import (
	"testing"
)

// FuzzExplain: whatever the input and the two outputs, Play, Explain, Text and Figures
// neither panic nor grow without bound.
func FuzzExplain(f *testing.F) {
	names := []string{"mine", "boom", "tower", "datamining"}
	for _, c := range explainCases {
		want := refOutput(f, c.game, c.input)
		for i, n := range names {
			if n == c.game {
				f.Add(byte(i), []byte(c.input), want, applyEdits(want, c.edits))
			}
		}
	}
	f.Add(byte(0), []byte("3 3\n...\n..*\n...\nSweep 1 1\nDSweep 2 9\n"), []byte("6 cell(s) detected\n"), []byte("\x00\n\n\n"))
	f.Fuzz(func(t *testing.T, which byte, input, want, got []byte) {
		game := names[int(which)%len(names)]
		if _, err := Play(game, input); err != nil && len(input) == 0 {
			return
		}
		p, err := Explain(game, input, want, got)
		if err != nil {
			return
		}
		if text := p.Text(true); len(text) > 32<<10 {
			t.Fatalf("a picture of %d bytes", len(text))
		}
		if size := figuresSize(p); size > 4<<20 {
			t.Fatalf("figures of %d bytes", size)
		}
	})
}
