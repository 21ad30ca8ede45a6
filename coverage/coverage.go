// Package coverage is what a hunt and a test set measure themselves by: each game's
// catalogue of situations (the rules' branches, the limits' boundaries, the input forms the
// rules allow), and the set of those a case reaches. The catalogues themselves are the
// games' own (package ruling); this package only says what an entry and a set are, so that
// the engine, the reports and the generators share one type without knowing a game.
package coverage

import (
	"fmt"
	"math/bits"
	"strings"
)

// Situation is one entry of a game's catalogue of situations: the docs' rulebook made
// executable. Every branch of every rule (each outcome of each command, each automatic
// step), every boundary of the statement's limits and every input form the rules allow is
// an entry; a case reaches it when the entry's predicate holds of ref's play of the case
// (or of its bytes, for an input form). Hunts and test sets report which entries they
// reached, and the generators steer toward those they have not.
type Situation struct {
	// ID is the entry's name, unique within its game and stable across releases: reports,
	// plans and -json name entries by it ("dsweep-boom", "board-1x1").
	ID string
	// Kind says whether the entry is a rule's branch, a limit's boundary or an input form.
	Kind Kind
	// Doc is where docs/ states what the entry comes from: a file and a ruling, a section
	// or a limit ("docs/mine.md R-M2", "docs/mine.md Sweep", "docs/rules.md Tokens").
	Doc string
	// What says in one line what a case must reach.
	What string
}

// Kind is what a situation comes from.
type Kind uint8

// The kinds of situations.
const (
	Branch   Kind = iota // one outcome of a rule: a command's answer, an automatic step
	Boundary             // a limit of the statement at its edge: 1x1, the most operations
	Form                 // a way to write the input that the rules allow: tabs, \r\n
)

var kindNames = [...]string{Branch: "branch", Boundary: "boundary", Form: "form"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Set is a set of the situations of one game's catalogue: bit i is its entry i. It is a
// value, cheap to copy and to join, so that a hunt can fold the reach of every case.
type Set [4]uint64

// MaxSituations is the most entries a catalogue may have (the bits of a Set).
const MaxSituations = 256

// Add puts entry i in the set.
func (r *Set) Add(i int) { r[i>>6] |= 1 << (i & 63) }

// Has reports whether entry i is in the set.
func (r Set) Has(i int) bool { return r[i>>6]&(1<<(i&63)) != 0 }

// Union is the entries of r or o.
func (r Set) Union(o Set) Set {
	for i := range r {
		r[i] |= o[i]
	}
	return r
}

// Minus is the entries of r that are not in o.
func (r Set) Minus(o Set) Set {
	for i := range r {
		r[i] &^= o[i]
	}
	return r
}

// Len counts the entries in the set.
func (r Set) Len() int {
	n := 0
	for _, w := range r {
		n += bits.OnesCount64(w)
	}
	return n
}

// Empty reports whether the set holds no entry.
func (r Set) Empty() bool { return r == Set{} }

// IDs lists the ids of the set's entries of catalogue, in the catalogue's order.
func (r Set) IDs(catalogue []Situation) []string {
	var out []string
	for i, s := range catalogue {
		if r.Has(i) {
			out = append(out, s.ID)
		}
	}
	return out
}

// All is the set of every entry of catalogue.
func All(catalogue []Situation) Set {
	var r Set
	for i := range catalogue {
		r.Add(i)
	}
	return r
}

// Check reports the first flaw of a catalogue: too many entries, an empty or
// repeated id, an id that is not lower-case words joined by hyphens, a missing Doc or What.
func Check(catalogue []Situation) error {
	if len(catalogue) > MaxSituations {
		return fmt.Errorf("%d situations, more than %d", len(catalogue), MaxSituations)
	}
	seen := map[string]bool{}
	for i, s := range catalogue {
		switch {
		case s.ID == "":
			return fmt.Errorf("situation %d has no id", i)
		case seen[s.ID]:
			return fmt.Errorf("situation %q listed twice", s.ID)
		case strings.Trim(s.ID, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" || strings.HasPrefix(s.ID, "-") || strings.HasSuffix(s.ID, "-"):
			return fmt.Errorf("situation %q: an id is lower-case words and numbers joined by hyphens", s.ID)
		case !strings.HasPrefix(s.Doc, "docs/"):
			return fmt.Errorf("situation %q cites %q, not a file of docs/", s.ID, s.Doc)
		case s.What == "":
			return fmt.Errorf("situation %q says nothing of what a case must reach", s.ID)
		}
		seen[s.ID] = true
	}
	return nil
}
