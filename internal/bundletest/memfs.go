package bundletest

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/epistemicfold/ef/bundle"
)

// Op names a MemFS operation, for fault injection; an immutable value.
type Op string

// The operations a fault can be injected into.
const (
	OpMkdir     Op = "mkdir"
	OpChmod     Op = "chmod"
	OpCreate    Op = "create"
	OpOpen      Op = "open"
	OpRead      Op = "read"
	OpWrite     Op = "write"
	OpSync      Op = "sync"
	OpClose     Op = "close"
	OpRename    Op = "rename"
	OpRemove    Op = "remove"
	OpReadDir   Op = "readdir"
	OpStat      Op = "stat"
	OpSyncDir   Op = "syncdir"
	OpLock      Op = "lock"
	OpRemoveAll Op = "removeall"
)

// ErrInjected is a convenient error for fault functions to return: the
// operation fails without taking effect.
var ErrInjected = errors.New("bundletest: injected fault")

// ErrApplied, returned (or wrapped) by a fault function for a Sync, SyncDir
// or Rename, makes the operation take effect and still report failure: the
// lying-fsync and renamed-but-errored cases.
var ErrApplied = errors.New("bundletest: injected fault after the operation took effect")

// MemFS is a strict in-memory bundle.FS in the spirit of pebble's strict
// MemFS: file contents become durable only on File.Sync, and directory
// entries (creations, renames, removals) only on SyncDir of their parent.
// Crash simulates a power cut by throwing away everything not yet durable.
// A fault function can fail any operation; a failed Write writes half of
// its buffer first (a torn write). MemFS is safe for concurrent use.
type MemFS struct {
	mu      sync.Mutex
	root    *node
	now     func() time.Time
	fault   func(op Op, path string) error
	locks   map[string]*int
	gen     int // bumped by Crash; handles from older generations are dead
	tempSeq int
}

type node struct {
	dir     bool
	mode    fs.FileMode
	modTime time.Time
	data    []byte // current contents
	synced  []byte // durable contents
	entries map[string]*node
	durable map[string]*node // durable directory entries
}

// NewMemFS returns an empty MemFS whose durable root directory exists.
// now supplies modification times; nil means time.Now.
func NewMemFS(now func() time.Time) *MemFS {
	if now == nil {
		now = time.Now
	}
	return &MemFS{root: newDir(0o755, now()), now: now, locks: map[string]*int{}}
}

func newDir(mode fs.FileMode, t time.Time) *node {
	return &node{dir: true, mode: mode, modTime: t, entries: map[string]*node{}, durable: map[string]*node{}}
}

var _ bundle.FS = (*MemFS)(nil)

// SetFault installs f, called before every operation with its path; a
// non-nil result fails the operation. Nil removes the fault function.
func (m *MemFS) SetFault(f func(op Op, path string) error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fault = f
}

// Crash simulates a power cut: every directory keeps only its durable
// entries, every file only its synced contents, all open handles and locks
// die.
func (m *MemFS) Crash() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	m.locks = map[string]*int{}
	var walk func(n *node)
	walk = func(n *node) {
		if !n.dir {
			n.data = slices.Clone(n.synced)
			return
		}
		n.entries = make(map[string]*node, len(n.durable))
		for k, v := range n.durable {
			n.entries[k] = v
			walk(v)
		}
	}
	walk(m.root)
}

func (m *MemFS) check(op Op, p string) error {
	if m.fault == nil {
		return nil
	}
	if err := m.fault(op, p); err != nil {
		return &fs.PathError{Op: string(op), Path: p, Err: err}
	}
	return nil
}

// checkApplied is check for operations that support ErrApplied: it
// returns the error to report and whether to perform the operation.
func (m *MemFS) checkApplied(op Op, p string) (error, bool) {
	err := m.check(op, p)
	return err, err == nil || errors.Is(err, ErrApplied)
}

