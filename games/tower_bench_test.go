package games

import (
	"testing"

	"gamediff/gen"
)

// BenchmarkTower: the largest input of the test set, 400 datasets of 50x50 towers with 250 commands each,
// chosen by gen's model for the state (mostly valid commands).
func BenchmarkTower(b *testing.B) {
	g, _ := Lookup("tower")
	shape := gen.TowerShape{Datasets: [2]int{400, 400}, N: [2]int{50, 50}, M: [2]int{50, 50}, Cmds: [2]int{250, 250}}
	benchJudges(b, g, benchCase(b, gen.TowerCase(shape), 1).Encode())
}
