// Package gen draws and shrinks each game's cases (package testcase): gopter generators
// named by calls (Gen) and biased toward the hard parts of the game and its limits,
// shrinkers that keep every candidate valid and cut biggest first, and the test plans.
//
// gen drives ref's games while it generates (ref.MineGame, ref.BoomGame, ref.TowerGame),
// with the watches of package ruling when rulings are skipped; never the judge under test
// (package fast), which runs in the hunt's workers alone, so that a crash, a hang or a
// runaway allocation of it is a finding there, not the end of the process that draws the
// cases. A model of the rules in gen would be a third copy of them, which the generators'
// aim and the skipped rulings would trust. ref and ruling import nothing of gen or
// engine, so the ground packages form no cycle.
package gen
