package bundle

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Options configures a Store; it is a plain value, copied by Open. The
// zero value is safe and means: the real
// OS filesystem, time.Now, no logging, writes waiting up to 2 minutes for
// the store lock, 64 KiB segments and a 256 MiB cap on any single decoded
// frame.
type Options struct {
	// FS is the filesystem. Nil means OSFS{}.
	FS FS
	// Now is the clock used for GC ages. Nil means time.Now.
	Now func() time.Time
	// Logger receives sweep and GC notes. Nil means discard.
	Logger *slog.Logger
	// LockTimeout bounds how long one write (Put, DeleteSession, GC, and
	// Open's sweep) waits for the store's lock file while another process
	// writes; the lock is held for one write at a time, so writers of
	// several processes queue rather than fail. Zero means 2 minutes; a
	// negative value means try once. No write waits forever.
	LockTimeout time.Duration
	// LockWait, when set, is called about once a second while a write
	// waits for the store lock, with how long it has waited so far: the
	// place for a progress line. It must be safe for concurrent use.
	LockWait func(waited time.Duration)
	// ReadOnly opens the store without taking the lock and without
	// sweeping; writes return ErrReadOnly. Use it for inspection (ef store
	// verify) next to a running writer.
	ReadOnly bool
	// SegmentBytes is the payload size at which a message segment is
	// closed. Zero means 64 KiB. Only affects files written from now on.
	SegmentBytes int
	// MaxDecodedBytes caps the decompressed size of one frame (header or
	// segment), hence the largest storable message, and bounds decoder
	// memory on hostile files. Zero means 256 MiB.
	MaxDecodedBytes int64

	// encoder overrides the zstd level and workers for tests and
	// benchmarks (export_test.go); the zero value is the default.
	encoder encoderSettings
}

