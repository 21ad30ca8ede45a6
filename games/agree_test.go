package games

import (
	"gamediff/outcome"
	"gamediff/report"

	"bytes"
	"context"
	"math/rand"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

// These tests hold for every registered game: ref and fast agree on generated cases, on
// damaged inputs (which hunts never generate, so they are what compares the two parsers'
// input errors), and on the cases FromBytes decodes from random bytes.

func agree(t *testing.T, g Game, input []byte) outcome.Result {
	t.Helper()
	limits := sandbox.Limits{Time: cpuclock.Limit(20 * time.Second)}
	want, _, d, err := engine.Diff(context.Background(), engine.InProcess{Solver: outcome.Ref, Judge: g.Ref, Limits: limits},
		engine.InProcess{Solver: outcome.Fast, Judge: g.Fast, Limits: limits}, input, engine.Exact)
	if err != nil {
		t.Fatal(err)
	}
	if d != nil {
		var b strings.Builder
		report.Divergence(&b, d)
		t.Fatalf("%s: ref and fast differ on %q:\n%s", g.Name(), input, b.String())
	}
	return want
}

func TestHuntEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a hunt of every game is proved by the full suite")
	}
	for _, g := range All() {
		t.Run(g.Name(), func(t *testing.T) {
			// Enough cases to reach every situation of the game's catalogue (the opening
			// tests, then cases steered at what is not reached yet), checked below: ref and
			// fast agree in each.
			const cases = 600 // every game reaches its whole catalogue by 500 (seed 7)
			sum, err := engine.Hunt(context.Background(), engine.HuntConfig{Game: g, Seed: 7, Cases: cases, MinimizeTime: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range sum.Findings {
				var b strings.Builder
				report.Divergence(&b, f.Divergence)
				t.Errorf("case %d, minimized:\n%s\n%s", f.Index, f.Input, b.String())
			}
			if sum.Cases != cases || sum.Divergences != 0 {
				t.Fatalf("%d cases of %d, %d divergences", sum.Cases, cases, sum.Divergences)
			}
			if c := sum.Coverage; c == nil || c.Reached != c.Situations {
				t.Errorf("coverage %+v: some situation of the catalogue was not met, so ref and fast were not compared in it", c)
			}
		})
	}
}

// oddNumbers and oddWords are what a damaged input may hold: numbers at and past every
// limit (2^62 is where fast's parser stops and 2^63 where int64 does), signs, leading
// zeros, the games' words and cells, blanks, and garbage.
var (
	oddNumbers = []string{
		"0", "-0", "+3", "-1", "00", "007", "1", "2", "3", "4", "13", "14", "30", "31", "40", "41", "50", "51",
		"200", "201", "1000", "1001", "10001", "60001", "4611686018427387904", "9223372036854775807",
		"9223372036854775808", "-9223372036854775808", "99999999999999999999", "-99999999999999999999",
	}
	oddWords = []string{
		" ", "\n", "\t", "\r\n", "\v", "\f", "99999999999999999999x", "1x", "--1", "+", "-", "0 0",
		"Quit", "Sweep", "Flag", "DSweep", "sweep", "MOVETO", "PUSH", "PULL", "CLIMB", "GETDOWN", "RIGHT",
		"LEFT", "UP", "moveto", "x", "*", ".", "_", "M", "S", "G", "B", "I", "C", "#",
	}
)

func oddToken(r *rand.Rand) []byte {
	if r.Intn(2) == 0 {
		return []byte(oddNumbers[r.Intn(len(oddNumbers))])
	}
	return []byte(oddWords[r.Intn(len(oddWords))])
}

// damage applies one to three random edits to a valid input: delete, insert or overwrite
// bytes, insert an odd token or one of the input's own, truncate, join two lines, spread
// a line with blanks, or swap a number for another.
func damage(r *rand.Rand, in []byte) []byte {
	own := bytes.Fields(in)
	out := append([]byte{}, in...)
	for range 1 + r.Intn(3) {
		if len(out) == 0 {
			return oddToken(r)
		}
		p := r.Intn(len(out) + 1)
		switch r.Intn(8) {
		case 0:
			if p < len(out) {
				out = append(out[:p], out[p+1:]...)
			}
		case 1:
			tok := oddToken(r)
			if r.Intn(2) == 0 && len(own) > 0 {
				tok = own[r.Intn(len(own))]
			}
			out = append(out[:p], append(append([]byte{}, tok...), out[p:]...)...)
		case 2:
			if p < len(out) {
				out[p] = in[r.Intn(len(in))] // a byte of the game's own alphabet
			}
		case 3:
			out = out[:p]
		case 4:
			if i := bytes.IndexByte(out[p:], '\n'); i >= 0 {
				out = append(out[:p+i], out[p+i+1:]...)
			}
		case 5:
			lines := bytes.Split(out, []byte("\n"))
			k := r.Intn(len(lines))
			lines[k] = []byte(strings.Join(strings.Split(string(lines[k]), ""), " "))
			out = bytes.Join(lines, []byte("\n"))
		case 6, 7:
			q := p
			for q < len(out) && out[q] >= '0' && out[q] <= '9' {
				q++
			}
			if q > p {
				out = append(out[:p], append([]byte(oddNumbers[r.Intn(len(oddNumbers))]), out[q:]...)...)
			}
		}
	}
	return out
}

func TestDamagedInputsEveryGame(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	for _, g := range All() {
		t.Run(g.Name(), func(t *testing.T) {
			count := 6000
			if testing.Short() {
				count = 600
			}
			r := rand.New(rand.NewSource(3))
			var inputs [][]byte
			for i := int64(0); len(inputs) < 300; i++ {
				c := g.Generate(uint64(11<<32 + i))
				if in := c.Encode(); len(in) <= 16<<10 {
					inputs = append(inputs, in)
				}
			}
			errors, late := 0, 0
			for i := range count {
				res := agree(t, g, damage(r, inputs[i%len(inputs)]))
				if res.Exit == 2 {
					errors++
					if len(res.Stdout) > 0 {
						late++
					}
				}
			}
			t.Logf("%d damaged inputs: %d input errors, %d of them after some output", count, errors, late)
			if errors < count/4 || late < count/20 {
				t.Errorf("the damage is too weak: %d input errors (%d after some output) of %d", errors, late, count)
			}
		})
	}
}

func TestFromBytesEveryGame(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	for _, g := range All() {
		t.Run(g.Name(), func(t *testing.T) {
			r := rand.New(rand.NewSource(2))
			for i := range 1000 {
				data := make([]byte, r.Intn(600))
				r.Read(data)
				input := g.FromBytes(data).Encode()
				if _, err := g.Decode(input); err != nil {
					t.Fatalf("bytes %d: FromBytes made an invalid case: %v", i, err)
				}
				if res := agree(t, g, input); res.Exit != 0 {
					t.Fatalf("ref rejects a valid case: %s", res.Stderr)
				}
			}
		})
	}
}
