// Package gen models each game's input for the harness: a typed case with Encode (the
// judge's input bytes), a strict Decode that is the game's validator (every limit of the
// statement, the first violation named with its line, like a testlib validator), gopter
// generators biased toward the hard parts of the game, shrinkers that keep every
// candidate valid, FromBytes (the structured decoding of fuzzer bytes), and the test plan
// that diff gen writes.
//
// Shared pieces: instream.go (the strict reader of validators), shrink.go (the spans a
// shrinker cuts, biggest first), tape.go (fuzzer bytes as decisions), plan.go.
package gen
