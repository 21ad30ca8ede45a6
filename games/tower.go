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
		Name:      "tower",
		Ref:       ref.Tower,
		Fast:      fast.Tower,
		Gen:       gen.TowerGen(),
		Shrink:    gen.ShrinkTower,
		Decode:    func(input []byte) (engine.Case, error) { return gen.DecodeTower(input) },
		FromBytes: func(data []byte) engine.Case { return gen.TowerFromBytes(data) },
		// The statement's header leaves the time limit blank ("時間制限 : sec"); 1s is
		// the limit the issue sets for it.
		TimeLimit: time.Second,
		Plan:      func() []engine.PlannedTest { return plannedTests(gen.TowerPlan()) },
		Bounds:    func(c engine.Case) []engine.Bound { return bounds(c.(gen.Tower).Bounds()) },
		Features:  func(c engine.Case) []engine.Feature { return features(c.(gen.Tower).Features()) },
	})
}
