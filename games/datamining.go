package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
)

func init() {
	register(typed[gen.Datamining]{
		Name:      "datamining",
		Ref:       ref.Datamining,
		Fast:      fast.Datamining,
		Gen:       gen.DataminingGen(),
		Shrink:    gen.ShrinkDatamining,
		Decode:    gen.DecodeDatamining,
		FromBytes: gen.DataminingFromBytes,
		Plan:      gen.DataminingPlan,
		// "时间限制 : 1.000 sec"
		TimeLimit: time.Second,
	}.game())
}
