package fuzz

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// packageFiles parses every .go file of this package (as OSS-Fuzz's coverage build greps
// them: under the package's folder, recursively), by path.
func packageFiles(t *testing.T) (*token.FileSet, map[string]*ast.File, map[string][]byte) {
	t.Helper()
	fset := token.NewFileSet()
	files, sources := map[string]*ast.File{}, map[string][]byte{}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files[path], sources[path] = f, src
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fset, files, sources
}

// fuzzTargets maps each Fuzz function of the package to the file that declares it.
func fuzzTargets(files map[string]*ast.File) map[string]string {
	targets := map[string]string{}
	for path, f := range files {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Fuzz") {
				targets[fn.Name.Name] = path
			}
		}
	}
	return targets
}

// TestTargetsHaveSeeds keeps fuzzedGames, and so the seed corpora build.sh ships, in step
// with the Fuzz functions.
func TestTargetsHaveSeeds(t *testing.T) {
	_, files, _ := packageFiles(t)
	seeds, err := targetSeeds()
	if err != nil {
		t.Fatal(err)
	}
	var declared, seeded []string
	for name := range fuzzTargets(files) {
		declared = append(declared, name)
	}
	for name := range seeds {
		seeded = append(seeded, name)
	}
	slices.Sort(declared)
	slices.Sort(seeded)
	if !slices.Equal(declared, seeded) {
		t.Fatalf("Fuzz functions %v, seed corpora for %v", declared, seeded)
	}
	for _, game := range fuzzedGames() {
		g, err := targetOf(game)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.parserSeeds()) == 0 {
			t.Errorf("%s: no parser-limit seeds", game)
		}
	}
}

// TestTargetNameInItsFileOnly: OSS-Fuzz's coverage build greps the package's .go files
// for the target's name and takes the match as the target's file; a second file that
// mentions the name breaks it.
func TestTargetNameInItsFileOnly(t *testing.T) {
	_, files, sources := packageFiles(t)
	for name, own := range fuzzTargets(files) {
		for path, src := range sources {
			if path != own && strings.Contains(string(src), name) {
				t.Errorf("%s mentions %s, whose file is %s", path, name, own)
			}
		}
	}
}

// TestTargetFilesStandAlone: go-118-fuzz-build compiles a target's own file, rewritten to
// its testing package, with the package's non-test files and no other _test.go file. So
// a target file may only use names declared in it or in non-test files, and non-test
// files may not use Go's testing package, whose types a rewritten target cannot pass.
func TestTargetFilesStandAlone(t *testing.T) {
	fset, files, _ := packageFiles(t)
	nonTest := map[string]bool{}
	for path, f := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "testing" {
				t.Errorf("%s imports testing", path)
			}
		}
		for name := range declaredNames(f) {
			nonTest[name] = true
		}
	}
	targetFiles := map[string]bool{}
	for _, own := range fuzzTargets(files) {
		targetFiles[own] = true
	}
	for own := range targetFiles {
		f, err := parser.ParseFile(fset, own, nil, 0) // with object resolution: f.Unresolved
		if err != nil {
			t.Fatal(err)
		}
		imported := map[string]bool{}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			imported[p[strings.LastIndex(p, "/")+1:]] = true
			if imp.Name != nil {
				imported[imp.Name.Name] = true
			}
		}
		for _, id := range f.Unresolved {
			if !nonTest[id.Name] && !imported[id.Name] && !predeclared(id.Name) {
				t.Errorf("%s: %s uses %s, which no non-test file declares", fset.Position(id.Pos()), own, id.Name)
			}
		}
	}
}

// declaredNames lists the file's package-level names.
func declaredNames(f *ast.File) map[string]bool {
	names := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names[s.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
	return names
}

// predeclared reports whether name is one of Go's predeclared identifiers.
func predeclared(name string) bool {
	return types.Universe.Lookup(name) != nil
}
