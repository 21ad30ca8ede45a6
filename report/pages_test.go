package report_test

import (
	"strings"
	"testing"

	"gamediff/games"
	"gamediff/testutil/clitest"
)

// TestFailurePagesInChromium renders the page of every failure report (each verdict, each
// game: TestFailureReports's cases) in headless Chromium and checks what it shows.
func TestFailurePagesInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every failure page, drawn in Chromium is proved by the full suite")
	}
	dir := t.TempDir()
	for _, c := range failureCases(t) {
		game := strings.TrimSuffix(c.game, "-big")
		g, err := games.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		var answer strings.Builder
		if err := g.Ref([]byte(c.input), &answer); err != nil {
			t.Fatal(err)
		}
		want := []byte(answer.String())
		h := c.flags
		h.Game, h.Limits.Time = g, g.TimeLimit()
		f := failureFinding(game, c.input, want, c.got(want), c.verdict, c.sig, h)
		f.Path = strings.Replace(f.Path, "0123456789abcdef", c.name, 1)
		if _, err := h.WritePage(dir, f, h.Parting(f)); err != nil {
			t.Fatal(err)
		}
	}
	clitest.CheckPages(t, dir, len(failureCases(t)))
}
