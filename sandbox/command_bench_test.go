package sandbox_test

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"gamediff/sandbox"
)

// BenchmarkCommandRun measures a run of a small program in the sandbox: what a worker
// spends around each run of a program under test (EXAMPLE_PROGRAM and EXAMPLE_INPUT, else
// /bin/true on a line).
func BenchmarkCommandRun(b *testing.B) {
	argv, input := []string{"/bin/true"}, []byte("1\n")
	if p := os.Getenv("EXAMPLE_PROGRAM"); p != "" {
		argv = []string{p}
		input, _ = os.ReadFile(os.Getenv("EXAMPLE_INPUT"))
	}
	c := sandbox.Command{Argv: argv, Limits: sandbox.Limits{Time: time.Second}}
	var cpu time.Duration
	self := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	before := self()
	for b.Loop() {
		r, err := c.Run(context.Background(), input)
		if err != nil || r.Status != sandbox.Exited {
			b.Fatal(err, r.Status)
		}
		cpu += r.CPU
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "program-ns/op")
	b.ReportMetric(float64((self()-before).Nanoseconds())/float64(b.N), "harness-ns/op")
}
