package recall

import (
	"context"
	"encoding/json"
)

// Source is what recall needs from the bundle store: the sessions it holds,
// the checkpoints of a session, a checkpoint's header and verified pages of
// its archived messages. It is declared here, where it is consumed; the
// bundle store is adapted to it at the wiring site (package
// recall/bundlesource).
//
// Implementations must be safe for concurrent use. Reads of a checkpoint
// that is missing, truncated, corrupt or fails a hash check must return an
// error for which errors.Is(err, ErrUnavailable) is true (an
// *UnavailableError carries the reason). A checkpoint the session never
// had (as opposed to one stored and lost) is a *NoCheckpointError
// (ErrNoCheckpoint). Any other error is treated as an operational failure
// and returned to the caller unchanged.
type Source interface {
	// Sessions returns the ids of every session stored, in any order.
	Sessions(ctx context.Context) ([]string, error)
	// List returns the checkpoints of a session, in any order. A session
	// that does not exist has no checkpoints (nil, nil).
	List(ctx context.Context, sessionID string) ([]CheckpointInfo, error)
	// Checkpoint returns a checkpoint's header with its rendered text, but
	// without its messages.
	Checkpoint(ctx context.Context, sessionID, checkpointID string) (*Checkpoint, error)
	// Page returns up to limit archived messages starting at offset, each
	// byte-exact as archived, after the archive's hashes were verified.
	// An offset at or past the end, or a zero limit, returns no messages
	// and the total, after the same verification: recall asks for a page
	// of none at summary depth, to serve a checkpoint's text only from an
	// archive that is intact.
	Page(ctx context.Context, sessionID, checkpointID string, offset, limit int) (Page, error)
}

// NameLister is implemented by a Source that can list a session's
// checkpoints from what their names tell, without reading them. Sync uses
// it when the Source has it: it then reads only the checkpoints that are
// new or whose FileHash differs from the one it indexed, so noticing that
// nothing changed costs a directory listing, not a read of every
// checkpoint.
type NameLister interface {
	// ListNames returns the checkpoints of a session, in any order, with
	// SessionID, CheckpointID and FileHash set and the other fields zero.
	// FileHash must be a content address of what the checkpoint was read
	// from: a checkpoint whose content changed must have another
	// FileHash. An entry without one is read as List's would be. A
	// session that does not exist has no checkpoints (nil, nil).
	ListNames(ctx context.Context, sessionID string) ([]CheckpointInfo, error)
}

// CheckpointReader is implemented by a Source that can read a
// checkpoint's header and all its archived messages at once. Indexing
// uses it when the Source has it: read as Checkpoint and then Page, the
// bundle store found, opened and decoded each bundle once per call.
type CheckpointReader interface {
	// ReadCheckpoint returns what Checkpoint and a Page of every message
	// return, from one read verified as Page's are, with the same errors.
	ReadCheckpoint(ctx context.Context, sessionID, checkpointID string) (*Checkpoint, []json.RawMessage, error)
}

// CheckpointInfo describes one stored checkpoint. Like Checkpoint and Page,
// it is a plain value: safe to share, not to mutate concurrently.
type CheckpointInfo struct {
	SessionID    string `json:"sessionId"`
	CheckpointID string `json:"checkpointId"`
	// Mode is the fold mode: "leaf", "root" or "emergency".
	Mode string `json:"mode"`
	// CreatedAt is the checkpoint's creation time in Unix epoch milliseconds.
	CreatedAt int64 `json:"createdAt"`
	// Messages is the number of archived (shadowed) messages.
	Messages int `json:"messages"`
	// LogicalHash is the archive's logical hash ("sha256:<hex>"); the index
	// watermark uses it to notice a checkpoint whose content changed.
	LogicalHash string `json:"logicalHash"`
	// FileHash is the content address of the file the checkpoint is
	// stored in ("sha256:<hex>"), "" if the Source has none. The index
	// watermark keeps it, so a checkpoint whose file is unchanged is not
	// read again (see NameLister).
	FileHash string `json:"fileHash,omitempty"`
}

// Checkpoint is a checkpoint's header and the text the fold rendered in
// place of its messages.
type Checkpoint struct {
	CheckpointInfo
	Rendered string `json:"rendered"`
}

// Page is a slice of a checkpoint's archived messages.
type Page struct {
	// Messages are the archived messages, byte-exact.
	Messages []json.RawMessage
	// Offset is the index of Messages[0] among the archived messages.
	Offset int
	// Total is the number of archived messages of the checkpoint.
	Total int
}
