package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gamediff/testutil/clitest"
)

// TestHuntWithNowhereToSaveCarriesTheWholeCase: when neither -o nor the temporary folder
// can be written (a folder under /proc, and TMPDIR below a regular file: unwritable even
// for root), the report prints the whole case, minimized or as found (however many lines),
// between two marks, and -json carries it whole; the case printed is the one that fails.
func TestHuntWithNowhereToSaveCarriesTheWholeCase(t *testing.T) {
	prog := clitest.Program(t, "offbyone")
	dir := t.TempDir() // before TMPDIR goes
	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", filepath.Join(file, "tmp"))
	marks := regexp.MustCompile(`(?s)----- begin ([0-9a-f]+\.in) -----\n(.*?)----- end ([0-9a-f]+\.in) -----`)
	for _, minimize := range []string{"2m", "0"} {
		t.Run("minimize-time "+minimize, func(t *testing.T) {
			code, out, errs := call(t, "", "hunt", "-game", "mine", "-cmd", prog, "-seed", "1", "-cases", "2000", "-json",
				"-minimize-time", minimize, "-o", "/proc/gamediff-nowhere")
			var sum struct {
				Findings []struct {
					Path         string
					Unsaved      string
					Input        string
					InputBytes   int `json:"input_bytes"`
					OriginalSize int `json:"original_bytes"`
				}
			}
			if err := json.Unmarshal([]byte(out), &sum); err != nil || code != exitFound || len(sum.Findings) != 1 {
				t.Fatalf("exit %d, %v, findings %+v, want one\n%s", code, err, sum.Findings, errs)
			}
			f := sum.Findings[0]
			if f.Path != "" || !strings.Contains(f.Unsaved, "/proc/gamediff-nowhere") || !strings.Contains(f.Unsaved, "temporary folder") {
				t.Errorf("path %q, unsaved %q: want no path, and why neither folder took it", f.Path, f.Unsaved)
			}
			if len(f.Input) != f.InputBytes || f.InputBytes == 0 {
				t.Fatalf("-json carries %d bytes of input, the case has %d", len(f.Input), f.InputBytes)
			}
			if minimize == "0" && strings.Count(f.Input, "\n") <= 40 {
				t.Errorf("the case as found has %d lines: too few to tell a whole case from a report's excerpt", strings.Count(f.Input, "\n"))
			}
			m := marks.FindStringSubmatch(errs)
			if m == nil || m[1] != m[3] {
				t.Fatalf("no case printed between marks:\n%s", errs)
			}
			if m[2] != f.Input {
				t.Errorf("printed between the marks:\n%q\n-json's input:\n%q", m[2], f.Input)
			}
			answer := strings.TrimSuffix(m[1], ".in") + ".ans"
			if !strings.Contains(errs, "write the case printed above to "+m[1]+",") || !strings.Contains(errs, " -impl ref "+m[1]+" > "+answer+"\n") {
				t.Errorf("the commands do not name the files to write the case and its answer to:\n%s", errs)
			}
			// The case printed, written where the report says with ref's answer as it
			// says, fails the program as the hunt said.
			path := filepath.Join(dir, minimize+"-"+m[1])
			code, ans, _ := call(t, m[2], "run", "-game", "mine", "-impl", "ref")
			if err := os.WriteFile(path, []byte(m[2]), 0o644); err != nil || code != exitOK {
				t.Fatalf("%v, ref's exit %d", err, code)
			}
			if err := os.WriteFile(strings.TrimSuffix(path, ".in")+".ans", []byte(ans), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, _, errs := call(t, "", "judge", "-game", "mine", "-cmd", prog, path); code != exitFound || !strings.Contains(errs, "WA") {
				t.Errorf("judge on the printed case: exit %d, want the program's WA\n%s", code, errs)
			}
		})
	}
}
