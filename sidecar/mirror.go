package sidecar

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"time"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// mirror is EF's copy of one host session, rebuilt from the events the
// plugin forwards through the same append rules the host applies.
type mirror struct {
	s      *hostshim.Session
	used   uint64       // Server.tick at the last use, for the LRU bound
	broken string       // why the mirror cannot be trusted; "" when it can
	plan   *plannedFold // the last fold/plan's answer, until fold/compile
	// archived are the folds this sidecar archived from the log (folds
	// the host committed without EF), until session/archive reports them;
	// pending those it could not archive, by replacement seq, with why:
	// they are tried again by session/archive, not at every release.
	archived []FoldedSpan
	pending  map[int]FoldedSpan
	retry    bool         // the next release tries the pending folds again
	logged   map[int]bool // replacement seqs whose folds are archived from the log
	// released: the mirror released the span of a fold (a verified
	// bundle held it), so only the log has it if the bundle goes.
	released bool
	// blocked is why an archive write of the release under way failed
	// ("" when none did): the store cannot be written, so the release
	// tries no other fold (each would cost a bundle's encoding to fail
	// the same way) and notes them pending with this reason. A release
	// that is no retry starts blocked while folds are pending.
	blocked string
}

// plannedFold is what fold/plan decided, so that fold/compile of the same
// span folds it in the planned mode.
type plannedFold struct {
	mode       engine.Mode
	seqs       []int
	bestEffort bool // an emergency plan made with FoldRequest.BestEffort
	pressure   bool // a pressure plan held to the gain rule (engine.HostedFold.Pressure)
}

// generationOf tells a live session's wire generation from its events:
// 0.1.7 logs carry system/developer messages or startSeq/endSeq replaces.
func generationOf(events []hostshim.EventJSON) hostshim.Generation {
	for _, e := range events {
		if e.Type == hostshim.TypeSystemMessage || e.Type == hostshim.TypeDeveloperMessage {
			return hostshim.Gen017
		}
		if e.SurfaceOp != nil && e.SurfaceOp.Replace && e.SurfaceOp.Generation() == hostshim.Gen017 {
			return hostshim.Gen017
		}
	}
	return hostshim.Gen01
}

func (srv *Server) openSession(id string, events []hostshim.EventJSON) {
	if _, ok := srv.sessions[id]; !ok {
		srv.evict(srv.opts.maxSessions() - 1)
	}
	ss := &mirror{s: hostshim.NewSession(id, generationOf(events))}
	srv.sessions[id] = ss
	srv.touch(ss)
	srv.appendTo(ss, 0, events)
	srv.release(ss)
}

// closeSession drops a mirror (session/close). Its bundles stay in the
// store, searchable and recallable.
func (srv *Server) closeSession(id string) {
	srv.drop(id)
}

// drop removes a mirror and the projections the engines cached for it.
func (srv *Server) drop(id string) {
	if ss, ok := srv.sessions[id]; ok {
		for _, eng := range srv.engines {
			eng.Forget(ss.s)
		}
	}
	delete(srv.sessions, id)
}

// touch marks a mirror as just used.
func (srv *Server) touch(ss *mirror) {
	srv.tick++
	ss.used = srv.tick
}

// evict drops the least recently used mirrors until at most keep remain.
// A dropped session's next fold answers CodeResync and the plugin sends
// it again; its bundles are untouched.
func (srv *Server) evict(keep int) {
	for len(srv.sessions) > max(keep, 0) {
		var oldest string
		var used uint64
		for id, ss := range srv.sessions {
			if oldest == "" || ss.used < used {
				oldest, used = id, ss.used
			}
		}
		srv.logger.Info("dropping the least recently used session mirror", "session", oldest, "mirrors", len(srv.sessions))
		srv.drop(oldest)
	}
}

func (srv *Server) appendEvents(id string, from int, events []hostshim.EventJSON) {
	ss, ok := srv.sessions[id]
	if !ok {
		srv.logger.Warn("events for an unknown session; waiting for session/open", "session", id)
		return
	}
	srv.touch(ss)
	srv.appendTo(ss, from, events)
	srv.release(ss)
}

