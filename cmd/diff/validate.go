package main

import (
	"gamediff/report"

	"context"
	"fmt"
)

// validateCmd checks inputs (the FILE arguments, or stdin) against every limit of the
// game's statement (docs/rules.md R-IN3) and names the first violated constraint with its
// line, like a testlib validator.
func validateCmd(_ context.Context, args []string, e *env) int {
	fs := newFlags("validate", "[FILE]...   (FILE: an input to check; stdin without any)", e)
	name := fs.String("game", "", "the game (required)")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	picked, ok := pickGames("validate", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	code := exitOK
	for _, file := range files {
		label := file
		if file == "-" {
			label = "stdin"
		}
		input, err := readInput(file, e)
		if err != nil {
			fmt.Fprintln(e.stderr, "gamediff validate:", err)
			return exitUsage
		}
		if err := g.Validate(input); err != nil {
			fmt.Fprintf(e.stderr, "%s: invalid %s input: %v\n", label, g.Name(), err)
			code = exitFound
			continue
		}
		fmt.Fprintf(e.stdout, "%s: valid %s input (%s)\n", label, g.Name(), report.Size(int64(len(input))))
	}
	return code
}
