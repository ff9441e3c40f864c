package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/projection"
)

// ProjectLog reduces every message event of the session's log, in seq
// order: the projection from the original log (checkpoint and summary
// messages restate history and are skipped). A nil session is an empty
// one, as hostshim reads it.
func ProjectLog(s *hostshim.Session, opts projection.Options) *projection.Reducer {
	if opts.SessionID == "" {
		opts.SessionID = bundleSessionID(s)
	}
	r := projection.New(opts)
	ApplyEvents(r, s, 0, s.Len()-1)
	return r
}

// RebuildReport says how ProjectSurface rebuilt the state.
type RebuildReport struct {
	// Checkpoints is the number of EF checkpoints whose bundle snapshot
	// was restored; Replayed the number whose span was replayed from the
	// log instead (no store, no snapshot, unreadable bundle).
	Checkpoints int      `json:"checkpoints"`
	Replayed    int      `json:"replayed"`
	Notes       []string `json:"notes,omitempty"`
}

// ProjectSurface rebuilds the projection of a folded session from its
// surface: system and tail nodes are reduced as they are, and each EF
// checkpoint contributes the projection snapshot its bundle stored at fold
// time (the state as of the end of its span). A checkpoint without a
// readable snapshot is replayed from the log, which still holds the events
// it shadowed. The heads equal those of ProjectLog on the same session.
func ProjectSurface(ctx context.Context, s *hostshim.Session, store Archive, opts projection.Options) (*projection.Reducer, *RebuildReport, error) {
	if ctx == nil {
		return nil, nil, ErrNilContext
	}
	return projectSurface(ctx, s, store, opts, s.Len())
}

// projectSurface is ProjectSurface as of event hi: the surface nodes that
// stand for events after hi are left out. A checkpoint whose snapshot
// cannot be restored is replayed from the log, which must still hold the
// events it shadowed: if they were released (hostshim.Session.Release),
// the error wraps hostshim.ErrForgotten rather than answering a state that
// silently lacks them.
func projectSurface(ctx context.Context, s *hostshim.Session, store Archive, opts projection.Options, hi int) (*projection.Reducer, *RebuildReport, error) {
	if opts.SessionID == "" {
		opts.SessionID = bundleSessionID(s)
	}
	r := projection.New(opts)
	rep := &RebuildReport{}
	for _, n := range s.Nodes() {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		covered := coveredHi(s, n)
		if covered > hi {
			continue
		}
		m, err := s.Message(n)
		if err != nil {
			return nil, nil, err
		}
		if m == nil || !m.IsCheckpoint() {
			ApplyEvents(r, s, n, n)
			continue
		}
		why := "no bundle store"
		var batch *projection.ModelBatch
		if mk, ok := MarkerOf(m); ok && store != nil {
			snap, b, err := bundleSnapshot(ctx, store, bundleSessionID(s), mk.ID)
			batch = modelBatchOf(b)
			if err == nil {
				if err = r.Restore(snap); err == nil {
					rep.Checkpoints++
					continue
				}
			}
			why = err.Error()
			rep.Notes = append(rep.Notes, fmt.Sprintf("checkpoint %s: %v; replayed from the log", mk.ID, err))
		} else if !ok {
			why = "not an EF checkpoint"
		}
		// A checkpoint the host wrote itself (its own summary, while EF was
		// down) may have folded EF checkpoints whose spans the mirror has
		// released: start from the newest of their snapshots, then replay
		// the rest of the span from the log.
		if n := restoreInner(ctx, s, store, r, n, covered); n > 0 {
			rep.Checkpoints += n
		}
		// Replay what the checkpoint shadowed from the log.
		if miss := firstMissing(s, r.LastSeq()+1, covered); miss >= 0 {
			return nil, nil, fmt.Errorf("rebuild the projection at checkpoint seq %d (%s): event %d: %w", n, why, miss, hostshim.ErrForgotten)
		}
		// The summarizer's proposals the checkpoint and the EF
		// checkpoints it folded admitted, each admitted again after its
		// span (a replay calls no model); those a restored snapshot holds
		// are in it.
		batches := innerBatches(ctx, s, store, n, r.LastSeq(), covered)
		if batch != nil {
			batches = append(batches, batch)
		}
		next := r.LastSeq() + 1
		for _, b := range batches {
			if b.At < next || b.At > covered {
				continue
			}
			ApplyEvents(r, s, next, b.At)
			replayBatch(s, r, b)
			next = b.At + 1
		}
		ApplyEvents(r, s, next, covered)
		rep.Replayed++
	}
	return r, rep, nil
}

