package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gamediff/engine"
	"gamediff/fuzz"
	"gamediff/games"
)

// importCmd turns fuzz corpus files (a crasher under fuzz/testdata/fuzz/Fuzz<Game><Kind>/)
// into corpus cases: the input the target tested, with ref's output as its answer, saved
// to <corpus>/<game>/found/.
func importCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("import", "FUZZFILE...", e)
	name := fs.String("game", "", "the game (required)")
	corpus := fs.String("corpus", "corpus", "corpus root; cases go to <corpus>/<game>/found")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	picked, ok := pickGames("import", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "gamediff import: give the fuzz corpus files to import")
		return exitUsage
	}
	for _, path := range fs.Args() {
		data, err := readFuzzFile(path)
		if err != nil {
			fmt.Fprintf(e.stderr, "gamediff import: %s: %v\n", path, err)
			return exitUsage
		}
		input := data
		if strings.HasSuffix(filepath.Base(filepath.Dir(path)), "Diff") {
			input, _ = games.FuzzInput(g, data) // what the Diff target played
		}
		r, err := engine.InProcess{Label: "ref", Judge: g.Ref}.Run(ctx, input)
		if err != nil {
			return exitInterrupted
		}
		if r.Status != engine.Exited {
			fmt.Fprintf(e.stderr, "gamediff import: %s: ref %s on it; fix ref before keeping the case\n", path, r.Status)
			return exitFound
		}
		errText := ""
		if r.Exit == 2 {
			errText = strings.SplitN(r.Stderr, "\n", 2)[0]
		}
		saved, err := engine.SaveCase(filepath.Join(*corpus, g.Name(), "found"), input, r.Stdout, errText)
		if err != nil {
			fmt.Fprintln(e.stderr, "gamediff import:", err)
			return exitUsage
		}
		fmt.Fprintf(e.stdout, "%s -> %s\n", path, saved)
	}
	return exitOK
}

// readFuzzFile reads the []byte a fuzz target saw: a file of Go's fuzz corpus format
// holding one []byte value,
//
//	go test fuzz v1
//	[]byte("...")
//
// or a libFuzzer input (a crash ClusterFuzzLite reports) of a target built by
// go-118-fuzz-build, whose bytes go-fuzz-headers decodes (fuzz.LibFuzzerArgument).
func readFuzzFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	header, rest, _ := bytes.Cut(b, []byte("\n"))
	if string(header) != "go test fuzz v1" {
		arg, ok := fuzz.LibFuzzerArgument(b)
		if !ok {
			return nil, fmt.Errorf("neither a Go fuzz corpus file nor a libFuzzer input of a Go target (%d bytes)", len(b))
		}
		return arg, nil
	}
	value := strings.TrimSpace(string(rest))
	if !strings.HasPrefix(value, "[]byte(") || !strings.HasSuffix(value, ")") {
		return nil, fmt.Errorf("expected one []byte(...) value, found %.40q", value)
	}
	s, err := strconv.Unquote(value[len("[]byte(") : len(value)-1])
	if err != nil {
		return nil, fmt.Errorf("the []byte literal: %w", err)
	}
	return []byte(s), nil
}
