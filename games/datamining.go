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
	_ engine.Scaler    = typed[gen.Datamining]{}
	_ engine.Batcher   = bytePacked[gen.Datamining]{}
	_ engine.ByteBound = bytePacked[gen.Datamining]{}
	_ featured         = gen.Datamining{}
)

func init() {
	register(bytePacked[gen.Datamining]{oneLineEach(batched[gen.Datamining]{
		typed: typed[gen.Datamining]{p: Parts[gen.Datamining]{
			"datamining",                    // its name, as -game takes it
			"docs/datamining.md",            // its rules and rulings, restated
			time.Second,                     // "时间限制 : 1.000 sec" (docs/datamining.md)
			ref.Datamining, fast.Datamining, // the reference and the judge under test
			gen.DecodeDatamining, gen.ValidateDatamining, // the validator, typed and not
			gen.DataminingGen, gen.ShrinkDatamining, gen.DataminingFromBytes, gen.DataminingPlan, // cases, cuts, fuzz decoding, test set
			ruling.Datamining, ruling.DataminingInput, // its rulings, and those an input reaches
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
		fits: fitsPacked[gen.Datamining],
	}, func(c gen.Datamining) [][]string { return c.Boards }, func(d [][]string) gen.Datamining { return gen.Datamining{Boards: d} })})
}