func (srv *Server) appendTo(ss *mirror, from int, events []hostshim.EventJSON) {
	if ss.broken != "" {
		return
	}
	if from != ss.s.Len() {
		ss.broken = fmt.Sprintf("events from seq %d, mirror holds %d", from, ss.s.Len())
		return
	}
	for _, ej := range events {
		e, err := ej.Event()
		if err == nil {
			err = ss.s.AppendEvent(e)
		}
		if err != nil {
			ss.broken = fmt.Sprintf("seq %d: %v", ej.Seq, err)
			srv.logger.Warn("mirror refused an event", "session", ss.s.ID, "err", err)
			return
		}
	}
}

// mirrorOf returns a session's mirror, or a resync error when it is missing,
// broken or shorter than the host's log.
func (srv *Server) mirrorOf(id string, length int) (*mirror, error) {
	ss, ok := srv.sessions[id]
	switch {
	case !ok:
		return nil, rpcErr(CodeResync, "session %q is not mirrored", id)
	case ss.broken != "":
		return nil, rpcErr(CodeResync, "mirror of session %q is broken: %s", id, ss.broken)
	case length > 0 && length != ss.s.Len():
		return nil, rpcErr(CodeResync, "mirror of session %q holds %d events, the host %d", id, ss.s.Len(), length)
	}
	srv.touch(ss)
	return ss, nil
}

// release drops from the mirror what it no longer needs
// (hostshim.Session.Release): log-only events that are not the newest of
// their kind, and the message events a committed fold took off the
// surface once that fold's span is archived in the store, verified. What
// is left is the surface (the working tail, the checkpoints), the newest
// header, turn and bracket events, and about a byte per released event,
// so a mirror's memory follows its surface, not its history. The folds
// still have what they read: the surface; a projection that must be
// rebuilt comes from the checkpoints' bundle snapshots (engine); recall
// reads the bundles.
//
// A fold the host committed without an EF bundle (its own summary, while
// the sidecar was down) is archived here, from the log (engine.ArchiveFolded):
// so the first session/open of a new sidecar archives every such fold of
// the session, and nothing the host folded is lost to recall. The mirror
// keeps such a fold's nodes all the same: its bundle has no projection
// snapshot, so a rebuild of the projection replays them from the log.
func (srv *Server) release(ss *mirror) {
	if ss.broken != "" {
		return
	}
	s := ss.s
	ss.blocked = ""
	if !ss.retry && len(ss.pending) > 0 {
		// Folds wait already: a new one waits behind them, so that the
		// folds are archived in the order they committed (a fold that
		// merged earlier checkpoints references their bundles).
		ss.blocked = ss.pending[slices.Min(slices.Collect(maps.Keys(ss.pending)))].Reason
	}
	s.Release(s.Len(), func(repl hostshim.Event, shadowed []int) bool {
		return srv.archived(ss, repl, shadowed)
	})
	ss.retry, ss.blocked = false, ""
}