func (o Options) withDefaults() Options {
	if o.FS == nil {
		o.FS = OSFS{}
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.LockTimeout == 0 {
		o.LockTimeout = 2 * time.Minute
	}
	if o.SegmentBytes <= 0 {
		o.SegmentBytes = 64 << 10
	}
	if o.MaxDecodedBytes <= 0 {
		o.MaxDecodedBytes = 256 << 20
	}
	return o
}

// Store is a directory of checkpoint bundles, one subdirectory per session.
// A Store is safe for concurrent use by multiple goroutines: writes to
// different sessions run in parallel, writes to one session are serialized,
// and reads never block on writes. Several Stores, in one process or many,
// may use one root at once: every write holds the root's advisory lock
// for its duration (shared by the writes of one Store), so writes of
// different Stores take turns and reads need no lock.
type Store struct {
	root  string
	opts  Options
	fs    FS
	codec *codec

	lockMu    sync.Mutex // guards lockFile and lockUsers
	lockFile  io.Closer  // the held flock, nil when no write runs
	lockUsers int        // writes of this Store holding lockFile

	life   sync.RWMutex // read-held by every operation, write-held by Close
	closed bool

	mu       sync.Mutex
	sessions map[string]*sessionState
	failed   error // cause of fail-stop, nil while healthy

	// verifiedMu guards verifiedIndex, which remembers, by file hash,
	// the bundle contents that passed a full verification in PageVerified
	// and the sha256 of their index (see PageVerified).
	verifiedMu    sync.Mutex
	verifiedIndex map[string][32]byte

	// listMu guards listings and listed: what the last listing of each
	// session directory a read located a bundle in said (see findListed).
	listMu   sync.Mutex
	listings map[string]*dirListing
	listed   int // the files the listings hold, at most maxListed

	// hashedIDs remembers, by path, the checkpoint id Names read from
	// the header of a file whose name is hashed (the name does not give
	// the id). The path holds the file hash and files never change once
	// renamed in, so an entry never goes stale.
	hashedIDs sync.Map
}

type sessionState struct {
	mu    sync.Mutex
	ready bool // directory known to exist durably
}

// Receipt is what a successful Put returns: the bundle is durable on disk
// and was read back and verified. It is a plain value, safe to share.
type Receipt struct {
	SessionID    string
	CheckpointID string
	Path         string
	LogicalHash  string
	FileHash     string
	Bytes        int64
	Messages     int
}

// Page is a window of a bundle's shadowed messages. It is a plain value;
// its messages are freshly allocated and owned by the caller.
type Page struct {
	Messages []json.RawMessage // byte-exact as archived
	Offset   int               // index of Messages[0]
	Total    int               // number of messages in the archive
}

// Info describes one stored bundle, from its header. It is a plain value.
type Info struct {
	CheckpointID string
	Mode         Mode
	CreatedAt    int64
	Messages     int
	Bytes        int64
	LogicalHash  string
	FileHash     string // from the file name; verified only by Get/Verify
	Path         string
	ModTime      time.Time
	// Err is set (an *UnavailableError) when the header cannot be read;
	// CheckpointID is then taken from the file name when possible.
	Err error
}

// GCReport summarizes a GC run. It is a plain value.
type GCReport struct {
	Sessions     int      // session directories scanned
	Scanned      int      // bundle files seen
	Removed      []string // checkpoint ids of removed bundles
	Kept         int      // bundle files kept
	BytesFreed   int64
	TempsRemoved int // leftover temp files removed
	Skipped      int // unreferenced files kept because their id could not be read
}

// Open opens (creating if needed) the store rooted at root and, unless
// Options.ReadOnly, sweeps leftover temp files and half-deleted sessions
// under the store lock. The root must be a real directory (not a
// symbolic link) owned by the user and not writable by group or others;
// otherwise Open fails with an error wrapping ErrUntrusted that names the
// path and the fix. Open does not keep the lock: each write takes it. An
// empty root is ErrNoRoot.
func Open(root string, opts Options) (*Store, error) {
	if root == "" {
		return nil, &Error{Op: "open", Err: ErrNoRoot}
	}
	opts = opts.withDefaults()
	s := &Store{root: filepath.Clean(root), opts: opts, fs: opts.FS, sessions: map[string]*sessionState{}}
	if !opts.ReadOnly {
		if err := s.ensureRoot(); err != nil {
			return nil, err
		}
	} else if _, err := s.fs.Lstat(s.root); err != nil {
		return nil, &Error{Op: "stat", Path: s.root, Err: err}
	}
	if err := s.trust(s.root); err != nil {
		return nil, err
	}
	c, err := newCodec(opts.SegmentBytes, opts.MaxDecodedBytes, opts.encoder)
	if err != nil {
		return nil, err
	}
	s.codec = c
	if !opts.ReadOnly {
		release, err := s.lock(context.Background())
		if err == nil {
			err = s.sweep()
			release()
		}
		if err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// trust checks that dir is a real directory of this user, closed to
// others (see untrusted).
func (s *Store) trust(dir string) error {
	_, err := s.trustInfo(dir)
	return err
}

// trustInfo is trust, returning the directory's description (nil with
// an error).
func (s *Store) trustInfo(dir string) (fs.FileInfo, error) {
	fi, err := s.fs.Lstat(dir)
	if err != nil {
		return nil, &Error{Op: "stat", Path: dir, Err: err}
	}
	if why := untrusted(fi, true); why != "" {
		return nil, &Error{Op: "trust", Path: dir, Err: fmt.Errorf("%w: %s %s", ErrUntrusted, dir, why)}
	}
	return fi, nil
}

// ensureRoot creates the root if needed and makes its entry durable (an
// earlier run may have created it without getting to the fsync).
func (s *Store) ensureRoot() error {
	if _, err := s.fs.Lstat(s.root); err != nil {
		if err := s.fs.MkdirAll(s.root, 0o700); err != nil {
			return &Error{Op: "mkdir", Path: s.root, Err: err}
		}
		if err := s.fs.Chmod(s.root, 0o700); err != nil {
			return &Error{Op: "chmod", Path: s.root, Err: err}
		}
	}
	if err := s.fs.SyncDir(filepath.Dir(s.root)); err != nil {
		return &Error{Op: "syncdir", Path: filepath.Dir(s.root), Err: err}
	}
	return nil
}

// lockSession takes the session's write lock, then the store lock; unlock
// releases both.
func (s *Store) lockSession(ctx context.Context, sessionID string) (ss *sessionState, unlock func(), err error) {
	ss = s.session(sessionID)
	ss.mu.Lock()
	release, err := s.lock(ctx)
	if err != nil {
		ss.mu.Unlock()
		return nil, nil, err
	}
	return ss, func() { release(); ss.mu.Unlock() }, nil
}

// lock holds the store lock for one write; the returned func releases
// it. The writes of one Store share one flock (the first takes it, the
// last releases it), so they do not exclude each other, while writes of
// other Stores and processes wait for it, polling, for at most
// Options.LockTimeout, calling Options.LockWait about once a second.
func (s *Store) lock(ctx context.Context) (func(), error) {
	s.lockMu.Lock()
	defer s.lockMu.Unlock()
	if s.lockUsers == 0 {
		lk, err := s.waitLock(ctx)
		if err != nil {
			return nil, err
		}
		s.lockFile = lk
	}
	s.lockUsers++
	return s.unlock, nil
}

func (s *Store) unlock() {
	s.lockMu.Lock()
	defer s.lockMu.Unlock()
	s.lockUsers--
	if s.lockUsers == 0 {
		if err := s.lockFile.Close(); err != nil {
			s.opts.Logger.Warn("bundle: release store lock", "path", filepath.Join(s.root, lockFileName), "err", err)
		}
		s.lockFile = nil
	}
}

func (s *Store) waitLock(ctx context.Context) (io.Closer, error) {
	p := filepath.Join(s.root, lockFileName)
	start := time.Now()
	nextNote := start.Add(time.Second)
	delay := time.Millisecond
	for {
		lk, err := s.fs.Lock(p)
		if err == nil {
			return lk, nil
		}
		waited := time.Since(start)
		if !errors.Is(err, ErrLocked) || s.opts.LockTimeout < 0 || waited >= s.opts.LockTimeout {
			if errors.Is(err, ErrLocked) {
				err = fmt.Errorf("%w (waited %s; another ef or DSH process is writing this store)", err, waited.Round(time.Millisecond))
			}
			return nil, &Error{Op: "lock", Path: p, Err: err}
		}
		if now := time.Now(); now.After(nextNote) {
			nextNote = now.Add(time.Second)
			s.opts.Logger.Info("bundle: waiting for the store lock", "path", p, "waited", waited.Round(time.Millisecond))
			if s.opts.LockWait != nil {
				s.opts.LockWait(waited)
			}
		}
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
		delay = min(2*delay, 20*time.Millisecond)
	}
}

// sweep removes temp files left by interrupted writes and directories left
// by interrupted session deletes. It runs under the lock, so no other
// writer can own them.
func (s *Store) sweep() error {
	ents, err := s.fs.ReadDir(s.root)
	if err != nil {
		return &Error{Op: "readdir", Path: s.root, Err: err}
	}
	rootDirty := false
	for _, e := range ents {
		name := e.Name()
		p := filepath.Join(s.root, name)
		if strings.HasPrefix(name, tombPrefix) {
			if err := s.fs.RemoveAll(p); err != nil {
				return &Error{Op: "remove", Path: p, Err: err}
			}
			s.opts.Logger.Info("bundle: swept half-deleted session", "path", p)
			rootDirty = true
			continue
		}
		if _, _, ok := decodeSessionDir(name); !ok || !e.IsDir() {
			continue
		}
		n, err := s.sweepDir(p, time.Time{})
		if err != nil {
			return err
		}
		if n > 0 {
			s.opts.Logger.Info("bundle: swept temp files", "dir", p, "count", n)
		}
	}
	if rootDirty {
		if err := s.fs.SyncDir(s.root); err != nil {
			return &Error{Op: "syncdir", Path: s.root, Err: err}
		}
	}
	return nil
}

// sweepDir removes temp files in dir last modified before cutoff (all of
// them if cutoff is zero) and returns how many it removed.
func (s *Store) sweepDir(dir string, cutoff time.Time) (int, error) {
	ents, err := s.fs.ReadDir(dir)
	if err != nil {
		return 0, &Error{Op: "readdir", Path: dir, Err: err}
	}
	n := 0
	for _, e := range ents {
		if !isTempName(e.Name()) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if !cutoff.IsZero() {
			fi, err := e.Info()
			if err != nil || !fi.ModTime().Before(cutoff) {
				continue
			}
		}
		if err := s.fs.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return n, &Error{Op: "remove", Path: p, Err: err}
		}
		n++
	}
	if n > 0 {
		if err := s.fs.SyncDir(dir); err != nil {
			return n, &Error{Op: "syncdir", Path: dir, Err: err}
		}
	}
	return n, nil
}

// Close releases the decoder. It waits for running operations (so no
// write still holds the store lock) and is idempotent; closing a nil
// Store does nothing.
func (s *Store) Close() error {
	if s == nil {
		return nil
	}
	s.life.Lock()
	defer s.life.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if s.codec != nil {
		s.codec.close()
	}
	return nil
}

// Root returns the root directory of the store ("" for a nil Store).
func (s *Store) Root() string {
	if s == nil {
		return ""
	}
	return s.root
}

// begin starts an operation; the returned func ends it. Every read and
// write begins here, so a zero or nil Store is ErrNotOpen, not a panic.
func (s *Store) begin(ctx context.Context) (func(), error) {
	if s == nil || s.fs == nil {
		return nil, ErrNotOpen
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.life.RLock()
	if s.closed {
		s.life.RUnlock()
		return nil, ErrClosed
	}
	return s.life.RUnlock, nil
}

// beginSession is begin for a call that names a session: a session id
// that could not be stored is refused first.
func (s *Store) beginSession(ctx context.Context, sessionID string) (func(), error) {
	if !ValidSessionID(sessionID) {
		return nil, invalidSessionID(sessionID)
	}
	return s.begin(ctx)
}

func invalidSessionID(sessionID string) error {
	return fmt.Errorf("%w: session id of %d bytes", ErrInvalidID, len(sessionID))
}

// beginWrite is begin plus the read-only and fail-stop checks.
func (s *Store) beginWrite(ctx context.Context) (func(), error) {
	if s == nil || s.fs == nil {
		return nil, ErrNotOpen
	}
	if s.opts.ReadOnly {
		return nil, ErrReadOnly
	}
	end, err := s.begin(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.FailStopped(); err != nil {
		end()
		return nil, fmt.Errorf("%w (cause: %v)", ErrFailStopped, err)
	}
	return end, nil
}

// FailStopped returns the error that made the store fail-stop, or nil
// (nil for a nil Store).
func (s *Store) FailStopped() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed
}

// failStop records err as the fail-stop cause and marks it.
func (s *Store) failStop(e *Error) *Error {
	e.FailStop = true
	s.mu.Lock()
	if s.failed == nil {
		s.failed = e
	}
	s.mu.Unlock()
	s.opts.Logger.Error("bundle: store fail-stopped", "op", e.Op, "path", e.Path, "err", e.Err)
	return e
}

func (s *Store) session(id string) *sessionState {
	s.mu.Lock()
	defer s.mu.Unlock()
	ss := s.sessions[id]
	if ss == nil {
		ss = &sessionState{}
		s.sessions[id] = ss
	}
	return ss
}

func (s *Store) sessionDir(id string) string { return filepath.Join(s.root, encodeSessionID(id)) }

// ensureSessionDir makes the session directory exist durably. It looks
// at the directory on every write, as another process may have deleted
// it, and refuses one that is not trustworthy (see trust). Caller holds
// ss.mu and the store lock.
func (s *Store) ensureSessionDir(id string, ss *sessionState) (string, error) {
	dir := s.sessionDir(id)
	_, hashed, _ := decodeSessionDir(filepath.Base(dir))
	_, err := s.fs.Lstat(dir)
	switch {
	case err == nil:
		if err := s.trust(dir); err != nil {
			return "", err
		}
		if ss.ready {
			return dir, nil
		}
		if hashed {
			if err := s.checkSessionIDFile(dir, id); err != nil {
				return "", err
			}
		}
		// The directory may be visible without being durable: an earlier
		// instance may have fail-stopped between mkdir and the root fsync.
		// Sync both once per Store before acknowledging anything in it.
		if err := s.fs.SyncDir(dir); err != nil {
			return "", s.failStop(&Error{Op: "syncdir", Path: dir, Err: err})
		}
		if err := s.fs.SyncDir(s.root); err != nil {
			return "", s.failStop(&Error{Op: "syncdir", Path: s.root, Err: err})
		}
	case errors.Is(err, fs.ErrNotExist):
		if err := s.fs.MkdirAll(dir, 0o700); err != nil {
			return "", &Error{Op: "mkdir", Path: dir, Err: err}
		}
		if err := s.fs.Chmod(dir, 0o700); err != nil {
			return "", &Error{Op: "chmod", Path: dir, Err: err}
		}
		if hashed {
			if err := s.writeDurable(dir, sessionIDFile, []byte(id)); err != nil {
				return "", err
			}
		}
		// The new directory entry lives in the root; without this fsync a
		// power cut could drop the whole session directory.
		if err := s.fs.SyncDir(s.root); err != nil {
			return "", s.failStop(&Error{Op: "syncdir", Path: s.root, Err: err})
		}
	default:
		return "", &Error{Op: "stat", Path: dir, Err: err}
	}
	ss.ready = true
	return dir, nil
}

// checkSessionIDFile guards hashed session directories against the
// (astronomically unlikely) truncated-hash collision, and repairs a
// directory whose id file was lost to a crash before any bundle was written.
func (s *Store) checkSessionIDFile(dir, id string) error {
	got, err := s.readSmall(filepath.Join(dir, sessionIDFile))
	if errors.Is(err, fs.ErrNotExist) {
		return s.writeDurable(dir, sessionIDFile, []byte(id))
	}
	if err != nil {
		return &Error{Op: "read", Path: filepath.Join(dir, sessionIDFile), Err: err}
	}
	if string(got) != id {
		return &Error{Op: "open", Path: dir, Err: fmt.Errorf("%w: session directory belongs to a different session id", ErrInvalidID)}
	}
	return nil
}

func (s *Store) readSmall(p string) ([]byte, error) {
	f, err := s.fs.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxSessionIDLen+1))
}

// writeDurable writes parts, one after the other, to dir/name crash-safely through a pending
// file (renameio on unix): a temp file beside the target, written,
// fsynced, closed and renamed over it; then the directory is fsynced,
// which renameio leaves to the caller and without which the rename could
// be lost to a power cut. Errors from fsync, close and rename (and the
// directory fsync) fail-stop the store: after a failed fsync the kernel
// may have dropped the dirty pages and a retry could report success for
// data that is gone (the "fsyncgate" lesson), so the only honest answer is
// to stop writing.
func (s *Store) writeDurable(dir, name string, parts ...[]byte) error {
	final := filepath.Join(dir, name)
	pf, err := s.fs.CreatePending(final)
	if err != nil {
		return &Error{Op: "create", Path: dir, Err: err}
	}
	// A no-op once the temp file replaced the target; otherwise it
	// removes it. A temp file it cannot remove is swept by the next Open.
	defer pf.Cleanup()
	for _, data := range parts {
		n, err := pf.Write(data)
		if err == nil && n != len(data) {
			err = io.ErrShortWrite
		}
		if err != nil {
			return &Error{Op: "write", Path: pf.Name(), Err: err}
		}
	}
	if err := pf.CloseAtomicallyReplace(); err != nil {
		op, p := replaceStep(err), pf.Name()
		if op == "rename" {
			p = final
		}
		return s.failStop(&Error{Op: op, Path: p, Err: err})
	}
	if err := s.fs.SyncDir(dir); err != nil {
		return s.failStop(&Error{Op: "syncdir", Path: dir, Err: err})
	}
	return nil
}

// replaceStep names the step of PendingFile.CloseAtomicallyReplace that
// failed: "sync", "close" or "rename" (see PendingFile), else "replace".
func replaceStep(err error) string {
	var le *os.LinkError
	if errors.As(err, &le) {
		return "rename"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && (pe.Op == "sync" || pe.Op == "close" || pe.Op == "rename") {
		return pe.Op
	}
	return "replace"
}

// found is a bundle file located by checkpoint id.
type found struct {
	path    string
	fileHex string
}

// find locates the file of checkpointID in dir. It returns ok=false if
// there is none; more than one is reported as unavailable.
func (s *Store) find(dir, checkpointID string) (found, bool, error) {
	stem := checkpointStem(checkpointID)
	ents, err := s.fs.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return found{}, false, nil
	}
	if err != nil {
		return found{}, false, unavailable("unreadable", &Error{Op: "readdir", Path: dir, Err: err})
	}
	var out []found
	for _, e := range ents {
		st, fh, ok := parseBundleFileName(e.Name())
		if ok && st == stem {
			out = append(out, found{path: filepath.Join(dir, e.Name()), fileHex: fh})
		}
	}
	switch len(out) {
	case 0:
		return found{}, false, nil
	case 1:
		return out[0], true, nil
	default:
		return found{}, false, unavailable("ambiguous", errAmbiguous(len(out)))
	}
}

// errAmbiguous is why n files for one checkpoint id make it unavailable.
func errAmbiguous(n int) error { return fmt.Errorf("%d files for one checkpoint id", n) }

func fillUnavailable(err error, sessionID, checkpointID, path string) error {
	var ue *UnavailableError
	if errors.As(err, &ue) {
		ue.SessionID, ue.CheckpointID = sessionID, checkpointID
		if ue.Path == "" {
			ue.Path = path
		}
		return ue
	}
	return err
}

// Put stores b durably. When it returns nil error the bundle's bytes and
// directory entry have been fsynced and the file was read back and its
// bytes matched the file hash; the logical hash is computed once, when the
// copy is sealed (see readBack). Put fills nothing in b: derived
// fields left empty are computed on a copy (as Seal would), derived fields
// that are set must match (ErrHashMismatch). CreatedAt must be set.
//
// Putting an id that exists with the same content (same header and the same
// message bytes) returns the existing receipt; with different content it
// returns ErrExists. When the file stored under the id cannot be read or
// fails its hashes, Put returns ErrStoredUnavailable wrapping the read's
// *UnavailableError, and leaves the file alone. An fsync, rename or
// read-back failure is returned as an *Error naming the step and makes the
// store refuse further writes (ErrFailStopped).
func (s *Store) Put(ctx context.Context, b *CheckpointV1) (Receipt, error) {
	end, err := s.beginWrite(ctx)
	if err != nil {
		return Receipt{}, err
	}
	defer end()
	nb, err := sealedMeta(b)
	if err != nil {
		return Receipt{}, err
	}
	// The logical hash is computed here, once, while the messages are
	// compressed; a hash the caller set must match it.
	enc, err := s.codec.encodeParts(nb)
	if err != nil {
		return Receipt{}, err
	}
	defer enc.release()
	hdr := enc.hdr
	if err := nb.setArchiveHash(b, hdr.Bundle.Archive.LogicalHash, hdr.Bundle.Archive.RawMessages); err != nil {
		return Receipt{}, err
	}
	fileHex := enc.fileHex

	ss := s.session(nb.SessionID)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	release, err := s.lock(ctx)
	if err != nil {
		return Receipt{}, err
	}
	defer release()
	// Re-check under the session lock: another Put may have fail-stopped us.
	if err := s.FailStopped(); err != nil {
		return Receipt{}, fmt.Errorf("%w (cause: %v)", ErrFailStopped, err)
	}
	dir, err := s.ensureSessionDir(nb.SessionID, ss)
	if err != nil {
		return Receipt{}, err
	}
	stem := checkpointStem(nb.CheckpointID)
	if ex, ok, err := s.find(dir, nb.CheckpointID); err != nil {
		return Receipt{}, storedUnavailable(nb, fillUnavailable(err, nb.SessionID, nb.CheckpointID, dir))
	} else if ok {
		return s.putExisting(nb, hdr, ex)
	}
	name := bundleFileName(stem, fileHex)
	if err := s.writeDurable(dir, name, enc.parts()...); err != nil {
		return Receipt{}, err
	}
	final := filepath.Join(dir, name)
	// Read back through the filesystem, not from our buffer: this is what
	// catches a filesystem that acknowledged bytes it did not keep. Bytes
	// equal to the encoded ones are the bytes the file hash in the name
	// was computed from, whose logical hash was computed once, while they
	// were encoded (Get and Verify re-derive everything from the disk).
	if err := s.readBack(final, enc); err != nil {
		_ = s.fs.Remove(final)
		_ = s.fs.SyncDir(dir)
		return Receipt{}, s.failStop(&Error{Op: "readback", Path: final, Err: err})
	}
	// Only now is the bundle acknowledged: the manifest lists what was.
	if err := s.manifestAdd(dir, name); err != nil {
		return Receipt{}, err
	}
	return Receipt{
		SessionID: nb.SessionID, CheckpointID: nb.CheckpointID, Path: final,
		LogicalHash: nb.Archive.LogicalHash, FileHash: hashPrefix + fileHex,
		Bytes: int64(enc.size()), Messages: len(nb.Archive.ShadowedMessages),
	}, nil
}

// putExisting handles a Put whose id is already stored.
func (s *Store) putExisting(nb *CheckpointV1, hdr *fileHeader, ex found) (Receipt, error) {
	got, err := s.readVerified(ex.path, ex.fileHex)
	if err != nil {
		return Receipt{}, storedUnavailable(nb, fillUnavailable(err, nb.SessionID, nb.CheckpointID, ex.path))
	}
	// The stored file may be of an older container version: compare the
	// messages themselves, not the container's hashes of them.
	same := got.hdr.Messages == len(nb.Archive.ShadowedMessages)
	for i := 0; same && i < len(nb.Archive.ShadowedMessages); i++ {
		same = bytes.Equal(got.b.Archive.ShadowedMessages[i], nb.Archive.ShadowedMessages[i])
	}
	if same {
		a, err1 := headerKey(got.hdr.Bundle)
		b, err2 := headerKey(hdr.Bundle)
		same = err1 == nil && err2 == nil && bytes.Equal(a, b)
	}
	if !same {
		return Receipt{}, fmt.Errorf("%w: checkpoint %q in session %q", ErrExists, nb.CheckpointID, nb.SessionID)
	}
	// The file may be visible but not yet durable (left by a writer that
	// failed before its directory fsync or its manifest entry). Make it
	// durable and listed before acknowledging it.
	if err := s.syncExisting(ex.path); err != nil {
		return Receipt{}, err
	}
	if err := s.manifestAdd(filepath.Dir(ex.path), filepath.Base(ex.path)); err != nil {
		return Receipt{}, err
	}
	return Receipt{
		SessionID: nb.SessionID, CheckpointID: nb.CheckpointID, Path: ex.path,
		LogicalHash: got.b.Archive.LogicalHash, FileHash: got.b.Archive.FileHash,
		Bytes: got.size, Messages: got.hdr.Messages,
	}, nil
}

// storedUnavailable is Put's error when the bundle already stored under
// nb's id cannot be read (err, from find or readVerified). It is not
// ErrExists: nothing says the stored content differs, only that it cannot
// be checked. Replacing the file would overwrite an acknowledged bundle
// with bytes of another hash, so the Put fails and the file stays for its
// owner to restore or remove.
func storedUnavailable(nb *CheckpointV1, err error) error {
	return fmt.Errorf("%w: checkpoint %q of session %q: %w", ErrStoredUnavailable, nb.CheckpointID, nb.SessionID, err)
}

// headerKey is the canonical JSON of a bundle's metadata, for comparing
// the content of two bundles apart from their messages.
func headerKey(b CheckpointV1) ([]byte, error) {
	b.Archive.ShadowedMessages = []json.RawMessage{}
	b.Archive.FileHash = ""
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	return Canonicalize(raw)
}

func (s *Store) syncExisting(p string) error {
	f, err := s.fs.Open(p)
	if err != nil {
		return &Error{Op: "open", Path: p, Err: err}
	}
	serr := f.Sync()
	f.Close()
	if serr != nil {
		return s.failStop(&Error{Op: "sync", Path: p, Err: serr})
	}
	if err := s.fs.SyncDir(filepath.Dir(p)); err != nil {
		return s.failStop(&Error{Op: "syncdir", Path: filepath.Dir(p), Err: err})
	}
	return nil
}

// readBack reads the file at path through the filesystem and checks that
// it holds exactly the bytes of enc, the bytes Put handed to the
// filesystem and computed the file hash (the name) from: a comparison,
// which proves what hashing the bytes read again would prove (that the
// file's sha256 is the name) without a second hash.
//
// What it proves: the file under its final name holds exactly those
// bytes as the filesystem now serves them, so a write the filesystem
// acknowledged but tore, dropped or misplaced fails the Put. What it does
// not prove: the bytes were just written and fsynced, so the read is
// served from the page cache, not from the device; a device that loses
// acknowledged writes on power loss is caught only by the next read from
// the disk (Get and Verify check every hash).
func (s *Store) readBack(path string, enc *encoded) error {
	f, err := s.fs.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	// 1 MiB reads into a pooled block (fresh megabytes fault a page at a
	// time): a 50 MB bundle's file is read back in ~15 reads.
	bp := blockPool.Get().(*[]byte)
	defer blockPool.Put(bp)
	buf := (*bp)[:cap(*bp)]
	var off int64
	for _, want := range enc.parts() {
		for len(want) > 0 {
			n, err := io.ReadFull(f, buf[:min(len(want), len(buf))])
			if n > 0 && !bytes.Equal(buf[:n], want[:n]) {
				return fmt.Errorf("%w: read back bytes at %d..%d differ from the bytes written (sha256 %s)", ErrHashMismatch, off, off+int64(n), enc.fileHex)
			}
			off += int64(n)
			want = want[n:]
			if err != nil {
				return fmt.Errorf("%w: read back %d bytes of the %d written (sha256 %s): %w", ErrHashMismatch, off, enc.size(), enc.fileHex, err)
			}
		}
	}
	if n, _ := f.Read(buf[:1]); n != 0 {
		return fmt.Errorf("%w: read back more than the %d bytes written (sha256 %s)", ErrHashMismatch, enc.size(), enc.fileHex)
	}
	return nil
}

type verified struct {
	b    *CheckpointV1
	hdr  *fileHeader
	lay  *layout
	size int64
}

// readVerified reads a whole bundle file and verifies everything.
func (s *Store) readVerified(path, fileHex string) (*verified, error) {
	f, err := s.fs.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, unavailable("missing", err)
		}
		return nil, unavailable("unreadable", err)
	}
	defer f.Close()
	data, err := readWhole(f)
	if err != nil {
		return nil, unavailable("unreadable", err)
	}
	if err := s.fileHashCheck(data, fileHex); err != nil {
		return nil, err
	}
	b, h, lay, err := s.codec.decodeFullHashed(data, hashPrefix+fileHex)
	if err != nil {
		return nil, err
	}
	return &verified{b: b, hdr: h, lay: lay, size: int64(len(data))}, nil
}

