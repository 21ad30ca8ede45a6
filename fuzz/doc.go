// Package fuzz holds gamediff's native Go fuzz targets, two per game:
//
//   - Fuzz<Game>Parse feeds arbitrary bytes to ref and fast as judge input. Neither may
//     panic or hang; both must accept or reject alike, print the same bytes before an
//     input error, name the same line, and every error message must start "line N:".
//   - Fuzz<Game>Diff decodes the bytes into a valid game (used as is when they already
//     are a valid input, else through the game's structured FromBytes decoding) and
//     compares ref with fast byte for byte.
//
// The targets are seeded from corpus/<game>/ and from the generators, so fuzzing starts
// from real games. `go test ./fuzz` replays the seeds and every crasher kept under
// testdata/fuzz/; `go test ./fuzz -run '^$' -fuzz '^FuzzMineDiff$'` fuzzes one target.
package fuzz