// archived reports whether the mirror may release the nodes a replacement
// shadowed: it is an EF checkpoint whose bundle is in the store, verified,
// archiving exactly those nodes with the projection snapshot a rebuild
// restores. Any other checkpoint's fold (the host's summary, an EF
// checkpoint compiled without a writable store) is archived from the log
// here, once (engine.ArchiveFolded), and says no: the mirror keeps those
// nodes for projection rebuilds (their bundles hold no snapshot), as it
// keeps those of a replacement that is no fold (the tool-result pruner's).
// A fold that cannot be archived yet is pending (see ss.blocked).
func (srv *Server) archived(ss *mirror, repl hostshim.Event, shadowed []int) bool {
	if srv.store == nil {
		return false
	}
	s := ss.s
	m, err := s.Message(repl.Seq)
	if err != nil || !m.IsCheckpoint() && !engine.PrunedResult(s, repl, shadowed) {
		return false
	}
	if ss.logged[repl.Seq] {
		return false
	}
	ctx := context.Background()
	sid := engine.BundleSessionID(s)
	if mk, ok := engine.MarkerOf(m); ok && m.IsCheckpoint() {
		b, err := srv.store.Bundles.Meta(ctx, sid, mk.ID)
		if err == nil {
			if !slices.Equal(b.Source.OrderedSurfaceSeqs, shadowed) {
				return false
			}
			if !engine.HoldsProjection(b) {
				// Archived from the log (compiled without a writable
				// store): no snapshot stands for the span, so a rebuild
				// of the projection replays it, and the mirror keeps it.
				delete(ss.pending, repl.Seq)
				ss.log(repl.Seq)
				return false
			}
			if err := srv.store.Bundles.Verify(ctx, sid, mk.ID); err != nil {
				srv.logger.Warn("checkpoint bundle does not verify; the mirror keeps what it shadowed", "session", s.ID, "checkpoint", mk.ID, "err", err)
				return false
			}
			ss.released = true
			return true
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return false
		}
		// EF's checkpoint without its bundle (compiled without a store):
		// archived from the log below, under the marker's id.
	}
	_, failed := ss.pending[repl.Seq]
	if failed && !ss.retry {
		return false
	}
	if ss.blocked != "" {
		// A write of this release failed already: this fold waits too.
		if id, ok := engine.FoldedID(s, repl, shadowed); ok && !failed {
			ss.pend(repl.Seq, FoldedSpan{CheckpointID: id, CompactionID: m.Source.CompactionID, Seqs: slices.Clone(shadowed), Reason: ss.blocked})
		}
		return false
	}
	var ix engine.Indexer
	if srv.store.Index != nil {
		index := srv.store.Index
		ix = engine.IndexerFunc(func(ctx context.Context, sessionID, checkpointID string) error {
			_, err := index.Add(ctx, sessionID, checkpointID)
			return err
		})
	}
	res, err := engine.ArchiveFolded(ctx, srv.store.Bundles, ix, s, repl, shadowed, time.Now())
	if res == nil && err == nil {
		return false
	}
	span := FoldedSpan{Seqs: slices.Clone(shadowed)}
	if res != nil {
		span.CheckpointID, span.CompactionID = res.CheckpointID, res.CompactionID
	}
	if err != nil {
		span.Reason = archiveCause(err, srv.storeDir)
		if !failed {
			srv.logger.Warn("a fold the host committed without an EF bundle cannot be archived yet; the mirror keeps its span", "session", s.ID, "checkpoint", span.CheckpointID, "err", err)
		}
		if errors.Is(err, engine.ErrArchive) {
			ss.blocked = span.Reason
		}
		ss.pend(repl.Seq, span)
		return false
	}
	delete(ss.pending, repl.Seq)
	ss.log(repl.Seq)
	if res.Pruned {
		// Not a fold: the plugin's count of folds archived leaves it out,
		// and the mirror keeps the whole result (the projection read it).
		if res.Stored {
			srv.logger.Info("archived a tool result the host's pruner cut, from the session log", "session", s.ID, "checkpoint", res.CheckpointID, "seq", shadowed[0])
			if res.IndexError != "" {
				srv.logger.Warn("index the archived tool result", "checkpoint", res.CheckpointID, "err", res.IndexError)
			}
		}
		return false
	}
	if res.Stored {
		srv.logger.Info("archived a fold the host committed without an EF bundle, from the session log", "session", s.ID, "checkpoint", res.CheckpointID, "seqs", len(shadowed))
		if res.IndexError != "" {
			srv.logger.Warn("index the archived fold", "checkpoint", res.CheckpointID, "err", res.IndexError)
		}
		ss.archived = append(ss.archived, span)
	}
	return false
}

// log notes a fold archived from the log (or found so archived): the
// mirror keeps its span.
func (ss *mirror) log(seq int) {
	if ss.logged == nil {
		ss.logged = map[int]bool{}
	}
	ss.logged[seq] = true
}

// pend notes a fold whose span could not be archived yet.
func (ss *mirror) pend(seq int, span FoldedSpan) {
	if ss.pending == nil {
		ss.pending = map[int]FoldedSpan{}
	}
	ss.pending[seq] = span
}

// archiveSession is session/archive: it tries the session's pending folds
// again and reports what was archived since the last call and what is
// still pending. A store whose directory was removed is made again first
// (recreateStore); the mirror may then answer CodeResync, and the plugin
// sends the session again.
func (srv *Server) archiveSession(ctx context.Context, p SessionArchiveParams) (*SessionArchiveResult, error) {
	srv.recreateStore(ctx)
	ss, err := srv.mirrorOf(p.SessionID, 0)
	if err != nil {
		return nil, err
	}
	if srv.store == nil {
		return nil, rpcErr(CodeInvalidRequest, "session/archive: no bundle store: %s", srv.storeErr)
	}
	ss.retry = true
	srv.release(ss)
	out := &SessionArchiveResult{Archived: ss.archived, Pending: []FoldedSpan{}}
	if out.Archived == nil {
		out.Archived = []FoldedSpan{}
	}
	ss.archived = nil
	for _, seq := range slices.Sorted(maps.Keys(ss.pending)) {
		out.Pending = append(out.Pending, ss.pending[seq])
	}
	return out, nil
}
