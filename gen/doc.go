// Package gen draws and shrinks each game's cases (package testcase): gopter generators
// named by calls (Gen) and biased toward the hard parts of the game and its limits,
// shrinkers that keep every candidate valid and cut biggest first, and the test plans.
//
// gen drives ref's own games (ref.MineGame, ref.BoomGame, ref.TowerGame) while it
// generates, with the watches of package ruling when rulings are skipped: a model of the
// rules in gen would be a third copy of them, which the generators' aim and the skipped
// rulings would trust. ref and ruling import nothing of gen, fast or engine, so the ground
// packages form no cycle.
package gen
