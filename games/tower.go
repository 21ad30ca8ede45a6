package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/picture"
	"gamediff/ref"
	"gamediff/ruling"
)

func init() {
	register(oneLineEach(batched[gen.Tower]{
		typed: typed[gen.Tower]{
			name:    "tower",
			drawing: picture.Tower,
			// Inputs that aim at the parsers' limits (sizes far past the statement's, numbers
			// past int64): input errors that must allocate nothing big, seeds of the Parse target.
			parserSeeds: []string{
				"3 3\n. . .\nS . G\n###2\nMOVETO +3\nPUSH\nLEFT\n0 0\n",
				"3 3\n...\nS.G\n###\n9223372036854775807\nMOVETO 99999999999999999999x\n",
			},
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
