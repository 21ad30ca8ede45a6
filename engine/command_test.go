//go:build unix

package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gamediff/engine"
)

func sh(script string, timeout time.Duration, limit int) engine.Command {
	return engine.Command{Label: "sh", Argv: []string{"sh", "-c", script}, Timeout: timeout, OutputLimit: limit}
}

func TestCommandVerdicts(t *testing.T) {
	tests := []struct {
		name   string
		script string
		status engine.Status
		exit   int
		line   int
		stdout string
	}{
		{"echoes its input", "cat", engine.Exited, 0, 0, "input\n"},
		{"exit status", "echo partial; exit 3", engine.Exited, 3, 0, "partial\n"},
		{"input error line", "echo 'line 7: bad token' >&2; exit 2", engine.Exited, 2, 7, ""},
		{"killed by a signal", "kill -9 $$", engine.Signaled, 0, 0, ""},
		{"sleeps past the limit", "sleep 10", engine.TimedOut, 0, 0, ""},
		{"child keeps the pipe", "sleep 10 & wait", engine.TimedOut, 0, 0, ""},
		{"prints forever", "yes", engine.OutputLimit, 0, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r, err := sh(tt.script, 300*time.Millisecond, 1<<16).Run(context.Background(), []byte("input\n"))
			if err != nil {
				t.Fatal(err)
			}
			if time.Since(start) > 3*time.Second {
				t.Errorf("took %v: the process group was not killed", time.Since(start))
			}
			if r.Status != tt.status || r.Exit != tt.exit || r.ErrLine != tt.line {
				t.Fatalf("got status %v exit %d line %d (stderr %q), want %v %d %d", r.Status, r.Exit, r.ErrLine, r.Stderr, tt.status, tt.exit, tt.line)
			}
			if tt.stdout != "" && string(r.Stdout) != tt.stdout {
				t.Errorf("stdout %q, want %q", r.Stdout, tt.stdout)
			}
			if tt.status == engine.OutputLimit && len(r.Stdout) > 1<<16 {
				t.Errorf("kept %d bytes of stdout, over the limit", len(r.Stdout))
			}
		})
	}
}

func TestCommandCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := sh("sleep 10", 5*time.Second, 0).Run(ctx, nil)
	if err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("err = %v, want the context's", err)
	}
}

func TestCommandMissingProgram(t *testing.T) {
	_, err := engine.Command{Label: "nope", Argv: []string{"/nonexistent/program"}}.Run(context.Background(), nil)
	if err == nil {
		t.Fatal("running a missing program is a harness error")
	}
}
