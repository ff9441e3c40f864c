package bundle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// The manifest of a session directory lists the bundle files the Store
// acknowledged there, so that a bundle lost or deleted behind the store's
// back is reported (Audit) rather than silently absent:
//
//	ef-manifest 1
//	<bundle file name>
//	...
//
// Put adds a file only after it is durable and verified, and before it
// returns the receipt, in place of a listed file of the same checkpoint
// that is gone (the checkpoint stored again is no longer lost); GC removes
// names before it removes files. The
// manifest is replaced whole, crash-atomically (temp file, fsync, rename,
// directory fsync), under the session's and the store's locks. A session
// written before manifests existed gets one on its next write, listing the
// bundle files already there.
const (
	manifestFile   = "manifest"
	manifestHeader = "ef-manifest 1"
	maxManifest    = 64 << 20
)

// readManifest returns the file names a session's manifest lists; ok is
// false when it has none.
func (s *Store) readManifest(dir string) (names []string, ok bool, err error) {
	p := filepath.Join(dir, manifestFile)
	f, err := s.fs.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, &Error{Op: "open", Path: p, Err: err}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	if err != nil {
		return nil, false, &Error{Op: "read", Path: p, Err: err}
	}
	if len(data) > maxManifest {
		return nil, false, &Error{Op: "read", Path: p, Err: fmt.Errorf("manifest larger than %d bytes", maxManifest)}
	}
	lines := strings.Split(string(data), "\n")
	if len(lines) == 0 || lines[0] != manifestHeader {
		return nil, false, &Error{Op: "read", Path: p, Err: fmt.Errorf("%w: not an %q file", ErrUnknownVersion, manifestHeader)}
	}
	for _, l := range lines[1:] {
		if l == "" {
			continue
		}
		if _, _, ok := parseBundleFileName(l); !ok {
			return nil, false, &Error{Op: "read", Path: p, Err: fmt.Errorf("manifest line %q is not a bundle file name", l)}
		}
		names = append(names, l)
	}
	return names, true, nil
}

func (s *Store) writeManifest(dir string, names []string) error {
	var b bytes.Buffer
	b.WriteString(manifestHeader + "\n")
	for _, n := range names {
		b.WriteString(n + "\n")
	}
	return s.writeDurable(dir, manifestFile, b.Bytes())
}

// manifestAdd lists name in dir's manifest, in place of any name of the
// same checkpoint the manifest lists. Caller holds the session's and the
// store's locks.
//
// A listed name of the same checkpoint is a file that is gone: Put writes
// a new file only when it found none of the checkpoint (and answers from
// the one it found otherwise; two are refused as ambiguous), under these
// locks. Such a name was an acknowledged bundle lost (Audit's Missing);
// the checkpoint stored again under the same id, typically by a re-fold of
// the log with a new createdAt and so a new file hash, is no longer lost,
// and leaving the old name listed would report it lost forever.
func (s *Store) manifestAdd(dir, name string) error {
	names, ok, err := s.readManifest(dir)
	if err != nil {
		return err
	}
	stem, _, _ := parseBundleFileName(name)
	kept := slices.DeleteFunc(slices.Clone(names), func(n string) bool {
		st, _, _ := parseBundleFileName(n)
		return st == stem && n != name
	})
	listed := slices.Contains(kept, name)
	if listed && len(kept) == len(names) {
		return nil
	}
	names = kept
	if listed {
		return s.writeManifest(dir, names)
	}
	if !ok {
		// A session from before manifests: adopt what is there.
		ents, err := s.fs.ReadDir(dir)
		if err != nil {
			return &Error{Op: "readdir", Path: dir, Err: err}
		}
		for _, e := range ents {
			if _, _, isBundle := parseBundleFileName(e.Name()); isBundle && e.Type().IsRegular() && e.Name() != name {
				names = append(names, e.Name())
			}
		}
	}
	return s.writeManifest(dir, append(names, name))
}

// manifestRemove unlists the names in gone. Caller holds the locks.
func (s *Store) manifestRemove(dir string, gone map[string]bool) error {
	names, ok, err := s.readManifest(dir)
	if err != nil || !ok {
		return err
	}
	kept := slices.DeleteFunc(names, func(n string) bool { return gone[n] })
	return s.writeManifest(dir, kept)
}

// Acknowledged reports whether the store acknowledged a bundle of the
// checkpoint: the session's manifest lists one (or, for a session written
// before manifests, its file is there). It tells a checkpoint that a read
// reports missing but was stored here (lost: Audit lists it as Missing)
// apart from one this store never had, such as an id mistyped or made up.
// It takes no lock, like a read.
func (s *Store) Acknowledged(ctx context.Context, sessionID, checkpointID string) (bool, error) {
	if err := checkIDs(sessionID, checkpointID); err != nil {
		return false, err
	}
	end, err := s.begin(ctx)
	if err != nil {
		return false, err
	}
	defer end()
	dir := s.sessionDir(sessionID)
	if err := s.trust(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
		return false, err
	}
	names, ok, err := s.readManifest(dir)
	if err != nil {
		return false, err
	}
	if !ok {
		_, ok, err := s.find(dir, checkpointID)
		return ok, err
	}
	stem := checkpointStem(checkpointID)
	for _, n := range names {
		if st, _, _ := parseBundleFileName(n); st == stem {
			return true, nil
		}
	}
	return false, nil
}

