package fuzz

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestDiffCaseFollowsBytes: the game a Diff target decodes from its bytes asks for no more
// work than the bytes hold: every operation and command comes from bytes of the input, and
// every dataset but the first (boom's games need not: there are at most 30), so the
// reference's answer has at most about a line per byte. A count read near the end of the
// bytes and filled from the zeros past it (boom's games did that, up to 10000 clicks from
// 51 bytes) made a few fuzzer inputs cost more than all the others. A board may still run
// past the end: maxGrowth bounds that.
func TestDiffCaseFollowsBytes(t *testing.T) {
	// slack covers what a case has whatever its bytes: boom's 30 games end with a line and
	// are separated by one.
	const slack = 64
	r := rand.New(rand.NewSource(1))
	for _, game := range fuzzedGames() {
		g, err := targetOf(game)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2000 {
			data := make([]byte, 1+r.Intn(96))
			for j := range data {
				data[j] = byte(r.Intn(256))
				if r.Intn(6) == 0 {
					data[j] = 0xFF // the byte that asks a size or a count for its whole range
				}
			}
			input, _ := g.fuzzInput(data)
			var answer bytes.Buffer
			if err := g.ref(input, &answer); err != nil {
				t.Fatalf("%s: ref on the decoding of %x: %v", game, data, err)
			}
			if lines := bytes.Count(answer.Bytes(), []byte("\n")); lines > len(data)+slack {
				t.Fatalf("%s: %d bytes %x (draw %d) decode to a game answered in %d lines", game, len(data), data, i, lines)
			}
		}
	}
}

// TestBlownUpGamesPassedOver: a Diff target plays no game decoded mostly from past the end
// of its bytes, and plays every seed, whose bytes spell its game out.
func TestBlownUpGamesPassedOver(t *testing.T) {
	big := bytes.Repeat([]byte("x"), maxGrowth*2+growthSlack+1)
	g := &target{
		game: "toy", ref: judge("1\n", nil), fast: judge("2\n", nil), validate: func([]byte) error { return nil },
		fuzzInput: func(data []byte) ([]byte, bool) { return big[:min(len(big), maxGrowth*len(data)+growthSlack+1)], true },
	}
	if failure := failureOf(func(f failer) { g.checkDiff(f, []byte{0xFF, 0xFF}) }); failure != "" {
		t.Errorf("a game of %d bytes from 2 was played: %s", len(big), failure)
	}
	g.fuzzInput = func(data []byte) ([]byte, bool) { return big[:maxGrowth*len(data)+growthSlack], true }
	if failure := failureOf(func(f failer) { g.checkDiff(f, []byte{0xFF, 0xFF}) }); failure == "" {
		t.Errorf("a game at the growth bound was not played")
	}
	for _, game := range fuzzedGames() {
		g, err := targetOf(game)
		if err != nil {
			t.Fatal(err)
		}
		seeds, err := g.diffSeeds()
		if err != nil {
			t.Fatal(err)
		}
		for _, seed := range seeds {
			if input, _ := g.fuzzInput(seed); blownUp(seed, input) {
				t.Errorf("%s: a seed of %d bytes decodes to %d bytes of input, which the target passes over", game, len(seed), len(input))
			}
		}
	}
}
