package engine

import (
	"gamediff/coverage"
	"gamediff/outcome"
)

// Steering is how a hunt seeks the situations of its game's catalogue instead of waiting
// for them, the way a coverage-guided fuzzer keeps the inputs that reach new edges: the
// reach of the cases run so far (coverage feedback) decides what later cases aim at.
//
// It is deterministic, so that the same seed gives the same cases on any machine, with any
// number of workers or shards. The case indices are cut into epochs of steerEpoch; a case
// of epoch e aims at the situations that no case of the epochs before e-1 reached (the
// epoch just before may still be running: it is not waited for). Every case below the
// horizon (steerEpochs epochs) feeds the feedback, whoever runs it: a shard, or a hunt that
// starts past index 0 (-start, -case), computes the reach of the indices it does not run
// itself. Past the horizon, the aims stay those of its last epoch, so that regenerating a
// case never costs more than the horizon's reach.
//
// Besides, a hunt begins with its game's opening cases (Steerer.Openers: the limits of the
// statement, the hardest tests of a set), before any random one.
const (
	steerEpoch  = 256 // case indices per epoch
	steerEpochs = 8   // the horizon, in epochs
	// steerShare: one case in steerShare is steered (by a hash of its index); the others
	// are the generator's own, which find what no catalogue names.
	steerShare = 2
	// coverEvery: past the horizon, the reach of one unsteered case in coverEvery is
	// computed for the coverage report (every steered case's is).
	coverEvery = 4
)

// steerHorizon is the first index whose reach steers no case.
const steerHorizon = (steerEpochs - 1) * steerEpoch

// epochOf is the steering epoch of a case index.
func epochOf(index int64) int { return int(min(index/steerEpoch, steerEpochs)) }

// steering is the coordinator's record of what the hunt's cases reached: the steering
// history, and the hunt's coverage.
type steering struct {
	cat   Cataloguer // nil: the game has no catalogue, nothing is recorded
	steer Steerer    // nil: the game does not steer
	all   coverage.Set
	// epochs holds, for the epochs below the horizon, the union of their cases' reach,
	// and how many of their indices are known; known marks those indices.
	epochs [steerEpochs - 1]struct {
		reach coverage.Set
		known int
	}
	known []bool
	// covered is what the cases the hunt ran reached; steered counts those aimed.
	covered coverage.Set
	steered int64
	// foreign is the next index below the horizon that the hunt does not run but whose
	// reach steers the cases it does.
	foreign int64
}

func newSteering(h *hunt) *steering {
	s := &steering{cat: h.catalogue, steer: h.steer}
	if s.cat == nil {
		return s
	}
	s.all = coverage.All(s.cat.Situations())
	if s.steer != nil {
		s.known = make([]bool, steerHorizon)
	}
	return s
}

// ready reports whether the aims of epoch e are known: every epoch they depend on is.
func (s *steering) ready(e int) bool {
	if s.steer == nil {
		return true
	}
	for k := 0; k < e-1 && k < len(s.epochs); k++ {
		if s.epochs[k].known < steerEpoch {
			return false
		}
	}
	return true
}

// want is what the cases of epoch e aim at: the situations no case of the epochs it
// depends on reached (ready(e) must hold).
func (s *steering) want(e int) coverage.Set {
	if s.steer == nil {
		return coverage.Set{}
	}
	var reached coverage.Set
	for k := 0; k < e-1 && k < len(s.epochs); k++ {
		reached = reached.Union(s.epochs[k].reach)
	}
	return s.all.Minus(reached)
}

// record notes the reach of case index: ran says the hunt ran it (its coverage).
func (s *steering) record(index int64, reach coverage.Set, ran bool) {
	if ran {
		s.covered = s.covered.Union(reach)
	}
	if s.steer == nil || index >= steerHorizon || s.known[index] {
		return
	}
	s.known[index] = true
	e := &s.epochs[index/steerEpoch]
	e.reach = e.reach.Union(reach)
	e.known++
}

// steered reports whether case index of a seed aims at the situations of want; opening
// cases are their own aim.
func steered(index int64, want coverage.Set) bool {
	return !want.Empty() && splitMix64(uint64(index)^0x5e3d)%steerShare == 0
}

// needsReach reports whether the reach of case index is computed: below the horizon
// always (it steers), past it for the coverage report, when the case aimed, or is one in
// coverEvery.
func needsReach(index int64, aimed bool) bool {
	return index < steerHorizon || aimed || splitMix64(uint64(index))%coverEvery == 0
}

// coverage is the hunt's Coverage, nil for a game without a catalogue.
func (s *steering) coverage(opening int) *outcome.Coverage {
	if s.cat == nil {
		return nil
	}
	cat := s.cat.Situations()
	never := s.all.Minus(s.covered).IDs(cat)
	if never == nil {
		never = []string{} // -json lists none as [], not null
	}
	return &outcome.Coverage{Situations: len(cat), Reached: s.covered.Len(), Never: never, Steered: s.steered, Opening: opening}
}
