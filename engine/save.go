package engine

import (
	"gamediff/corpus"
	"gamediff/outcome"

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
// An input that can go to neither is remembered with why (unsaved): its report then
// carries it whole, so that nothing found is lost.
type saver struct {
	dir     string // the found folder; empty: findings are not saved
	tmp     string // the hunt's temporary folder, once made
	note    func(string)
	unsaved map[string]string // corpus.Name of an input written nowhere -> why
}

// save writes input with the reference's answer want to the found folder, or, if that
// fails, to the hunt's temporary folder, and returns the path of NAME.in; created says
// whether this hunt made it (a case saved before is the user's, and never removed). The
// folder it went to is synced, so that the case outlives a crash of the machine before
// anything that counts on it (the removal of the case it replaces) is done.
func (s *saver) save(input []byte, want outcome.Result) (path string, created, ok bool) {
	if s.dir == "" {
		return "", false, false
	}
	errText := ""
	if want.Exit == 2 {
		errText = firstLine(want.Stderr)
	}
	name := corpus.Name(input)
	_, err := os.Stat(filepath.Join(s.dir, name+".in"))
	existed := err == nil
	path, err = corpus.Save(s.dir, input, want.Stdout, errText)
	if err == nil {
		s.sync(s.dir)
		delete(s.unsaved, name)
		return path, !existed, true
	}
	tmp, terr := s.temporary()
	if terr == nil {
		p, err2 := corpus.Save(tmp, input, want.Stdout, errText)
		if err2 == nil {
			s.sync(tmp)
			delete(s.unsaved, name)
			s.note(fmt.Sprintf("could not save to %s (%v): saved to %s instead", s.dir, err, p))
			return p, true, true
		}
		terr = err2
	}
	why := fmt.Sprintf("%s could not take it (%v), nor could a temporary folder (%v)", s.dir, err, terr)
	s.remember(name, why)
	s.note(fmt.Sprintf("could not save case %s anywhere: %s", name, why))
	return "", false, false
}

// remember notes that the input named name could be written nowhere, and why.
func (s *saver) remember(name, why string) {
	if s.unsaved == nil {
		s.unsaved = map[string]string{}
	}
	s.unsaved[name] = why
}

// whyUnsaved says why input could be written nowhere; "" when it was written, or never
// tried.
func (s *saver) whyUnsaved(input []byte) string {
	if len(s.unsaved) == 0 {
		return ""
	}
	return s.unsaved[corpus.Name(input)]
}

// keepOutside keeps an input that is no regression case in the hunt's temporary folder,
// and returns its path ("" if it cannot, which is remembered: see whyUnsaved).
func (s *saver) keepOutside(input []byte) string {
	name := corpus.Name(input)
	tmp, err := s.temporary()
	if err == nil {
		path := filepath.Join(tmp, name+".in")
		if err = corpus.WriteAtomic(path, input); err == nil {
			delete(s.unsaved, name)
			return path
		}
	}
	s.remember(name, fmt.Sprintf("a temporary folder could not take it (%v)", err))
	return ""
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

// holds reports whether path, a case saved by save, is in the found folder.
func (s *saver) holds(path string) bool {
	return s.dir != "" && filepath.Dir(path) == filepath.Clean(s.dir)
}

// cleanUp removes the hunt's temporary folder if nothing was kept in it.
func (s *saver) cleanUp() {
	if s.tmp != "" {
		os.Remove(s.tmp) // only if empty
	}
}

// sync makes the entries of dir (the files just renamed into it) durable; the files are
// there whatever it says, and a folder that cannot be synced is only told.
func (s *saver) sync(dir string) {
	d, err := os.Open(dir)
	if err == nil {
		err = d.Sync()
		if cerr := d.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		s.note(fmt.Sprintf("could not sync %s: %v", dir, err))
	}
}
