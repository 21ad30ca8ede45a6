package hostile_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gamediff/testutil/clitest"
	"gamediff/testutil/cpuclock"
)

// A program that stops itself (SIGSTOP, as a C program raising it or a shell's kill -STOP
// $$ does) uses no CPU while stopped: its time stopped is no time-out and no idleness. It
// is judged on its CPU time once it goes on, in a PID namespace per worker as in the
// portable sandbox; a program never continued is ended past a generous cap, said as what
// it is, and never taken for a finding, of the program or of fast.

// TestStoppedProgramIsJudgedOnItsCPUTime: a program right on every case that stops itself
// for four seconds on the big ones (past the wall-clock backstop of 3 s, a child of its
// own continuing it) gives a clean hunt.
func TestStoppedProgramIsJudgedOnItsCPUTime(t *testing.T) {
	clitest.Long(t, "that a program stopped for a while is judged on its CPU time")
	t.Parallel()
	for _, sandbox := range []string{"", "portable"} {
		name := "the machine's sandbox"
		if sandbox != "" {
			name = sandbox
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel() // waits (on its program's stops): no place among the computing
			bins := own(t)
			code, out, errs := clitest.RunEnv(t, bins.gamediff, "", []string{"GAMEDIFF_SANDBOX=" + sandbox},
				"hunt", "-game", "tower", "-cmd", bins.hostile+" -mode stop-self -stop-for 4s -then "+bins.tower,
				"-seed", "3", "-cases", "3", "-minimize-time", "0", "-json", "-o", t.TempDir())
			var sum struct {
				Findings  []struct{ Verdict, Signature string }
				Dismissed []struct{ Signature, Why string }
			}
			if err := json.Unmarshal([]byte(out), &sum); err != nil {
				t.Fatalf("exit %d, stdout is not JSON: %v\n%s", code, err, errs)
			}
			if code != clitest.ExitOK || len(sum.Findings) != 0 || len(sum.Dismissed) != 0 {
				t.Errorf("exit %d, findings %+v, dismissed %+v: want a clean hunt, the stops not counted\n%s", code, sum.Findings, sum.Dismissed, errs)
			}
			bins.waitGone(t)
		})
	}
}

// TestProgramStoppedForEverIsNoFinding: a program that stops itself on the big cases and is
// never continued is ended past the cap (four backstops), with no verdict: not a finding,
// its dismissal named by the stop and its CPU time, fast not blamed, nothing left behind.
func TestProgramStoppedForEverIsNoFinding(t *testing.T) {
	clitest.Long(t, "that a program stopped for ever is no finding")
	t.Parallel() // waits (on its program stopped until the cap, five times): no place among the computing
	bins := own(t)
	code, out, errs := clitest.Run(t, bins.gamediff, "", "hunt", "-game", "tower", "-cmd", bins.hostile+" -mode stop-self -then "+bins.tower,
		"-timeout", cpuclock.Limit(100*time.Millisecond).String(), "-seed", "3", "-cases", "2", "-minimize-time", "0", "-json", "-o", t.TempDir())
	var sum struct {
		Findings  []struct{ Verdict, Signature string }
		Dismissed []struct{ Signature, Why string }
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("exit %d, stdout is not JSON: %v\n%s", code, err, errs)
	}
	if code != clitest.ExitOK || len(sum.Findings) != 0 {
		t.Errorf("exit %d, findings %+v: a stop is no finding\n%s", code, sum.Findings, errs)
	}
	if len(sum.Dismissed) != 1 || !strings.Contains(sum.Dismissed[0].Signature, "stopped (SIGSTOP") ||
		!strings.Contains(sum.Dismissed[0].Signature, "judged on its CPU time") {
		t.Errorf("dismissed %+v: want case 1, named by its stop\n%s", sum.Dismissed, errs)
	}
	if strings.Contains(errs, "fast, the hunt's oracle") {
		t.Errorf("fast was blamed for the program's stop:\n%s", errs)
	}
	bins.waitGone(t)
}
