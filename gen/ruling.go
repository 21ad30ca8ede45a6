package gen

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
)

// Ruling is one numbered ruling of docs/ (docs/mine.md, docs/boom.md, docs/tower.md,
// docs/datamining.md) that a solution can read differently, with the situation in which
// the reading decides the answer: a case that reaches the situation is one on which a
// solution that read the ruling differently would (or very plausibly could) answer
// differently. Each game lists its rulings (MineRulings, …), and each case type reports
// the ones it reaches (Mine.Rulings, …), deciding from ref's own play of the case.
type Ruling struct {
	ID        string // as the spec numbers it: "R-M1", "R-T10"
	Situation string // one line: what a case must reach
}

// A clause is one situation of a ruling's text, which the rulings' predicates note on
// their own: a hand-made case names the clause it is for, and a test plan shows the
// clauses it reaches. A game's clauses are a table in the rulings' order, at most 64.
type clause struct {
	ruling string // "R-M1"
	text   string // "the game finishes after a Sweep"
}

// clauseSet is a set of a game's clauses: bit i is entry i of its table.
type clauseSet uint64

// rulings lists the ids of the rulings of the clauses in s, each once, in the table's
// order, which is the spec's (R-T3 before R-T10).
func (s clauseSet) rulings(table []clause) []string {
	var out []string
	for i, c := range table {
		if s&(1<<i) != 0 && !slices.Contains(out, c.ruling) {
			out = append(out, c.ruling)
		}
	}
	return out
}

// of is the set of the table's clauses of the rulings ids.
func clausesOf(table []clause, ids ...string) clauseSet {
	var s clauseSet
	for i, c := range table {
		if slices.Contains(ids, c.ruling) {
			s |= 1 << i
		}
	}
	return s
}

// rulingsOf is the table of rulings of clauses, their situations in situation.
func rulingsOf(table []clause, situation map[string]string) []Ruling {
	var out []Ruling
	for _, id := range clauseSet(1<<len(table) - 1).rulings(table) {
		out = append(out, Ruling{ID: id, Situation: situation[id]})
	}
	return out
}

// Skip is a set of rulings the cases a generator draws leave out (diff hunt -skip-rule):
// so that a program that reads them its own way is hunted for everything else. It counts,
// for each ruling, the games (or datasets, boards) a generator changed or drew again to
// leave it out. A hunt's lanes draw at once: it is safe for concurrent use.
type Skip struct {
	ids   []string
	count []atomic.Int64
}

// NewSkip is the set of the rulings ids; ids of other games' rulings are ignored by the
// generators of a game.
func NewSkip(ids []string) *Skip {
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	return &Skip{ids: ids, count: make([]atomic.Int64, len(ids))}
}

// Counts returns, for each ruling of the set, how many games (datasets, boards) were
// changed or drawn again so far to leave it out.
func (s *Skip) Counts() map[string]int64 {
	out := map[string]int64{}
	for i, id := range s.ids {
		out[id] = s.count[i].Load()
	}
	return out
}

func (s *Skip) String() string { return strings.Join(s.ids, ",") }

// clauses is the set of the clauses of table whose ruling s skips; none for a nil s.
func (s *Skip) clauses(table []clause) clauseSet {
	if s == nil {
		return 0
	}
	return clausesOf(table, s.ids...)
}

// note counts one game left out of each ruling of the clauses in reached.
func (s *Skip) note(table []clause, reached clauseSet) {
	for _, id := range reached.rulings(table) {
		if i, ok := slices.BinarySearch(s.ids, id); ok {
			s.count[i].Add(1)
		}
	}
}

// skipAttempts bounds the draws of one game (dataset, board) that a generator makes to
// leave the skipped rulings out: a generator whose every draw reaches one is a mistake
// to report, not a hang.
const skipAttempts = 1000

// redraw draws with draw until what it draws reaches no clause of skip (reached tells),
// counting in s the rulings each draw left out of reached.
func redraw[T any](s *Skip, table []clause, draw func() T, reached func(T) clauseSet) T {
	skip := s.clauses(table)
	for range skipAttempts {
		v := draw()
		hit := reached(v) & skip
		if hit == 0 {
			return v
		}
		s.note(table, hit)
	}
	panic(fmt.Sprintf("gen: every draw reaches a skipped ruling (%s)", s))
}
