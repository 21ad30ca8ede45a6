package engine

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gamediff/outcome"
	"gamediff/sandbox"
)

// shownBy reports whether a run whose divergence is got shows the bug id is: got is id,
// or, for a failure that changes from run to run, got is any failure of its verdict.
func shownBy(id, got outcome.Identity) bool {
	if id.Changing {
		return got.Verdict == id.Verdict && got.Oracle == id.Oracle
	}
	return got == id
}

// signature is what a hunt knows a divergence by: its identity, which every decision
// compares, and the words reports show, which only the game's pictures write for the
// game's terms.
type signature struct {
	_ [0]func() // not comparable: decisions compare identities, never words
	outcome.Identity
	words string
}

// String is the signature's words: notes and reports print them.
func (s signature) String() string { return s.words }

// ofOracle marks the signature of a mistake of the hunt's oracle, fast, met in a program's
// hunt, apart from the program's.
func (s signature) ofOracle() signature {
	s.Oracle, s.words = true, "fast: "+s.words
	return s
}

// changing is the signature of a failure whose runs on one case failed each in other words
// (outcome.Identity.Changing): its verdict, and that it changes, whatever it said on each run.
func (s signature) changing() signature {
	what := "its failure"
	if s.Verdict == outcome.WA {
		what = "its answer"
	}
	words := fmt.Sprintf("%s, %s changes from run to run", s.Verdict, what)
	if s.Oracle {
		words = "fast: " + words
	}
	return signature{Identity: outcome.Identity{Verdict: s.Verdict, Oracle: s.Oracle, Changing: true}, words: words}
}

// verdictOnly is the signature of any divergence of verdict v: a minimization of another
// verdict takes no such candidate, whatever its words.
func verdictOnly(v outcome.Verdict) signature {
	return signature{Identity: outcome.Identity{Verdict: v}, words: v.String()}
}

// signatureOf identifies a divergence, shortly and stably, so that the minimizer can keep
// only smaller cases that show the same bug and a hunt can tell distinct bugs apart: the
// verdict and where it happens, in the game's terms when the game can say (classify, which
// gives the step, the forms and the detail of the identity, and the words; "" when it
// cannot say).
func signatureOf(d *outcome.Divergence, classify func(want, got []byte) (outcome.Identity, string)) signature {
	v := d.Verdict()
	sig := func(id outcome.Identity, words string) signature {
		id.Verdict = v
		return signature{Identity: id, words: v.String() + words}
	}
	if r, ok := d.FailedRun(); ok {
		words := " in " + r.Solver.String()
		detail := ""
		switch r.Status {
		case sandbox.Panicked:
			detail = "panic: " + shape(firstLine(r.Stderr))
			words += ": " + detail
		case sandbox.Crashed, sandbox.Signaled:
			detail = shape(firstLine(r.Stderr))
			words += ": " + detail
		}
		return sig(outcome.Identity{In: r.Solver, Detail: detail}, words)
	}
	switch {
	case d.Want.Exit != d.Got.Exit:
		// "ref" whichever judge gave the expected answer: a program's hunt compares it
		// with fast, and confirms against ref, and both must name the bug alike.
		return sig(outcome.Identity{Step: "exit status", Want: strconv.Itoa(d.Want.Exit), Got: strconv.Itoa(d.Got.Exit)},
			fmt.Sprintf(": exit %d where ref exits %d", d.Got.Exit, d.Want.Exit))
	case d.Want.ErrLine != d.Got.ErrLine:
		return sig(outcome.Identity{Step: "input error"}, ": input error named on another line")
	}
	if kind := d.FormatOnly(); kind != "" {
		// One cause, one finding: whatever step it shows at, a format slip is one bug.
		return sig(outcome.Identity{Step: "format", Detail: kind}, " format: "+kind)
	}
	if classify != nil {
		if id, words := classify(d.Want.Stdout, d.Got.Stdout); words != "" {
			return sig(id, " "+words)
		}
	}
	w, g := firstDifferentLines(d.Want.Stdout, d.Got.Stdout)
	return sig(outcome.Identity{Step: "output", Want: w, Got: g}, fmt.Sprintf(": want %s, got %s", w, g))
}

// firstDifferentLines returns the shapes of the first lines where want and got differ.
func firstDifferentLines(want, got []byte) (string, string) {
	same := commonPrefix(want, got)
	start := bytes.LastIndexByte(want[:same], '\n') + 1
	line := func(b []byte) string {
		l, ok := lineFrom(b, start)
		if !ok {
			return "end of output"
		}
		return strconv.Quote(shape(l))
	}
	return line(want), line(got)
}

var (
	digits  = regexp.MustCompile(`[0-9]+`)
	address = regexp.MustCompile(`0x[0-9a-fA-F]+`)
)

// shape is a line with its numbers and addresses left out and its length bounded: what
// stays the same when a bug shows on another input.
func shape(s string) string {
	s = address.ReplaceAllString(s, "ADDR")
	s = digits.ReplaceAllString(s, "N")
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strings.ToValidUTF8(s, "�")
}
