package hostile_test

import (
	"gamediff/corpus"

	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamediff/games"
	"gamediff/testutil/clitest"
	"gamediff/testutil/cpuclock"
	"gamediff/testutil/proctable"
)

// TestHuntKilledLeavesNothingRunning: a hunt of a program that leaves a background child
// on every run keeps no more than one such child per worker alive, and when the hunt is
// killed with SIGKILL, its workers and every program die with it.
func TestHuntKilledLeavesNothingRunning(t *testing.T) {
	computes(t)
	bin := clitest.Own(t, clitest.Gamediff(t))
	program := "sleep 3141.5926 & exec " + bin + " run -game mine -impl ref"
	cmd := exec.Command(bin, "hunt", "-game", "mine", "-duration", "1m", "-workers", "2", "-seed", "3", "-cmd", program, "-o", t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	peak := 0
	for range 30 {
		time.Sleep(100 * time.Millisecond)
		// The sleeps themselves: the hunt's command line holds the marker too, and so does
		// the shell that runs each compound -cmd.
		sleeps := proctable.List(func(p proctable.Process) bool {
			return p.State != "Z" && strings.HasPrefix(p.Cmd, "sleep 3141.5926")
		})
		peak = max(peak, len(sleeps))
	}
	if peak > 2 {
		t.Errorf("%d background children alive at once: each run's process group is not killed", peak)
	}
	cmd.Process.Kill()
	cmd.Wait()
	clitest.WaitGone(t, bin, "3141.5926")
	if !strings.Contains(stderr.String(), "seed 3") {
		t.Errorf("the hunt did not start: %s", stderr.String())
	}
}

// TestHuntTightTimeoutNeverBlamesTheReference: -timeout limits the program only; ref has
// a generous limit of its own, so a right program under a tight limit gives its TLE (or,
// at the edge of the limit, a flaky one), and the case saved holds ref's whole answer on
// that very case, never an empty one. The program is the zoo's rescan (right, each scan
// charged in CPU time, testutil/cpuclock) under a sixteenth of the statement's limit, with
// a sixteenth of the charge: its larger cases are over the limit on any machine, however
// fast, and ref's on the same cases far under its own. It runs alone, before the tests
// that run side by side: its program runs at the edge of its limit.
func TestHuntTightTimeoutNeverBlamesTheReference(t *testing.T) {
	clitest.Long(t, "that a right program under a tight limit is only ever slow, never blamed on ref")
	found := t.TempDir()
	g, err := games.Lookup("mine")
	if err != nil {
		t.Fatal(err)
	}
	limit, cellNS := clitest.RescanUnder(t, "mine", g.TimeLimit(), 16)
	// A count of cases, not a duration: how many cases a duration draws depends on the
	// machine.
	code, out, errs := clitest.Exec(t, "", "hunt", "-game", "mine", "-cmd", filepath.Join(clitest.Zoo(t), "mine")+" -bug rescan -cell-ns "+cellNS,
		"-seed", "1", "-cases", "2000", "-timeout", limit.String(), "-minimize-time", "5s", "-max-findings", "1", "-cause-runs", "0", "-json", "-o", found)
	var sum struct {
		Findings []struct{ Verdict string }
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil || code != clitest.ExitFound || len(sum.Findings) == 0 {
		t.Fatalf("exit %d, %v, findings %+v\n%s", code, err, sum.Findings, errs)
	}
	for _, f := range sum.Findings {
		if f.Verdict != "TLE" && f.Verdict != "flaky" {
			t.Errorf("finding %+v: a right program under a tight limit is too slow, nothing else", f)
		}
	}
	saved, _ := filepath.Glob(filepath.Join(found, "mine", "*.in"))
	if len(saved) == 0 {
		t.Errorf("no case saved in %s", found)
	}
	for _, path := range saved {
		e, err := corpus.ReadEntry(os.DirFS(filepath.Dir(path)), filepath.Base(path))
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := g.Ref(e.Input, &want); err != nil || len(e.Answer) == 0 || !bytes.Equal(e.Answer, want.Bytes()) {
			t.Errorf("%s: saved %d bytes of answer where ref prints %d (%v)", path, len(e.Answer), want.Len(), err)
		}
	}
	t.Logf("%d findings, %d cases saved, each with ref's whole answer", len(sum.Findings), len(saved))
}

// TestHuntMisbehavingPrograms runs the zoo of misbehaving programs: the mine solution of
// testdata/wrong, right except on about one case in nine (a DSweep on a 3), where it
// misbehaves in one way. Each is a finding of its kind, saved and minimized within a
// bound, or, for those that still answer right, none; the hunt lives, and no process is
// left running.
func TestHuntMisbehavingPrograms(t *testing.T) {
	clitest.Long(t, "that every misbehaving program is its finding, or none")
	t.Parallel()
	tests := []struct {
		mode, verdict string // verdict empty: the program is right
		sig           string // a prefix of the signature
		args          []string
	}{
		// Any limit is past a loop without end, and far past what the right program's runs
		// take: a short one makes each of the loop's runs cheap.
		{"loop", "TLE", "TLE in program", []string{"-timeout", cpuclock.Limit(100 * time.Millisecond).String()}},
		{"ignore-term", "TLE", "TLE in program", []string{"-timeout", cpuclock.Limit(100 * time.Millisecond).String()}},
		{"recursion", "RE", "RE: exit 2", nil},
		{"exit3", "RE", "RE: exit 3", nil},
		{"goroutine-panic", "RE", "RE: exit 2", nil},
		{"alloc", "MLE", "MLE in program", []string{"-memory-limit", "128"}},
		{"output-past-cap", "OLE", "OLE in program", []string{"-output-limit", "1000000"}},
		{"background-child", "", "", nil},
		{"stderr-flood", "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			computes(t)
			gamediff, bin := clitest.Own(t, clitest.Gamediff(t)), clitest.Own(t, filepath.Join(clitest.Zoo(t), "mine"))
			start := time.Now()
			args := append([]string{"hunt", "-game", "mine", "-cmd", bin + " -misbehave " + tt.mode, "-seed", "2", "-json",
				"-o", t.TempDir(), "-minimize-time", "10s"}, tt.args...)
			if tt.verdict == "" {
				args = append(args, "-cases", "150")
			} else {
				// A count of cases, not a duration: the hunt ends at its first finding (about
				// one case in nine triggers it), and how many cases a duration draws depends
				// on the machine and on the tests beside it.
				args = append(args, "-cases", "300", "-duration", "0")
			}
			code, out, errs := clitest.Run(t, gamediff, "", args...)
			took := time.Since(start)
			var sum struct {
				Cases    int64
				Findings []struct {
					Verdict    string
					Signature  string
					Path       string
					InputBytes int `json:"input_bytes"`
					Original   int `json:"original_bytes"`
				}
			}
			if err := json.Unmarshal([]byte(out), &sum); err != nil {
				t.Fatalf("exit %d, stdout is not JSON: %v\n%s", code, err, errs)
			}
			if tt.verdict == "" {
				if code != clitest.ExitOK || len(sum.Findings) != 0 || sum.Cases != 150 {
					t.Fatalf("exit %d, %d cases, findings %+v: a right program is no finding\n%s", code, sum.Cases, sum.Findings, errs)
				}
			} else {
				if code != clitest.ExitFound || len(sum.Findings) != 1 {
					t.Fatalf("exit %d, findings %+v\n%s", code, sum.Findings, errs)
				}
				f := sum.Findings[0]
				if f.Verdict != tt.verdict || !strings.HasPrefix(f.Signature, tt.sig) {
					t.Errorf("verdict %s, signature %q; want %s, %q", f.Verdict, f.Signature, tt.verdict, tt.sig)
				}
				if _, err := os.Stat(f.Path); err != nil || f.InputBytes >= f.Original {
					t.Errorf("saved %q (%v), %d bytes of %d: want a saved, smaller case", f.Path, err, f.InputBytes, f.Original)
				}
			}
			t.Logf("%s: %s in %.1fs", tt.mode, tt.verdict, took.Seconds())
			// The lingering child of background-child runs the program's own copy, with -linger.
			clitest.WaitGone(t, bin, bin+" -linger")
			clitest.WaitGone(t, gamediff, "")
		})
	}
}