// Audit is what the store's directories say beyond the bundles
// themselves: acknowledged bundles that are gone, bundle files no manifest
// lists, and entries that are not the store's own. It is a plain value.
type Audit struct {
	// Missing are bundles a manifest lists (they were acknowledged) whose
	// file is gone: lost data.
	Missing []Missing
	// Unlisted are bundle files no manifest lists: written but never
	// acknowledged (a crash between the write and the manifest), or from a
	// session that predates manifests (see Unmanifested).
	Unlisted []string
	// Unmanifested are session directories holding bundles but no
	// manifest (written before manifests existed; the next write adds one).
	Unmanifested []string
	// Foreign are entries that are not the store's: symbolic links,
	// unknown files and directories, untrusted session directories. Each
	// is "path: why".
	Foreign []string
}

// Missing is an acknowledged bundle whose file is gone; a plain value.
type Missing struct {
	SessionID    string
	CheckpointID string
	Path         string
}

// Audit walks the store's root and session directories (without following
// links) and compares them with the manifests. It takes no lock: run next
// to a writer, it can see a bundle written but not yet listed as
// Unlisted.
func (s *Store) Audit(ctx context.Context) (Audit, error) {
	var a Audit
	end, err := s.begin(ctx)
	if err != nil {
		return a, err
	}
	defer end()
	ents, err := s.fs.ReadDir(s.root)
	if err != nil {
		return a, &Error{Op: "readdir", Path: s.root, Err: err}
	}
	for _, e := range ents {
		name, p := e.Name(), filepath.Join(s.root, e.Name())
		link := e.Type()&fs.ModeSymlink != 0
		switch {
		case link:
			a.Foreign = append(a.Foreign, p+": symbolic link")
		case name == lockFileName:
			if !e.Type().IsRegular() {
				a.Foreign = append(a.Foreign, p+": LOCK is not a regular file")
			}
		case strings.HasPrefix(name, "."):
			// .del-* tombstones and companions such as the recall index.
		default:
			id, hashed, ok := decodeSessionDir(name)
			if !ok || !e.IsDir() {
				a.Foreign = append(a.Foreign, p+": not a session directory of this store")
				continue
			}
			if err := s.trust(p); err != nil {
				a.Foreign = append(a.Foreign, p+": "+err.Error())
				continue
			}
			if hashed {
				b, err := s.readSmall(filepath.Join(p, sessionIDFile))
				if err != nil || encodeSessionID(string(b)) != name {
					a.Foreign = append(a.Foreign, p+": hashed session directory without a valid session-id file")
					continue
				}
				id = string(b)
			}
			if err := s.auditSession(ctx, id, p, &a); err != nil {
				return a, err
			}
		}
	}
	return a, nil
}

func (s *Store) auditSession(ctx context.Context, id, dir string, a *Audit) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	names, hasManifest, err := s.readManifest(dir)
	if err != nil {
		a.Foreign = append(a.Foreign, filepath.Join(dir, manifestFile)+": "+err.Error())
	}
	ents, err := s.fs.ReadDir(dir)
	if err != nil {
		return &Error{Op: "readdir", Path: dir, Err: err}
	}
	present := map[string]bool{}
	bundles := 0
	for _, e := range ents {
		name, p := e.Name(), filepath.Join(dir, e.Name())
		_, _, isBundle := parseBundleFileName(name)
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			a.Foreign = append(a.Foreign, p+": symbolic link")
		case !e.Type().IsRegular():
			a.Foreign = append(a.Foreign, p+": not a regular file")
		case isBundle:
			present[name] = true
			bundles++
		case name == manifestFile, name == sessionIDFile, isTempName(name):
		default:
			a.Foreign = append(a.Foreign, p+": not a file of this store")
		}
	}
	listed := map[string]bool{}
	for _, n := range names {
		listed[n] = true
		if !present[n] {
			stem, _, _ := parseBundleFileName(n)
			cid, _ := decodeCheckpointStem(stem)
			a.Missing = append(a.Missing, Missing{SessionID: id, CheckpointID: cid, Path: filepath.Join(dir, n)})
		}
	}
	if !hasManifest && bundles > 0 {
		a.Unmanifested = append(a.Unmanifested, dir)
	}
	for n := range present {
		if !listed[n] {
			a.Unlisted = append(a.Unlisted, filepath.Join(dir, n))
		}
	}
	slices.Sort(a.Unlisted)
	return nil
}
