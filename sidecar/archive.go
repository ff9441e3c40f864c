package sidecar

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
)

// When the store cannot be written.
//
// A fold whose bundle cannot be written (a full or read-only disk, a
// store directory removed while the session runs) goes on: fold/compile
// compiles it without writing the bundle, on the same engine (whose
// projection of the session is what the checkpoint states), and says why
// in archiveError. Its span, like that of a fold the host's summarizer
// wrote while EF could not compile it, stays in the session log and in
// the mirror (which releases only what a verified bundle holds), and
// waits in the mirror's pending folds. session/archive tries them again
// (the plugin calls it at every sync while the session has any, and when
// the session closes), so they are archived as soon as the store can be
// written again: the first try of a call stands for the rest, so a store
// that still cannot be written costs one try per call. A store whose
// directory was removed is made again first (recreateStore).

// storeArchive is the engines' view of the store (engine.Archive and
// engine.Indexer): every call goes to the store the Server has open at
// the time, so that a store opened again in place (recreateStore) serves
// the engines made before, with the projections of the sessions they
// keep.
type storeArchive struct{ srv *Server }

var (
	_ engine.Archive = storeArchive{}
	_ engine.Indexer = storeArchive{}
)

// Put implements engine.Archive.
func (a storeArchive) Put(ctx context.Context, b *bundle.CheckpointV1) (bundle.Receipt, error) {
	if a.srv.store == nil {
		return bundle.Receipt{}, fmt.Errorf("%w: %s", ErrNoStore, a.srv.storeErr)
	}
	return a.srv.store.Bundles.Put(ctx, b)
}

// Meta implements engine.Archive.
func (a storeArchive) Meta(ctx context.Context, sessionID, checkpointID string) (*bundle.CheckpointV1, error) {
	if a.srv.store == nil {
		return nil, fmt.Errorf("%w: %s", ErrNoStore, a.srv.storeErr)
	}
	return a.srv.store.Bundles.Meta(ctx, sessionID, checkpointID)
}

// Index implements engine.Indexer: the bundle goes into the store's recall
// index, when there is one (without it there is nothing to update; an
// index opened later takes the bundle in at its first sync).
func (a storeArchive) Index(ctx context.Context, sessionID, checkpointID string) error {
	if a.srv.store == nil || a.srv.store.Index == nil {
		return nil
	}
	_, err := a.srv.store.Index.Add(ctx, sessionID, checkpointID)
	return err
}

// archiveCause is why a fold's bundle could not be written, for
// archiveError and the plugin's log, in words for a person: the system's
// reason and what the store was doing where ("write in /store: no space
// left on device"), not the temporary file's name; any other error
// without the fold's own prefix.
func archiveCause(err error, storeDir string) string {
	var be *bundle.Error
	var pe *fs.PathError
	if errors.As(err, &be) && errors.As(be.Err, &pe) && storeDir != "" {
		return fmt.Sprintf("%s in %s: %v", be.Op, storeDir, pe.Err)
	}
	var fe *engine.FoldError
	if errors.As(err, &fe) && fe.Err != nil {
		return fe.Err.Error()
	}
	return err.Error()
}

// recreateStore opens the store again when its directory was removed
// while the sidecar ran: every write then fails (the lock file went with
// it), and no write makes the directory again. It reports whether the
// store is open again.
//
// It is safe only then: nothing is at the path, so nothing is clobbered,
// and an empty store there is what the next sidecar would open at its
// start. Anything else at the path (a file, a directory that cannot be
// written, a full disk) is left as it is, and so is a store that was never
// open here. The engines keep their projections (they reach the store
// through storeArchive). The bundles that went with the directory are
// gone; what they archived is in the session logs still, so every mirror
// that released spans is marked for a resync (the plugin sends the log
// whole at its next fold, and the fresh mirror archives from it every
// checkpoint whose bundle is missing), and every mirror archives again the
// folds it had archived from the log.
func (srv *Server) recreateStore(ctx context.Context) bool {
	if !srv.storeOpened || srv.storeDir == "" {
		return false
	}
	if _, err := os.Lstat(srv.storeDir); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	scan := srv.scanDir
	srv.stopLogScan()
	srv.closeStore()
	if !srv.openStore(ctx) {
		srv.storeErr = "the store directory was removed, and making it again failed: " + srv.storeErr
		return false
	}
	srv.logger.Warn("the bundle store's directory was removed while the sidecar ran; made it again (the bundles that were in it are gone; the session logs still hold what they archived)", "dir", srv.storeDir)
	for id, ss := range srv.sessions {
		ss.logged = nil
		if ss.broken == "" && ss.released {
			ss.broken = "the bundle store was removed and made again: the mirror released spans whose bundles went with it, which the whole log lets it archive again"
			srv.logger.Info("mirror marked for a resync", "session", id, "reason", ss.broken)
		}
	}
	if scan != "" {
		srv.startLogScan(scan, "")
	}
	return true
}
