package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
)

func init() {
	register(batched[gen.Tower]{
		typed: typed[gen.Tower]{
			name:      "tower",
			ref:       ref.Tower,
			fast:      fast.Tower,
			gen:       gen.TowerGen(),
			shrink:    gen.ShrinkTower,
			decode:    gen.DecodeTower,
			fromBytes: gen.TowerFromBytes,
			plan:      gen.TowerPlan,
			rulings:   gen.TowerRulings,
			validate:  gen.ValidateTower,
			// The statement's header leaves the time limit blank ("時間制限 : sec"): 1 s, as
			// the other judges of this size have (docs/tower.md).
			timeLimit: time.Second,
		},
		unit: gen.TowerUnitGen(),
		concat: func(cases []gen.Tower) gen.Tower {
			var out gen.Tower
			for _, c := range cases {
				out.Datasets = append(out.Datasets, c.Datasets...)
			}
			return out
		},
		fits: fitsPacked[gen.Tower],
		parts: func(c gen.Tower) []gen.Tower {
			out := make([]gen.Tower, len(c.Datasets))
			for i, d := range c.Datasets {
				out[i] = gen.Tower{Datasets: []gen.TowerDataset{d}}
			}
			return out
		},
		split: func(answer []byte, cases []gen.Tower) ([][]byte, bool) {
			return splitLines(answer, cases, func(c gen.Tower) int { return len(c.Datasets) })
		},
	})
}
