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
		Name:      "mine",
		Ref:       ref.Mine,
		Fast:      fast.Mine,
		Gen:       gen.MineGen(),
		Shrink:    gen.ShrinkMine,
		Decode:    func(input []byte) (engine.Case, error) { return gen.DecodeMine(input) },
		FromBytes: func(data []byte) engine.Case { return gen.MineFromBytes(data) },
		TimeLimit: time.Second,
		Plan:      func() []engine.PlannedTest { return plannedTests(gen.MinePlan()) },
		Bounds:    func(c engine.Case) []engine.Bound { return bounds(c.(gen.Mine).Bounds()) },
	})
}
