package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"gamediff/outcome"
	"gamediff/sandbox"
)

// listStep is a step that starts its jobs in order, each as soon as coordinator.canStart
// lets it, and records whose results it took.
type listStep struct {
	jobs  []job
	names map[int]string
	taken []string
}

func (s *listStep) fill(c *coordinator, f *finding) {
	for len(s.jobs) > 0 && c.canStart(s.jobs[0].alone) {
		s.names[c.start(f, s, s.jobs[0])] = string(s.jobs[0].input)
		s.jobs = s.jobs[1:]
	}
}

func (s *listStep) take(_ *coordinator, _ *finding, r jobResult) {
	s.taken = append(s.taken, s.names[r.id])
}
func (s *listStep) done() bool { return len(s.jobs) == 0 }

// TestRunAloneHasNoRunBesideIt: a run that runs alone (a time-out's rerun, the rerun of a
// disturbed run) waits for the runs under way to end, and nothing starts beside it,
// though a lane is free; the runs after it start once it has ended.
func TestRunAloneHasNoRunBesideIt(t *testing.T) {
	jobs := make(chan job, 8)
	c := newCoordinator(&hunt{}, &outcome.Summary{}, &pool{jobs: jobs, workers: 2})
	c.ctx = context.Background()
	s := &listStep{names: map[int]string{}}
	for _, name := range []string{"before", "alone", "after"} {
		s.jobs = append(s.jobs, job{input: []byte(name), alone: name == "alone"})
	}
	f := &finding{}
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
		c.route(jobResult{id: id})
	}

	s.fill(c, f)
	names, ids := sent()
	if !slices.Equal(names, []string{"before"}) {
		t.Fatalf("first sent %v, want [before]: the run alone waits for the one under way", names)
	}
	end(ids[0])
	s.fill(c, f)
	names, ids = sent()
	if !slices.Equal(names, []string{"alone"}) || c.p.free() != 1 {
		t.Fatalf("then sent %v with %d lanes free, want [alone] and one lane left free", names, c.p.free())
	}
	s.fill(c, f)
	if names, _ := sent(); len(names) != 0 {
		t.Fatalf("sent %v beside the run alone", names)
	}
	end(ids[0])
	s.fill(c, f)
	if names, _ := sent(); !slices.Equal(names, []string{"after"}) {
		t.Fatalf("after the run alone sent %v, want [after]", names)
	}
	if !slices.Equal(s.taken, []string{"before", "alone"}) {
		t.Errorf("results taken by %v, want before's then alone's", s.taken)
	}
}

// TestMinimizedTimeOutIsConfirmedWithTheMargin: the reruns that adopt the case a
// minimization or a narrowing reached run a time-out's alone and with the margin, as its
// probes ran, so that the case kept exceeds the limit by the margin on each; a wrong
// answer's beside each other, with the generous limit, confirmReruns of them.
func TestMinimizedTimeOutIsConfirmedWithTheMargin(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		got                     outcome.Result
		runs                    int
		alone, margin, generous bool
	}{
		{"time-out", outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.TimedOut}}, tleAdoptReruns, true, true, false},
		{"wrong answer", outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Exited, Stdout: []byte("2\n")}}, confirmReruns, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			jobs, results := make(chan job, confirmReruns), make(chan jobResult, confirmReruns)
			c := newCoordinator(&hunt{}, &outcome.Summary{}, &pool{jobs: jobs, results: results, workers: 2})
			c.ctx = context.Background()
			d := &outcome.Divergence{Want: outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Exited, Stdout: []byte("1\n")}}, Got: tc.got}
			if tc.got.Status != sandbox.Exited {
				d.Culprit = tc.got.Solver
			}
			p := pending{input: []byte("case"), d: d, sig: verdictOnly(d.Verdict())}
			f := &finding{pending: p, taken: []pending{p}}
			a := c.newAdoption(f)
			var sent []job
			go func() {
				for j := range jobs {
					sent = append(sent, j)
					results <- jobResult{id: j.id, d: d, sig: p.sig}
				}
			}()
			c.drive(context.Background(), f, a)
			close(jobs)
			if rr := a.reruns; rr.shown != tc.runs || rr.runs != tc.runs {
				t.Fatalf("shown on %d of %d reruns, want %d of %d", rr.shown, rr.runs, tc.runs, tc.runs)
			}
			for _, j := range sent {
				if j.alone != tc.alone || j.how.margin != tc.margin || j.how.generous != tc.generous {
					t.Errorf("a rerun ran alone %v, with the margin %v, generous %v; want %v, %v, %v", j.alone, j.how.margin, j.how.generous, tc.alone, tc.margin, tc.generous)
				}
			}
		})
	}
}

// TestEveryDismissalIsNamed: a divergence none of whose runs gave a verdict (each
// disturbed from outside) has no signature of its own; dismissed, it is named by what
// disturbed its runs, in the summary and in the hunt's note, never by an empty one.
func TestEveryDismissalIsNamed(t *testing.T) {
	jobs, results := make(chan job, 1), make(chan jobResult, 1)
	c := newCoordinator(&hunt{}, &outcome.Summary{}, &pool{jobs: jobs, results: results, workers: 1})
	c.ctx, c.saves.tmp = context.Background(), t.TempDir()
	var notes []string
	c.saves.note = func(s string) { notes = append(notes, s) }
	c.h.cfg.Note = func(s string) { notes = append(notes, s) }
	stopped := outcome.Result{Solver: outcome.Program, Result: sandbox.Result{Status: sandbox.Disturbed,
		Stderr: "stopped from outside for more than 1s (SIGSTOP or a job-control stop)\n"}}
	d := &outcome.Divergence{Want: outcome.Result{Solver: outcome.Fast, Result: sandbox.Result{Status: sandbox.Exited, Stdout: []byte("1\n")}}, Got: stopped, Culprit: outcome.Program}
	c.found(pending{index: 331, input: []byte("case"), d: d})
	go func() {
		for j := range jobs {
			results <- jobResult{id: j.id, d: d}
		}
	}()
	for len(c.checks) > 0 {
		f := c.checks[0]
		c.drive(context.Background(), f, f.work)
	}
	close(jobs)
	if len(c.sum.Dismissed) != 1 {
		t.Fatalf("dismissed %+v, want the one divergence", c.sum.Dismissed)
	}
	want := "no verdict: stopped from outside for more than 1s (SIGSTOP or a job-control stop)"
	if got := c.sum.Dismissed[0]; got.Signature != want {
		t.Errorf("dismissed as %q, want %q", got.Signature, want)
	}
	for _, n := range notes {
		if strings.Contains(n, ": : ") {
			t.Errorf("a note names a divergence by nothing: %q", n)
		}
	}
	if len(notes) == 0 {
		t.Errorf("no note said that case 331 was dismissed")
	}
}
