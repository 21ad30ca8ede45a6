// Package corpus carries the hand-made cases of the project's games — the statements'
// samples, the ruling cases and the input-error cases, each NAME.in with its NAME.ans (and
// NAME.err) — inside the gamediff binary, so that a hunt can check a program against them
// wherever it runs. Cases found by hunts (found/) stay on disk only. A game's registration
// hands its own folder to the game (Game).
package corpus

import (
	"embed"
	"io/fs"
)

// handMade holds <game>/NAME.in, <game>/NAME.ans and <game>/NAME.err.
//
//go:embed */*.in */*.ans */*.err
var handMade embed.FS

// Game is the hand-made cases of the game called name: its folder of the corpus.
func Game(name string) fs.FS {
	sub, err := fs.Sub(handMade, name)
	if err != nil {
		panic("corpus: " + err.Error()) // a literal name of a folder: a programmer's error
	}
	return sub
}
