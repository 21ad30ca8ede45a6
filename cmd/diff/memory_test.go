package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"gamediff/testutil/clitest"
)

// measureEnv, when set, turns the test binary into the parent of one measured command
// (see init): its value is a measureSpec in JSON.
const measureEnv = "GAMEDIFF_MEASURE_COMMAND"

// measureSpec is a command to measure: its arguments and the file its stdin reads.
type measureSpec struct {
	Args  []string
	Stdin string
}

// measured is what the parent reports of the command, as JSON on its stdout.
type measured struct {
	MaxRSS    int64  // peak resident memory in bytes
	Exit      int    // exit status
	Stderr    string // the first stderrKept bytes
	StderrLen int    // every byte written to stderr
	Stdout    string // SHA-256 of stdout, hex
	StdoutLen int64
	Err       string // the parent's own failure, if any
}

// stderrKept is how much of a command's stderr the report keeps: far more than the short
// error message expected, so that a long one shows.
const stderrKept = 4096

// Linux counts a child's peak resident memory from its parent's: Go starts a command with
// vfork, so the child runs in the parent's memory until it execs, and exec records that
// memory's peak as the child's. The test process may have grown large before this test
// runs, so every measured command is started by a fresh copy of the test binary that
// does only that.
func init() {
	if spec := os.Getenv(measureEnv); spec != "" {
		r := measureCommand(spec)
		json.NewEncoder(os.Stdout).Encode(r)
		os.Exit(0)
	}
}

// measureCommand runs the command of spec and reports it.
func measureCommand(spec string) (r measured) {
	var s measureSpec
	if err := json.Unmarshal([]byte(spec), &s); err != nil {
		r.Err = err.Error()
		return r
	}
	in, err := os.Open(s.Stdin)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	defer in.Close()
	stdout := &countingHash{h: sha256.New()}
	stderr := &headWriter{max: stderrKept}
	cmd := exec.Command(s.Args[0], s.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in, stdout, stderr
	if err := cmd.Run(); err != nil && cmd.ProcessState == nil {
		r.Err = err.Error()
		return r
	}
	r.MaxRSS = cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	r.Exit = cmd.ProcessState.ExitCode()
	r.Stderr, r.StderrLen = stderr.buf.String(), stderr.n
	r.Stdout, r.StdoutLen = hex.EncodeToString(stdout.h.Sum(nil)), stdout.n
	return r
}

// countingHash hashes and counts what is written to it, holding none of it.
type countingHash struct {
	h hash.Hash
	n int64
}

func (c *countingHash) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return c.h.Write(p)
}

// headWriter keeps the first max bytes written to it and counts them all.
type headWriter struct {
	buf bytes.Buffer
	max int
	n   int
}

