package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/validator"
)

// Folds EF did not compile. Inside DSH a fold can commit while EF's
// sidecar is down (crashed before the fold began, or not restartable): the
// plugin lets the host's own summarizer write the checkpoint, so that the
// context never outgrows the window, and no bundle archives the span. The
// session log still holds the span's messages (the host's log is
// append-only), so the span is archived later, from the log, once a
// sidecar mirrors the session again: ArchiveFolded.

// FoldedArchive is what ArchiveFolded did for one committed fold.
type FoldedArchive struct {
	// CheckpointID is the bundle's id: the EF marker's id when the
	// checkpoint is EF's, else CheckpointID(CompactionID), the id EF would
	// have given the fold, so one fold never gets two bundles.
	CheckpointID string
	// CompactionID is the host's id of the fold.
	CompactionID string
	// Seqs are the surface nodes the fold shadowed, in surface order.
	Seqs []int
	// Stored is true when this call wrote the bundle, false when an equal
	// one was already archived.
	Stored bool
	// Receipt is the store's receipt when Stored.
	Receipt *bundle.Receipt
	// IndexError says why indexing the new bundle failed ("" when it did
	// not; the store's index takes it in at its next sync anyway).
	IndexError string
	// Pruned is true when the replacement is the host's tool-result
	// pruner's (PrunedResult), not a fold: the bundle archives the whole
	// tool result the model saw before its middle was cut.
	Pruned bool
}

// PrunedResult reports whether repl, a replacement that shadowed the
// surface nodes shadowed, is the host's tool-result pruner's: a
// tool/result put in place of one tool/result (HOST-CONTRACT:
// compaction/prune, then the cut result replacing the node it cites).
// The model saw the whole result until then; the surface, and so any
// later fold's bundle, holds only its head and tail.
func PrunedResult(s *hostshim.Session, repl hostshim.Event, shadowed []int) bool {
	if s == nil || repl.Type != hostshim.TypeToolResult || len(shadowed) != 1 {
		return false
	}
	orig, ok := s.Event(shadowed[0])
	return ok && orig.Type == hostshim.TypeToolResult
}

// PrunedID is the bundle id of the tool result the pruner's replacement
// at seq cut: one per replacement, whichever process archives it.
func PrunedID(seq int) string { return CheckpointID(fmt.Sprintf("prune-%d", seq)) }

