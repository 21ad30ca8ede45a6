package picture

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamediff/ref"
	"gamediff/testutil/golden"
)

func readCorpus(t *testing.T, game, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "corpus", game, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// rows renders a board's window as strings, one per row.
func rows(b *Board) []string {
	var out []string
	for _, r := range b.Cells {
		out = append(out, string(r))
	}
	return out
}

// TestPlaySamples follows each statement's sample through the frames, at the moments
// worked out by hand from the statements, and keeps the whole text as a golden file.
func TestPlaySamples(t *testing.T) {
	for _, c := range []struct {
		game   string
		frames int
		checks []struct {
			index      int // in the frames
			dataset    int
			step       int
			phase, op  string
			output     string
			board      []string
			result     string
			stepMarked [2]int
		}
	}{
		{
			game: "mine", frames: 13, // the start and 12 operations: Sweep 3 3 finishes, Quit is not read
			checks: []struct {
				index, dataset, step int
				phase, op, output    string
				board                []string
				result               string
				stepMarked           [2]int
			}{
				{index: 0, board: []string{"___", "___", "___"}},
				{index: 1, step: 1, op: "Sweep 1 1", output: "6 cell(s) detected\n1 1 0\n1 2 1\n2 1 0\n2 2 1\n3 1 0\n3 2 1\n",
					board: []string{"01_", "01_", "01_"}, stepMarked: [2]int{1, 1}},
				{index: 4, step: 4, op: "Flag 2 3", output: "success\n", board: []string{"01F", "01F", "01_"}, stepMarked: [2]int{2, 3}},
				{index: 9, step: 9, op: "Flag 1 3", output: "cancelled\n", board: []string{"01_", "01F", "01_"}, stepMarked: [2]int{1, 3}},
				{index: 12, step: 12, op: "Sweep 3 3", output: "1 cell(s) detected\n3 3 1\nfinish\ntotal step 12\n",
					board: []string{"011", "01F", "011"}, result: "finish", stepMarked: [2]int{3, 3}},
			},
		},
		{
			game: "boom", frames: 21, // 5 starts, 11 clicks, 5 final "0"s
			checks: []struct {
				index, dataset, step int
				phase, op, output    string
				board                []string
				result               string
				stepMarked           [2]int
			}{
				{index: 2, dataset: 1, step: 2, op: "0", output: "", board: []string{"01_", "011", "000"}, result: "WIN"},
				{index: 3, dataset: 2, output: "==========\n", board: []string{"___", "___", "___"}},
				{index: 7, dataset: 2, step: 4, op: "2 2 3", output: "RUNNING: [<2, 3, P>]\n", board: []string{"_P2", "12P", "01_"}, stepMarked: [2]int{2, 3}},
				// Game 4: a left click on the mine: LOSE, the mine shown.
				{index: 14, dataset: 4, step: 1, op: "1 2 2", output: "LOSE\n", board: []string{"___", "_*_", "___"}, result: "LOSE", stepMarked: [2]int{2, 2}},
				// Game 5: a middle click on (2,2) beside a wrong flag: the unflagged mine (2,3) loses.
				{index: 19, dataset: 5, step: 3, op: "3 2 2", output: "LOSE\n", board: []string{"_P_", "_1*", "___"}, result: "LOSE", stepMarked: [2]int{2, 2}},
			},
		},
		{
			game: "tower", frames: 34,
			checks: []struct {
				index, dataset, step int
				phase, op, output    string
				board                []string
				result               string
				stepMarked           [2]int
			}{
				// PUSH RIGHT from (4,1): the # at (4,2) goes to (4,3) and the B to (4,6) ...
				{index: 1, dataset: 1, step: 1, phase: "action", op: "PUSH RIGHT",
					board: []string{"........", "........", "....###.", "...#.#.G", "S.#..B##", "#ICII.I#", "#..#.#.#", ".#..#.#."}, stepMarked: [2]int{4, 1}},
				// ... then the # on the B at (5,6) vanishes (R-T14).
				{index: 2, dataset: 1, step: 1, phase: "automatic", op: "PUSH RIGHT",
					board: []string{"........", "........", "....#.#.", "...#...G", "S.#..B##", "#ICII.I#", "#..#.#.#", ".#..#.#."}, stepMarked: [2]int{4, 1}},
			},
		},
		{
			game: "datamining", frames: 4,
			checks: []struct {
				index, dataset, step int
				phase, op, output    string
				board                []string
				result               string
				stepMarked           [2]int
			}{
				{index: 0, dataset: 1, output: "0\n", board: []string{"000", "221", "FF1"}, stepMarked: [2]int{1, 1}},
				{index: 1, dataset: 2, output: "5\n", board: []string{"M3M_", "_M_M", "M_M_"}, stepMarked: [2]int{1, 2}},
			},
		},
	} {
		t.Run(c.game, func(t *testing.T) {
			frames, err := Play(c.game, readCorpus(t, c.game, "sample-1.in"))
			if err != nil {
				t.Fatal(err)
			}
			if len(frames) != c.frames {
				t.Fatalf("%d frames, want %d", len(frames), c.frames)
			}
			for _, k := range c.checks {
				f := frames[k.index]
				if f.Dataset != k.dataset || f.Step != k.step || f.Phase != k.phase || f.Op != k.op || string(f.Output) != k.output || f.Result != k.result {
					t.Errorf("frame %d: dataset %d step %d phase %q op %q output %q result %q; want %d %d %q %q %q %q",
						k.index, f.Dataset, f.Step, f.Phase, f.Op, f.Output, f.Result, k.dataset, k.step, k.phase, k.op, k.output, k.result)
				}
				if got := rows(f.Board); strings.Join(got, "/") != strings.Join(k.board, "/") {
					t.Errorf("frame %d: board %v, want %v", k.index, got, k.board)
				}
				steps := marked(f.Board, MarkStep)
				if k.stepMarked != [2]int{} && (len(steps) != 1 || steps[0] != k.stepMarked) {
					t.Errorf("frame %d: step marks %v, want %v", k.index, steps, k.stepMarked)
				}
			}
			var text strings.Builder
			for _, f := range frames {
				text.WriteString(f.Text(false))
			}
			golden.Check(t, filepath.Join("play", c.game+".txt"), []byte(text.String()))
		})
	}
}

func TestPlayInputErrorKeepsTheStepsBefore(t *testing.T) {
	frames, err := Play("mine", []byte("2 3\n...\n..*\nSweep 2 1\nDSweep 2 12\nQuit\n"))
	var in *ref.InputError
	if !errors.As(err, &in) || in.Line != 5 {
		t.Fatalf("error %v, want an input error on line 5", err)
	}
	if len(frames) != 2 || frames[1].Op != "Sweep 2 1" || !strings.HasPrefix(string(frames[1].Output), "4 cell(s) detected\n") {
		t.Errorf("frames before the error: %d, last %+v", len(frames), frames[len(frames)-1])
	}
}

// TestPlayBoundsBigBoards: 60000 operations on a 1000 x 1000 board give 60001 frames, but
// boards of at most 4M cells in all, each a 40 x 40 window around its operation.
func TestPlayBoundsBigBoards(t *testing.T) {
	input := bigMine()
	frames, err := Play("mine", input)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != 60001 {
		t.Fatalf("%d frames", len(frames))
	}
	cells, without := 0, 0
	for _, f := range frames {
		if f.Board == nil {
			without++
			if len(f.Notes) == 0 {
				t.Fatalf("frame %d keeps no board and says nothing", f.Step)
			}
			continue
		}
		if len(f.Board.Cells) != maxRows || len(f.Board.Cells[0]) != maxCols {
			t.Fatalf("frame %d: a %dx%d board", f.Step, len(f.Board.Cells), len(f.Board.Cells[0]))
		}
		cells += maxRows * maxCols
		if f.Step > 0 && len(marked(f.Board, MarkStep)) != 1 {
			t.Fatalf("frame %d: the window misses its operation's cell", f.Step)
		}
	}
	if cells > playBudget+maxRows*maxCols || without == 0 {
		t.Errorf("%d cells kept, %d frames without a board", cells, without)
	}
	if w := frames[1].Board.Window(); w != "rows 1-40 of 1000, columns 1-40 of 1000" {
		t.Errorf("window %q", w)
	}
	// A step past the budget, pictured alone.
	some, err := PlaySteps("mine", input, func(_, step int) bool { return step == 59000 })
	if err != nil || len(some) != 1 || some[0].Board == nil || some[0].Op != "Sweep 118 1000" {
		t.Fatalf("PlaySteps: %v, %d frames", err, len(some))
	}
	if string(some[0].Output) != "1 cell(s) detected\n118 1000 4\n" {
		t.Errorf("output %q", some[0].Output)
	}
}

// TestTraceMatchesTheJudge: played through the tracers, every corpus input writes what the
// untraced judge writes, and stops at the same input error: tracing changes nothing.
func TestTraceMatchesTheJudge(t *testing.T) {
	for game, judge := range refs {
		paths, _ := filepath.Glob(filepath.Join("..", "corpus", game, "*.in"))
		found, _ := filepath.Glob(filepath.Join("..", "corpus", game, "found", "*.in"))
		paths = append(paths, found...)
		if len(paths) < 5 {
			t.Fatalf("%s: only %d corpus inputs", game, len(paths))
		}
		for _, path := range paths {
			input, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var want strings.Builder
			wantErr := judge(input, &want)
			frames, err := Play(game, input)
			var got strings.Builder
			for _, f := range frames {
				got.Write(f.Output)
			}
			if got.String() != want.String() || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("%s: traced, %q and %v; untraced, %q and %v", path, got.String(), err, want.String(), wantErr)
			}
		}
	}
}

// drawings are the games' drawings, by name: the pictures' tests do not import games,
// which imports this package, and carries them.
var drawings = map[string]*Drawing{"mine": Mine, "boom": Boom, "tower": Tower, "datamining": Datamining}

// The tests play and explain by the game's name, through its drawing.
func Play(game string, input []byte) ([]Frame, error) { return drawings[game].Play(input) }
func PlaySteps(game string, input []byte, keep func(dataset, step int) bool) ([]Frame, error) {
	return drawings[game].PlaySteps(input, keep)
}
func Walk(game string, input []byte, keep func(dataset, step int) bool, visit func(Frame) bool) error {
	return drawings[game].Walk(input, keep, visit)
}
func Explain(game string, input, want, got []byte) (Parting, error) {
	return drawings[game].Explain(input, want, got)
}
func Stopped(game string, input, want, got []byte) (Parting, error) {
	return drawings[game].Stopped(input, want, got)
}
func Signature(game string, input, want, got []byte) (Sign, error) {
	return drawings[game].Signature(input, want, got)
}
