package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"gamediff/testutil/clitest"
)

// BenchmarkHuntUnderLoad checks that time is honoured at any load, as a separately invoked
// check that reports times and does not fail on them (a loaded machine stretches them, and
// that is what is measured): 15 CPU burners run beside the hunt (real processes, started and
// killed here), and a hunt of -duration 5s with -minimize-time 5s of a program that times
// out on big cases reports how far past its duration the hunting ended, and past its
// budget the minimization, against the bound of one run's limit (a 1 s program's wall
// backstop, 3 s) plus 2 s.
//
//	go test ./cmd/diff -run '^$' -bench HuntUnderLoad -benchtime 1x
func BenchmarkHuntUnderLoad(b *testing.B) {
	var burners []*exec.Cmd
	for range 15 {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		burners = append(burners, cmd)
	}
	defer func() {
		for _, cmd := range burners {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	program := clitest.Program(b, "hostile") + " -mode spin-if-big -then " + filepath.Join(clitest.Zoo(b), "mine")
	for b.Loop() {
		start := time.Now()
		_, out, _ := call(b, "", "hunt", "-game", "mine", "-cmd", program, "-seed", "1", "-duration", "5s", "-minimize-time", "5s",
			"-json", "-o", b.TempDir())
		var sum struct {
			HuntSeconds float64 `json:"hunt_seconds"`
			Findings    []struct {
				Minimize struct{ Seconds float64 }
			}
		}
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(sum.HuntSeconds-5, "s-past-duration")
		if len(sum.Findings) > 0 {
			b.ReportMetric(sum.Findings[0].Minimize.Seconds-5, "s-past-minimize-time")
		}
		b.ReportMetric(time.Since(start).Seconds(), "s-in-all")
	}
}
