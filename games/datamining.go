package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
)

func init() {
	register(batched[gen.Datamining]{
		typed: typed[gen.Datamining]{
			name:      "datamining",
			ref:       ref.Datamining,
			fast:      fast.Datamining,
			gen:       gen.DataminingGen(),
			shrink:    gen.ShrinkDatamining,
			decode:    gen.DecodeDatamining,
			fromBytes: gen.DataminingFromBytes,
			plan:      gen.DataminingPlan,
			rulings:   gen.DataminingRulings,
			validate:  gen.ValidateDatamining,
			timeLimit: time.Second, // "时间限制 : 1.000 sec" (docs/datamining.md)
		},
		unit: gen.DataminingUnitGen(),
		concat: func(cases []gen.Datamining) gen.Datamining {
			var out gen.Datamining
			for _, c := range cases {
				out.Boards = append(out.Boards, c.Boards...)
			}
			return out
		},
		fits: fitsPacked[gen.Datamining],
		parts: func(c gen.Datamining) []gen.Datamining {
			out := make([]gen.Datamining, len(c.Boards))
			for i, d := range c.Boards {
				out[i] = gen.Datamining{Boards: [][]string{d}}
			}
			return out
		},
		split: func(answer []byte, cases []gen.Datamining) ([][]byte, bool) {
			return splitLines(answer, cases, func(c gen.Datamining) int { return len(c.Boards) })
		},
	})
}
