package gen

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"gamediff/ruling"
)

// Skip is a set of rulings the cases a generator draws leave out (diff hunt -skip-rule),
// counting per ruling the games (datasets, boards) changed or drawn again to leave it out.
// It is safe for concurrent use: a hunt's lanes draw at once.
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

// Contains reports whether id is among the rulings of s; false for a nil s.
func (s *Skip) Contains(id string) bool {
	if s == nil {
		return false
	}
	_, ok := slices.BinarySearch(s.ids, id)
	return ok
}

func (s *Skip) String() string { return strings.Join(s.ids, ",") }

// of is the set of the rulings of table that s skips; none for a nil s.
func (s *Skip) of(table []ruling.Ruling) ruling.Set {
	if s == nil {
		return 0
	}
	return ruling.Of(table, s.ids)
}

// note counts one game left out of each ruling of left.
func (s *Skip) note(table []ruling.Ruling, left ruling.Set) {
	for _, id := range left.IDs(table) {
		if i, ok := slices.BinarySearch(s.ids, id); ok {
			s.count[i].Add(1)
		}
	}
}

// skipAttempts bounds the draws of one game (dataset, board): a generator whose every draw
// reaches a skipped ruling is a mistake to report, not a hang.
const skipAttempts = 1000

// Redraw draws with draw until what it draws reaches no ruling s skips (reached tells),
// counting the rulings each draw it drops reached.
func Redraw[T any](s *Skip, table []ruling.Ruling, draw func() T, reached func(T) ruling.Set) T {
	skip := s.of(table)
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
