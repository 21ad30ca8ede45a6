package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/ref"
	"gamediff/ruling"
)

func init() {
	register(typed[gen.Mine]{
		name:      "mine",
		ref:       ref.Mine,
		fast:      fast.Mine,
		gen:       gen.MineGen,
		shrink:    gen.ShrinkMine,
		decode:    gen.DecodeMine,
		fromBytes: gen.MineFromBytes,
		plan:      gen.MinePlan,
		rulings:   ruling.Mine,
		reached:   ruling.MineInput,
		timeLimit: time.Second, // "时间限制：1 秒" (docs/mine.md)
	})
}