// restoreInner restores into r the newest projection snapshot of the EF
// checkpoints a checkpoint node folded (through the replacements' source
// seqs, depth-bounded), when it covers more of the log than r does and no
// more than covered. It returns 1 when it restored one, else 0.
func restoreInner(ctx context.Context, s *hostshim.Session, store Archive, r *projection.Reducer, node, covered int) int {
	if store == nil {
		return 0
	}
	cands := innerCheckpoints(s, node, r.LastSeq(), covered)
	slices.SortFunc(cands, func(a, b innerCheckpoint) int { return b.hi - a.hi })
	for _, c := range cands {
		snap, _, err := bundleSnapshot(ctx, store, bundleSessionID(s), c.id)
		if err == nil && r.Restore(snap) == nil {
			return 1
		}
	}
	return 0
}

// innerCheckpoint is an EF checkpoint a checkpoint node folded: its id and
// the newest event it stands for.
type innerCheckpoint struct {
	id string
	hi int
}

// innerCheckpoints are the EF checkpoints a checkpoint node folded
// (through the replacements' source seqs, depth-bounded) that stand for
// events after from and none after covered.
func innerCheckpoints(s *hostshim.Session, node, from, covered int) []innerCheckpoint {
	var cands []innerCheckpoint
	seen := map[int]bool{}
	var walk func(seq, depth int)
	walk = func(seq, depth int) {
		if depth > 64 || seen[seq] {
			return
		}
		seen[seq] = true
		e, ok := s.Event(seq)
		if !ok || e.Forgotten() || e.Type != hostshim.TypeUserMessage || e.SurfaceOp == nil {
			return
		}
		if seq != node {
			if m, err := s.Message(seq); err == nil && m != nil {
				if mk, ok := MarkerOf(m); ok {
					if hi := coveredHi(s, seq); hi > from && hi <= covered {
						cands = append(cands, innerCheckpoint{mk.ID, hi})
					}
				}
			}
		}
		for _, src := range e.SourceEventSeqs {
			walk(src, depth+1)
		}
	}
	walk(node, 0)
	return cands
}

// innerBatches are the summarizer's batches the EF checkpoints a
// checkpoint node folded admitted after from and no later than covered,
// in the order they were admitted.
func innerBatches(ctx context.Context, s *hostshim.Session, store Archive, node, from, covered int) []*projection.ModelBatch {
	if store == nil {
		return nil
	}
	var out []*projection.ModelBatch
	for _, c := range innerCheckpoints(s, node, from, covered) {
		if b, err := store.Meta(ctx, bundleSessionID(s), c.id); err == nil {
			if mb := modelBatchOf(b); mb != nil && mb.At > from && mb.At <= covered {
				out = append(out, mb)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *projection.ModelBatch) int { return a.At - b.At })
	return out
}

// bundleSnapshot reads the projection snapshot a bundle stored, and the
// bundle's header (nil when it cannot be read).
func bundleSnapshot(ctx context.Context, store Archive, sid, id string) (*projection.Snapshot, *bundle.CheckpointV1, error) {
	b, err := store.Meta(ctx, sid, id)
	if err != nil {
		return nil, nil, err
	}
	var sem struct {
		Projection json.RawMessage `json:"projection"`
	}
	if len(b.Semantic) == 0 || json.Unmarshal(b.Semantic, &sem) != nil || len(sem.Projection) == 0 {
		return nil, b, fmt.Errorf("%w: bundle %s has no projection snapshot", projection.ErrSnapshot, id)
	}
	snap, err := projection.UnmarshalSnapshot(sem.Projection)
	return snap, b, err
}

// HoldsProjection reports whether a bundle stored the projection snapshot
// of its fold (EF compiled it with its store): a rebuild of the projection
// restores the snapshot instead of replaying the span. A bundle archived
// from the session log after the fold committed (ArchiveFolded) holds
// none. False for nil.
func HoldsProjection(b *bundle.CheckpointV1) bool {
	if b == nil || len(b.Semantic) == 0 {
		return false
	}
	var sem struct {
		Projection json.RawMessage `json:"projection"`
	}
	return json.Unmarshal(b.Semantic, &sem) == nil && len(sem.Projection) > 0 && string(sem.Projection) != "null"
}

// BundleSessionID is the session id the bundles of s are stored under.
func BundleSessionID(s *hostshim.Session) string { return bundleSessionID(s) }
