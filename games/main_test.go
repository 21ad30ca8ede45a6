package games

import (
	"os"
	"testing"

	"gamediff/engine"
)

// TestMain makes the test binary a hunt's worker when a hunt starts it as one.
func TestMain(m *testing.M) {
	engine.ServeWorker(Worker)
	os.Exit(m.Run())
}
