package games

import (
	"time"

	"gamediff/corpus"
	"gamediff/engine"
	"gamediff/fast"
	"gamediff/gen"
	"gamediff/picture"
	"gamediff/ref"
	"gamediff/ruling"
	"gamediff/scale"
	"gamediff/testcase"
)

// The game scales its cases: a time-out is narrowed by scaling and tells its growth.
var _ engine.Scaler = typed[testcase.Mine]{}

func init() {
	register(typed[testcase.Mine]{p: Parts[testcase.Mine]{
		"mine",              // its name, as -game takes it
		"docs/mine.md",      // its rules and rulings, restated
		corpus.Game("mine"), // its hand-made cases
		time.Second,         // "时间限制：1 秒" (docs/mine.md)
		ref.Mine, fast.Mine, // the reference and the judge under test
		testcase.DecodeMine, nil, // the validator, typed and not
		gen.MineGen, gen.ShrinkMine, testcase.MineFromBytes, gen.MinePlan, // cases, cuts, fuzz decoding, test set
		ruling.Mine, ruling.MineInput, // its rulings, and those an input reaches
		ruling.MineSituations, ruling.MineReach, gen.MineAim, // its catalogue of situations, what an input reaches, aims
		picture.Mine, // how reports and show draw it
		// Inputs that aim at the parsers' limits (sizes far past the statement's,
		// numbers past int64): input errors that allocate nothing big.
		[]string{
			"1000000000 1000000000\n",
			"2 2\n..\n..\nSweep 99999999999999999999999 1\n",
		},
		&scale.Mine, // how a time-out's case scales (engine.Scaler)
	}})
}
