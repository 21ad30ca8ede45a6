package fuzz

import (
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gamediff/games"
)

// fuzzedGames are the games that have a Parse and a Diff target, named Fuzz<Game>Parse and
// Fuzz<Game>Diff: every registered game (a test keeps the games and the targets in step),
// read when asked, so that a game a test file registers is among them.
func fuzzedGames() []string { return games.Names() }

// targetSeeds returns every target's seeds by target name. The names are put together
// here, never written out: OSS-Fuzz's coverage build takes the one file that mentions a
// target's name to be the target's own.
func targetSeeds() (map[string][][]byte, error) {
	seeds := map[string][][]byte{}
	for _, game := range fuzzedGames() {
		g, err := targetOf(game)
		if err != nil {
			return nil, err
		}
		name := "Fuzz" + strings.ToUpper(game[:1]) + game[1:]
		if seeds[name+"Parse"], err = g.parseSeeds(); err != nil {
			return nil, err
		}
		if seeds[name+"Diff"], err = g.diffSeeds(); err != nil {
			return nil, err
		}
	}
	return seeds, nil
}

// libFuzzerInput is the libFuzzer input that a target built by go-118-fuzz-build (as
// OSS-Fuzz builds native Go fuzz targets) receives as the []byte argument seed: that
// builder decodes the argument as a 4-byte big-endian length, then that many bytes.
func libFuzzerInput(seed []byte) []byte {
	input := binary.BigEndian.AppendUint32(make([]byte, 0, 4+len(seed)), uint32(len(seed)))
	return append(input, seed...)
}

// LibFuzzerArgument is the inverse of libFuzzerInput: the []byte argument a target built
// by go-118-fuzz-build receives for a libFuzzer input, as go-fuzz-headers' GetBytes reads
// it: a 4-byte big-endian length n, then n bytes; a length of 0 reads as 30, and any
// length but the exact rest is taken modulo it. It reports false when input is too short
// to hold an argument. `diff import` reads a crash ClusterFuzzLite reports with it.
func LibFuzzerArgument(input []byte) ([]byte, bool) {
	if len(input) <= 4 {
		return nil, false
	}
	n, rest := binary.BigEndian.Uint32(input), input[4:]
	if n == 0 {
		n = 30
	}
	if n != uint32(len(rest)) {
		n %= uint32(len(rest))
	}
	return rest[:n], true
}

// writeSeedCorpus writes every target's seeds as libFuzzer inputs, one file each named by
// its SHA-1 as libFuzzer names corpus files, under dir/<target>/. An empty seed is left
// out: the builder reads a zero length as 30 and would skip the input.
func writeSeedCorpus(dir string) error {
	seeds, err := targetSeeds()
	if err != nil {
		return err
	}
	for name, list := range seeds {
		targetDir := filepath.Join(dir, name)
		if err := os.MkdirAll(targetDir, 0o755); err != nil {
			return fmt.Errorf("seed corpus of %s: %w", name, err)
		}
		for _, seed := range list {
			if len(seed) == 0 {
				continue
			}
			input := libFuzzerInput(seed)
			sum := sha1.Sum(input)
			if err := os.WriteFile(filepath.Join(targetDir, hex.EncodeToString(sum[:])), input, 0o644); err != nil {
				return fmt.Errorf("seed corpus of %s: %w", name, err)
			}
		}
	}
	return nil
}
