package ref

import (
	"bufio"
	"bytes"
)

// traced runs a judge's play for one of the XTrace functions: play writes to out and
// reports each step to the observer it is given, which hands the step to observe with
// Output set to everything written so far. It returns all that play wrote and play's
// error.
func traced[S interface{ setOutput([]byte) }](play func(out *bufio.Writer, observe func(S)) error, observe func(S)) ([]byte, error) {
	var buf bytes.Buffer
	out := bufio.NewWriter(&buf)
	err := play(out, func(s S) {
		out.Flush() // a bytes.Buffer takes every byte
		s.setOutput(buf.Bytes())
		observe(s)
	})
	out.Flush()
	return buf.Bytes(), err
}
