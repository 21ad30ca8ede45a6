package engine

import (
	"context"
	"slices"
	"testing"

	"gamediff/sandbox"
)

// TestRunAloneHasNoRunBesideIt: a queued run that runs alone (the rerun of a disturbed
// run) waits for the runs under way to end, and nothing starts beside it, though a lane
// is free; the runs queued after it start once it has ended.
func TestRunAloneHasNoRunBesideIt(t *testing.T) {
	jobs := make(chan job, 8)
	c := &coordinator{p: &pool{jobs: jobs, workers: 2}, owners: map[int]func(jobResult){},
		blocks: map[int]chan struct{}{}, drops: map[int]chan struct{}{}}
	var taken []string
	for _, name := range []string{"before", "alone", "after"} {
		c.enqueue(job{input: []byte(name), alone: name == "alone"}, func(jobResult) { taken = append(taken, name) })
	}
	sent := func() (names []string, ids []int) {
		for {
			select {
			case j := <-jobs:
				names, ids = append(names, string(j.input)), append(ids, j.id)
			default:
				return names, ids
			}
		}
	}
	end := func(id int) {
		c.p.took()
		c.take(jobResult{id: id})
	}

	c.dispatch()
	names, ids := sent()
	if !slices.Equal(names, []string{"before"}) {
		t.Fatalf("first sent %v, want [before]: the run alone waits for the one under way", names)
	}
	end(ids[0])
	c.dispatch()
	names, ids = sent()
	if !slices.Equal(names, []string{"alone"}) || c.p.free() != 1 {
		t.Fatalf("then sent %v with %d lanes free, want [alone] and one lane left free", names, c.p.free())
	}
	c.dispatch()
	if names, _ := sent(); len(names) != 0 {
		t.Fatalf("sent %v beside the run alone", names)
	}
	end(ids[0])
	c.dispatch()
	if names, _ := sent(); !slices.Equal(names, []string{"after"}) {
		t.Fatalf("after the run alone sent %v, want [after]", names)
	}
	if !slices.Equal(taken, []string{"before", "alone"}) {
		t.Errorf("results taken by %v, want before's then alone's", taken)
	}
}

// TestMinimizedTimeOutIsConfirmedWithTheMargin: the reruns that confirm the case a
// minimization reached (confirmNow) run a time-out's alone and with the margin, as its
// candidates ran, so that the case kept exceeds the limit by the margin on each; a wrong
// answer's run beside each other, at the limit.
func TestMinimizedTimeOutIsConfirmedWithTheMargin(t *testing.T) {
	for _, tc := range []struct {
		name           string
		got            Result
		alone, margins bool
	}{
		{"time-out", Result{Solver: "program", Result: sandbox.Result{Status: sandbox.TimedOut}}, true, true},
		{"wrong answer", Result{Solver: "program", Result: sandbox.Result{Status: sandbox.Exited, Stdout: []byte("2\n")}}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			jobs, results := make(chan job, confirmReruns), make(chan jobResult, confirmReruns)
			c := &coordinator{p: &pool{jobs: jobs, results: results, workers: 2}}
			d := &Divergence{Want: Result{Solver: "fast", Result: sandbox.Result{Status: sandbox.Exited, Stdout: []byte("1\n")}}, Got: tc.got}
			if tc.got.Status != sandbox.Exited {
				d.Culprit = tc.got.Solver
			}
			p := pending{input: []byte("case"), d: d, sig: verdictOnly(d.Verdict())}
			var sent []job
			go func() {
				for j := range jobs {
					sent = append(sent, j)
					results <- jobResult{id: j.id, d: d, sig: p.sig}
				}
			}()
			_, _, shown, runs := c.confirmNow(context.Background(), p)
			close(jobs)
			if shown != confirmReruns || runs != confirmReruns {
				t.Fatalf("shown on %d of %d reruns, want %d of %d", shown, runs, confirmReruns, confirmReruns)
			}
			for _, j := range sent {
				if j.alone != tc.alone || j.how.margin != tc.margins {
					t.Errorf("a rerun ran alone %v, with the margin %v; want %v, %v", j.alone, j.how.margin, tc.alone, tc.margins)
				}
			}
		})
	}
}