func split(p string) []string {
	p = path.Clean(filepath.ToSlash(p))
	p = strings.TrimPrefix(p, "/")
	if p == "." || p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// lookup returns the parent directory and the node (nil if absent).
func (m *MemFS) lookup(p string) (parent *node, name string, n *node, err error) {
	parts := split(p)
	if len(parts) == 0 {
		return nil, "", m.root, nil
	}
	d := m.root
	for _, c := range parts[:len(parts)-1] {
		nx := d.entries[c]
		if nx == nil {
			return nil, "", nil, fs.ErrNotExist
		}
		if !nx.dir {
			return nil, "", nil, errors.New("not a directory")
		}
		d = nx
	}
	name = parts[len(parts)-1]
	return d, name, d.entries[name], nil
}

// existing is lookup for a p that must exist: a missing one is
// fs.ErrNotExist. Caller holds m.mu.
func (m *MemFS) existing(p string) (parent *node, name string, n *node, err error) {
	parent, name, n, err = m.lookup(p)
	if err == nil && n == nil {
		err = fs.ErrNotExist
	}
	return parent, name, n, err
}

func pathErr(op, p string, err error) error { return &fs.PathError{Op: op, Path: p, Err: err} }

// CrashRandom simulates a power cut the way real disks and LazyFS do:
// what was not made durable is neither all lost nor all kept. Each
// directory entry created, removed or replaced since its directory's last
// SyncDir independently survives or not (so later operations can persist
// while earlier ones do not), and each file written since its last Sync
// keeps its durable length, its new length or one in between, every 4 KiB
// block holding the new bytes, the old bytes or garbage. Synced data and
// synced entries always survive. All open handles and locks die. r drives
// every choice, so a seed reproduces the cut.
func (m *MemFS) CrashRandom(r *rand.Rand) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	m.locks = map[string]*int{}
	seen := map[*node]bool{}
	var walk func(n *node)
	walk = func(n *node) {
		if seen[n] {
			return
		}
		seen[n] = true
		if !n.dir {
			n.data = lazyContents(r, n.synced, n.data)
			n.synced = slices.Clone(n.data)
			return
		}
		out := make(map[string]*node, len(n.entries))
		for k, v := range n.durable {
			if cur, ok := n.entries[k]; ok && cur == v {
				out[k] = v // synced and unchanged
			} else if r.IntN(2) == 0 {
				out[k] = v // the removal or replacement did not persist
			}
		}
		for k, v := range n.entries {
			if d, ok := n.durable[k]; ok && d == v {
				continue
			}
			if r.IntN(2) == 0 {
				out[k] = v // the creation or replacement persisted
			}
		}
		n.entries = out
		n.durable = make(map[string]*node, len(out))
		for k, v := range out {
			n.durable[k] = v
			walk(v)
		}
	}
	walk(m.root)
}

// lazyContents is what a file holds after a power cut when synced was
// durable and data was written since.
func lazyContents(r *rand.Rand, synced, data []byte) []byte {
	if slices.Equal(synced, data) {
		return slices.Clone(data)
	}
	var n int
	switch r.IntN(3) {
	case 0:
		n = len(synced)
	case 1:
		n = len(data)
	default:
		n = r.IntN(max(len(synced), len(data)) + 1)
	}
	out := make([]byte, n)
	const block = 4096
	for off := 0; off < n; off += block {
		end := min(off+block, n)
		switch r.IntN(3) {
		case 0: // the new bytes reached the disk
			if off < len(data) {
				copy(out[off:end], data[off:min(end, len(data))])
			}
		case 1: // the old bytes stayed
			if off < len(synced) {
				copy(out[off:end], synced[off:min(end, len(synced))])
			}
		default: // garbage
			for i := off; i < end; i++ {
				out[i] = byte(r.Uint32())
			}
		}
	}
	return out
}

// MkdirAll implements bundle.FS.
func (m *MemFS) MkdirAll(p string, perm fs.FileMode) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpMkdir, p); err != nil {
		return err
	}
	d := m.root
	for _, c := range split(p) {
		nx := d.entries[c]
		if nx == nil {
			nx = newDir(perm, m.now())
			d.entries[c] = nx
		} else if !nx.dir {
			return pathErr("mkdir", p, errors.New("not a directory"))
		}
		d = nx
	}
	return nil
}

