// Command hostile is a program under test that attacks the sandbox it runs in, for the
// hostile-program zoo (TestHuntHostilePrograms): it does what -mode says, then, for the
// modes that leave it able to, execs the right solution -then with its stdin, so that a
// sandbox that holds turns every attack into a clean hunt.
//
//	-mode inspect      write what it inherited (descriptors, session, terminal, environment)
//	                   as JSON into $HOSTILE_REPORT/<pid>.json
//	-mode fds          write garbage to descriptors 3 to 9
//	-mode kill-parent  send its parent SIGKILL, SIGTERM, SIGQUIT and SIGSTOP
//	-mode setsid       leave a child in a session of its own, sleeping
//	-mode double-fork  leave a grandchild in a session of its own that holds stdout
//	-mode tty          write to /dev/tty
//	-mode spin         burn CPU for ever (no -then)
//	-mode spin-if-big  burn CPU for ever on an input of more than 2 KiB, else run -then
//	-mode alloc        allocate and touch memory for ever (no -then)
//	-mode flaky-crash  on an input of more than 2 KiB, crash (exit 3) on one run in two
//	                   of that input: its first, third, fifth… (counted in -state, a
//	                   folder); else run -then
//	-mode random-word  on an input of more than -above bytes (2 KiB), answer a word drawn
//	                   from /dev/urandom, another on each run; else run -then
//	-mode flaky-random on an input of more than -above bytes, answer a drawn word on one
//	                   run in two of that input (its first, third, fifth…, counted in
//	                   -state); else run -then
//	-mode stop-self    on an input of more than -above bytes, stop itself (SIGSTOP), as a
//	                   C program that raises SIGSTOP does, having left a child that
//	                   continues it (SIGCONT) after -stop-for, if not 0; then run -then
//
// The children it leaves run this binary again with -mode sleep, so that the zoo finds
// them by name in the process table.
package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

func main() {
	// The descriptors it inherited are read before Go's own first file opens any.
	inherited := inheritedFDs()
	mode := flag.String("mode", "", "the attack")
	then := flag.String("then", "", "the right solution to exec after the attack")
	state := flag.String("state", os.TempDir(), "flaky-crash: the folder that counts each input's runs")
	above := flag.Int("above", 2<<10, "random-word, flaky-random, stop-self: the size of the inputs it misbehaves on, past which")
	stopFor := flag.Duration("stop-for", 0, "stop-self: how long it stays stopped (0: until killed)")
	pid := flag.Int("pid", 0, "continue: the process to continue")
	flag.Parse()
	switch *mode {
	case "inspect":
		inspect(inherited)
	case "fds":
		for fd := 3; fd <= 9; fd++ {
			syscall.Write(fd, []byte("garbage\n"))
		}
	case "kill-parent":
		for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM, syscall.SIGQUIT, syscall.SIGSTOP} {
			syscall.Kill(os.Getppid(), sig)
		}
	case "setsid":
		leave(false)
	case "double-fork":
		leave(true)
	case "tty":
		if f, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
			fmt.Fprintln(f, "hostile: written to your terminal")
			f.Close()
		}
	case "spin":
		//lint:ignore SA5002 burning CPU for ever is the attack
		for {
		}
	case "spin-if-big":
		// Its stdin is a file, as on a judge: read, it is rewound for -then.
		if b, _ := io.ReadAll(os.Stdin); len(b) > 2<<10 {
			//lint:ignore SA5002 burning CPU for ever is the attack
			for {
			}
		}
		os.Stdin.Seek(0, io.SeekStart)
	case "flaky-crash":
		if b, _ := io.ReadAll(os.Stdin); len(b) > 2<<10 && runOf(*state, b)%2 == 0 {
			fmt.Fprintln(os.Stderr, "hostile: crashed this time")
			os.Exit(3)
		}
		os.Stdin.Seek(0, io.SeekStart)
	case "random-word":
		if b, _ := io.ReadAll(os.Stdin); len(b) > *above {
			fmt.Println(randomWord())
			return
		}
		os.Stdin.Seek(0, io.SeekStart)
	case "flaky-random":
		if b, _ := io.ReadAll(os.Stdin); len(b) > *above && runOf(*state, b)%2 == 0 {
			fmt.Println(randomWord())
			return
		}
		os.Stdin.Seek(0, io.SeekStart)
	case "stop-self":
		if b, _ := io.ReadAll(os.Stdin); len(b) > *above {
			if *stopFor > 0 {
				cont := exec.Command(os.Args[0], "-mode", "continue", "-pid", strconv.Itoa(os.Getpid()), "-stop-for", stopFor.String())
				if err := cont.Start(); err != nil {
					fmt.Fprintln(os.Stderr, "hostile:", err)
					os.Exit(3)
				}
			}
			raiseStop()
		}
		os.Stdin.Seek(0, io.SeekStart)
	case "continue":
		time.Sleep(*stopFor)
		syscall.Kill(*pid, syscall.SIGCONT)
		return
	case "alloc":
		for {
			b := make([]byte, 16<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			held = append(held, b)
			time.Sleep(time.Millisecond)
		}
	case "sleep":
		time.Sleep(time.Hour)
		return
	case "hold-stdout":
		// The grandchild of double-fork: a session of its own, and the run's stdout.
		cmd := exec.Command(os.Args[0], "-mode", "sleep", "-then", "")
		cmd.Stdout = os.Stdout
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		cmd.Start()
		return
	default:
		fmt.Fprintf(os.Stderr, "hostile: unknown -mode %q\n", *mode)
		os.Exit(2)
	}
	if *then == "" {
		return
	}
	err := syscall.Exec(*then, []string{*then}, os.Environ())
	fmt.Fprintln(os.Stderr, "hostile: exec:", err)
	os.Exit(3)
}

