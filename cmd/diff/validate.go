package main

import (
	"context"
	"fmt"
	"io"
)

// validateCmd checks stdin against every limit of the game's statement (R-IN3) and names
// the first violated constraint with its line, like a testlib validator.
func validateCmd(_ context.Context, args []string, e *env) int {
	fs := newFlags("validate", e)
	name := fs.String("game", "", "the game (required)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	picked, ok := pickGames("validate", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	input, err := io.ReadAll(e.stdin)
	if err != nil {
		fmt.Fprintln(e.stderr, "diff validate: reading stdin:", err)
		return exitUsage
	}
	if err := g.Validate(input); err != nil {
		fmt.Fprintf(e.stderr, "invalid %s input: %v\n", g.Name, err)
		return exitFound
	}
	fmt.Fprintf(e.stdout, "valid %s input (%d bytes)\n", g.Name, len(input))
	return exitOK
}
