// Package store opens an EF store: the bundle store at a root directory and
// the caches derived from it under reserved dot-names in the same root (the
// recall index at .recall; see bundle's package doc), wired for the engine.
// Every command, the sidecar and the bench open a store through Open, so the
// layout and the order of opening are written once.
//
// The bundles are the truth and the index is a rebuildable cache: Open
// fails only when the bundle store cannot be opened (or the directory
// holds other files and no store, ErrNotAStore); an index that cannot
// be opened (another process holds it) leaves Store.Index nil and says why
// in Store.IndexErr, and folds and exact recall go on without it.
package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// Options configures Open. The zero value opens the bundles for writing
// (each write takes the store's lock, waiting bundle's default) and opens
// the index. When another process (or another open Store of this one)
// holds the index's lock, Open waits for it about a second (recall's lock
// timeout) and then returns the Store with Index nil and IndexErr saying
// so: the bundles still work, and a second Open in one process costs
// that second.
type Options struct {
	// Logger receives the bundle store's and the index's notes; nil
	// discards them.
	Logger *slog.Logger
	// ReadOnly opens the bundles read-only, for inspection next to a
	// running engine (ef search, ef recall, ef mcp). The index is then
	// opened read-only when it is current with the bundles (no write
	// lock: readers coexist, and a store directory this user cannot write
	// is searchable); otherwise as a writer, for the caller to Sync
	// (IndexReadOnly and IndexNote say which, and why).
	ReadOnly bool
	// NoIndex leaves the index closed (commands that only read bundles).
	NoIndex bool
	// LockWait is called about once a second while a write waits for the
	// store lock another process holds (bundle.Options.LockWait): the
	// place for a progress line. Nil means silent.
	LockWait func(waited time.Duration)
	// FS is the bundle store's filesystem (bundle.Options.FS); nil means
	// the operating system's. Tests inject faults through it.
	FS bundle.FS
}

// Store is an open bundle store with its recall index.
//
// A Store is safe for concurrent use as far as its parts are; Close is
// idempotent.
type Store struct {
	// Dir is the root directory.
	Dir string
	// Bundles is the bundle store.
	Bundles *bundle.Store
	// Index is the recall index, or nil (Options.NoIndex, or IndexErr).
	Index *recall.Index
	// IndexErr says why the index could not be opened.
	IndexErr error
	// IndexReadOnly is set when Options.ReadOnly opened the index
	// read-only (it was current with the bundles): Sync and Add fail on
	// it, and it does not see bundles written after Open.
	IndexReadOnly bool
	// IndexNote says, in words for a person, how Options.ReadOnly opened
	// the index when that is worth a line: read-only in a directory this
	// user cannot write, or as a writer because it was behind ("" in the
	// ordinary cases: current, or opened as a writer from the start).
	IndexNote string
}

var _ engine.Archive = (*bundle.Store)(nil)

// Open opens the bundle store at dir (created 0700 unless ReadOnly) and its
// index. An error means the bundles could not be opened; an empty dir is
// ErrNoDir (use "." for the working directory), and a directory that holds
// entries but none of a store's (IsStoreEntry) is ErrNotAStore: Open makes
// a new store only in a missing or empty directory, never among other
// files (Options.FS set, this check is the caller's).
//
// Open a directory once per process and share the Store (it is safe for
// concurrent use): the index takes a lock held until Close, so a second
// Open of the same dir, in this process as in another, waits about a
// second for it and comes back without an index (IndexErr wraps
// recall.ErrLocked, whose text says "another process").
func Open(dir string, opts Options) (*Store, error) {
	if dir == "" {
		return nil, ErrNoDir
	}
	if opts.FS == nil {
		if err := checkStoreDir(dir); err != nil {
			return nil, err
		}
	}
	b, err := bundle.Open(dir, bundle.Options{Logger: opts.Logger, ReadOnly: opts.ReadOnly, LockWait: opts.LockWait, FS: opts.FS})
	if err != nil {
		return nil, err
	}
	s := &Store{Dir: dir, Bundles: b}
	switch {
	case opts.NoIndex:
	case opts.ReadOnly:
		s.openReaderIndex(opts.Logger)
	default:
		s.Index, s.IndexErr = recall.Open(IndexDir(dir), s.Source(), recall.Options{Logger: opts.Logger})
	}
	return s, nil
}