// held is what -mode alloc allocates, kept reachable.
var held [][]byte

// leave starts a child of this binary that sleeps in a session of its own: through a child
// that exits at once (a double fork) when twice, so that the sleeper is an orphan, holding
// the run's stdout.
func leave(twice bool) {
	mode := "sleep"
	if twice {
		mode = "hold-stdout"
	}
	cmd := exec.Command(os.Args[0], "-mode", mode, "-then", "")
	cmd.Stdout = os.Stdout
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "hostile:", err)
		os.Exit(3)
	}
	if twice {
		cmd.Wait()
	}
}

// inspection is what a program inherited, as inspect writes it.
type inspection struct {
	FDs         []int    // its open descriptors, the one reading /proc/self/fd left out
	OwnSession  bool     // it leads a session of its own
	TTYError    string   // why /dev/tty did not open ("" if it did)
	HarnessVars []string // the GAMEDIFF_ variables it sees
}

// inheritedFDs lists the open descriptors with raw system calls, the one reading the list
// left out.
func inheritedFDs() []int {
	dir, err := syscall.Open("/proc/self/fd", syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer syscall.Close(dir)
	var fds []int
	buf := make([]byte, 4096)
	for {
		n, err := syscall.ReadDirent(dir, buf)
		if n <= 0 || err != nil {
			return fds
		}
		for b := buf[:n]; len(b) > 0; {
			reclen := int(b[16]) | int(b[17])<<8
			name := b[19:reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if fd, err := strconv.Atoi(string(name)); err == nil && fd != dir {
				fds = append(fds, fd)
			}
			b = b[reclen:]
		}
	}
}

func inspect(fds []int) {
	in := inspection{FDs: fds}
	sid, _ := getsid()
	in.OwnSession = sid == os.Getpid()
	if f, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err != nil {
		in.TTYError = err.Error()
	} else {
		f.Close()
	}
	for _, kv := range os.Environ() {
		if len(kv) > 9 && kv[:9] == "GAMEDIFF_" {
			in.HarnessVars = append(in.HarnessVars, kv)
		}
	}
	b, _ := json.Marshal(in)
	// Pids repeat between the workers' PID namespaces: the time makes the name unique.
	name := strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(time.Now().UnixNano(), 10) + ".json"
	os.WriteFile(filepath.Join(os.Getenv("HOSTILE_REPORT"), name), b, 0o644)
}

func getsid() (int, error) {
	sid, _, errno := syscall.RawSyscall(syscall.SYS_GETSID, 0, 0, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(sid), nil
}

// runOf counts the runs of input in the folder state and returns this one's number, from
// 0: each run creates the next marker file of the input, exclusively, so that runs in
// parallel processes count each once.
// randomWord is a word of eight small letters drawn from /dev/urandom: another answer on
// every run.
func randomWord() string {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		fmt.Fprintln(os.Stderr, "hostile:", err)
		os.Exit(3)
	}
	for i := range b {
		b[i] = 'a' + b[i]%26
	}
	return string(b)
}

func runOf(state string, input []byte) int {
	sum := sha256.Sum256(input)
	for n := 0; ; n++ {
		name := filepath.Join(state, fmt.Sprintf("%x.%d", sum[:8], n))
		f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			f.Close()
			return n
		}
		if !os.IsExist(err) {
			return 0
		}
	}
}

// raiseStop stops the process as C's raise(SIGSTOP) does: the signal is sent to the calling
// thread (tgkill), which stops on its way back from the call. Sent to the process (kill), it
// may be taken by another of the runtime's threads while this one runs on, and the program
// may answer, and exit, before the stop lands.
func raiseStop() {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	syscall.Tgkill(os.Getpid(), syscall.Gettid(), syscall.SIGSTOP)
}
