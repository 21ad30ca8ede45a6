package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamediff/testutil/clitest"
	"gamediff/testutil/proctable"
)

// TestRunStopsOnSIGTERM: run stops at once on SIGTERM even while the judge spins. Ref plays
// a tower of 50x50 blocks under a million commands, each invalid and each followed by the
// automatic steps' scans of the whole tower: seconds of CPU on this machine, so that the
// judge is still at work on any machine when it is signalled, once it has spent 100 ms of
// CPU time (reading its input takes a few).
func TestRunStopsOnSIGTERM(t *testing.T) {
	bin := clitest.Gamediff(t)
	const commands = 1_000_000
	var in bytes.Buffer
	in.WriteString("50 50\nS" + strings.Repeat(".", 49) + "\n")
	for range 48 {
		in.WriteString(strings.Repeat("#", 50) + "\n")
	}
	in.WriteString("G" + strings.Repeat("#", 49) + "\n")
	in.WriteString(strconv.Itoa(commands) + "\n" + strings.Repeat("CLIMB LEFT\n", commands) + "0 0\n")
	cmd := exec.Command(bin, "run", "-game", "tower", "-impl", "ref")
	cmd.Stdin = &in
	cmd.Stdout = nil
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for cpuTime(cmd.Process.Pid) < 100*time.Millisecond {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("run ended %v after SIGTERM with %v, want exit %d: stopped, not finished", time.Since(start), err, exitInterrupted)
	}
	t.Logf("stopped %v after SIGTERM", time.Since(start))
}

// cpuTime is the CPU time process pid has spent; an hour once it has ended, so that a
// wait for it ends.
func cpuTime(pid int) time.Duration {
	if p, ok := proctable.Of(pid); ok && p.State != "Z" {
		return p.CPU
	}
	return time.Hour
}

// TestHuntProgramThatCannotStart: a mistyped -cmd is a usage error with the system's
// message, never a finding.
func TestHuntProgramThatCannotStart(t *testing.T) {
	notExec := filepath.Join(t.TempDir(), "solution")
	os.WriteFile(notExec, []byte("int main() {}\n"), 0o644)
	for _, program := range []string{"/nonexistent/solution", notExec, "./mine_solutoin"} {
		dir := t.TempDir()
		code, _, errs := call(t, "", "hunt", "-game", "mine", "-cmd", program, "-cases", "5", "-o", dir)
		if code != exitUsage || !strings.Contains(errs, "cannot be run") {
			t.Errorf("-cmd %s: exit %d, stderr %q; want a usage error", program, code, errs)
		}
		if files, _ := os.ReadDir(dir); len(files) != 0 {
			t.Errorf("-cmd %s: saved %v as findings", program, files)
		}
	}
}

// TestHuntCompoundCommand: a -cmd a shell must read ("ulimit -s unlimited && ./sol", as
// contestants run recursive solutions) runs under sh, and is hunted like the program alone.
func TestHuntCompoundCommand(t *testing.T) {
	prog := clitest.Program(t, "offbyone")
	var found []string
	for _, cmd := range []string{prog, "ulimit -s unlimited && " + prog, prog + " 2>/dev/null"} {
		code, sum, errs := huntProgram(t, cmd, "-cases", "300")
		if code != exitFound || len(sum.Findings) != 1 {
			t.Fatalf("-cmd %q: exit %d, findings %+v, want the program's one\n%s", cmd, code, sum.Findings, errs)
		}
		found = append(found, filepath.Base(sum.Findings[0].Path))
	}
	if found[1] != found[0] || found[2] != found[0] {
		t.Errorf("findings %v, want the same case whatever the shell does around the program", found)
	}
}

// TestHuntProgramFindingsGoToTheUsersFolder: a program's findings go to ./found/<game>,
// never into the judges' corpus, and an unwritable folder does not lose them.
func TestHuntProgramFindingsGoToTheUsersFolder(t *testing.T) {
	prog := clitest.Program(t, "offbyone")
	t.Chdir(t.TempDir())
	code, out, errs := call(t, "", "hunt", "-game", "mine", "-cmd", prog, "-seed", "1", "-cases", "2000", "-json")
	var sum huntSummary
	json.Unmarshal([]byte(out), &sum)
	if code != exitFound || len(sum.Findings) != 1 || !strings.HasPrefix(sum.Findings[0].Path, filepath.Join("found", "mine")+"/") {
		t.Fatalf("exit %d, findings %+v, want one in found/mine\n%s", code, sum.Findings, errs)
	}
	if _, err := os.Stat("corpus"); err == nil {
		t.Errorf("a program's finding went into a corpus folder")
	}

	code, out, errs = call(t, "", "hunt", "-game", "mine", "-cmd", prog, "-seed", "1", "-cases", "2000", "-json", "-o", "/dev/null/cannot")
	json.Unmarshal([]byte(out), &sum)
	if code != exitFound || len(sum.Findings) != 1 || !strings.Contains(errs, "saved to") {
		t.Fatalf("unwritable folder: exit %d, findings %+v\n%s", code, sum.Findings, errs)
	}
	if e := readEntry(t, sum.Findings[0].Path); len(e.Answer) == 0 {
		t.Errorf("the finding kept in %s has an empty answer", sum.Findings[0].Path)
	}
}

// TestHuntReplaysSavedFindingsFirst: a hunt of a program first replays that game's saved
// findings of its -o folder, as go test -fuzz runs testdata/fuzz first: the buggy program
// still fails them (exit 1, named in -json), the fixed one passes them.
func TestHuntReplaysSavedFindingsFirst(t *testing.T) {
	zoo := filepath.Join(clitest.Zoo(t), "mine")
	found := t.TempDir()
	hunt := func(program string, cases string) (int, struct {
		Replayed *struct {
			Cases        int
			StillFailing []struct{ Test, Verdict string } `json:"still_failing"`
		}
	}) {
		code, out, errs := call(t, "", "hunt", "-game", "mine", "-cmd", program, "-seed", "1", "-cases", cases, "-minimize-time", "5s", "-json", "-o", found)
		var sum struct {
			Replayed *struct {
				Cases        int
				StillFailing []struct{ Test, Verdict string } `json:"still_failing"`
			}
		}
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatalf("exit %d: %v\n%s", code, err, errs)
		}
		return code, sum
	}
	if code, _ := hunt(zoo+" -bug quit-counted", "300"); code != exitFound {
		t.Fatalf("the buggy program: exit %d, want a finding to save", code)
	}
	code, again := hunt(zoo+" -bug quit-counted", "1")
	if code != exitFound || again.Replayed == nil || again.Replayed.Cases == 0 || len(again.Replayed.StillFailing) == 0 {
		t.Errorf("the buggy program again: exit %d, replayed %+v: want its saved finding still failing", code, again.Replayed)
	}
	code, fixed := hunt(zoo, "1")
	if code != exitOK || fixed.Replayed == nil || fixed.Replayed.Cases == 0 || len(fixed.Replayed.StillFailing) != 0 {
		t.Errorf("the fixed program: exit %d, replayed %+v: want its saved findings passing", code, fixed.Replayed)
	}
}
