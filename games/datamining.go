package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
	"gamediff/ruling"
)

func init() {
	register(oneLineEach(batched[gen.Datamining]{
		typed: typed[gen.Datamining]{
			name:      "datamining",
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
