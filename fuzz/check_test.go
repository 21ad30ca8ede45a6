package fuzz

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// recorder is a failer that keeps the first failure and stops the check there, as
// t.Fatalf does.
type recorder struct{ failure string }

type stopped struct{}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failure = fmt.Sprintf(format, args...)
	panic(stopped{})
}

// failureOf runs check with a recorder and returns its failure, "" if none.
func failureOf(check func(failer)) (failure string) {
	r := &recorder{}
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(stopped); !ok {
				panic(v)
			}
		}
		failure = r.failure
	}()
	check(r)
	return ""
}

// lineError is an input error as the judges return one (docs/rules.md R-IN1).
type lineError struct {
	line int
	msg  string
}

func (e lineError) Error() string  { return e.msg }
func (e lineError) InputLine() int { return e.line }

// judge is a stand-in judge that prints out and returns err.
func judge(out string, err error) func([]byte, io.Writer) error {
	return func(_ []byte, w io.Writer) error {
		_, _ = io.WriteString(w, out)
		return err
	}
}

func TestCheckDiff(t *testing.T) {
	valid := func([]byte) error { return nil }
	asIs := func(data []byte) ([]byte, bool) { return data, true }
	right := judge("1\n", nil)
	for _, tc := range []struct {
		name      string
		ref, fast func([]byte, io.Writer) error
		validate  func([]byte) error
		want      string // a piece of the failure; "" for none
	}{
		{"agree", right, right, valid, ""},
		{"other bytes", right, judge("2\n", nil), valid, "ref and fast differ on a valid game"},
		{"fast panics", right, func([]byte, io.Writer) error { panic("boom") }, valid, "panicked"},
		{"ref rejects", judge("", lineError{1, "line 1: no"}), judge("", lineError{1, "line 1: no"}), valid, "ref rejects a valid game"},
		{"decoding invalid", right, right, func([]byte) error { return errors.New("too wide") }, "FromBytes made an invalid case (too wide)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &target{game: "toy", ref: tc.ref, fast: tc.fast, validate: tc.validate, fuzzInput: asIs}
			got := failureOf(func(f failer) { g.checkDiff(f, []byte("1 1\n")) })
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Fatalf("failure %q, want one containing %q", got, tc.want)
			}
		})
	}
}

func TestCheckParse(t *testing.T) {
	rejected := lineError{2, "line 2: expected a number"}
	for _, tc := range []struct {
		name      string
		ref, fast func([]byte, io.Writer) error
		want      string
	}{
		{"agree", judge("1\n", nil), judge("1\n", nil), ""},
		{"agree on an error", judge("1\n", rejected), judge("1\n", rejected), ""},
		{"other line", judge("", rejected), judge("", lineError{3, "line 3: expected a number"}), "ref and fast disagree"},
		{"only one rejects", judge("", nil), judge("", rejected), "ref and fast disagree"},
		{"message without its line", judge("", lineError{2, "bad"}), judge("", lineError{2, "bad"}), "must exit 2 and name its line"},
		{"not an input error", judge("", errors.New("internal")), judge("", errors.New("internal")), "exit 1"},
		{"ref panics", func([]byte, io.Writer) error { panic("index out of range") }, judge("", nil), "panicked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &target{game: "toy", ref: tc.ref, fast: tc.fast}
			got := failureOf(func(f failer) { g.checkParse(f, []byte("x")) })
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Fatalf("failure %q, want one containing %q", got, tc.want)
			}
		})
	}
}

// TestAllocatedCounts makes sure the allocation guard of the Parse targets can fire.
func TestAllocatedCounts(t *testing.T) {
	before := allocated()
	buf := make([]byte, 64<<20)
	buf[len(buf)-1] = 1
	if n := allocated() - before; n < 64<<20 {
		t.Fatalf("allocating 64 MiB moved the counter by %d bytes", n)
	}
}
