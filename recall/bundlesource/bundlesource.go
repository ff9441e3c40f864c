// Package bundlesource adapts a bundle store to recall.Source, so that
// package recall depends only on the small interface it declares and the
// bundle store stays free of search concerns. It is the wiring between the
// two: the engine, the CLI and the tests open an index with
//
//	idx, err := recall.Open(recall.StoreIndexDir(root), bundlesource.New(store), recall.Options{})
package bundlesource

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/recall"
)

// Source serves a *bundle.Store as a recall.Source. It is safe for
// concurrent use (as the Store is).
type Source struct {
	store *bundle.Store
}

var (
	_ recall.Source           = (*Source)(nil)
	_ recall.NameLister       = (*Source)(nil)
	_ recall.CheckpointReader = (*Source)(nil)
)

// New returns a Source reading s.
func New(s *bundle.Store) *Source { return &Source{store: s} }

// ok is ErrNoStore for a zero or nil Source.
func (s *Source) ok() error {
	if s == nil || s.store == nil {
		return ErrNoStore
	}
	return nil
}

// Sessions implements recall.Source.
func (s *Source) Sessions(ctx context.Context) ([]string, error) {
	if err := s.ok(); err != nil {
		return nil, err
	}
	return s.store.Sessions(ctx)
}

// List implements recall.Source. Bundles whose header cannot be read are
// listed with an empty logical hash; reading them reports them unavailable.
func (s *Source) List(ctx context.Context, sessionID string) ([]recall.CheckpointInfo, error) {
	return s.list(ctx, sessionID, (*bundle.Store).List)
}

// ListNames implements recall.NameLister from the bundle file names
// alone (bundle.Store.Names): a bundle's name holds the SHA-256 of its
// bytes, its FileHash.
func (s *Source) ListNames(ctx context.Context, sessionID string) ([]recall.CheckpointInfo, error) {
	return s.list(ctx, sessionID, (*bundle.Store).Names)
}

// list is a session's bundles as read (bundle.Store.List or Names) gives
// them, as recall's checkpoint infos.
func (s *Source) list(ctx context.Context, sessionID string, read func(*bundle.Store, context.Context, string) ([]bundle.Info, error)) ([]recall.CheckpointInfo, error) {
	if err := s.ok(); err != nil {
		return nil, err
	}
	infos, err := read(s.store, ctx, sessionID)
	if err != nil {
		return nil, err
	}
	return checkpointInfos(sessionID, infos), nil
}

// checkpointInfos converts a session's bundle.Info list (from List, or
// from Names, which sets only the id, the file hash and Err) into
// recall's. A file whose name does not give the id and whose header
// cannot be read is left out; a header that cannot be read leaves the
// header's fields empty.
func checkpointInfos(sessionID string, infos []bundle.Info) []recall.CheckpointInfo {
	out := make([]recall.CheckpointInfo, 0, len(infos))
	for _, in := range infos {
		if in.CheckpointID == "" {
			continue
		}
		ci := recall.CheckpointInfo{SessionID: sessionID, CheckpointID: in.CheckpointID, FileHash: in.FileHash}
		if in.Err == nil {
			ci.Mode, ci.CreatedAt, ci.Messages, ci.LogicalHash = string(in.Mode), in.CreatedAt, in.Messages, in.LogicalHash
		}
		out = append(out, ci)
	}
	return out
}

// Checkpoint implements recall.Source from the bundle's header.
func (s *Source) Checkpoint(ctx context.Context, sessionID, checkpointID string) (*recall.Checkpoint, error) {
	if err := s.ok(); err != nil {
		return nil, err
	}
	b, err := s.store.Meta(ctx, sessionID, checkpointID)
	if err != nil {
		return nil, s.convert(ctx, err, sessionID, checkpointID)
	}
	// The header does not count the messages; an empty page does, from
	// the same header.
	p, err := s.store.Page(ctx, sessionID, checkpointID, 0, 0)
	if err != nil {
		return nil, s.convert(ctx, err, sessionID, checkpointID)
	}
	return &recall.Checkpoint{
		CheckpointInfo: recall.CheckpointInfo{
			SessionID: sessionID, CheckpointID: checkpointID, Mode: string(b.Mode),
			CreatedAt: b.CreatedAt, Messages: p.Total, LogicalHash: b.Archive.LogicalHash,
			FileHash: b.Archive.FileHash,
		},
		Rendered: b.Rendered.Text,
	}, nil
}

