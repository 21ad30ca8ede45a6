package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

// The trigger of -misbehave: a DSweep, played before the game ends, on a swept cell that
// shows triggerNumber or more. Over the first 2000 generated cases of hunt -seed 1, 227
// meet it (1 in 8.8; seeds 2 and 3: 223 and 242), measured with -misbehave exit3, which
// makes every triggering case a finding:
//
//	go run ./cmd/diff hunt -game mine -cmd '/tmp/mine -misbehave exit3' -cases 2000 \
//	    -max-findings 2000 -minimize-time 0 -seed 1 -json -corpus /tmp/c   # "divergences"
const triggerNumber = 3

// modes are what -misbehave does when the trigger is met. Each tests one way the harness
// must survive a program. stderr-flood, background-child and alloc (past its memory)
// still answer right.
var modes = map[string]string{
	"loop":             "loops forever without output",
	"recursion":        "runaway recursion until the stack overflows (a fatal error)",
	"alloc":            "allocates and touches 4 GiB, keeps it, then answers right",
	"exit3":            "exits with status 3 after part of the answer",
	"goroutine-panic":  "a panic (index out of range) in another goroutine",
	"background-child": "starts a child that inherits and holds stdout, then answers right and exits",
	"stderr-flood":     "writes 1 MiB to stderr, then the right answer, exit 0: RIGHT, never a finding",
	"output-past-cap":  "writes over 65 MiB to stdout as fast as it can, then exits at once",
	"ignore-term":      "ignores SIGTERM and SIGINT, and loops forever",
}

// hoard keeps the memory of -misbehave alloc reachable until the program ends.
var hoard [][]byte

// flooded is set once -misbehave stderr-flood has written its megabyte, and forked once
// -misbehave background-child has started its child: each does it once a run, as a
// program's leftover debugging would.
var flooded, forked bool

// misbehave is called on the operation that meets the trigger, before it is answered.
// The modes that return go on to answer right.
func misbehave(mode string) {
	switch mode {
	case "loop":
		spin()
	case "recursion":
		fmt.Fprintln(os.Stderr, runaway(0))
	case "alloc":
		const chunk = 64 << 20
		for range (4 << 30) / chunk {
			b := make([]byte, chunk)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1 // touch every page, so that the memory is really used
			}
			hoard = append(hoard, b)
		}
	case "exit3":
		out.Flush()
		os.Exit(3)
	case "goroutine-panic":
		done := make(chan int)
		go func() {
			var counts []int
			done <- counts[len(opened)+steps] // index out of range
		}()
		<-done
	case "background-child":
		if forked {
			return
		}
		forked = true
		exe, err := os.Executable()
		if err != nil {
			panic(err)
		}
		child := exec.Command(exe, "-linger", "1000s")
		child.Stdout = os.Stdout // the child holds the pipe open after this process exits
		if err := child.Start(); err != nil {
			panic(err)
		}
	case "stderr-flood":
		// Debug output left in, unbuffered: a line per write, 1 MiB in all, once.
		if flooded {
			return
		}
		flooded = true
		line := fmt.Sprintf("debug: DSweep at step %d on a 3, flags around checked\n", steps)
		for written := 0; written < 1<<20; written += len(line) {
			os.Stderr.WriteString(line)
		}
	case "output-past-cap":
		out.Flush()
		chunk := bytes.Repeat([]byte("1 1 0\n"), (1<<20)/6)
		for written := 0; written <= 65<<20; written += len(chunk) {
			os.Stdout.Write(chunk)
		}
		os.Exit(0)
	case "ignore-term":
		signal.Ignore(syscall.SIGTERM, syscall.SIGINT)
		spin()
	}
}

// spin busy-loops forever; the sleep of a nanosecond now and then keeps it from being
// a loop the compiler could prove empty.
func spin() {
	for i := 0; ; i++ {
		if i%(1<<30) == 0 {
			time.Sleep(time.Nanosecond)
		}
	}
}

// runaway recurses without end; the 8 MB stack limit turns it into a fatal error.
func runaway(depth int) int {
	var frame [16]int
	frame[depth%16] = depth
	//lint:ignore SA5007 the endless recursion is what -misbehave recursion is for
	return runaway(depth+1) + frame[(depth+1)%16]
}
