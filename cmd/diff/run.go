package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"gamediff/engine"
)

// runCmd runs one implementation on an input (FILE, or stdin) as a judge would: its
// answers on stdout; an input error's message ("line N: ...") on stderr and exit status 2
// (docs/rules.md R-IN1). SIGINT or SIGTERM stops it at once (exit 130), even while the
// judge spins.
func runCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("run", "[FILE]   (FILE: the input, a case of the game; stdin without it)", e)
	name := fs.String("game", "", "the game (required)")
	impl := fs.String("impl", "fast", "the implementation: ref or fast")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	picked, ok := pickGames("run", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	var judge engine.Judge
	switch *impl {
	case "ref":
		judge = g.Ref
	case "fast":
		judge = g.Fast
	default:
		fmt.Fprintf(e.stderr, "gamediff run: -impl must be ref or fast, not %q\n", *impl)
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(e.stderr, "gamediff run: give one input file at most")
		return exitUsage
	}
	input, err := readInput(fs.Arg(0), e)
	if err != nil {
		fmt.Fprintln(e.stderr, "gamediff run:", err)
		return exitUsage
	}
	done := make(chan int, 1)
	go func() {
		out := bufio.NewWriterSize(e.stdout, 1<<16)
		err := judge(input, out)
		if ferr := out.Flush(); err == nil && ferr != nil {
			err = ferr
		}
		if err == nil {
			done <- exitOK
			return
		}
		fmt.Fprintln(e.stderr, err)
		var in interface{ InputLine() int }
		if errors.As(err, &in) {
			done <- 2
			return
		}
		done <- 1
	}()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
		return exitInterrupted // the judge's goroutine ends with the process
	}
}
