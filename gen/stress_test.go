package gen

import (
	"testing"

	"gamediff/ref"
)

// TestLimitCasesStressWhatTheyAreFor: the cases each generator makes at the limits
// (mineLimitWeight, boomLimitWeight, towerLimitWeight, dataminingLimitWeight) are the
// shapes that make slow solutions slow: many operations read on a big board, and a
// cascade over most of it.
func TestLimitCasesStressWhatTheyAreFor(t *testing.T) {
	one := func(v int) [2]int { return [2]int{v, v} }
	t.Run("mine", func(t *testing.T) {
		c := drawCase[Mine](t, MineCase(MineShape{N: one(MineMaxSide), M: one(MineMaxSide), Ops: one(MineMaxOps), Scenario: MineCascadeLongGame}), 1)
		g := ref.NewMineGame(c.Board)
		read, sweeps, cascade := 0, 0, 0
		for _, op := range c.Ops {
			if op.Kind == MineQuit || g.Outcome() != "" {
				break
			}
			read++
			if op.Kind != MineFlag {
				sweeps++
			}
			g.Play(op.Kind.String(), op.X, op.Y)
			cascade = max(cascade, len(g.Newly()))
		}
		t.Logf("1000x1000: %d operations read, %d of them Sweep or DSweep; a cascade of %d cells", read, sweeps, cascade)
		if read < MineMaxOps-1 || sweeps < 20000 || cascade < 800_000 {
			t.Errorf("%d operations read (want all %d), %d Sweep or DSweep (want 20000 or more), a cascade of %d cells (want 800000 or more)",
				read, MineMaxOps-1, sweeps, cascade)
		}
	})
	t.Run("boom", func(t *testing.T) {
		for _, tc := range []struct {
			shape          BoomShape
			live, cascades int // clicks read while games run; cells of the biggest cascade
		}{
			{BoomShape{Games: one(BoomMaxGames), N: one(BoomMaxSide), M: one(BoomMaxSide), Ops: one(BoomMaxOps), Layout: BoomDense, Player: BoomCareful}, 150_000, 0},
			{BoomShape{Games: one(BoomMaxGames), N: one(BoomMaxSide), M: one(BoomMaxSide), Ops: one(BoomMaxOps), Layout: BoomSparse}, 0, 30_000},
		} {
			c := drawCase[Boom](t, BoomCase(tc.shape), 1)
			live, cascade := 0, 0
			for _, bg := range c.Games {
				g := ref.NewBoomGame(bg.Board)
				for _, op := range bg.Ops {
					if g.Over() {
						break
					}
					live++
					g.Play(int(op.Kind), op.X, op.Y)
					cascade = max(cascade, len(g.Changed()))
				}
			}
			t.Logf("%s: %d games, %d clicks read while the games run, a cascade of %d cells", tc.shape.Layout, len(c.Games), live, cascade)
			if len(c.Games) != BoomMaxGames || live < tc.live || cascade < tc.cascades {
				t.Errorf("%s: %d games, %d live clicks (want %d), a cascade of %d (want %d)", tc.shape.Layout, len(c.Games), live, tc.live, cascade, tc.cascades)
			}
		}
	})
	t.Run("tower", func(t *testing.T) {
		c := drawCase[Tower](t, TowerCase(TowerShape{Datasets: [2]int{100, 400}, N: one(TowerMaxSide), M: one(TowerMaxSide), Cmds: [2]int{250, 500}, Careful: true}), 1)
		live, total := 0, 0
		for _, d := range c.Datasets {
			total += len(d.Cmds)
		}
		ref.TowerRules(c.Encode(), func(s *ref.TowerStep) {
			if s.Phase == ref.TowerCommand {
				live++
			}
		})
		t.Logf("%d towers of 50x50, %d commands, %d of them in a live game", len(c.Datasets), total, live)
		if len(c.Datasets) < 100 || live < total/2 {
			t.Errorf("%d towers, %d of %d commands in a live game: want 100 towers or more, half the commands live", len(c.Datasets), live, total)
		}
	})
}
