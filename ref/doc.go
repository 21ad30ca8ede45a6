// Package ref holds the reference judges: for each game a deliberately naive, line-by-line
// transcription of the statement and of the rulings in docs/ (docs/rules.md and
// one document per game), each rule next to a comment citing the sentence or ruling it
// transcribes. Obviously right beats fast: the optimized judges in package fast are
// tested against these, byte for byte.
//
// Each judge reads the whole input and writes the judge's stdout; input that breaks the
// statement's format is reported as an *InputError naming its line (R-IN1), after the
// output of everything before it. ref shares no code with fast, so that each parser
// tests the other.
package ref
