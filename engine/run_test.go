package engine_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"gamediff/engine"
	"gamediff/outcome"
	"gamediff/sandbox"
)

// goroutineHeader is the first line of the calling goroutine's stack ("goroutine 7 [running]:"),
// which names it.
func goroutineHeader() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	line, _, _ := bytes.Cut(buf, []byte("\n"))
	id, _, _ := strings.Cut(string(line), " [")
	return id
}

type lineError struct{ line int }

func (e lineError) Error() string  { return "line 2: bad" }
func (e lineError) InputLine() int { return e.line }

// An inline run is the goroutine run's result without the goroutine: the same capture of
// stdout, input errors and panics, on the caller's goroutine.
func TestInProcessInline(t *testing.T) {
	caller := goroutineHeader()
	var ran string
	judge := func(input []byte, w io.Writer) error {
		ran = goroutineHeader()
		switch string(input) {
		case "panic":
			panic("boom")
		case "bad":
			_, _ = io.WriteString(w, "partial\n")
			return lineError{2}
		}
		_, err := w.Write(input)
		return err
	}
	for _, inline := range []bool{false, true} {
		s := engine.InProcess{Solver: outcome.Fast, Judge: judge, Inline: inline}
		r, err := s.Run(context.Background(), []byte("out\n"))
		if err != nil || r.Status != sandbox.Exited || r.Exit != 0 || string(r.Stdout) != "out\n" || r.Solver != outcome.Fast {
			t.Fatalf("inline %v: %+v, %v; want exit 0 with out", inline, r, err)
		}
		if onCaller := ran == caller; onCaller != inline {
			t.Errorf("inline %v: the judge ran on %q, the caller is %q", inline, ran, caller)
		}
		r, err = s.Run(context.Background(), []byte("bad"))
		if err != nil || r.Exit != 2 || r.ErrLine != 2 || r.Stderr != "line 2: bad" || string(r.Stdout) != "partial\n" {
			t.Errorf("inline %v: input error: %+v, %v; want exit 2 at line 2 with partial output", inline, r, err)
		}
		r, err = s.Run(context.Background(), []byte("panic"))
		if err != nil || r.Status != sandbox.Panicked || r.Stderr != "boom" || !strings.Contains(r.Stack, "TestInProcessInline") {
			t.Errorf("inline %v: panic: %+v, %v; want Panicked with its stack", inline, r, err)
		}
	}
	// A goroutine run may finish before it sees a canceled context; an inline run does not
	// start.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran = ""
	s := engine.InProcess{Solver: outcome.Fast, Judge: judge, Inline: true}
	if _, err := s.Run(ctx, []byte("out\n")); !errors.Is(err, context.Canceled) || ran != "" {
		t.Errorf("inline, canceled context: %v, judge ran: %v; want context.Canceled, not run", err, ran != "")
	}
}
