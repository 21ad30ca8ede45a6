package ruling

import (
	"os"
	"testing"

	"gamediff/testutil/gcpace"
)

// TestMain paces the collector for the package's tests, which play thousands of
// generated cases (gcpace).
func TestMain(m *testing.M) {
	gcpace.Relax()
	os.Exit(m.Run())
}
