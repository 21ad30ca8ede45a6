// Package gen draws and shrinks each game's cases (package testcase): gopter generators
// named by calls (Gen) and biased toward the hard parts of the game and its limits,
// shrinkers that keep every candidate valid and cut biggest first, and the test plans.
//
// gen drives the judges' own games while it generates: ref's (ref.MineGame, ref.BoomGame,
// ref.TowerGame), with the watches of package ruling when rulings are skipped, and
// otherwise fast's boards (fast.MinePlay, fast.BoomPlay, fast.TowerPlay), which play as
// ref's, in ref's order, and make the same cases at a fraction of the cost. A model of the
// rules in gen would be a third copy of them, which the generators' aim and the skipped
// rulings would trust. ref, fast and ruling import nothing of gen or engine, so the ground
// packages form no cycle.
package gen
