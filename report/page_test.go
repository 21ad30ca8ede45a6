package report_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"gamediff/games"
	"gamediff/picture"
	"gamediff/report"
	"gamediff/testutil/golden"
)

// pageParts is what a parse of a page finds.
type pageParts struct {
	svgs      int // the boards' (not the legend's cells)
	swatches  int // the legend's cells
	elements  map[string]int
	text      string   // the character data, decoded
	external  []string // attributes that load something from elsewhere
	styleText string
}

// parsePage parses a page as the strict XML it is written as (every element closed, every
// attribute quoted), so that a tag out of place, an unescaped '<' or '&' from the data, or
// an unclosed element fails the test.
func parsePage(t *testing.T, page []byte) pageParts {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict = true
	parts := pageParts{elements: map[string]int{}}
	var text strings.Builder
	inStyle := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the page does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(tok.Name.Local)
			parts.elements[name]++
			if name == "svg" {
				if attr(tok, "class") == "swatch-cell" {
					parts.swatches++
				} else {
					parts.svgs++
				}
			}
			inStyle = name == "style"
			for _, a := range tok.Attr {
				v := strings.ToLower(strings.TrimSpace(a.Value))
				switch an := strings.ToLower(a.Name.Local); {
				case an == "src" || an == "href" || an == "xlink:href" || an == "action" || an == "srcset":
					parts.external = append(parts.external, an+"="+a.Value)
				case strings.Contains(v, "url(") || strings.Contains(v, "http:") || strings.Contains(v, "https:") || strings.HasPrefix(v, "//"):
					parts.external = append(parts.external, an+"="+a.Value)
				case strings.HasPrefix(an, "on"):
					parts.external = append(parts.external, an+" (a script)")
				}
			}
		case xml.EndElement:
			inStyle = false
		case xml.CharData:
			if inStyle {
				parts.styleText += string(tok)
			} else {
				text.Write(tok)
			}
		}
	}
	parts.text = text.String()
	return parts
}

// attr is the value of an element's attribute, "" when it has none.
func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func TestPageIsSelfContained(t *testing.T) {
	for _, c := range []struct {
		name, game, input string
		edits             []edit
		got               []byte // instead of edits
	}{
		{name: "boom", game: "boom", input: boomA, edits: []edit{replaceLine(3, "WIN"), replaceLine(4, "INVALID")}},
		{name: "mine with markup in got", game: "mine", input: mineSample,
			got: []byte("6 cell(s) detected\n<script>alert('&')</script>\n\x00\xff\n")},
		{name: "tower", game: "tower", input: towerB, edits: []edit{replaceLine(2, "Game Over : Cleared")}},
		{name: "datamining", game: "datamining", input: dataminingSample, edits: []edit{replaceLine(2, "6")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := refOutput(t, c.game, c.input)
			got := c.got
			if got == nil {
				got = applyEdits(want, c.edits)
			}
			d := drawing(t, c.game)
			p, err := d.Explain([]byte(c.input), want, got)
			if err != nil {
				t.Fatal(err)
			}
			page := report.Page{Game: c.game, Drawing: d, Verdict: "WA", Input: []byte(c.input), Want: want, Got: got,
				Reproduce: []string{"go run ./cmd/diff run -game " + c.game + " -impl fast < case.in"}, Notes: []string{"a note & <b>"}}.HTML()
			parts := parsePage(t, page)
			if len(parts.external) > 0 {
				t.Errorf("the page loads from elsewhere or runs script: %v", parts.external)
			}
			for _, el := range []string{"script", "link", "iframe", "object", "embed", "img", "base", "form"} {
				if parts.elements[el] > 0 {
					t.Errorf("the page has a <%s>", el)
				}
			}
			if strings.Contains(parts.styleText, "@import") || strings.Contains(parts.styleText, "url(") {
				t.Errorf("the style loads from elsewhere")
			}
			if parts.svgs != len(p.Frames) || parts.svgs == 0 {
				t.Errorf("%d <svg>, want one per step pictured (%d)", parts.svgs, len(p.Frames))
			}
			if keys := len(d.Keys()); parts.swatches != keys {
				t.Errorf("%d cells in the legend, want one per key (%d)", parts.swatches, keys)
			}
			// The data is in the page as text, escaped: the parse gives it back.
			for _, l := range strings.Split(strings.TrimSpace(c.input), "\n") {
				if !strings.Contains(parts.text, l) {
					t.Errorf("the input line %q is not in the page", l)
				}
			}
			for _, l := range append(p.Want.Lines, p.Got.Lines...) {
				if !strings.Contains(parts.text, l) {
					t.Errorf("the answer line %q is not in the page", l)
				}
			}
			for _, s := range []string{p.Signature, "a note & <b>", "-impl fast < case.in"} {
				if !strings.Contains(parts.text, s) {
					t.Errorf("%q is not in the page", s)
				}
			}
			if bytes.Contains(page, []byte("<script")) || bytes.Contains(page, []byte("<b>")) {
				t.Errorf("data reached the page unescaped")
			}
		})
	}
}

