package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
)

func init() {
	register(typed[gen.Boom]{
		Name:      "boom",
		Ref:       ref.Boom,
		Fast:      fast.Boom,
		Gen:       gen.BoomGen(),
		Shrink:    gen.ShrinkBoom,
		Decode:    gen.DecodeBoom,
		FromBytes: gen.BoomFromBytes,
		Plan:      gen.BoomPlan,
		TimeLimit: 2 * time.Second,
	}.game())
}
