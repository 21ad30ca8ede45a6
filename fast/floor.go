package fast

import "io"

// OutputPlan is a judge output cut into the pieces a solver would write: numbers, and the
// literal bytes between them.
type OutputPlan struct {
	pieces []piece
}

type piece struct {
	literal []byte // when nil, the piece is number
	number  int
}

// PlanOutput cuts output into maximal runs of digits, kept as integers, and the runs of
// other bytes between them.
func PlanOutput(output []byte) *OutputPlan {
	p := &OutputPlan{}
	for i := 0; i < len(output); {
		j := i
		if isDigit(output[i]) {
			v := 0
			for ; j < len(output) && isDigit(output[j]) && j-i < 18; j++ {
				v = v*10 + int(output[j]-'0')
			}
			p.pieces = append(p.pieces, piece{number: v})
		} else {
			for j < len(output) && !isDigit(output[j]) {
				j++
			}
			p.pieces = append(p.pieces, piece{literal: output[i:j]})
		}
		i = j
	}
	return p
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// IOFloor does the I/O of a judge run and nothing else, the baseline of the benchmarks:
// it reads every token of input with the solvers' scanner, parsing those that are
// numbers, and writes plan through the solvers' batched writer, formatting each number
// with strconv.AppendInt as the solvers do. A solver cannot do less than this.
func IOFloor(input []byte, plan *OutputPlan, w io.Writer) (checksum int, err error) {
	sc := newScanner(input)
	for t := sc.next(); t != nil; t = sc.next() {
		if v, ok, _ := parseInt(t); ok {
			checksum += int(v)
		} else {
			checksum += len(t)
		}
	}
	out := newWriter(w)
	for _, p := range plan.pieces {
		if p.literal != nil {
			out.bytes(p.literal)
		} else {
			out.int(p.number)
			out.maybeFlush()
		}
	}
	return checksum, out.flush()
}
