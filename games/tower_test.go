package games

import (
	"bytes"
	"context"
	"math/rand"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
)

// TestTowerHuntShort runs a short seeded hunt: ref and fast must agree on every case.
func TestTowerHuntShort(t *testing.T) {
	g, err := Lookup("tower")
	if err != nil {
		t.Fatal(err)
	}
	cases := int64(3000)
	if testing.Short() {
		cases = 300
	}
	sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Seed: 7, Cases: cases, MinimizeTime: -1})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Cases != cases || sum.Divergences != 0 {
		t.Fatalf("%d cases, %d divergences; want %d cases and none", sum.Cases, sum.Divergences, cases)
	}
}

// towerMutations are the edits TestTowerMalformedInputs applies: they aim at what the
// generator never writes — rows split by blanks or run together (R-T1), characters
// outside the alphabet, S or G missing or twice, odd integers, truncation.
var towerTokens = []string{
	" ", "\n", "\t", "\r\n", "\v", "\f", "0", "-0", "+3", "-1", "00", "3", "50", "51", "2",
	"99999999999999999999", "4611686018427387904", "9223372036854775807", "9223372036854775808",
	"-9223372036854775808", "MOVETO", "PUSH", "PULL", "CLIMB", "GETDOWN", "RIGHT", "LEFT", "UP",
	"S", "G", "B", "I", "C", "1", "#", ".", "x", "moveto", "0 0",
	"99999999999999999999x", "1x", "--1", "+", "-", "-99999999999999999999",
}

func mutateTower(r *rand.Rand, in []byte) []byte {
	out := append([]byte{}, in...)
	for range 1 + r.Intn(3) {
		if len(out) == 0 {
			return []byte(towerTokens[r.Intn(len(towerTokens))])
		}
		p := r.Intn(len(out) + 1)
		switch r.Intn(7) {
		case 0: // delete a byte
			if p < len(out) {
				out = append(out[:p], out[p+1:]...)
			}
		case 1: // insert a token
			tok := towerTokens[r.Intn(len(towerTokens))]
			out = append(out[:p], append([]byte(tok), out[p:]...)...)
		case 2: // overwrite a byte with a tower character or a blank
			if p < len(out) {
				out[p] = ".#IGCB123S \n"[r.Intn(12)]
			}
		case 3: // truncate
			out = out[:p]
		case 4: // spread a row: blanks between its characters (valid per R-T1)
			lines := bytes.Split(out, []byte("\n"))
			k := r.Intn(len(lines))
			lines[k] = []byte(strings.Join(strings.Split(string(lines[k]), ""), " "))
			out = bytes.Join(lines, []byte("\n"))
		case 5: // join two lines
			if i := bytes.IndexByte(out[p:], '\n'); i >= 0 {
				out = append(out[:p+i], out[p+i+1:]...)
			}
		case 6: // replace a number token with another integer
			tok := towerTokens[6+r.Intn(14)]
			if r.Intn(4) == 0 {
				tok = towerTokens[len(towerTokens)-6+r.Intn(6)]
			}
			q := p
			for q < len(out) && out[q] >= '0' && out[q] <= '9' {
				q++
			}
			out = append(out[:p], append([]byte(tok), out[q:]...)...)
		}
	}
	return out
}

// TestTowerMalformedInputs compares ref and fast on mutated inputs: the same stdout (the
// results before the error), the same exit status and the same error line.
func TestTowerMalformedInputs(t *testing.T) {
	g, err := Lookup("tower")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(3))
	count := 20000
	if testing.Short() {
		count = 2000
	}
	errors := 0
	for i := range count {
		c, err := engine.Generate(g, 11, int64(i%500))
		if err != nil {
			t.Fatal(err)
		}
		input := mutateTower(r, c.Encode())
		want, err := engine.InProcess{Label: "ref", F: g.Ref, Timeout: 10 * time.Second}.Run(context.Background(), input)
		if err != nil {
			t.Fatal(err)
		}
		got, err := engine.InProcess{Label: "fast", F: g.Fast, Timeout: 10 * time.Second}.Run(context.Background(), input)
		if err != nil {
			t.Fatal(err)
		}
		if want.ErrLine != 0 {
			errors++
		}
		if d := engine.Compare(want, got, nil); d != nil {
			var b strings.Builder
			d.Report(&b)
			t.Fatalf("mutation %d diverges:\n%s\ninput:\n%q", i, b.String(), input)
		}
	}
	if errors < count/4 {
		t.Errorf("only %d of %d mutated inputs were input errors", errors, count)
	}
}
