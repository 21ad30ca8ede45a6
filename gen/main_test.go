package gen

import (
	"os"
	"testing"

	"gamediff/testutil/gcpace"
)

// TestMain paces the collector for the package's tests, which draw and shrink thousands
// of cases (gcpace).
func TestMain(m *testing.M) {
	gcpace.Relax()
	os.Exit(m.Run())
}
