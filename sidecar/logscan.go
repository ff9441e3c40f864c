package sidecar

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/store"
)

// Sessions that ended with folds not archived.
//
// A session can end with folds whose spans no bundle archives: the
// sidecar could not run at all (a missing binary), it was down when the
// session ended, or the store could not be written until then. The
// session log holds those spans, so a later sidecar can archive them from
// it, but only a resumed session is ever mirrored again. So the plugin
// leaves a note in the session's own directory of the host (DSH keeps one
// per session, beside its log, for session-local files): PendingMarker,
// written when a fold's span is left unarchived and removed once nothing of
// the session waits. A sidecar, at the first session/open that names the
// session's log (SessionOpenParams.LogPath), looks in the sibling
// directories (the other sessions of the same project directory) for the
// note, and archives from each such log, in the background, the folds it
// holds without a bundle: the host's own checkpoints, the pruner's cuts,
// and EF checkpoints compiled without a writable store. An EF checkpoint
// whose bundle was written when it was compiled is never archived again
// (its bundle is gone only if it was deleted), and a session without the
// note is not read at all: a session deleted from the store stays deleted.
// The bundles get the ids a live mirror would give them
// (engine.ArchiveFolded), so nothing is archived twice.

// PendingMarker is the name of the note dsh-plugin leaves in a session's
// directory (beside its log) while folds of the session wait to be
// archived from the log.
const PendingMarker = "ef-unarchived"

// logNames are the names of a session's log in its directory, as DSH's
// JSONL persistence writes it (Zstandard, or plain).
var logNames = []string{"session.jsonl.zstd", "session.jsonl"}

// logScan is the background archive of other sessions' logs.
type logScan struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// startLogScan archives, in a goroutine of its own, the waiting folds of
// the sessions under dir (one directory per session, as DSH keeps them)
// that carry PendingMarker, except the sessions this sidecar mirrors (their
// mirrors archive them) and skip. It runs at most once per directory;
// stopLogScan (Close, recreateStore) stops it and waits for it.
func (srv *Server) startLogScan(dir, skip string) {
	if dir == "" || srv.store == nil || srv.scan != nil {
		return
	}
	srv.scanDir = dir
	ex := map[string]bool{}
	if skip != "" {
		ex[skip] = true
	}
	for id := range srv.sessions {
		ex[id] = true
	}
	ctx, cancel := context.WithCancel(context.Background())
	sc := &logScan{cancel: cancel, done: make(chan struct{})}
	srv.scan = sc
	st, logger := srv.store, srv.logger
	go func() {
		defer close(sc.done)
		scanLogs(ctx, st, dir, ex, logger)
	}()
}

// stopLogScan stops the background archive of other sessions' logs and
// waits for it (the store it writes is about to close).
func (srv *Server) stopLogScan() {
	if srv.scan == nil {
		return
	}
	srv.scan.cancel()
	<-srv.scan.done
	srv.scan = nil
}

// scanLogs is the background archive: each session directory under dir
// with PendingMarker (and a session not in skip) is read and archived.
// Nothing here is fatal: a log that cannot be read is logged and left, its
// note with it, for the next sidecar.
func scanLogs(ctx context.Context, st *store.Store, dir string, skip map[string]bool, logger *slog.Logger) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			logger.Warn("cannot look for sessions with folds waiting to be archived", "dir", dir, "err", err)
		}
		return
	}
	for _, e := range ents {
		if ctx.Err() != nil {
			return
		}
		if !e.IsDir() {
			continue
		}
		sd := filepath.Join(dir, e.Name())
		marker := filepath.Join(sd, PendingMarker)
		if _, err := os.Lstat(marker); err != nil {
			continue
		}
		path := ""
		for _, name := range logNames {
			if fi, err := os.Lstat(filepath.Join(sd, name)); err == nil && fi.Mode().IsRegular() {
				path = filepath.Join(sd, name)
				break
			}
		}
		if path == "" {
			continue
		}
		s, err := hostshim.ReadSession(path, hostshim.LogOptions{})
		if err != nil {
			logger.Warn("cannot read a session log with folds waiting to be archived; left for the next sidecar", "log", path, "err", err)
			continue
		}
		if skip[s.ID] {
			continue
		}
		archived, pending, why := archiveLog(ctx, st, s)
		if archived > 0 {
			logger.Info("archived folds an earlier session committed without an EF bundle, from its log", "session", s.ID, "folds", archived, "log", path)
		}
		if pending > 0 {
			logger.Warn("folds of an earlier session still cannot be archived from its log", "session", s.ID, "folds", pending, "err", why, "log", path)
			continue
		}
		if ctx.Err() == nil {
			if err := os.Remove(marker); err != nil && !errors.Is(err, fs.ErrNotExist) {
				logger.Warn("cannot remove the note of a session whose folds are all archived", "marker", marker, "err", err)
			}
		}
	}
}

// archiveLog archives from s, a session read from its log, every committed
// fold that has no bundle and is to be archived from the log (see the
// comment above PendingMarker): archived is how many it wrote, pending how
// many it could not, and why the last of them.
func archiveLog(ctx context.Context, st *store.Store, s *hostshim.Session) (archived, pending int, why string) {
	var ix engine.Indexer
	if index := st.Index; index != nil {
		ix = engine.IndexerFunc(func(ctx context.Context, sessionID, checkpointID string) error {
			_, err := index.Add(ctx, sessionID, checkpointID)
			return err
		})
	}
	sid := engine.BundleSessionID(s)
	s.Release(s.Len(), func(repl hostshim.Event, shadowed []int) bool {
		if ctx.Err() != nil {
			return false
		}
		id, ok := engine.FoldedID(s, repl, shadowed)
		if !ok {
			return false
		}
		if b, err := st.Bundles.Meta(ctx, sid, id); err == nil && b != nil {
			return false
		}
		if m, err := s.Message(repl.Seq); err != nil || engine.ArchivedByCompile(m) {
			return false
		}
		res, err := engine.ArchiveFolded(ctx, st.Bundles, ix, s, repl, slices.Clone(shadowed), time.Now())
		switch {
		case err != nil:
			pending++
			why = err.Error()
		case res != nil && res.Stored && !res.Pruned:
			archived++
		}
		return false
	})
	return archived, pending, why
}