func (w *headWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	if room := w.max - w.buf.Len(); room > 0 {
		w.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// measure runs the command args with stdin from the file at path, through a fresh copy
// of the test binary (see init).
func measure(t *testing.T, path string, args ...string) measured {
	t.Helper()
	spec, _ := json.Marshal(measureSpec{Args: args, Stdin: path})
	parent := exec.Command(os.Args[0], "-test.run=^$")
	parent.Env = append(os.Environ(), measureEnv+"="+string(spec))
	out, err := parent.Output()
	var r measured
	if err != nil || json.Unmarshal(out, &r) != nil || r.Err != "" {
		t.Fatalf("measuring %v: %v %s %s", args, err, out, r.Err)
	}
	return r
}

// writeInput writes a test input to dir/name, through a buffer so that the test itself
// stays small, and returns its path and size.
func writeInput(t *testing.T, dir, name string, write func(w *bufio.Writer)) (string, int64) {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<16)
	write(w)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, info.Size()
}

// repeated is text made of a head, body repeated times times, and a tail: the shape of
// every input and expected output below.
type repeated struct {
	head, body, tail string
	times            int
}

func (r repeated) writeTo(w io.Writer) {
	io.WriteString(w, r.head)
	for range r.times {
		io.WriteString(w, r.body)
	}
	io.WriteString(w, r.tail)
}

// sum is the SHA-256 of the text, in hex, and its length.
func (r repeated) sum() (string, int64) {
	c := &countingHash{h: sha256.New()}
	r.writeTo(c)
	return hex.EncodeToString(c.h.Sum(nil)), c.n
}

// TestPeakMemoryIsBoundedByTheInput runs the built command on inputs made to cost memory
// and checks that each of run -impl ref, run -impl fast and validate peaks at no more than
// twice its input plus 100 MiB of resident memory (the project's bound on memory), whatever the input: a huge
// token, which every error message must quote only in part; and for each game a stream
// of some 30 MB of operations, which a judge must play without holding them. Each must
// also end as expected: with a message of a few hundred bytes naming the line on a bad
// token, with the answer the rules give on a stream.
func TestPeakMemoryIsBoundedByTheInput(t *testing.T) {
	bin := clitest.Gamediff(t)
	dir := t.TempDir()

	// A huge token, where each judge and the validator quote what they reject: 50 MiB of
	// NUL bytes as the first token, and for each game 16 MiB of one byte further in.
	const nulBytes, tokenBytes = 50 << 20, 16 << 20
	cut := func(n int) string { return fmt.Sprintf("…\" (%d bytes)", n) } // a quote cut, with the length
	tokens := []struct {
		game, name       string
		head             string
		fill             byte
		size             int
		runErr, validErr []string // in the messages of run (both judges) and validate
	}{
		{"mine", "NUL bytes", "", 0, nulBytes, []string{"line 1: expected n", cut(nulBytes)}, []string{"line 1: expected n", cut(nulBytes)}},
		{"boom", "NUL bytes", "", 0, nulBytes, []string{"line 1: expected T", cut(nulBytes)}, []string{"line 1: expected T", cut(nulBytes)}},
		{"tower", "NUL bytes", "", 0, nulBytes, []string{"line 1: expected n", cut(nulBytes)}, []string{"line 1: expected n", cut(nulBytes)}},
		{"datamining", "NUL bytes", "", 0, nulBytes, []string{"line 1: expected r", cut(nulBytes)}, []string{"line 1: expected r", cut(nulBytes)}},
		{"mine", "operation", "2 2\n..\n..\n", 'F', tokenBytes, []string{`line 4: unknown operation "FFFF`, cut(tokenBytes)}, []string{`line 4: unknown operation "FFFF`, cut(tokenBytes)}},
		{"boom", "coordinate", "1\n3 3\n___\n___\n___\n1 ", '9', tokenBytes, []string{`line 6: op 1: x "9999`, cut(tokenBytes)}, []string{`line 6: game 1: x = "9999`, cut(tokenBytes)}},
		{"tower", "direction", "3 3\n...\nS.G\n###\n1\nPUSH ", 'R', tokenBytes, []string{`line 6: `, `expected RIGHT or LEFT, found "RRRR`, cut(tokenBytes)}, []string{`line 6: PUSH: expected RIGHT or LEFT, found "RRRR`, cut(tokenBytes)}},
		{"datamining", "row", "3 3\n", '.', tokenBytes, []string{fmt.Sprintf("line 2: row 1 has %d characters, expected 3", tokenBytes)}, []string{fmt.Sprintf("line 2: row 1 has %d characters, expected 3", tokenBytes)}},
	}
	for _, tok := range tokens {
		t.Run(tok.game+"/huge "+tok.name, func(t *testing.T) {
			t.Parallel()
			path, size := writeInput(t, dir, tok.game+"-"+tok.name+".in", func(w *bufio.Writer) {
				w.WriteString(tok.head)
				w.Write(bytes.Repeat([]byte{tok.fill}, tok.size))
			})
			for _, c := range []struct {
				args []string
				exit int
				want []string
			}{
				{[]string{"run", "-game", tok.game, "-impl", "ref"}, 2, tok.runErr},
				{[]string{"run", "-game", tok.game, "-impl", "fast"}, 2, tok.runErr},
				{[]string{"validate", "-game", tok.game}, exitFound, tok.validErr},
			} {
				r := measure(t, path, append([]string{bin}, c.args...)...)
				checkRSS(t, c.args, r, size)
				ok := r.Exit == c.exit && r.StderrLen <= 512
				for _, w := range c.want {
					ok = ok && strings.Contains(r.Stderr, w)
				}
				if !ok {
					t.Errorf("%v: exit %d, stderr of %d bytes %.300q; want exit %d and a message of at most 512 bytes with %q", c.args, r.Exit, r.StderrLen, r.Stderr, c.exit, c.want)
				}
			}
		})
	}

	// Each stream is played to its end by both judges, and the answer follows from the
	// rules: a Flag on the same cell alternates success and cancelled (mine rule 2);
	// right clicks cycle _ → P → ? → _ (boom); MOVETO to the player's own column of a
	// stable tower changes nothing, so the game is given up (R-T6, R-T5); a board whose
	// only safe cell is chosen first leaves no covered safe cell (datamining).
	streams := []struct {
		game      string
		input     repeated
		answer    repeated
		validExit int
		validErr  string // in validate's message
	}{
		{
			game:   "mine",
			input:  repeated{"2 2\n..\n..\n", "Flag 1 1\n", "Quit\n", 3_300_000},
			answer: repeated{"", "success\ncancelled\n", "give up\ntotal step 3300000\n", 1_650_000},
			// 60000 operations at most
			validExit: exitFound, validErr: "line 60004: more than 60000 operations",
		},
		{
			game:   "boom",
			input:  repeated{"1\n3 3\n*__\n___\n___\n", "2 3 3\n", "0\n", 4_800_000},
			answer: repeated{"", "RUNNING: [<3, 3, P>]\nRUNNING: [<3, 3, ?>]\nRUNNING: [<3, 3, _>]\n", "QUIT\n", 1_600_000},
			// q ≤ 10000
			validExit: exitFound, validErr: "line 10006: game 1: more than 10000 operations",
		},
		{
			game:      "tower",
			input:     repeated{"3 3\n...\nS.G\n###\n3300000\n", "MOVETO 1\n", "0 0\n", 3_300_000},
			answer:    repeated{"Game Over : Gave Up\n", "", "", 0},
			validExit: exitOK, validErr: "",
		},
		{
			game:      "datamining",
			input:     repeated{"", "3 3\nMMM\nMMM\nMM.\n", "0 0\n", 2_000_000},
			answer:    repeated{"", "0\n", "", 2_000_000},
			validExit: exitOK, validErr: "",
		},
	}
	for _, s := range streams {
		t.Run(s.game+"/stream", func(t *testing.T) {
			t.Parallel()
			path, size := writeInput(t, dir, s.game+"-stream.in", func(w *bufio.Writer) { s.input.writeTo(w) })
			want, wantLen := s.answer.sum()
			for _, impl := range []string{"ref", "fast"} {
				args := []string{"run", "-game", s.game, "-impl", impl}
				r := measure(t, path, append([]string{bin}, args...)...)
				checkRSS(t, args, r, size)
				if r.Exit != 0 || r.StderrLen != 0 || r.Stdout != want || r.StdoutLen != wantLen {
					t.Errorf("%v: exit %d, stderr %.300q, %d bytes of stdout (SHA-256 %.12s); want exit 0 and the %d bytes of the answer (%.12s)",
						args, r.Exit, r.Stderr, r.StdoutLen, r.Stdout, wantLen, want)
				}
			}
			args := []string{"validate", "-game", s.game}
			r := measure(t, path, append([]string{bin}, args...)...)
			checkRSS(t, args, r, size)
			if r.Exit != s.validExit || !strings.Contains(r.Stderr, s.validErr) || r.StderrLen > 512 {
				t.Errorf("%v: exit %d, stderr %.300q; want exit %d and %q", args, r.Exit, r.Stderr, s.validExit, s.validErr)
			}
		})
	}
}

// checkRSS checks a measured command against the project's bound on memory: at most twice its
// input plus 100 MiB of resident memory at its peak.
func checkRSS(t *testing.T, args []string, r measured, inputSize int64) {
	t.Helper()
	bound := 2*inputSize + 100<<20
	t.Logf("%-34s peak RSS %6.1f MiB for %5.1f MiB of input (bound %5.1f MiB)", strings.Join(args, " "), mib(r.MaxRSS), mib(inputSize), mib(bound))
	if r.MaxRSS > bound {
		t.Errorf("%v: peak RSS %.1f MiB, over the bound of %.1f MiB (twice the input of %.1f MiB, plus 100 MiB)", args, mib(r.MaxRSS), mib(bound), mib(inputSize))
	}
}

func mib(bytes int64) float64 { return float64(bytes) / (1 << 20) }
