package gen

import (
	"math/rand"
	"testing"

	"github.com/leanovate/gopter"

	"gamediff/testcase"
)

// drawCase generates the case g makes from seed.
func drawCase[C any](t testing.TB, g gopter.Gen, seed int64) C {
	t.Helper()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(seed))
	v, ok := g(params).Retrieve()
	if !ok {
		t.Fatalf("seed %d: the generator gave no case", seed)
	}
	return v.(C)
}

// drawCases draws count cases from g, with the seeds 0..count-1.
func drawCases[C any](t testing.TB, g gopter.Gen, count int) []C {
	t.Helper()
	cases := make([]C, count)
	for i := range cases {
		cases[i] = drawCase[C](t, g, int64(i))
	}
	return cases
}

// planCases generates every test of a plan (any fixed seeds will do: the property must
// hold for the plan, not for one draw).
func planCases(t *testing.T, plan []PlanTest) []any {
	t.Helper()
	var out []any
	for i, p := range plan {
		out = append(out, drawCase[any](t, p.Gen, int64(i+1)))
	}
	return out
}

// TestPlansExerciseEveryFeature: the tower plan exercises every rule of the rulebook,
// the datamining plan every board shape and kind of board.
func TestPlansExerciseEveryFeature(t *testing.T) {
	t.Parallel() // pure computation: run beside the package's other heavy tests
	if testing.Short() {
		t.Skip("-short: every plan exercising every feature is proved by the full suite")
	}
	plans := map[string]struct {
		plan     []PlanTest
		features func(any) []testcase.Feature
	}{
		"tower":      {TowerPlan(), func(c any) []testcase.Feature { return c.(testcase.Tower).Features() }},
		"datamining": {DataminingPlan(), func(c any) []testcase.Feature { return c.(testcase.Datamining).Features() }},
	}
	for name, p := range plans {
		t.Run(name, func(t *testing.T) {
			seen := map[string]bool{}
			var names []string
			for _, c := range planCases(t, p.plan) {
				for _, f := range p.features(c) {
					if _, ok := seen[f.Name]; !ok {
						names = append(names, f.Name)
					}
					seen[f.Name] = seen[f.Name] || f.Seen
				}
			}
			if len(names) == 0 {
				t.Fatal("no features listed")
			}
			for _, n := range names {
				if !seen[n] {
					t.Errorf("no test of the plan exercises %q", n)
				}
			}
		})
	}
}
