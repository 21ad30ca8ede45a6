package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
)

func init() {
	register(typed[gen.Tower]{
		Name:      "tower",
		Ref:       ref.Tower,
		Fast:      fast.Tower,
		Gen:       gen.TowerGen(),
		Shrink:    gen.ShrinkTower,
		Decode:    gen.DecodeTower,
		FromBytes: gen.TowerFromBytes,
		Plan:      gen.TowerPlan,
		// The statement's header leaves the time limit blank ("時間制限 : sec"): 1 s, as
		// the other judges of this size have.
		TimeLimit: time.Second,
	}.game())
}
