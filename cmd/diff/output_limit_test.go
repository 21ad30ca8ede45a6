package main

import (
	"encoding/json"
	"testing"

	"gamediff/testutil/clitest"
)

// TestJudgeOutputLimitIsTheBytesWritten judges, through the command, programs that write
// past the output limit and exit at once: 5,000 bytes in one write under a limit of 100, and
// a right solution under a limit of 1 byte. Every test is OLE, never WA, flaky or OK: the
// verdict is the bytes written, not which of the exit and the read of the last bytes came
// first (its lower layer, sandbox's TestOutputLimitIsTheBytesWritten, runs each chunking
// 100 times).
func TestJudgeOutputLimitIsTheBytesWritten(t *testing.T) {
	right := clitest.Gamediff(t) + " run -game mine -impl ref"
	tests := []string{clitest.Path("corpus", "mine", "sample-1.in"), clitest.Path("corpus", "mine", "rm1-finish-after-dsweep.in"),
		clitest.Path("corpus", "mine", "cascade-whole-board.in")}
	for _, tt := range []struct{ name, program, limit string }{
		{"5,000 bytes in one write, limit 100", "head -c 5000 /dev/zero", "100"},
		{"a right solution, limit 1", right, "1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"judge", "-game", "mine", "-json", "-cmd", tt.program, "-output-limit", tt.limit}, tests...)
			code, out, errs := call(t, "", args...)
			var got struct {
				Results []struct{ Test, Verdict, Note string }
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitFound || len(got.Results) != len(tests) {
				t.Fatalf("exit %d, %v:\n%s\n%s", code, err, out, errs)
			}
			for _, r := range got.Results {
				if r.Verdict != "OLE" {
					t.Errorf("%s: %s (%s), want OLE", r.Test, r.Verdict, r.Note)
				}
			}
		})
	}
}