// ArchiveFolded makes sure a committed fold's span is archived: repl is
// the replacement event the host appended for it (the checkpoint node),
// shadowed the surface nodes it took off the surface, in surface order
// (hostshim.ShadowCheck's arguments). The tool-result pruner's
// replacement (PrunedResult) is archived the same way: the whole result,
// byte-exact from the log, under PrunedID, its rendered text the cut
// result that replaced it, so that recall finds what the model saw. Any
// other replacement that is no compaction checkpoint returns nil and no
// error: there is nothing to archive.
//
// When a bundle with the fold's id is archived already (EF compiled the
// fold, or an earlier call archived it), it checks that it holds the same
// nodes and the same messages and writes nothing: the call is idempotent.
// Otherwise it archives the span's messages, byte-exact from the log, in a
// bundle whose rendered text is the checkpoint that replaced them (the
// host's summary), references the bundles of the checkpoints folded inside
// the span, and adds it to ix (which may be nil). A span whose messages the
// session no longer holds (released or forgotten) cannot be archived from
// it, and says so.
func ArchiveFolded(ctx context.Context, a Archive, ix Indexer, s *hostshim.Session, repl hostshim.Event, shadowed []int, now time.Time) (*FoldedArchive, error) {
	if a == nil {
		return nil, fmt.Errorf("%w: no bundle store", ErrArchive)
	}
	if s == nil {
		return nil, ErrNoSession
	}
	if ctx == nil {
		return nil, ErrNilContext
	}
	cp, err := s.Message(repl.Seq)
	if err != nil {
		return nil, fmt.Errorf("engine: checkpoint at seq %d: %w", repl.Seq, err)
	}
	id, pruned, ok := foldedID(s, cp, repl, shadowed)
	if !ok {
		return nil, nil
	}
	out := &FoldedArchive{CheckpointID: id, CompactionID: cp.Source.CompactionID, Seqs: slices.Clone(shadowed), Pruned: pruned}
	raws, err := validator.SpanMessages(s, shadowed)
	if err != nil {
		return out, fmt.Errorf("engine: the messages of fold %s are no longer in the session: %w", out.CheckpointID, err)
	}
	sid := bundleSessionID(s)
	content := bundle.NewContent(raws)
	same := func(b *bundle.CheckpointV1) error {
		if !slices.Equal(b.Source.OrderedSurfaceSeqs, shadowed) || b.Archive.LogicalHash != content.LogicalHash() {
			return fmt.Errorf("%w: %s archives seqs %v, the fold shadowed %v", bundle.ErrExists, out.CheckpointID, b.Source.OrderedSurfaceSeqs, shadowed)
		}
		return nil
	}
	if old, err := a.Meta(ctx, sid, out.CheckpointID); err == nil && old != nil {
		return out, same(old)
	}
	mode := ModeLeaf
	var parents []bundle.ParentRef
	for _, n := range shadowed {
		m, err := s.Message(n)
		if err != nil || !m.IsCheckpoint() {
			continue
		}
		mode = ModeRoot
		id := CheckpointID(m.Source.CompactionID)
		if mk, ok := MarkerOf(m); ok {
			id = mk.ID
		}
		if p, err := a.Meta(ctx, sid, id); err == nil && p != nil {
			parents = append(parents, bundle.ParentRef{CheckpointID: id, LogicalHash: p.Archive.LogicalHash})
		}
	}
	digest, err := SourceDigest(s.ID, shadowed)
	if err != nil {
		return out, err
	}
	about := map[string]any{"renderer": "host", "archived": "from the session log after the fold committed", "compactionId": out.CompactionID}
	text := checkpointText(cp)
	if pruned {
		about = map[string]any{"renderer": "host", "archived": "from the session log after the host's tool-result pruner cut the result", "replacementSeq": repl.Seq}
		text = cp.Text()
	}
	semantic, err := json.Marshal(about)
	if err != nil {
		return out, err
	}
	b := &bundle.CheckpointV1{CheckpointID: out.CheckpointID, SessionID: sid, CreatedAt: now.UnixMilli(), Mode: mode,
		Source:   bundle.Source{OrderedSurfaceSeqs: slices.Clone(shadowed), SourceDigest: digest},
		Archive:  bundle.Archive{ShadowedMessages: raws, Content: content},
		Semantic: semantic, Rendered: bundle.Rendered{Text: text}, Parents: parents}
	rc, err := a.Put(ctx, b)
	if errors.Is(err, bundle.ErrExists) {
		// Another writer archived this fold between the look and the Put.
		if old, merr := a.Meta(ctx, sid, out.CheckpointID); merr == nil && old != nil {
			return out, same(old)
		}
	}
	if err != nil {
		return out, fmt.Errorf("%w: %w", ErrArchive, err)
	}
	out.Stored, out.Receipt = true, &rc
	if ix != nil {
		if err := ix.Index(ctx, sid, out.CheckpointID); err != nil {
			out.IndexError = err.Error()
		}
	}
	return out, nil
}

// FoldedID is the id of the bundle that archives a committed fold (repl
// and shadowed as ArchiveFolded takes them): the EF marker's id, the
// pruner's PrunedID, or the id EF would have given the host's fold. ok is
// false when ArchiveFolded has nothing to archive for it (a replacement
// that is no checkpoint and no pruner's cut, a span of no nodes, a
// message the session no longer holds).
func FoldedID(s *hostshim.Session, repl hostshim.Event, shadowed []int) (id string, ok bool) {
	if s == nil {
		return "", false
	}
	cp, err := s.Message(repl.Seq)
	if err != nil {
		return "", false
	}
	id, _, ok = foldedID(s, cp, repl, shadowed)
	return id, ok
}

func foldedID(s *hostshim.Session, cp *hostshim.Message, repl hostshim.Event, shadowed []int) (id string, pruned, ok bool) {
	if cp == nil || len(shadowed) == 0 {
		return "", false, false
	}
	pruned = !cp.IsCheckpoint() && PrunedResult(s, repl, shadowed)
	switch mk, isEF := MarkerOf(cp); {
	case !cp.IsCheckpoint() && !pruned:
		return "", false, false
	case isEF:
		return mk.ID, false, true
	case pruned:
		return PrunedID(repl.Seq), true, true
	}
	return CheckpointID(cp.Source.CompactionID), false, true
}

// checkpointText is the text of a checkpoint message: its text blocks, one
// after the other.
func checkpointText(m *hostshim.Message) string {
	var parts []string
	for _, b := range m.Content {
		if b.Type == hostshim.BlockText {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}
