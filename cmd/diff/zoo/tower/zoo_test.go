// Package tower_test hunts tower's wrong solutions of the zoo (package zoo), in a test binary
// of its own.
package tower_test

import (
	"gamediff/cmd/diff/zoo"
	"gamediff/internal/clitest"
	"os"
	"testing"
)

// TestMain removes what the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

func TestZoo(t *testing.T) { zoo.Test(t, "tower") }
