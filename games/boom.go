package games

import (
	"bytes"
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

var (
	_ engine.Scaler  = typed[testcase.Boom]{}
	_ engine.Batcher = batched[testcase.Boom]{}
)

func init() {
	register(batched[testcase.Boom]{
		typed: typed[testcase.Boom]{p: Parts[testcase.Boom]{
			"boom",              // its name, as -game takes it
			"docs/boom.md",      // its rules and rulings, restated
			corpus.Game("boom"), // its hand-made cases
			2 * time.Second,     // "2.0 s" (docs/boom.md)
			ref.Boom, fast.Boom, // the reference and the judge under test
			testcase.DecodeBoom, nil, // the validator, typed and not
			gen.BoomGen, gen.ShrinkBoom, testcase.BoomFromBytes, gen.BoomPlan, // cases, cuts, fuzz decoding, test set
			ruling.Boom, ruling.BoomInput, // its rulings, and those an input reaches
			ruling.BoomSituations, ruling.BoomReach, gen.BoomAim, // its catalogue of situations, what an input reaches, aims
			picture.Boom, // how reports and show draw it
			// Inputs that aim at the parsers' limits (sizes far past the statement's,
			// numbers past int64): input errors that allocate nothing big.
			[]string{
				"30\n200 200\n",
				"1000000000\n",
				"1\n3 3\n___\n_*_\n___\n1 1 1\n3 1 99999999999999999999\n0\n",
				"2\n3 3\n***\n***\n***\n2 2 2\n1 1 1\n0\n3 3\n",
			},
			&scale.Boom, // how a time-out's case scales (engine.Scaler)
		}},
		unit:   gen.BoomUnitGen,
		concat: concatBoom,
		fits:   func(c testcase.Boom, _ int) bool { return len(c.Games) <= testcase.BoomMaxGames },
		split:  splitBoom,
	})
}

// concatBoom plays the games of cases one after the other, in the layout of every case's
// form at once: a reader's slip that one case's form shows stays shown.
func concatBoom(cases []testcase.Boom) testcase.Boom {
	var out testcase.Boom
	for _, c := range cases {
		out.Games = append(out.Games, c.Games...)
		out.Form |= c.Form
	}
	return out
}

// boomSeparator is the line between two games' answers.
var boomSeparator = []byte("==========\n")

// splitBoom cuts an answer at the separator lines into one piece per game, and gives each
// case its games' pieces joined as it would print them alone.
func splitBoom(answer []byte, cases []testcase.Boom) ([][]byte, bool) {
	var games [][]byte
	for start, at := 0, 0; ; {
		i := bytes.Index(answer[at:], boomSeparator)
		if i < 0 {
			games = append(games, answer[start:])
			break
		}
		i += at
		if i == 0 || answer[i-1] == '\n' { // a whole line
			games = append(games, answer[start:i])
			start = i + len(boomSeparator)
		}
		at = i + len(boomSeparator)
	}
	out := make([][]byte, len(cases))
	for k, c := range cases {
		if len(games) < len(c.Games) {
			return nil, false
		}
		out[k] = bytes.Join(games[:len(c.Games)], boomSeparator)
		games = games[len(c.Games):]
	}
	return out, len(games) == 0
}
