package testcase

import "bytes"

// Form is how an input is laid out beyond the statement's canonical layout (single
// spaces, one item per line, every line ended by '\n'): the forms the rules allow, since
// the judges read tokens separated by any C whitespace (docs/rules.md, "Input is a stream
// of tokens"). A case carries its form, and its Encode writes the canonical layout in it;
// the zero Form is the canonical layout. A solution whose reader skips spaces and newlines
// but not tabs, or stops at a '\r', is caught by a case in the form that shows it.
type Form uint8

// The forms, each a rewriting of the canonical bytes, applied in this order.
const (
	// FormSplit spreads a line's tokens over two lines: the first space of each line
	// becomes a '\n' ("Sweep 2 3" is written "Sweep" and "2 3", an operation spread over
	// lines).
	FormSplit Form = 1 << iota
	// FormRuns writes runs of blanks: each space becomes three, each '\n' a blank line
	// too, and the input begins with an empty line.
	FormRuns
	// FormTabs writes each space as a tab.
	FormTabs
	// FormOtherSpace begins and ends the input with '\v' and '\f', the rarest of C's
	// whitespace.
	FormOtherSpace
	// FormCRLF ends each line with "\r\n".
	FormCRLF
	// FormNoFinalNewline leaves the last line without its line end.
	FormNoFinalNewline

	formEnd
)

// AllForms is the set of every form.
const AllForms = formEnd - 1

// FormNames names each form, bit by bit, as the catalogues of situations do.
var FormNames = [...]string{"split", "runs", "tabs", "other-space", "crlf", "no-final-newline"}

// Has reports whether f holds every form of g.
func (f Form) Has(g Form) bool { return f&g == g }

// Respace writes canonical, an input in the canonical layout, in form f.
func (f Form) Respace(canonical []byte) []byte {
	if f == 0 {
		return canonical
	}
	b := canonical
	if f.Has(FormSplit) {
		b = splitLines(b)
	}
	if f.Has(FormRuns) {
		b = bytes.ReplaceAll(b, []byte{' '}, []byte("   "))
		b = append([]byte{'\n'}, bytes.ReplaceAll(b, []byte{'\n'}, []byte("\n\n"))...)
	}
	if f.Has(FormTabs) {
		b = bytes.ReplaceAll(b, []byte{' '}, []byte{'\t'})
	}
	if f.Has(FormOtherSpace) {
		b = append(append([]byte("\v\f"), b...), '\f', '\v')
	}
	if f.Has(FormCRLF) {
		b = bytes.ReplaceAll(b, []byte{'\n'}, []byte("\r\n"))
	}
	if f.Has(FormNoFinalNewline) {
		b = bytes.TrimRight(b, "\r\n\f\v")
	}
	return b
}

// splitLines is b with the first space of each line made a line end.
func splitLines(b []byte) []byte {
	out := make([]byte, 0, len(b))
	first := true
	for _, c := range b {
		switch {
		case c == '\n':
			first = true
		case c == ' ' && first:
			first, c = false, '\n'
		}
		out = append(out, c)
	}
	return out
}

// FormOf is the form in which input, an input of the same tokens as canonical, writes
// canonical: exactly the form that Respace gives it when it is one, else what its bytes
// show of the forms (FormsIn).
func FormOf(canonical, input []byte) Form {
	f := FormsIn(input)
	if g := f | FormSplit; bytes.Equal(g.Respace(canonical), input) {
		return g
	}
	return f
}

// FormsIn is the forms an input shows in its bytes alone, any input, laid out by hand or
// by Respace: all but FormSplit, which only a game's reading of its lines can tell.
func FormsIn(input []byte) Form {
	var f Form
	if bytes.Contains(input, []byte("  ")) || bytes.Contains(input, []byte("\t\t")) || bytes.Contains(input, []byte("\n\n")) ||
		bytes.Contains(input, []byte("\n\r\n")) || len(input) > 0 && (input[0] == '\n' || input[0] == '\r') {
		f |= FormRuns
	}
	if bytes.ContainsRune(input, '\t') {
		f |= FormTabs
	}
	if bytes.ContainsAny(input, "\v\f") {
		f |= FormOtherSpace
	}
	if bytes.ContainsRune(input, '\r') {
		f |= FormCRLF
	}
	if len(input) > 0 && input[len(input)-1] != '\n' && input[len(input)-1] != '\v' {
		f |= FormNoFinalNewline
	}
	return f
}
