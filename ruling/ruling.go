// Package ruling holds, for each game, the rulings of docs/ that a solution can read
// differently, and decides which of them an input reaches from ref's own play of it
// (MineInput, BoomInput, TowerInput, DataminingInput): a game's watch follows ref's trace
// or steppable game (as picture follows it to draw the game) and notes the rulings whose
// situation the play reaches. gen drives ref's games with a watch to leave skipped rulings
// out while it generates; no model of a game's rules is trusted for them. ruling imports
// only ref.
package ruling

// Ruling is one numbered ruling of docs/ (docs/mine.md, docs/boom.md, docs/tower.md,
// docs/datamining.md) that a solution can read differently, with the situation in which
// the reading decides the answer: a case that reaches the situation is one on which a
// solution that read the ruling differently would (or very plausibly could) answer
// differently.
type Ruling struct {
	ID        string // as the spec numbers it: "R-M1", "R-T10"
	Situation string // one line: what a case must reach
}

// Set is a set of a game's rulings: bit i is entry i of its table (Mine, Boom, Tower,
// Datamining), whose constants (M1, B1, T3, D1, …) name the bits.
type Set uint64

// IDs lists the set's ids in the order of the table, which is the spec's (R-T3 before
// R-T10).
func (s Set) IDs(table []Ruling) []string {
	var out []string
	for i, r := range table {
		if s&(1<<i) != 0 {
			out = append(out, r.ID)
		}
	}
	return out
}

// Of is the set of the rulings of table among ids (ids of other games are ignored).
func Of(table []Ruling, ids []string) Set {
	var s Set
	for i, r := range table {
		for _, id := range ids {
			if r.ID == id {
				s |= 1 << i
			}
		}
	}
	return s
}

func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}

func btoi(b bool) int { return pick(b, 1, 0) }
