//go:build !linux

package engine

import "time"

// threadCPU is not known here: a lane's share of a hunt is counted as the hunt's.
func threadCPU() time.Duration { return 0 }
