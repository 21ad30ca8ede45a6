package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestAnswerMatchAsItComes: an answer compared a piece at a time, however it is cut, is
// found equal to want exactly when the whole of it is: byte for byte, or token by token
// as bytes.Fields splits ASCII text.
func TestAnswerMatchAsItComes(t *testing.T) {
	answers := []string{"", "1", "1\n", "1 2\n3\n", "12 3\n", "1 23\n", " 1  2 3 ", "1 2\n3", "1\n2\n3\n4\n", "\t\r\n", "1 2 3 4", "a b\v\fc\n"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, want := range answers {
		for _, got := range answers {
			for _, eq := range []Comparison{Exact, Tokens} {
				whole := want == got
				if eq == Tokens {
					w, g := bytes.Fields([]byte(want)), bytes.Fields([]byte(got))
					whole = len(w) == len(g)
					for i := 0; whole && i < len(w); i++ {
						whole = bytes.Equal(w[i], g[i])
					}
				}
				for range 20 {
					m := answerMatch{want: []byte(want), eq: eq}
					for rest := []byte(got); len(rest) > 0; {
						n := 1 + rng.IntN(len(rest))
						m.Write(rest[:n])
						rest = rest[n:]
					}
					if m.equal() != whole || m.written != int64(len(got)) {
						t.Fatalf("%v: %q against %q, in pieces: equal %v (written %d), want %v", eq, got, want, m.equal(), m.written, whole)
					}
				}
			}
		}
	}
}
