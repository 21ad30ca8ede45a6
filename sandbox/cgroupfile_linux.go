package sandbox

import (
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// cgroupFiles keeps a cgroup's files open for the runs of its jail: a run reads and writes
// a dozen of them (its CPU time, its peak, its processes, its pressure), and opening each
// anew, which Go's os package also registers with its poller, cost a worker about as much
// CPU as starting a small program. Read at offset 0, a cgroup file is made afresh.
// A nil *cgroupFiles opens each file for the one access, for cgroups seen once.
type cgroupFiles struct {
	mu  sync.Mutex
	fds map[cgroupFileKey]int
}

type cgroupFileKey struct {
	path  string
	write bool
}

// fd is the open descriptor of path, for reading or writing: a cgroup's files are some
// read-only, some write-only.
func (f *cgroupFiles) fd(path string, write bool) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := cgroupFileKey{path, write}
	if fd, ok := f.fds[k]; ok {
		return fd, nil
	}
	mode := unix.O_RDONLY
	if write {
		mode = unix.O_WRONLY
	}
	fd, err := unix.Open(path, mode|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, &os.PathError{Op: "open", Path: path, Err: err}
	}
	if f.fds == nil {
		f.fds = map[cgroupFileKey]int{}
	}
	f.fds[k] = fd
	return fd, nil
}

// read reads the whole of path.
func (f *cgroupFiles) read(path string) ([]byte, error) {
	if f == nil {
		return os.ReadFile(path)
	}
	fd, err := f.fd(path, false)
	if err != nil {
		return nil, err
	}
	var small [512]byte
	b := small[:0]
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := unix.Pread(fd, b[len(b):cap(b)], int64(len(b)))
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return append([]byte(nil), b...), nil
		}
		b = b[:len(b)+n]
	}
}

// write writes data to path in one write, as a cgroup file takes it.
func (f *cgroupFiles) write(path string, data []byte) error {
	if f == nil {
		return os.WriteFile(path, data, 0)
	}
	fd, err := f.fd(path, true)
	if err != nil {
		return err
	}
	for {
		_, err = unix.Pwrite(fd, data, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return &os.PathError{Op: "write", Path: path, Err: err}
	}
	return nil
}

// close closes every file kept open.
func (f *cgroupFiles) close() {
	if f == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for k, fd := range f.fds {
		unix.Close(fd)
		delete(f.fds, k)
	}
}
