package store

import (
	"context"
	"fmt"
	"slices"

	"github.com/epistemicfold/ef/bundle"
)

// DeleteReport says what DeleteSession removed. It is a plain value.
type DeleteReport struct {
	SessionID string `json:"sessionId"`
	// Bundles is how many bundles of the session the store held.
	Bundles int `json:"bundles"`
	// IndexCheckpoints is how many of the session's checkpoints the index
	// held and dropped.
	IndexCheckpoints int `json:"indexCheckpoints"`
	// IndexSkipped says why the index was not updated (it is not open
	// here: another process holds it, or Options.NoIndex); "" when it was.
	// The index's next Sync drops the session's entries in any case.
	IndexSkipped string `json:"indexSkipped,omitempty"`
}

// DeleteSession deletes a session (EF-RFC-001 §25): its bundles first,
// then its entries in the recall index, so the truth never lags the cache.
// A crash between the two leaves index entries whose bundles are gone; the
// index's next Sync removes them (recall.Index.DeleteSession), so the
// delete heals on the next open of the store by any command.
//
// A session neither the bundles nor the index know gives ErrUnknownSession
// (wrapped, with the report of what was looked at); a read-only store
// gives bundle's error and deletes nothing; a zero, nil or closed Store
// gives ErrNotOpen.
func (s *Store) DeleteSession(ctx context.Context, sessionID string) (DeleteReport, error) {
	rep := DeleteReport{SessionID: sessionID}
	if s == nil || s.Bundles == nil {
		return rep, ErrNotOpen
	}
	if !bundle.ValidSessionID(sessionID) {
		return rep, fmt.Errorf("%w: session id of %d bytes", bundle.ErrInvalidID, len(sessionID))
	}
	sessions, err := s.Bundles.Sessions(ctx)
	if err != nil {
		return rep, err
	}
	known := slices.Contains(sessions, sessionID)
	infos, err := s.Bundles.List(ctx, sessionID)
	if err != nil {
		return rep, err
	}
	rep.Bundles = len(infos)
	if err := s.Bundles.DeleteSession(ctx, sessionID); err != nil {
		return rep, err
	}
	switch {
	case s.Index != nil:
		st, err := s.Index.DeleteSession(ctx, sessionID)
		if err != nil {
			return rep, fmt.Errorf("store: session %q: bundles deleted, index not updated (its next sync drops the entries): %w", sessionID, err)
		}
		rep.IndexCheckpoints = st.Removed
	case s.IndexErr != nil:
		rep.IndexSkipped = s.IndexErr.Error()
	default:
		rep.IndexSkipped = "index not opened"
	}
	if !known && rep.Bundles == 0 && rep.IndexCheckpoints == 0 {
		return rep, fmt.Errorf("%w %q: no bundles and no index entries; nothing deleted", ErrUnknownSession, sessionID)
	}
	return rep, nil
}
