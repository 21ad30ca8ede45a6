package sandbox_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

// TestOutputLimitIsTheBytesWritten: whether a run is over its output limit is decided by
// the bytes it wrote, whatever their chunking and timing: a program that writes 5,000 bytes
// and exits at once is over a limit of 1, 100 or 4,999 bytes on every run, in one write, in
// many small ones or slowly, and within a limit of 5,000, with all its bytes kept. Its exit
// was seen before its last bytes were read on some runs, which then passed for a normal
// exit with their output cut short.
func TestOutputLimitIsTheBytesWritten(t *testing.T) {
	const written, runs = 5000, 100
	want := make([]byte, written)
	for i := range want {
		want[i] = 'a' + byte(i%26)
	}
	for _, how := range []string{"one", "small", "slow"} {
		for _, limit := range []int{1, 100, written - 1, written} {
			t.Run(fmt.Sprintf("%s write, limit %d", how, limit), func(t *testing.T) {
				t.Parallel()
				cmd := sandbox.Command{Argv: []string{os.Args[0], writeArg, how, strconv.Itoa(written)},
					Limits: sandbox.Limits{Time: cpuclock.Limit(10 * time.Second), Output: limit}}
				var (
					mu      sync.Mutex
					wrong   = map[string]int{}
					workers sync.WaitGroup
					next    = make(chan int)
				)
				for range 4 {
					workers.Add(1)
					go func() {
						defer workers.Done()
						for range next {
							r, err := cmd.Run(context.Background(), nil)
							got := ""
							switch {
							case err != nil:
								got = "error " + err.Error()
							case limit < written && r.Status != sandbox.OutputLimit:
								got = fmt.Sprintf("%v with %d bytes (stderr %.100q)", r.Status, len(r.Stdout), r.Stderr)
							case limit < written && len(r.Stdout) > limit:
								got = fmt.Sprintf("over the limit, with %d bytes kept", len(r.Stdout))
							case limit >= written && (r.Status != sandbox.Exited || r.Exit != 0 || string(r.Stdout) != string(want)):
								got = fmt.Sprintf("%v exit %d with %d bytes (stderr %.100q)", r.Status, r.Exit, len(r.Stdout), r.Stderr)
							}
							if got != "" {
								mu.Lock()
								wrong[got]++
								mu.Unlock()
							}
						}
					}()
				}
				for i := range runs {
					next <- i
				}
				close(next)
				workers.Wait()
				for got, n := range wrong {
					t.Errorf("%d of %d runs: %s", n, runs, got)
				}
			})
		}
	}
}

// TestCommandKeepsTheHeadAndTeesTheRest: with Keep, a run keeps the head of its stdout and
// hands all of it, up to the output limit, to Tee; the limit is still the bytes written,
// not the bytes kept.
func TestCommandKeepsTheHeadAndTeesTheRest(t *testing.T) {
	const written = 5000
	for _, tt := range []struct {
		name       string
		keep       int
		limit      int
		status     sandbox.Status
		kept, teed int
	}{
		{"head kept, all teed", 100, written, sandbox.Exited, 100, written},
		{"keep past the output", 2 * written, written, sandbox.Exited, written, written},
		{"over the limit, head kept", 100, written - 1, sandbox.OutputLimit, 100, written - 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var teed bytes.Buffer
			cmd := sandbox.Command{Argv: []string{os.Args[0], writeArg, "small", strconv.Itoa(written)},
				Limits: sandbox.Limits{Time: cpuclock.Limit(10 * time.Second), Output: tt.limit}, Keep: tt.keep, Tee: &teed}
			r, err := cmd.Run(context.Background(), nil)
			if err != nil || r.Status != tt.status {
				t.Fatalf("status %v (stderr %.100q), err %v; want %v", r.Status, r.Stderr, err, tt.status)
			}
			if len(r.Stdout) != tt.kept || teed.Len() != tt.teed || !bytes.HasPrefix(teed.Bytes(), r.Stdout) {
				t.Errorf("kept %d bytes, teed %d (the kept ones their head: %v); want %d and %d",
					len(r.Stdout), teed.Len(), bytes.HasPrefix(teed.Bytes(), r.Stdout), tt.kept, tt.teed)
			}
			for i, b := range teed.Bytes() {
				if b != 'a'+byte(i%26) {
					t.Fatalf("teed byte %d is %q: out of order", i, b)
				}
			}
		})
	}
}
