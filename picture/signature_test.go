package picture

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSignatureIsExplains: Signature, which stops where the signature is known, signs as
// Explain does, and refuses what Explain refuses, on the Explain cases and the fuzz seeds.
func TestSignatureIsExplains(t *testing.T) {
	type triple struct {
		name, game       string
		input, want, got []byte
	}
	var cases []triple
	for _, c := range explainCases {
		want := refOutput(t, c.game, c.input)
		cases = append(cases, triple{c.name, c.game, []byte(c.input), want, applyEdits(want, c.edits)})
	}
	mineOut := refOutput(t, "mine", mineA)
	cases = append(cases,
		triple{"seed: an input error, got garbage", "mine", []byte("3 3\n...\n..*\n...\nSweep 1 1\nDSweep 2 9\n"),
			[]byte("6 cell(s) detected\n"), []byte("\x00\n\n\n")},
		triple{"no step at all", "tower", nil, nil, []byte("Game Over : Cleared\n")},
		triple{"same answers", "mine", []byte(mineA), mineOut, mineOut},
	)
	seeds, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzExplain", "*"))
	names := []string{"mine", "boom", "tower", "datamining"}
	for _, path := range seeds {
		which, args := readFuzzSeed(t, path)
		cases = append(cases, triple{path, names[int(which)%len(names)], args[0], args[1], args[2]})
	}
	for _, c := range cases {
		p, errP := Explain(c.game, c.input, c.want, c.got)
		sig, errS := Signature(c.game, c.input, c.want, c.got)
		if (errP == nil) != (errS == nil) || sig.Words != p.Signature {
			t.Errorf("%s: Signature %q (%v), Explain's %q (%v)", c.name, sig.Words, errS, p.Signature, errP)
		}
	}
}

// readFuzzSeed reads a FuzzExplain corpus file: a byte, then three []byte.
func readFuzzSeed(t *testing.T, path string) (byte, [3][]byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 5 || lines[0] != "go test fuzz v1" {
		t.Fatalf("%s: not a FuzzExplain seed", path)
	}
	unquote := func(l, prefix string) string {
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(l, prefix), ")"))
		if err != nil || !strings.HasPrefix(l, prefix) {
			t.Fatalf("%s: %q: %v", path, l, err)
		}
		return s
	}
	which := unquote(lines[1], "byte(")
	var args [3][]byte
	for k := range args {
		args[k] = bytes.Clone([]byte(unquote(lines[2+k], "[]byte(")))
	}
	return which[0], args
}
