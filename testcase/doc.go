// Package testcase is each game's input as a typed case, one file per game: its Encode
// (the judge's input bytes), a strict Decode that is the game's validator (every limit of
// the statement, the first violation named with its line, like a testlib validator), the
// statement's limits, FromBytes (the structured decoding of fuzzer bytes) and its inverse
// Bytes, and what a case reaches: Bounds (its limits), Features and PlayFacts (measured on
// ref's play). The shared machinery is the strict reader of the validators (instream.go)
// and the fuzzer bytes' tape (tape.go).
//
// It is apart from gen, which draws and shrinks these cases, so that a package that only
// reads or changes a case (scale, which crops and cuts one) needs no generator.
//
// A test set's plan says, per test, what the test makes a judge do: how much of the input
// is read before the game ends, the largest cascade, how deep a recursive flood fill goes.
// Those are measured here on ref's own play of the case (its steppable games, as gen's
// players drive them), never claimed by the call that drew the case: a call says what it
// aims at, PlayFacts what the case reaches.
package testcase
