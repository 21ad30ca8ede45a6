package report

import (
	"bytes"
	"gamediff/outcome"
	"strconv"
	"strings"
	"testing"
	"time"
)

// In a log, a progress line is written only once the next one comes, at most every
// plainEvery, and never the last count: the command's own words follow it.
func TestStatusInALog(t *testing.T) {
	var b bytes.Buffer
	s := NewStatus(&b, false)
	long := func() { s.last = time.Now().Add(-2 * plainEvery) } // as if plainEvery had passed
	for done := 1; done <= 23; done++ {
		long()
		s.Count("judged "+strconv.Itoa(done)+" of 23 tests", done, 23)
	}
	out := b.String()
	if !strings.Contains(out, "judged 21 of 23 tests\n") || strings.Contains(out, "judged 22 of 23") || strings.Contains(out, "judged 23 of 23") {
		t.Errorf("log:\n%s\nwant the counts up to 21 only: 22 is pending when the last count ends the work", out)
	}
	b.Reset()
	s = NewStatus(&b, false)
	s.Line("a")
	s.Line("b") // less than plainEvery after the start: nothing written
	if b.Len() != 0 {
		t.Errorf("wrote %q within plainEvery", b.String())
	}
}

// A hunt's status says what it is doing in its own words: the cases, of a count when one
// bounds it (a shard's too), a minimization's size and cuts, another stage's case.
func TestStatusWords(t *testing.T) {
	for _, tt := range []struct {
		p    outcome.Progress
		want string
	}{
		{outcome.Progress{Cases: 10, Total: 50, Elapsed: time.Second}, "10 of 50 cases"},
		{outcome.Progress{Cases: 10, Elapsed: time.Second, Duration: 5 * time.Second}, "4s left"},
		{outcome.Progress{Cases: 10, Elapsed: time.Second}, "no time limit"},
		{outcome.Progress{Finishing: true, Stage: "minimizing", Bytes: 64, Taken: 22}, "minimizing: 64 B after 22 cuts"},
		{outcome.Progress{Finishing: true, Stage: "testing causes", Bytes: 2900, Taken: 22}, "testing causes: a case of 2.8 KiB"},
	} {
		var b bytes.Buffer
		s := NewStatus(&b, true)
		s.Hunt("mine", tt.p)
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%+v: %q, want %q in it", tt.p, b.String(), tt.want)
		}
	}
}
