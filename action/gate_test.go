package action

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const (
	// sortLine is the line the wrong solution lacks: it leaves the cells a sweep opens
	// unsorted, where the statement lists them in order.
	sortLine = "std::sort(opened.begin(), opened.end());"
	// wrongProgram is the program input of the wrong solution's run: a compound command,
	// which the reproduce commands must quote as hunt's reports do.
	wrongProgram = "ulimit -s unlimited && ./wrong"
)

// needTools skips the test when a tool the script needs is missing, except in CI, which
// must have them (.ci/run installs g++ and jq).
func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"bash", "go", "g++", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is missing, and CI must have it (.ci/run installs g++ and jq): %v", tool, err)
			}
			t.Skipf("%s is missing (on Debian: apt-get install -y %s): %v", tool, tool, err)
		}
	}
}

// gateRun is what one run of gate.sh left.
type gateRun struct {
	code    int               // its exit status
	summary string            // what it wrote to $GITHUB_STEP_SUMMARY
	outputs map[string]string // what it wrote to $GITHUB_OUTPUT
	stderr  string
	// gamediff is the binary the script built, for the reproduce commands.
	gamediff string
}

// gate runs action/gate.sh in the workspace work as the action's step runs it: inputs as
// INPUT_* variables, GitHub's variables pointing into a temporary folder. The test's own
// environment's GitHub variables are left out, so that a test run inside GitHub Actions
// writes to no summary of the job's.
func gate(t *testing.T, work string, inputs map[string]string) gateRun {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	runner := t.TempDir()
	summary, outputs := filepath.Join(runner, "summary.md"), filepath.Join(runner, "output")
	cmd := exec.Command("bash", filepath.Join(root, "action", "gate.sh"))
	cmd.Dir = work
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "INPUT_") && !strings.HasPrefix(kv, "GITHUB_") && !strings.HasPrefix(kv, "RUNNER_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "GITHUB_ACTION_PATH="+root, "RUNNER_TEMP="+runner,
		"GITHUB_STEP_SUMMARY="+summary, "GITHUB_OUTPUT="+outputs)
	for name, value := range inputs {
		cmd.Env = append(cmd.Env, "INPUT_"+name+"="+value)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	r := gateRun{outputs: map[string]string{}, gamediff: filepath.Join(runner, "gamediff")}
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("running gate.sh: %v", err)
		}
		r.code = exit.ExitCode()
	}
	r.stderr = stderr.String()
	s, err := os.ReadFile(summary)
	if err != nil {
		t.Fatalf("gate.sh wrote no summary: %v\nstderr:\n%s", err, r.stderr)
	}
	r.summary = string(s)
	o, err := os.ReadFile(outputs)
	if err != nil {
		t.Fatalf("gate.sh wrote no outputs: %v\nstderr:\n%s", err, r.stderr)
	}
	for line := range strings.Lines(string(o)) {
		name, value, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "=")
		r.outputs[name] = value
	}
	t.Logf("gate.sh exited %d; summary:\n%s", r.code, r.summary)
	return r
}

// checkOutputs fails unless the run's outputs are want.
func checkOutputs(t *testing.T, r gateRun, want map[string]string) {
	t.Helper()
	for name, value := range want {
		if got := r.outputs[name]; got != value {
			t.Errorf("$GITHUB_OUTPUT: %s=%q, want %q (all: %v)", name, got, value, r.outputs)
		}
	}
}

