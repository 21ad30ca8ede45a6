package engine_test

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamediff/engine"
	"gamediff/sandbox"
	"gamediff/testutil/cpuclock"
)

// The toy game: an input is a count k and k numbers 0..99; the judge prints each number
// doubled, one per line. Small enough that every engine behaviour can be pinned exactly.
// Its variants misbehave on the number 7 (or 13, …) in every way judges do; the test
// binary serves them as a hunt's worker (TestMain).
type toyCase []int

func (c toyCase) Encode() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", len(c))
	for i, v := range c {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteString("\n")
	return []byte(b.String())
}

type inputError struct {
	line int
	msg  string
}

func (e *inputError) Error() string  { return fmt.Sprintf("line %d: %s", e.line, e.msg) }
func (e *inputError) InputLine() int { return e.line }

func decodeToy(input []byte) (toyCase, error) {
	f := strings.Fields(string(input))
	if len(f) == 0 {
		return nil, &inputError{1, "no count"}
	}
	k, err := strconv.Atoi(f[0])
	if err != nil || k != len(f)-1 || k > 100 {
		return nil, &inputError{1, fmt.Sprintf("bad count %.10q", f[0])}
	}
	c := toyCase{}
	for _, s := range f[1:] {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v > 99 {
			return nil, &inputError{2, fmt.Sprintf("bad number %.10q", s)}
		}
		c = append(c, v)
	}
	if !bytes.Equal(c.Encode(), input) {
		return nil, &inputError{1, "not canonical"}
	}
	return c, nil
}

// toyJudge is the reference.
func toyJudge(input []byte, w io.Writer) error {
	c, err := decodeToy(input)
	if err != nil {
		return err
	}
	for _, v := range c {
		fmt.Fprintf(w, "%d\n", 2*v)
	}
	return nil
}

// toyWith returns a judge that behaves like toyJudge except on the number bad, where it
// does what misbehave says.
func toyWith(bad int, misbehave func(w io.Writer)) engine.Judge {
	return func(input []byte, w io.Writer) error {
		c, err := decodeToy(input)
		if err != nil {
			return err
		}
		for _, v := range c {
			if v == bad {
				misbehave(w)
				continue
			}
			fmt.Fprintf(w, "%d\n", 2*v)
		}
		return nil
	}
}

// toy is a toy game whose reference is ref and whose judge under test is fast.
type toy struct {
	name      string
	ref, fast engine.Judge
}

func (t toy) Name() string                         { return t.name }
func (t toy) Ref(input []byte, w io.Writer) error  { return t.ref(input, w) }
func (t toy) Fast(input []byte, w io.Writer) error { return t.fast(input, w) }

// TimeLimit is the toy's limit, 0.3 s of CPU, scaled as every limit a test sets
// (cpuclock.Limit); quadraticUnit, the quadratic toy's charge, is scaled with it.
func (t toy) TimeLimit() time.Duration { return cpuclock.Limit(300 * time.Millisecond) }

