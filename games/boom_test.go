package games

import (
	"context"
	"math/rand"
	"strings"
	"testing"

	"gamediff/engine"
	"gamediff/gen"
)

// TestBoomHunt runs a short seeded hunt: ref and fast must agree on every case.
func TestBoomHunt(t *testing.T) {
	g, err := Lookup("boom")
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
		for _, f := range sum.Findings {
			var b strings.Builder
			f.Divergence.Report(&b)
			t.Errorf("case %d: %s", f.Index, b.String())
		}
		t.Fatalf("%d cases, %d divergences", sum.Cases, sum.Divergences)
	}
}

// boomBroken damages a valid input the ways R-IN1 lists: cut it short, or put a wrong
// token (out-of-range number, sign, letter, bad board character, extra or missing
// character in a row) in place of one of its tokens.
func boomBroken(r *rand.Rand, input []byte) []byte {
	if r.Intn(4) == 0 {
		return input[:r.Intn(len(input)+1)]
	}
	fields := strings.Fields(string(input))
	i := r.Intn(len(fields))
	bad := []string{"0", "-1", "4", "201", "2", "31", "99999999999999999999", "x", "+1", "007", "_._", "**", "", "1 1"}
	v := bad[r.Intn(len(bad))]
	if r.Intn(3) == 0 && len(fields[i]) > 1 {
		v = fields[i][1:] // a row one short, a number cut
	}
	// Rebuild line by line so that the damaged token keeps its line.
	var b strings.Builder
	k := 0
	for _, line := range strings.SplitAfter(string(input), "\n") {
		words := strings.Fields(line)
		for j := range words {
			if k == i {
				words[j] = v
			}
			k++
		}
		b.WriteString(strings.Join(words, " "))
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	return []byte(b.String())
}

// TestBoomBrokenInputs compares ref and fast on damaged inputs, which hunts never
// generate: same stdout before the error, same exit status, same line named.
func TestBoomBrokenInputs(t *testing.T) {
	g, _ := Lookup("boom")
	want := engine.InProcess{Label: "ref", F: g.Ref}
	got := engine.InProcess{Label: "fast", F: g.Fast}
	r := rand.New(rand.NewSource(1))
	shape := gen.BoomShape{Games: [2]int{1, 4}, N: [2]int{3, 8}, M: [2]int{3, 8}, Ops: [2]int{0, 20}}
	errors, late := 0, 0
	for i := 0; i < 2000; i++ {
		c := benchCase(t, gen.BoomCase(shape), int64(i))
		input := boomBroken(r, c.Encode())
		w, err := want.Run(context.Background(), input)
		if err != nil {
			t.Fatal(err)
		}
		f, err := got.Run(context.Background(), input)
		if err != nil {
			t.Fatal(err)
		}
		if d := engine.Compare(w, f, nil); d != nil {
			var b strings.Builder
			d.Report(&b)
			t.Fatalf("input %d:\n%s\n%s", i, input, b.String())
		}
		if w.Exit == 2 {
			errors++
			if len(w.Stdout) > 0 {
				late++
			}
		}
	}
	t.Logf("%d input errors, %d of them after some output", errors, late)
	if errors < 1000 || late < 300 {
		t.Errorf("only %d of 2000 damaged inputs were input errors, %d after some output", errors, late)
	}
}

// TestBoomFromBytesAgree runs ref and fast on the cases BoomFromBytes decodes from random
// bytes, the inputs a native fuzz target would feed them.
func TestBoomFromBytesAgree(t *testing.T) {
	g, _ := Lookup("boom")
	want := engine.InProcess{Label: "ref", F: g.Ref}
	got := engine.InProcess{Label: "fast", F: g.Fast}
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 1000; i++ {
		data := make([]byte, r.Intn(600))
		r.Read(data)
		input := gen.BoomFromBytes(data).Encode()
		w, err := want.Run(context.Background(), input)
		if err != nil {
			t.Fatal(err)
		}
		f, err := got.Run(context.Background(), input)
		if err != nil {
			t.Fatal(err)
		}
		if d := engine.Compare(w, f, nil); d != nil || w.Exit != 0 {
			t.Fatalf("bytes %x: exit %d, divergence %v", data, w.Exit, d)
		}
	}
}
