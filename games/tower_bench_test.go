package games

import "testing"

// BenchmarkTower: the largest input of the test set, 400 datasets of 50x50 towers with 250 commands each,
// chosen by gen's player for the state (mostly valid commands).
func BenchmarkTower(b *testing.B) {
	g, _ := Lookup("tower")
	benchJudges(b, g, benchCase(b, "tower -datasets 400 -n 50 -m 50 -cmds 250", 1).Encode())
}
