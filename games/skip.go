package games

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"gamediff/gen"
	"gamediff/ruling"
)

// rulingID is the form of a ruling's id: R-M1, R-B3, R-D2, R-T18, the letters its game's.
var rulingID = regexp.MustCompile(`^R-([A-Z]+)([0-9]+)$`)

// rulingLetters is the prefix of g's ruling ids (M for R-M1): every id of a game carries
// the same, and no other game's do.
func rulingLetters(g Game) (string, error) {
	letters := ""
	for _, r := range g.KnownRulings() {
		m := rulingID.FindStringSubmatch(r.ID)
		if m == nil || letters != "" && m[1] != letters {
			return "", fmt.Errorf("games: %s's ruling %q is not of the form R-%s1", g.Name(), r.ID, cmp.Or(letters, "X"))
		}
		letters = m[1]
	}
	if letters == "" {
		return "", fmt.Errorf("games: %s has no ruling", g.Name())
	}
	return letters, nil
}

// ownerOf is the registered game whose rulings carry the letters of a ruling's id.
func ownerOf(letters string) (Game, bool) {
	for _, g := range All() {
		if l, _ := rulingLetters(g); l == letters {
			return g, true
		}
	}
	return nil, false
}

// ExampleRulings is the first ruling id of each game, "R-B1, R-D1, …": examples for help
// texts and messages.
func ExampleRulings() string {
	var ids []string
	for _, g := range All() {
		ids = append(ids, g.KnownRulings()[0].ID)
	}
	return strings.Join(ids, ", ")
}

// RulingLetters lists the prefixes of the registered games' ruling ids (M for R-M1), by
// game: what shared code must never name, as it must never name a game.
func RulingLetters() map[string]string {
	out := map[string]string{}
	for _, g := range All() {
		out[g.Name()], _ = rulingLetters(g)
	}
	return out
}

// SkipRulings returns g whose generated cases (and units, for packing) leave out what
// reaches the rulings ids (docs/<game>.md): it is how a program that reads a ruling its
// own way is hunted for everything else. gen's generators leave a ruling out as they
// draw where they can (a player who never plays the operation that would reach it, a
// board or a tower built without it), and check every game, dataset or board on ref and
// draw it again where they cannot; the same seed still makes the same case. The game's
// Skipped counts what was left out, ruling by ruling.
//
// ids may hold rulings of the other games, which g ignores: a hunt of every game passes
// all of them. An id that is no game's ruling, or one of a ruling no case can reach, is
// an error.
func SkipRulings(g Game, ids []string) (Game, error) {
	var own []string
	for _, id := range ids {
		m := rulingID.FindStringSubmatch(id)
		if m == nil {
			return nil, fmt.Errorf("-skip-rule: %q is not a ruling id (%s, …)", id, ExampleRulings())
		}
		owner, ok := ownerOf(m[1])
		if !ok {
			return nil, fmt.Errorf("-skip-rule: %s: no game's rulings carry %s", id, m[1])
		}
		if !slices.ContainsFunc(owner.KnownRulings(), func(r ruling.Ruling) bool { return r.ID == id }) {
			var known []string
			for _, r := range owner.KnownRulings() {
				known = append(known, r.ID)
			}
			return nil, fmt.Errorf("-skip-rule: %s has no situation a case can reach (%s's: %s)", id, owner.Name(), strings.Join(known, ", "))
		}
		if owner.Name() == g.Name() {
			own = append(own, id)
		}
	}
	return g.skipping(gen.NewSkip(own)), nil
}
