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
		Name:      "boom",
		Ref:       ref.Boom,
		Fast:      fast.Boom,
		Gen:       gen.BoomGen(),
		Shrink:    gen.ShrinkBoom,
		Decode:    func(input []byte) (engine.Case, error) { return gen.DecodeBoom(input) },
		FromBytes: func(data []byte) engine.Case { return gen.BoomFromBytes(data) },
		TimeLimit: 2 * time.Second,
		Plan:      func() []engine.PlannedTest { return plannedTests(gen.BoomPlan()) },
		Bounds:    func(c engine.Case) []engine.Bound { return bounds(c.(gen.Boom).Bounds()) },
	})
}
