package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gamediff/testutil/clitest"
)

// The examples' comments point at a section the README has, and run the binary the README
// tells a user to build: go run turns every non-zero exit into 1.
func TestExamplesPointAtTheReadme(t *testing.T) {
	readme, err := os.ReadFile(clitest.Path("README.md"))
	if err != nil {
		t.Fatal(err)
	}
	sources, _ := filepath.Glob(clitest.Path("examples", "*", "solution.cpp"))
	if len(sources) < 4 {
		t.Fatalf("%d example solutions, want one per game", len(sources))
	}
	section := regexp.MustCompile(`README's\s+(?://\s*)?"([^"]+)"`)
	for _, src := range sources {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		m := section.FindStringSubmatch(text)
		switch {
		case m == nil:
			t.Errorf("%s names no section of the README", src)
		case !regexp.MustCompile(`(?m)^## (\d+\. )?` + regexp.QuoteMeta(m[1]) + `$`).Match(readme):
			t.Errorf("%s points at the README's %q, which it has no section of", src, m[1])
		}
		if strings.Contains(text, "go run ./cmd/diff hunt") {
			t.Errorf("%s tells a user to go run the hunt, which the README advises against", src)
		}
	}
}