// fileHashCheck checks a bundle file's bytes against the sha256 its name
// carries. A file whose bytes changed is described one way by every read
// (Get, Verify, Meta, Page, List; so by ef store verify, recall, search
// and fold alike): reason "hash mismatch" ("truncated" when it is cut
// short), wrapping ErrHashMismatch with both hashes. A read that decodes
// only part of the file and finds it damaged there (a frame's CRC, a
// segment's hash) reports it so too (damaged).
func (s *Store) fileHashCheck(data []byte, fileHex string) error {
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) == fileHex {
		return nil
	}
	reason := "hash mismatch"
	if _, err := s.codec.readLayout(bytes.NewReader(data), int64(len(data))); err != nil {
		var ue *UnavailableError
		if errors.As(err, &ue) && ue.Reason == "truncated" {
			reason = "truncated"
		}
	}
	return unavailable(reason, &fileChangedError{sum: hex.EncodeToString(sum[:]), name: fileHex})
}

// fileChangedError is the cause of a bundle file whose bytes are not the
// ones written (fileHashCheck); errors.Is(err, ErrHashMismatch) is true.
type fileChangedError struct{ sum, name string }

func (e *fileChangedError) Error() string {
	return fmt.Sprintf("the file's bytes changed since it was written (sha256 %s, its name says %s)", e.sum, e.name)
}

