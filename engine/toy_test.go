package engine_test

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/leanovate/gopter"

	"gamediff/engine"
)

// The toy game: an input is a count k and k numbers 0..99; the judge prints each number
// doubled, one per line. Small enough that every engine behaviour can be pinned exactly.
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

func decodeToy(input []byte) (engine.Case, error) {
	f := strings.Fields(string(input))
	if len(f) == 0 {
		return nil, fmt.Errorf("line 1: no count")
	}
	k, err := strconv.Atoi(f[0])
	if err != nil || k != len(f)-1 || k > 100 {
		return nil, fmt.Errorf("line 1: bad count %q", f[0])
	}
	c := toyCase{}
	for _, s := range f[1:] {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v > 99 {
			return nil, fmt.Errorf("line 2: bad number %q", s)
		}
		c = append(c, v)
	}
	if !bytes.Equal(c.Encode(), input) {
		return nil, fmt.Errorf("line 1: not canonical")
	}
	return c, nil
}

// toyJudge is the reference: it trusts its input, which the generator keeps valid.
func toyJudge(input []byte, w io.Writer) error {
	c, err := decodeToy(input)
	if err != nil {
		return err
	}
	for _, v := range c.(toyCase) {
		fmt.Fprintf(w, "%d\n", 2*v)
	}
	return nil
}

// toyWith returns a judge that behaves like toyJudge except on the number bad, where it
// does what misbehave says.
func toyWith(bad int, misbehave func(w io.Writer)) engine.Func {
	return func(input []byte, w io.Writer) error {
		c, err := decodeToy(input)
		if err != nil {
			return err
		}
		for _, v := range c.(toyCase) {
			if v == bad {
				misbehave(w)
				continue
			}
			fmt.Fprintf(w, "%d\n", 2*v)
		}
		return nil
	}
}

func toyGen(params *gopter.GenParameters) *gopter.GenResult {
	c := make(toyCase, params.Rng.Intn(12))
	for i := range c {
		c[i] = params.Rng.Intn(100)
	}
	return gopter.NewGenResult(c, shrinkToy)
}

// shrinkToy drops one number at a time, then lowers each number by one.
func shrinkToy(v any) gopter.Shrink {
	c := v.(toyCase)
	i, lower := 0, false
	return func() (any, bool) {
		for {
			if i == len(c) {
				if lower {
					return nil, false
				}
				i, lower = 0, true
			}
			j := i
			i++
			if !lower {
				return append(append(toyCase{}, c[:j]...), c[j+1:]...), true
			}
			if c[j] > 0 {
				d := append(toyCase{}, c...)
				d[j]--
				return d, true
			}
		}
	}
}

func toyGame(fast engine.Func) *engine.Game {
	return &engine.Game{Name: "toy", Ref: toyJudge, Fast: fast, Gen: toyGen, Shrink: shrinkToy, Decode: decodeToy}
}