// Page implements recall.Source with bundle.Store.PageVerified: the
// page comes from a file that passed every check Verify makes (file hash,
// logical hash, rendered digest), its segments checked against the
// verified index; the messages are byte-exact as archived. The whole
// bundle is decoded and verified on the first page read of its content;
// every later page hashes the file's bytes against its name again, so a
// change to the file is caught by the first read after it.
func (s *Source) Page(ctx context.Context, sessionID, checkpointID string, offset, limit int) (recall.Page, error) {
	if err := s.ok(); err != nil {
		return recall.Page{}, err
	}
	p, err := s.store.PageVerified(ctx, sessionID, checkpointID, offset, limit)
	if err != nil {
		return recall.Page{}, s.convert(ctx, err, sessionID, checkpointID)
	}
	return recall.Page{Messages: p.Messages, Offset: p.Offset, Total: p.Total}, nil
}

// ReadCheckpoint implements recall.CheckpointReader with bundle.Store.Get:
// the bundle is read and verified whole (file hash, logical hash,
// rendered digest, every segment), as PageVerified's first read of it
// would, and the store remembers that it passed.
func (s *Source) ReadCheckpoint(ctx context.Context, sessionID, checkpointID string) (*recall.Checkpoint, []json.RawMessage, error) {
	if err := s.ok(); err != nil {
		return nil, nil, err
	}
	b, err := s.store.Get(ctx, sessionID, checkpointID)
	if err != nil {
		return nil, nil, s.convert(ctx, err, sessionID, checkpointID)
	}
	msgs := b.Archive.ShadowedMessages
	return &recall.Checkpoint{
		CheckpointInfo: recall.CheckpointInfo{
			SessionID: sessionID, CheckpointID: checkpointID, Mode: string(b.Mode),
			CreatedAt: b.CreatedAt, Messages: len(msgs), LogicalHash: b.Archive.LogicalHash,
			FileHash: b.Archive.FileHash,
		},
		Rendered: b.Rendered.Text,
	}, msgs, nil
}

// convert maps bundle.ErrUnavailable to a *recall.UnavailableError with
// the store's reason; other errors pass unchanged.
func convert(err error, sessionID, checkpointID string) error {
	var ue *bundle.UnavailableError
	if errors.As(err, &ue) {
		return &recall.UnavailableError{SessionID: sessionID, CheckpointID: checkpointID, Reason: ue.Reason, Err: ue.Err}
	}
	if errors.Is(err, bundle.ErrUnavailable) {
		return &recall.UnavailableError{SessionID: sessionID, CheckpointID: checkpointID, Reason: "unavailable", Err: err}
	}
	return err
}

// ReasonUnknownSession is the Reason of an unavailable checkpoint whose
// session has no bundles in the store: it was never archived here, or the
// session was deleted (EF-RFC-001 §25). It is recall.ReasonUnknownSession,
// whose answer says so without sending the model to look for damage.
const ReasonUnknownSession = recall.ReasonUnknownSession

// convert converts a bundle error. Of a checkpoint whose bundle is not
// there it tells three cases apart by what the store acknowledged (its
// manifest): a checkpoint stored and lost stays unavailable ("missing"); a
// session with no bundles at all is ReasonUnknownSession; a checkpoint id
// the session never had is a *recall.NoCheckpointError naming the ones it
// has.
func (s *Source) convert(ctx context.Context, err error, sessionID, checkpointID string) error {
	err = convert(err, sessionID, checkpointID)
	var ue *recall.UnavailableError
	if !errors.As(err, &ue) || !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if acked, aerr := s.store.Acknowledged(ctx, sessionID, checkpointID); aerr != nil || acked {
		return err // lost, or the store cannot say: unavailable as read
	}
	infos, lerr := s.store.List(ctx, sessionID)
	if lerr != nil {
		return err
	}
	if len(infos) == 0 {
		ue.Reason = ReasonUnknownSession
		return err
	}
	known := make([]string, 0, len(infos))
	for _, in := range infos {
		if in.CheckpointID != "" {
			known = append(known, in.CheckpointID)
		}
	}
	return &recall.NoCheckpointError{SessionID: sessionID, CheckpointID: checkpointID, Known: known}
}
