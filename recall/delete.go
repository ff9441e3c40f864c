package recall

import (
	"context"
	"fmt"
)

// DeleteSession removes every indexed checkpoint of a session from the
// index (EF-RFC-001 §25, session delete) and reports how many it removed in
// SyncStats.Removed; a session the index does not hold removes nothing and
// is not an error. It does not read the Source.
//
// Delete the session's bundles first: the bundles are the truth, so a
// checkpoint still in the Source comes back at the next Sync. The reverse
// never lasts either: Sync removes the entries of every session the Source
// no longer lists, so a crash between the bundles' delete and this one
// heals at the next Sync (every consumer syncs before it searches), in this
// index and in any other process's index over the same store.
func (x *Index) DeleteSession(ctx context.Context, sessionID string) (SyncStats, error) {
	if err := x.opened(); err != nil {
		return SyncStats{}, err
	}
	if !validID(sessionID) {
		return SyncStats{}, fmt.Errorf("%w: session %q", ErrInvalidID, sessionID)
	}
	if err := x.lockForWrite(); err != nil {
		return SyncStats{}, err
	}
	defer x.unlockWrite()
	var st SyncStats
	if err := ctx.Err(); err != nil {
		return st, err
	}
	w := x.newWriter(ctx, &st)
	for id := range x.snapshotWM(sessionID) {
		w.remove(sessionID, id)
	}
	if st.Removed == 0 {
		return st, nil
	}
	return st, x.staleIfIndexFailed(w.finish())
}
