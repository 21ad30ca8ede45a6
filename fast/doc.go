// Package fast holds the optimized judges, one file per game, each of which must match
// its counterpart in package ref byte for byte and run near the I/O limit.
//
// The shared machinery is named for what it is: scanner.go (a zero-copy tokenizer over
// the whole input that counts lines for errors), writer.go (the one batched writer),
// bitset.go (ordering cells by row and column without comparing them), minefield.go (the
// minesweeper board loader and neighbour counts, eight cells at a time), and floor.go
// (the I/O floor the benchmarks compare the judges with).
package fast
