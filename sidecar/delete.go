package sidecar

import (
	"context"
	"errors"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/store"
)

// deleteSession answers session/delete: it drops the session's mirror and
// deletes its bundles, then its entries in this sidecar's recall index
// (store.Store.DeleteSession). Other processes' indexes over the same
// store drop the entries at their next sync, which they run before every
// recall.
func (srv *Server) deleteSession(ctx context.Context, p SessionDeleteParams) (*SessionDeleteResult, error) {
	if !bundle.ValidSessionID(p.SessionID) {
		return nil, rpcErr(CodeInvalidParams, "session/delete: invalid sessionId %q", p.SessionID)
	}
	srv.drop(p.SessionID)
	if srv.store == nil {
		reason := srv.storeErr
		if reason == "" {
			reason = "initialize first"
		}
		return nil, rpcErr(CodeInvalidRequest, "session/delete: no store: %s", reason)
	}
	rep, err := srv.store.DeleteSession(ctx, p.SessionID)
	res := &SessionDeleteResult{SessionID: p.SessionID, Bundles: rep.Bundles, IndexCheckpoints: rep.IndexCheckpoints}
	switch {
	case errors.Is(err, store.ErrUnknownSession):
		res.Reason = "unknown session: the store holds no bundles and no index entries of it; nothing deleted"
		return res, nil
	case err != nil:
		return nil, rpcErr(CodeInternalError, "session/delete: %v", err)
	}
	res.Deleted = true
	if rep.IndexSkipped != "" {
		res.Reason = "recall index not updated here (" + rep.IndexSkipped + "); it drops the entries at its next sync"
	}
	return res, nil
}
