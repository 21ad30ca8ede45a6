package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"gamediff/games"
	"gamediff/picture"
)

// showCmd pictures a case as the reference judge plays it, step by step: mine's and
// boom's player board after each operation, tower's level after each command's action
// and after its automatic steps, datamining's boards from their best starts. Colour on a
// terminal, plain text when piped. An input error prints the steps before it, then the
// error naming its line (R-IN1), and exits with status 2.
//
// Each picture is printed as soon as its step is played and then dropped, so that a
// stream of operations costs what the reference's play costs, not a picture per step.
func showCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("show", "[FILE]   (FILE: the case to picture; stdin without it)", e)
	name := fs.String("game", "", "the game (required)")
	var stepFlag, datasetFlag optionalInt
	fs.Var(&stepFlag, "step", "picture only step `K` (an operation or a command), 0 for the start; where each dataset is one step ("+oneStepGames()+"), the dataset K (default: every step)")
	fs.Var(&datasetFlag, "dataset", "picture only dataset `N` ("+datasetWords()+"), from 1; with -step, default 1")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	picked, ok := pickGames("show", *name, false, e)
	if !ok {
		return exitUsage
	}
	game, drawing := picked[0].Name(), picked[0].Picture()
	step, dataset := &stepFlag.n, &datasetFlag.n
	if !stepFlag.set {
		*step = -1 // every step
	}
	switch {
	case stepFlag.set && *step < 0:
		fmt.Fprintf(e.stderr, "gamediff show: -step %d: a step is 0 (the start) or more (see 'gamediff show -h')\n", *step)
		return exitUsage
	case datasetFlag.set && drawing.Datasets() == "":
		fmt.Fprintf(e.stderr, "gamediff show: -dataset: %s is one game, with no datasets: give -step alone (see 'gamediff show -h')\n", game)
		return exitUsage
	case datasetFlag.set && *dataset < 1:
		fmt.Fprintf(e.stderr, "gamediff show: -dataset %d: the %s are numbered from 1 (see 'gamediff show -h')\n", *dataset, drawing.Datasets())
		return exitUsage
	case fs.NArg() > 1:
		fmt.Fprintln(e.stderr, "gamediff show: one FILE at most")
		return exitUsage
	}
	input, err := readInput(fs.Arg(0), e)
	if err != nil {
		fmt.Fprintln(e.stderr, "gamediff show:", err)
		return exitUsage
	}
	legend := drawing.Legend()
	// The reference's play holds the input and everything it writes, and show one picture
	// at a time: a soft limit on the heap, at the project's bound on memory, makes the
	// collector clear the pictures' garbage before it crowds that bound.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(2*int64(len(input)) + 64<<20))
	keep := chosenSteps(drawing, *dataset, *step)
	out := bufio.NewWriterSize(e.stdout, 1<<16)
	shown := 0
	var werr error
	err = drawing.Walk(input, keep, func(f picture.Frame) bool {
		if ctx.Err() != nil {
			return false
		}
		// The legend comes with the first picture: an input rejected before any step
		// prints nothing but its error.
		if shown == 0 {
			fmt.Fprintf(out, "%s\n\n", legend)
		} else {
			out.WriteByte('\n')
		}
		shown++
		_, werr = out.WriteString(f.Text(e.stdoutIsTerm))
		return werr == nil
	})
	if ctx.Err() != nil {
		out.Flush()
		return exitInterrupted
	}
	if ferr := out.Flush(); werr == nil {
		werr = ferr
	}
	switch {
	case err != nil:
		var in interface{ InputLine() int }
		if errors.As(err, &in) {
			fmt.Fprintln(e.stderr, err) // "line N: what was expected"
		} else {
			fmt.Fprintln(e.stderr, "gamediff show:", err)
		}
		return exitUsage
	case werr != nil:
		fmt.Fprintln(e.stderr, "gamediff show:", werr)
		return exitUsage
	case shown == 0 && keep != nil:
		fmt.Fprintf(e.stderr, "gamediff show: the case has no such step (-dataset %d -step %d)\n", *dataset, *step)
		return exitUsage
	}
	return exitOK
}

// optionalInt is an integer flag that knows whether it was given, and prints no
// default in the usage.
type optionalInt struct {
	n   int
	set bool
}

func (o *optionalInt) String() string {
	if o == nil || !o.set {
		return ""
	}
	return strconv.Itoa(o.n)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("not a whole number")
	}
	o.n, o.set = n, true
	return nil
}

// datasetWords says what each game's input holds several of, for a help text: "boom's
// games, tower's datasets".
func datasetWords() string {
	var words []string
	for _, g := range games.All() {
		if d := g.Picture().Datasets(); d != "" {
			words = append(words, g.Name()+"'s "+d)
		}
	}
	return strings.Join(words, ", ")
}

// oneStepGames lists the games whose datasets are each one step.
func oneStepGames() string {
	var names []string
	for _, g := range games.All() {
		if g.Picture().OneStep() {
			names = append(names, g.Name())
		}
	}
	return strings.Join(names, ", ")
}

// chosenSteps turns -dataset and -step into the steps to picture; nil for all of them. A
// game of one game (mine) has dataset 0; for the others -step alone means dataset 1, but
// where a dataset is one step (a datamining board), -step picks the dataset.
func chosenSteps(d *picture.Drawing, dataset, step int) func(d, s int) bool {
	switch {
	case dataset == 0 && step < 0:
		return nil
	case d.Datasets() == "":
		return func(_, s int) bool { return step < 0 || s == step }
	case d.OneStep():
		if dataset == 0 {
			dataset = step
		}
		return func(d, _ int) bool { return d == dataset }
	case dataset == 0:
		dataset = 1
	}
	return func(d, s int) bool { return d == dataset && (step < 0 || s == step) }
}
