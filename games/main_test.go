package games

import (
	"io"
	"os"
	"testing"

	"gamediff/engine"
	"gamediff/sandbox"
	"gamediff/testutil/clitest"
	"gamediff/testutil/gcpace"
)

// testGames are games that exist for tests only: real games whose judge under test
// misbehaves. The test binary serves them, with the registered games, as a hunt's worker.
func testGame(name string) (engine.Game, bool) {
	switch name {
	case "mine-hangs-1-in-7":
		return hangsOneInSeven{registry["mine"]}, true
	}
	return nil, false
}

// hangsOneInSeven is a game whose fast judge spins for ever on one input in seven (those
// whose length is a multiple of 7), and is right on the others.
type hangsOneInSeven struct{ Game }

func (hangsOneInSeven) Name() string { return "mine-hangs-1-in-7" }

func (h hangsOneInSeven) Fast(input []byte, w io.Writer) error {
	for len(input)%7 == 0 {
	}
	return h.Game.Fast(input, w)
}

// TestMain makes the test binary a hunt's worker when a hunt starts it as one, and removes
// what the benchmarks built. Its tests run with the collector paced for their thousands of
// cases (gcpace); a worker keeps the pace the command's workers have.
func TestMain(m *testing.M) {
	engine.ServeWorker(func(name string) (engine.Game, bool) {
		if g, ok := testGame(name); ok {
			return g, true
		}
		return Worker(name)
	})
	gcpace.Relax()
	code := m.Run()
	clitest.Cleanup()
	sandbox.Release() // the hunts started workers: no cgroup of this process's is left
	os.Exit(code)
}