// Is reports whether target is ErrHashMismatch.
func (e *fileChangedError) Is(target error) bool { return target == ErrHashMismatch }

// damaged is err, a partial read's failure of the bundle file at path,
// as fileHashCheck describes it when the file's bytes changed: a damaged
// header frame found by Meta or List then reads as Get and Verify say it.
// Any other error (missing, unreadable, an unknown version, a file whose
// bytes are the ones written) is returned as it is.
func (s *Store) damaged(err error, path string) error {
	var ue *UnavailableError
	if !errors.As(err, &ue) || (ue.Reason != "corrupt" && ue.Reason != "hash mismatch") || errors.As(err, new(*fileChangedError)) {
		return err
	}
	_, fileHex, ok := parseBundleFileName(filepath.Base(path))
	if !ok {
		return err
	}
	f, oerr := s.fs.Open(path)
	if oerr != nil {
		return err
	}
	defer f.Close()
	data, rerr := readWhole(f)
	if rerr != nil {
		return err
	}
	if herr := s.fileHashCheck(data, fileHex); herr != nil {
		return herr
	}
	return err
}

// readWhole reads a file into one buffer of its size: bytes.Buffer's
// ReadFrom would grow a full buffer once more to look for the end, holding
// the file twice for a moment.
func readWhole(f File) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() <= 0 {
		return io.ReadAll(f)
	}
	data := make([]byte, fi.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, err
	}
	// A file that grew since the Stat is read whole all the same.
	var probe [1]byte
	if n, _ := f.Read(probe[:]); n > 0 {
		rest, err := io.ReadAll(f)
		if err != nil {
			return nil, err
		}
		data = append(append(data, probe[0]), rest...)
	}
	return data, nil
}

