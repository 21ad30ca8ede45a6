package fast

import (
	"math/rand"
	"slices"
	"testing"

	"gamediff/ref"
)

// TestBoomPlayPlaysAsRef is TestMinePlayPlaysAsRef for boom: random clicks on random
// boards with BoomPlay and ref.BoomGame side by side, compared after every click: over or
// not, the marks, and the cells it opened in the order it opened them (the statement's
// recursion, depth first).
func TestBoomPlayPlaysAsRef(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	unsorted := 0 // clicks that opened cells out of reading order: their order is tested
	for game := range 400 {
		n, m := 3+r.Intn(12), 3+r.Intn(12)
		board := randomBoard(r, n, m, '_')
		fast, slow := NewBoomPlay(board), ref.NewBoomGame(board)
		for step := 0; !slow.Over() && step < 200; step++ {
			op, x, y := 1+r.Intn(3), 1+r.Intn(n), 1+r.Intn(m)
			fast.Play(op, x, y)
			slow.Play(op, x, y)
			var got, want []int
			fast.Newly(func(p int) { got = append(got, p) })
			for _, c := range slow.Changed() {
				if slow.Opened(c[0], c[1]) {
					want = append(want, (c[0]-1)*m+c[1]-1)
				}
			}
			if fast.Over() != slow.Over() || !slices.Equal(got, want) {
				t.Fatalf("game %d (%v), step %d, op %d on %d %d: BoomPlay over %v, opened %v; ref over %v, opened %v",
					game, board, step, op, x, y, fast.Over(), got, slow.Over(), want)
			}
			for p := range n * m {
				mark := slow.View(p/m+1, p%m+1)
				if mark != 'P' && mark != '?' {
					mark = 0
				}
				if fast.Mark(p/m+1, p%m+1) != mark {
					t.Fatalf("game %d, step %d: the marks differ at (%d, %d)", game, step, p/m+1, p%m+1)
				}
			}
			if !slices.IsSorted(want) {
				unsorted++
			}
		}
	}
	if unsorted == 0 {
		t.Errorf("no cascade opened its cells out of reading order: the test did not reach what it is for")
	}
}
