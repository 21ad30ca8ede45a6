package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
)

func init() {
	register(typed[gen.Mine]{
		Name:      "mine",
		Ref:       ref.Mine,
		Fast:      fast.Mine,
		Gen:       gen.MineGen(),
		Shrink:    gen.ShrinkMine,
		Decode:    gen.DecodeMine,
		FromBytes: gen.MineFromBytes,
		Plan:      gen.MinePlan,
		TimeLimit: time.Second,
	}.game())
}
