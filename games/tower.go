package games

import (
	"time"

	"gamediff/corpus"
	"gamediff/engine"
	"gamediff/fast"
	"gamediff/gen"
	"gamediff/picture"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/scale"
	"gamediff/testcase"
)

var (
	_ engine.Scaler    = typed[testcase.Tower]{}
	_ engine.Batcher   = bytePacked[testcase.Tower]{}
	_ engine.ByteBound = bytePacked[testcase.Tower]{}
	_ featured         = testcase.Tower{}
)

func init() {
	b := oneLineEach(batched[testcase.Tower]{
		typed: typed[testcase.Tower]{p: Parts[testcase.Tower]{
			"tower",              // its name, as -game takes it
			"docs/tower.md",      // its rules and rulings, restated
			corpus.Game("tower"), // its hand-made cases
			// The statement's header leaves the time limit blank ("時間制限 : sec"): 1 s, as
			// the other judges of this size have (docs/tower.md).
			time.Second,           // the time limit
			ref.Tower, fast.Tower, // the reference and the judge under test
			testcase.DecodeTower, testcase.ValidateTower, // the validator, typed and not
			gen.TowerGen, gen.ShrinkTower, testcase.TowerFromBytes, gen.TowerPlan, // cases, cuts, fuzz decoding, test set
			ruling.Tower, ruling.TowerInput, // its rulings, and those an input reaches
			ruling.TowerSituations, ruling.TowerReach, gen.TowerAim, // its catalogue of situations, what an input reaches, aims
			picture.Tower, // how reports and show draw it
			// Inputs that aim at the parsers' limits (sizes far past the statement's,
			// numbers past int64): input errors that allocate nothing big.
			[]string{
				"3 3\n. . .\nS . G\n###2\nMOVETO +3\nPUSH\nLEFT\n0 0\n",
				"3 3\n...\nS.G\n###\n9223372036854775807\nMOVETO 99999999999999999999x\n",
				// T promises more commands than the input holds, the first one wrong: the
				// validator stops at it, where it once read on for T's count.
				"3 3\n...\nS..\n#G#\n2147483647\n68547758083MOVETOMOV",
			},
			&scale.Tower, // how a time-out's case scales (engine.Scaler)
		}},
		unit: gen.TowerUnitGen,
		fits: fitsPacked[testcase.Tower],
	}, func(c testcase.Tower) []testcase.TowerDataset { return c.Datasets }, func(d []testcase.TowerDataset) testcase.Tower { return testcase.Tower{Datasets: d} })
	b.concat = joinTowers
	register(bytePacked[testcase.Tower]{b})
}

// joinTowers is the datasets of cases in one input, in order, written in every form one
// of them is written in: a packed input shows each unit's form, so that the hunt of a
// program packs the reader's slips a form catches.
func joinTowers(cases []testcase.Tower) testcase.Tower {
	var c testcase.Tower
	for _, u := range cases {
		c.Datasets = append(c.Datasets, u.Datasets...)
		c.Form |= u.Form
		c.RowBlanks = c.RowBlanks || u.RowBlanks
	}
	c.Form = testcase.TowerForm(c.Form, c.RowBlanks)
	return c
}
