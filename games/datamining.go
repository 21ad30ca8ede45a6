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
		FromBytes: func(data []byte) engine.Case { return gen.DataminingFromBytes(data) },
		TimeLimit: time.Second, // "时间限制 : 1.000 sec"
		Plan:      func() []engine.PlannedTest { return plannedTests(gen.DataminingPlan()) },
		Bounds:    func(c engine.Case) []engine.Bound { return bounds(c.(gen.Datamining).Bounds()) },
		Features:  func(c engine.Case) []engine.Feature { return features(c.(gen.Datamining).Features()) },
	})
}
