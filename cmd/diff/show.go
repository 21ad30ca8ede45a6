package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"gamediff/picture"
)

// showCmd pictures a case as the reference judge plays it, step by step: mine's and
// boom's player board after each operation, tower's level after each command's action
// and after its automatic steps, datamining's boards from their best starts. Colour on a
// terminal, plain text when piped. An input error prints the steps before it, then the
// error naming its line (R-IN1), and exits with status 2.
func showCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("show", "[FILE]   (stdin without FILE)", e)
	name := fs.String("game", "", "the game (required)")
	step := fs.Int("step", -1, "picture only this step: the operation (mine, boom) or command (tower), 0 for the start; datamining: the board")
	dataset := fs.Int("dataset", 0, "picture only this game (boom), dataset (tower) or board (datamining); with -step, default 1")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	picked, ok := pickGames("show", *name, false, e)
	if !ok {
		return exitUsage
	}
	game := picked[0].Name()
	if fs.NArg() > 1 {
		fmt.Fprintln(e.stderr, "gamediff show: one FILE at most")
		return exitUsage
	}
	input, err := readInput(fs.Arg(0), e)
	if err != nil {
		fmt.Fprintln(e.stderr, "gamediff show:", err)
		return exitUsage
	}
	keep := chosenSteps(game, *dataset, *step)
	frames, err := picture.PlaySteps(game, input, keep)
	out := bufio.NewWriterSize(e.stdout, 1<<16)
	if legend, lerr := picture.Legend(game); lerr == nil {
		fmt.Fprintf(out, "%s\n\n", legend)
	}
	for i, f := range frames {
		if ctx.Err() != nil {
			out.Flush()
			return exitInterrupted
		}
		if i > 0 {
			out.WriteByte('\n')
		}
		out.WriteString(f.Text(e.stdoutIsTerm))
	}
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = ferr
	}
	if err != nil {
		var in interface{ InputLine() int }
		if errors.As(err, &in) {
			fmt.Fprintln(e.stderr, err) // "line N: what was expected"
		} else {
			fmt.Fprintln(e.stderr, "gamediff show:", err)
		}
		return exitUsage
	}
	if len(frames) == 0 && keep != nil {
		fmt.Fprintf(e.stderr, "gamediff show: the case has no such step (-dataset %d -step %d)\n", *dataset, *step)
		return exitUsage
	}
	return exitOK
}

// chosenSteps turns -dataset and -step into the steps to picture; nil for all of them.
// Mine has one game (dataset 0); for the others -step alone means dataset 1, but a
// datamining board is one step, so there -step picks the board.
func chosenSteps(game string, dataset, step int) func(d, s int) bool {
	switch {
	case dataset == 0 && step < 0:
		return nil
	case game == "mine":
		return func(_, s int) bool { return step < 0 || s == step }
	case game == "datamining":
		if dataset == 0 {
			dataset = step
		}
		return func(d, _ int) bool { return d == dataset }
	case dataset == 0:
		dataset = 1
	}
	return func(d, s int) bool { return d == dataset && (step < 0 || s == step) }
}
