package gen

// Ruling is one numbered ruling of docs/ (docs/mine.md, docs/boom.md, docs/tower.md, docs/datamining.md) that a solution
// can read differently, with the situation in which the reading decides the answer: a
// case that reaches the situation is one on which a solution that read the ruling
// differently would (or very plausibly could) answer differently. Each game lists its
// rulings (MineRulings, BoomRulings, TowerRulings, DataminingRulings), and each case type
// reports the ones it reaches (Mine.Rulings, …).
type Ruling struct {
	ID        string // as the spec numbers it: "R-M1", "R-T10"
	Situation string // one line: what a case must reach
}

// rulingSet is a set of rulings of one game: bit i is entry i of the game's table.
type rulingSet uint64

// ids lists the set's ids in the order of the table, which is the spec's order (R-T3
// before R-T10).
func (s rulingSet) ids(table []Ruling) []string {
	var out []string
	for i, r := range table {
		if s&(1<<i) != 0 {
			out = append(out, r.ID)
		}
	}
	return out
}

// bit is the set holding entry i alone.
func bit(i int) rulingSet { return 1 << i }
