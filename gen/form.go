package gen

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"

	"gamediff/testcase"
)

// formFlag is a call's -form: the layout of its cases' input (testcase.Form). Unset, one
// case in formOdds draws one, every combination of forms alike.
type formFlag struct {
	fixed bool
	form  testcase.Form
}

// formOdds: one case in formOdds is drawn in a form of its own.
const formOdds = 16

func (f *formFlag) String() string {
	if !f.fixed {
		return "random"
	}
	var names []string
	for i, name := range testcase.FormNames {
		if f.form.Has(1 << i) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

// Set reads "random", "none", "all", or forms joined by '+' ("tabs+crlf").
func (f *formFlag) Set(v string) error {
	switch *f = (formFlag{fixed: true}); v {
	case "random":
		*f = formFlag{}
		return nil
	case "none":
		return nil
	case "all":
		f.form = testcase.AllForms
		return nil
	}
	for _, name := range strings.Split(v, "+") {
		i := slices.Index(testcase.FormNames[:], name)
		if i < 0 {
			return fmt.Errorf("%q is no form (%s)", name, strings.Join(testcase.FormNames[:], ", "))
		}
		f.form |= 1 << i
	}
	return nil
}

// draw is the layout of a case: the fixed one, or a random one for one case in formOdds.
func (f formFlag) draw(r *rand.Rand) testcase.Form {
	if f.fixed {
		return f.form
	}
	if r.Intn(formOdds) != 0 {
		return 0
	}
	return testcase.Form(1 + r.Intn(int(testcase.AllForms)))
}