// Chmod implements bundle.FS.
func (m *MemFS) Chmod(p string, mode fs.FileMode) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpChmod, p); err != nil {
		return err
	}
	_, _, n, err := m.existing(p)
	if err != nil {
		return pathErr("chmod", p, err)
	}
	n.mode = mode.Perm()
	return nil
}

// Mode returns the permission bits of p, for tests.
func (m *MemFS) Mode(p string) (fs.FileMode, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, _, n, err := m.existing(p)
	if err != nil {
		return 0, err
	}
	return n.mode, nil
}

// CreateTemp creates a new file in dir named from pattern as
// os.CreateTemp does, with mode 0600: a file left by an interrupted
// writer, for tests of the sweep.
func (m *MemFS) CreateTemp(dir, pattern string) (bundle.File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpCreate, dir); err != nil {
		return nil, err
	}
	m.tempSeq++
	prefix, suffix, _ := strings.Cut(pattern, "*")
	f, err := m.newFile(dir, prefix+strconv.Itoa(m.tempSeq)+suffix)
	if err != nil {
		return nil, pathErr("createtemp", dir, err)
	}
	return f, nil
}

// newFile adds an empty, writable file name in dir. Caller holds m.mu.
func (m *MemFS) newFile(dir, name string) (*memFile, error) {
	_, _, d, err := m.lookup(dir)
	if err == nil && (d == nil || !d.dir) {
		err = fs.ErrNotExist
	}
	if err != nil {
		return nil, err
	}
	n := &node{mode: 0o600, modTime: m.now()}
	d.entries[name] = n
	return &memFile{m: m, n: n, name: path.Join(filepath.ToSlash(dir), name), gen: m.gen, writable: true}, nil
}

// CreatePending implements bundle.FS the way renameio does: a temp file
// "." + base + digits beside name, then (as OSFS does) a chmod through
// the descriptor, which faults can fail as OpChmod on the temp path; the
// create itself fails as OpCreate on the directory. Each step of
// CloseAtomicallyReplace (OpSync, OpClose, OpRename on the target) can
// fail on its own.
func (m *MemFS) CreatePending(name string) (bundle.PendingFile, error) {
	dir := path.Dir(filepath.ToSlash(name))
	m.mu.Lock()
	if err := m.check(OpCreate, dir); err != nil {
		m.mu.Unlock()
		return nil, err
	}
	m.tempSeq++
	f, err := m.newFile(dir, "."+path.Base(filepath.ToSlash(name))+strconv.Itoa(m.tempSeq))
	m.mu.Unlock()
	if err != nil {
		return nil, pathErr("open", name, err)
	}
	p := &memPending{f: f, target: name}
	if err := m.Chmod(f.name, 0o600); err != nil {
		_ = p.Cleanup()
		return nil, err
	}
	return p, nil
}

// memPending is MemFS's bundle.PendingFile, with renameio's semantics.
type memPending struct {
	f            *memFile
	target       string
	closed, done bool
}

func (p *memPending) Write(b []byte) (int, error) { return p.f.Write(b) }
func (p *memPending) Name() string                { return p.f.name }

func (p *memPending) CloseAtomicallyReplace() error {
	if err := p.f.Sync(); err != nil {
		return err
	}
	p.closed = true
	if err := p.f.Close(); err != nil {
		return err
	}
	if err := p.f.m.Rename(p.f.name, p.target); err != nil {
		return err
	}
	p.done = true
	return nil
}

func (p *memPending) Cleanup() error {
	if p.done {
		return nil
	}
	var cerr error
	if !p.closed {
		p.closed = true
		cerr = p.f.Close()
	}
	if err := p.f.m.Remove(p.f.name); err != nil {
		return err
	}
	p.done = true
	return cerr
}

