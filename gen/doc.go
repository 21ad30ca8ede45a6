// Package gen models each game's input for the harness: a typed case with Encode (the
// judge's input bytes), a strict Decode that is the game's validator (every limit of the
// statement, the first violation named with its line, like a testlib validator), gopter
// generators biased toward the hard parts of the game and reaching its limits often
// enough to catch slow solutions, shrinkers that keep every candidate valid and cut
// biggest first, FromBytes (the structured decoding of fuzzer bytes) and its inverse
// Bytes (fuzz seeds), Rulings (the rulings of the spec whose situation a case reaches),
// and the test plan that diff gen writes.
//
// Shared pieces: instream.go (the strict reader of validators), shrink.go (the cuts and
// numbers a shrinker tries, biggest first), tape.go (fuzzer bytes as decisions, read and
// written), ruling.go (a ruling and its situation), plan.go.
package gen
