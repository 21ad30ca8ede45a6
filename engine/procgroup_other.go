//go:build !unix

package engine

import "os/exec"

// setProcessGroup is a no-op where process groups do not exist; only the program itself
// is killed.
func setProcessGroup(cmd *exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) { cmd.Process.Kill() }
