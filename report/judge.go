package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gamediff/engine"
	"gamediff/outcome"
)

// JudgeTotals are a judging's totals: how many passed, how many could not be judged, and
// the summary line ("19/20 passed; TLE on 14").
type JudgeTotals struct {
	Passed, Unjudged int
	Text             string
}

// Solution is one program of an invocation, and what it got on every test.
type Solution struct {
	Command string              `json:"command"`
	Right   bool                `json:"right"`
	Results []outcome.Judgement `json:"results"`
	Verdict string              `json:"verdict"` // "ok", or why the set does not hold it to its kind
}

// Growths prints the growth table of each test explained, and the sentence naming the
// dimension where the code under test grows faster than the judge beside it.
func Growths(w io.Writer, judged []outcome.Judgement, limit time.Duration, program bool) {
	code, beside := "fast", "ref"
	if program {
		code, beside = "the program", "fast"
	}
	for _, j := range judged {
		if len(j.Growth) > 0 {
			fmt.Fprintf(w, "\n%s: how the time grows (scaled along each dimension alone)\n%s%s\n", j.Test,
				GrowthTable(j.Growth, code, beside, limit), GrowthSentence(j.Growth, code, beside))
		}
	}
}

// Totals counts a judging's verdicts.
func Totals(judged []outcome.Judgement) JudgeTotals {
	var t JudgeTotals
	failed := map[outcome.Verdict][]string{}
	var order []outcome.Verdict
	for _, j := range judged {
		switch {
		case j.Unjudged:
			t.Unjudged++
		case j.Verdict == outcome.OK:
			t.Passed++
		default:
			if len(failed[j.Verdict]) == 0 {
				order = append(order, j.Verdict)
			}
			failed[j.Verdict] = append(failed[j.Verdict], TestLabel(j.Test))
		}
	}
	t.Text = fmt.Sprintf("%d/%d passed", t.Passed, len(judged))
	for _, v := range order {
		t.Text += fmt.Sprintf("; %s on %s", v, strings.Join(failed[v], ", "))
	}
	if t.Unjudged > 0 {
		t.Text += fmt.Sprintf("; %d not judged (their runs were disturbed from outside every time)", t.Unjudged)
	}
	return t
}

// TestLabel is how the summary names a test: a numbered test by its number.
func TestLabel(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), ".in")
	if _, err := strconv.Atoi(base); err == nil {
		return base
	}
	return path
}

// Judgements writes one row per test: its verdict, CPU time, peak memory and, for a
// failure, what differs.
func Judgements(w io.Writer, judged []outcome.Judgement, limit time.Duration) {
	width := len("test")
	for _, j := range judged {
		width = max(width, len(j.Test))
	}
	fmt.Fprintf(w, "%-*s  %-7s %9s %10s  %s\n", width, "test", "verdict", "CPU", "memory", "what differs")
	for _, j := range judged {
		cpu := j.CPU.Round(time.Millisecond).String()
		if j.Verdict == outcome.TLE {
			cpu = ">" + limit.String()
		}
		mem := "-"
		if j.Memory > 0 {
			mem = Size(j.Memory)
		}
		verdict := j.Verdict.String()
		if j.Unjudged {
			verdict = "?"
		}
		fmt.Fprintf(w, "%-*s  %-7s %9s %10s  %s\n", width, j.Test, verdict, cpu, mem, JudgementDetail(j))
	}
}

// JudgementDetail is the row's last column: a failure's signature, as the hunt names it,
// with the first differing line of a wrong answer or the first line of a failure's
// message; or a note.
func JudgementDetail(j outcome.Judgement) string {
	d := j.Divergence
	switch {
	case j.Note != "":
		return j.Note
	case d == nil:
		return ""
	case d.Culprit != outcome.NoSolver:
		return j.Signature + " (" + firstLineOf(d.Got.Stderr) + ")"
	case d.Want.Exit != d.Got.Exit || d.Want.ErrLine != d.Got.ErrLine:
		return j.Signature + " (" + Summary(d) + ")"
	}
	line, want, got := FirstDifference(d)
	return fmt.Sprintf("%s (line %d: want %s, got %s)", j.Signature, line, want, got)
}

// printInvocations writes Polygon's table: a row per test, a column per solution, each
// cell its verdict and CPU time.
// Invocations writes the table of an invocation: a row per test, a column per solution,
// and each solution's command.
func Invocations(w io.Writer, tests []engine.Test, sols []Solution, limit time.Duration) {
	width := len("test")
	for _, t := range tests {
		width = max(width, len(TestLabel(t.Name)))
	}
	fmt.Fprintf(w, "%-*s", width, "test")
	for i, s := range sols {
		kind := "wrong"
		if s.Right {
			kind = "right"
		}
		fmt.Fprintf(w, "  %-14s", fmt.Sprintf("%s %d", kind, i+1))
	}
	fmt.Fprintln(w)
	for k, t := range tests {
		fmt.Fprintf(w, "%-*s", width, TestLabel(t.Name))
		for _, s := range sols {
			j := s.Results[k]
			cpu := j.CPU.Round(time.Millisecond).String()
			if j.Verdict == outcome.TLE {
				cpu = ">" + limit.String()
			}
			fmt.Fprintf(w, "  %-14s", j.Verdict.String()+" "+cpu)
		}
		fmt.Fprintln(w)
	}
	for i, s := range sols {
		kind := "wrong"
		if s.Right {
			kind = "right"
		}
		fmt.Fprintf(w, "%s %d: %s\n", kind, i+1, s.Command)
	}
}
