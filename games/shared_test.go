package games

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestSharedCodeNamesNoGame: the code shared by the games — every non-test Go file that
// is not one game's own (a file of a role folder named for its game: gen/tower.go,
// gen/towerlayout.go), and .ci/run — names no game and no game's ruling in a string: a
// list, map, switch or regex of games there would have to be edited for a fifth game, and
// they come from the registry instead. Comments may name games as examples, and
// identifiers may use a rules family's words (a mine is a cell of the minesweeper
// family's shared player, gen/sweeper.go).
func TestSharedCodeNamesNoGame(t *testing.T) {
	names := Names()
	letters := RulingLetters()
	var ids []string
	for _, l := range letters {
		ids = append(ids, l)
	}
	rulingOfAGame := regexp.MustCompile(`\bR-(` + strings.Join(ids, "|") + `)[0-9]+\b`)
	own := func(path string) bool {
		base := filepath.Base(path)
		for _, n := range names {
			if strings.HasPrefix(base, n) {
				return true
			}
		}
		return false
	}
	named := func(s string) string {
		for _, w := range words(s) {
			for _, n := range names {
				if w == n {
					return n
				}
			}
		}
		if m := rulingOfAGame.FindString(s); m != "" {
			return m
		}
		return ""
	}
	checked := 0
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if b := d.Name(); b == "testdata" || b == "examples" || b == "corpus" || strings.HasPrefix(b, ".") && b != ".." && b != ".ci" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || own(path) {
			return nil
		}
		checked++
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var text string
			switch x := n.(type) {
			case *ast.BasicLit:
				if x.Kind == token.STRING {
					text = x.Value
				}
			}
			if g := named(text); g != "" {
				t.Errorf("%s: %s names %s", fset.Position(n.Pos()), text, g)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(ci), "\n") {
		if code, _, _ := strings.Cut(line, "#"); named(code) != "" {
			t.Errorf(".ci/run:%d: %q names %s", i+1, line, named(code))
		}
	}
	if checked < 50 {
		t.Fatalf("only %d shared files checked: the walk is wrong", checked)
	}
}

// words splits an identifier or a literal into its lower-case words: mineCall is "mine"
// and "call", "-game tower" is "game" and "tower".
func words(s string) []string {
	var out []string
	var w []rune
	flush := func() {
		if len(w) > 0 {
			out = append(out, strings.ToLower(string(w)))
			w = w[:0]
		}
	}
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			flush()
			w = append(w, r)
		case unicode.IsLetter(r):
			w = append(w, r)
		default:
			flush()
		}
	}
	flush()
	return out
}
