package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"gamediff/engine"
)

// runCmd runs one implementation on stdin as a judge would: its answers on stdout; an
// input error's message ("line N: ...") on stderr and exit status 2 (R-IN1).
func runCmd(_ context.Context, args []string, e *env) int {
	fs := newFlags("run", e)
	name := fs.String("game", "", "the game (required)")
	impl := fs.String("impl", "fast", "the implementation: ref or fast")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	picked, ok := pickGames("run", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	var f engine.Func
	switch *impl {
	case "ref":
		f = g.Ref
	case "fast":
		f = g.Fast
	default:
		fmt.Fprintf(e.stderr, "diff run: -impl must be ref or fast, not %q\n", *impl)
		return exitUsage
	}
	input, err := io.ReadAll(e.stdin)
	if err != nil {
		fmt.Fprintln(e.stderr, "diff run: reading stdin:", err)
		return exitUsage
	}
	out := bufio.NewWriterSize(e.stdout, 1<<16)
	err = f(input, out)
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintln(e.stderr, err)
		var in interface{ InputLine() int }
		if errors.As(err, &in) {
			return 2
		}
		return 1
	}
	return exitOK
}