// TestGate runs the action's script on examples/mine/solution.cpp, given as cpp, and on a
// copy with a one-line bug, built by the test and given as program. Under -short it runs
// the right solution only: the wrong one's hunt also minimizes, and reruns its reproduce
// commands.
func TestGate(t *testing.T) {
	needTools(t)
	src, err := os.ReadFile(filepath.Join("..", "examples", "mine", "solution.cpp"))
	if err != nil {
		t.Fatal(err)
	}

	t.Run("right", func(t *testing.T) {
		work := t.TempDir()
		if err := os.WriteFile(filepath.Join(work, "solution.cpp"), src, 0o644); err != nil {
			t.Fatal(err)
		}
		r := gate(t, work, map[string]string{"GAME": "mine", "CPP": "solution.cpp", "CASES": "300"})
		if r.code != 0 {
			t.Fatalf("gate.sh exited %d on the right solution, want 0; stderr:\n%s", r.code, r.stderr)
		}
		checkOutputs(t, r, map[string]string{"findings": "0", "exit-code": "0", "artifact-name": "gamediff-mine"})
		if _, err := os.Stat(filepath.Join(work, "gamediff-findings")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the output folder of a clean hunt exists (%v): it would be uploaded for nothing", err)
		}
		clean := regexp.MustCompile(`^\*\*gamediff: clean\.\*\* mine, <code>solution\.cpp</code>: 300 cases of seed 1 \(cases digest <code>[0-9a-f]+</code>\), no finding\.\n$`)
		if !clean.MatchString(r.summary) {
			t.Errorf("the summary of a clean hunt is not one line matching %s:\n%s", clean, r.summary)
		}
	})
	if testing.Short() {
		return
	}

	t.Run("wrong", func(t *testing.T) {
		work := t.TempDir()
		wrong := strings.Replace(string(src), sortLine, "", 1)
		if wrong == string(src) {
			t.Fatalf("examples/mine/solution.cpp has no line %q to take out", sortLine)
		}
		if err := os.WriteFile(filepath.Join(work, "wrong.cpp"), []byte(wrong), 0o644); err != nil {
			t.Fatal(err)
		}
		build := exec.Command("g++", "-O2", "-std=c++17", "-o", "wrong", "wrong.cpp")
		build.Dir = work
		if msg, err := build.CombinedOutput(); err != nil {
			t.Fatalf("g++ wrong.cpp: %v\n%s", err, msg)
		}
		r := gate(t, work, map[string]string{"GAME": "mine", "PROGRAM": wrongProgram, "CASES": "300",
			"SHARD": "2/2", "SKIP_RULE": "R-M3", "COMPARE": "tokens"})
		if r.code != 1 {
			t.Fatalf("gate.sh exited %d on the wrong solution, want 1 (a finding); stderr:\n%s", r.code, r.stderr)
		}
		checkOutputs(t, r, map[string]string{"findings": "1", "exit-code": "1", "artifact-name": "gamediff-mine-shard-2-of-2"})

		var sum struct {
			Findings []struct {
				Index     int64
				Verdict   string
				Signature string
				Path      string
				Packed    bool
				Origin    string
			}
		}
		b, err := os.ReadFile(filepath.Join(work, "gamediff-findings", "hunt.json"))
		if err != nil {
			t.Fatalf("the output folder holds no hunt.json: %v", err)
		}
		if err := json.Unmarshal(b, &sum); err != nil {
			t.Fatalf("hunt.json: %v", err)
		}
		if len(sum.Findings) != 1 {
			t.Fatalf("hunt.json has %d findings, want 1", len(sum.Findings))
		}
		f := sum.Findings[0]
		if f.Packed || f.Origin != "" {
			t.Fatalf("the finding is not a generated case of the hunt (packed %v, origin %q): the bug must pass the sample", f.Packed, f.Origin)
		}
		if !strings.HasPrefix(f.Path, "gamediff-findings/found/mine/") || !strings.HasSuffix(f.Path, ".in") {
			t.Errorf("the finding was saved as %q, want gamediff-findings/found/mine/NAME.in", f.Path)
		}
		for _, p := range []string{f.Path, strings.TrimSuffix(f.Path, ".in") + ".ans"} {
			if _, err := os.Stat(filepath.Join(work, p)); err != nil {
				t.Errorf("the output folder lacks the finding's file: %v", err)
			}
		}
		if pages, _ := filepath.Glob(filepath.Join(work, "gamediff-findings", "report", "*.html")); len(pages) != 1 {
			t.Errorf("the output folder holds %d HTML reports, want 1: %v", len(pages), pages)
		}

		text := html.UnescapeString(r.summary)
		for _, want := range []string{
			"**gamediff: 1 finding** in mine, <code>" + wrongProgram + "</code>, exit status 1: ",
			fmt.Sprintf("#### 1. %s: <code>%s</code>", f.Verdict, f.Signature),
			fmt.Sprintf("- saved: <code>%s</code>, case %d of seed 1", f.Path, f.Index),
		} {
			if !strings.Contains(text, want) {
				t.Errorf("the summary lacks %q", want)
			}
		}
		// The reproduce commands, as a user pastes them, must give the finding again. -case
		// needs -skip-rule (it changes the cases drawn) and both need -compare.
		judge := "gamediff judge -game mine -cmd 'ulimit -s unlimited && ./wrong' -compare tokens " + f.Path
		hunt := fmt.Sprintf("gamediff hunt -game mine -cmd 'ulimit -s unlimited && ./wrong' -seed 1 -case %d -skip-rule R-M3 -compare tokens", f.Index)
		lines := strings.Split(text, "\n")
		for _, command := range []string{judge, hunt} {
			if !slices.Contains(lines, command) {
				t.Errorf("the summary lacks the line %q", command)
				continue
			}
			verb, flags, _ := strings.Cut(strings.TrimPrefix(command, "gamediff "), " ")
			run := exec.Command("sh", "-c", r.gamediff+" "+verb+" -json "+flags)
			run.Dir = work
			out, err := run.Output()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Errorf("%s: %v, want exit status 1", command, err)
				continue
			}
			var got struct{ Results, Findings []struct{ Signature string } }
			if err := json.Unmarshal(out, &got); err != nil {
				t.Errorf("%s: its -json: %v", command, err)
				continue
			}
			if all := append(got.Results, got.Findings...); len(all) != 1 || all[0].Signature != f.Signature {
				t.Errorf("%s gives %+v, want the finding's signature %q", command, all, f.Signature)
			}
		}
	})
}

