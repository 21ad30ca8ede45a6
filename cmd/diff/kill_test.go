package main

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamediff/games"
)

// TestDefaultSetsKillTheKnownWrongSolutions: each game's default test set (gen, seed 1) is
// judged as Polygon's invocations judge it, with the game's example solution as the right
// one and, as wrong ones, every entry of the wrong-solution zoo (WA, RE and TLE) and every
// program of testdata/rulings: each wrong solution must fail a test, and the right one
// pass them all. That the right one passes within half the time limit is logged, not
// asserted: CPU times on a shared machine are for benchmarks.
func TestDefaultSetsKillTheKnownWrongSolutions(t *testing.T) {
	if _, err := exec.LookPath("g++"); err != nil {
		t.Fatalf("g++ builds the example solutions (.ci/run installs it): %v", err)
	}
	zooDir := buildZoo(t)
	for _, game := range zooGames {
		t.Run(game, func(t *testing.T) {
			g, err := games.Lookup(game)
			if err != nil {
				t.Fatal(err)
			}
			set := t.TempDir()
			if _, err := games.WriteTestSet(context.Background(), g, games.TestSetConfig{Seed: 1, Dir: set}); err != nil {
				t.Fatalf("gen: %v", err)
			}
			right := filepath.Join(t.TempDir(), game)
			if out, err := exec.Command("g++", "-O2", "-o", right, filepath.Join("..", "..", "examples", game, "solution.cpp")).CombinedOutput(); err != nil {
				t.Fatalf("building the example: %v\n%s", err, out)
			}
			args := []string{"judge", "-game", game, "-json", "-right", right}
			for _, z := range zoo {
				if z.game == game {
					args = append(args, "-wrong", filepath.Join(zooDir, game)+" -bug "+z.bug)
				}
			}
			for _, m := range misreadings {
				if m.game == game {
					args = append(args, "-wrong", buildRulingProgram(t, game)+" "+m.reading)
				}
			}
			_, out, errs := call(t, "", append(args, set)...)
			var judged struct {
				Solutions []struct {
					Command string
					Right   bool
					Verdict string
					Results []struct {
						Test    string
						Verdict string
						CPU     time.Duration `json:"cpu_ns"`
					}
				}
			}
			if err := json.Unmarshal([]byte(out), &judged); err != nil || len(judged.Solutions) != len(args)/2-2 {
				t.Fatalf("judge -json: %v, %d solutions\n%s\n%s", err, len(judged.Solutions), out, errs)
			}
			for _, s := range judged.Solutions {
				var failed []string
				slowest := time.Duration(0)
				for _, r := range s.Results {
					if r.Verdict != "OK" {
						failed = append(failed, r.Verdict+" on "+filepath.Base(r.Test))
					}
					slowest = max(slowest, r.CPU)
				}
				switch {
				case s.Right && len(failed) > 0:
					t.Errorf("the right solution fails: %s", strings.Join(failed, ", "))
				case s.Right:
					t.Logf("right %s: passes every test, the slowest in %v (limit %v): %s", filepath.Base(s.Command), slowest.Round(time.Millisecond), g.TimeLimit(), s.Verdict)
				case len(failed) == 0:
					t.Errorf("wrong %s passes every test of the set", s.Command)
				default:
					t.Logf("wrong %s: %s", strings.TrimPrefix(s.Command, filepath.Dir(s.Command)+"/"), strings.Join(failed[:min(3, len(failed))], ", "))
				}
			}
		})
	}
}
