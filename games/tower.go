package games

import (
	"time"

	"gamediff/engine"
	"gamediff/fast"
	"gamediff/gen"
	"gamediff/picture"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/scale"
)

var (
	_ engine.Scaler    = typed[gen.Tower]{}
	_ engine.Batcher   = bytePacked[gen.Tower]{}
	_ engine.ByteBound = bytePacked[gen.Tower]{}
	_ featured         = gen.Tower{}
)

func init() {
	register(bytePacked[gen.Tower]{oneLineEach(batched[gen.Tower]{
		typed: typed[gen.Tower]{p: Parts[gen.Tower]{
			"tower",         // its name, as -game takes it
			"docs/tower.md", // its rules and rulings, restated
			// The statement's header leaves the time limit blank ("時間制限 : sec"): 1 s, as
			// the other judges of this size have (docs/tower.md).
			time.Second,           // the time limit
			ref.Tower, fast.Tower, // the reference and the judge under test
			gen.DecodeTower, gen.ValidateTower, // the validator, typed and not
			gen.TowerGen, gen.ShrinkTower, gen.TowerFromBytes, gen.TowerPlan, // cases, cuts, fuzz decoding, test set
			ruling.Tower, ruling.TowerInput, // its rulings, and those an input reaches
			picture.Tower, // how reports and show draw it
			// Inputs that aim at the parsers' limits (sizes far past the statement's,
			// numbers past int64): input errors that allocate nothing big.
			[]string{
				"3 3\n. . .\nS . G\n###2\nMOVETO +3\nPUSH\nLEFT\n0 0\n",
				"3 3\n...\nS.G\n###\n9223372036854775807\nMOVETO 99999999999999999999x\n",
				// T promises more commands than the input holds, the first one wrong: the
				// validator stops at it (it once read on, 27 s for T = 92233720).
				"3 3\n...\nS..\n#G#\n2147483647\n68547758083MOVETOMOV",
			},
			&scale.Tower, // how a time-out's case scales (engine.Scaler)
		}},
		unit: gen.TowerUnitGen,
		fits: fitsPacked[gen.Tower],
	}, func(c gen.Tower) []gen.TowerDataset { return c.Datasets }, func(d []gen.TowerDataset) gen.Tower { return gen.Tower{Datasets: d} })})
}
