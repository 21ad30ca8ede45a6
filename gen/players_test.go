package gen

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPlayersDrawOnRefAlone: the players play on ref's games, never on the judge under
// test: package gen, which the hunt's coordinator runs to draw its cases, links nothing
// of package fast, whose crash or hang would otherwise end the coordinator, not make a
// finding of a worker. The build's own dependency list says so, not a list of our files.
func TestPlayersDrawOnRefAlone(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "gamediff/gen").Output()
	if err != nil {
		t.Fatalf("go list -deps gamediff/gen: %v", err)
	}
	deps := strings.Fields(string(out))
	if !strings.Contains(string(out), "gamediff/ref\n") {
		t.Fatalf("go list -deps gamediff/gen lists no gamediff/ref among %d packages: the check reads nothing", len(deps))
	}
	for _, d := range deps {
		if d == "gamediff/fast" {
			t.Fatalf("package gen depends on gamediff/fast: the players must draw cases on ref's games alone")
		}
	}
}