// Open implements bundle.FS.
func (m *MemFS) Open(p string) (bundle.File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpOpen, p); err != nil {
		return nil, err
	}
	_, _, n, err := m.existing(p)
	if err != nil {
		return nil, pathErr("open", p, err)
	}
	return &memFile{m: m, n: n, name: p, gen: m.gen}, nil
}

// Rename implements bundle.FS.
func (m *MemFS) Rename(oldp, newp string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	ferr, apply := m.checkApplied(OpRename, newp)
	if !apply {
		return ferr
	}
	op, on, n, err := m.existing(oldp)
	if err != nil {
		return pathErr("rename", oldp, err)
	}
	np, nn, _, err := m.lookup(newp)
	if err != nil || np == nil {
		return pathErr("rename", newp, fs.ErrNotExist)
	}
	delete(op.entries, on)
	np.entries[nn] = n
	return ferr
}

// Remove implements bundle.FS.
func (m *MemFS) Remove(p string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpRemove, p); err != nil {
		return err
	}
	parent, name, n, err := m.existing(p)
	if err != nil {
		return pathErr("remove", p, err)
	}
	if n.dir && len(n.entries) > 0 {
		return pathErr("remove", p, errors.New("directory not empty"))
	}
	delete(parent.entries, name)
	return nil
}

// RemoveAll implements bundle.FS.
func (m *MemFS) RemoveAll(p string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpRemoveAll, p); err != nil {
		return err
	}
	parent, name, n, err := m.lookup(p)
	if err != nil || n == nil || parent == nil {
		return nil
	}
	delete(parent.entries, name)
	return nil
}

type memInfo struct {
	name string
	n    *node
	size int64
}

func (i memInfo) Name() string { return i.name }
func (i memInfo) Size() int64  { return i.size }
func (i memInfo) Mode() fs.FileMode {
	if i.n.dir {
		return fs.ModeDir | i.n.mode
	}
	return i.n.mode
}
func (i memInfo) ModTime() time.Time { return i.n.modTime }
func (i memInfo) IsDir() bool        { return i.n.dir }
func (i memInfo) Sys() any           { return nil }

func info(name string, n *node) memInfo {
	return memInfo{name: name, n: n, size: int64(len(n.data))}
}

// ReadDir implements bundle.FS.
func (m *MemFS) ReadDir(p string) ([]fs.DirEntry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpReadDir, p); err != nil {
		return nil, err
	}
	_, _, d, err := m.existing(p)
	if err != nil {
		return nil, pathErr("readdir", p, err)
	}
	if !d.dir {
		return nil, pathErr("readdir", p, errors.New("not a directory"))
	}
	out := make([]fs.DirEntry, 0, len(d.entries))
	for name, n := range d.entries {
		out = append(out, fs.FileInfoToDirEntry(info(name, n)))
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// Stat implements bundle.FS.
func (m *MemFS) Stat(p string) (fs.FileInfo, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpStat, p); err != nil {
		return nil, err
	}
	_, name, n, err := m.existing(p)
	if err != nil {
		return nil, pathErr("stat", p, err)
	}
	return info(name, n), nil
}

// Lstat implements bundle.FS. MemFS has no symbolic links and no owners,
// so it is Stat.
func (m *MemFS) Lstat(p string) (fs.FileInfo, error) { return m.Stat(p) }

// SyncDir implements bundle.FS.
func (m *MemFS) SyncDir(p string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	ferr, apply := m.checkApplied(OpSyncDir, p)
	if !apply {
		return ferr
	}
	_, _, d, err := m.lookup(p)
	if err == nil && (d == nil || !d.dir) {
		err = fs.ErrNotExist
	}
	if err != nil {
		return pathErr("syncdir", p, err)
	}
	d.durable = make(map[string]*node, len(d.entries))
	for k, v := range d.entries {
		d.durable[k] = v
	}
	return ferr
}

