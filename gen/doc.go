// Package gen models each game's input for the harness: a typed case with Encode (the
// judge's input bytes), a strict Decode that is the game's validator (every limit of the
// statement, the first violation named with its line, like a testlib validator), gopter
// generators named by calls (Gen) and biased toward the hard parts of the game and its
// limits, shrinkers that keep every candidate valid and cut biggest first, FromBytes (the
// structured decoding of fuzzer bytes) and its inverse Bytes, and the test plans.
//
// gen drives ref's own games (ref.MineGame, ref.BoomGame, ref.TowerGame) while it
// generates, with the watches of package ruling when rulings are skipped: a model of the
// rules in gen would be a third copy of them, which the generators' aim and the skipped
// rulings would trust. ref and ruling import nothing of gen, fast or engine, so the ground
// packages form no cycle.
package gen
