// Package fuzz holds gamediff's fuzz targets, two per game, for Go's native fuzzing and
// for libFuzzer as OSS-Fuzz and ClusterFuzzLite build them:
//
//   - Fuzz<Game>Parse feeds arbitrary bytes to ref and fast as judge input. Neither may
//     panic, hang or allocate from an unchecked size; both must accept or reject alike,
//     print the same bytes before an input error, name the same line, and every error
//     message must start "line N:".
//   - Fuzz<Game>Diff decodes the bytes into a valid game (used as is when they already
//     are a valid input, else through the game's structured FromBytes decoding) and
//     compares ref with fast byte for byte. A game decoded mostly from past the end of
//     the bytes is passed over (maxGrowth), so that what an execution costs follows its
//     bytes.
//
// The targets are seeded from corpus/<game>/ and from the generators, so fuzzing starts
// from real games. `go test ./fuzz` replays the seeds and every crasher kept under
// testdata/fuzz/.
//
// OSS-Fuzz builds each target with go-118-fuzz-build, which shapes this package:
//
//   - Of the _test.go files only the target's own is compiled, against a testing package
//     of the builder's. So everything a target calls lives in non-test files and takes
//     small interfaces (failer, seeder) that both testing packages satisfy.
//   - The whole Fuzz function runs again for every libFuzzer input and F.Add does nothing:
//     targets are built once per process (targetOf), the seeds not at all (libfuzzer.go):
//     they reach libFuzzer as a seed corpus that writeSeedCorpus writes in the builder's
//     input format.
//   - The coverage build takes the one .go file that mentions a target's name as its own:
//     no other file, this one included, may write a target's name out.
//
// Everything the targets need of a game comes from lookup, the one function that knows
// how games are wired; the checks run and compare judges with engine's InProcess and
// Compare.
package fuzz