// beginRead is begin, then locate: a read of one bundle holds the store
// open (until end is called) only when it found the bundle's file.
func (s *Store) beginRead(ctx context.Context, sessionID, checkpointID string) (found, func(), error) {
	end, err := s.begin(ctx)
	if err != nil {
		return found{}, nil, err
	}
	f, err := s.locate(sessionID, checkpointID)
	if err != nil {
		end()
		return found{}, nil, err
	}
	return f, end, nil
}

// locate finds the file for a read.
func (s *Store) locate(sessionID, checkpointID string) (found, error) {
	if err := checkIDs(sessionID, checkpointID); err != nil {
		return found{}, err
	}
	dir := s.sessionDir(sessionID)
	fi, err := s.trustInfo(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return found{}, &UnavailableError{SessionID: sessionID, CheckpointID: checkpointID, Path: dir, Reason: "untrusted", Err: err}
	}
	f, ok, err := s.findListed(dir, fi, checkpointID)
	if err != nil {
		return found{}, fillUnavailable(err, sessionID, checkpointID, dir)
	}
	if !ok {
		return found{}, &UnavailableError{SessionID: sessionID, CheckpointID: checkpointID, Path: dir, Reason: "missing", Err: fs.ErrNotExist}
	}
	return f, nil
}

func checkIdentity(b *CheckpointV1, sessionID, checkpointID string) error {
	if b.SessionID != sessionID || b.CheckpointID != checkpointID {
		return wrongBundle(b.CheckpointID, b.SessionID)
	}
	return nil
}

// wrongBundle is the error of a file that holds another checkpoint than
// its name or its caller says.
func wrongBundle(checkpointID, sessionID string) error {
	return unavailable("wrong bundle", fmt.Errorf("file holds checkpoint %q of session %q", checkpointID, sessionID))
}

