package outcome

import "fmt"

// Solver names who gave a run: the reference, the optimized judge under test, or the
// program under test. The zero value names none: a divergence whose runs all ended
// normally has no culprit.
type Solver uint8

// The solvers.
const (
	NoSolver Solver = iota // no solver: the culprit of a divergence where every run ended normally
	Ref                    // the reference, naive by design: the oracle
	Fast                   // the optimized judge: under test, or a program's oracle
	Program                // the program under test (-cmd)
	Expected               // a test's expected answer, read from its file (judge)
)

var solverNames = [...]string{NoSolver: "", Ref: "ref", Fast: "fast", Program: "program", Expected: "expected"}

// String is the solver's name, as reports and -json write it.
func (s Solver) String() string {
	if int(s) < len(solverNames) {
		return solverNames[s]
	}
	return fmt.Sprintf("Solver(%d)", uint8(s))
}

// MarshalText writes the solver's name.
func (s Solver) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a solver's name.
func (s *Solver) UnmarshalText(b []byte) error {
	for i, name := range solverNames {
		if name == string(b) {
			*s = Solver(i)
			return nil
		}
	}
	return fmt.Errorf("unknown solver %q", b)
}
