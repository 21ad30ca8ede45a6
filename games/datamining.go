package games

import (
	"time"

	"gamediff/engine"
	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
)

func init() {
	register(&engine.Game{
		Name:      "datamining",
		Ref:       ref.Datamining,
		Fast:      fast.Datamining,
		Gen:       gen.DataminingGen(),
		Shrink:    gen.ShrinkDatamining,
		Decode:    func(input []byte) (engine.Case, error) { return gen.DecodeDatamining(input) },
		TimeLimit: time.Second, // "时间限制 : 1.000 sec"
	})
}
