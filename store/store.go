// Package store opens an EF store: the bundle store at a root directory and
// the caches derived from it under reserved dot-names in the same root (the
// recall index at .recall; see bundle's package doc), wired for the engine.
// Every command, the sidecar and the bench open a store through Open, so the
// layout and the order of opening are written once.
//
// The bundles are the truth and the index is a rebuildable cache: Open
// fails only when the bundle store cannot be opened; an index that cannot
// be opened (another process holds it) leaves Store.Index nil and says why
// in Store.IndexErr, and folds and exact recall go on without it.
package store

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// Options configures Open. The zero value opens the bundles for writing
// (each write takes the store's lock, waiting bundle's default) and opens
// the index.
type Options struct {
	// Logger receives the bundle store's and the index's notes; nil
	// discards them.
	Logger *slog.Logger
	// ReadOnly opens the bundles read-only, for inspection
	// next to a running engine (ef search, ef recall). The index, a cache,
	// is still opened for writing.
	ReadOnly bool
	// NoIndex leaves the index closed (commands that only read bundles).
	NoIndex bool
	// LockWait is called about once a second while a write waits for the
	// store lock another process holds (bundle.Options.LockWait): the
	// place for a progress line. Nil means silent.
	LockWait func(waited time.Duration)
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
}

var _ engine.Archive = (*bundle.Store)(nil)

// Open opens the bundle store at dir (created 0700 unless ReadOnly) and its
// index. An error means the bundles could not be opened; an empty dir is
// ErrNoDir (use "." for the working directory).
func Open(dir string, opts Options) (*Store, error) {
	if dir == "" {
		return nil, ErrNoDir
	}
	b, err := bundle.Open(dir, bundle.Options{Logger: opts.Logger, ReadOnly: opts.ReadOnly, LockWait: opts.LockWait})
	if err != nil {
		return nil, err
	}
	s := &Store{Dir: dir, Bundles: b}
	if !opts.NoIndex {
		s.Index, s.IndexErr = recall.Open(IndexDir(dir), s.Source(), recall.Options{Logger: opts.Logger})
	}
	return s, nil
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