// Lock implements bundle.FS. Like flock, the lock dies with a Crash.
func (m *MemFS) Lock(p string) (io.Closer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check(OpLock, p); err != nil {
		return nil, err
	}
	key := path.Clean(filepath.ToSlash(p))
	if m.locks[key] != nil {
		return nil, fmt.Errorf("%w: %s", bundle.ErrLocked, p)
	}
	parent, name, n, err := m.lookup(p)
	if err != nil || parent == nil {
		return nil, pathErr("lock", p, fs.ErrNotExist)
	}
	if n == nil {
		parent.entries[name] = &node{mode: 0o600, modTime: m.now()}
	}
	tok := new(int)
	m.locks[key] = tok
	return closerFunc(func() error {
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.locks[key] == tok {
			delete(m.locks, key)
		}
		return nil
	}), nil
}

type closerFunc func() error

func (f closerFunc) Close() error { return f() }

type memFile struct {
	m        *MemFS
	n        *node
	name     string
	off      int64
	gen      int
	writable bool
	closed   bool
}

var errDead = errors.New("bundletest: file handle died in a crash")

func (f *memFile) live(op Op) error {
	if f.closed {
		return pathErr(string(op), f.name, fs.ErrClosed)
	}
	if f.gen != f.m.gen {
		return pathErr(string(op), f.name, errDead)
	}
	return f.m.check(op, f.name)
}

func (f *memFile) Name() string { return f.name }

func (f *memFile) Read(p []byte) (int, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.live(OpRead); err != nil {
		return 0, err
	}
	if f.off >= int64(len(f.n.data)) {
		return 0, io.EOF
	}
	n := copy(p, f.n.data[f.off:])
	f.off += int64(n)
	return n, nil
}

func (f *memFile) ReadAt(p []byte, off int64) (int, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.live(OpRead); err != nil {
		return 0, err
	}
	if off < 0 {
		return 0, pathErr("read", f.name, errors.New("negative offset"))
	}
	if off >= int64(len(f.n.data)) {
		return 0, io.EOF
	}
	n := copy(p, f.n.data[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (f *memFile) Write(p []byte) (int, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if !f.writable {
		return 0, pathErr("write", f.name, errors.New("file not open for writing"))
	}
	if err := f.live(OpWrite); err != nil {
		if f.gen == f.m.gen && !f.closed {
			f.write(p[:len(p)/2]) // torn write
			return len(p) / 2, err
		}
		return 0, err
	}
	f.write(p)
	return len(p), nil
}

func (f *memFile) write(p []byte) {
	end := f.off + int64(len(p))
	if end > int64(len(f.n.data)) {
		f.n.data = append(f.n.data, make([]byte, end-int64(len(f.n.data)))...)
	}
	copy(f.n.data[f.off:], p)
	f.off = end
	f.n.modTime = f.m.now()
}

func (f *memFile) Sync() error {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if f.closed || f.gen != f.m.gen {
		return f.live(OpSync)
	}
	ferr, apply := f.m.checkApplied(OpSync, f.name)
	if !apply {
		return ferr
	}
	f.n.synced = slices.Clone(f.n.data)
	return ferr
}

func (f *memFile) Stat() (fs.FileInfo, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.live(OpStat); err != nil {
		return nil, err
	}
	return info(path.Base(f.name), f.n), nil
}

func (f *memFile) Close() error {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if f.closed {
		return pathErr("close", f.name, fs.ErrClosed)
	}
	err := f.live(OpClose)
	f.closed = true
	return err
}

// IsTempName reports whether name looks like a write in flight in a store
// directory: a pending file ("." + target + digits, as renameio and
// CreatePending name them) or a ".tmp-*" file of older writers. It is
// deliberately broader than the store's own rule, so a test using it
// misses no leftover.
func IsTempName(name string) bool {
	if strings.HasPrefix(name, ".tmp-") {
		return true
	}
	t := strings.TrimRight(name, "0123456789")
	return len(name) > 1 && name[0] == '.' && len(t) < len(name) && !strings.HasPrefix(name, ".del-")
}
