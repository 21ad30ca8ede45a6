package engine

import (
	"gamediff/corpus"

	"fmt"
	"os"
	"path/filepath"
)

// saver writes a hunt's findings. A finding is saved whole or not at all: its input as
// NAME.in and the reference's complete answer on that very input as NAME.ans, from a run
// that ended normally (SaveCase writes each file atomically, NAME.in last, and removes what
// it wrote if it cannot finish). What cannot go to the found folder, and the inputs kept
// outside the corpus (flaky and dismissed divergences, the reference's failures), go to one
// temporary folder of the hunt's, made at its first need and removed at the end if empty.
type saver struct {
	dir  string // the found folder; empty: findings are not saved
	tmp  string // the hunt's temporary folder, once made
	note func(string)
}

// save writes input with the reference's answer want to the found folder, or, if that
// fails, to the hunt's temporary folder, and returns the path of NAME.in; created says
// whether this hunt made it (a case saved before is the user's, and never removed).
func (s *saver) save(input []byte, want Result) (path string, created, ok bool) {
	if s.dir == "" {
		return "", false, false
	}
	errText := ""
	if want.Exit == 2 {
		errText = firstLine(want.Stderr)
	}
	_, err := os.Stat(filepath.Join(s.dir, corpus.Name(input)+".in"))
	existed := err == nil
	path, err = corpus.Save(s.dir, input, want.Stdout, errText)
	if err == nil {
		return path, !existed, true
	}
	tmp, terr := s.temporary()
	if terr == nil {
		if p, err2 := corpus.Save(tmp, input, want.Stdout, errText); err2 == nil {
			s.note(fmt.Sprintf("could not save to %s (%v): saved to %s instead", s.dir, err, p))
			return p, true, true
		}
	}
	s.note(fmt.Sprintf("could not save the case anywhere (%v): it is printed above", err))
	return "", false, false
}

// keepOutside keeps an input that is no regression case in the hunt's temporary folder,
// and returns its path ("" if it cannot).
func (s *saver) keepOutside(input []byte) string {
	tmp, err := s.temporary()
	if err != nil {
		return ""
	}
	path := filepath.Join(tmp, corpus.Name(input)+".in")
	if corpus.WriteAtomic(path, input) != nil {
		return ""
	}
	return path
}

// temporary is the hunt's temporary folder, made at the first call.
func (s *saver) temporary() (string, error) {
	if s.tmp != "" {
		return s.tmp, nil
	}
	dir, err := os.MkdirTemp("", "gamediff-kept-")
	if err != nil {
		return "", err
	}
	s.tmp = dir
	return dir, nil
}

// forget removes a case this hunt saved that is no longer a finding.
func (s *saver) forget(path string) {
	if path == "" {
		return
	}
	if err := corpus.Remove(path); err != nil {
		s.note(fmt.Sprintf("could not remove %s: %v", path, err))
	}
}

// cleanUp removes the hunt's temporary folder if nothing was kept in it.
func (s *saver) cleanUp() {
	if s.tmp != "" {
		os.Remove(s.tmp) // only if empty
	}
}
