package picture

import (
	"bytes"
	"encoding/xml"
	"gamediff/testutil/golden"
	"io"
	"strings"
	"testing"
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
			p, err := Explain(c.game, []byte(c.input), want, got)
			if err != nil {
				t.Fatal(err)
			}
			page := Page(Report{Game: c.game, Verdict: "WA", Input: []byte(c.input), Want: want, Got: got,
				Reproduce: []string{"go run ./cmd/diff run -game " + c.game + " -impl fast < case.in"}, Notes: []string{"a note & <b>"}})
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
			if keys := len(drawings[c.game].legend.keys); parts.swatches != keys {
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
	page := Page(Report{Game: "mine", Title: "a timeout", Verdict: "TLE", Input: []byte(mineA), Want: out, Got: out})
	parts := parsePage(t, page)
	if parts.svgs != 0 || !strings.Contains(parts.text, "No picture: the two outputs are the same") {
		t.Errorf("%d <svg>; text:\n%s", parts.svgs, parts.text)
	}
}

func TestPageGolden(t *testing.T) {
	want := refOutput(t, "boom", boomA)
	got := applyEdits(want, []edit{replaceLine(3, "WIN"), replaceLine(4, "INVALID")})
	page := Page(Report{Game: "boom", Title: "boom: WIN too early", Verdict: "WA: the output differs from the reference's",
		Input: []byte(boomA), Want: want, Got: got,
		Reproduce: []string{"go run ./cmd/diff run -game boom -impl ref < corpus/boom/found/0123.in"}})
	golden.Check(t, "page/boom.html", page)
}
