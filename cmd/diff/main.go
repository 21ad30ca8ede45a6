// Command diff is gamediff's command line: it runs a game's judges as a judge would,
// validates inputs, shows a case as the judge plays it, hunts for divergences between
// the reference and the optimized judge (or any program), writes test sets and replays
// the corpus. Each subcommand parses its flags and calls the engine; the work is done
// there. Built once (go build -o gamediff ./cmd/diff), it is also its own hunt's worker.
//
//	diff run      -game G [-impl ref|fast] [FILE] > out
//	diff validate -game G [FILE]...
//	diff show     -game G [-step K] [FILE]
//	diff hunt     [-game G] [-duration 10s] [-cmd PROGRAM] [-seed S] [-json] ...
//	diff replay   [-game G] [FILE.in | DIR]...
//	diff gen      -game G -o DIR [-seed S]
//	diff import   -game G fuzz/testdata/fuzz/FuzzGameDiff/FILE...
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"gamediff/engine"
	"gamediff/games"
	"gamediff/sandbox"
)

// Exit statuses shared by the subcommands.
const (
	exitOK          = 0
	exitFound       = 1 // a divergence, an invalid input, a failed replay
	exitUsage       = 2 // bad flags, or a harness failure
	exitInterrupted = 130
)

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, e *env) int
}

// env is the process's streams, so that tests can run subcommands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	stdoutIsTerm   bool
	stderrIsTerm   bool
}

var commands = []command{
	{"run", "run one judge on an input as a judge would", runCmd},
	{"validate", "check inputs against every limit of the statement", validateCmd},
	{"show", "show a case as the judge plays it, step by step", showCmd},
	{"hunt", "generate cases and compare ref with fast (or a program) until they differ", huntCmd},
	{"judge", "run a program (or fast) on a test set as a judge would: a verdict per test", judgeCmd},
	{"replay", "run corpus cases through ref and fast and compare with their answers", replayCmd},
	{"gen", "write a game's test set: N.in, N.ans and the plan, with a limits overview", genCmd},
	{"import", "turn fuzz corpus files (crashers) into corpus cases with ref's answers", importCmd},
}

func main() {
	// A hunt re-executes this binary as its workers: serve, and never return, if so.
	engine.ServeWorker(games.Worker)
	ctx, interrupt := context.WithCancel(context.Background())
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		stdoutIsTerm: isTerminal(os.Stdout), stderrIsTerm: isTerminal(os.Stderr)}
	done := make(chan int, 1)
	go func() { done <- dispatch(ctx, os.Args[1:], e) }()
	code, deadline := awaitCommand(done, signals, interrupt, e.stderr)
	// The cgroups its hunts made for their workers go with it; after a signal, within
	// the time the process has left to end.
	released := make(chan struct{})
	go func() {
		sandbox.Release()
		close(released)
	}()
	if deadline.IsZero() {
		<-released
	} else {
		select {
		case <-released:
		case <-time.After(time.Until(deadline)):
		}
	}
	os.Exit(code)
}

// A signal (SIGINT, SIGTERM) ends the process within interruptWithin, with exit status
// 130: the command's context is cancelled at once, and every step of the command stops
// on it; one that does not stop within commandGrace (a system call that does not return,
// a program that ignores its own stop) is left behind, as it is at a second signal. What
// is left of interruptWithin releases the sandbox's cgroups.
const (
	interruptWithin = 1400 * time.Millisecond
	commandGrace    = time.Second
)

// awaitCommand waits for the command's exit status on done. At the first signal it
// cancels the command's context (interrupt) and waits commandGrace more; at a second
// signal, or past the grace, it gives up on the command. It returns the exit status, and
// the time by which the process must end when a signal came (zero otherwise).
func awaitCommand(done <-chan int, signals <-chan os.Signal, interrupt func(), stderr io.Writer) (int, time.Time) {
	var code int
	select {
	case code = <-done:
		return code, time.Time{}
	case <-signals:
	}
	signalled := time.Now()
	interrupt()
	grace := time.NewTimer(commandGrace)
	defer grace.Stop()
	select {
	case <-done:
	case sig := <-signals:
		fmt.Fprintf(stderr, "gamediff: %v again: stopping at once\n", sig)
	case <-grace.C:
		fmt.Fprintf(stderr, "gamediff: interrupted, and the command did not stop within %v: stopping at once\n", commandGrace)
	}
	// Interrupted, whatever the command made of it: its work is not whole.
	return exitInterrupted, signalled.Add(interruptWithin)
}

