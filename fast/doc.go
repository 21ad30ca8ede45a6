// Package fast holds the optimized judges, one file per game, each of which must match
// its counterpart in package ref byte for byte and run near the I/O limit.
//
// The shared machinery is named for what it is: scanner.go (a zero-copy tokenizer over
// the whole input that counts lines for errors), writer.go (the one batched writer),
// bitset.go (ordering cells by row and column without comparing them), minefield.go (the
// minesweeper board loader and neighbour counts, eight cells at a time), and floor.go
// (the I/O floor the benchmarks compare the judges with).
//
// MinePlay, BoomPlay and TowerPlay are the judges' boards played without output, for
// gen's players: they read as ref's games do (the minesweepers open cells in ref's
// order), so that the players make the cases they make on ref's games, at a fraction of
// the cost.
package fast
