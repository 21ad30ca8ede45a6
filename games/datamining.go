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
	register(oneLineEach(batched[gen.Datamining]{
		typed: typed[gen.Datamining]{
			name:    "datamining",
			drawing: picture.Datamining,
			// Inputs that aim at the parsers' limits (sizes far past the statement's, numbers
			// past int64): input errors that must allocate nothing big, seeds of the Parse target.
			parserSeeds: []string{
				"13 4\n",
				"3 3\n...\n...\nMM.\n-0 99999999999999999999\n",
			},
			ref:       ref.Datamining,
			fast:      fast.Datamining,
			gen:       gen.DataminingGen,
			shrink:    gen.ShrinkDatamining,
			decode:    gen.DecodeDatamining,
			fromBytes: gen.DataminingFromBytes,
			plan:      gen.DataminingPlan,
			rulings:   ruling.Datamining,
			reached:   ruling.DataminingInput,
			validate:  gen.ValidateDatamining,
			timeLimit: time.Second, // "时间限制 : 1.000 sec" (docs/datamining.md)
		},
		unit: gen.DataminingUnitGen,
		fits: fitsPacked[gen.Datamining],
	}, func(c gen.Datamining) [][]string { return c.Boards }, func(d [][]string) gen.Datamining { return gen.Datamining{Boards: d} }))
}