func dispatch(ctx context.Context, args []string, e *env) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 { // diff help hunt
			return dispatch(ctx, []string{args[1], "-h"}, e)
		}
		usage(e.stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(ctx, args[1:], e)
		}
	}
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	hint := ""
	if n := closest(args[0], names); n != "" {
		hint = "; did you mean " + n + "?"
	}
	fmt.Fprintf(e.stderr, "gamediff: unknown command %q%s\n", args[0], hint)
	usage(e.stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: gamediff <command> [flags]   (games: %s)\n\ncommands:\n", strings.Join(games.Names(), ", "))
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'gamediff <command> -h' for a command's flags. Exit status: 0 clean, 1 found, 2 usage or harness error, 130 interrupted.")
}

// newFlags returns a flag set that reports errors instead of exiting; operands names what
// the command takes after its flags ("[FILE]…"), for its usage line.
func newFlags(name, operands string, e *env) *flag.FlagSet {
	fs := flag.NewFlagSet("gamediff "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parseFlags says what went wrong, in one line
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, "usage: gamediff %s [flags] %s\n\nflags:\n", name, operands)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseFlags parses args; the int is the exit status to return when ok is false. -h
// prints the command's usage on stdout; a bad flag is one line on stderr, with the way to
// the usage.
func parseFlags(fs *flag.FlagSet, args []string, e *env) (int, bool) {
	// The flag package prints the whole usage on any error: -h asks for it, a mistyped
	// flag gets one line and the way to it.
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage()
			return exitOK, false
		}
		msg := err.Error()
		if strings.Contains(msg, "parse error") && strings.Contains(msg, "invalid value") {
			// time.ParseDuration's own words say nothing of what is wrong.
			msg = strings.TrimSuffix(msg, ": parse error") + ": a duration needs a unit (30s, 5m, 1h30m)"
		}
		fmt.Fprintf(e.stderr, "%s: %s%s (see '%s -h')\n", fs.Name(), msg, didYouMean(fs, msg), fs.Name())
		return exitUsage, false
	}
	return 0, true
}

// pickGames resolves the -game flag of command cmd: the game named, or every game when
// name is empty and all is allowed. On failure it has printed why.
func pickGames(cmd, name string, all bool, e *env) ([]games.Game, bool) {
	if name == "" && all {
		return games.All(), true
	}
	if name == "" {
		fmt.Fprintf(e.stderr, "gamediff %s: -game is required (games: %s)\n", cmd, strings.Join(games.Names(), ", "))
		return nil, false
	}
	g, err := games.Lookup(name)
	if err != nil {
		hint := ""
		if n := closest(name, games.Names()); n != "" {
			hint = "; did you mean " + n + "?"
		}
		fmt.Fprintf(e.stderr, "gamediff %s: %v%s\n", cmd, err, hint)
		return nil, false
	}
	return []games.Game{g}, true
}

// readInput reads the named file, or stdin when name is empty or "-". A regular file is
// read into a buffer of its size, so that a big input costs its size once.
func readInput(name string, e *env) ([]byte, error) {
	if name != "" && name != "-" {
		return os.ReadFile(name)
	}
	if f, ok := e.stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			buf := make([]byte, 0, st.Size()+1)
			for {
				n, err := f.Read(buf[len(buf):cap(buf)])
				buf = buf[:len(buf)+n]
				if err == io.EOF {
					return buf, nil
				}
				if err != nil {
					return buf, err
				}
				if len(buf) == cap(buf) {
					buf = append(buf, 0)[:len(buf)] // grew after the stat: let append size it
				}
			}
		}
	}
	return io.ReadAll(e.stdin)
}

// plural writes "1 case", "2 cases".
func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// isTerminal reports whether f is a terminal: the status line is redrawn in place there.
func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// selfName is how to run this command again: the binary as it was called, or `go run`
// when it was (a binary in the build cache's temporary folder).
func selfName() string {
	if strings.Contains(os.Args[0], "go-build") || strings.HasSuffix(os.Args[0], ".test") {
		return "go run ./cmd/diff"
	}
	return os.Args[0]
}

// firstLineOf is s's first line, trimmed.
func firstLineOf(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
