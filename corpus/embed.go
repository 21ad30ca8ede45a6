// Package corpus carries the hand-made cases of every game — the statements' samples,
// the ruling cases and the input-error cases, each NAME.in with its NAME.ans (and
// NAME.err) — inside the gamediff binary, so that a hunt can check a program against them
// wherever it runs. Cases found by hunts (found/) stay on disk only.
package corpus

import "embed"

// HandMade holds <game>/NAME.in, <game>/NAME.ans and <game>/NAME.err.
//
//go:embed */*.in */*.ans */*.err
var HandMade embed.FS
