package fast

import (
	"bytes"
	"io"
	"math/rand"
	"strings"
	"testing"

	"gamediff/ref"
)

// TestTowerAllocationsDoNotGrow checks that a run allocates the same whatever the number
// of datasets and commands: the board comes from a pool and every buffer is reused.
func TestTowerAllocationsDoNotGrow(t *testing.T) {
	dataset := "5 5\n.....\n.....\n.S..G\n.##I#\n#1B##\n6\nMOVETO 3\nPUSH RIGHT\nCLIMB RIGHT\nPULL LEFT\nGETDOWN LEFT\nMOVETO 1\n"
	allocs := func(datasets int) float64 {
		input := []byte(strings.Repeat(dataset, datasets) + "0 0\n")
		return testing.AllocsPerRun(20, func() {
			if err := Tower(input, io.Discard); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(1), allocs(2000)
	if large > small {
		t.Errorf("%v allocations for 1 dataset, %v for 2000: they grow with the input", small, large)
	}
	var out bytes.Buffer
	if err := Tower([]byte(dataset+"0 0\n"), &out); err != nil || out.Len() == 0 {
		t.Fatalf("no result (err %v)", err)
	}
}

// TestTowerPlayPlaysAsRef plays random commands on random towers with TowerPlay and
// ref.TowerGame side by side, and before and after every one compares what gen's player
// reads: which commands are valid (every MOVETO column, in range or not, and the other
// four both ways), how the game stands, the player, the goal and every cell.
func TestTowerPlayPlaysAsRef(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	names := []string{"PUSH", "PULL", "GETDOWN", "CLIMB"}
	played := 0
	for game := range 600 {
		n, m := 3+r.Intn(6), 3+r.Intn(6)
		cells := make([][]byte, n)
		for y := range cells {
			cells[y] = make([]byte, m)
			for x := range cells[y] {
				cells[y][x] = "....#####III23CB1"[r.Intn(17)]
			}
		}
		cells[r.Intn(n)][r.Intn(m)] = 'G'
		for {
			if y, x := r.Intn(n), r.Intn(m); cells[y][x] != 'G' {
				cells[y][x] = 'S'
				break
			}
		}
		rows := make([]string, n)
		for y := range rows {
			rows[y] = string(cells[y])
		}
		fast, slow := NewTowerPlay(rows), ref.NewTowerGame(rows, nil)
		for step := 0; step < 60; step++ {
			if fast.Outcome() != slow.Outcome() {
				t.Fatalf("tower %d %q, step %d: TowerPlay's outcome %q, ref's %q", game, rows, step, fast.Outcome(), slow.Outcome())
			}
			if slow.Outcome() != "" {
				break
			}
			fy, fx := fast.Player()
			sy, sx := slow.Player()
			gy, gx := slow.Goal()
			if fy != sy || fx != sx || !sameGoal(fast, gy, gx) {
				t.Fatalf("tower %d %q, step %d: TowerPlay's player at %d,%d, ref's at %d,%d (or the goals differ)", game, rows, step, fy, fx, sy, sx)
			}
			for y := 1; y <= n; y++ {
				for x := 1; x <= m; x++ {
					if fast.Cell(y, x) != slow.Cell(y, x) {
						t.Fatalf("tower %d %q, step %d: level %d, column %d: TowerPlay's %q, ref's %q", game, rows, step, y, x, fast.Cell(y, x), slow.Cell(y, x))
					}
				}
			}
			for s := -1; s <= m+2; s++ {
				if fast.Valid("MOVETO", s) != slow.Valid("MOVETO", s) {
					t.Fatalf("tower %d %q, step %d: MOVETO %d valid %v on TowerPlay", game, rows, step, s, fast.Valid("MOVETO", s))
				}
			}
			for _, name := range names {
				for _, d := range []int{-1, 1} {
					if fast.Valid(name, d) != slow.Valid(name, d) {
						t.Fatalf("tower %d %q, step %d: %s %d valid %v on TowerPlay", game, rows, step, name, d, fast.Valid(name, d))
					}
				}
			}
			name, arg := "MOVETO", r.Intn(m+2)
			if k := r.Intn(6); k < 4 {
				name, arg = names[k], 1-2*r.Intn(2)
			}
			fast.Play(name, arg)
			slow.Play(name, arg)
			played++
		}
	}
	if played < 2000 {
		t.Errorf("only %d commands played: the towers end too soon to test much", played)
	}
}

func sameGoal(g *TowerPlay, y, x int) bool {
	gy, gx := g.Goal()
	return gy == y && gx == x
}
