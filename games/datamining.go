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
	_ engine.Scaler    = typed[testcase.Datamining]{}
	_ engine.Batcher   = bytePacked[testcase.Datamining]{}
	_ engine.ByteBound = bytePacked[testcase.Datamining]{}
	_ featured         = testcase.Datamining{}
)

func init() {
	register(bytePacked[testcase.Datamining]{oneLineEach(batched[testcase.Datamining]{
		typed: typed[testcase.Datamining]{p: Parts[testcase.Datamining]{
			"datamining",                    // its name, as -game takes it
			"docs/datamining.md",            // its rules and rulings, restated
			corpus.Game("datamining"),       // its hand-made cases
			time.Second,                     // "时间限制 : 1.000 sec" (docs/datamining.md)
			ref.Datamining, fast.Datamining, // the reference and the judge under test
			testcase.DecodeDatamining, testcase.ValidateDatamining, // the validator, typed and not
			gen.DataminingGen, gen.ShrinkDatamining, testcase.DataminingFromBytes, gen.DataminingPlan, // cases, cuts, fuzz decoding, test set
			ruling.Datamining, ruling.DataminingInput, // its rulings, and those an input reaches
			ruling.DataminingSituations, ruling.DataminingReach, gen.DataminingAim, // its catalogue of situations, what an input reaches, aims
			picture.Datamining, // how reports and show draw it
			// Inputs that aim at the parsers' limits (sizes far past the statement's,
			// numbers past int64): input errors that allocate nothing big.
			[]string{
				"13 4\n",
				"3 3\n...\n...\nMM.\n-0 99999999999999999999\n",
			},
			&scale.Datamining, // how a time-out's case scales (engine.Scaler)
		}},
		unit: gen.DataminingUnitGen,
		fits: fitsPacked[testcase.Datamining],
	}, func(c testcase.Datamining) [][]string { return c.Boards }, func(d [][]string) testcase.Datamining { return testcase.Datamining{Boards: d} })})
}
