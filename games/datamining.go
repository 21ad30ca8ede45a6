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
	b := oneLineEach(batched[testcase.Datamining]{
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
	}, func(c testcase.Datamining) [][]string { return c.Boards }, func(d [][]string) testcase.Datamining { return testcase.Datamining{Boards: d} })
	b.concat = concatDatamining
	register(bytePacked[testcase.Datamining]{b})
}

// concatDatamining is the boards of cases in one input, laid out in every form one of
// them is (testcase.DataminingForm of their union): a packed input shows each form its
// cases were drawn in.
func concatDatamining(cases []testcase.Datamining) testcase.Datamining {
	var c testcase.Datamining
	for _, d := range cases {
		c.Boards = append(c.Boards, d.Boards...)
		c.Form |= d.Form
	}
	c.Form = testcase.DataminingForm(c.Form)
	return c
}
