package fast

import (
	"math/rand"
	"slices"
	"testing"

	"gamediff/ref"
)

// TestMinePlayPlaysAsRef plays random operations on random boards with MinePlay and
// ref.MineGame side by side, and after every one compares what gen's players read: how
// the game stands, the flags, and the cells the operation swept in the order it swept
// them (a player draws among them by their order), a DSweep that booms included.
func TestMinePlayPlaysAsRef(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ops := []string{"Flag", "Sweep", "DSweep"}
	dsweepBooms := 0
	for game := range 400 {
		n, m := 1+r.Intn(12), 1+r.Intn(12)
		board := randomBoard(r, n, m, '.')
		fast, slow := NewMinePlay(board), ref.NewMineGame(board)
		for step := 0; slow.Outcome() == ""; step++ {
			op, x, y := ops[r.Intn(3)], 1+r.Intn(n), 1+r.Intn(m)
			fast.Play(op, x, y)
			slow.Play(op, x, y)
			var got, want []int
			fast.Newly(func(p int) { got = append(got, p) })
			for _, c := range slow.Newly() {
				want = append(want, (c[0]-1)*m+c[1]-1)
			}
			if fast.Outcome() != slow.Outcome() || !slices.Equal(got, want) {
				t.Fatalf("game %d (%v), step %d, %s %d %d: MinePlay ends %q and swept %v; ref ends %q and swept %v",
					game, board, step, op, x, y, fast.Outcome(), got, slow.Outcome(), want)
			}
			for p := range n * m {
				if fast.Flagged(p/m+1, p%m+1) != slow.Flagged(p/m+1, p%m+1) {
					t.Fatalf("game %d, step %d: the flags differ at (%d, %d)", game, step, p/m+1, p%m+1)
				}
			}
			if op == "DSweep" && slow.Outcome() == "game over" && len(want) > 0 {
				dsweepBooms++
			}
		}
	}
	if dsweepBooms == 0 {
		t.Errorf("no DSweep boomed after sweeping cells: the test did not reach what it is for")
	}
}

// randomBoard is a minesweeper board of n rows and m columns, '*' for a mine and safe for
// the rest, its density of mines drawn among none, sparse, dense and all.
func randomBoard(r *rand.Rand, n, m int, safe byte) []string {
	density := []float64{0, 0.05, 0.15, 0.3, 1}[r.Intn(5)]
	board := make([]string, n)
	for x := range board {
		row := make([]byte, m)
		for y := range row {
			row[y] = safe
			if r.Float64() < density {
				row[y] = '*'
			}
		}
		board[x] = string(row)
	}
	return board
}