func (t toy) Decode(input []byte) (engine.Case, error) {
	c, err := decodeToy(input)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Generate draws up to 11 numbers from a SplitMix64 stream of the seed.
func (t toy) Generate(seed uint64) engine.Case {
	src := engine.SplitMixSource{State: seed}
	next := src.Uint64
	c := make(toyCase, next()%12)
	for i := range c {
		c[i] = int(next() % 100)
	}
	return c
}

// Shrink drops one number at a time, then lowers each number by one.
func (t toy) Shrink(v engine.Case) iter.Seq[engine.Case] {
	c := v.(toyCase)
	return func(yield func(engine.Case) bool) {
		for i := range c {
			if !yield(append(append(toyCase{}, c[:i]...), c[i+1:]...)) {
				return
			}
		}
		for i := range c {
			if c[i] > 0 {
				d := append(toyCase{}, c...)
				d[i]--
				if !yield(d) {
					return
				}
			}
		}
	}
}

func holds(input []byte, v int) bool {
	c, err := decodeToy(input)
	if err != nil {
		return false
	}
	for _, x := range c {
		if x == v {
			return true
		}
	}
	return false
}

// recurse never returns: a runaway recursion, until the stack overflows.
//
//lint:ignore SA5007 the endless recursion is what overflow-on-7 is for
func recurse(n int) int { return recurse(n+1) + 1 }

var sink [][]byte

// quadraticUnit is what the quadratic toy charges for each count of numbers squared: 100
// numbers cost six times the toy's limit.
var quadraticUnit = 6 * toy{}.TimeLimit() / (100 * 100)

// charged is the toy's judge charged cost(n) of CPU time (cpuclock) for a case of n
// numbers: a time the same on any machine.
func charged(cost func(n int) time.Duration) engine.Judge {
	return func(input []byte, w io.Writer) error {
		c, err := decodeToy(input)
		if err != nil {
			return err
		}
		var m cpuclock.Meter
		m.Charge(cost(len(c)))
		m.Settle()
		return toyJudge(input, w)
	}
}

// cliffAt is the count of numbers from which the cliff toy times out: below it, its
// quadratic charge, an eighth of the quadratic toy's, is within a third of the limit.
const cliffAt = 60

// spin loops for ever without output, as a hung judge does.
func spin() {
	//lint:ignore SA5002 the endless loop is what the hanging judges are for
	for {
	}
}

// toys are the variants, by name. Each misbehaves on the number it names.
var toys = map[string]toy{
	"toy":         {ref: toyJudge, fast: toyJudge},
	"wrong-on-7":  {ref: toyJudge, fast: toyWith(7, func(w io.Writer) { fmt.Fprintln(w, 15) })},
	"panic-on-13": {ref: toyJudge, fast: toyWith(13, func(io.Writer) { panic("thirteen is unlucky") })},
	"loop-on-42":  {ref: toyJudge, fast: toyWith(42, func(io.Writer) { spin() })},
	"sleep-on-42": {ref: toyJudge, fast: toyWith(42, func(io.Writer) { time.Sleep(time.Hour) })},
	"flood-on-99": {ref: toyJudge, fast: toyWith(99, func(w io.Writer) {
		for {
			io.WriteString(w, "99999999\n")
		}
	})},
	"exit-on-7": {ref: toyJudge, fast: toyWith(7, func(io.Writer) { os.Exit(3) })},
	// A stack of 64 MiB at most, not the runtime's 1 GiB: it overflows alike, and each of
	// its runs does not copy a gigabyte of stack on the way.
	"overflow-on-7":  {ref: toyJudge, fast: toyWith(7, func(w io.Writer) { debug.SetMaxStack(64 << 20); fmt.Fprint(w, recurse(0)) })},
	"goroutine-on-7": {ref: toyJudge, fast: toyWith(7, func(io.Writer) { go panic("in another goroutine"); time.Sleep(time.Hour) })},
	"alloc-on-7": {ref: toyJudge, fast: toyWith(7, func(io.Writer) {
		for i := 0; i < 64; i++ { // 4 GiB, touched, 64 MiB at a time, each kept
			b := make([]byte, 64<<20)
			for j := 0; j < len(b); j += 4096 {
				b[j] = 1
			}
			sink = append(sink, b)
		}
	})},
	"stderr-flood": {ref: toyJudge, fast: func(input []byte, w io.Writer) error {
		os.Stderr.Write(bytes.Repeat([]byte("debug output\n"), 1<<17)) // 1.6 MB, then right
		return toyJudge(input, w)
	}},
	"three-bugs": {ref: toyJudge, fast: func(input []byte, w io.Writer) error {
		c, err := decodeToy(input)
		if err != nil {
			return err
		}
		for _, v := range c {
			switch v {
			case 7:
				fmt.Fprintln(w, 15)
			case 13:
				panic("thirteen is unlucky")
			case 21:
				fmt.Fprintln(w, "x")
			default:
				fmt.Fprintf(w, "%d\n", 2*v)
			}
		}
		return nil
	}},
	// answers a word drawn from crypto/rand for 7: wrong on every run, in other words each
	// time, as a program with an uninitialised variable or a race is.
	"random-on-7":     {ref: toyJudge, fast: toyWith(7, func(w io.Writer) { fmt.Fprintln(w, rand.Text()) })},
	"ref-loops-on-42": {ref: toyWith(42, func(io.Writer) { spin() }), fast: toyJudge},
	// fast takes time quadratic in the count of numbers, charged in CPU time (cpuclock):
	// 100 numbers cost six times the limit on any machine, so that a smaller scale still
	// times out with the margin, and 1/8 and 1/4 of them are measured under it.
	"quadratic": {ref: toyJudge, fast: charged(func(n int) time.Duration { return time.Duration(n*n) * quadraticUnit })},
	// fast is quick below cliffAt numbers and takes twice the limit from cliffAt on,
	// charged in CPU time (cpuclock): a case of cliffAt numbers times out by the margin on
	// any machine, and every smaller scale of it runs far within it, as a program whose
	// time-out is found barely past its size does.
	"cliff": {ref: toyJudge, fast: charged(func(n int) time.Duration {
		if n >= cliffAt {
			return 2 * toy{}.TimeLimit()
		}
		return time.Duration(n*n) * quadraticUnit / 8
	})},
	// The reference panics the first time any worker sees a 42 (a file in $TOY_MARKER
	// remembers it), and is right ever after: a failure of the machine's, say.
	"ref-fails-once-on-42": {ref: toyWith(42, func(w io.Writer) {
		marker := filepath.Join(os.Getenv(markerEnv), "failed")
		if _, err := os.Stat(marker); err != nil {
			os.WriteFile(marker, nil, 0o644)
			panic("once")
		}
		fmt.Fprintln(w, 84)
	}), fast: toyJudge},
	// fast spins past any limit the first time any worker sees a 7 (a file in $TOY_MARKER
	// remembers it), and answers 7 wrongly ever after: a program whose first run is slow
	// and whose reruns are wrong.
	"slow-once-then-wrong-on-7": {ref: toyJudge, fast: toyWith(7, func(w io.Writer) {
		marker := filepath.Join(os.Getenv(markerEnv), "slow")
		if _, err := os.Stat(marker); err != nil {
			os.WriteFile(marker, nil, 0o644)
			spin()
		}
		fmt.Fprintln(w, 15)
	})},
	"wrong-on-7-of-ten": {ref: toyJudge, fast: func(input []byte, w io.Writer) error {
		c, err := decodeToy(input)
		if err == nil && len(c) >= 10 {
			return toyWith(7, func(w io.Writer) { fmt.Fprintln(w, 15) })(input, w)
		}
		return toyJudge(input, w)
	}},
}

// scaling is a toy that can scale its cases: along "numbers", it keeps the first of them.
type scaling struct{ fixedCase }

func (scaling) Dimensions() []string { return []string{"numbers"} }

func (scaling) Scale(v engine.Case, dim string, f float64) (engine.Case, float64) {
	c := v.(toyCase)
	n := int(float64(len(c)) * f)
	if dim != "numbers" || n < 1 || n >= len(c) {
		return nil, 0
	}
	return append(toyCase{}, c[:n]...), float64(n) / float64(len(c))
}

var _ engine.Scaler = scaling{}

// fixedCase is a toy that generates one case, whatever the seed.
type fixedCase struct {
	engine.Game
	c toyCase
}

func (f fixedCase) Generate(uint64) engine.Case { return f.c }

func lookupToy(name string) (engine.Game, bool) {
	t, ok := toys[name]
	t.name = name
	return t, ok
}

func game(t testing.TB, name string) engine.Game {
	t.Helper()
	g, ok := lookupToy(name)
	if !ok {
		t.Fatalf("no toy %q", name)
	}
	return g
}

// TestMain makes the test binary a hunt's worker when a hunt starts it as one.
func TestMain(m *testing.M) {
	engine.ServeWorker(lookupToy)
	if name := os.Getenv(programEnv); name != "" {
		runToyProgram(name) // a program under test, for the hunts of programs
	}
	if os.Getenv("GORACE") == "" {
		// Built with -race, the test binary as a program would sleep a second as it exits
		// (the race runtime's wait for reports from other threads): thousands of runs of
		// it in a hunt of a program.
		os.Setenv("GORACE", "atexit_sleep_ms=0")
	}
	code := m.Run()
	sandbox.Release() // the hunts started workers: no cgroup of this process's is left
	os.Exit(code)
}

// markerEnv names the folder where ref-fails-once-on-42 and slow-once-then-wrong-on-7
// remember what they did once.
const markerEnv = "TOY_MARKER"

// programEnv makes the test binary a program under test: the fast judge of the toy it names
// run on its stdin.
const programEnv = "ENGINE_TEST_PROGRAM"

func runToyProgram(name string) {
	input, _ := io.ReadAll(os.Stdin)
	if lock := os.Getenv(aloneLockEnv); lock != "" && bytes.Contains(input, []byte(" 42")) {
		noteCompany(lock)
	}
	if err := toys[name].fast(input, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(0)
}

// aloneLockEnv names a file every program under test on a case with 42 locks, shared, for
// as long as it lives (the kernel drops the lock when it is killed); a run first tries it
// exclusive, which fails while another such run lives, and appends to lock+".runs" when it
// started and whether it had company then.
const aloneLockEnv = "ENGINE_TEST_ALONE_LOCK"

func noteCompany(lock string) {
	f, err := os.OpenFile(lock, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return
	}
	company := 0
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		company = 1
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	runs, err := os.OpenFile(lock+".runs", os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err == nil {
		fmt.Fprintf(runs, "%d %d\n", time.Now().UnixNano(), company)
		runs.Close()
	}
	// f stays open: the lock is held until the process ends.
}
