package main

import (
	"errors"

	"gamediff/engine"
	"gamediff/games"
)

// picture draws the board just before the step where the answers part.
func picture(g games.Game, f engine.Finding, colour bool) string { return "" }

// writePage writes a finding's self-contained HTML page into dir.
func writePage(dir string, g games.Game, h huntFlags, f engine.Finding) (string, error) {
	return "", errors.New("not yet")
}