// stemHeader reads the header of f, a file of sessionID's directory whose
// name has stem, and checks that it holds a checkpoint of that stem and
// session (List and Names find files by name, not by checkpoint id). It
// returns the header and the file's size.
func (s *Store) stemHeader(sessionID, stem string, f found) (*fileHeader, int64, error) {
	fh, _, h, size, err := s.openLayout(f, true)
	if err != nil {
		return nil, 0, err
	}
	fh.Close()
	if b := h.Bundle; checkpointStem(b.CheckpointID) != stem || b.SessionID != sessionID {
		return nil, 0, wrongBundle(b.CheckpointID, b.SessionID)
	}
	return h, size, nil
}

// Get returns the whole bundle after verifying the file hash, every
// segment hash, the logical hash and the rendered digest. Any failure is an
// *UnavailableError (errors.Is(err, ErrUnavailable)) with the reason.
// Like PageVerified's first read of a file, it remembers that the bytes so
// named passed, so later PageVerified reads of them only hash the file.
func (s *Store) Get(ctx context.Context, sessionID, checkpointID string) (*CheckpointV1, error) {
	f, end, err := s.beginRead(ctx, sessionID, checkpointID)
	if err != nil {
		return nil, err
	}
	defer end()
	v, err := s.readVerified(f.path, f.fileHex)
	if err == nil {
		err = checkIdentity(v.b, sessionID, checkpointID)
	}
	if err != nil {
		return nil, fillUnavailable(err, sessionID, checkpointID, f.path)
	}
	s.rememberVerified(f.fileHex, v.lay.indexSum)
	return v.b, nil
}

// Verify is Get without returning the bundle.
func (s *Store) Verify(ctx context.Context, sessionID, checkpointID string) error {
	_, err := s.Get(ctx, sessionID, checkpointID)
	return err
}

// openLayout opens a bundle file and reads its prefix (and footer) and index; with
// header set it also reads the metadata header.
func (s *Store) openLayout(f found, header bool) (File, *layout, *fileHeader, int64, error) {
	fh, err := s.fs.Open(f.path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, nil, 0, unavailable("missing", err)
		}
		return nil, nil, nil, 0, unavailable("unreadable", err)
	}
	fi, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, nil, nil, 0, unavailable("unreadable", err)
	}
	lay, err := s.codec.readLayout(fh, fi.Size())
	if err != nil {
		fh.Close()
		return nil, nil, nil, 0, err
	}
	var h *fileHeader
	if header {
		if h, err = s.codec.readHeader(fh, lay); err != nil {
			fh.Close()
			return nil, nil, nil, 0, err
		}
	}
	return fh, lay, h, fi.Size(), nil
}

// Meta returns the bundle without its shadowed messages, reading only the
// header. Archive.FileHash is taken from the file name and is not verified
// (use Verify for that).
func (s *Store) Meta(ctx context.Context, sessionID, checkpointID string) (*CheckpointV1, error) {
	f, end, err := s.beginRead(ctx, sessionID, checkpointID)
	if err != nil {
		return nil, err
	}
	defer end()
	fh, _, h, _, err := s.openLayout(f, true)
	if err == nil {
		fh.Close()
		err = checkIdentity(&h.Bundle, sessionID, checkpointID)
	}
	if err != nil {
		return nil, fillUnavailable(s.damaged(err, f.path), sessionID, checkpointID, f.path)
	}
	b := h.Bundle
	b.Archive.FileHash = hashPrefix + f.fileHex
	return &b, nil
}

// Page returns up to limit shadowed messages starting at offset. It reads
// the header and decompresses only the segments holding the requested
// messages, verifying each one's hash against the header's table; it does
// not verify the whole-file or logical hash (Get and Verify do). An offset
// at or past the end, or a zero limit, gives an empty page; a negative
// offset or limit is an error.
func (s *Store) Page(ctx context.Context, sessionID, checkpointID string, offset, limit int) (Page, error) {
	f, end, err := s.beginPage(ctx, sessionID, checkpointID, offset, limit)
	if err != nil {
		return Page{}, err
	}
	defer end()
	fh, lay, _, _, err := s.openLayout(f, false)
	if err != nil {
		return Page{}, fillUnavailable(s.damaged(err, f.path), sessionID, checkpointID, f.path)
	}
	defer fh.Close()
	p, err := s.pageOf(ctx, fh, lay, sessionID, checkpointID, offset, limit)
	if err != nil {
		return Page{}, fillUnavailable(s.damaged(err, f.path), sessionID, checkpointID, f.path)
	}
	return p, nil
}

// beginPage is beginRead for a page of offset and limit, which must not
// be negative.
func (s *Store) beginPage(ctx context.Context, sessionID, checkpointID string, offset, limit int) (found, func(), error) {
	if offset < 0 || limit < 0 {
		return found{}, nil, fmt.Errorf("bundle: page offset %d, limit %d: must not be negative", offset, limit)
	}
	return s.beginRead(ctx, sessionID, checkpointID)
}

// PageVerified is Verify and then Page, with the first of them paid
// once per bundle content rather than once per page: it returns what Page
// returns, from a file that passed every check Verify makes.
//
// The first read of a file whose name gives a file hash not yet seen by
// this Store verifies it whole (file hash, every segment hash, logical
// hash, rendered digest, as Verify) and remembers, by that file hash, that
// bytes so named passed, and the sha256 of their index. A bundle's name is
// the sha256 of its bytes, so that fact never goes stale: later reads of
// the same name hash the file's bytes again (sha256 streamed over the
// compressed file, a few per cent of a full verification's CPU and none
// of its memory) and, when they still give the name, read the page as
// Page does, from an index that must be the one verified. Any change to
// the file, wherever it is, is therefore detected by the first read after
// it, as it was when every read verified everything; a file whose hash no
// longer matches is verified whole again, which reports why it fails.
// Verify and Get keep verifying everything on every call (ef store
// verify).
func (s *Store) PageVerified(ctx context.Context, sessionID, checkpointID string, offset, limit int) (Page, error) {
	f, end, err := s.beginPage(ctx, sessionID, checkpointID, offset, limit)
	if err != nil {
		return Page{}, err
	}
	defer end()
	s.verifiedMu.Lock()
	idxSum, seen := s.verifiedIndex[f.fileHex]
	s.verifiedMu.Unlock()
	if seen {
		p, ok, err := s.pageOfHashed(ctx, f, idxSum, sessionID, checkpointID, offset, limit)
		if ok || err != nil {
			if err != nil {
				return Page{}, fillUnavailable(s.damaged(err, f.path), sessionID, checkpointID, f.path)
			}
			return p, nil
		}
		// The bytes no longer give the name: the full read says why.
	}
	v, err := s.readVerified(f.path, f.fileHex)
	if err == nil {
		err = checkIdentity(v.b, sessionID, checkpointID)
	}
	if err != nil {
		return Page{}, fillUnavailable(s.damaged(err, f.path), sessionID, checkpointID, f.path)
	}
	s.rememberVerified(f.fileHex, v.lay.indexSum)
	msgs := v.b.Archive.ShadowedMessages
	p := Page{Offset: min(offset, len(msgs)), Total: len(msgs)}
	if offset < len(msgs) && limit > 0 {
		p.Messages = msgs[offset:min(offset+limit, len(msgs)):min(offset+limit, len(msgs))]
	}
	return p, nil
}

// maxVerified bounds the entries of Store.verifiedIndex (about 100 bytes
// each); past it an arbitrary one is forgotten, whose bundle is then
// verified whole again on its next read.
const maxVerified = 4096