// openReaderIndex opens the index for a reader: read-only when it holds
// exactly the store's checkpoints, else as a writer (the caller syncs it).
// A read-only index that is behind and cannot be opened as a writer (the
// directory is not writable, or another process writes it) is closed and
// IndexErr says both.
func (s *Store) openReaderIndex(logger *slog.Logger) {
	ctx := context.Background()
	ro, err := recall.Open(IndexDir(s.Dir), s.Source(), recall.Options{Logger: logger, ReadOnly: true, LockTimeout: 200 * time.Millisecond})
	behind := ""
	if err == nil {
		missing, stale, total, cerr := IndexBehind(ctx, ro, s.Source())
		if cerr == nil && missing == 0 && stale == 0 {
			s.Index, s.IndexReadOnly = ro, true
			if why := unwritable(IndexDir(s.Dir)); why != "" {
				s.IndexNote = fmt.Sprintf("the store's index %s; opened it read-only: it is current (%d checkpoints)", why, total)
			}
			return
		}
		ro.Close()
		if cerr != nil {
			behind = fmt.Sprintf("cannot compare the store's index with the bundles (%v)", cerr)
		} else {
			behind = fmt.Sprintf("the store's index lacks %d of the store's %d checkpoints and holds %d it no longer has", missing, total, stale)
		}
	}
	s.Index, s.IndexErr = recall.Open(IndexDir(s.Dir), s.Source(), recall.Options{Logger: logger})
	if s.IndexErr != nil && behind != "" {
		s.IndexErr = fmt.Errorf("%s, and it cannot be brought up to date: %w", behind, s.IndexErr)
	} else if s.IndexErr == nil && behind != "" {
		s.IndexNote = behind + "; opened it as a writer to bring it up to date"
	}
}

// IndexBehind compares an index with a store's bundles by checkpoint id
// (bundles are immutable: an id names one content): missing are the
// store's checkpoints the index lacks, stale the index's checkpoints the
// store no longer has, total the store's checkpoints. It reads only the
// session directories' listings.
func IndexBehind(ctx context.Context, ix *recall.Index, src recall.Source) (missing, stale, total int, err error) {
	sessions, err := src.Sessions(ctx)
	if err != nil {
		return 0, 0, 0, err
	}
	wm := ix.Watermark()
	for _, sid := range sessions {
		var infos []recall.CheckpointInfo
		if names, ok := src.(recall.NameLister); ok {
			infos, err = names.ListNames(ctx, sid)
		} else {
			infos, err = src.List(ctx, sid)
		}
		if err != nil {
			return 0, 0, 0, err
		}
		held := map[string]bool{}
		for _, id := range wm[sid] {
			held[id] = true
		}
		total += len(infos)
		for _, ci := range infos {
			if held[ci.CheckpointID] {
				delete(held, ci.CheckpointID)
			} else {
				missing++
			}
		}
		stale += len(held)
		delete(wm, sid)
	}
	for _, ids := range wm {
		stale += len(ids)
	}
	return missing, stale, total, nil
}

// IndexDir returns where the recall index of the store rooted at root
// lives: "<root>/.recall", a dot-name the bundle store reserves for
// derived caches, so the index sits beside the bundles, under the same
// permissions, and is deleted with them.
func IndexDir(root string) string { return recall.StoreIndexDir(root) }

// Source returns the bundles as the recall package reads them. That of a
// zero, nil or closed Store answers every call with an error
// (bundlesource.ErrNoStore).
func (s *Store) Source() recall.Source {
	if s == nil {
		return bundlesource.New(nil)
	}
	return bundlesource.New(s.Bundles)
}

// Wire sets o's Archive to the bundles and, when the index is open, o's
// Indexer to add each committed checkpoint to it. A nil s or o does
// nothing.
func (s *Store) Wire(o *engine.Options) {
	if s == nil || o == nil {
		return
	}
	o.Archive = s.Bundles
	if ix := s.Index; ix != nil {
		o.Indexer = engine.IndexerFunc(func(ctx context.Context, sessionID, checkpointID string) error {
			_, err := ix.Add(ctx, sessionID, checkpointID)
			return err
		})
	}
}

// Close closes the index and the bundles. It is idempotent; closing a
// nil Store does nothing.
func (s *Store) Close() error {
	if s == nil {
		return nil
	}
	var errs []error
	if s.Index != nil {
		errs = append(errs, s.Index.Close())
		s.Index = nil
	}
	if s.Bundles != nil {
		errs = append(errs, s.Bundles.Close())
		s.Bundles = nil
	}
	return errors.Join(errs...)
}

// checkStoreDir refuses a directory that holds entries and none of a
// store's; a missing or empty one, or one that cannot be listed (bundle.Open
// says why), passes.
func checkStoreDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 || slices.ContainsFunc(entries, IsStoreEntry) {
		return nil
	}
	n := fmt.Sprintf("%d entries", len(entries))
	if len(entries) == 1 {
		n = "1 entry"
	}
	return fmt.Errorf("%w: %s holds %s and no store files (LOCK, session directories); a new store is made only in a missing or empty directory", ErrNotAStore, dir, n)
}

// IsStoreEntry reports whether an entry of a directory's root is one a
// store writes: its LOCK, the recall index (.recall, and .recall.* beside
// it), a writer's temporary or deleted entries (.tmp-*, .del-*), or a
// session directory (s-*, h-*; see package bundle's layout).
func IsStoreEntry(e os.DirEntry) bool {
	n := e.Name()
	switch {
	case n == "LOCK", n == ".recall", strings.HasPrefix(n, ".recall."),
		strings.HasPrefix(n, ".tmp-"), strings.HasPrefix(n, ".del-"),
		e.IsDir() && (strings.HasPrefix(n, "s-") || strings.HasPrefix(n, "h-")):
		return true
	}
	return false
}
