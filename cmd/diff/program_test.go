package main

import (
	"slices"
	"testing"
)

func TestProgramArgv(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"./solution", []string{"./solution"}},
		{"  python3  /tmp/sol.py -v ", []string{"python3", "/tmp/sol.py", "-v"}},
		{"java -cp out:lib Main", []string{"java", "-cp", "out:lib", "Main"}},
		{"./sol 2>/dev/null", []string{"sh", "-c", "exec ./sol 2>/dev/null"}},
		{"ulimit -s unlimited; ./sol", []string{"sh", "-c", "ulimit -s unlimited; ./sol"}},
		{"ulimit -s unlimited && ./sol", []string{"sh", "-c", "ulimit -s unlimited && ./sol"}},
		{"cd /tmp", []string{"sh", "-c", "cd /tmp"}},
		{"'./my sol'", []string{"sh", "-c", "exec './my sol'"}},
		{"$HOME/sol", []string{"sh", "-c", "exec $HOME/sol"}},
		{"GOGC=off ./sol", []string{"sh", "-c", "GOGC=off ./sol"}},
		{"./sol < /dev/null", []string{"sh", "-c", "exec ./sol < /dev/null"}},
	} {
		if got := programArgv(tc.cmd); !slices.Equal(got, tc.want) {
			t.Errorf("programArgv(%q) = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}