// TestDocsWorkflowsAreTheTestdata checks that the workflows docs/ci.md shows under "Gate your
// own repository" are action/testdata's files byte for byte: .ci/run lints those with
// actionlint, so the docs cannot show a workflow that does not lint.
func TestDocsWorkflowsAreTheTestdata(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## Gate your own repository\n")
	if !ok {
		t.Fatal(`docs/ci.md has no section "## Gate your own repository"`)
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	blocks := regexp.MustCompile("(?s)\n```yaml\n(.*?\n)```\n").FindAllStringSubmatch(section, -1)
	files := []string{"solution-workflow.yml", "judge-workflow.yml"}
	if len(blocks) != len(files) {
		t.Fatalf("the section has %d yaml blocks, want %d, one per file of action/testdata: %v", len(blocks), len(files), files)
	}
	for i, name := range files {
		want, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		// .ci/run lints each file once more with this line pointed at the checkout's action.yml.
		if !regexp.MustCompile(`(?m)^ +(- )?uses: OWNER/gamediff@v1$`).Match(want) {
			t.Errorf("action/testdata/%s has no step uses: OWNER/gamediff@v1", name)
		}
		if got := blocks[i][1]; got != string(want) {
			gotLines, wantLines := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for k := range min(len(gotLines), len(wantLines)) {
				if gotLines[k] != wantLines[k] {
					t.Errorf("yaml block %d of the section differs from action/testdata/%s at line %d:\n docs: %q\n file: %q", i+1, name, k+1, gotLines[k], wantLines[k])
					break
				}
			}
			if len(gotLines) != len(wantLines) {
				t.Errorf("yaml block %d of the section has %d lines, action/testdata/%s %d", i+1, len(gotLines), name, len(wantLines))
			}
		}
	}
}

// TestActionDeclaresWhatItUses checks action.yml against itself and gate.sh, line by line:
// actionlint lints workflows but not an action's metadata, and go.mod has no YAML library.
// Every inputs.X the action refers to is declared and every declared input is passed on;
// the step sets every INPUT_ variable gate.sh reads, each from its input, and nothing else;
// every output is one gate.sh writes.
func TestActionDeclaresWhatItUses(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	yml := string(b)
	script, err := os.ReadFile("gate.sh")
	if err != nil {
		t.Fatal(err)
	}
	inputs, outputs := topKeys(yml, "inputs"), topKeys(yml, "outputs")
	if len(inputs) == 0 || len(outputs) == 0 {
		t.Fatalf("action.yml declares inputs %v and outputs %v: the parse found no section", inputs, outputs)
	}
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`\binputs\.([A-Za-z0-9_-]+)`).FindAllStringSubmatch(yml, -1) {
		used[m[1]] = true
		if !slices.Contains(inputs, m[1]) {
			t.Errorf("action.yml refers to inputs.%s, which it does not declare under inputs:", m[1])
		}
	}
	for _, in := range inputs {
		if !used[in] {
			t.Errorf("action.yml declares the input %s and never passes it on", in)
		}
	}

	set := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^ +(INPUT_[A-Z_]+): \$\{\{ inputs\.([a-z0-9-]+) \}\}$`).FindAllStringSubmatch(yml, -1) {
		set[m[1]] = true
		if want := "INPUT_" + strings.ToUpper(strings.ReplaceAll(m[2], "-", "_")); m[1] != want {
			t.Errorf("action.yml sets %s from inputs.%s; its name is %s", m[1], m[2], want)
		}
	}
	read := map[string]bool{}
	for _, name := range regexp.MustCompile(`\bINPUT_[A-Z_]+`).FindAllString(string(script), -1) {
		read[name] = true
		if !set[name] {
			t.Errorf("gate.sh reads %s, which action.yml does not set", name)
		}
	}
	for name := range set {
		if !read[name] {
			t.Errorf("action.yml sets %s, which gate.sh never reads", name)
		}
	}

	for _, out := range outputs {
		if !strings.Contains(yml, "value: ${{ steps.gate.outputs."+out+" }}") {
			t.Errorf("the output %s is not steps.gate.outputs.%s", out, out)
		}
		if !strings.Contains(string(script), out+"=") {
			t.Errorf("gate.sh never writes the output %s", out)
		}
	}
}

// topKeys lists the keys of a top-level mapping of a YAML file, written in block style with
// two spaces of indentation, as action.yml is.
func topKeys(yml, section string) []string {
	var keys []string
	in := false
	key := regexp.MustCompile(`^  ([A-Za-z0-9_-]+):`)
	for line := range strings.Lines(yml) {
		switch {
		case strings.HasPrefix(line, section+":"):
			in = true
		case line != "" && line[0] != ' ' && line[0] != '\n' && line[0] != '#':
			in = false
		case in:
			if m := key.FindStringSubmatch(line); m != nil {
				keys = append(keys, m[1])
			}
		}
	}
	return keys
}