// TestPageWithoutAPicture: a report Explain cannot picture (the answers are the same) is
// still a page, saying why.
func TestPageWithoutAPicture(t *testing.T) {
	out := refOutput(t, "mine", mineA)
	page := report.Page{Game: "mine", Drawing: drawing(t, "mine"), Title: "a timeout", Verdict: "TLE", Input: []byte(mineA), Want: out, Got: out}.HTML()
	parts := parsePage(t, page)
	if parts.svgs != 0 || !strings.Contains(parts.text, "No picture: the two outputs are the same") {
		t.Errorf("%d <svg>; text:\n%s", parts.svgs, parts.text)
	}
}

func TestPageGolden(t *testing.T) {
	want := refOutput(t, "boom", boomA)
	got := applyEdits(want, []edit{replaceLine(3, "WIN"), replaceLine(4, "INVALID")})
	page := report.Page{Game: "boom", Drawing: drawing(t, "boom"), Title: "boom: WIN too early", Verdict: "WA: the output differs from the reference's",
		Input: []byte(boomA), Want: want, Got: got,
		Reproduce: []string{"go run ./cmd/diff run -game boom -impl ref < corpus/boom/found/0123.in"}}.HTML()
	golden.Check(t, "page/boom.html", page)
}

// drawing is the game's drawing, as its registration carries it.
func drawing(t testing.TB, game string) *picture.Drawing {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	return g.Picture()
}

// refOutput is the reference's output for input.
func refOutput(t testing.TB, game, input string) []byte {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := g.Ref([]byte(input), &out); err != nil {
		t.Fatalf("%s: the reference rejects the test input: %v", game, err)
	}
	return out.Bytes()
}

// edit is a change a buggy judge makes to the reference's output, on its lines.
type edit func(lines []string) []string

// replaceLine puts s in place of line n (from 1).
func replaceLine(n int, s string) edit {
	return func(l []string) []string { l[n-1] = s; return l }
}

func applyEdits(out []byte, edits []edit) []byte {
	l := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	for _, e := range edits {
		l = e(l)
	}
	return []byte(strings.Join(l, "\n") + "\n")
}

// Inputs of the pages, the same as picture's tests of Explain.
const (
	mineA            = "3 3\n...\n..*\n...\nSweep 1 1\nQuit\n"
	mineSample       = "3 3\n...\n..*\n...\nSweep 1 1\nDSweep 1 2\nFlag 1 3\nFlag 2 3\nDSweep 1 2\nSweep 1 3\nFlag 1 1\nDSweep 1 3\nFlag 1 3\nDSweep 1 2\nDSweep 1 2\nSweep 3 3\nQuit\n"
	boomA            = "1\n3 3\n*__\n___\n__*\n1 1 3\n2 1 1\n1 3 1\n0\n"
	towerB           = "3 3\n...\nS..\n#.G\n0\n3 4\n....\n.S..\nG#B#\n1\nMOVETO 3\n0 0\n"
	dataminingSample = "3 3\n...\n...\nMM.\n3 4\nM.M.\n.M.M\nM.M.\n7 5\n.....\n.....\nMMM..\nM.M..\nMMM..\n.....\n.....\n4 4\n...M\n....\n....\nM...\n0 0\n"
)
