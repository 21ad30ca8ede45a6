package ruling

import (
	"gamediff/coverage"
	"gamediff/ref"
)

// printedMine and printedBoom are ref's plays that print (ref.MineTrace, ref.BoomTrace).
func printedMine(b []byte, see func(*ref.MineStep)) error {
	_, err := ref.MineTrace(b, see)
	return err
}

func printedBoom(b []byte, see func(*ref.BoomStep)) error {
	_, err := ref.BoomTrace(b, see)
	return err
}

// Reached and Read are the reach and the rulings of mine and boom as the plays that print
// find them: what MineReach, BoomReach, MineInput and BoomInput, which follow the silent
// plays, must find.
var (
	Reached = map[string]func([]byte) coverage.Set{
		"mine": func(input []byte) coverage.Set { return mineReach(input, printedMine) },
		"boom": func(input []byte) coverage.Set { return boomReach(input, printedBoom) },
	}
	Read = map[string]func([]byte) Set{
		"mine": func(input []byte) Set { return mineInput(input, printedMine) },
		"boom": func(input []byte) Set { return boomInput(input, printedBoom) },
	}
)
