package gen

import (
	"testing"

	"gamediff/ref"
	"gamediff/testcase"
)

// TestLimitCasesStressWhatTheyAreFor: the cases each generator makes at the limits
// (mineLimitWeight, boomLimitWeight, towerLimitWeight, dataminingLimitWeight) are the
// shapes that make slow solutions slow: many operations read on a big board, and a
// cascade over most of it.
func TestLimitCasesStressWhatTheyAreFor(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	t.Run("mine", func(t *testing.T) {
		c := drawCase[testcase.Mine](t, mustGen("mine -n 1000 -m 1000 -q 60000 -scenario cascade-long-game", nil), 1)
		g := ref.NewMineGame(c.Board)
		read, sweeps, cascade := 0, 0, 0
		for _, op := range c.Ops {
			if op.Kind == testcase.MineQuit || g.Outcome() != "" {
				break
			}
			read++
			if op.Kind != testcase.MineFlag {
				sweeps++
			}
			g.Play(op.Kind.String(), op.X, op.Y)
			cascade = max(cascade, len(g.Newly()))
		}
		t.Logf("1000x1000: %d operations read, %d of them Sweep or DSweep; a cascade of %d cells", read, sweeps, cascade)
		if read < testcase.MineMaxOps-1 || sweeps < 20000 || cascade < 800_000 {
			t.Errorf("%d operations read (want all %d), %d Sweep or DSweep (want 20000 or more), a cascade of %d cells (want 800000 or more)",
				read, testcase.MineMaxOps-1, sweeps, cascade)
		}
	})
	t.Run("boom", func(t *testing.T) {
		for _, tc := range []struct {
			call           string
			live, cascades int // clicks read while games run; cells of the biggest cascade
		}{
			{"boom -T 30 -n 200 -m 200 -q 10000 -layout dense -player careful", 150_000, 0},
			{"boom -T 30 -n 200 -m 200 -q 10000 -layout sparse", 0, 30_000},
		} {
			c := drawCase[testcase.Boom](t, mustGen(tc.call, nil), 1)
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
			t.Logf("%s: %d games, %d clicks read while the games run, a cascade of %d cells", tc.call, len(c.Games), live, cascade)
			if len(c.Games) != testcase.BoomMaxGames || live < tc.live || cascade < tc.cascades {
				t.Errorf("%s: %d games, %d live clicks (want %d), a cascade of %d (want %d)", tc.call, len(c.Games), live, tc.live, cascade, tc.cascades)
			}
		}
	})
	t.Run("tower", func(t *testing.T) {
		c := drawCase[testcase.Tower](t, mustGen("tower -datasets 100..400 -n 50 -m 50 -cmds 250..500 -careful", nil), 1)
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
