package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gamediff/corpus"
	"gamediff/engine"
	"gamediff/fuzz"
	"gamediff/games"
	"gamediff/outcome"
	"gamediff/sandbox"
)

// importCmd turns fuzz inputs (a crasher under fuzz/testdata/fuzz/Fuzz<Game><Kind>/, a
// crash ClusterFuzzLite reports) into corpus cases: the input the target tested, with
// ref's output as its answer, saved to <corpus>/<game>/found/. A file must be an input
// of one of the game's targets: a file of another game's, or any other file, is refused
// before anything is saved.
func importCmd(ctx context.Context, args []string, e *env) int {
	fs := newFlags("import", "FILE...   (FILE: a Go fuzz corpus file or a libFuzzer input of one of the game's fuzz targets)", e)
	name := fs.String("game", "", "the game (required)")
	root := fs.String("corpus", "corpus", "corpus root; cases go to <corpus>/<game>/found")
	target := fs.String("target", "", "the fuzz target the files are inputs of (Fuzz<Game>Diff or Fuzz<Game>Parse); default: the target each file's folder is named after")
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	picked, ok := pickGames("import", *name, false, e)
	if !ok {
		return exitUsage
	}
	g := picked[0]
	if *target != "" {
		if _, _, ok := targetOf(*target); !ok {
			fmt.Fprintf(e.stderr, "gamediff import: -target %s: not a fuzz target: the targets are Fuzz<Game>Diff and Fuzz<Game>Parse, such as Fuzz%sDiff\n",
				*target, title(g.Name()))
			return exitUsage
		}
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "gamediff import: give the fuzz input files to import (see 'gamediff import -h')")
		return exitUsage
	}
	// Every file is read and checked before any is saved: one that is not the game's
	// leaves the corpus as it was.
	inputs := make([][]byte, fs.NArg())
	for i, path := range fs.Args() {
		input, err := fuzzInput(g, path, *target)
		if err != nil {
			fmt.Fprintf(e.stderr, "gamediff import: %s: %v\n", path, err)
			return exitUsage
		}
		inputs[i] = input
	}
	for i, path := range fs.Args() {
		input := inputs[i]
		r, err := engine.InProcess{Solver: outcome.Ref, Judge: g.Ref}.Run(ctx, input)
		if err != nil {
			return exitInterrupted
		}
		if r.Status != sandbox.Exited {
			fmt.Fprintf(e.stderr, "gamediff import: %s: the reference %s on it; fix the reference before keeping the case\n", path, r.Status)
			return exitFound
		}
		errText := ""
		if r.Exit == 2 {
			errText = strings.SplitN(r.Stderr, "\n", 2)[0]
		}
		saved, err := corpus.Save(filepath.Join(*root, g.Name(), "found"), input, r.Stdout, errText)
		if err != nil {
			fmt.Fprintln(e.stderr, "gamediff import:", err)
			return exitUsage
		}
		fmt.Fprintf(e.stdout, "%s -> %s\n", path, saved)
	}
	return exitOK
}

// targetName is a fuzz target's name: Fuzz, the game, the kind.
var targetName = regexp.MustCompile(`^Fuzz([A-Z][a-z]+)(Diff|Parse)$`)

// targetOf reads a target's name: its game and kind.
func targetOf(name string) (game, kind string, ok bool) {
	m := targetName.FindStringSubmatch(name)
	if m == nil {
		return "", "", false
	}
	return strings.ToLower(m[1]), m[2], true
}

// title is a game's name as a target writes it: Mine, Datamining.
func title(game string) string {
	return strings.ToUpper(game[:1]) + game[1:]
}

// fuzzInput is the input a fuzz file made the game's target test, or why the file is not
// an input of the game's targets. The target is -target, or the folder the file is in
// (Go keeps a target's corpus under testdata/fuzz/<target>/); a file whose target is
// not known is taken only when its bytes are a valid input of the game as they are.
func fuzzInput(g games.Game, path, target string) ([]byte, error) {
	data, format, err := readFuzzFile(path)
	if err != nil {
		return nil, err
	}
	if target == "" {
		if _, _, ok := targetOf(filepath.Base(filepath.Dir(path))); ok {
			target = filepath.Base(filepath.Dir(path))
		}
	}
	if target == "" {
		if err := g.Validate(data); err != nil {
			give := fmt.Sprintf("give -target Fuzz%sDiff or Fuzz%sParse if it is an input of one of them", title(g.Name()), title(g.Name()))
			if format == goCorpus {
				return nil, fmt.Errorf("a Go fuzz corpus file outside a target's folder (fuzz/testdata/fuzz/<target>/), and its bytes are not a valid %s input (%s); %s",
					g.Name(), shortError(err), give)
			}
			return nil, fmt.Errorf("neither a Go fuzz corpus file (its first line is not %q) nor, read as a libFuzzer input, a valid %s input (%s); %s",
				goCorpusHeader, g.Name(), shortError(err), give)
		}
		return data, nil
	}
	game, kind, _ := targetOf(target)
	if game != g.Name() {
		if _, err := games.Lookup(game); err != nil {
			return nil, fmt.Errorf("%s of %s, which is no game's target (games: %s)", format, target, strings.Join(games.Names(), ", "))
		}
		return nil, fmt.Errorf("%s of %s, a target of %s, not of %s: import it with -game %s", format, target, game, g.Name(), game)
	}
	if kind == "Diff" {
		input, _ := games.FuzzInput(g, data) // what the Diff target played
		return input, nil
	}
	return data, nil
}

// shortError is an error's message cut short, for a message that quotes it.
func shortError(err error) string {
	s := err.Error()
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

// readFuzzFile reads the []byte a fuzz target saw, and names the file's format: a file of
// Go's fuzz corpus format holding one []byte value,
//
//	go test fuzz v1
//	[]byte("...")
//
// or a libFuzzer input (a crash ClusterFuzzLite reports) of a target built by
// go-118-fuzz-build, whose bytes go-fuzz-headers decodes (fuzz.LibFuzzerArgument).
func readFuzzFile(path string) (data []byte, format string, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", errors.New("no such file")
	}
	if err != nil {
		return nil, "", err
	}
	header, rest, _ := bytes.Cut(b, []byte("\n"))
	if string(header) != goCorpusHeader {
		arg, ok := fuzz.LibFuzzerArgument(b)
		if !ok {
			return nil, "", fmt.Errorf("neither a Go fuzz corpus file (its first line is not %q) nor a libFuzzer input (%d bytes: too short)", goCorpusHeader, len(b))
		}
		return arg, libFuzzerInput, nil
	}
	value := strings.TrimSpace(string(rest))
	if !strings.HasPrefix(value, "[]byte(") || !strings.HasSuffix(value, ")") {
		return nil, "", fmt.Errorf("a Go fuzz corpus file, but not of a target of gamediff: expected one []byte(...) value, found %.40q", value)
	}
	s, err := strconv.Unquote(value[len("[]byte(") : len(value)-1])
	if err != nil {
		return nil, "", fmt.Errorf("a Go fuzz corpus file whose []byte literal does not parse: %w", err)
	}
	return []byte(s), goCorpus, nil
}

// The formats of fuzz files, as messages name them, and the first line of Go's.
const (
	goCorpus       = "a Go fuzz corpus file"
	libFuzzerInput = "a libFuzzer input"
	goCorpusHeader = "go test fuzz v1"
)
