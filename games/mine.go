package games

import (
	"time"

	"gamediff/fast"
	"gamediff/gen"
	"gamediff/picture"
	"gamediff/ref"
	"gamediff/ruling"
)

func init() {
	register(typed[gen.Mine]{
		name:    "mine",
		drawing: picture.Mine,
		// Inputs that aim at the parsers' limits (sizes far past the statement's, numbers
		// past int64): input errors that must allocate nothing big, seeds of the Parse target.
		parserSeeds: []string{
			"1000000000 1000000000\n",
			"2 2\n..\n..\nSweep 99999999999999999999999 1\n",
		},
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