func (s *Store) rememberVerified(fileHex string, idxSum [32]byte) {
	s.verifiedMu.Lock()
	defer s.verifiedMu.Unlock()
	if s.verifiedIndex == nil {
		s.verifiedIndex = make(map[string][32]byte)
	}
	for k := range s.verifiedIndex {
		if len(s.verifiedIndex) < maxVerified {
			break
		}
		delete(s.verifiedIndex, k)
	}
	s.verifiedIndex[fileHex] = idxSum
}

// hashBufPool keeps the buffers pageOfHashed reads a file through to hash
// it. 64 KiB is as fast for sha256 as a write's 1 MiB block, and when the
// pool comes up empty (after a collection, or at random under -race) a new
// one costs a sixteenth of the block.
var hashBufPool = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// pageOfHashed reads a page of f, a file whose content (named f.fileHex)
// was verified whole before with an index of sha256 idxSum: it hashes the
// file's bytes, and when they give the name (ok) reads the page from the
// same open file, refusing an index other than the verified one (the file
// could change between the hash and the read; every segment read is then
// checked against the verified index). ok is false, with a nil error,
// when the bytes do not give the name.
func (s *Store) pageOfHashed(ctx context.Context, f found, idxSum [32]byte, sessionID, checkpointID string, offset, limit int) (Page, bool, error) {
	fh, err := s.fs.Open(f.path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Page{}, false, unavailable("missing", err)
		}
		return Page{}, false, unavailable("unreadable", err)
	}
	defer fh.Close()
	bp := hashBufPool.Get().(*[]byte)
	h := sha256.New()
	size, err := io.CopyBuffer(h, fh, *bp)
	hashBufPool.Put(bp)
	if err != nil {
		return Page{}, false, unavailable("unreadable", err)
	}
	if hex.EncodeToString(h.Sum(nil)) != f.fileHex {
		return Page{}, false, nil
	}
	lay, err := s.codec.readLayout(fh, size)
	if err != nil {
		return Page{}, false, err
	}
	if lay.indexSum != idxSum {
		return Page{}, false, unavailable("hash mismatch", fmt.Errorf("%w: index changed since the file was verified", ErrHashMismatch))
	}
	p, err := s.pageOf(ctx, fh, lay, sessionID, checkpointID, offset, limit)
	return p, err == nil, err
}

// pageOf reads the page of offset and limit (both checked not negative)
// from fh, whose layout lay says it holds sessionID's checkpointID,
// checking each segment it reads against lay's index.
func (s *Store) pageOf(ctx context.Context, fh File, lay *layout, sessionID, checkpointID string, offset, limit int) (Page, error) {
	if err := checkIdentity(&CheckpointV1{SessionID: lay.sessionID, CheckpointID: lay.checkpointID}, sessionID, checkpointID); err != nil {
		return Page{}, err
	}
	p := Page{Offset: offset, Total: lay.messages}
	if offset >= lay.messages || limit == 0 {
		p.Offset = min(offset, lay.messages)
		return p, nil
	}
	last := min(offset+limit, lay.messages) // exclusive
	// First segment whose range ends after offset.
	i, _ := slices.BinarySearchFunc(lay.segments, offset, func(sg segment, target int) int {
		if sg.First+sg.Count <= target {
			return -1
		}
		if sg.First > target {
			return 1
		}
		return 0
	})
	for ; i < len(lay.segments) && lay.segments[i].First < last; i++ {
		if err := ctx.Err(); err != nil {
			return Page{}, err
		}
		msgs, _, err := s.codec.readSegment(fh, lay, i)
		if err != nil {
			return Page{}, err
		}
		sg := lay.segments[i]
		lo := max(offset, sg.First) - sg.First
		hi := min(last, sg.First+sg.Count) - sg.First
		p.Messages = append(p.Messages, msgs[lo:hi]...)
	}
	return p, nil
}

// List describes the bundles of a session from their headers, ordered by
// CreatedAt then CheckpointID. A session that does not exist has no
// bundles. Files whose header cannot be read are included with Err set.
func (s *Store) List(ctx context.Context, sessionID string) ([]Info, error) {
	end, err := s.beginSession(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	defer end()
	return s.listDir(ctx, sessionID, s.sessionDir(sessionID))
}

// bundleFile is an entry of a session directory named as a bundle file.
type bundleFile struct {
	ent           fs.DirEntry
	path          string
	stem, fileHex string
}

// sessionBundles returns the entries of a session directory named as
// bundle files (parseBundleFileName), after checking that the directory
// is the store's own (trust); a session that does not exist has none.
func (s *Store) sessionBundles(dir string) ([]bundleFile, error) {
	if err := s.trust(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	ents, err := s.fs.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, &Error{Op: "readdir", Path: dir, Err: err}
	}
	var out []bundleFile
	for _, e := range ents {
		if stem, fileHex, ok := parseBundleFileName(e.Name()); ok {
			out = append(out, bundleFile{ent: e, path: filepath.Join(dir, e.Name()), stem: stem, fileHex: fileHex})
		}
	}
	return out, nil
}

func (s *Store) listDir(ctx context.Context, sessionID, dir string) ([]Info, error) {
	files, err := s.sessionBundles(dir)
	if err != nil || len(files) == 0 {
		return nil, err
	}
	var out []Info
	for _, bf := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f := found{path: bf.path, fileHex: bf.fileHex}
		in := Info{Path: f.path, FileHash: hashPrefix + bf.fileHex}
		in.CheckpointID, _ = decodeCheckpointStem(bf.stem)
		h, size, err := s.stemHeader(sessionID, bf.stem, f)
		if err == nil {
			b := h.Bundle
			in.CheckpointID, in.Mode, in.CreatedAt = b.CheckpointID, b.Mode, b.CreatedAt
			in.Messages, in.Bytes, in.LogicalHash = h.Messages, size, b.Archive.LogicalHash
		}
		if fi, ierr := bf.ent.Info(); ierr == nil {
			in.ModTime = fi.ModTime()
			if in.Bytes == 0 {
				in.Bytes = fi.Size()
			}
		}
		if err != nil {
			in.Err = fillUnavailable(s.damaged(err, f.path), sessionID, in.CheckpointID, f.path)
		}
		out = append(out, in)
	}
	slices.SortFunc(out, func(a, b Info) int {
		if a.CreatedAt != b.CreatedAt {
			return int(min(max(a.CreatedAt-b.CreatedAt, -1), 1))
		}
		return strings.Compare(a.CheckpointID, b.CheckpointID)
	})
	return out, nil
}

