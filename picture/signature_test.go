package picture

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
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

// TestSignatureSignsTheWholePlays: on every case of every game's corpus that the reference
// plays through, answers parting at many places (a byte changed, a line cut short, a line
// added, the answer cut) are signed by Signature, whose play stops after the step where
// they part, as by Explain, which plays the whole input.
func TestSignatureSignsTheWholePlays(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, game := range []string{"mine", "boom", "tower", "datamining"} {
		signed := 0
		for name, input := range corpusCases(t, game) {
			var out bytes.Buffer
			if refs[game](input, &out) != nil || out.Len() == 0 {
				continue // an input error: signed as Explain signs it by TestSignatureIsExplains
			}
			want := out.Bytes()
			for k := range 12 {
				at := r.IntN(len(want))
				got := bytes.Clone(want)
				switch k % 4 {
				case 0:
					got[at] = "0123456789x\n"[r.IntN(12)]
				case 1:
					got = got[:at]
				case 2:
					got = slices.Concat(want[:at], []byte("\n1\n"), want[at:])
				case 3:
					got = slices.Concat(want[:at], want[min(len(want), at+r.IntN(20)+1):])
				}
				p, errP := Explain(game, input, want, got)
				sig, errS := Signature(game, input, want, got)
				if (errP == nil) != (errS == nil) || sig.Words != p.Signature {
					t.Errorf("%s %s, answer parting at byte %d (edit %d): Signature %q (%v), Explain's %q (%v)", game, name, at, k%4, sig.Words, errS, p.Signature, errP)
				}
				if errP == nil {
					signed++
				}
			}
		}
		if signed < 50 {
			t.Errorf("%s: %d answers signed: the corpus moved?", game, signed)
		}
	}
}
