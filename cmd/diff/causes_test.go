package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gamediff/testutil/clitest"
)

// TestCauseRunsBoundsTheCausesWalks: -cause-runs 0 tests no ruling as a cause, and lists
// every ruling the case reaches as reached, said untested; a small count tests each with
// a walk of at most that many candidates. Neither changes the case found, confirmed,
// minimized and saved: the walks come after it.
func TestCauseRunsBoundsTheCausesWalks(t *testing.T) {
	clitest.Long(t, "that -cause-runs bounds the walks that test causes")
	program := filepath.Join(clitest.Zoo(t), "tower") + " -bug chain-nearest-first"
	type finding struct {
		Path           string
		Causes         []struct{ Ruling, Why string }
		Reached        []string
		CausesUntested string `json:"causes_untested"`
	}
	hunt := func(runs string) (finding, string) {
		t.Helper()
		code, out, errs := call(t, "", "hunt", "-game", "tower", "-cmd", program, "-seed", "1", "-cases", "50", "-duration", "0",
			"-cause-runs", runs, "-json", "-o", t.TempDir())
		var sum struct{ Findings []finding }
		if err := json.Unmarshal([]byte(out), &sum); err != nil || code != exitFound || len(sum.Findings) != 1 {
			t.Fatalf("-cause-runs %s: exit %d, %v, stdout %.300q\n%s", runs, code, err, out, errs)
		}
		return sum.Findings[0], errs
	}
	none, report := hunt("0")
	if len(none.Causes) != 0 || len(none.Reached) < 2 || none.CausesUntested == "" {
		t.Errorf("-cause-runs 0: causes %+v, reached %v, untested %q: want no cause, every ruling reached, said untested", none.Causes, none.Reached, none.CausesUntested)
	}
	if !strings.Contains(report, "not tested as causes: -cause-runs 0") {
		t.Errorf("-cause-runs 0: the report does not say the causes were not tested:\n%s", report)
	}
	few, _ := hunt("4")
	if len(few.Causes) == 0 || few.CausesUntested != "" {
		t.Errorf("-cause-runs 4: causes %+v, untested %q: want causes tested", few.Causes, few.CausesUntested)
	}
	for _, c := range few.Causes {
		if !strings.Contains(c.Why, "none of the 4 smaller cases") && !strings.Contains(c.Why, "tried)") {
			t.Errorf("-cause-runs 4: %s named on %q: want a walk of 4 candidates at most", c.Ruling, c.Why)
		}
	}
	all := slices.Clone(few.Reached)
	for _, c := range few.Causes {
		all = append(all, c.Ruling)
	}
	slices.Sort(all)
	if !slices.Equal(all, slices.Sorted(slices.Values(none.Reached))) {
		t.Errorf("the rulings reached: %v with -cause-runs 0, %v (causes and reached) with 4: want the same", none.Reached, all)
	}
	if filepath.Base(none.Path) != filepath.Base(few.Path) {
		t.Errorf("saved %s with -cause-runs 0, %s with 4: the causes' walks changed the case", filepath.Base(none.Path), filepath.Base(few.Path))
	}
}
