package clitest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPagesRenderedTogetherAsAlone: the check finds in each page rendered together, in its
// frame of the host page, exactly what it finds in the page rendered alone: a clean page
// stays clean, and a page with a layout of dots, a board with a glyph no key shows and a
// line wider than the window is faulted for each, both ways.
func TestPagesRenderedTogetherAsAlone(t *testing.T) {
	browser := chromium(t)
	dir := t.TempDir()
	dots := strings.Repeat("<p>"+strings.Repeat(".", 40)+"</p>\n", 14)
	pages := map[string]string{
		"clean.html": `<!doctype html><html><body><h1>A finding</h1><p>Its answers part at line 3.</p></body></html>`,
		"faulty.html": `<!doctype html><html><body>` + dots +
			`<div class="legend"><span class="key" data-glyphs="*"><svg class="swatch-cell" width="10" height="10"><rect fill="#000"/></svg></span></div>` +
			`<figure><svg width="400" height="400"><text class="g">?</text></svg></figure>` +
			`<pre>` + strings.Repeat("x", 400) + `</pre></body></html>`,
	}
	var paths []string
	for name, page := range pages {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	slices.Sort(paths)
	together := renderTogether(t, browser, paths)
	for _, path := range paths {
		alone := renderPage(t, browser, path)
		got, ok := together[path]
		if !ok {
			t.Fatalf("%s: no check came back from the host page", filepath.Base(path))
		}
		// The height is logged only: a page shorter than its frame is the frame's height.
		if !slices.Equal(got.Problems, alone.Problems) || got.Boards != alone.Boards || got.Keys != alone.Keys {
			t.Errorf("%s: together %+v, alone %+v", filepath.Base(path), got, alone)
		}
		t.Logf("%s: %d problem(s): %q", filepath.Base(path), len(got.Problems), got.Problems)
	}
	if p := together[filepath.Join(dir, "clean.html")]; len(p.Problems) != 0 {
		t.Errorf("the clean page is faulted: %q", p.Problems)
	}
	faults := strings.Join(together[filepath.Join(dir, "faulty.html")].Problems, "\n")
	for _, want := range []string{"a layout of dots", `writes "?", which no key of the legend shows`, "wider than the window"} {
		if !strings.Contains(faults, want) {
			t.Errorf("the faulty page's problems do not say %q:\n%s", want, faults)
		}
	}
}