// Names lists the bundles of a session from their file names alone,
// ordered by CheckpointID: each Info has CheckpointID, FileHash and Path
// set, nothing else. A bundle file's name holds the SHA-256 of its bytes
// and the file never changes once renamed into place, so a caller that
// remembers what it read from a file with a FileHash need not open it
// again (FileHash is what the name claims: Get and Verify check it). Only
// a file whose name is hashed (a checkpoint id too long for a name) is
// opened, once, for the id in its header; if that header cannot be read
// it is listed with Err set, as List lists it. A session that does not
// exist has no bundles.
func (s *Store) Names(ctx context.Context, sessionID string) ([]Info, error) {
	end, err := s.beginSession(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	defer end()
	dir := s.sessionDir(sessionID)
	files, err := s.sessionBundles(dir)
	if err != nil || len(files) == 0 {
		return nil, err
	}
	var out []Info
	for _, bf := range files {
		in := Info{Path: bf.path, FileHash: hashPrefix + bf.fileHex}
		var ok bool
		in.CheckpointID, ok = decodeCheckpointStem(bf.stem)
		if !ok {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			in.CheckpointID, in.Err = s.hashedID(sessionID, bf.stem, found{path: bf.path, fileHex: bf.fileHex})
		}
		out = append(out, in)
	}
	slices.SortFunc(out, func(a, b Info) int { return strings.Compare(a.CheckpointID, b.CheckpointID) })
	return out, nil
}

// hashedID returns the checkpoint id in the header of a file whose name
// is hashed, checked as listDir checks it, reading the header only the
// first time.
func (s *Store) hashedID(sessionID, stem string, f found) (string, error) {
	if id, ok := s.hashedIDs.Load(f.path); ok {
		return id.(string), nil
	}
	h, _, err := s.stemHeader(sessionID, stem, f)
	if err != nil {
		return "", fillUnavailable(s.damaged(err, f.path), sessionID, "", f.path)
	}
	s.hashedIDs.Store(f.path, h.Bundle.CheckpointID)
	return h.Bundle.CheckpointID, nil
}

// Sessions lists the ids of all sessions that have a directory, sorted.
func (s *Store) Sessions(ctx context.Context) ([]string, error) {
	end, err := s.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer end()
	ents, err := s.sessionDirs()
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(ents))
	for _, e := range ents {
		out = append(out, e.id)
	}
	slices.Sort(out)
	return out, nil
}

type sessionDirEnt struct {
	id  string
	dir string
}

// sessionDirs lists session directories with their ids. Hashed directories
// whose session-id file is missing (a crash before any bundle was written
// in them) are skipped.
func (s *Store) sessionDirs() ([]sessionDirEnt, error) {
	ents, err := s.fs.ReadDir(s.root)
	if err != nil {
		return nil, &Error{Op: "readdir", Path: s.root, Err: err}
	}
	var out []sessionDirEnt
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		id, hashed, ok := decodeSessionDir(e.Name())
		if !ok {
			continue
		}
		dir := filepath.Join(s.root, e.Name())
		if hashed {
			b, err := s.readSmall(filepath.Join(dir, sessionIDFile))
			if err != nil || encodeSessionID(string(b)) != e.Name() {
				s.opts.Logger.Warn("bundle: hashed session directory without a valid session-id file", "dir", dir)
				continue
			}
			id = string(b)
		}
		out = append(out, sessionDirEnt{id: id, dir: dir})
	}
	return out, nil
}

// DeleteSession removes a session and all its bundles (the session-delete
// cleanup hook of EF-RFC-001 §25). The directory is first renamed to a
// tombstone and the root fsynced, so after a crash the session is either
// fully present or gone (a leftover tombstone is removed by the next Open).
// Deleting a session that does not exist is not an error.
func (s *Store) DeleteSession(ctx context.Context, sessionID string) error {
	if !ValidSessionID(sessionID) {
		return invalidSessionID(sessionID)
	}
	end, err := s.beginWrite(ctx)
	if err != nil {
		return err
	}
	defer end()
	ss, unlock, err := s.lockSession(ctx, sessionID)
	if err != nil {
		return err
	}
	defer unlock()
	dir := s.sessionDir(sessionID)
	if _, err := s.fs.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		ss.ready = false
		return nil
	}
	tomb := filepath.Join(s.root, tombPrefix+filepath.Base(dir))
	if err := s.fs.RemoveAll(tomb); err != nil {
		return &Error{Op: "remove", Path: tomb, Err: err}
	}
	ss.ready = false
	if err := s.fs.Rename(dir, tomb); err != nil {
		return s.failStop(&Error{Op: "rename", Path: dir, Err: err})
	}
	if err := s.fs.SyncDir(s.root); err != nil {
		return s.failStop(&Error{Op: "syncdir", Path: s.root, Err: err})
	}
	if err := s.fs.RemoveAll(tomb); err != nil {
		return &Error{Op: "remove", Path: tomb, Err: err}
	}
	if err := s.fs.SyncDir(s.root); err != nil {
		return s.failStop(&Error{Op: "syncdir", Path: s.root, Err: err})
	}
	return nil
}

// GC removes orphan bundles: files whose checkpoint id is not in
// referenced and that were last modified more than grace ago (by
// Options.Now). It also removes temp files older than grace. A nil
// referenced map means "reference set unknown": no bundle is removed, only
// temp files (an empty non-nil map means nothing is referenced). A file
// whose checkpoint id cannot be determined is kept and counted in Skipped.
// Sessions are processed one at a time under their write lock.
func (s *Store) GC(ctx context.Context, referenced map[string]bool, grace time.Duration) (GCReport, error) {
	var rep GCReport
	end, err := s.beginWrite(ctx)
	if err != nil {
		return rep, err
	}
	defer end()
	cutoff := s.opts.Now().Add(-grace)
	dirs, err := s.sessionDirs()
	if err != nil {
		return rep, err
	}
	for _, sd := range dirs {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		rep.Sessions++
		if err := s.gcSession(ctx, sd, referenced, cutoff, &rep); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func (s *Store) gcSession(ctx context.Context, sd sessionDirEnt, referenced map[string]bool, cutoff time.Time, rep *GCReport) error {
	_, unlock, err := s.lockSession(ctx, sd.id)
	if err != nil {
		return err
	}
	defer unlock()
	if err := s.trust(sd.dir); err != nil {
		return err
	}
	n, err := s.sweepDir(sd.dir, cutoff)
	rep.TempsRemoved += n
	if err != nil {
		return err
	}
	infos, err := s.listDir(ctx, sd.id, sd.dir)
	if err != nil {
		return err
	}
	var drop []Info
	for _, in := range infos {
		rep.Scanned++
		if in.CheckpointID == "" {
			if !in.ModTime.IsZero() && in.ModTime.Before(cutoff) {
				rep.Skipped++
			}
			rep.Kept++
			continue
		}
		if referenced == nil || referenced[in.CheckpointID] || in.ModTime.IsZero() || !in.ModTime.Before(cutoff) {
			rep.Kept++
			continue
		}
		drop = append(drop, in)
	}
	if len(drop) == 0 {
		return nil
	}
	// Unlist first: a crash after this leaves unlisted files, never a
	// manifest naming a bundle that GC removed.
	gone := map[string]bool{}
	for _, in := range drop {
		gone[filepath.Base(in.Path)] = true
	}
	if err := s.manifestRemove(sd.dir, gone); err != nil {
		return err
	}
	for _, in := range drop {
		if err := s.fs.Remove(in.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return &Error{Op: "remove", Path: in.Path, Err: err}
		}
		s.opts.Logger.Info("bundle: gc removed orphan", "session", sd.id, "checkpoint", in.CheckpointID, "bytes", in.Bytes)
		rep.Removed = append(rep.Removed, in.CheckpointID)
		rep.BytesFreed += in.Bytes
	}
	if err := s.fs.SyncDir(sd.dir); err != nil {
		return s.failStop(&Error{Op: "syncdir", Path: sd.dir, Err: err})
	}
	return nil
}
