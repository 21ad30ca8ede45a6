package main

import (
	"bufio"
	"strconv"
	"strings"
	"testing"

	"gamediff/testutil/clitest"
)

// TestShowStreamsWithBoundedMemory runs the built command's show on a stream of some 30 MB
// of mine operations, past the statement's 60000 (the judges play them all, R-IN1), that
// ends in an input error: show pictures every operation as it is played and keeps none,
// so it peaks within the project's bound on memory (twice the input plus 100 MiB), and
// stops at the error, naming its line, after the pictures of the steps before it. One
// step of the same stream, with -step, costs no more.
func TestShowStreamsWithBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: show on the largest inputs is proved by the full suite")
	}
	bin := clitest.Gamediff(t)
	const ops = 3_300_000
	path, size := writeInput(t, t.TempDir(), "mine-stream.in", func(w *bufio.Writer) {
		repeated{"2 2\n..\n..\n", "Flag 1 1\n", "Flag 3 1\nQuit\n", ops}.writeTo(w)
	})
	errLine := 4 + ops // the Flag outside the board
	for _, c := range []struct {
		args      []string
		minStdout int64 // the pictures printed: a few lines each
	}{
		{[]string{"show", "-game", "mine"}, ops * 40},
		{[]string{"show", "-game", "mine", "-step", "5"}, 40},
	} {
		r := measure(t, path, append([]string{bin}, c.args...)...)
		checkRSS(t, c.args, r, size)
		want := "line " + strconv.Itoa(errLine) + ": "
		if r.Exit != exitUsage || !strings.HasPrefix(r.Stderr, want) || strings.Count(r.Stderr, "\n") != 1 || r.StdoutLen < c.minStdout {
			t.Errorf("%v: exit %d, %d bytes of pictures, stderr %.300q; want exit %d, at least %d bytes of pictures, and one line %q…",
				c.args, r.Exit, r.StdoutLen, r.Stderr, exitUsage, c.minStdout, want)
		}
	}
}
