package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
	"gamediff/ruling"
)

func init() {
	register(oneLineEach(batched[gen.Tower]{
		typed: typed[gen.Tower]{
			name:      "tower",
			ref:       ref.Tower,
			fast:      fast.Tower,
			gen:       gen.TowerGen,
			shrink:    gen.ShrinkTower,
			decode:    gen.DecodeTower,
			fromBytes: gen.TowerFromBytes,
			plan:      gen.TowerPlan,
			rulings:   ruling.Tower,
			reached:   ruling.TowerInput,
			validate:  gen.ValidateTower,
			// The statement's header leaves the time limit blank ("時間制限 : sec"): 1 s, as
			// the other judges of this size have (docs/tower.md).
			timeLimit: time.Second,
		},
		unit: gen.TowerUnitGen,
		fits: fitsPacked[gen.Tower],
	}, func(c gen.Tower) []gen.TowerDataset { return c.Datasets }, func(d []gen.TowerDataset) gen.Tower { return gen.Tower{Datasets: d} }))
}
