package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamediff/testutil/clitest"
	"gamediff/testutil/cpuclock"
	"gamediff/testutil/proctable"
)

// TestOutputMemoryIsBounded judges a program that writes 200 MiB of wrong answer under an
// output limit of 200 MiB, compared both ways: gamediff's processes together (the judge
// and its workers) must hold less than twice the limit and 200 MiB at every moment, and
// the verdict is WA. Its output was once held whole by the worker that ran it, again as it
// was sent and received, and split into tokens by the judge, many times the limit in all.
// The memory is the sum, over gamediff's processes alive at each look, of the peak each
// has held so far (VmHWM): a process's peak between two looks is not missed, and a worker
// that has exited is no longer counted, as a rerun's fresh worker replaces it.
func TestOutputMemoryIsBounded(t *testing.T) {
	clitest.Long(t, "that gamediff's memory stays under twice the output limit whatever the program writes")
	bin := clitest.Gamediff(t)
	limit := 200 << 20
	if n, err := strconv.Atoi(os.Getenv(outputMemoryEnv)); err == nil && n > 0 {
		limit = n // a measurement at another size (docs/benchmarks.md)
	}
	bound := int64(2*limit + 200<<20)
	for _, compare := range []string{"exact", "tokens"} {
		t.Run(compare, func(t *testing.T) {
			cmd := exec.Command(bin, "judge", "-game", "mine", "-json", "-timeout", cpuclock.Limit(time.Minute).String(), "-compare", compare,
				"-output-limit", strconv.Itoa(limit), "-cmd", fmt.Sprintf("yes | head -c %d", limit),
				clitest.Path("corpus", "mine", "sample-1.in"))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			peak := int64(0)
			for looking := true; looking; {
				select {
				case <-done:
					looking = false
				case <-time.After(5 * time.Millisecond):
					peak = max(peak, treePeak(cmd.Process.Pid, bin))
				}
			}
			var out struct {
				Results []struct{ Verdict string }
			}
			if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || len(out.Results) != 1 || out.Results[0].Verdict != "WA" {
				t.Fatalf("judge: %v, stdout %s, stderr %s; want one WA", err, stdout.Bytes(), stderr.Bytes())
			}
			t.Logf("%d bytes written under a limit of as many, -compare %s: gamediff's processes held %d MiB at most together",
				limit, compare, peak>>20)
			if peak == 0 || peak >= bound {
				t.Errorf("gamediff's processes held %d MiB together, want some, under %d MiB (twice the limit and 200 MiB)", peak>>20, bound>>20)
			}
		})
	}
}

// outputMemoryEnv sets the bytes TestOutputMemoryIsBounded's program writes, and its output
// limit, for a measurement at another size.
const outputMemoryEnv = "GAMEDIFF_TEST_OUTPUT_BYTES"

// treePeak is the sum of the peak resident memory (VmHWM) of the processes running exe in
// the tree of root, as they stand now.
func treePeak(root int, exe string) int64 {
	procs := proctable.List(func(proctable.Process) bool { return true })
	in := map[int]bool{root: true}
	for grew := true; grew; {
		grew = false
		for _, p := range procs {
			if !in[p.PID] && in[p.PPID] {
				in[p.PID], grew = true, true
			}
		}
	}
	var sum int64
	for _, p := range procs {
		if !in[p.PID] || p.Exe != exe {
			continue
		}
		status, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p.PID), "status"))
		for _, line := range strings.Split(string(status), "\n") {
			if kib, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kib), "kB")), 10, 64)
				sum += n << 10
			}
		}
	}
	return sum
}
